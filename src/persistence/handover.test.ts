import { describe, expect, it } from 'vitest';
import type { UseStore } from 'idb-keyval';
import type { Checkpoint } from '../engine';
import { createIdbStore, openDatabase } from './idbStore';
import { checkpointsOf } from './harness.test-kit';

/**
 * The race of a handover: the old driver's write is still in flight when the follower claims
 * the run. Two tabs are two stores on one database, each with its own connection; the old
 * tab's write is held before its transaction starts (a tab busy or throttled in the background).
 */

const cps = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
let n = 0;

/** A useStore whose transactions wait, while `hold` is pending, before they begin. */
function held(real: UseStore) {
  let release = () => undefined as void;
  let gate: Promise<void> | null = null;
  const useStore: UseStore = (mode, fn) => (gate ? gate.then(() => real(mode, fn)) : real(mode, fn));
  return {
    useStore,
    hold: () => (gate = new Promise<void>((r) => (release = r))),
    release: () => {
      gate = null;
      release();
    },
  };
}

function twoTabs() {
  const name = `handover-test-${++n}`;
  const slow = held(openDatabase(indexedDB, name));
  return {
    old: createIdbStore({ useStore: slow.useStore }),
    fresh: createIdbStore({ useStore: openDatabase(indexedDB, name) }),
    slow,
  };
}

describe('a handover while the old driver has a write in flight', () => {
  it('a write still waiting when the new driver claims never lands: E519, and the new view stays the newest durable', async () => {
    const { old, fresh, slow } = twoTabs();
    const [a, b, c] = cps as [Checkpoint, Checkpoint, Checkpoint];
    expect((await old.put(a, { tab: 'old', epoch: 1, claim: true })).ok).toBe(true);
    slow.hold();
    const late = old.put(b, { tab: 'old', epoch: 1 });
    // The follower takes over and re-reads storage before driving, as the store's handover does.
    expect(await fresh.claim(a.runId, 'new')).toBe(2);
    const view = (await fresh.latest(a.runId)).checkpoint;
    expect(view?.seq).toBe(a.seq);
    slow.release();
    expect(await late).toMatchObject({
      ok: false,
      stale: true,
      code: 'E701',
      message: expect.stringMatching(/^E701: E519: /),
    });
    // Nothing of the old write landed after the claim: the newest durable is still what the view read.
    expect((await fresh.latest(a.runId)).checkpoint?.seq).toBe(view?.seq);
    expect((await fresh.list(a.runId)).items.map((i) => i.seq)).toEqual([a.seq]);
    // And the new driver goes on from it.
    expect((await fresh.put(c, { tab: 'new', epoch: 2 })).ok).toBe(true);
    expect((await fresh.latest(a.runId)).checkpoint?.seq).toBe(c.seq);
  });

  it("an elected driver's first, claiming write still waiting when another tab claims never takes the run back", async () => {
    const { old, fresh, slow } = twoTabs();
    const [a, b, c] = cps as [Checkpoint, Checkpoint, Checkpoint];
    expect((await fresh.put(a, { tab: 'first', epoch: 1, claim: true })).ok).toBe(true);
    // 'old' was elected having read epoch 1; its first write claims from it, and is held while 'new' claims.
    slow.hold();
    const late = old.put(b, { tab: 'old', epoch: 2, claim: true });
    expect(await fresh.claim(a.runId, 'new')).toBe(2);
    slow.release();
    expect(await late).toMatchObject({
      ok: false,
      stale: true,
      code: 'E701',
      message: expect.stringMatching(/^E701: E519: /),
    });
    // The new driver still drives: its write lands, the old one's did not.
    expect((await fresh.put(c, { tab: 'new', epoch: 2 })).ok).toBe(true);
    expect((await fresh.list(a.runId)).items.map((i) => i.seq)).toEqual([c.seq, a.seq]);
  });

  it('a claiming write from the epoch it read takes the run (its driver left), whatever the clock says', async () => {
    // Before the counter, claims were ordered by wall time: a clock stepped back let an old
    // claiming write take the run back. Epochs are counted by the store, not read off a clock.
    const { old, fresh } = twoTabs();
    const [a, b, c] = cps as [Checkpoint, Checkpoint, Checkpoint];
    expect((await fresh.put(a, { tab: 'first', epoch: 1, claim: true })).ok).toBe(true);
    expect(await fresh.claim(a.runId, 'gone')).toBe(2);
    expect((await old.put(b, { tab: 'old', epoch: 3, claim: true })).ok).toBe(true);
    // Neither earlier holder writes again, nor does a claim from an epoch already passed.
    for (const w of [
      { tab: 'first', epoch: 1 },
      { tab: 'gone', epoch: 2 },
      { tab: 'late', epoch: 2, claim: true },
    ])
      expect(await fresh.put(c, w)).toMatchObject({
        ok: false,
        code: 'E701',
        message: expect.stringMatching(/^E701: E519: /),
      });
    expect((await fresh.run(a.runId))?.epoch).toBe(3);
  });

  it("a claimed run refuses a write without a writer (a follower's edit): the driver's next write lands", async () => {
    // The review's probe: B claims, A's writer-less checkpoint landed, then B's own was refused (E503).
    const { old, fresh } = twoTabs();
    const [a, b] = cps as [Checkpoint, Checkpoint];
    expect((await old.put(a, { tab: 'A', epoch: 1, claim: true })).ok).toBe(true);
    expect(await fresh.claim(a.runId, 'B')).toBe(2);
    expect(await old.put(b)).toMatchObject({
      ok: false,
      stale: true,
      code: 'E701',
      message: expect.stringMatching(/^E701: E519: /),
    });
    expect((await fresh.put(b, { tab: 'B', epoch: 2 })).ok).toBe(true);
    expect((await fresh.list(a.runId)).items.map((i) => i.seq)).toEqual([b.seq, a.seq]);
  });

  it('a write whose transaction began before the claim lands first, and the re-read after the claim sees it', async () => {
    const { old, fresh } = twoTabs();
    const [a, b] = cps as [Checkpoint, Checkpoint];
    expect((await old.put(a, { tab: 'old', epoch: 1, claim: true })).ok).toBe(true);
    // IndexedDB runs overlapping read-write transactions in the order they were made.
    const first = old.put(b, { tab: 'old', epoch: 1 });
    const claimed = fresh.claim(a.runId, 'new');
    expect((await first).ok).toBe(true);
    expect(await claimed).toBe(2);
    expect((await fresh.latest(a.runId)).checkpoint?.seq).toBe(b.seq);
    expect(await old.put({ ...b, seq: b.seq + 1 }, { tab: 'old', epoch: 1 })).toMatchObject({ ok: false, stale: true });
  });
});
