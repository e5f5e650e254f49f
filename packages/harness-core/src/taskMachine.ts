import { assign, emit, enqueueActions, raise, setup } from 'xstate';
import type { TaskWorld } from './world.js';
import type { ApprovalRequest, CheckpointTrigger, InjectableError, StateName, TaskContext } from './types.js';
import {
  attemptsExhausted,
  changeApproach,
  currentStep,
  executeStep,
  hasFailureHere,
  injectFault,
  isLastStep,
  isRisky,
  loopFused,
  markRisky,
  needsApproval,
  withTask,
} from './task.js';
import { approve, poll, reject, requestApproval } from './approval.js';
import { mayReplan, producePlan, replan } from './plan.js';
import { afterStepTrigger, beforeStepTrigger, checkpointDue, type CheckpointDue } from './triggers.js';
import { designOf } from './designs.js';

/**
 * Events: one vocabulary, UPPER_SNAKE verbs as SPEC §2 writes them. The first six move the
 * machine between its eight states and are drawn on the diagram's edges; the others are
 * inputs from the simulated world (and a person's "checkpoint now") that change only context,
 * or, like FAIL_NOW, raise the first six (so they draw no edge of their own).
 */
export type TaskEvent =
  | { type: 'START' }
  | { type: 'TICK' }
  /** `by`: who approved, kept with the checkpoint (`approval.by`). */
  | { type: 'APPROVE'; by?: string }
  | { type: 'REJECT'; reason: string }
  | { type: 'CANCEL' }
  | { type: 'REPLAN' }
  | { type: 'INJECT_FAULT'; error: InjectableError }
  /**
   * The fail button (ui-contract): the current step's next execution fails with `error`, and the
   * run goes on until that failure and where it leads show: tool_failed below the fuse, failed
   * when it trips the fuse or uses up the step's attempts. In tool_failed it retries first. A
   * risky step suspends before it runs, its fault queued for its execution.
   */
  | { type: 'FAIL_NOW'; error: InjectableError }
  | { type: 'CHANGE_APPROACH' }
  | { type: 'REQUEST_APPROVAL' }
  | { type: 'CHECKPOINT' };

export type TaskEventType = TaskEvent['type'];

/**
 * Raised by the machine itself, never sent by a host: FAIL_NOW's second half, once the failed
 * step's TICK has been taken (it settles a failure that trips the fuse or uses up the attempts).
 */
export interface TaskInternalEvent {
  type: 'FAIL_SETTLE';
}

/** Every event type, once: lesson and challenge validators, share links and controls read this list. */
export const TASK_EVENT_TYPES = [
  'START',
  'TICK',
  'APPROVE',
  'REJECT',
  'CANCEL',
  'REPLAN',
  'INJECT_FAULT',
  'FAIL_NOW',
  'CHANGE_APPROACH',
  'REQUEST_APPROVAL',
  'CHECKPOINT',
] as const satisfies readonly TaskEventType[];
/** Compile-time: the list names every event of the union (a new event must be listed). */
export const TASK_EVENTS_LISTED: Exclude<TaskEventType, (typeof TASK_EVENT_TYPES)[number]> extends never
  ? true
  : never = true;

export { checkpointBeforeStep, type CheckpointDue } from './triggers.js';

/** What the machine tells its host: checkpoints are due (in order), a request goes out. */
export type TaskEmitted =
  { type: 'checkpoints'; due: readonly CheckpointDue[] } | { type: 'approval.requested'; request: ApprovalRequest };

/**
 * The types of a machine over a task (XState's `setup({ types })`): the task machine's, and any
 * smaller machine a host drives the same way (the simulator's four-state one), so a host reads
 * both alike. The task sits in one field: task.ts's functions take and return it whole.
 */
export const TASK_MACHINE_TYPES = {
  context: {} as { task: TaskContext },
  events: {} as TaskEvent | TaskInternalEvent,
  /** The context to start from: a fresh one (`createTaskContext`) or a restored one. */
  input: {} as TaskContext,
  emitted: {} as TaskEmitted,
};

/** The two actions of a declared checkpoint: emit it, then count it in the context. */
const checkpoint = (trigger: CheckpointTrigger, state: StateName) =>
  [{ type: 'emitCheckpoint', params: { trigger, state } }, 'bumpSeq'] as const;

/**
 * The eight states of SPEC §2 over one world (world.ts: the plan, the tool calls), flat. CANCEL belongs to the machine
 * itself (guarded off the terminal states), so it is a single transition from the group of
 * active states, drawn once.
 * Checkpoints are emitted (the host persists them): the machine never touches storage.
 */
export function createTaskMachine(world: TaskWorld) {
  /** What a checkpoint write costs this run: nothing in a design that writes none. */
  const writeMs = (ctx: TaskContext): number => (designOf(ctx.design).checkpoints ? (world.checkpointMs ?? 0) : 0);
  const dueOf = (ctx: TaskContext, trigger: CheckpointTrigger, state: StateName): CheckpointDue =>
    checkpointDue(ctx, trigger, state, writeMs(ctx));
  /**
   * Runs the current step with the checkpoints around it, in the order they happen: before a
   * risky or side-effect step; after it, on a phase switch or as the density policy asks, or
   * the terminal one when it was the last. Worked out once per context, in the run's memo,
   * for the guard that picks the edge, the emit and the assign (speed device:
   * docs/design/speed.md). `failed`: the execution failed (the edge is tool_failed).
   */
  type StepRun = { context: TaskContext; due: CheckpointDue[]; failed: boolean };
  const runStep = (ctx: TaskContext): StepRun => {
    const kept = ctx.memo.step;
    if (kept?.key === ctx) return kept.value as StepRun;
    const value = stepWithCheckpoints(ctx);
    ctx.memo.step = { key: ctx, value };
    return value;
  };
  const stepWithCheckpoints = (ctx: TaskContext): StepRun => {
    const due: CheckpointDue[] = [];
    let c = ctx;
    const before = beforeStepTrigger(c);
    if (before) {
      const d = dueOf(c, before, 'running');
      due.push(d);
      c = d.context;
    }
    let after = executeStep(world, c);
    const failed = after.cursor === c.cursor && after.ledger.length > c.ledger.length;
    // A failure the loop guard counts is durable before anything shows it, under every policy,
    // so no crash or reload can reset the fuse (SPEC §5, trigger `failure`).
    const trigger =
      after.cursor > after.plan.steps.length
        ? 'terminal'
        : failed
          ? 'failure'
          : after.cursor !== c.cursor
            ? afterStepTrigger(c, after)
            : null;
    if (trigger) {
      const state: StateName = trigger === 'terminal' ? 'completed' : trigger === 'failure' ? 'tool_failed' : 'running';
      const d = dueOf(trigger === 'terminal' ? withTask(after, { ended: 'completed' }) : after, trigger, state);
      due.push(d);
      after = d.context;
    }
    return { context: after, due, failed };
  };

  return setup({
    types: TASK_MACHINE_TYPES,
    guards: {
      needsApproval: ({ context }) => needsApproval(context.task),
      /** The step's execution fails: read from the step run its actions then apply. */
      stepFails: ({ context }) => runStep(context.task).failed,
      isLastStep: ({ context }) => isLastStep(context.task),
      fused: ({ context }) => loopFused(context.task),
      attemptsExhausted: ({ context }) => attemptsExhausted(context.task),
      /** A dynamic plan, or a rejection the model answers with new steps (plan.ts). */
      mayReplan: ({ context }) => mayReplan(world, context.task),
      /** The world's model revises its plan before this call (world.ts `replanDue`). */
      replanDue: ({ context }) => world.replanDue?.(context.task) === true,
      /** Not yet in a terminal state (every way into one records why it ended). */
      active: ({ context }) => context.task.ended === null,
      /** A person's "checkpoint now": while active, in a design that keeps checkpoints at all. */
      keepsCheckpoints: ({ context: { task } }) => task.ended === null && designOf(task.design).checkpoints,
      failedHere: ({ context }) => hasFailureHere(context.task),
      notYetRisky: ({ context: { task } }) => {
        const step = currentStep(task);
        return step !== undefined && !isRisky(task, step);
      },
    },
    actions: {
      producePlan: assign(({ context }) => ({ task: producePlan(world, context.task) })),
      poll: assign(({ context }) => ({ task: poll(context.task) })),
      approve: assign(({ context, event }) => ({
        task: approve(context.task, event.type === 'APPROVE' ? event.by : undefined),
      })),
      reject: assign(({ context, event }) =>
        event.type === 'REJECT' ? { task: reject(world, context.task, event.reason) } : context,
      ),
      replan: assign(({ context }) => ({ task: replan(world, context.task) })),
      injectFault: assign(({ context, event }) =>
        event.type === 'INJECT_FAULT' || event.type === 'FAIL_NOW'
          ? { task: injectFault(context.task, event.error) }
          : context,
      ),
      /** A failure that trips the fuse or uses up the step's attempts goes on to failed at once. */
      settleFailure: enqueueActions(({ context, enqueue }) => {
        if (loopFused(context.task) || attemptsExhausted(context.task)) enqueue.raise({ type: 'TICK' });
      }),
      changeApproach: assign(({ context }) => ({ task: changeApproach(context.task) })),
      markRisky: assign(({ context }) => ({ task: markRisky(context.task) })),
      requestApproval: assign(({ context }) => ({ task: requestApproval(context.task) })),
      endAs: assign(({ context }, params: { reason: NonNullable<TaskContext['ended']> }) => ({
        task: withTask(context.task, { ended: params.reason }),
      })),
      /** A checkpoint of the context as it stands; `bumpSeq` then counts it. */
      emitCheckpoint: emit(({ context }, params: { trigger: CheckpointTrigger; state: StateName }) => ({
        type: 'checkpoints' as const,
        due: [dueOf(context.task, params.trigger, params.state)],
      })),
      /** Counts the checkpoint just emitted, and the time its write took. */
      bumpSeq: assign(({ context: { task } }) => ({
        task: withTask(task, { seq: task.seq + 1, clock: task.clock + writeMs(task) }),
      })),
      /** A person's "checkpoint now", in whatever active state the run stands. */
      emitManualCheckpoint: emit(({ context, self }) => ({
        type: 'checkpoints' as const,
        due: [dueOf(context.task, 'manual', self.getSnapshot().value as StateName)],
      })),
      emitStepCheckpoints: emit(({ context }) => ({ type: 'checkpoints' as const, due: runStep(context.task).due })),
      applyStep: assign(({ context }) => ({ task: runStep(context.task).context })),
      emitApprovalRequest: emit(({ context }) => ({
        type: 'approval.requested' as const,
        request: context.task.approval.pending as ApprovalRequest,
      })),
    },
  }).createMachine({
    id: 'task',
    context: ({ input }) => ({ task: input }),
    initial: 'created',
    // Flat, so a state's value is its name (the host, the diagram and the checkpoints read it as
    // one): CANCEL is one transition from every active state; `active` keeps it off the terminal
    // states, which absorb every event.
    on: {
      CANCEL: {
        guard: 'active',
        target: '#task.cancelled',
        actions: [{ type: 'endAs', params: { reason: 'cancelled' } }, ...checkpoint('terminal', 'cancelled')],
      },
      INJECT_FAULT: { guard: 'active', actions: 'injectFault' },
      CHECKPOINT: { guard: 'keepsCheckpoints', actions: ['emitManualCheckpoint', 'bumpSeq'] },
    },
    states: {
      created: {
        on: { START: { target: 'planning' } },
      },
      planning: {
        on: {
          TICK: {
            target: 'running',
            actions: ['producePlan', ...checkpoint('phase_switch', 'running')],
          },
        },
      },
      running: {
        on: {
          TICK: [
            // The model replans before the call: targetless, the REPLAN takes its own edge.
            { guard: 'replanDue', actions: raise({ type: 'REPLAN' }) },
            {
              guard: 'needsApproval',
              target: 'waiting_approval',
              actions: ['requestApproval', ...checkpoint('before_suspend', 'waiting_approval'), 'emitApprovalRequest'],
            },
            { guard: 'stepFails', target: 'tool_failed', actions: ['emitStepCheckpoints', 'applyStep'] },
            { guard: 'isLastStep', target: 'completed', actions: ['emitStepCheckpoints', 'applyStep'] },
            // Most steps owe no checkpoint: they emit an empty list.
            { target: 'running', actions: ['emitStepCheckpoints', 'applyStep'] },
          ],
          REPLAN: { guard: 'mayReplan', target: 'planning', actions: 'replan' },
          // Targetless, so the diagram draws no edge: the raised TICK takes the step's own edge.
          FAIL_NOW: { actions: ['injectFault', raise({ type: 'TICK' }), raise({ type: 'FAIL_SETTLE' })] },
          REQUEST_APPROVAL: { guard: 'notYetRisky', actions: 'markRisky' },
          CHANGE_APPROACH: { guard: 'failedHere', actions: 'changeApproach' },
        },
      },
      tool_failed: {
        on: {
          TICK: [
            {
              guard: 'fused',
              target: 'failed',
              actions: [{ type: 'endAs', params: { reason: 'loop_fuse' } }, ...checkpoint('terminal', 'failed')],
            },
            {
              guard: 'attemptsExhausted',
              target: 'failed',
              actions: [
                { type: 'endAs', params: { reason: 'retries_exhausted' } },
                ...checkpoint('terminal', 'failed'),
              ],
            },
            { target: 'running' },
          ],
          // Retry first; back in running the same press fails the step (in failed it is absorbed).
          FAIL_NOW: { actions: [raise({ type: 'TICK' }), raise(({ event }) => event)] },
          FAIL_SETTLE: { actions: 'settleFailure' },
          CHANGE_APPROACH: { guard: 'failedHere', actions: 'changeApproach' },
        },
      },
      waiting_approval: {
        on: {
          TICK: { target: 'waiting_approval', actions: 'poll' },
          APPROVE: { target: 'running', actions: 'approve' },
          REJECT: { target: 'tool_failed', actions: ['reject', ...checkpoint('failure', 'tool_failed')] },
        },
      },
      completed: { type: 'final' },
      failed: { type: 'final' },
      cancelled: { type: 'final' },
    },
  });
}
