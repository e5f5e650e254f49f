import { beforeEach, describe, expect, it } from 'vitest';
import { checkpointBytes, type Checkpoint } from '../engine';
import { checkpointAt } from './stored';
import { HARNESSES, checkpointsOf, type Harness } from './harness.test-kit';

/** The run of migration-40 up to its approval request: 8 checkpoints, the last before_suspend. */
const toApproval = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
const last = <T>(xs: readonly T[]): T => xs[xs.length - 1] as T;

describe.each(HARNESSES)('the %s store', (_kind, make) => {
  let h: Harness;
  let clock: number;
  beforeEach(() => {
    clock = 1_000;
    h = make({ now: () => (clock += 10) });
  });

  describe('a fresh run', () => {
    it('is listed as soon as it is created, before any checkpoint', async () => {
      const r = await h.store.createRun({ runId: 'run-1', scenario: 'migration-40', seed: 3 });
      expect(r.ok).toBe(true);
      const { runs, skipped } = await h.store.listRuns();
      expect(skipped).toEqual([]);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        runId: 'run-1',
        scenario: 'migration-40',
        seed: 3,
        branch: null,
        newestSeq: 0,
        state: 'created',
        step: 1,
        checkpoints: 0,
      });
      expect(await h.store.latest('run-1')).toEqual({ checkpoint: null, skipped: [] });
    });

    it('refuses an id already used, and keeps the first run as it was', async () => {
      await h.store.createRun({ runId: 'run-1', scenario: 'migration-40', seed: 3 });
      const before = await h.dump();
      const r = await h.store.createRun({ runId: 'run-1', scenario: 'migration-400', seed: 9 });
      expect(r).toMatchObject({ ok: false, quota: false });
      expect(!r.ok && r.error).toMatch(/^E505: .*run-1/);
      expect(await h.dump()).toEqual(before);
    });

    it('refuses a scenario it does not know', async () => {
      const r = await h.store.createRun({ runId: 'run-1', scenario: 'no-such-scenario', seed: 1 });
      expect(!r.ok && r.error).toMatch(/^E509: .*no-such-scenario/);
      expect((await h.store.listRuns()).runs).toEqual([]);
    });
  });

  it("reports each write's checkpoint size as JSON (what the page shows) beside what it stored", async () => {
    const results = [];
    for (const cp of toApproval) results.push(await h.store.put(cp));
    expect(results.map((r) => r.ok && r.size)).toEqual(toApproval.map(checkpointBytes));
    // Ledger chunks written once are shared: a later write stores less than its whole size.
    const newest = last(results);
    expect(newest.ok && newest.bytes).toBeLessThan(checkpointBytes(last(toApproval)));
  });

  describe('checkpoints of a run', () => {
    beforeEach(async () => {
      for (const cp of toApproval) expect((await h.store.put(cp)).ok).toBe(true);
    });

    it('are listed newest first with what the history shows', async () => {
      const { items, skipped } = await h.store.list('run-1');
      expect(skipped).toEqual([]);
      expect(items.map((i) => i.seq)).toEqual(toApproval.map((c) => c.seq).reverse());
      const cp = last(toApproval);
      expect(items[0]).toEqual({
        runId: 'run-1',
        seq: cp.seq,
        step: 27,
        state: 'waiting_approval',
        trigger: 'before_suspend',
        bytes: checkpointBytes(cp),
        storedBytes: expect.any(Number),
        virtual: cp.time.virtual,
        wall: cp.time.wall,
      });
    });

    it('read back equal to what was written, each one', async () => {
      for (const cp of toApproval) expect(await h.store.get('run-1', cp.seq)).toEqual({ ok: true, checkpoint: cp });
    });

    it('the newest is the suspended one, with its one pending approval', async () => {
      const { checkpoint, skipped } = await h.store.latest('run-1');
      expect(skipped).toEqual([]);
      expect(checkpoint).toEqual(last(toApproval));
      expect(checkpoint?.approval.pending).toMatchObject({ step: 27 });
      expect(checkpoint?.approval.issued).toBe(1);
    });

    it('a checkpoint that was never stored is null, not a throw', async () => {
      expect(await h.store.get('run-1', 999)).toBeNull();
      expect(await h.store.get('nobody', 1)).toBeNull();
      // As the page shows it (the history's preview, fork and edit): a numbered reason.
      expect(await checkpointAt(h.store, 'run-1', 999)).toEqual({
        ok: false,
        error: expect.stringMatching(/^E517: .*#999/),
      });
    });

    it('make the run index follow the newest checkpoint (created implicitly by the first put)', async () => {
      const { runs } = await h.store.listRuns();
      expect(runs[0]).toMatchObject({
        runId: 'run-1',
        newestSeq: last(toApproval).seq,
        state: 'waiting_approval',
        step: 27,
        checkpoints: toApproval.length,
      });
      expect(runs[0]?.bytes).toBeGreaterThan(0);
    });

    it('report the bytes each write stored and how long it took', async () => {
      const next = checkpointsOf('migration-40', {
        until: (s, cp) => s === 'running' && (cp?.seq ?? 0) > last(toApproval).seq,
      });
      const r = await h.store.put(last(next));
      expect(r).toMatchObject({ ok: true });
      expect(r.ok && r.bytes).toBeGreaterThan(100);
      expect(r.ok && r.ms).toBeGreaterThanOrEqual(0);
    });
  });

  describe('the sequence guard', () => {
    it('keeps the newer checkpoint when an older one arrives after it, and says so', async () => {
      const [a, b, c] = toApproval as [Checkpoint, Checkpoint, Checkpoint];
      await h.store.put(a);
      await h.store.put(c);
      const late = await h.store.put(b);
      expect(late).toEqual({
        ok: false,
        quota: false,
        stale: true,
        code: 'E701',
        message: expect.stringMatching(new RegExp(`^E701: E503: Checkpoint #${b.seq} .* \\(#${c.seq}\\)`)),
      });
      expect((await h.store.latest('run-1')).checkpoint).toEqual(c);
      expect((await h.store.list('run-1')).items.map((i) => i.seq)).toEqual([c.seq, a.seq]);
      expect((await h.store.listRuns()).runs[0]?.newestSeq).toBe(c.seq);
    });

    it('refuses the same seq twice (another tab wrote it first)', async () => {
      const [a] = toApproval as [Checkpoint];
      await h.store.put(a);
      const other: Checkpoint = { ...a, trigger: 'manual' };
      expect(await h.store.put(other)).toMatchObject({ ok: false, stale: true });
      expect(await h.store.get('run-1', a.seq)).toEqual({ ok: true, checkpoint: a });
    });
  });

  describe('what a write refuses', () => {
    it('something that is not a checkpoint', async () => {
      const r = await h.store.put({ schema: 'nope' } as unknown as Checkpoint);
      expect(r).toMatchObject({
        ok: false,
        quota: false,
        stale: false,
        code: 'E701',
        message: expect.stringMatching(/^E701: E504: /),
      });
      expect(await h.dump()).toEqual([]);
    });

    it('a checkpoint over 1 MiB (it could never be read back)', async () => {
      const cp = last(toApproval);
      // Valid in every field (each ref at most 200 characters), over 1 MiB in all.
      const many = Array.from({ length: 5500 }, () => ({ step: 1, ref: 'x'.repeat(200) }));
      const huge: Checkpoint = { ...cp, refs: [...cp.refs, ...many] };
      const r = await h.store.put(huge);
      expect(!r.ok && r.message).toMatch(/^E701: E504: .*1 MiB/);
      expect(await h.dump()).toEqual([]);
    });
  });

  describe('deleting a run (only when a person asks)', () => {
    it('removes that run and its records, and nothing of the others', async () => {
      for (const cp of toApproval) await h.store.put(cp);
      for (const cp of toApproval) await h.store.put({ ...cp, runId: 'run-2' });
      const r = await h.store.deleteRun('run-1');
      expect(r.ok && r.deleted).toBeGreaterThan(toApproval.length);
      expect((await h.store.listRuns()).runs.map((x) => x.runId)).toEqual(['run-2']);
      expect((await h.store.list('run-1')).items).toEqual([]);
      expect((await h.store.latest('run-2')).checkpoint).toEqual({ ...last(toApproval), runId: 'run-2' });
      expect((await h.dump()).every(([k]) => !k.includes('"run-1"'))).toBe(true);
    });

    it('of a run that does not exist is an error', async () => {
      expect(await h.store.deleteRun('ghost')).toEqual({ ok: false, error: expect.stringMatching(/^E506: .*ghost/) });
    });
  });

  it('lists runs newest-updated first', async () => {
    const [a, b] = toApproval as [Checkpoint, Checkpoint];
    await h.store.put({ ...a, runId: 'older' });
    await h.store.put({ ...a, runId: 'newer' });
    await h.store.put({ ...b, runId: 'older' });
    expect((await h.store.listRuns()).runs.map((r) => r.runId)).toEqual(['older', 'newer']);
  });

  it('keeps a fork as its own run with its branch', async () => {
    const cp = last(toApproval);
    const fork: Checkpoint = { ...cp, runId: 'fork-1', branch: { from: 'run-1', seq: cp.seq } };
    expect(
      (await h.store.createRun({ runId: 'fork-1', scenario: cp.scenario, seed: cp.seed, branch: fork.branch ?? null }))
        .ok,
    ).toBe(true);
    expect((await h.store.put(fork)).ok).toBe(true);
    const run = (await h.store.listRuns()).runs.find((r) => r.runId === 'fork-1');
    expect(run).toMatchObject({ branch: { from: 'run-1', seq: cp.seq }, newestSeq: cp.seq });
    expect((await h.store.latest('fork-1')).checkpoint).toEqual(fork);
  });

  it('writes fired one after another without waiting all land, in order', async () => {
    const results = await Promise.all(toApproval.map((cp) => h.store.put(cp)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await h.store.latest('run-1')).checkpoint).toEqual(last(toApproval));
  });

  it('a store opened again on the same storage resumes at the newest checkpoint', async () => {
    for (const cp of toApproval) await h.store.put(cp);
    const again = h.reopen();
    expect((await again.latest('run-1')).checkpoint).toEqual(last(toApproval));
    expect((await again.listRuns()).runs[0]?.newestSeq).toBe(last(toApproval).seq);
  });
});
