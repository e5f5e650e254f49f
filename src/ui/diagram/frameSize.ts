/** A box's size in CSS pixels. */
export interface Size {
  w: number;
  h: number;
}

let taken = false;

/**
 * The size of the diagram's box as index.html painted it before any script ran (the same
 * classes as the app's full drawing, layout.css), read once, by the page's first diagram in
 * its first render: it then draws in its first commit, instead of committing an empty box,
 * measuring it (a forced layout) and rendering again. The page is laid out already, so the
 * read costs nothing; the diagram still measures its own box after that commit and redraws if
 * it differs. Null once taken, or where the frame is gone or has no size.
 */
export function takeFrameSize(): Size | null {
  if (taken) return null;
  taken = true;
  const box = document.querySelector('#root > .hs-app[aria-busy="true"] .hs-diagram');
  if (!box) return null;
  const r = box.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { w: r.width, h: r.height } : null;
}
