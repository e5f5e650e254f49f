import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Checkpoint,
  attemptsAt,
  rowsOfStep,
  loopKey,
  INJECTABLE_ERRORS,
  type Attempt,
  canonicalArgs,
} from 'harness-core/sim';
import { findScenario, type Scenario } from './scenarios';
import { Sim, type SimCommand } from './sim';
import { isTerminal } from './testing.test-kit';
import { CHECKPOINT_WRITE_MS } from './world';
import { configArb } from './arbitraries.test-kit';

/**
 * Property tests (fast-check): random sequences of everything a class can do to a run, with
 * crashes and restores at random points, must keep the invariants of SPEC §2–§6.
 */

/**
 * A deterministic decision policy, so "the same remaining injections" means the same thing in
 * a run that never stopped and in one resumed from a checkpoint: faults planned per (step,
 * attempt), rejections per (step, request), approach changes per (step, attempt).
 */
interface Policy {
  rejectAt: ReadonlySet<string>;
  approachAt: ReadonlySet<string>;
}

function nextCommand(sim: Sim, p: Policy): SimCommand {
  const c = sim.context;
  const key = `${c.cursor}:${attemptsAt(c.ledger, c.cursor)}`;
  if (sim.state === 'waiting_approval')
    // Half the rejections ask for a backup first: the model then revises the plan (rejections.ts).
    return p.rejectAt.has(key)
      ? { type: 'REJECT', reason: c.cursor % 2 === 0 ? `back up first (${key})` : `no at ${key}` }
      : { type: 'APPROVE' };
  if (sim.state === 'tool_failed' && p.approachAt.has(key) && c.world.approach[c.cursor] === undefined)
    return { type: 'CHANGE_APPROACH' };
  if (sim.state === 'created') return { type: 'START' };
  return { type: 'TICK' };
}

function runToEnd(sim: Sim, p: Policy): void {
  for (let i = 0; i < 5_000 && !isTerminal(sim.state); i++) sim.send(nextCommand(sim, p));
}

const keyArb = (maxStep: number) =>
  fc.tuple(fc.integer({ min: 1, max: maxStep }), fc.integer({ min: 0, max: 3 })).map(([s, a]) => `${s}:${a}`);

describe('resuming from any checkpoint', () => {
  it('ends in the same terminal state with the same ledger as the run that never stopped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('dynamic-plan', 'migration-40'),
        fc.integer({ min: 0, max: 1_000 }),
        configArb,
        fc.dictionary(
          fc.integer({ min: 1, max: 12 }).map(String),
          fc.array(fc.option(fc.constantFrom(...INJECTABLE_ERRORS), { nil: undefined }), { maxLength: 4 }),
        ),
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
        fc.uniqueArray(keyArb(12), { maxLength: 4 }),
        fc.uniqueArray(keyArb(12), { maxLength: 4 }),
        fc.constantFrom('key_actions', 'every_step', 'every_n' as const),
        (baseId, seed, config, faultPlan, riskySteps, rejectAt, approachAt, density) => {
          const base = findScenario(baseId)!;
          const scenario: Scenario = {
            ...base,
            id: baseId,
            steps: base.steps.map((s) => (riskySteps.includes(s.n) ? { ...s, effect: 'risky' } : s)),
            script: Object.fromEntries(
              Object.entries(faultPlan).map(([n, faults]) => [n, faults.map((fail) => (fail ? { fail } : {}))]),
            ),
          };
          const policy = { rejectAt: new Set(rejectAt), approachAt: new Set(approachAt) };
          const checkpoints: Checkpoint[] = [];
          const whole = new Sim({
            scenario,
            seed,
            config: { ...config, density },
            onCheckpoint: (cp) => checkpoints.push(cp),
          });
          runToEnd(whole, policy);
          expect(isTerminal(whole.state)).toBe(true);
          // The run played this scenario's own fault script: every execution on the scripted path
          // (the planned args: a change of approach is another call) failed exactly as the script says.
          for (const a of whole.context.ledger) {
            const planned = whole.context.plan.steps[a.step - 1]?.args ?? {};
            if (a.actor !== 'model' || a.args !== canonicalArgs(planned)) continue;
            expect([a.step, a.attempt, a.input.fault]).toEqual([
              a.step,
              a.attempt,
              scenario.script?.[a.step]?.[a.attempt - 1]?.fail,
            ]);
          }
          for (const cp of checkpoints) {
            const resumed = new Sim({ scenario, from: cp });
            runToEnd(resumed, policy);
            expect(resumed.state).toBe(whole.state);
            // A run resumed from a checkpoint written before a step's call writes that checkpoint
            // again before making the call, and pays the write's time once more: the rows are the
            // same, their times at most that many writes later.
            const untimed = (ledger: readonly Attempt[]) => ledger.map(({ at: _at, ...row }) => row);
            expect(untimed(resumed.context.ledger)).toEqual(untimed(whole.context.ledger));
            resumed.context.ledger.forEach((a, i) => {
              const late = a.at - (whole.context.ledger[i]?.at ?? 0);
              expect(late >= 0 && late % CHECKPOINT_WRITE_MS === 0, `row ${i} is ${late} ms late`).toBe(true);
            });
            expect(resumed.context.ended).toBe(whole.context.ended);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('crash and restart mid-run', () => {
  it('loses at most the steps since the newest checkpoint, and never a done step before it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 45 }), fc.integer({ min: 0, max: 50 }), (crashAfter, seed) => {
        const sim = new Sim({ scenario: 'migration-40', seed });
        const policy = { rejectAt: new Set<string>(), approachAt: new Set<string>() };
        for (let i = 0; i < crashAfter && !isTerminal(sim.state); i++) sim.send(nextCommand(sim, policy));
        const newest = sim.newest;
        sim.send({ type: 'CRASH' });
        sim.send({ type: 'RESTART' });
        if (newest) {
          expect(sim.context.cursor).toBe(newest.ended === 'completed' ? 41 : newest.step);
          for (const n of rowsOfStep(sim.context.ledger, 1)) expect(n.outcome).toBe('ok');
        }
        runToEnd(sim, policy);
        expect(sim.state).toBe('completed');
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('the fuse survives the process', () => {
  const lifeArb: fc.Arbitrary<'FAIL' | 'TICK' | 'CRASH' | 'RESTART' | 'RELOAD' | 'APPROVE'> = fc.constantFrom(
    'FAIL',
    'FAIL',
    'FAIL',
    'TICK',
    'CRASH',
    'RESTART',
    'RELOAD',
    'APPROVE',
  );

  it('no sequence of crashes, restarts and reloads lets one loop key fail more than fuseAt times', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('migration-40', 'not-found', 'enumerate'),
        fc.constantFrom('article', 'every-step', 'no-refs', 'blocking-wait' as const),
        fc.integer({ min: 0, max: 500 }),
        configArb,
        fc.array(lifeArb, { minLength: 1, maxLength: 80 }),
        (scenarioId, design, seed, config, moves) => {
          let sim = new Sim({ scenario: scenarioId, seed, config, design });
          sim.send({ type: 'START' });
          // Every failure executed, in any life of the process, per step and loop key.
          const failures = new Map<string, number>();
          let seen = sim.context.ledger.length;
          for (const move of moves) {
            if (move === 'RELOAD') {
              if (!sim.newest) continue;
              sim = new Sim({ scenario: scenarioId, from: sim.newest });
            } else if (move === 'FAIL') sim.send({ type: 'FAIL_NOW', error: 'not_found' });
            else sim.send({ type: move });
            const ledger = sim.context.ledger;
            // A resumed process holds the ledger it read: only rows past what was seen are new.
            for (let i = Math.min(seen, ledger.length); i < ledger.length; i++) {
              const a = ledger[i]!;
              if (a.outcome !== 'error' && a.outcome !== 'rejected') continue;
              const k = `${a.step} ${loopKey(a)}`;
              failures.set(k, (failures.get(k) ?? 0) + 1);
            }
            seen = ledger.length;
          }
          for (const n of failures.values()) expect(n).toBeLessThanOrEqual(sim.context.config.fuseAt);
        },
      ),
      { numRuns: 1_500 },
    );
  }, 60_000);
});
