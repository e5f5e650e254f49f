import { describe, expect, it } from 'vitest';
import { Sim, resumeActor, stateOf } from './sim';
import type { TaskContext } from 'harness-core/sim';

/**
 * A run resumed from a checkpoint (issue 40): XState's restore walks the context it is given for
 * actor references; this machine has none, and the walk of a long run's context was most of a
 * 639 ms task at 4× CPU. The run's context must reach the actor without being walked, and the
 * resumed actor must go on exactly as the run would have.
 */
describe('resumeActor', () => {
  const sim = new Sim({ scenario: 'migration-40' });
  sim.send({ type: 'START' });
  for (let i = 0; i < 5; i++) sim.send({ type: 'TICK' });

  it('does not walk the run context on restore', () => {
    let reads = 0;
    const probed = { ...sim.context } as TaskContext & { probe?: unknown };
    Object.defineProperty(probed, 'probe', {
      enumerable: true,
      get: () => {
        reads++;
        return { deep: true };
      },
    });
    const actor = resumeActor(sim.machine, probed, sim.state);
    expect(reads).toBe(0);
    expect(actor.getSnapshot().context.task).toBe(probed);
  });

  it('resumes at the run state with the run context (a crash and restart goes on: sim.test.ts)', () => {
    const actor = resumeActor(sim.machine, sim.context, sim.state).start();
    expect(stateOf(actor.getSnapshot())).toBe(sim.state);
    expect(actor.getSnapshot().context.task).toBe(sim.context);
  });
});
