import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Checkpoint } from '../engine';
import { apply, edit, hostile, type Json } from './hostileEdits.test-kit';
import { checkpointsOf, memoryHarness } from './harness.test-kit';

/**
 * Issue 26, item 2: nothing the store acknowledges is unreadable. A write is either refused
 * (with its number) or reads back equal, through a reopened store as a reload would. Before
 * the store ran the reader's check, `put` looked at the shape only: a checkpoint whose config
 * held a `toString` key, or whose seed was 1e20, was stored "ok" and refused by every read.
 */

const run = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
const base = run.at(-1) as Checkpoint;

/** `cp` edited as a person (or a hostile file) might: wrapped so the plan-scoped edits find its plan. */
function edited(cp: Checkpoint, edits: Parameters<typeof apply>[1][]): Checkpoint {
  const file = { checkpoints: [structuredClone(cp)] } as unknown as Json;
  for (const e of edits) apply(file, e);
  return (file as unknown as { checkpoints: Checkpoint[] }).checkpoints[0] as Checkpoint;
}

/** The probes of the review, kept as fixtures. */
const PROBES: [string, (cp: Checkpoint) => unknown][] = [
  ['a config key "toString" (an `in` test let it pass)', (cp) => ({ ...cp, config: { ...cp.config, toString: 1 } })],
  ['a config key "constructor"', (cp) => ({ ...cp, config: { ...cp.config, constructor: 1 } })],
  ['the seed 99999999999999999999, read as 1e20', (cp) => ({ ...cp, seed: Number('99999999999999999999') })],
  ['a seed past 2^53', (cp) => ({ ...cp, seed: 2 ** 53 + 2 })],
];

describe('a write the store acknowledges', () => {
  it.each(PROBES)('is refused loudly when it would not read back: %s', async (_name, make) => {
    const h = memoryHarness();
    const r = await h.store.put(make(base) as Checkpoint);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^E701: E504: Checkpoint #\d+ was not saved: /);
    expect(await h.dump()).toEqual([]);
  });

  it('reads back equal after a reload, for any edit of a checkpoint (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        const h = memoryHarness();
        const cp = edited(base, edits);
        const r = await h.store.put(cp);
        if (!r.ok) {
          expect(r.message).toMatch(/^E701: E50\d: /);
          return;
        }
        const reopened = h.reopen();
        const back = await reopened.get(cp.runId, cp.seq);
        expect(back?.ok).toBe(true);
        expect(back?.ok && back.checkpoint).toEqual(cp);
        expect(await reopened.latest(cp.runId)).toEqual({ checkpoint: cp, skipped: [] });
        expect((await reopened.listRuns()).skipped).toEqual([]);
      }),
      { seed: 2626, numRuns: 200 },
    );
  });

  it('of a fresh run is listed after a reload, whatever its id and seed (property)', async () => {
    const id = fc.oneof(fc.string({ maxLength: 250 }), fc.constantFrom('toString', '__proto__', 'run\u202e-1'));
    await fc.assert(
      fc.asyncProperty(id, fc.oneof(hostile, fc.integer()), async (runId, seed) => {
        const h = memoryHarness();
        const r = await h.store.createRun({ runId, scenario: 'migration-40', seed: seed as number });
        if (!r.ok) {
          expect(r.error).toMatch(/^E509: /);
          expect(await h.dump()).toEqual([]);
          return;
        }
        const listed = await h.reopen().listRuns();
        expect(listed.skipped).toEqual([]);
        expect(listed.runs.map((x) => [x.runId, x.seed])).toEqual([[runId, seed]]);
      }),
      { seed: 2627, numRuns: 300 },
    );
  });

  it('refuses the seed the URL ?seed=99999999999999999999 used to store', async () => {
    const h = memoryHarness();
    const r = await h.store.createRun({ runId: 'run-1', scenario: 'migration-40', seed: 1e20 });
    expect(!r.ok && r.error).toMatch(/^E509: .*seed/);
    // Nothing half-written is left that would wedge the next write (E507 before the fix).
    expect((await h.store.put(run[0] as Checkpoint)).ok).toBe(true);
  });
});
