import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../engine';
import { HARNESSES, checkpointsOf } from './harness.test-kit';

/**
 * `replaceRuns` (batch.ts): a lesson's replayed runs in one transaction. What it stores reads
 * back as the same checkpoints put one by one would, weighs the same, and a refused batch
 * changes nothing.
 */

const a = checkpointsOf('migration-40', { runId: 'lesson:x:1', until: (s) => s === 'waiting_approval' });
const b = checkpointsOf('migration-400', { runId: 'lesson:x:1.1', until: (_s, cp) => (cp?.ledger.length ?? 0) > 40 });
const meta = (cps: Checkpoint[]) => ({ runId: cps[0]!.runId, scenario: cps[0]!.scenario, seed: 1 });

describe.each(HARNESSES)('the %s store replaces runs in one write', (_kind, make) => {
  it('stores every checkpoint, readable, weighing what puts one by one would', async () => {
    const batch = make();
    const r = await batch.store.replaceRuns('', [
      { meta: meta(a), checkpoints: a },
      { meta: meta(b), checkpoints: b },
    ]);
    if (!r.ok) throw new Error(r.error);
    const single = make();
    for (const cp of [...a, ...b]) expect((await single.store.put(cp)).ok).toBe(true);
    for (const cps of [a, b]) {
      const runId = cps[0]!.runId;
      const [listed, one] = [await batch.store.list(runId), await single.store.list(runId)];
      expect(listed.items).toEqual(one.items);
      expect(listed.items).toHaveLength(cps.length);
      expect((await batch.store.latest(runId)).checkpoint).toEqual(cps.at(-1));
      expect(r.runs.find((m) => m.runId === runId)?.bytes).toBe((await single.store.run(runId))?.bytes);
    }
  });

  it('drops the runs under the prefix and no other, and a refused batch changes nothing', async () => {
    const h = make();
    const free = checkpointsOf('migration-40', { runId: 'run-free', until: (s) => s === 'running' });
    for (const cp of free) expect((await h.store.put(cp)).ok).toBe(true);
    expect((await h.store.replaceRuns('lesson:x:', [{ meta: meta(a), checkpoints: a }])).ok).toBe(true);
    const renamed = a.map((cp) => ({ ...cp, runId: 'lesson:x:2' }));
    expect((await h.store.replaceRuns('lesson:x:', [{ meta: meta(renamed), checkpoints: renamed }])).ok).toBe(true);
    expect((await h.store.listRuns()).runs.map((r) => r.runId).sort()).toEqual(['lesson:x:2', 'run-free']);
    const before = await h.dump();
    // A checkpoint of another run in the batch, or a taken id: refused, nothing written or dropped.
    const mixed = await h.store.replaceRuns('lesson:x:', [{ meta: meta(a), checkpoints: [...a, ...free] }]);
    expect(mixed).toMatchObject({ ok: false, error: expect.stringMatching(/^E504/) });
    const taken = await h.store.replaceRuns('lesson:x:', [{ meta: meta(free), checkpoints: free }]);
    expect(taken).toMatchObject({ ok: false, error: expect.stringMatching(/^E505/) });
    expect(await h.dump()).toEqual(before);
  });
});
