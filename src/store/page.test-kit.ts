import { expect, vi } from 'vitest';
import { nextMove } from '../engine';
import { useSimStore } from './simStore';

/**
 * Test helpers for the store as the page uses it (simStore, seek and lessonRuns tests): the
 * store's state, a wait until what it shows is the live run with every write settled, and a
 * hand-driven run. Only test files import this.
 */

/** The page's store, now. */
export const st = () => useSimStore.getState();

/**
 * Resolves once every write settled and the page shows the live run: its context and its
 * state (a move that changes only the state, a retry back to running, keeps the context).
 */
export const settled = () =>
  vi.waitFor(
    () =>
      expect(
        st().writesPending === 0 && st().view.context === st().sim.context && st().view.state === st().sim.state,
      ).toBe(true),
    { timeout: 2000 },
  );

/** START, then TICKs, `ticks` moves in all, sent by hand; then waits until they are settled. */
export async function drive(ticks: number) {
  for (let i = 0; i < ticks; i++) st().send(nextMove(st().sim));
  await settled();
}
