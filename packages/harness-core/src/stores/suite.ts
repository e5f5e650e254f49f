import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeCheckpoint } from '../checkpoint.js';
import { MAX_CHECKPOINT_BYTES, type Checkpoint } from '../checkpointShape.js';
import { runCheckpoints } from './fixtures.test-kit.js';
import type { CheckpointStore, Lease, PutResult, StoreErrorCode } from './types.js';

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
 * Where a store may differ from the package's three without breaking a guarantee. The defaults are
 * the package's stores; the simulator's page store (src/persistence/coreStore.test.ts) sets the rest.
 */
interface SuiteOptions {
  /**
   * The checkpoints of one run of `runId`, seq 1 upward, at least five (the first five are
   * used); by default the kit's plan. A store that checks checkpoints against plans of its own
   * passes checkpoints of one of them.
   */
  checkpoints?: (runId: string) => Checkpoint[];
  /** Whether a foreign record's message carries the codec's own number (E201–E203), or the store's own. */
  codecReasons?: boolean;
  /**
   * How a second holder's `acquire` meets a live first one: `exclusive` (refused, E706, until the
   * first lets go, lapses or is stolen from: the package's stores) or `newest-wins` (it takes the
   * run, and the first one's writes are refused: the page's tabs, elected before they claim).
   * Either way exactly one of them makes progress.
   */
  leases?: 'exclusive' | 'newest-wins';
  /** The code of a write the fence refuses: E706, or the page's E701 (`E701: E519: Another tab drives run …`). */
  fenceCode?: StoreErrorCode;
  /** Whether `latest` moves the damaged records newer than the checkpoint it stands on aside (the page keeps them in place). */
  movesAside?: boolean;
  /**
   * What the sequence guard counts: every record stored (`records`), or the run index the
   * store's own writes keep (`index`: the page's), which a record planted behind its back is not in.
   */
  seqGuard?: 'records' | 'index';
}

const RUN = 'run-a';
const json = (value: unknown): string => JSON.stringify(value);

export function storeSuite(name: string, make: () => Promise<StoreUnderTest>, options: SuiteOptions = {}): void {
  const {
    checkpoints = runCheckpoints,
    codecReasons = true,
    leases = 'exclusive',
    fenceCode = 'E706',
    movesAside = true,
    seqGuard = 'records',
  } = options;
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

    it('refuses (E701) a checkpoint not newer than the newest stored: none is ever overwritten', async () => {
      await putAll([cp(1), cp(4)]);
      for (const older of [cp(2), cp(4)]) {
        const r = await t.store.put(older);
        expect(r).toMatchObject({ ok: false, code: 'E701' });
        expect(!r.ok && r.message).toMatch(/^E701: /);
      }
      expect(await t.store.get(RUN, 2)).toBeNull();
      // The newest stays the newest, after a restart too.
      for (const s of [t.store, await t.reopen()]) {
        expect(await s.latest(RUN)).toEqual({ checkpoint: cp(4), skipped: [] });
        expect(await s.seqs(RUN)).toEqual([1, 4]);
      }
    });

    it('never mixes a fresh run into a used run id: its first checkpoint is refused, and so is a fresh lease (E707)', async () => {
      // Issue 44, defect 1: run 1 wrote five; run 2 under the same id started again at 1.
      await putAll(A);
      const again = await t.reopen();
      const r = await again.put(cp(1));
      expect(r).toMatchObject({ ok: false, code: 'E701' });
      expect(!r.ok && r.message).toMatch(/not newer than .*5/);
      const fresh = await again.acquire(RUN, 'run-2', { fresh: true });
      expect(fresh).toMatchObject({ ok: false, code: 'E707' });
      expect(!fresh.ok && fresh.message).toMatch(/^E707: .*run-a/);
      expect(await again.latest(RUN)).toEqual({ checkpoint: cp(5), skipped: [] });
      // An id never used takes a fresh lease.
      expect(await again.acquire('run-b', 'run-2', { fresh: true })).toMatchObject({ ok: true });
    });

    it('lets exactly one of two holders of one run make progress; the other is told another holds it', async () => {
      await putAll([cp(1)]);
      const [first, second] = [t.store, await t.reopen()];
      const a = await first.acquire(RUN, 'worker-a');
      const b = await second.acquire(RUN, 'worker-b');
      expect(a).toMatchObject({ ok: true, lease: { runId: RUN, owner: 'worker-a' } });
      if (leases === 'exclusive') {
        expect(b).toMatchObject({ ok: false, code: 'E706' });
        expect(!b.ok && b.message).toMatch(/^E706: Another process holds run "run-a" \(.*worker-a/);
      } else expect(b).toMatchObject({ ok: true });
      const leaseOf = (r: typeof a): Lease | undefined => (r.ok ? r.lease : undefined);
      const results: [string, PutResult][] = [];
      for (let seq = 2; seq <= 5; seq++) {
        results.push(['a', await first.put(cp(seq), leaseOf(a))]);
        results.push(['b', await second.put(cp(seq), leaseOf(b))]);
      }
      const wins = (who: string) => results.filter(([w, r]) => w === who && r.ok).length;
      // One holder wrote all four, the other none.
      expect([wins('a'), wins('b')].sort()).toEqual([0, 4]);
      for (const [, r] of results.filter(([, r]) => !r.ok)) {
        expect(r).toMatchObject({ ok: false });
        if (!r.ok && r.code !== 'E701') expect(r.code).toBe(fenceCode);
      }
      const loser = results.filter(([w]) => w === (wins('a') === 4 ? 'b' : 'a')).map(([, r]) => r);
      expect(
        loser.some((r) => !r.ok && r.code === fenceCode && /another/i.test(r.message) && r.message.includes(RUN)),
      ).toBe(true);
      expect(await t.store.seqs(RUN)).toEqual([1, 2, 3, 4, 5]);
    });

    it.runIf(leases === 'exclusive')(
      'gives a run to one of several holders taking it at the same instant',
      async () => {
        await putAll([cp(1)]);
        const holders = [t.store, await t.reopen(), await t.reopen()];
        const results = await Promise.all(holders.map((s, i) => s.acquire(RUN, `worker-${i}`)));
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ ok: false, code: 'E706' });
      },
    );

    it('fences a holder once another takes the run over (steal): its writes and renewals are refused', async () => {
      await putAll([cp(1)]);
      const [first, second] = [t.store, await t.reopen()];
      const a = await first.acquire(RUN, 'worker-a');
      if (!a.ok) throw new Error(a.message);
      expect(await first.put(cp(2), a.lease)).toMatchObject({ ok: true });
      const b = await second.acquire(RUN, 'worker-b', { steal: true });
      if (!b.ok) throw new Error(b.message);
      expect(b.lease.token).toBeGreaterThan(a.lease.token);
      const late = await first.put(cp(3), a.lease);
      expect(late).toMatchObject({ ok: false, code: fenceCode });
      expect(!late.ok && late.message).toMatch(/another/i);
      expect(await first.renew(a.lease)).toMatchObject({ ok: false, code: fenceCode });
      expect(await second.put(cp(3), b.lease)).toMatchObject({ ok: true });
      expect(await second.renew(b.lease)).toMatchObject({ ok: true });
      // Letting go of a lease taken over leaves the new holder's as it is.
      await first.release(a.lease);
      expect(await second.put(cp(4), b.lease)).toMatchObject({ ok: true });
      expect(await t.store.latest(RUN)).toEqual({ checkpoint: cp(4), skipped: [] });
    });

    it.runIf(leases === 'exclusive')('frees a run its holder let go of, or whose lease lapsed', async () => {
      await putAll([cp(1)]);
      const [first, second] = [t.store, await t.reopen()];
      const a = await first.acquire(RUN, 'worker-a');
      if (!a.ok) throw new Error(a.message);
      await first.release(a.lease);
      const b = await second.acquire(RUN, 'worker-b', { ttlMs: 1 });
      if (!b.ok) throw new Error(b.message);
      expect(b.lease.token).toBe(a.lease.token + 1);
      // A released lease writes no more.
      expect(await first.put(cp(2), a.lease)).toMatchObject({ ok: false, code: 'E706' });
      await new Promise((r) => setTimeout(r, 30));
      const c = await first.acquire(RUN, 'worker-c');
      expect(c).toMatchObject({ ok: true, lease: { token: b.lease.token + 1 } });
      expect(await second.put(cp(2), b.lease)).toMatchObject({ ok: false, code: 'E706' });
    });

    it("refuses (E701) a write under another run's lease, and stores nothing", async () => {
      const other = await t.store.acquire('run-b', 'worker-a');
      if (!other.ok) throw new Error(other.message);
      const put = await t.store.put(cp(1), other.lease);
      expect(put).toMatchObject({ ok: false, code: 'E701' });
      expect(!put.ok && put.message).toMatch(/the lease is for run "run-b"/);
      expect(await t.store.seqs(RUN)).toEqual([]);
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
      expect(await t.store.get(RUN, 4)).toMatchObject({ ok: false, skipped: { code: 'E704' } });
      const { checkpoint, skipped } = await t.store.latest(RUN);
      expect(checkpoint).toEqual(cp(3));
      expect(codes(skipped)).toEqual(['E704', 'E704']);
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

    it(`${movesAside ? 'moves' : 'keeps'} damaged checkpoints newer than the one a resume stands on ${movesAside ? 'aside, and says so' : 'in place'}; the resumed run writes on`, async () => {
      await putAll([cp(1), cp(2), cp(3)]);
      await t.corrupt(RUN, 4, 'not json {');
      // Each field reads, but its ledger has a row for a step outside its plan (E205, defect 5).
      const stray = { step: cp(5).plan.total + 1, attempt: 1, outcome: 'ok', at: 1 };
      await t.corrupt(RUN, 5, json({ ...cp(5), ledger: [...cp(5).ledger, stray] }));
      const { checkpoint, skipped } = await t.store.latest(RUN);
      expect(checkpoint).toEqual(cp(3));
      expect(codes(skipped)).toEqual(['E703', 'E702']);
      if (!movesAside) return;
      const moved = skipped.map((s) => s.movedTo);
      expect(moved.every((m) => typeof m === 'string' && m !== '')).toBe(true);
      expect(new Set(moved).size).toBe(2);
      // Gone from the run's numbers, so the resumed run's next writes land beside them, not on them.
      expect(await t.store.seqs(RUN)).toEqual([1, 2, 3]);
      await putAll([cp(4), cp(5)]);
      expect(await t.store.latest(RUN)).toEqual({ checkpoint: cp(5), skipped: [] });
      // Damaged again under the same number: moved beside the first, not over it.
      await t.corrupt(RUN, 6, 'garbage');
      const again = await t.store.latest(RUN);
      expect(again.skipped.map((s) => s.movedTo)).toHaveLength(1);
      expect(moved).not.toContain(again.skipped[0]?.movedTo);
    });

    it('with only damaged checkpoints, moves nothing and lets no run start again at step 1', async () => {
      await t.corrupt(RUN, 1, 'garbage');
      await t.corrupt(RUN, 2, json({ ...cp(2), done: '1-3' }));
      const latest = await t.store.latest(RUN);
      expect(latest.checkpoint).toBeNull();
      expect(codes(latest.skipped)).toEqual(['E703', 'E702']);
      expect(latest.skipped.every((s) => s.movedTo === undefined)).toBe(true);
      expect(await t.store.seqs(RUN)).toEqual([1, 2]);
      // A run that starts over anyway is refused at its first write, and a fresh lease too.
      if (seqGuard === 'records') expect(await t.store.put(cp(1))).toMatchObject({ ok: false, code: 'E701' });
      expect(await t.store.acquire(RUN, 'worker', { fresh: true })).toMatchObject({ ok: false, code: 'E707' });
    });
  });
}
