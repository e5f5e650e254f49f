import { why } from './why';
import type { Scenario } from './scenarios';
import {
  type Args,
  type Attempt,
  type StateName,
  type TaskContext,
  canonicalArgs,
  restoreContext,
  toCheckpoint,
  type Checkpoint,
  type TakeoverEdit,
  errorText,
  attemptsAt,
  record,
  advance,
  completeStep,
  setTodo,
  type ToolResult,
} from 'harness-core/sim';
import { runTool } from './world';

/**
 * Failure replay and human takeover (SPEC §6): both work on a checkpoint, the one record that
 * interruption, replay and takeover share (the article: 三者共用同一份存档).
 */

export interface Replay {
  step: number;
  attempt: number;
  input: Attempt['input'];
  original: NonNullable<Attempt['error']>;
  replayed: ToolResult;
  /** The replay gave the same error type and message as the original. */
  same: boolean;
}

/** Re-runs the latest failed tool call with its recorded input and the run's seed. */
export function replayFailure(cp: Checkpoint, scenario: Scenario): Replay | null {
  const ctx = restoreContext(cp, scenario);
  const failed = [...ctx.ledger].reverse().find((a) => a.outcome === 'error' && a.error);
  if (!failed?.error) return null;
  const replayed = runTool(failed.input, ctx.seed, failed.step, failed.attempt, ctx.config.flakiness);
  const same =
    !replayed.ok && replayed.error.type === failed.error.type && replayed.error.message === failed.error.message;
  return { step: failed.step, attempt: failed.attempt, input: failed.input, original: failed.error, replayed, same };
}

export type { TakeoverEdit } from 'harness-core/sim';

type TakeoverResult = { ok: true; checkpoint: Checkpoint } | { ok: false; error: string };

const refused = (why: string): TakeoverResult => ({ ok: false, error: errorText('E401', why) });

/**
 * Caps on what a person may type into args: every later checkpoint carries them (ledger row and
 * world), so a 400 KB value would push each one past the 1 MiB a record may weigh.
 */
const ARGS_LIMITS = { keys: 20, keyChars: 64, valueChars: 1000, totalChars: 4096 } as const;

/** Why `v` is not acceptable args, or null when it is. */
function argsProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype)
    return why('why.argsShape');
  const entries = Object.entries(v);
  if (
    entries.length === 0 ||
    !entries.every(
      ([, x]) => ['string', 'number', 'boolean'].includes(typeof x) && (typeof x !== 'number' || Number.isFinite(x)),
    )
  ) {
    return why('why.argsShape');
  }
  if (entries.length > ARGS_LIMITS.keys) return why('why.argsKeys', ARGS_LIMITS.keys);
  if (
    entries.some(
      ([k]) => k.length > ARGS_LIMITS.keyChars || k === '__proto__' || k === 'constructor' || k === 'prototype',
    )
  ) {
    return why('why.argsKeyChars', ARGS_LIMITS.keyChars);
  }
  if (entries.some(([, x]) => typeof x === 'string' && x.length > ARGS_LIMITS.valueChars))
    return why('why.argsValueChars', ARGS_LIMITS.valueChars);
  if (JSON.stringify(v).length > ARGS_LIMITS.totalChars) return why('why.argsChars', ARGS_LIMITS.totalChars);
  return null;
}

function humanRow(ctx: TaskContext, step: number, outcome: Attempt['outcome'], args: Args, ref?: string): Attempt {
  const planned = ctx.plan.steps[step - 1];
  return {
    step,
    attempt: attemptsAt(ctx.ledger, step) + 1,
    tool: planned?.tool ?? 'shell',
    args: canonicalArgs(args),
    outcome,
    input: { args },
    actor: 'human',
    at: ctx.clock,
    ...(ref ? { ref } : {}),
  };
}

/**
 * Applies a person's edit to a checkpoint: validated, recorded in the ledger as `human`, and
 * returned as a new `manual` checkpoint standing in `running` so that handing back continues
 * the run. A finished run (completed) has nothing to take over.
 */
export function applyTakeover(cp: Checkpoint, edit: TakeoverEdit, scenario: Scenario, wall: number): TakeoverResult {
  if (cp.state === 'completed') return refused(why('why.runCompleted'));
  const ctx = restoreContext(cp, scenario);
  const total = ctx.plan.steps.length;
  if (!Number.isInteger(edit.step) || edit.step < ctx.cursor || edit.step > total) {
    return refused(why('why.stepRange', ctx.cursor, total));
  }
  const step = ctx.plan.steps[edit.step - 1];
  if (!step) return refused(why('why.noStep', edit.step));
  if (ctx.todos[edit.step - 1] === 'skipped') return refused(why('why.stepSkipped', edit.step));
  let next: TaskContext;
  switch (edit.kind) {
    case 'mark_done': {
      const ref = edit.ref?.trim() ?? '';
      if (step.produces && ref === '') return refused(why('why.refNeeded', step.n));
      if (ref.length > 200) return refused(why('why.refLong'));
      const row = humanRow(ctx, step.n, 'ok', ctx.world.args[step.n] ?? step.args, ref || undefined);
      const withRow = { ...ctx, ledger: record(ctx.ledger, row) };
      next =
        step.n === ctx.cursor ? completeStep(withRow, step, ref || undefined) : markAhead(withRow, step.n, 'done', ref);
      break;
    }
    case 'skip': {
      const withRow = { ...ctx, ledger: record(ctx.ledger, humanRow(ctx, step.n, 'skipped', step.args)) };
      next = markAhead(withRow, step.n, 'skipped');
      if (step.n === ctx.cursor) next = advance(next);
      break;
    }
    case 'set_args': {
      const problem = argsProblem(edit.args);
      if (problem) return refused(problem);
      next = {
        ...ctx,
        ledger: record(ctx.ledger, humanRow(ctx, step.n, 'edited', edit.args)),
        world: { ...ctx.world, args: { ...ctx.world.args, [step.n]: edit.args } },
      };
      break;
    }
  }
  // A person acted: the run stands ready to continue, whatever stopped it; a wait for approval
  // goes on (the same request) unless the person moved the run past the step it waits for.
  const stillWaiting = cp.state === 'waiting_approval' && next.cursor === ctx.cursor && edit.kind !== 'set_args';
  const state: StateName = stillWaiting ? 'waiting_approval' : 'running';
  next = {
    ...next,
    ended: null,
    seq: next.seq + 1,
    ...(state === 'running' ? { approval: { ...next.approval, pending: null }, waitingSince: null } : {}),
  };
  return { ok: true, checkpoint: toCheckpoint(next, state, 'manual', wall) };
}

function markAhead(ctx: TaskContext, n: number, status: 'done' | 'skipped', ref?: string): TaskContext {
  const todos = setTodo(ctx.todos, n, status);
  const refs = status === 'done' && ref ? [...ctx.refs, { step: n, ref }] : ctx.refs;
  return { ...ctx, todos, refs };
}

/**
 * A new branch of a run from one of its checkpoints: the way to resume a cancelled or failed
 * run. `origin` is the checkpoint the branch grew from when `cp` is an edit of it (a takeover
 * from an older checkpoint); by default `cp` itself.
 */
export function forkCheckpoint(
  cp: Checkpoint,
  runId: string,
  origin: Pick<Checkpoint, 'runId' | 'seq'> = cp,
): Checkpoint {
  return { ...cp, runId, branch: { from: origin.runId, seq: origin.seq } };
}
