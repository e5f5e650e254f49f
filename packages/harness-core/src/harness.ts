import { createActor, toPromise, type PromiseActorLogic } from 'xstate';
import { restoreContext } from './restore.js';
import { toCheckpoint } from './checkpoint.js';
import type { Checkpoint } from './checkpointShape.js';
import { validateConfig } from './config.js';
import { attemptsAt } from './ledger.js';
import { readLoop, type LoopReading } from './loopGuard.js';
import type { CheckpointStore, Skipped } from './stores/types.js';
import { createTaskContext, currentStep, needsApproval } from './task.js';
import { checkpointBeforeStep, createTaskMachine, type CheckpointDue } from './taskMachine.js';
import {
  TERMINAL_STATES,
  type ApprovalRequest,
  type Args,
  type Config,
  type ContextMessage,
  type EndReason,
  type StateName,
  type Step,
  type TaskContext,
  type ToolError,
} from './types.js';
import type { TaskPlan, TaskWorld } from './world.js';

/**
 * A harness around real tool calls (SPEC §2, §5): the eight-state machine decides, the
 * executor acts, every checkpoint the machine declares is durable in the store before the next
 * step runs, and `resume` stands on the newest one a store reads back. The machine stays
 * synchronous and pure: each step's call is awaited first, then the machine is told (TICK) and
 * reads the answer through the world.
 */

/** One attempt at a step, as the executor is asked to make it. */
export interface StepRequest {
  runId: string;
  step: Step;
  /** 1 for the first attempt at this step, then 2, 3… (a resumed run counts on from its ledger). */
  attempt: number;
  args: Args;
  /** What the model reads before this attempt: the step's recovery hints and reminders, oldest first. */
  context: readonly ContextMessage[];
}

/** What the executor answers: success, or an error the ledger and the loop guard read. */
export type StepAnswer =
  { ok: true; ms?: number; tokens?: number } | { ok: false; error: ToolError; ms?: number; tokens?: number };

/** The executor: an actor (e.g. `fromPromise`) that makes one tool call and answers. */
export type StepExecutor = PromiseActorLogic<StepAnswer, StepRequest>;

export type HarnessEvent =
  | { type: 'resumed'; checkpoint: Checkpoint; skipped: readonly Skipped[] }
  | { type: 'attempt'; request: StepRequest }
  | { type: 'answer'; request: StepRequest; answer: StepAnswer }
  | { type: 'checkpoint'; checkpoint: Checkpoint }
  | { type: 'suspended'; request: ApprovalRequest; step: Step }
  | { type: 'ended'; state: StateName; reason: EndReason | null; step: number; loop: LoopReading };

export interface HarnessOptions {
  plan: TaskPlan;
  runId: string;
  executor: StepExecutor;
  store: CheckpointStore;
  /** Loop guard and density settings (validated; E1xx when refused). */
  config?: Partial<Config>;
  /** Resume from the run's newest readable checkpoint (a fresh run when it has none). */
  resume?: boolean;
  /** Whether a risky step may run: false (default) suspends the run at it, checkpointed. */
  approve?: boolean | ((step: Step, request: ApprovalRequest) => boolean | Promise<boolean>);
  /** The recovery hint's words, with the harness's own context (TaskWorld.hint). */
  hint?: TaskWorld['hint'];
  /** Wall clock (ms since 1970): checkpoint times, and call times an answer does not give. */
  now?: () => number;
  onEvent?: (event: HarnessEvent) => void;
}

export interface HarnessResult {
  /** Where the run stands: a terminal state, or `waiting_approval` when it suspended. */
  state: StateName;
  context: TaskContext;
  /** Checkpoints written by this call. */
  written: number;
}

const isTerminalState = (s: StateName) => (TERMINAL_STATES as readonly StateName[]).includes(s);

/** Runs (or resumes) one task to its end, or to a suspension at a risky step. */
export async function runHarness(opts: HarnessOptions): Promise<HarnessResult> {
  // The driver's default wall clock: the machine itself never reads one (it keeps a run clock).
  // eslint-disable-next-line no-restricted-properties
  const now = opts.now ?? (() => Date.now());
  const emit = opts.onEvent ?? (() => undefined);
  const checked = validateConfig(opts.config ?? {});
  if (!checked.ok) throw new Error(checked.error);
  /** Answers awaited before each TICK, by step and attempt: the world reads them back. */
  const answers = new Map<string, { args: Args; answer: StepAnswer; ms: number }>();
  const keyOf = (n: number, attempt: number) => `${n}#${attempt}`;
  const world: TaskWorld = {
    plan: opts.plan,
    execute(_ctx, step, attempt) {
      const a = answers.get(keyOf(step.n, attempt));
      if (!a) throw new Error(`harness-core: no answer awaited for step ${step.n}, attempt ${attempt}`);
      const { answer } = a;
      return {
        input: { args: a.args },
        result: answer.ok ? { ok: true } : { ok: false, error: answer.error },
        ms: a.ms,
        tokens: answer.tokens ?? 0,
      };
    },
    argsFor: (ctx, step) => ctx.world.args[step.n] ?? step.args,
    planCost: () => ({ ms: 0, tokens: 0 }),
    ...(opts.hint ? { hint: opts.hint } : {}),
  };
  const machine = createTaskMachine(world);

  let start: { context: TaskContext; state: StateName } | null = null;
  if (opts.resume) {
    const latest = await opts.store.latest(opts.runId);
    if (latest.checkpoint) {
      const cp = latest.checkpoint;
      start = { context: restoreContext(cp, opts.plan, world), state: cp.state };
      emit({ type: 'resumed', checkpoint: cp, skipped: latest.skipped });
    }
  }
  const actor = start
    ? createActor(machine, {
        snapshot: machine.resolveState({ value: start.state, context: { task: start.context } }),
        input: start.context,
      })
    : createActor(machine, {
        input: createTaskContext({ scenario: opts.plan, seed: 0, runId: opts.runId, config: checked.config }),
      });

  // Checkpoints are emitted inside a send; each is made durable before the next move.
  const due: CheckpointDue[] = [];
  actor.on('checkpoints', (e) => void due.push(...e.due));
  let written = 0;
  /** The seq of a before-step checkpoint kept ahead of its call, which the TICK then declares again. */
  let keptAhead = 0;
  const keep = async (d: CheckpointDue) => {
    const cp = toCheckpoint(d.context, d.state, d.trigger, now());
    const put = await opts.store.put(cp);
    if (!put.ok) throw new Error(`checkpoint ${cp.runId}#${cp.seq} not kept: ${put.message}`);
    written++;
    emit({ type: 'checkpoint', checkpoint: cp });
  };
  const flush = async () => {
    while (due.length > 0) {
      const d = due.shift() as CheckpointDue;
      if (d.context.seq !== keptAhead) await keep(d);
    }
    keptAhead = 0;
  };
  actor.start();
  const read = () => {
    const s = actor.getSnapshot();
    return { state: s.value as StateName, ctx: s.context.task };
  };

  for (;;) {
    const { state, ctx } = read();
    if (isTerminalState(state)) {
      emit({
        type: 'ended',
        state,
        reason: ctx.ended,
        step: ctx.cursor,
        loop: readLoop(ctx.ledger, ctx.cursor, ctx.config),
      });
      actor.stop();
      return { state, context: ctx, written };
    }
    if (state === 'created') actor.send({ type: 'START' });
    else if (state === 'waiting_approval') {
      const request = ctx.approval.pending as ApprovalRequest;
      const step = currentStep(ctx) as Step;
      const ok = typeof opts.approve === 'function' ? await opts.approve(step, request) : opts.approve === true;
      if (!ok) {
        emit({ type: 'suspended', request, step });
        actor.stop();
        return { state, context: ctx, written };
      }
      actor.send({ type: 'APPROVE' });
    } else if (state === 'running' && !needsApproval(ctx)) {
      const step = currentStep(ctx) as Step;
      const attempt = attemptsAt(ctx.ledger, step.n) + 1;
      const request: StepRequest = {
        runId: ctx.runId,
        step,
        attempt,
        args: world.argsFor(ctx, step, attempt),
        context: ctx.channel.filter((m) => m.step === step.n),
      };
      // Before a risky or side-effect call (SPEC §5), its checkpoint is durable first.
      const before = checkpointBeforeStep(ctx);
      if (before) {
        await keep(before);
        keptAhead = before.context.seq;
      }
      emit({ type: 'attempt', request });
      const began = now();
      const answer = await toPromise(createActor(opts.executor, { input: request }).start());
      emit({ type: 'answer', request, answer });
      answers.set(keyOf(step.n, attempt), { args: request.args, answer, ms: answer.ms ?? now() - began });
      actor.send({ type: 'TICK' });
    } else actor.send({ type: 'TICK' });
    await flush();
  }
}
