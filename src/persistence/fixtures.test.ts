import { describe, expect, it } from 'vitest';
import { checkCheckpoint } from '../engine';
import chunkV1 from './__fixtures__/chunk.v1.json';
import runFileV1 from './__fixtures__/run-file.v1.json';
import runV1 from './__fixtures__/run.v1.json';
import storedV1 from './__fixtures__/stored-checkpoint.v1.json';
import chunksV2 from './__fixtures__/chunks.v2.json';
import storedV2 from './__fixtures__/stored-checkpoint.v2.json';
import lineV1 from './__fixtures__/line.v1.json';
import { CHUNK_ROWS, contentKey } from './chunks';
import { STORED_CHECKPOINT_SCHEMA, lineOf, type StoredCheckpoint } from './records';
import { HARNESSES, checkpointsOf, type Harness } from './harness.test-kit';

/**
 * Every stored record version is kept as a fixture, exactly as it was written, and read here
 * by today's code: a change that cannot read them is a change that loses people's runs.
 */
describe.each(HARNESSES)('the v1 records, read by the %s store', (_kind, make) => {
  const plant = async () => {
    const h = make();
    await h.set(['run', 'fixture-run'], runV1);
    await h.set(['cp', 'fixture-run', storedV1.body.seq], storedV1);
    await h.set(['chunk', 'fixture-run', contentKey(JSON.stringify(chunkV1))], chunkV1);
    return h;
  };

  it('run.v1: listed as the run it records', async () => {
    const { runs, skipped } = await (await plant()).store.listRuns();
    expect(skipped).toEqual([]);
    expect(runs).toEqual([{ ...runV1, bytes: runV1.bytes + JSON.stringify(runV1).length }]);
  });

  it('stored-checkpoint.v1 with its chunk.v1: reassembled into a checkpoint the engine accepts', async () => {
    const h = await plant();
    expect(storedV1.ledger.head).toBe(contentKey(JSON.stringify(chunkV1)));
    const r = await h.store.get('fixture-run', storedV1.body.seq);
    expect(r?.ok).toBe(true);
    if (!r?.ok) return;
    expect(checkCheckpoint(r.checkpoint).ok).toBe(true);
    expect(r.checkpoint).toMatchObject({
      runId: 'fixture-run',
      seq: 21,
      step: 65,
      state: 'running',
      scenario: 'migration-400',
      seed: 7,
    });
    expect(r.checkpoint.ledger).toEqual([...chunkV1.rows, ...storedV1.ledger.tail]);
    expect(r.checkpoint.refs).toEqual(storedV1.refs.tail);
    expect(JSON.stringify(r.checkpoint).length).toBe(storedV1.size);
    expect((await h.store.list('fixture-run')).items).toEqual([
      {
        runId: 'fixture-run',
        seq: 21,
        step: 65,
        state: 'running',
        trigger: storedV1.body.trigger,
        bytes: storedV1.size,
        storedBytes: storedV1.stored,
        virtual: storedV1.body.time.virtual,
        wall: storedV1.body.time.wall,
      },
    ]);
  });

  it('run-file.v1: imported whole', async () => {
    const h = make();
    expect(await h.store.importRun(JSON.stringify(runFileV1))).toEqual({ ok: true, runId: 'fixture-run' });
    expect((await h.store.latest('fixture-run')).checkpoint).toEqual(
      runFileV1.checkpoints[runFileV1.checkpoints.length - 1],
    );
  });

  describe('an unknown version of each is skipped with a reason', () => {
    it('run', async () => {
      const h = make();
      await h.set(['run', 'fixture-run'], { ...runV1, schema: 'harness-sim.run/3' });
      expect((await h.store.listRuns()).skipped).toEqual([
        {
          where: 'run/fixture-run',
          kind: 'version',
          code: 'E702',
          message: expect.stringMatching(
            /^E70\d: E511: Stored with schema "harness-sim\.run\/3"; this simulator reads harness-sim\.run\/1\./,
          ),
        },
      ]);
    });

    it('stored checkpoint', async () => {
      const h = await plant();
      await h.set(['cp', 'fixture-run', 21], { ...storedV1, schema: 'harness-sim.stored-checkpoint/3' });
      expect((await h.store.latest('fixture-run')).skipped).toEqual([
        { where: 'cp/fixture-run/21', kind: 'version', code: 'E702', message: expect.stringMatching(/^E70\d: E511: /) },
      ]);
    });

    it('chunk', async () => {
      const h = await plant();
      await h.set(['chunk', 'fixture-run', storedV1.ledger.head], { ...chunkV1, schema: 'harness-sim.chunk/3' });
      expect((await h.store.latest('fixture-run')).skipped).toEqual([
        {
          where: 'cp/fixture-run/21',
          kind: 'version',
          code: 'E702',
          message: expect.stringMatching(/^E70\d: E515: .*E511: /),
        },
      ]);
    });

    it('run file', async () => {
      expect(await make().store.importRun(JSON.stringify({ ...runFileV1, format: 'harness-sim.run/3' }))).toEqual({
        ok: false,
        error: expect.stringMatching(/^E604: /),
      });
    });
  });
});

/**
 * stored-checkpoint/2 (written today): the same envelope, its chains cut into 16-row chunks
 * (still `harness-sim.chunk/1` records). Its fixture is seq 21 of the same run as the v1 one,
 * with the six chunks its ledger (4) and refs (2) chains point to.
 */
describe.each(HARNESSES)('the v2 records, read by the %s store', (_kind, make) => {
  const plant = async (h: Harness = make()) => {
    await h.set(['run', 'fixture-run'], runV1);
    await h.set(['cp', 'fixture-run', storedV2.body.seq], storedV2);
    for (const c of chunksV2) await h.set(['chunk', 'fixture-run', contentKey(JSON.stringify(c))], c);
    return h;
  };
  /** Rows of a chain, oldest first, from the fixture's chunks. */
  const rowsOf = (head: string | null): unknown[] => {
    const rows: unknown[][] = [];
    for (let h = head; h !== null;) {
      const c = chunksV2.find((x) => contentKey(JSON.stringify(x)) === h);
      if (!c) throw new Error(`no fixture chunk ${h}`);
      rows.unshift(c.rows);
      h = c.prev;
    }
    return rows.flat();
  };

  it("is what today's code writes: 16-row chunks, the chunk size implied by the version", () => {
    expect(storedV2.schema).toBe(STORED_CHECKPOINT_SCHEMA);
    expect(CHUNK_ROWS).toBe(16);
    expect(chunksV2.every((c) => c.schema === 'harness-sim.chunk/1' && c.rows.length === 16)).toBe(true);
    expect([storedV2.ledger.chunks, storedV2.refs.chunks]).toEqual([4, 2]);
  });

  it('stored-checkpoint.v2 with its chunks: reassembled into a checkpoint the engine accepts', async () => {
    const h = await plant();
    const r = await h.store.get('fixture-run', storedV2.body.seq);
    expect(r?.ok).toBe(true);
    if (!r?.ok) return;
    expect(checkCheckpoint(r.checkpoint).ok).toBe(true);
    expect(r.checkpoint).toMatchObject({
      runId: 'fixture-run',
      seq: 21,
      step: 65,
      state: 'running',
      scenario: 'migration-400',
      seed: 7,
    });
    expect(r.checkpoint.ledger).toEqual([...rowsOf(storedV2.ledger.head), ...storedV2.ledger.tail]);
    expect(r.checkpoint.refs).toEqual([...rowsOf(storedV2.refs.head), ...storedV2.refs.tail]);
    expect(r.checkpoint.ledger).toHaveLength(64);
    expect(JSON.stringify(r.checkpoint).length).toBe(storedV2.size);
    expect((await h.store.list('fixture-run')).items).toEqual([
      {
        runId: 'fixture-run',
        seq: 21,
        step: 65,
        state: 'running',
        trigger: storedV2.body.trigger,
        bytes: storedV2.size,
        storedBytes: storedV2.stored,
        virtual: storedV2.body.time.virtual,
        wall: storedV2.body.time.wall,
      },
    ]);
  });

  it('a run stored in v1 goes on in v2: both versions read side by side, and export', async () => {
    const h = make();
    await h.set(['run', 'fixture-run'], runV1);
    await h.set(['cp', 'fixture-run', storedV1.body.seq], storedV1);
    await h.set(['chunk', 'fixture-run', contentKey(JSON.stringify(chunkV1))], chunkV1);
    const next = checkpointsOf('migration-400', {
      runId: 'fixture-run',
      seed: 7,
      until: (_s, cp) => (cp?.seq ?? 0) >= 23,
    }).filter((c) => c.seq > 21);
    expect(next.length).toBeGreaterThan(0);
    for (const cp of next) expect((await h.store.put(cp)).ok).toBe(true);
    const newest = next[next.length - 1];
    const dump = new Map(await h.dump());
    expect((dump.get(JSON.stringify(['cp', 'fixture-run', newest?.seq])) as { schema: string }).schema).toBe(
      STORED_CHECKPOINT_SCHEMA,
    );
    expect((dump.get(JSON.stringify(['cp', 'fixture-run', 21])) as { schema: string }).schema).toBe(
      'harness-sim.stored-checkpoint/1',
    );
    expect((await h.store.latest('fixture-run')).checkpoint).toEqual(newest);
    const old = await h.store.get('fixture-run', 21);
    expect(old?.ok && old.checkpoint.ledger).toEqual([...chunkV1.rows, ...storedV1.ledger.tail]);
    const { items, skipped } = await h.store.list('fixture-run');
    expect(skipped).toEqual([]);
    expect(items.map((i) => i.seq)).toEqual([...next.map((c) => c.seq).reverse(), 21]);
    const exported = await h.store.exportRun('fixture-run');
    expect(exported).toMatchObject({ ok: true, skipped: [], omitted: 0 });
    if (!exported.ok) return;
    const again = make();
    expect(await again.store.importRun(exported.text)).toEqual({ ok: true, runId: 'fixture-run' });
    expect((await again.store.latest('fixture-run')).checkpoint).toEqual(newest);
    expect((await again.store.get('fixture-run', 21))?.ok).toBe(true);
  });

  it('a v2 chain of 64-row chunks (or a v1 chain of 16-row ones) is damage, not data', async () => {
    const h = await plant();
    await h.set(['cp', 'fixture-run', 21], { ...storedV2, schema: 'harness-sim.stored-checkpoint/1' });
    expect((await h.store.latest('fixture-run')).skipped).toEqual([
      {
        where: 'cp/fixture-run/21',
        kind: 'corrupt',
        code: 'E703',
        message: expect.stringMatching(/^E70\d: E515: .*holds 16 rows, not 64/),
      },
    ]);
    const v1 = make();
    await v1.set(['run', 'fixture-run'], runV1);
    await v1.set(['cp', 'fixture-run', 21], { ...storedV1, schema: STORED_CHECKPOINT_SCHEMA });
    await v1.set(['chunk', 'fixture-run', contentKey(JSON.stringify(chunkV1))], chunkV1);
    expect((await v1.store.latest('fixture-run')).skipped).toEqual([
      {
        where: 'cp/fixture-run/21',
        kind: 'corrupt',
        code: 'E703',
        message: expect.stringMatching(/^E70\d: E515: .*holds 64 rows, not 16/),
      },
    ]);
  });

  it('a missing v2 chunk: the record is skipped as missing', async () => {
    const h = await plant();
    await h.del(['chunk', 'fixture-run', storedV2.refs.head]);
    expect((await h.store.latest('fixture-run')).skipped).toEqual([
      { where: 'cp/fixture-run/21', kind: 'missing', code: 'E703', message: expect.stringMatching(/^E70\d: E514: /) },
    ]);
  });
});

/**
 * line/1 (written today beside each stored checkpoint): the history line the runs panel lists,
 * so listing a run reads no record. Its fixture is the line of the v2 fixture's checkpoint.
 */
describe.each(HARNESSES)('the v1 history line, read by the %s store', (_kind, make) => {
  it("has the fields today's code writes for a stored checkpoint", () => {
    expect(lineV1).toEqual(lineOf(storedV2 as StoredCheckpoint));
  });

  it('lists its checkpoint from the line', async () => {
    const h = make();
    await h.set(['run', 'fixture-run'], runV1);
    await h.set(['cp', 'fixture-run', 21], storedV2);
    await h.set(['line', 'fixture-run', 21], lineV1);
    const { items, skipped } = await h.store.list('fixture-run');
    expect(skipped).toEqual([]);
    expect(items).toEqual([
      {
        runId: 'fixture-run',
        seq: 21,
        step: 65,
        state: 'running',
        trigger: 'before_side_effect',
        bytes: lineV1.size,
        storedBytes: lineV1.stored,
        virtual: lineV1.virtual,
        wall: lineV1.wall,
      },
    ]);
  });
});
