import { createActor } from 'xstate';
import { restoreContext } from './restore.js';
import { toCheckpoint } from './checkpoint.js';
import { validateConfig } from './config.js';
import { abortableSleep, callTool, DEFAULT_RETRY, TRANSIENT_ERROR_TYPES, type ToolAnswer } from './executor.js';
import {
  harnessPlan,
  SIMULATOR_ONLY_CONFIG,
  type ApprovalDecision,
  type HarnessOptions,
  type HarnessResult,
  type StepOutput,
  type StepRequest,
} from './harnessOptions.js';
import { randomOwner, startRun } from './harnessStart.js';
import { attemptsAt } from './ledger.js';
import { readLoop } from './loopGuard.js';
import { callsOf, isDoneStep, modelPlan, ModelTurn, stepOfCall } from './modelDriven.js';
import { MAX_TEXT } from './schema.js';
import { keepLease } from './stores/keepLease.js';
import { LEASE_TTL_MS } from './stores/types.js';
import { defaultTracer, runSpans } from './spans.js';
import { createTaskContext, currentStep, needsApproval } from './task.js';
import { checkpointBeforeStep, createTaskMachine, type CheckpointDue } from './taskMachine.js';
import {
  TERMINAL_STATES,
  type ApprovalRequest,
  type Args,
  type StateName,
  type Step,
  type TaskContext,
} from './types.js';
import type { TaskWorld } from './world.js';

export * from './harnessOptions.js';
export * from './executor.js';
export * from './modelDriven.js';

/**
 * A harness around real tool calls (SPEC §2, §5): the eight-state machine decides, the
 * executor acts, every checkpoint the machine declares is durable in the store before the next
 * step runs, and `resume` stands on the newest one a store reads back. The machine (XState) is
 * this module's own: the executor is a plain async function, each call is awaited first, then
 * the machine is told (TICK) and reads the answer through the world.
 */

const isTerminalState = (s: StateName) => (TERMINAL_STATES as readonly StateName[]).includes(s);

/** The approve option's answer as a decision, or null for "not yet". */
async function decide(opts: HarnessOptions, step: Step, request: ApprovalRequest): Promise<ApprovalDecision | null> {
  const d = typeof opts.approve === 'function' ? await opts.approve(step, request) : opts.approve;
  if (d === true) return { approved: true, by: 'harness' };
  return d === false || d === undefined ? null : d;
}

/** The rejection as the ledger and the next call's context carry it: the reason, and who. */
const rejectionReason = (d: { reason: string; by: string }) => `${d.reason} (rejected by ${d.by})`.slice(0, MAX_TEXT);

/** What each done step gave: artifact refs from the run's refs, outputs from this process. */
function outputsOf(ctx: TaskContext, outputs: ReadonlyMap<number, unknown>): Record<number, StepOutput> {
  const out: Record<number, StepOutput> = {};
  for (const r of ctx.refs) out[r.step] = { artifact: r.ref };
  for (const [n, output] of outputs) out[n] = { ...out[n], output };
  return out;
}

/** Runs (or resumes) one task to its end, or to a suspension at a risky step. */
export async function runHarness(opts: HarnessOptions): Promise<HarnessResult> {
  // The driver's default wall clock: the machine itself never reads one (it keeps a run clock).
  // eslint-disable-next-line no-restricted-properties
  const clock = opts.now ?? (() => Date.now());
  // Whole ms, as a checkpoint keeps them (a clock like performance.now() is fractional).
  const now = () => Math.max(0, Math.round(clock()) || 0);
  const emit = opts.onEvent ?? (() => undefined);
  const simOnly = Object.keys(opts.config ?? {}).filter((k) => Object.hasOwn(SIMULATOR_ONLY_CONFIG, k));
  if (simOnly.length > 0)
    throw new Error(
      `harness-core: ${simOnly.map((k) => `${k} is the simulator's (${SIMULATOR_ONLY_CONFIG[k]})`).join('; ')}`,
    );
  const checked = validateConfig(opts.config ?? {});
  if (!checked.ok) throw new Error(checked.error);
  if ((opts.plan === undefined) === (opts.nextCall === undefined))
    throw new Error('harness-core: runHarness takes a plan or a nextCall, one of the two');
  const plan = opts.plan ? harnessPlan(opts.plan) : modelPlan(opts.planId ?? 'model');
  const turn = new ModelTurn();
  const cancel = opts.signal ?? new AbortController().signal;
  /** Answers awaited before each TICK, by step and attempt: the world reads them back. */
  const answers = new Map<string, { args: Args; answer: ToolAnswer; ms: number }>();
  const outputs = new Map<number, unknown>();
  const keyOf = (n: number, attempt: number) => `${n}#${attempt}`;
  const hint = opts.hint;
  const world: TaskWorld = {
    plan,
    execute(_ctx, step, attempt) {
      const a = answers.get(keyOf(step.n, attempt));
      if (!a) throw new Error(`harness-core: no answer awaited for step ${step.n}, attempt ${attempt}`);
      const { answer } = a;
      const ref = answer.artifact === undefined ? {} : { ref: answer.artifact };
      return {
        input: { args: a.args },
        // Only the type and the bounded message are recorded (`transient` is the harness's to read).
        result: answer.ok
          ? { ok: true, ...ref }
          : { ok: false, error: { type: answer.error.type, message: answer.error.message }, ...ref },
        ms: a.ms,
        tokens: answer.tokens ?? 0,
      };
    },
    argsFor: (ctx, step) => ctx.world.args[step.n] ?? step.args,
    planCost: () => ({ ms: 0, tokens: 0 }),
    ...(opts.nextCall ? turn.hooks() : {}),
    ...(hint
      ? {
          hint: (h, ctx) => {
            const words = hint(h, ctx);
            return typeof words === 'string' ? { zh: words, en: words } : words;
          },
        }
      : {}),
  };
  const machine = createTaskMachine(world);

  // The lease first: a second process on this run is refused here, before any call (E706).
  const begun = await startRun(opts, plan, opts.owner ?? randomOwner());
  const { lease } = begun;
  const runId = lease.runId;
  // Renewed while the run works (a long call, a slow approval); lost: stop before the next call.
  const held = keepLease(opts.store, lease, (opts.leaseTtlMs ?? LEASE_TTL_MS) / 3);
  const refuseIfLost = (what: string) => {
    const lost = held.lost();
    if (lost)
      throw new Error(`harness-core: run "${runId}" was taken over ${what}; stopped before its next call: ${lost}`);
  };
  const spans = runSpans(opts.tracer ?? defaultTracer(), runId, plan.id, opts.traceArgs === true);
  try {
    let start: { context: TaskContext; state: StateName } | null = null;
    if (begun.checkpoint) {
      const cp = begun.checkpoint;
      start = { context: restoreContext(cp, plan, world), state: cp.state };
      if (begun.written) emit({ type: 'checkpoint', checkpoint: cp });
      emit({ type: 'resumed', checkpoint: cp, skipped: begun.skipped });
      spans.resumed(cp.seq);
    }
    const actor = start
      ? createActor(machine, {
          snapshot: machine.resolveState({ value: start.state, context: { task: start.context } }),
          input: start.context,
        })
      : createActor(machine, {
          input: createTaskContext({ scenario: plan, seed: 0, runId, config: checked.config }),
        });

    // Checkpoints are emitted inside a send; each is made durable before the next move.
    const due: CheckpointDue[] = [];
    actor.on('checkpoints', (e) => void due.push(...e.due));
    let written = begun.written ? 1 : 0;
    /** The seq of a before-step checkpoint kept ahead of its call, which the TICK then declares again. */
    let keptAhead = 0;
    const keep = async (d: CheckpointDue) => {
      const cp = toCheckpoint(d.context, d.state, d.trigger, now());
      const put = await opts.store.put(cp, lease);
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
    const settings = {
      executor: opts.executor,
      retry: { ...DEFAULT_RETRY, ...opts.retry },
      transientTypes: opts.transientTypes ?? TRANSIENT_ERROR_TYPES,
      timeoutMs: opts.timeoutMs,
      sleep: opts.sleep ?? abortableSleep,
      signal: cancel,
      onTry: spans.onTry,
    };
    actor.start();
    const read = () => {
      const s = actor.getSnapshot();
      return { state: s.value as StateName, ctx: s.context.task };
    };

    for (;;) {
      const { state, ctx } = read();
      if (isTerminalState(state)) {
        const loop = readLoop(ctx.ledger, ctx.cursor, ctx.config);
        emit({ type: 'ended', state, reason: ctx.ended, step: ctx.cursor, loop });
        spans.ended(state, ctx.ended, loop);
        actor.stop();
        return { state, context: ctx, written, outputs: outputsOf(ctx, outputs) };
      }
      if (cancel.aborted) actor.send({ type: 'CANCEL' });
      else if (state === 'created') actor.send({ type: 'START' });
      else if (state === 'waiting_approval') {
        const request = ctx.approval.pending as ApprovalRequest;
        const step = currentStep(ctx) as Step;
        const decision = await decide(opts, step, request);
        if (!decision) {
          emit({ type: 'suspended', request, step });
          spans.ended(state, null, readLoop(ctx.ledger, ctx.cursor, ctx.config));
          actor.stop();
          return { state, context: ctx, written, outputs: outputsOf(ctx, outputs) };
        }
        emit({ type: 'decided', step, decision });
        refuseIfLost('while its approval was asked');
        actor.send(
          decision.approved
            ? { type: 'APPROVE', by: decision.by }
            : { type: 'REJECT', reason: rejectionReason(decision) },
        );
      } else if (state === 'running' && !needsApproval(ctx)) {
        const step = currentStep(ctx) as Step;
        const attempt = attemptsAt(ctx.ledger, step.n) + 1;
        const context = ctx.channel.filter((m) => m.step === step.n);
        let args = world.argsFor(ctx, step, attempt);
        if (opts.nextCall && (isDoneStep(step) || attempt > 1)) {
          const next = await opts.nextCall({
            runId: ctx.runId,
            step: step.n,
            attempt,
            ...(attempt > 1 ? { tool: step.tool } : {}),
            calls: callsOf(ctx),
            outputs: outputsOf(ctx, outputs),
            context,
          });
          if ('done' in next) {
            // Done: the standing last step is recorded done and the run completes; done at a
            // retry gives the failing call up, and the run ends cancelled.
            if (!isDoneStep(step)) actor.send({ type: 'CANCEL' });
            else {
              answers.set(keyOf(step.n, attempt), { args: {}, answer: { ok: true }, ms: 0 });
              actor.send({ type: 'TICK' });
            }
            await flush();
            continue;
          }
          if (isDoneStep(step)) {
            // A new call: inserted before the done step (REPLAN), then run as its step.
            turn.choose(ctx, stepOfCall(next, step.n));
            actor.send({ type: 'TICK' });
            await flush();
            continue;
          }
          // A retry: the args the model sends now are the ones recorded (the step keeps its tool).
          args = stepOfCall({ ...next, tool: step.tool }, step.n).args;
        }
        const request: StepRequest = { runId: ctx.runId, step, attempt, args, context };
        // Before a risky or side-effect call (SPEC §5), its checkpoint is durable first.
        const before = checkpointBeforeStep(ctx);
        if (before) {
          await keep(before);
          keptAhead = before.context.seq;
        }
        refuseIfLost(`before step ${step.n}`);
        emit({ type: 'attempt', request });
        const began = now();
        const call = { runId: ctx.runId, step: step.n, title: step.title.en, tool: step.tool, args: request.args };
        const answer = await callTool(
          {
            ...settings,
            onRetry: (failed, next, waitMs) => emit({ type: 'retry', request, error: failed.error, try: next, waitMs }),
          },
          call,
          { attempt, hint: context.at(-1)?.text.en, context },
        );
        // Recorded even when the run was cancelled during the call (the call may have acted):
        // the next turn of the loop sends CANCEL.
        emit({ type: 'answer', request, answer });
        refuseIfLost(`during step ${step.n}`);
        if (answer.ok && answer.output !== undefined) outputs.set(step.n, answer.output);
        answers.set(keyOf(step.n, attempt), {
          args: request.args,
          answer,
          ms: answer.ms ?? Math.max(0, now() - began),
        });
        actor.send({ type: 'TICK' });
      } else actor.send({ type: 'TICK' });
      await flush();
    }
  } catch (e) {
    // A run that threw (a store refused, the process is going down) still ends its span.
    spans.ended('failed', null, { key: null, count: 0, stage: 'none', counts: {}, fused: false });
    throw e;
  } finally {
    held.stop();
    await opts.store.release(lease).catch(() => undefined);
  }
}
