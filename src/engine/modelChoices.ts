import type { Scenario } from './scenarios';
import {
  type Args,
  type Attempt,
  type AttemptInput,
  type Step,
  type TaskContext,
  designOf,
  isFailure,
  rowsOfStep,
  loopKey,
  reminds,
} from 'harness-core/sim';
import { randomAt } from './random';
import { changedArgs } from './approaches';
import { answerRejection } from './rejections';

/**
 * The simulated model's choices (SPEC §9), seeded and read off the ledger, so a run resumed
 * from a checkpoint chooses exactly as the run that never stopped: after a system-reminder it
 * changes approach (another call: approaches.ts) with probability `heedReminder`; after a
 * rejection it addresses the person's reason: a backup step first when the reason asks for one
 * (rejections.ts, a plan revision), else the call made another way. Never the same call again
 * with a marker in its args.
 */

/** Salt of the reminder draw in `randomAt` (the world uses 1–6). */
const HEED_SALT = 7;

/** How many reminders at this step the model took to heart (each one a change of approach). */
function heededReminders(rows: readonly Attempt[], ctx: TaskContext): number {
  const { remindAt, heedReminder } = ctx.config;
  // No reminder, nothing to heed: no loop guard at all, or the coarse guard that never reminds.
  if (heedReminder <= 0 || !designOf(ctx.design).loopGuard || !reminds(ctx.config)) return 0;
  const counts = new Map<string, number>();
  let heeded = 0;
  for (const a of rows) {
    if (!isFailure(a)) continue;
    const key = loopKey(a);
    const c = (counts.get(key) ?? 0) + 1;
    counts.set(key, c);
    if (c === remindAt && randomAt(ctx.seed, a.step, a.attempt, HEED_SALT) < heedReminder) heeded++;
  }
  return heeded;
}

/**
 * Rejections at this step the model answers by retrying the call another way: every one whose
 * reason asks for no new step, and a second request for a backup (the plan holds it already).
 * The first request for a backup is answered by the plan instead (rejections.ts, REPLAN).
 */
function retriedOtherwise(rows: readonly Attempt[], step: Step): number {
  let n = 0;
  let backups = 0;
  for (const a of rows) {
    if (a.outcome !== 'rejected') continue;
    if (answerRejection(step, a.error?.message ?? '').length > 0 && backups++ === 0) continue;
    n++;
  }
  return n;
}

interface ArgsChoice {
  args: Args;
  /** The model left the scripted path (a person's or its own change of approach, or a person's args). */
  offScript: boolean;
}

/**
 * The args of attempt `attempt` at `step`: the scenario's script (or a person's args), made
 * another way once per change of approach (a person's, a heeded reminder, a rejection). When
 * `forced` (a person injected this failure: "fails with the same args"), the model's own
 * changes of approach are left out, so the injection buttons stay deterministic.
 */
export function chooseArgs(
  scenario: Scenario,
  ctx: TaskContext,
  step: Step,
  attempt: number,
  forced: boolean,
): ArgsChoice {
  const person = ctx.world.args[step.n];
  const scripted = person ?? scenario.script?.[step.n]?.[attempt - 1]?.args ?? step.args;
  const told = ctx.world.approach[step.n];
  const hasRows = ctx.ledger.length > 0 && attempt > 1;
  const rows = hasRows ? rowsOfStep(ctx.ledger, step.n) : [];
  const own = forced || !hasRows ? 0 : heededReminders(rows, ctx) + retriedOtherwise(rows, step);
  const args = changedArgs(step, scripted, (told ?? 0) + own);
  return { args, offScript: told !== undefined || person !== undefined || own > 0 };
}

/** What the current step's next execution is given: its args and the fault, if any. */
export function nextInput(scenario: Scenario, ctx: TaskContext, step: Step, attempt: number): AttemptInput {
  const injected = ctx.world.faults[0];
  const { args, offScript } = chooseArgs(scenario, ctx, step, attempt, injected !== undefined);
  // Off the scripted path (a changed approach, a person's args), scripted faults stop applying.
  const fault = injected ?? (offScript ? undefined : scenario.script?.[step.n]?.[attempt - 1]?.fail);
  return fault === undefined ? { args } : { args, fault };
}
