import type { Checkpoint } from 'harness-core';
import { findScenario } from './scenarios';
import { Sim } from './sim';

/**
 * Inputs of the security review (SPEC §13.5) that tests and `npm run bench` share; nothing the
 * page loads imports this file.
 *
 * `mostRevisedCheckpoint`: a dynamic-plan checkpoint whose plan was revised 10,000 times at step
 * 1, as many revisions as the schema allows: once quadratic to check (365 s), now linear, and
 * still the costliest checkpoint a reader accepts.
 */
export function mostRevisedCheckpoint(runId = 'run-1'): Checkpoint {
  const out: Checkpoint[] = [];
  const sim = new Sim({
    scenario: 'dynamic-plan',
    runId,
    config: { density: 'every_step' },
    onCheckpoint: (cp) => out.push(cp),
  });
  sim.send({ type: 'START' });
  for (let i = 0; i < 6; i++) sim.send({ type: 'TICK' });
  const running = out.findLast((c) => c.state === 'running' && c.plan.mode === 'dynamic');
  if (!running) throw new Error('dynamic-plan wrote no running checkpoint');
  const scenario = findScenario('dynamic-plan')!;
  const revisions = Array.from({ length: 10_000 }, () => 1);
  const total = scenario.steps.length + revisions.length * (scenario.replanAdds ?? []).length;
  const { plan: _plan, ...rest } = JSON.parse(JSON.stringify(running)) as Checkpoint;
  // Standing at step 1 again, with the todo lists to match (a checkpoint's parts must agree).
  const todos = { in_progress: '1', pending: '', skipped: '' };
  return {
    ...rest,
    step: 1,
    done: '',
    todos,
    ledger: [],
    plan: { mode: 'dynamic', version: 10_001, total, revisions },
  } as Checkpoint;
}
