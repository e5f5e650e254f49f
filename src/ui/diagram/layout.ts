import { cyrb53 } from '../../engine';
import type { Box, Layout, LayoutInput, Point } from './layoutTypes';
import PRECOMPUTED from './generated/layouts.json';

export type { Box, Layout, LayoutInput, Point } from './layoutTypes';

/**
 * A stable key of a layout's input and direction (cyrb53 of its JSON: the input is plain data
 * built in one order, so equal inputs give equal text).
 */
export const layoutKey = (input: LayoutInput, dir: 'TB' | 'LR'): string =>
  cyrb53(JSON.stringify([dir, input])).toString(36);

const KNOWN = PRECOMPUTED as Record<string, Layout>;

/**
 * Lays the machine out top-to-bottom or left-to-right: at once from the first screen's layouts
 * generated at build time (`npm run layouts`); else from the others (the simple mode's machine,
 * presenter mode), a chunk of their own; else with dagre, loaded only then (a new diagram
 * variant draws before its layouts are generated).
 */
export function computeLayout(input: LayoutInput, dir: 'TB' | 'LR'): Layout | Promise<Layout> {
  const key = layoutKey(input, dir);
  return (
    KNOWN[key] ??
    import('./generated/layouts.later.json').then(
      (m) =>
        (m.default as Record<string, Layout>)[key] ??
        import('./dagreLayout').then((d) => d.layoutWithDagre(input, dir)),
    )
  );
}

/** The direction whose drawing is largest in a box of this size, and its scale. */
export function pickLayout(
  layouts: readonly Layout[],
  width: number,
  height: number,
): { layout: Layout; zoom: number } {
  let best = { layout: layouts[0]!, zoom: 0 };
  for (const l of layouts) {
    const zoom = Math.min(width / l.width, height / l.height);
    if (zoom > best.zoom) best = { layout: l, zoom };
  }
  return best;
}

/**
 * The viewport that shows the whole layout, centred in a box of `size` and as large as fits (at
 * most `maxZoom`): the layout's frame holds its nodes, labels and paths, where React Flow's
 * fitView fits the nodes alone and cuts a path routed past them (the phone's compact drawing).
 */
export function viewportFor(
  layout: Pick<Layout, 'width' | 'height'>,
  size: { w: number; h: number },
  maxZoom = 1.25,
): { x: number; y: number; zoom: number } {
  // No padding: the layout's frame keeps 8 px around everything in it (dagreLayout.ts).
  const zoom = Math.min(size.w / layout.width, size.h / layout.height, maxZoom);
  return { x: (size.w - layout.width * zoom) / 2, y: (size.h - layout.height * zoom) / 2, zoom };
}

/** A smooth SVG path through dagre's points (a quadratic through each bend's midpoints). */
export function pathThrough(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const [p0, ...rest] = points;
  let d = `M${p0!.x},${p0!.y}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const p = rest[i]!;
    const n = rest[i + 1]!;
    d += ` Q${p.x},${p.y} ${(p.x + n.x) / 2},${(p.y + n.y) / 2}`;
  }
  const last = rest.at(-1);
  return last ? `${d} L${last.x},${last.y}` : d;
}

/** Do two boxes overlap (touching edges do not count)? */
export const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
