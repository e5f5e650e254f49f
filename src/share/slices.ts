/**
 * Work whose size an outside input sets (a link's commands, a challenge's start) runs here in
 * bounded slices: at most SLICE_MS of work, then a turn for the page (input, paint, a storage
 * answer), and at most a budget of work in all, after which it stops and says so. Time and the
 * turn are injected (`Slicer`: the page's is store/pageSlicer.ts), so tests drive it with a fake
 * clock and no timers.
 */

/** The clock a slice is measured by and the turn it gives the page between slices. */
export interface Slicer {
  now(): number;
  /** Resolves once the browser has had a turn (input, rendering, other tasks). */
  yield(): Promise<void>;
}

/** The longest slice of work: a quarter of a 50 ms long task, so 4× CPU throttling stays under it. */
export const SLICE_MS = 8;

interface SliceOptions {
  /** Work between two turns for the page, in ms (SLICE_MS). */
  sliceMs?: number;
  /** Work in all, in ms, after which it stops (`budget`): work time, not the time spent waiting. */
  budgetMs: number;
  /** The clock and the turns: the page's own (store/pageSlicer.ts), or a test's. */
  slicer: Slicer;
}

/** How sliced work ended: every item done, an item that refused (`step` returned false), or the budget spent. */
type Sliced =
  { end: 'done'; done: number } | { end: 'refused'; done: number } | { end: 'budget'; done: number; workMs: number };

/**
 * Calls `step(i)` for i = 0 … count − 1 in slices; stops at the first step that returns false,
 * or once `budgetMs` of work is spent. `done` is how many steps ran and returned true.
 */
export async function runInSlices(
  count: number,
  step: (i: number) => boolean,
  { sliceMs = SLICE_MS, budgetMs, slicer }: SliceOptions,
): Promise<Sliced> {
  let workMs = 0;
  let i = 0;
  while (i < count) {
    const start = slicer.now();
    do {
      if (!step(i)) return { end: 'refused', done: i };
      i++;
    } while (i < count && slicer.now() - start < sliceMs);
    workMs += slicer.now() - start;
    if (i < count && workMs >= budgetMs) return { end: 'budget', done: i, workMs };
    if (i < count) await slicer.yield();
  }
  return { end: 'done', done: i };
}
