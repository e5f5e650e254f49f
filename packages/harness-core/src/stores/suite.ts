import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeCheckpoint } from '../checkpoint.js';
import { MAX_CHECKPOINT_BYTES, type Checkpoint } from '../checkpointShape.js';
import { runCheckpoints } from './fixtures.test-kit.js';
import type { CheckpointStore, StoreErrorCode } from './types.js';

/**
 * Test-only (excluded from the build): the guarantees every CheckpointStore keeps (SPEC §5),
 * one suite that both stores' tests run, and the simulator's store's (see SuiteOptions). `make`
 * gives a fresh, empty store with three hooks: `reopen` (a new instance on the same storage, as
 * after a restart), `corrupt` (writes raw contents under a key, as a person or another program
 * might), `cleanup`.
 */
export interface StoreUnderTest {
  store: CheckpointStore;
  reopen: () => Promise<CheckpointStore>;
  corrupt(runId: string, seq: number, contents: string): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * Where a store may differ from the package's two without breaking a guarantee. The defaults are
 * the package's stores; the simulator's page store (src/persistence/coreStore.test.ts) sets all three.
 */
export interface SuiteOptions {
  /**
   * The checkpoints of one run of `runId`, seq 1 upward, at least five (the first five are
   * used); by default the kit's plan. A store that checks checkpoints against plans of its own
   * passes checkpoints of one of them.
   */
  checkpoints?: (runId: string) => Checkpoint[];
  /**
   * An older checkpoint put after a newer one: `kept` under its number, or `refused` (E701) by a
   * store that guards the order, so a writer that fell behind never stores behind a newer one.
   */
  olderPut?: 'kept' | 'refused';
  /** Whether a foreign record's message carries the codec's own number (E201–E203), or the store's own. */
  codecReasons?: boolean;
}

const RUN = 'run-a';
const json = (value: unknown): string => JSON.stringify(value);

export function storeSuite(name: string, make: () => Promise<StoreUnderTest>, options: SuiteOptions = {}): void {
  const { checkpoints = runCheckpoints, olderPut = 'kept', codecReasons = true } = options;
  /** Five checkpoints of one run, seq 1 to 5, and five of another. */
  const A = checkpoints(RUN).slice(0, 5);
  const B = checkpoints('run-b').slice(0, 5);
  const cp = (seq: number, run: Checkpoint[] = A): Checkpoint => run[seq - 1] as Checkpoint;

  describe(`${name}: the guarantees of a checkpoint store`, () => {
    let t: StoreUnderTest;
    beforeEach(async () => {
      t = await make();
    });
    afterEach(async () => {
      await t.cleanup();
    });

    // A store may say more of a write that landed (the page's: its bytes and time), never less.
    const putAll = async (cps: readonly Checkpoint[]) => {
      for (const c of cps) expect(await t.store.put(c)).toMatchObject({ ok: true });
    };
    const codes = (skipped: { code: StoreErrorCode }[]) => skipped.map((s) => s.code);

    it('has five checkpoints to work with', () => {
      expect(A.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(A.map((c) => c.runId)).toEqual(Array(5).fill(RUN));
      expect(B.map((c) => c.runId)).toEqual(Array(5).fill('run-b'));
    });

    it('is durable before it acknowledges: a reopened store reads back every checkpoint put', async () => {
      await putAll(A);
      const again = await t.reopen();
      for (const c of A) expect(await again.get(RUN, c.seq)).toEqual({ ok: true, checkpoint: c });
      expect(await again.latest(RUN)).toEqual({ checkpoint: cp(5), skipped: [] });
      expect(await again.seqs(RUN)).toEqual([1, 2, 3, 4, 5]);
    });

    it('is readable once it acknowledges: latest is the newest, get each, seqs ascending, runs', async () => {
      await putAll(A);
      await putAll([cp(1, B)]);
      expect(await t.store.latest(RUN)).toEqual({ checkpoint: cp(5), skipped: [] });
      for (const c of A) expect(await t.store.get(RUN, c.seq)).toEqual({ ok: true, checkpoint: c });
      expect(await t.store.seqs(RUN)).toEqual([1, 2, 3, 4, 5]);
      expect(await t.store.seqs('run-b')).toEqual([1]);
      expect((await t.store.runs()).sort()).toEqual(['run-a', 'run-b']);
      // What is not there.
      expect(await t.store.get(RUN, 99)).toBeNull();
      expect(await t.store.seqs('nobody')).toEqual([]);
      expect(await t.store.latest('nobody')).toEqual({ checkpoint: null, skipped: [] });
    });

    it(`${olderPut === 'kept' ? 'keeps' : 'refuses (E701)'} an older checkpoint put after a newer one`, async () => {
      await putAll([cp(1), cp(4)]);
      const r = await t.store.put(cp(2));
      if (olderPut === 'kept') {
        expect(r).toMatchObject({ ok: true });
        expect(await t.store.get(RUN, 2)).toEqual({ ok: true, checkpoint: cp(2) });
      } else {
        expect(r).toMatchObject({ ok: false, code: 'E701' });
        expect(!r.ok && r.message).toMatch(/^E701: /);
        expect(await t.store.get(RUN, 2)).toBeNull();
      }
      // Either way the newest stays the newest, after a restart too.
      for (const s of [t.store, await t.reopen()]) {
        expect(await s.latest(RUN)).toEqual({ checkpoint: cp(4), skipped: [] });
        expect(await s.seqs(RUN)).toEqual(olderPut === 'kept' ? [1, 2, 4] : [1, 4]);
      }
    });

    it('keeps any run id under its own key', async () => {
      const ids = ['Run/../x', 'run/../x', '.', '..', 'a b%41!', 'CON', '日本 🚀', 'a\\b', 'x'.repeat(60)];
      const cps = ids.map((runId) => ({ ...cp(2), runId }));
      await putAll(cps);
      const again = await t.reopen();
      expect((await again.runs()).sort()).toEqual([...ids].sort());
      for (const c of cps) expect(await again.latest(c.runId)).toEqual({ checkpoint: c, skipped: [] });
    });

    it('refuses (E701) a checkpoint the codec would not read back, and stores nothing', async () => {
      const bad: Checkpoint[] = [
        { ...cp(2), seq: -1 },
        { ...cp(2), step: 99 },
        { ...cp(2), scenario: 'no-such-plan' },
        { ...cp(2), runId: '' },
        { ...cp(2), done: 'not ranges' },
      ];
      for (const c of bad) {
        const r = await t.store.put(c);
        expect(r).toMatchObject({ ok: false, code: 'E701' });
        expect(!r.ok && r.message).toMatch(/^E701: /);
      }
      const again = await t.reopen();
      expect(await again.runs()).toEqual([]);
      expect(await again.seqs(RUN)).toEqual([]);
    });

    it('skips records that are not checkpoints of ours (E702), newest first, back to the newest good one', async () => {
      await putAll([cp(1), cp(2)]);
      await t.corrupt(RUN, 3, 'not json {');
      await t.corrupt(RUN, 4, json({ name: 'x', version: '1.0.0' }));
      await t.corrupt(RUN, 5, json({ ...cp(5), schema: 'harness-sim.checkpoint/9' }));
      const { checkpoint, skipped } = await t.store.latest(RUN);
      expect(checkpoint).toEqual(cp(2));
      expect(codes(skipped)).toEqual(['E702', 'E702', 'E702']);
      // Newest first, each with its reason inside: the codec's own, or the store's own numbers.
      if (codecReasons) expect(skipped.map((s) => /E20\d/.exec(s.message)?.[0])).toEqual(['E203', 'E202', 'E201']);
      for (const s of skipped) expect(s.message).toMatch(/^E702: \S/);
      expect(new Set(skipped.map((s) => s.where)).size).toBe(3);
    });

    it('skips damaged checkpoints of ours (E703)', async () => {
      await putAll([cp(1)]);
      await t.corrupt(RUN, 2, json({ ...cp(2), scenario: 'no-such-plan' }));
      await t.corrupt(RUN, 3, json({ ...cp(3), done: '3-1-x' }));
      await t.corrupt(RUN, 4, json({ ...cp(4), step: 99 }));
      await t.corrupt(RUN, 5, json({ ...cp(5), pad: 'x'.repeat(MAX_CHECKPOINT_BYTES) }));
      const { checkpoint, skipped } = await t.store.latest(RUN);
      expect(checkpoint).toEqual(cp(1));
      expect(codes(skipped)).toEqual(['E703', 'E703', 'E703', 'E703']);
      for (const s of skipped) expect(s.message).toMatch(/^E703: /);
    });

    it('skips a checkpoint kept under another run or number (E704)', async () => {
      await putAll([cp(1), cp(2), cp(3)]);
      await t.corrupt(RUN, 4, serializeCheckpoint(cp(4, B)));
      await t.corrupt(RUN, 5, serializeCheckpoint(cp(3)));
      const { checkpoint, skipped } = await t.store.latest(RUN);
      expect(checkpoint).toEqual(cp(3));
      expect(codes(skipped)).toEqual(['E704', 'E704']);
      expect(await t.store.get(RUN, 4)).toMatchObject({ ok: false, skipped: { code: 'E704' } });
    });

    it('leaves what it skipped where it is, and reads past it once a good one is newer', async () => {
      await t.corrupt(RUN, 1, 'garbage');
      await t.corrupt(RUN, 2, json({ ...cp(2), step: 99 }));
      const none = await t.store.latest(RUN);
      expect(none.checkpoint).toBeNull();
      expect(codes(none.skipped)).toEqual(['E703', 'E702']);
      const again = await t.reopen();
      expect(await again.seqs(RUN)).toEqual([1, 2]);
      expect(await again.runs()).toEqual([RUN]);
      expect(await again.get(RUN, 1)).toMatchObject({ ok: false, skipped: { code: 'E702' } });
      await putAll([cp(3)]);
      expect(await again.latest(RUN)).toEqual({ checkpoint: cp(3), skipped: [] });
      expect(await again.seqs(RUN)).toEqual([1, 2, 3]);
    });
  });
}
