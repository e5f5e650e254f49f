import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../engine';
import type { UseStore } from 'idb-keyval';
import { createIdbStore, openDatabase } from './idbStore';
import { openCheckpointStore } from './open';
import { checkpointsOf } from './harness.test-kit';

/** Faults of the browser's storage that the page must survive without a reload. */

const cps = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
let n = 0;
const freshName = () => `faults-test-${++n}`;

describe('a connection the browser closed without a close event (Safari)', () => {
  it('the next write opens the database again instead of failing until a reload', async () => {
    const useStore = openDatabase(indexedDB, freshName());
    const store = createIdbStore({ useStore });
    const [a, b] = cps as [Checkpoint, Checkpoint];
    expect((await store.put(a)).ok).toBe(true);
    // close() fires no `close` event: the page is left holding a closed connection.
    const db = await useStore('readonly', async (s) => s.transaction.db);
    db.close();
    const r = await store.put(b);
    expect(r).toMatchObject({ ok: true });
    expect((await store.latest(a.runId)).checkpoint?.seq).toBe(b.seq);
  });
});

describe('an IndexedDB slow to answer at boot', () => {
  it('starts in memory and says so, keeps asking, and hands over IndexedDB once it answers', async () => {
    const real = openDatabase(indexedDB, freshName());
    let calls = 0;
    // The first transaction (the boot probe) never answers; later ones do.
    const slowOnce: UseStore = (mode, fn) => (++calls === 1 ? new Promise(() => undefined) : real(mode, fn));
    const opened = await openCheckpointStore({ useStore: slowOnce, timeoutMs: 20 });
    expect(opened.status).toBe('memory');
    expect(opened.notice).toMatch(/^E518: .*moves the run to IndexedDB/);
    const later = await opened.later;
    expect(later?.status).toBe('indexeddb');
    expect((await later?.store.put(cps[0] as Checkpoint))?.ok).toBe(true);
  });

  it('a browser that never answers leaves the run in memory, and the retry settles with null', async () => {
    const never: UseStore = () => new Promise(() => undefined);
    const opened = await openCheckpointStore({ useStore: never, timeoutMs: 5 });
    expect(opened.status).toBe('memory');
    expect(await opened.later).toBeNull();
  });
});

describe('a handover between tabs (fencing)', () => {
  it("the old driver's write in flight is refused once the new driver has claimed the run", async () => {
    const store = createIdbStore({ useStore: openDatabase(indexedDB, freshName()) });
    const [a, b, c] = cps as [Checkpoint, Checkpoint, Checkpoint];
    expect((await store.put(a, { tab: 'old', epoch: 1, claim: true })).ok).toBe(true);
    expect(await store.claim(a.runId, 'new')).toBe(2);
    const late = await store.put(b, { tab: 'old', epoch: 1 });
    expect(late).toMatchObject({
      ok: false,
      stale: true,
      code: 'E701',
      message: expect.stringMatching(/^E701: E519: Another tab drives run/),
    });
    expect((await store.put(c, { tab: 'new', epoch: 2 })).ok).toBe(true);
    expect((await store.latest(a.runId)).checkpoint?.seq).toBe(c.seq);
  });
});

describe('hostile text in a message', () => {
  it('has its bidi controls escaped, so it cannot reorder the message around it', async () => {
    const { quote } = await import('./errors');
    expect(quote('a\u202Etxt.exe')).toBe('"a\\u202etxt.exe"');
    expect(quote('\u2067x\u2069')).not.toMatch(/[\u2066-\u2069]/);
  });
});

describe('a stored record nested absurdly deep', () => {
  it('is skipped with its reason; listing runs and resuming go on', async () => {
    const { set } = await import('idb-keyval');
    const useStore = openDatabase(indexedDB, freshName());
    const store = createIdbStore({ useStore });
    for (const cp of cps) expect((await store.put(cp)).ok).toBe(true);
    let deep: unknown[] = [];
    for (let i = 0; i < 1000; i++) deep = [deep];
    await set(['run', 'deep-run'], { schema: 'harness-sim.run/1', runId: 'deep-run', branch: deep }, useStore);
    await set(
      ['cp', cps[0]!.runId, 999],
      { schema: 'harness-sim.stored-checkpoint/2', size: 1, stored: 1, ledger: deep, refs: deep, body: {} },
      useStore,
    );
    const { runs, skipped } = await store.listRuns();
    expect(runs.map((r) => r.runId)).toEqual([cps[0]!.runId]);
    expect(skipped.find((s) => s.where.includes('deep-run'))?.message).toMatch(/^E703: E513: .*deeper than 32/);
    const newest = await store.latest(cps[0]!.runId);
    expect(newest.checkpoint?.seq).toBe(cps.at(-1)!.seq);
    expect(newest.skipped[0]?.message).toMatch(/^E703: E513: /);
  });
});
