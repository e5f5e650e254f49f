import type { Scenario } from './scenarios';
import type { Attempt, Plan, Step, TaskContext, TodoStatus } from './types';
import type { Checkpoint } from './checkpointShape';
import { fromRanges } from './ranges';
import { canonicalArgs } from './canonical';
import { DEFAULT_CONFIG } from './config';
import { isFailure, rowsOfStep } from './ledger';
import { adviseAfterFailure } from './task';
import { rejectionMessage } from './approval';
import { revisePlan } from './plan';
import { RunMemo } from './memo';

/** Reading a checkpoint back into the working state it stands for (SPEC §5, §6). */

/** The plan's steps: the scenario's (revised as recorded); a dynamic plan's remaining steps as stored. */
export function rebuildSteps(cp: Checkpoint, scenario: Scenario): Step[] {
  let plan: Plan = { mode: scenario.mode, version: 1, steps: scenario.steps, revisions: [] };
  for (const at of cp.plan.revisions) plan = revisePlan(plan, scenario.replanAdds ?? [], at);
  if (cp.plan.mode !== 'dynamic' || !cp.plan.remaining) return plan.steps.slice();
  const prefix = plan.steps.slice(0, cp.step - 1);
  return [...prefix, ...cp.plan.remaining.map((s, i) => ({ ...s, n: cp.step + i }))];
}

/**
 * The working state a checkpoint stands for: what a restarted process holds after reading it.
 * The context channel is rebuilt from the ledger (the hint for the current step's latest
 * failure), not restored: it was never stored.
 */
export function restoreContext(cp: Checkpoint, scenario: Scenario): TaskContext {
  const steps = rebuildSteps(cp, scenario);
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
    plan: { mode: cp.plan.mode, version: cp.plan.version, steps, revisions: cp.plan.revisions },
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
  return { ...ctx, channel: rebuiltChannel(ctx) };
}

/** The checkpoint's step, or past it when a person closed it (done or skipped) in a takeover. */
function cursorFrom(step: number, todos: readonly TodoStatus[]): number {
  let n = step;
  while (todos[n - 1] === 'done' || todos[n - 1] === 'skipped') n++;
  return n;
}

/** Replays the current step's rows through the same advice the live run gave. */
function rebuiltChannel(ctx: TaskContext): TaskContext['channel'] {
  const rows = rowsOfStep(ctx.ledger, ctx.cursor);
  let c: TaskContext = { ...ctx, ledger: ctx.ledger.slice(0, ctx.ledger.length - rows.length), channel: [] };
  for (const row of rows) {
    c = { ...c, ledger: [...c.ledger, row], clock: row.at };
    if (row.outcome === 'rejected') c = { ...c, channel: [...c.channel, rejectionMessage(row)] };
    if (isFailure(row)) c = adviseAfterFailure(c);
  }
  return c.channel;
}
