import { checkAgainst, STEP_SCHEMA } from './schema.js';
import type { Args, Attempt, ContextMessage, Step, StepEffect, TaskContext } from './types.js';
import type { TaskPlan, TaskWorld } from './world.js';

/**
 * The model drives the run (`runHarness({ nextCall })`): instead of a fixed plan, the harness
 * asks the model for its next call whenever the run reaches the plan's last step, a standing
 * "the model is done" step. Each call the model makes is inserted before it by a REPLAN and
 * recorded in the plan's `answers`, so a checkpoint rebuilds the steps the model made; when the
 * model says it is done, that last step is recorded as done (no tool is called) and the run
 * completes. At a retry the model is asked again, with the step's hints and reminders: the
 * args it sends then are the ones the ledger records and the loop guard keys on.
 */

/** The plan's standing last step: reached when the model has no call in flight. */
export const MODEL_DONE_TOOL = 'model.done';

const doneStep: Omit<Step, 'n'> = {
  title: { zh: '模型完成', en: 'The model is done' },
  tool: MODEL_DONE_TOOL,
  args: {},
  effect: 'none',
  phase: 'done',
};

/**
 * The plan a model-driven run follows, as the store's `plans` lookup must find it by `id`
 * (the run's own steps are in its checkpoints).
 */
export function modelPlan(id: string): TaskPlan {
  return { id, mode: 'dynamic', steps: [{ ...doneStep, n: 1 }] };
}

/** What the model is told when asked for its next call. */
export interface NextCallContext {
  runId: string;
  /** The position of the call asked for (1-based). */
  step: number;
  /** 1 for a new call; 2, 3… when the call at `step` failed and the model tries again. */
  attempt: number;
  /** The tool of the failed call when `attempt` > 1 (a retry keeps its step's tool). */
  tool?: string;
  /** Every call so far as the ledger recorded it, oldest first (args as sent). */
  calls: readonly (Pick<Attempt, 'step' | 'attempt' | 'tool' | 'outcome' | 'error' | 'ref'> & { args: Args })[];
  /** What the done calls gave: artifact refs (kept across a resume) and this process's outputs. */
  outputs: Readonly<Record<number, { output?: unknown; artifact?: string }>>;
  /** The step's hints, reminders and a rejection's reason, oldest first. */
  context: readonly ContextMessage[];
}

/** The model's next call, or that it is done. */
export type NextCall = { tool: string; args: Args; title?: string; effect?: StepEffect } | { done: true };

export type NextCallHook = (context: NextCallContext) => NextCall | Promise<NextCall>;

/** A call as a plan step; throws (before any call is made) when it cannot fit a checkpoint. */
export function stepOfCall(call: Exclude<NextCall, { done: true }>, at: number): Omit<Step, 'n'> {
  const step: Omit<Step, 'n'> = {
    title: { zh: call.title ?? call.tool, en: call.title ?? call.tool },
    tool: call.tool,
    args: call.args,
    effect: call.effect ?? 'side_effect',
    phase: 'model',
  };
  const checked = checkAgainst(STEP_SCHEMA, { ...step, n: at });
  if (!checked.ok) throw new Error(`harness-core: the model's call at step ${at}: ${checked.reason}`);
  return step;
}

/** The ledger as the model is shown it: its own calls, the standing done step left out. */
export function callsOf(ctx: TaskContext): NextCallContext['calls'] {
  return ctx.ledger
    .filter((a) => a.tool !== MODEL_DONE_TOOL)
    .map((a) => ({
      step: a.step,
      attempt: a.attempt,
      tool: a.tool,
      args: a.input.args,
      outcome: a.outcome,
      ...(a.error ? { error: a.error } : {}),
      ...(a.ref ? { ref: a.ref } : {}),
    }));
}

export const isDoneStep = (step: Step | undefined): boolean => step?.tool === MODEL_DONE_TOOL && step.phase === 'done';

/**
 * The model's call chosen for the plan revision it is asked at: the world's `replanDue` and
 * `modelSteps` read it for that revision only, so they stay functions of the context.
 */
export class ModelTurn {
  private pending: { version: number; step: Omit<Step, 'n'> } | null = null;

  /** Stashes `step` for the revision after `ctx`'s plan version. */
  choose(ctx: TaskContext, step: Omit<Step, 'n'>): void {
    this.pending = { version: ctx.plan.version, step };
  }

  private chosen(ctx: TaskContext): Omit<Step, 'n'> | null {
    const p = this.pending;
    const at = ctx.plan.steps[ctx.cursor - 1];
    return p && p.version === ctx.plan.version && isDoneStep(at) ? p.step : null;
  }

  /** The world hooks: REPLAN is due with a chosen call; it inserts that call. */
  hooks(): Pick<TaskWorld, 'replanDue' | 'modelSteps'> {
    return {
      replanDue: (ctx) => this.chosen(ctx) !== null,
      modelSteps: (ctx) => {
        const step = this.chosen(ctx);
        return step ? [step] : null;
      },
    };
  }
}
