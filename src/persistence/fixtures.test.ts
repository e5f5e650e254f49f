import { describe, expect, it } from 'vitest';
import { checkCheckpoint } from '../engine';
import chunkV1 from './__fixtures__/chunk.v1.json';
import runFileV1 from './__fixtures__/run-file.v1.json';
import runV1 from './__fixtures__/run.v1.json';
import storedV1 from './__fixtures__/stored-checkpoint.v1.json';
import { contentKey } from './bytes';
import { HARNESSES } from './testkit';

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
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(checkCheckpoint(r.checkpoint).ok).toBe(true);
    expect(r.checkpoint).toMatchObject({ runId: 'fixture-run', seq: 21, step: 65, state: 'running', scenario: 'migration-400', seed: 7 });
    expect(r.checkpoint.ledger).toEqual([...chunkV1.rows, ...storedV1.ledger.tail]);
    expect(r.checkpoint.refs).toEqual(storedV1.refs.tail);
    expect(JSON.stringify(r.checkpoint).length).toBe(storedV1.size);
    expect((await h.store.list('fixture-run')).items).toEqual([
      { runId: 'fixture-run', seq: 21, step: 65, state: 'running', trigger: storedV1.body.trigger, bytes: storedV1.size, storedBytes: storedV1.stored, virtual: storedV1.body.time.virtual, wall: storedV1.body.time.wall },
    ]);
  });

  it('run-file.v1: imported whole', async () => {
    const h = make();
    expect(await h.store.importRun(JSON.stringify(runFileV1))).toEqual({ ok: true, runId: 'fixture-run' });
    expect((await h.store.newest('fixture-run')).checkpoint).toEqual(runFileV1.checkpoints[runFileV1.checkpoints.length - 1]);
  });

  describe('an unknown version of each is skipped with a reason', () => {
    it('run', async () => {
      const h = make();
      await h.set(['run', 'fixture-run'], { ...runV1, schema: 'harness-sim.run/3' });
      expect((await h.store.listRuns()).skipped).toEqual([{ key: 'run/fixture-run', kind: 'version', reason: expect.stringMatching(/^E511: Stored with schema "harness-sim\.run\/3"; this simulator reads harness-sim\.run\/1\./) }]);
    });

    it('stored checkpoint', async () => {
      const h = await plant();
      await h.set(['cp', 'fixture-run', 21], { ...storedV1, schema: 'harness-sim.stored-checkpoint/3' });
      expect((await h.store.newest('fixture-run')).skipped).toEqual([{ key: 'cp/fixture-run/21', kind: 'version', reason: expect.stringMatching(/^E511: /) }]);
    });

    it('chunk', async () => {
      const h = await plant();
      await h.set(['chunk', 'fixture-run', storedV1.ledger.head], { ...chunkV1, schema: 'harness-sim.chunk/3' });
      expect((await h.store.newest('fixture-run')).skipped).toEqual([{ key: 'cp/fixture-run/21', kind: 'version', reason: expect.stringMatching(/^E515: .*E511: /) }]);
    });

    it('run file', async () => {
      expect(await make().store.importRun(JSON.stringify({ ...runFileV1, format: 'harness-sim.run/3' }))).toEqual({ ok: false, error: expect.stringMatching(/^E604: /) });
    });
  });
});
