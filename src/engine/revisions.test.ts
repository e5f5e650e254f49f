import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeCheckpoint, type Checkpoint, revisePlan, revisedSteps, type Plan } from 'harness-core/sim';
import { checkCheckpoint, parseCheckpoint } from './codec';
import { findScenario } from './scenarios';
import { Sim } from './sim';
import { mostRevisedCheckpoint } from './probes';

/** A dynamic plan's revisions: bounded by its version, rebuilt in one pass (SPEC §5, plan snapshot). */

const scenario = findScenario('dynamic-plan')!;
const adds = scenario.replanAdds ?? [];

/** The plan revised once per revision, as a live run revises it (the reference). */
function revisedOneByOne(revisions: readonly number[]) {
  let plan: Plan = { mode: 'dynamic', version: 1, steps: scenario.steps, revisions: [] };
  for (const at of revisions) plan = revisePlan(plan, adds, at);
  return plan.steps;
}

/** A checkpoint of a dynamic-plan run written once it is running, its plan as `plan` says. */
function runningCheckpoint(): Checkpoint {
  const out: Checkpoint[] = [];
  const sim = new Sim({
    scenario: 'dynamic-plan',
    config: { density: 'every_step' },
    onCheckpoint: (cp) => out.push(cp),
  });
  sim.send({ type: 'START' });
  for (let i = 0; i < 6; i++) sim.send({ type: 'TICK' });
  const cp = out.findLast((c) => c.state === 'running' && c.plan.mode === 'dynamic');
  return JSON.parse(JSON.stringify(cp)) as Checkpoint;
}

describe('plan revisions', () => {
  it('rebuild to the same steps as revising the plan once per revision', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 60 }), { maxLength: 12 }), (raw) => {
        // Positions a run can reach: never going back, never past the plan's end.
        const revisions: number[] = [];
        let length = scenario.steps.length;
        for (const r of raw.map((x) => x + 1).sort((a, b) => a - b)) {
          if (r > length + 1) break;
          revisions.push(r);
          length += adds.length;
        }
        expect(revisedSteps(scenario.steps, adds, revisions)).toEqual(revisedOneByOne(revisions));
      }),
    );
  });

  it('that go back or past the plan cannot be a run’s', () => {
    expect(revisedSteps(scenario.steps, adds, [5, 4])).toBeNull();
    expect(revisedSteps(scenario.steps, adds, [0])).toBeNull();
    expect(revisedSteps(scenario.steps, adds, [scenario.steps.length + 2])).toBeNull();
  });

  it('are laid once for the same revisions, and again when a list is edited in place', () => {
    // Opening a run lays its plan three times (its check, the resumed Sim, the timeline's Sim).
    const revisions = [3, 4, 4, 9];
    const first = revisedSteps(scenario.steps, adds, revisions);
    expect(revisedSteps(scenario.steps, adds, [...revisions])).toBe(first);
    revisions[3] = 10;
    const edited = revisedSteps(scenario.steps, adds, revisions);
    expect(edited).not.toBe(first);
    expect(edited).toEqual(revisedOneByOne([3, 4, 4, 10]));
    const answers = [{ rev: 0, steps: scenario.steps.slice(0, 1) }];
    expect(revisedSteps(scenario.steps, adds, revisions, answers)).not.toBe(edited);
  });

  it('are refused when more than the plan version allows', () => {
    const cp = runningCheckpoint();
    expect(checkCheckpoint(cp).ok).toBe(true);
    const more = { ...cp, plan: { ...cp.plan, revisions: [cp.step, cp.step] } };
    expect(checkCheckpoint(more)).toMatchObject({ ok: false, error: expect.stringMatching(/E205.*plan version/) });
  });

  it('are refused in a one-shot plan', () => {
    const out: Checkpoint[] = [];
    const sim = new Sim({ scenario: 'migration-40', onCheckpoint: (c) => out.push(c) });
    sim.send({ type: 'START' });
    sim.send({ type: 'TICK' });
    const cp = JSON.parse(JSON.stringify(out.at(-1))) as Checkpoint;
    const revised = { ...cp, plan: { ...cp.plan, version: 2, revisions: [2] } };
    expect(checkCheckpoint(revised)).toMatchObject({ ok: false, error: expect.stringMatching(/E205/) });
  });

  it('10,000 of them, as many as the schema allows, are checked in linear time', () => {
    // The security review's probe: a checkpoint whose plan was revised 10,000 times at step 1. Once
    // quadratic (365 s); the check now lays 30,000 steps down once.
    const big = mostRevisedCheckpoint();
    // Within the test's time limit only if linear; `npm run bench` records the figure.
    const result = parseCheckpoint(serializeCheckpoint(big));
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
  });
});
