import { createActor } from 'xstate';
import { toCheckpoint } from '../checkpoint.js';
import type { Checkpoint } from '../checkpointShape.js';
import { DEFAULT_CONFIG } from '../config.js';
import { createTaskContext } from '../task.js';
import { createTaskMachine } from '../taskMachine.js';
import type { Step } from '../types.js';
import type { PlanLookup, TaskPlan, TaskWorld } from '../world.js';

/**
 * Test-only (excluded from the build): real checkpoints for the store suite, made by the task
 * machine over a hand-written four-step world, with nothing of the simulator.
 */

const step = (n: number, phase: string, effect: Step['effect'] = 'none'): Step => ({
  n,
  title: { zh: `步骤 ${n}`, en: `Step ${n}` },
  tool: effect === 'none' ? 'read_file' : 'write_file',
  args: { path: `out/${n}.txt` },
  effect,
  phase,
  produces: `out/${n}.txt`,
});

export const TEST_PLAN: TaskPlan = {
  id: 'store-kit-4',
  mode: 'one_shot',
  steps: [step(1, 'read'), step(2, 'read'), step(3, 'write', 'side_effect'), step(4, 'write')],
};

export const plans: PlanLookup = (id) => (id === TEST_PLAN.id ? TEST_PLAN : undefined);

/** Every call succeeds in a minute, for a hundred tokens. */
const world: TaskWorld = {
  plan: TEST_PLAN,
  execute: (_ctx, s) => ({ input: { args: s.args }, result: { ok: true }, ms: 60_000, tokens: 100 }),
  argsFor: (_ctx, s) => s.args,
  planCost: () => ({ ms: 60_000, tokens: 200 }),
};

/** The checkpoints of one run of the plan to its end (one per step and more), seq 1, 2, … */
export function runCheckpoints(runId: string): Checkpoint[] {
  const out: Checkpoint[] = [];
  const config = { ...DEFAULT_CONFIG, density: 'every_step' as const };
  const actor = createActor(createTaskMachine(world), {
    input: createTaskContext({ scenario: TEST_PLAN, seed: 1, runId, config }),
  });
  actor.on('checkpoints', (e) => {
    for (const d of e.due) out.push(toCheckpoint(d.context, d.state, d.trigger, 1_700_000_000_000 + out.length));
  });
  actor.start();
  actor.send({ type: 'START' });
  for (let i = 0; i < 50 && actor.getSnapshot().status === 'active'; i++) actor.send({ type: 'TICK' });
  actor.stop();
  return out;
}
