/**
 * Lists up to this many rows are drawn whole: a 40-step run's plan, ledger and checkpoints stay
 * in the page row for row (the UI contract's hooks count them), and a list this short costs
 * little to draw. Longer lists are windowed (useListWindow.ts): only the rows in view are drawn.
 */
export const WHOLE_UP_TO = 100;

export const isWhole = (count: number): boolean => count <= WHOLE_UP_TO;

/** The part of a drawn row the spacers need: where it starts and ends in the list, in px. */
interface Span {
  start: number;
  end: number;
}

/**
 * The empty space above the first drawn row and below the last one, so the box scrolls as if
 * every row were there: `total` is the height of the whole list, `startPx` what sits above its
 * first row (already in the page, so not a spacer's job).
 */
export function spacers(drawn: readonly Span[], total: number, startPx = 0): { before: number; after: number } {
  const first = drawn[0];
  const last = drawn.at(-1);
  if (!first || !last) return { before: 0, after: Math.max(0, total - startPx) };
  return { before: Math.max(0, first.start - startPx), after: Math.max(0, total - last.end) };
}
