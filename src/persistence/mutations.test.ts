import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim, type Checkpoint } from '../engine';
import { apply, edit, type Json } from './hostileEdits.test-kit';
import { createMemoryStore } from './memoryStore';

/**
 * A hand-edited run file is either a valid run (imported, and it plays to a terminal state)
 * or refused with a numbered reason. Random edits of valid files (seeded): none throws, none
 * is accepted and then freezes, NaNs the clock or crashes.
 */

async function validFile(scenario: string): Promise<string> {
  const store = createMemoryStore();
  await store.createRun({ runId: 'run-m', scenario, seed: 3 });
  const sim = new Sim({
    scenario,
    runId: 'run-m',
    seed: 3,
    config: { density: 'every_step' },
    onCheckpoint: (cp) => void store.put(cp),
  });
  for (let i = 0; i < 30; i++) sim.send(sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
  await new Promise((r) => setTimeout(r, 0));
  const r = await store.exportRun('run-m', { newest: 3 });
  if (!r.ok) throw new Error(r.error);
  return r.text;
}

const isTerminal = (s: string) => s === 'completed' || s === 'failed' || s === 'cancelled';

/** Plays an imported run from its newest checkpoint to its end, approving what waits. */
function playsToEnd(cp: Checkpoint): boolean {
  const sim = new Sim({ scenario: cp.scenario, from: cp });
  for (let i = 0; i < 20_000 && !isTerminal(sim.state); i++) {
    if (!Number.isFinite(sim.clock)) return false;
    sim.send(
      sim.state === 'waiting_approval'
        ? { type: 'APPROVE' }
        : sim.state === 'created'
          ? { type: 'START' }
          : { type: 'TICK' },
    );
  }
  return isTerminal(sim.state) && Number.isFinite(sim.clock);
}

describe('a hand-edited run file', () => {
  it.each(['migration-40', 'dynamic-plan'])(
    'of %s is a valid run that plays to its end, or refused with a numbered reason',
    async (scenario) => {
      const text = await validFile(scenario);
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
          const file = JSON.parse(text) as Json;
          for (const e of edits) apply(file, e);
          const store = createMemoryStore();
          const r = await store.importRun(JSON.stringify(file));
          if (!r.ok) {
            expect(r.error).toMatch(/^E6\d\d: /);
            expect((await store.listRuns()).runs).toEqual([]);
            return;
          }
          const { checkpoint } = await store.latest(r.runId);
          if (checkpoint) expect(playsToEnd(checkpoint)).toBe(true);
        }),
        { seed: 1313, numRuns: 150 },
      );
    },
  );
});
