import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  serializeCheckpoint,
  type Checkpoint,
  attemptsAt,
  readLoop,
  STATE_NAMES,
  type StateName,
} from 'harness-core/sim';
import { parseCheckpoint } from './codec';
import { Sim } from './sim';
import { isTerminal } from './testing.test-kit';
import { commandArb, configArb } from './arbitraries.test-kit';

/**
 * Property tests (fast-check), the long one on its own file so the unit step spreads it over
 * both cores: random sequences of everything a class can do to a run, with crashes and restores
 * at random points, must keep the invariants of SPEC §2–§6.
 */

const NO_LUGGAGE = /"(messages|channel|history)"/;

describe('invariants under random event sequences', () => {
  it('hold for 10,000 sequences with crashes and restores at random points', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('dynamic-plan', 'migration-40', 'enumerate', 'script-5min'),
        fc.integer({ min: 0, max: 1_000 }),
        configArb,
        fc.array(commandArb, { minLength: 1, maxLength: 60 }),
        (scenarioId, seed, config, commands) => {
          const checkpoints: Checkpoint[] = [];
          const sim = new Sim({ scenario: scenarioId, seed, config, onCheckpoint: (cp) => checkpoints.push(cp) });
          const rejections = new Map<number, number>();
          let prevState: StateName = sim.state;
          for (const cmd of commands) {
            const wasTerminal = isTerminal(sim.state);
            const cpsBefore = checkpoints.length;
            const stepBefore = sim.context.cursor;
            const accepted = sim.send(cmd);
            if (accepted && cmd.type === 'REJECT') rejections.set(stepBefore, (rejections.get(stepBefore) ?? 0) + 1);
            const state = sim.state;
            const ctx = sim.context;
            // Exactly one of the eight states at all times.
            expect(STATE_NAMES).toContain(state);
            // Terminal states absorb every event: same state, no new checkpoint.
            if (wasTerminal) {
              expect(state).toBe(prevState);
              expect(checkpoints.length).toBe(cpsBefore);
            }
            // Attempts never exceed maxAttemptsPerStep; no key counts past the fuse.
            for (const n of new Set(ctx.ledger.map((a) => a.step))) {
              expect(attemptsAt(ctx.ledger, n)).toBeLessThanOrEqual(ctx.config.maxAttemptsPerStep);
              for (const c of Object.values(readLoop(ctx.ledger, n, ctx.config).counts))
                expect(c).toBeLessThanOrEqual(ctx.config.fuseAt);
            }
            // The fuse trips exactly when one key reaches fuseAt.
            const loop = readLoop(ctx.ledger, ctx.cursor, ctx.config);
            if (state === 'running' || state === 'waiting_approval') expect(loop.fused).toBe(false);
            if (ctx.ended === 'loop_fuse')
              expect(readLoop(ctx.ledger, Math.min(ctx.cursor, ctx.plan.steps.length), ctx.config).fused).toBe(true);
            if (state === 'failed' && ctx.ended === 'retries_exhausted')
              expect(attemptsAt(ctx.ledger, ctx.cursor)).toBe(ctx.config.maxAttemptsPerStep);
            prevState = state;
          }
          // At most one approval request per decision at a step, and never one sent twice.
          const ids = sim.requestsSent.map((r) => r.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const r of sim.requestsSent) {
            expect(sim.requestsSent.filter((x) => x.step === r.step).length).toBeLessThanOrEqual(
              1 + (rejections.get(r.step) ?? 0),
            );
          }
          // parse(build(x)) equals x, and no checkpoint holds message history.
          for (const cp of checkpoints) {
            const json = serializeCheckpoint(cp);
            expect(json).not.toMatch(NO_LUGGAGE);
            expect(parseCheckpoint(json)).toEqual({ ok: true, checkpoint: cp });
          }
        },
      ),
      { numRuns: 10_000 },
    );
  }, 120_000);
});
