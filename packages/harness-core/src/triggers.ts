import type { CheckpointTrigger, StateName, TaskContext } from './types.js';
import { currentStep, isRisky, withTask } from './task.js';
import { attemptsAt } from './ledger.js';

/**
 * When the task machine declares a checkpoint (SPEC §5): the key actions before a step, the
 * phase switch or density policy after it, and the numbered checkpoint itself with the time its
 * write takes. Pure functions of the context; the machine (taskMachine.ts) wires them in.
 */

/** A checkpoint the host must persist: the context it stands for, in which state, and why. */
export interface CheckpointDue {
  trigger: CheckpointTrigger;
  state: StateName;
  context: TaskContext;
}

/** The SPEC §7 density policies' extra checkpoints after a step is done. */
function densityTrigger(ctx: TaskContext, doneN: number): CheckpointTrigger | null {
  const { density, everyN } = ctx.config;
  if (density === 'every_step') return 'every_step';
  if (density === 'every_n' && doneN % everyN === 0) return 'every_n';
  return null;
}

/**
 * The key-action checkpoint due before the current step runs, if any (SPEC §5): before every
 * execution of a risky step, before the first of a side-effect step unless the run was
 * checkpointed on arriving at it (a phase switch or the density policy) with nothing since.
 * `every_n` writes none: it checkpoints by count alone (and, as every policy, the plan, a
 * suspension, a counted failure and the end).
 */
export function beforeStepTrigger(ctx: TaskContext): CheckpointTrigger | null {
  const step = currentStep(ctx);
  // Every N steps is a count, not an anchor (the article's 十步一存): no key-action checkpoints.
  if (!step || ctx.config.density === 'every_n') return null;
  if (isRisky(ctx, step)) return 'before_risky';
  if (step.effect !== 'side_effect' || attemptsAt(ctx.ledger, step.n) > 0) return null;
  const prev = ctx.plan.steps[step.n - 2];
  const arrivedWithCheckpoint =
    prev !== undefined && (prev.phase !== step.phase || densityTrigger(ctx, prev.n) !== null);
  return arrivedWithCheckpoint ? null : 'before_side_effect';
}

/** The trigger after a successful step moved the cursor: a new phase beats the density policy. */
export function afterStepTrigger(before: TaskContext, after: TaskContext): CheckpointTrigger | null {
  const prev = currentStep(before);
  const next = currentStep(after);
  if (prev && next && prev.phase !== next.phase && after.config.density !== 'every_n') return 'phase_switch';
  return densityTrigger(after, prev?.n ?? 0);
}

/**
 * The next numbered checkpoint of `ctx`. Writing it takes `writeMs` of the run's clock
 * (world.ts, `checkpointMs`): the checkpoint records the clock after its own write, and the
 * run goes on from there, so a design that writes more runs later.
 */
export function checkpointDue(
  ctx: TaskContext,
  trigger: CheckpointTrigger,
  state: StateName,
  writeMs = 0,
): CheckpointDue {
  return { trigger, state, context: withTask(ctx, { seq: ctx.seq + 1, clock: ctx.clock + writeMs }) };
}

/**
 * The checkpoint the next TICK declares before it runs the current step, if any: a harness
 * whose steps are real calls makes it durable before the call (harness.ts), since the TICK that
 * declares it also records the call's answer.
 */
export function checkpointBeforeStep(ctx: TaskContext): CheckpointDue | null {
  const trigger = beforeStepTrigger(ctx);
  return trigger ? checkpointDue(ctx, trigger, 'running') : null;
}
