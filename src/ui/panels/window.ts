/**
 * Where the shown slice of a long list starts: at most `shown + step - 1` of the newest items,
 * at least `shown` (all of them when there are fewer). The start moves in jumps of `step`, so on
 * most ticks a new item is added and none is removed. In a list drawn oldest first (the ledger)
 * the rows already in the page then keep their place, and the browser lays out and paints the
 * new one alone; removing the oldest row on every tick moved every other row. (The event log is
 * drawn newest first, so its lines still move down a line a tick.)
 */
export function tailStart(length: number, shown: number, step: number): number {
  return length <= shown ? 0 : snapDown(length - shown, step);
}

/** `at` rounded down to a multiple of `step` (0 below 0): where a window that moves in jumps starts. */
export const snapDown = (at: number, step: number): number => Math.max(0, Math.floor(at / step) * step);
