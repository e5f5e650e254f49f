import type {
  DesignId,
  Attempt,
  Config,
  ContextMessage,
  InjectableError,
  Step,
  TaskContext,
  TodoStatus,
} from './types.js';
import { inject, reminderWords } from './channel.js';
import { canonicalArgs } from './canonical.js';
import { attemptsAt, record } from './ledger.js';
import { readLoop, reminds } from './loopGuard.js';
import { buildRecoveryHint, hintWords } from './recoveryHint.js';
import { bilingualOf, words as wordsOf } from './words.js';
import { designOf } from './designs.js';
import { RunMemo } from './memo.js';
import { tokensOf, type HintHook, type StepOutcome, type TaskPlan, type TaskWorld } from './world.js';

/**
 * The task's working state as pure functions (context in, context out), so every effect of
 * SPEC §2's table can be tested without an actor; the machine only wires them to transitions.
 */

export interface TaskInput {
  /** The plan the task follows (the simulator's scenarios are plans). */
  scenario: TaskPlan;
  seed: number;
  runId: string;
  config: Config;
  design?: DesignId;
}

export function createTaskContext({ scenario, seed, runId, config, design = 'article' }: TaskInput): TaskContext {
  return {
    runId,
    design,
    scenarioId: scenario.id,
    seed,
    config,
    plan: { mode: scenario.mode, version: 0, steps: scenario.steps, revisions: [] },
    cursor: 1,
    todos: scenario.steps.map(() => 'pending'),
    refs: [],
    ledger: [],
    approval: { issued: 0, pending: null, approved: [] },
    world: { faults: [], risky: [], approach: {}, args: {} },
    clock: 0,
    tokens: 0,
    channel: [],
    seq: 0,
    waitingSince: null,
    ended: null,
    memo: new RunMemo(),
  };
}

/**
 * A copy of the task with some fields changed, one literal of every field: a spread here costs
 * the engine about an eighth of its ticks/s (speed device: docs/design/speed.md).
 */
export function withTask(c: TaskContext, p: Partial<TaskContext>): TaskContext {
  return {
    runId: c.runId,
    design: c.design,
    scenarioId: c.scenarioId,
    seed: c.seed,
    config: c.config,
    plan: p.plan ?? c.plan,
    cursor: p.cursor ?? c.cursor,
    todos: p.todos ?? c.todos,
    refs: p.refs ?? c.refs,
    ledger: p.ledger ?? c.ledger,
    approval: p.approval ?? c.approval,
    world: p.world ?? c.world,
    clock: p.clock ?? c.clock,
    tokens: p.tokens ?? c.tokens,
    channel: p.channel ?? c.channel,
    seq: p.seq ?? c.seq,
    waitingSince: 'waitingSince' in p ? (p.waitingSince as number | null) : c.waitingSince,
    ended: 'ended' in p ? (p.ended as TaskContext['ended']) : c.ended,
    memo: c.memo,
  };
}

export const currentStep = (ctx: TaskContext): Step | undefined => ctx.plan.steps[ctx.cursor - 1];
export const isLastStep = (ctx: TaskContext): boolean => ctx.cursor >= ctx.plan.steps.length;

export function isRisky(ctx: TaskContext, step: Step): boolean {
  return step.effect === 'risky' || ctx.world.risky.includes(step.n);
}

export function needsApproval(ctx: TaskContext): boolean {
  const step = currentStep(ctx);
  return step !== undefined && isRisky(ctx, step) && !ctx.approval.approved.includes(step.n);
}

interface Execution {
  step: Step;
  attempt: number;
  outcome: StepOutcome;
}

/**
 * The current step's next execution: the guard that picks the transition and the action that
 * records it each work it out (the world is pure, and keeping it buys nothing: speed.md).
 */
function nextExecution(world: TaskWorld, ctx: TaskContext): Execution | null {
  const step = currentStep(ctx);
  if (!step) return null;
  const attempt = attemptsAt(ctx.ledger, step.n) + 1;
  const outcome = world.execute(ctx, step, attempt, carriedTokens(ctx.channel, step.n));
  return { step, attempt, outcome };
}

/** Would the current step's next execution fail? Pure: the world is a function of its input. */
export function nextExecutionFails(world: TaskWorld, ctx: TaskContext): boolean {
  const e = nextExecution(world, ctx);
  return e !== null && !e.outcome.result.ok;
}

/** The loop guard is on (every design but `no-fuse`, which reminds, fuses and bounds nothing). */
export const guarded = (ctx: TaskContext): boolean => designOf(ctx.design).loopGuard;

export function loopFused(ctx: TaskContext): boolean {
  return guarded(ctx) && readLoop(ctx.ledger, ctx.cursor, ctx.config).fused;
}

/** How many attempts a step may have: `maxAttemptsPerStep`, or null (no limit) without the loop guard. */
export const attemptLimit = (ctx: TaskContext): number | null => (guarded(ctx) ? ctx.config.maxAttemptsPerStep : null);

export function attemptsExhausted(ctx: TaskContext): boolean {
  const limit = attemptLimit(ctx);
  return limit !== null && attemptsAt(ctx.ledger, ctx.cursor) >= limit;
}

/** The todo list with step `n` set to `status` (a copy). */
export function setTodo(todos: readonly TodoStatus[], n: number, status: TodoStatus): TodoStatus[] {
  const next = todos.slice();
  if (n >= 1 && n <= next.length) next[n - 1] = status;
  return next;
}

/**
 * After a failure is in the ledger: the recovery hint always, and a system-reminder when the
 * key's count reaches `remindAt` (so it is there before the retry, SPEC §3), unless the guard is
 * the coarse one that fuses without reminding.
 */
export function adviseAfterFailure(ctx: TaskContext, hook: HintHook = {}): TaskContext {
  const n = ctx.cursor;
  const hint = buildRecoveryHint(ctx.plan, ctx.ledger, ctx.refs, n);
  if (!hint) return ctx;
  // A harness's own hook writes its own text; the library's words are said from the hint.
  const said = hook.hint ? undefined : hintWords(hint);
  const text = hook.hint ? hook.hint(hint, ctx) : bilingualOf(said ?? hintWords(hint));
  let channel = inject(ctx.channel, {
    kind: 'recovery-hint',
    step: n,
    at: ctx.clock,
    text,
    ...(said ? { words: said } : {}),
    tokens: tokensOf(text.en),
  });
  let tokens = ctx.tokens + tokensOf(text.en);
  const loop = readLoop(ctx.ledger, n, ctx.config);
  if (loop.count === ctx.config.remindAt && guarded(ctx) && reminds(ctx.config) && loop.key !== null) {
    const stall = ctx.ledger.at(-1)?.error?.type === 'no_progress';
    const words = reminderWords(loop.count, loop.key, ctx.config.fuseAt, stall);
    const both = said ? wordsOf('channel.reminder', { reminder: words, hint: said }) : undefined;
    const own = bilingualOf(words);
    const reminder = both ? bilingualOf(both) : { zh: `${own.zh}${text.zh}`, en: `${own.en} ${text.en}` };
    channel = inject(channel, {
      kind: 'reminder',
      step: n,
      at: ctx.clock,
      text: reminder,
      ...(both ? { words: both } : {}),
      tokens: tokensOf(reminder.en),
    });
    tokens += tokensOf(reminder.en);
  }
  return { ...ctx, channel, tokens };
}

/**
 * Runs the current step once: ledger row, clock, tokens; on success the todo is ticked, the
 * artifact ref kept and the cursor advanced; on failure the hint (and reminder) is injected.
 */
export function executeStep(world: TaskWorld, ctx: TaskContext): TaskContext {
  const e = nextExecution(world, ctx);
  if (!e) return ctx;
  const { step, attempt } = e;
  const { input, result } = e.outcome;
  const args = canonicalArgs(input.args);
  const clock = ctx.clock + e.outcome.ms;
  const faults = ctx.world.faults.length > 0 ? ctx.world.faults.slice(1) : ctx.world.faults;
  // The artifact the call named (a failure's full text too), else what the step produces.
  const ref = result.ref ?? (result.ok ? step.produces : undefined);
  const row: Attempt = {
    step: step.n,
    attempt,
    tool: step.tool,
    args,
    outcome: result.ok ? 'ok' : 'error',
    input,
    actor: 'model',
    at: clock,
    ...(result.ok ? {} : { error: result.error }),
    ...(ref ? { ref } : {}),
  };
  const ledger = record(ctx.ledger, row);
  const tokens = ctx.tokens + e.outcome.tokens;
  const inputs = faults === ctx.world.faults ? ctx.world : { ...ctx.world, faults };
  if (!result.ok) {
    return adviseAfterFailure(
      withTask(ctx, { ledger, clock, tokens, world: inputs, todos: setTodo(ctx.todos, step.n, 'in_progress') }),
      world,
    );
  }
  return completeStep(withTask(ctx, { ledger, clock, tokens, world: inputs }), step, ref);
}

/**
 * The simple mode's one run of the current step (SPEC §10): the clock and tokens move, the todo
 * is ticked on success, and nothing else is kept: no ledger row, no hint, no reminder, no ref.
 * Four states and a todo list are the whole of it.
 */
export function executeSimpleStep(world: TaskWorld, ctx: TaskContext): TaskContext {
  const e = nextExecution(world, ctx);
  if (!e) return ctx;
  const { step } = e;
  const { result } = e.outcome;
  const clock = ctx.clock + e.outcome.ms;
  const tokens = ctx.tokens + e.outcome.tokens;
  const faults = ctx.world.faults.length > 0 ? ctx.world.faults.slice(1) : ctx.world.faults;
  const next = withTask(ctx, {
    clock,
    tokens,
    world: faults === ctx.world.faults ? ctx.world : { ...ctx.world, faults },
  });
  return result.ok ? completeStep(next, step, undefined) : next;
}

/** Tokens of the step's own hints and reminders, which a retry re-reads (newest last in the channel). */
function carriedTokens(channel: readonly ContextMessage[], step: number): number {
  let n = 0;
  for (let i = channel.length - 1; i >= 0 && (channel[i] as ContextMessage).step === step; i--)
    n += (channel[i] as ContextMessage).tokens;
  return n;
}

/** Marks `step` done (with its artifact) and moves the cursor to the next step not skipped. */
export function completeStep(ctx: TaskContext, step: Step, ref: string | undefined): TaskContext {
  const refs = ref ? [...ctx.refs, { step: step.n, ref, ...(step.renames ? { from: step.renames } : {}) }] : ctx.refs;
  const todos = ctx.todos.slice();
  if (step.n >= 1 && step.n <= todos.length) todos[step.n - 1] = 'done';
  return moveOn(refs === ctx.refs ? ctx : withTask(ctx, { refs }), todos);
}

/** Moves the cursor on to the next step that is neither done nor skipped. */
export function advance(ctx: TaskContext): TaskContext {
  return moveOn(ctx, ctx.todos.slice());
}

/** The cursor to the next open step of `todos` (a fresh copy this function may change). */
function moveOn(ctx: TaskContext, todos: TodoStatus[]): TaskContext {
  let cursor = ctx.cursor + 1;
  while (todos[cursor - 1] === 'skipped' || todos[cursor - 1] === 'done') cursor++;
  if (cursor <= todos.length) todos[cursor - 1] = 'in_progress';
  return withTask(ctx, { cursor, todos });
}

export function injectFault(ctx: TaskContext, error: InjectableError): TaskContext {
  return { ...ctx, world: { ...ctx.world, faults: [...ctx.world.faults, error] } };
}

/** The model takes another path at the current step: its next attempt has other args. */
export function changeApproach(ctx: TaskContext): TaskContext {
  const n = ctx.cursor;
  return {
    ...ctx,
    world: { ...ctx.world, approach: { ...ctx.world.approach, [n]: (ctx.world.approach[n] ?? 0) + 1 } },
  };
}

export const hasFailureHere = (ctx: TaskContext): boolean => readLoop(ctx.ledger, ctx.cursor, ctx.config).key !== null;

export function markRisky(ctx: TaskContext): TaskContext {
  return ctx.world.risky.includes(ctx.cursor)
    ? ctx
    : { ...ctx, world: { ...ctx.world, risky: [...ctx.world.risky, ctx.cursor] } };
}
