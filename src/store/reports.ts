import { workingSet, type Checkpoint, type Sim } from '../engine';
import type { ResumeReport } from './types';

/** What the runs slice (runs.ts) reports to the page: a resume, and the records reads skipped. */

/** "Resumed from checkpoint #n": what the process read, and the working set it rebuilt. */
export function resumeReport(cp: Checkpoint, sim: Sim): ResumeReport {
  const { seq, trigger, step, state } = cp;
  return {
    seq,
    trigger,
    wall: cp.time.wall,
    age: Date.now() - cp.time.wall,
    step,
    state,
    workingSet: workingSet(sim.context),
  };
}

/** Skipped-record reports of several reads, each key once (the first report of it kept). */
export function mergeSkipped<T extends { where: string }>(a: readonly T[], ...more: (readonly T[])[]): T[] {
  const out = [...a];
  const seen = new Set(a.map((x) => x.where));
  for (const x of more.flat()) {
    if (!seen.has(x.where)) {
      seen.add(x.where);
      out.push(x);
    }
  }
  return out;
}
