import { canonicalArgs, rejectionAnswer, type TaskWorld } from 'harness-core/sim';
import type { Scenario } from './scenarios';
import { chooseArgs, nextInput } from './modelChoices';
import { answerRejection } from './rejections';
import { CHECKPOINT_WRITE_MS, MINUTE, PLAN_TOKENS, callTokens, durationOf, runTool } from './world';

/**
 * A scenario as the task machine's world (harness-core's `TaskWorld`): the seeded model picks
 * the args, the seeded tools answer, and time and tokens are the simulator's meters. Made once
 * per scenario object, as its machine is (machines.ts).
 */
const worlds = new WeakMap<Scenario, TaskWorld>();

export function simulatedWorld(scenario: Scenario): TaskWorld {
  let world = worlds.get(scenario);
  if (!world) {
    world = {
      plan: scenario,
      execute(ctx, step, attempt, carried) {
        const input = nextInput(scenario, ctx, step, attempt);
        const result = runTool(input, ctx.seed, step.n, attempt, ctx.config.flakiness);
        return {
          input,
          result,
          ms: durationOf(step, ctx.seed, attempt, result.ok),
          tokens: callTokens(canonicalArgs(input.args), ctx.seed, step.n, attempt, carried),
        };
      },
      answerRejection,
      argsFor: (ctx, step, attempt) => chooseArgs(scenario, ctx, step, attempt, false).args,
      checkpointMs: CHECKPOINT_WRITE_MS,
      planCost: () => ({ ms: 5 * MINUTE, tokens: PLAN_TOKENS }),
      // The scenario's dynamic plan revises itself once at autoReplanAt; a backup answers a rejection.
      replanDue(ctx) {
        if (rejectionAnswer(this, ctx) !== null) return true;
        const at = scenario.autoReplanAt;
        return at !== undefined && ctx.cursor === at && !ctx.plan.revisions.includes(at);
      },
    };
    worlds.set(scenario, world);
  }
  return world;
}
