import { type StateName, type TaskContext, type Design } from 'harness-core/sim';
import { simulatedWorld } from './simWorld';
import type { Meters } from './meters';
import { stateOf, type TaskSnapshot } from './machines';
import type { Scenario } from './scenarios';
import { REREAD_MS, REREAD_TOKENS } from './world';

/** Virtual time since the run last made progress: the wait's start, else the last step done. */
function stillSince(ctx: TaskContext, state: StateName): number {
  if (state === 'waiting_approval' && ctx.waitingSince !== null) return ctx.waitingSince;
  for (let i = ctx.ledger.length - 1; i >= 0; i--) {
    const a = ctx.ledger[i];
    if (a?.outcome === 'ok') return a.at;
  }
  return 0;
}

/**
 * The overnight watchdog (SPEC §6, §9): a process that has stood this long without finishing a
 * step, waiting for a person or retrying one failing call, is killed (the article's second and
 * third endings). `startedAt` is when this process started, on the world's clock.
 */
export function stalled(snap: TaskSnapshot, startedAt: number): boolean {
  const ctx = snap.context.task;
  const timeout = ctx.config.processTimeoutMs;
  if (timeout === null || snap.status !== 'active' || ctx.ended !== null) return false;
  const state = snap.value as StateName;
  if (state !== 'waiting_approval' && state !== 'running' && state !== 'tool_failed') return false;
  return ctx.clock - Math.max(startedAt, stillSince(ctx, state)) >= timeout;
}

/**
 * Smell 1 (记得结论、忘了过程): a design that keeps no artifact refs resumes knowing which step it
 * is at but not where its artifacts are, so it re-reads every file it had read or written before
 * it can go on. Each re-read is a model call with a file body; the refs are found again.
 */
export function rereadOnResume(ctx: TaskContext, design: Design, meters: Meters): TaskContext {
  if (design.refs) return ctx;
  const files = ctx.plan.steps.filter(
    (s) =>
      ctx.todos[s.n - 1] === 'done' &&
      (s.tool === 'read_file' || (s.produces !== undefined && !s.produces.includes('#'))),
  );
  const refs = ctx.plan.steps.flatMap((s) =>
    ctx.todos[s.n - 1] === 'done' && s.produces
      ? [{ step: s.n, ref: s.produces, ...(s.renames ? { from: s.renames } : {}) }]
      : [],
  );
  meters.rereads += files.length;
  meters.modelCalls += files.length;
  const clock = ctx.clock + files.length * REREAD_MS;
  const tokens = ctx.tokens + files.length * REREAD_TOKENS;
  return { ...ctx, refs, clock, tokens };
}

/**
 * The model revises its plan on this tick instead of running the step: a dynamic scenario's
 * model when it first reaches the step the scenario names; any model when a person's rejection
 * of this step asks for a step first (a backup: rejections.ts), back in running to retry it.
 * Decided from the context alone, so a run resumed from a checkpoint makes the same move.
 */
export function replanDue(scenario: Scenario, state: StateName, ctx: TaskContext): boolean {
  return state === 'running' && simulatedWorld(scenario).replanDue?.(ctx) === true;
}

/**
 * What the world's meters (they outlive the process) count of one move: a model call per plan,
 * the time waited for a person, and, for a design that blocks while waiting, the process
 * released once the wait ends.
 */
export function accountMove(meters: Meters, design: Design, before: TaskSnapshot, after: TaskSnapshot): void {
  const from = stateOf(before);
  const to = stateOf(after);
  const ctx = after.context.task;
  if (from === 'planning' && to === 'running') meters.modelCalls++;
  if (from === 'waiting_approval') {
    const waited = ctx.clock - before.context.task.clock;
    if (waited > 0) meters.waited(waited, ctx.clock, design.suspends);
    if (to !== 'waiting_approval' && !design.suspends) meters.released(ctx.clock);
  }
  meters.account(ctx);
}
