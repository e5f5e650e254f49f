import type { HintHook, TaskPlan } from './world.js';
import type { Attempt, PlanAnswer, Step, TaskContext, TodoStatus } from './types.js';
import type { Checkpoint } from './checkpointShape.js';
import { fromRanges } from './ranges.js';
import { canonicalArgs } from './canonical.js';
import { DEFAULT_CONFIG } from './config.js';
import { isFailure, rowsOfStep } from './ledger.js';
import { adviseAfterFailure } from './task.js';
import { rejectionMessage } from './approval.js';
import { RunMemo } from './memo.js';

/** Reading a checkpoint back into the working state it stands for (SPEC §5, §6). */

/**
 * The plan's steps after the recorded revisions, or null when the revisions cannot be a
 * run's. Each revision inserts the plan's added steps before step `at` (plan.ts,
 * `revisePlan`); a run's revisions never go back, since REPLAN inserts at the cursor and the
 * cursor only moves on, so the steps are laid down left to right in one pass: linear in the
 * plan's length, where revising the plan once per revision was quadratic (10,000 revisions in
 * a 20 KB checkpoint took minutes to check).
 */
export function revisedSteps(
  base: readonly Step[],
  adds: readonly Omit<Step, 'n'>[],
  revisions: readonly number[],
  answers: readonly PlanAnswer[] = [],
): Step[] | null {
  const answered = answers.length === 0 ? '' : JSON.stringify(answers);
  const l = lastLaid;
  if (l && l.base === base && l.adds === adds && l.answered === answered && sameNumbers(l.revisions, revisions))
    return l.steps;
  const steps = layDown(base, adds, revisions, answers);
  lastLaid = { base, adds, revisions: revisions.slice(), answered, steps };
  return steps;
}

/**
 * The plan laid down last, and what from: opening a run lays the same revisions three times (its
 * checkpoint's check, the resumed Sim, the timeline's own Sim), and a plan revised 10,000 times
 * is 30,006 steps, 15 ms a time at 4x CPU (docs/design/speed.md). Compared by value (the
 * revisions number by number, the answers as JSON: far cheaper than laying them), never by
 * reference alone, so a list edited in place is laid again. The steps are shared: read only.
 */
let lastLaid: {
  base: readonly Step[];
  adds: readonly Omit<Step, 'n'>[];
  revisions: number[];
  answered: string;
  steps: Step[] | null;
} | null = null;

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** revisedSteps without its memo. */
function layDown(
  base: readonly Step[],
  adds: readonly Omit<Step, 'n'>[],
  revisions: readonly number[],
  answers: readonly PlanAnswer[],
): Step[] | null {
  const laid: Omit<Step, 'n'>[] = [];
  // The steps not yet laid down, the next one last (a stack, so an insertion is a push).
  const rest: Omit<Step, 'n'>[] = base.slice().reverse();
  // A revision that answered a rejection inserted its own steps, not the plan's.
  const own = new Map(answers.map((a) => [a.rev, a.steps]));
  let last = 1;
  for (const [rev, at] of revisions.entries()) {
    if (at < last || at > laid.length + rest.length + 1) return null;
    last = at;
    while (laid.length < at - 1) laid.push(rest.pop() as Omit<Step, 'n'>);
    const inserted = own.get(rev) ?? adds;
    for (let i = inserted.length - 1; i >= 0; i--) rest.push(inserted[i] as Omit<Step, 'n'>);
  }
  while (rest.length > 0) laid.push(rest.pop() as Omit<Step, 'n'>);
  return laid.map((s, i) => ({ ...s, n: i + 1 }));
}

/** A plan without steps to add at a replan: one array, so revisedSteps's memo knows it again. */
const NO_ADDS: readonly Omit<Step, 'n'>[] = [];

/**
 * The plan's steps: its own (revised as recorded); a dynamic plan's remaining steps as
 * stored. Null when the revisions cannot be a run's (checkCheckpoint refuses those).
 */
export function rebuildSteps(cp: Checkpoint, plan: TaskPlan): Step[] | null {
  const steps = revisedSteps(plan.steps, plan.replanAdds ?? NO_ADDS, cp.plan.revisions, cp.plan.answers);
  if (!steps) return null;
  if (cp.plan.mode !== 'dynamic' || !cp.plan.remaining) return steps;
  const prefix = steps.slice(0, cp.step - 1);
  return [...prefix, ...cp.plan.remaining.map((s, i) => ({ ...s, n: cp.step + i }))];
}

/**
 * The working state a checkpoint stands for: what a restarted process holds after reading it.
 * The context channel is rebuilt from the ledger (the hint for the current step's latest
 * failure), not restored: it was never stored.
 */
export function restoreContext(cp: Checkpoint, plan: TaskPlan, hook: HintHook = {}): TaskContext {
  const steps = rebuildSteps(cp, plan);
  // checkCheckpoint refused every checkpoint whose plan cannot be rebuilt.
  if (!steps) throw new Error(`checkpoint ${cp.runId}#${cp.seq}: its plan revisions cannot be a run's`);
  const todos: TodoStatus[] = steps.map(() => 'pending');
  const set = (ranges: string, status: TodoStatus) => {
    for (const n of fromRanges(ranges) ?? []) if (n <= todos.length) todos[n - 1] = status;
  };
  set(cp.done, 'done');
  set(cp.todos.in_progress, 'in_progress');
  set(cp.todos.skipped, 'skipped');
  const ledger: Attempt[] = cp.ledger.map((r) => {
    const planned = steps[r.step - 1];
    const args = r.args ?? planned?.args ?? {};
    const ref = r.ref ?? (r.outcome === 'ok' ? planned?.produces : undefined);
    return {
      step: r.step,
      attempt: r.attempt,
      tool: planned?.tool ?? 'shell',
      args: canonicalArgs(args),
      outcome: r.outcome,
      ...(r.error ? { error: r.error } : {}),
      input: r.fault ? { args, fault: r.fault } : { args },
      actor: r.actor ?? 'model',
      at: r.at,
      ...(ref ? { ref } : {}),
    };
  });
  const ctx: TaskContext = {
    runId: cp.runId,
    design: cp.design ?? 'article',
    scenarioId: cp.scenario,
    seed: cp.seed,
    // A config stored before a setting existed gets that setting's default.
    config: { ...DEFAULT_CONFIG, ...cp.config },
    plan: {
      mode: cp.plan.mode,
      version: cp.plan.version,
      steps,
      revisions: cp.plan.revisions,
      ...(cp.plan.answers ? { answers: cp.plan.answers } : {}),
    },
    cursor: cursorFrom(cp.step, todos),
    todos,
    refs: cp.refs,
    ledger,
    approval: cp.approval,
    world: cp.world,
    clock: cp.meters.clock,
    tokens: cp.meters.tokens,
    channel: [],
    seq: cp.seq,
    waitingSince: cp.waitingSince,
    ended: cp.ended,
    memo: new RunMemo(),
  };
  return { ...ctx, channel: rebuiltChannel(ctx, hook) };
}

/** The checkpoint's step, or past it when a person closed it (done or skipped) in a takeover. */
function cursorFrom(step: number, todos: readonly TodoStatus[]): number {
  let n = step;
  while (todos[n - 1] === 'done' || todos[n - 1] === 'skipped') n++;
  return n;
}

/** Replays the current step's rows through the same advice the live run gave. */
function rebuiltChannel(ctx: TaskContext, hook: HintHook): TaskContext['channel'] {
  const rows = rowsOfStep(ctx.ledger, ctx.cursor);
  let c: TaskContext = { ...ctx, ledger: ctx.ledger.slice(0, ctx.ledger.length - rows.length), channel: [] };
  for (const row of rows) {
    c = { ...c, ledger: [...c.ledger, row], clock: row.at };
    if (row.outcome === 'rejected') c = { ...c, channel: [...c.channel, rejectionMessage(row)] };
    if (isFailure(row)) c = adviseAfterFailure(c, hook);
  }
  return c.channel;
}
