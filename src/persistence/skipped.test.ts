import { beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint } from '../engine';
import { CHUNK_ROWS } from './chunks';
import { HARNESSES, checkpointsOf, type Harness } from './harness.test-kit';

/**
 * Stored records that cannot be read: corrupt, foreign, another version, oversize, a missing
 * chunk. Each is skipped with its reason, left where it is, and everything else still loads.
 */

/** harness-core's class of each kind (errors.ts), and a page reason's pattern under it. */
const CLASS: Record<string, string> = {
  foreign: 'E702',
  version: 'E702',
  corrupt: 'E703',
  oversize: 'E703',
  missing: 'E703',
  misplaced: 'E704',
};
const inClass = (reason: RegExp) => new RegExp(`^E70\\d: ${reason.source.replace(/^\^/, '')}`);

/** A run long enough that its newest checkpoints point at ledger chunks. */
const cps = checkpointsOf('migration-400', { until: (_s, cp) => (cp?.ledger.length ?? 0) >= 2 * CHUNK_ROWS + 3 });
const newest = cps[cps.length - 1] as Checkpoint;
const previous = cps[cps.length - 2] as Checkpoint;
const good = checkpointsOf('migration-40', { runId: 'good', until: (s) => s === 'waiting_approval' });

describe.each(HARNESSES)('the %s store skips what it cannot read', (_kind, make) => {
  let h: Harness;
  beforeEach(async () => {
    h = make();
    for (const cp of [...cps, ...good]) expect((await h.store.put(cp)).ok).toBe(true);
  });

  /** The good run still resumes whole: damage elsewhere costs it nothing. */
  const goodRunStillLoads = async () => {
    expect((await h.store.latest('good')).checkpoint).toEqual(good[good.length - 1]);
    expect((await h.store.listRuns()).runs.map((r) => r.runId)).toContain('good');
  };

  describe('a run index', () => {
    const cases: [string, unknown, string, RegExp][] = [
      ['corrupt (not an object)', 'garbage', 'foreign', /^E510: /],
      ['foreign (someone else’s record)', { hello: 'world' }, 'foreign', /^E510: /],
      [
        'of another version',
        { schema: 'harness-sim.run/2', runId: 'run-1' },
        'version',
        /^E511: .*harness-sim\.run\/2.*harness-sim\.run\/1/,
      ],
      [
        'damaged (a field wrong)',
        { schema: 'harness-sim.run/1', runId: 'run-1', scenario: 'migration-400' },
        'corrupt',
        /^E513: .*"seed"/,
      ],
      [
        'oversize (over 1 MiB)',
        { schema: 'harness-sim.run/1', pad: 'x'.repeat(1024 * 1024) },
        'oversize',
        /^E512: .*1 MiB/,
      ],
      ['with no JSON form', { schema: 'harness-sim.run/1', n: 10n }, 'corrupt', /^E513: .*no JSON form/],
    ];
    it.each(cases)('%s is skipped with its reason and left as it is', async (_name, value, kind, reason) => {
      await h.set(['run', 'run-1'], value);
      const { runs, skipped } = await h.store.listRuns();
      expect(skipped).toEqual([
        { where: 'run/run-1', kind, code: CLASS[kind], message: expect.stringMatching(inClass(reason)) },
      ]);
      expect(runs.map((r) => r.runId)).toEqual(['good']);
      await goodRunStillLoads();
      // Left as it is: nothing is deleted unless a person asks.
      expect((await h.dump()).find(([k]) => k === '["run","run-1"]')?.[1]).toEqual(value);
    });

    it('that is unreadable is never overwritten by a write to its run', async () => {
      await h.set(['run', 'run-1'], { schema: 'harness-sim.run/2' });
      const r = await h.store.put({ ...newest, seq: newest.seq + 1 });
      expect(r).toMatchObject({
        ok: false,
        quota: false,
        code: 'E701',
        message: expect.stringMatching(/^E701: E507: .*run-1.*E511/),
      });
      expect((await h.dump()).find(([k]) => k === '["run","run-1"]')?.[1]).toEqual({ schema: 'harness-sim.run/2' });
    });
  });

  it('a key this simulator never writes is reported as foreign', async () => {
    await h.set('someone-else', { x: 1 });
    const { skipped } = await h.store.listRuns();
    expect(skipped).toEqual([
      { where: 'someone-else', kind: 'foreign', code: 'E702', message: expect.stringMatching(/^E70\d: E516: /) },
    ]);
    await goodRunStillLoads();
  });

  describe('a checkpoint record', () => {
    const key = ['cp', 'run-1', newest.seq];
    const at = `cp/run-1/${newest.seq}`;
    const damage: [string, (rec: Record<string, unknown>) => unknown, string, RegExp][] = [
      ['replaced by garbage', () => 42, 'foreign', /^E510: /],
      ['of another version', (r) => ({ ...r, schema: 'harness-sim.stored-checkpoint/9' }), 'version', /^E511: /],
      ['with a damaged envelope', (r) => ({ ...r, ledger: 'nope' }), 'corrupt', /^E513: .*"ledger"/],
      [
        'whose body the engine refuses',
        (r) => ({ ...r, body: { ...(r.body as object), done: 'x-y' } }),
        'corrupt',
        /^E205: .*"done"/,
      ],
      [
        'whose checkpoint is of another version',
        (r) => ({ ...r, body: { ...(r.body as object), schema: 'harness-sim.checkpoint/7' } }),
        'version',
        /^E203: /,
      ],
      ['oversize', (r) => ({ ...r, pad: 'x'.repeat(1024 * 1024 + 1) }), 'oversize', /^E512: /],
      [
        'of another run (copied by hand)',
        (r) => ({ ...r, body: { ...(r.body as object), runId: 'run-2' } }),
        'misplaced',
        /^E521: .*under run "run-1" #\d+, but it is run "run-2" #\d+/,
      ],
      [
        'of another number (renamed by hand)',
        (r) => ({ ...r, body: { ...(r.body as object), seq: 1 } }),
        'misplaced',
        /^E521: .*, but it is run "run-1" #1:/,
      ],
    ];
    it.each(damage)(
      '%s: newest falls back to the previous checkpoint and reports it',
      async (_name, change, kind, reason) => {
        const stored = (await h.dump()).find(([k]) => k === JSON.stringify(key))?.[1] as Record<string, unknown>;
        await h.set(key, change(stored));
        const r = await h.store.latest('run-1');
        expect(r.checkpoint).toEqual(previous);
        const skipped = { where: at, kind, code: CLASS[kind], message: expect.stringMatching(inClass(reason)) };
        expect(r.skipped).toEqual([skipped]);
        expect(await h.store.get('run-1', newest.seq)).toEqual({ ok: false, skipped });
        await goodRunStillLoads();
      },
    );

    it('listed from its history line, and reported as skipped when it is read', async () => {
      const damaged = { schema: 'harness-sim.stored-checkpoint/9' };
      await h.set(key, damaged);
      // The history never reads a record back (a run's records can weigh 19 MiB): its line stands.
      const { items, skipped } = await h.store.list('run-1');
      expect(items.map((i) => i.seq)).toEqual(cps.map((c) => c.seq).reverse());
      expect(skipped).toEqual([]);
      const reported = { where: at, kind: 'version', code: 'E702', message: expect.stringMatching(/^E70\d: E511: /) };
      expect(await h.store.get('run-1', newest.seq)).toEqual({ ok: false, skipped: reported });
    });

    it('stored without a line (an earlier build): listed in the history as skipped, the others still listed', async () => {
      for (const cp of cps) await h.del(['line', 'run-1', cp.seq]);
      await h.set(key, { schema: 'harness-sim.stored-checkpoint/9' });
      const { items, skipped } = await h.store.list('run-1');
      expect(items.map((i) => i.seq)).toEqual(
        cps
          .slice(0, -1)
          .map((c) => c.seq)
          .reverse(),
      );
      expect(skipped).toEqual([
        { where: at, kind: 'version', code: 'E702', message: expect.stringMatching(/^E70\d: E511: /) },
      ]);
    });
  });

  describe('a chunk of the ledger', () => {
    const chunkKeys = async () =>
      (await h.dump())
        .filter(([k]) => k.startsWith('["chunk","run-1"'))
        .map(([k, v]) => [JSON.parse(k) as IDBValidKey, v] as const);
    const newestChain = async () => {
      const rec = (await h.dump()).find(([k]) => k === JSON.stringify(['cp', 'run-1', newest.seq]))?.[1] as {
        ledger: { head: string };
      };
      return rec.ledger.head;
    };

    it('missing: the checkpoints that need it are skipped as missing, earlier ones still load', async () => {
      const head = await newestChain();
      await h.del(['chunk', 'run-1', head]);
      const r = await h.store.latest('run-1');
      // The second chunk was cut when the ledger passed 128 rows: older checkpoints do not need it.
      expect(r.checkpoint?.ledger.length).toBeLessThan(2 * CHUNK_ROWS);
      expect(r.skipped.length).toBeGreaterThan(0);
      expect(r.skipped[0]).toEqual({
        where: `cp/run-1/${newest.seq}`,
        kind: 'missing',
        code: 'E703',
        message: expect.stringMatching(new RegExp(`^E70\\d: E514: Checkpoint #${newest.seq} .*ledger.*${head}`)),
      });
      await goodRunStillLoads();
    });

    it('altered: reported as damaged (its content no longer matches its hash)', async () => {
      const head = await newestChain();
      const [, value] = (await chunkKeys()).find(([k]) => (k as string[])[2] === head) ?? [];
      const rec = structuredClone(value) as { rows: { at: number }[] };
      (rec.rows[0] as { at: number }).at += 1;
      await h.set(['chunk', 'run-1', head], rec);
      const r = await h.store.latest('run-1');
      expect(r.skipped[0]).toEqual({
        where: `cp/run-1/${newest.seq}`,
        kind: 'corrupt',
        code: 'E703',
        message: expect.stringMatching(/^E70\d: E515: .*does not match its hash/),
      });
    });
  });

  it('never throws, even when every record of a run is garbage', async () => {
    for (const [k] of await h.dump()) if (k.includes('"run-1"')) await h.set(JSON.parse(k) as IDBValidKey, 'garbage');
    await expect(h.store.listRuns()).resolves.toMatchObject({ runs: [{ runId: 'good' }] });
    await expect(h.store.list('run-1')).resolves.toMatchObject({ items: [] });
    await expect(h.store.latest('run-1')).resolves.toMatchObject({ checkpoint: null });
    await expect(h.store.get('run-1', newest.seq)).resolves.toMatchObject({ ok: false });
    await expect(h.store.exportRun('run-1')).resolves.toMatchObject({ ok: false });
    await goodRunStillLoads();
  });
});
