import type { Scenario } from '../../src/engine';
import { collectGarbage, figure, progress, type Figure } from '../lib';
import { runToEnd, scenario, type Run } from './runs';

/** The Node heap a finished Sim retains (needs node --expose-gc). */

/** Keeps runs reachable across a measurement, so the collector cannot take them. */
const kept: Run[] = [];

/** heapUsed after full GCs, in bytes. */
function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/**
 * Runs `copies` runs of the plan to the end and keeps them all: the heap with them alive, and
 * what one finished Sim retains (the difference over the heap before, divided by `copies`:
 * one 40-step Sim is too small to see above the collector's noise, a hundred are not).
 */
function heapOf(s: Scenario, copies: number): { used: number; perSim: number } {
  kept.length = 0;
  const base = heapUsed();
  for (let i = 0; i < copies; i++) kept.push(runToEnd(s));
  const used = heapUsed();
  if (kept.length !== copies || kept.some((r) => r.sim.state !== 'completed'))
    throw new Error(`${s.id} did not complete`);
  kept.length = 0;
  return { used, perSim: (used - base) / copies };
}

const WHOLE_HEAP =
  'process.memoryUsage().heapUsed after global.gc(), with the finished Sim still referenced: the whole Node process (bench code, xstate, the engine, the plan); not the browser page';

export function heap(): Figure[] {
  if (!collectGarbage()) {
    return [figure('Node engine heap (skipped: run with node --expose-gc)', 0, 'MiB')];
  }
  const out: Figure[] = [];
  for (const [id, copies] of [
    ['migration-40', 100],
    ['migration-4000', 1],
  ] as const) {
    progress(`heap: ${id}`);
    const s = scenario(id);
    // The plan (made here) and its machine (cached by the runs above) exist before the
    // measurement: neither counts as retained by the Sim.
    const one = heapOf(s, 1);
    const many = copies > 1 ? heapOf(s, copies) : one;
    out.push(
      figure(`Node engine heap after GC, end of ${id} run`, one.used / 2 ** 20, 'MiB', undefined, WHOLE_HEAP),
      figure(
        `Node engine heap retained per finished ${id} Sim`,
        many.perSim / 2 ** 10,
        'KiB',
        undefined,
        `heapUsed with ${copies === 1 ? 'the finished Sim' : `${copies} finished Sims`} kept, minus heapUsed before the run${copies === 1 ? '' : 's, divided by ' + copies} (all after GC)`,
      ),
    );
  }
  return out;
}
