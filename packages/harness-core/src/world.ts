import type { RecoveryHint } from './recoveryHint.js';
import type { Args, AttemptInput, Bilingual, PlanMode, Step, TaskContext, ToolError } from './types.js';

/**
 * What the task machine needs from outside itself (SPEC §2): the plan it follows and, for each
 * execution of a step, what the model sent and what the tool answered. A real harness passes
 * its own (a tool call per step: `runHarness`, harness.ts); the simulator passes its seeded
 * world (src/engine/simWorld.ts). Nothing in this package is simulated unless a world is.
 */

/**
 * What one tool call gave: success, or an error the ledger and the loop guard read; `ref`, an
 * artifact the call left (its output, or a failure's full text), kept in the ledger row.
 */
export type ToolResult = { ok: true; ref?: string } | { ok: false; error: ToolError; ref?: string };

/** The plan a task follows: read on start, and again from its id to restore a checkpoint. */
export interface TaskPlan {
  /** Stored in every checkpoint (`scenario`): a restore looks the plan up by it. */
  id: string;
  mode: PlanMode;
  steps: readonly Step[];
  /** Steps a REPLAN of a dynamic plan inserts at the cursor. */
  replanAdds?: readonly Omit<Step, 'n'>[];
}

/** Finds a plan by id (a checkpoint names its plan); undefined when it is not known. */
export type PlanLookup = (id: string) => TaskPlan | undefined;

/** One execution of a step as the world answered it. */
export interface StepOutcome {
  /** The args the model sent (and the fault injected, if any). */
  input: AttemptInput;
  result: ToolResult;
  /** How long the call took (ms of the run's clock). */
  ms: number;
  /** Tokens the model call that made it used. */
  tokens: number;
}

export interface TaskWorld {
  readonly plan: TaskPlan;
  /**
   * Attempt `attempt` at `step`: the model's args and the tool's answer. Called synchronously
   * during a TICK, by the guard that picks the transition and again by the action, so it must be a function of its
   * arguments: a real harness answers from the outcome it awaited before the TICK (harness.ts).
   * `carried`: tokens of the step's hints and reminders, which the retry re-reads.
   */
  execute(ctx: TaskContext, step: Step, attempt: number, carried: number): StepOutcome;
  /**
   * The steps the model inserts before `step` to address a person's rejection of it (`reason`:
   * "back up the orders table first" → a backup step), or none when the reason asks for no new
   * step (the model then retries the call another way). A function of its arguments: a restore
   * rebuilds nothing from it (the checkpoint keeps the inserted steps), but a resumed run must
   * answer as the run that never stopped.
   */
  answerRejection?(step: Step, reason: string): readonly Omit<Step, 'n'>[];
  /**
   * The steps a model that drives the run chose to insert at the cursor on this REPLAN (one call
   * of `runHarness`'s `nextCall`), recorded in the plan's `answers` like a rejection's answer, so
   * a checkpoint rebuilds them. Absent or null: the plan's own `replanAdds`. A function of `ctx`.
   */
  modelSteps?(ctx: TaskContext): readonly Omit<Step, 'n'>[] | null;
  /** The args the model would send at `step` (the row a rejected request leaves in the ledger). */
  argsFor(ctx: TaskContext, step: Step, attempt: number): Args;
  /**
   * Virtual ms one checkpoint write takes on the run's clock (absent: 0, a real harness's clock
   * is its own). Paid by every design that writes checkpoints, once per write.
   */
  readonly checkpointMs?: number;
  /** What producing the plan cost: time and tokens. */
  planCost(ctx: TaskContext): { ms: number; tokens: number };
  /**
   * The recovery hint's words (SPEC §4): the harness adds its own context to what the ledger
   * says (the command's stderr, the file it looked for). Absent: the ledger's words (formatHint).
   * A function of its arguments, as a restore rebuilds the hint from the ledger alone.
   */
  hint?(hint: RecoveryHint, ctx: TaskContext): Bilingual;
  /**
   * Whether the model revises the plan before its next call (a dynamic plan that is due, or a
   * rejection it answers with new steps: `rejectionAnswer`). Absent: never on a TICK; a host
   * sends REPLAN itself. Asked when a TICK in running is raised by FAIL_NOW, so the fail button
   * replans where a step would.
   */
  replanDue?(ctx: TaskContext): boolean;
}

/** The hook part of a world, for the functions that only advise (a restore has no executor). */
export type HintHook = Pick<TaskWorld, 'hint'>;

/** Tokens of a text, as the meters count them (about four characters each). */
export const tokensOf = (text: string): number => Math.ceil(text.length / 4);
