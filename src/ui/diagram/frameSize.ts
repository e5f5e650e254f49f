/** A box's size in CSS pixels. */
export interface Size {
  w: number;
  h: number;
}

/**
 * The size of the diagram's box as index.html painted it before any script ran (the same
 * classes as the app's page drawing, layout.css), read by the page's diagram in its first
 * render: it then draws in its first commit, instead of committing an empty box, measuring it
 * (a forced layout) and rendering again. The page is laid out already, so the read costs
 * nothing; the diagram still measures its own box after that commit and redraws if it differs.
 * The frame is there until React's first commit replaces it, so a first render that React
 * starts again (it is a transition: main.tsx) reads the same size, and any render after that
 * commit reads null, as where the frame has no size. Speed device: docs/design/speed.md.
 */
export function readFrameSize(): Size | null {
  const box = document.querySelector('#root > .hs-app[aria-busy="true"] .hs-diagram');
  if (!box) return null;
  const r = box.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { w: r.width, h: r.height } : null;
}
