import type { Checkpoint } from './checkpointShape.js';
import { fromRanges } from './ranges.js';
import { isTerminal, type EndReason, type StateName } from './types.js';

/**
 * Whether a checkpoint's parts tell one story (issue 44, defect 5): the state, the step, the
 * todo lists, the ledger and why it ended. The schema checks each field alone; this checks them
 * against each other, so an edit of one (`"state":"completed"` with step 4 never run, a step
 * moved past an open one, a ledger row for a step not reached) is refused with its reason,
 * never run. It is part of `checkCheckpoint`, the one check every store runs on a write and a
 * read, and the simulator's page on an import and a tab's message.
 */

/** The reasons a run in each terminal state can have ended for. */
const ENDINGS: Record<'completed' | 'failed' | 'cancelled', readonly EndReason[]> = {
  completed: ['completed'],
  failed: ['loop_fuse', 'retries_exhausted', 'step_failed'],
  cancelled: ['cancelled'],
};

/** The first disagreement found, as `its … ` text for E205, or null when the parts agree. */
export function consistencyProblem(cp: Checkpoint): string | null {
  const total = cp.plan.total;
  const step = cp.step;
  const status = new Map<number, string>();
  const lists: [string, string][] = [
    ['done', cp.done],
    ['in_progress', cp.todos.in_progress],
    ['pending', cp.todos.pending],
    ['skipped', cp.todos.skipped],
  ];
  for (const [name, ranges] of lists) {
    for (const n of fromRanges(ranges) ?? []) {
      if (n < 1 || n > total) return `its ${name} list names step ${n}, outside its plan of ${total}`;
      const other = status.get(n);
      if (other !== undefined) return `step ${n} is both ${other} and ${name}`;
      status.set(n, name);
    }
  }
  // A step in no list is pending (as a restore reads it).
  const closed = (n: number) => status.get(n) === 'done' || status.get(n) === 'skipped';
  const allClosed = [...status.values()].filter((s) => s === 'done' || s === 'skipped').length === total;

  // The done list is a prefix: the cursor moves past closed steps only.
  for (let n = 1; n < step; n++)
    if (!closed(n)) return `its step is ${step} but step ${n} before it is ${status.get(n) ?? 'pending'}, not done`;
  if (closed(step) && !allClosed) return `its step ${step} is ${status.get(step)} while later steps are open`;

  const state: StateName = cp.state;
  if (isTerminal(state)) {
    if (cp.ended === null || !ENDINGS[state].includes(cp.ended))
      return `its state is ${state} but it ended ${cp.ended === null ? 'for no reason' : `as ${cp.ended}`}`;
  } else if (cp.ended !== null) return `its state is ${state} but it ended as ${cp.ended}`;
  if (state === 'completed' && !allClosed) {
    let open = 1;
    while (closed(open)) open++;
    return `its state is completed but step ${open} is not done`;
  }
  if (state === 'waiting_approval' && cp.approval.pending?.step !== step)
    return `it waits for approval but no request for step ${step} is pending`;

  // Ledger rows: the model's only for steps reached; a person's may close a step ahead. A
  // revision moves the rows of the steps from the cursor on along with them (plan.ts `replan`),
  // so a revised plan may hold the model's rows ahead of its step.
  const revised = cp.plan.revisions.length > 0;
  const human = new Set<number>();
  for (const row of cp.ledger) {
    if (row.step < 1 || row.step > total) return `its ledger has a row for step ${row.step}, outside its plan`;
    if (row.actor === 'human') human.add(row.step);
    else if (row.step > step && !revised)
      return `its ledger has an attempt at step ${row.step}, not reached (step ${step})`;
  }
  // A step closed ahead of the cursor was closed by a person, whose act the ledger records.
  for (const [n] of status) {
    if (n > step && closed(n) && !human.has(n))
      return `step ${n} is closed ahead of step ${step} with no one's act in its ledger`;
  }
  return null;
}
