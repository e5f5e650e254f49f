import { randomUUID } from 'node:crypto';
import { set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDB_STORE_NAME, createIdbStore } from './idbStore.js';
import { keepLease } from './keepLease.js';
import { openDatabase } from './openDatabase.js';
import { plans, runCheckpoints } from './fixtures.test-kit.js';
import { ledgerSuite } from './ledgerSuite.test-kit.js';
import { runnerSuite } from './runner.test-kit.js';
import { storeSuite, type StoreUnderTest } from './suite.js';

/** fake-indexeddb (a vitest setup file) gives the tests `indexedDB`. */
const deleteDatabase = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });

const make = async (): Promise<StoreUnderTest> => {
  const name = `hc-${randomUUID()}`;
  return {
    store: createIdbStore({ name, plans }),
    reopen: async () => createIdbStore({ name, plans }),
    async corrupt(runId, seq, contents) {
      // As another program would: JSON as the object it parses to, anything else as text.
      let value: unknown = contents;
      try {
        value = JSON.parse(contents);
      } catch {
        // stays text
      }
      await set([runId, seq], value, openDatabase(indexedDB, name, IDB_STORE_NAME));
    },
    cleanup: () => deleteDatabase(name),
  };
};
storeSuite('IndexedDB store', make);
runnerSuite('IndexedDB store', make);
ledgerSuite('IndexedDB store', make);

describe('the IndexedDB store', () => {
  const A = runCheckpoints('run-a');
  const name = `hc-${randomUUID()}`;
  afterEach(async () => {
    vi.restoreAllMocks();
    await deleteDatabase(name);
  });

  it("asks for 'strict' durability on every write", async () => {
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const store = createIdbStore({ name, plans });
    for (const c of A) expect(await store.put(c)).toEqual({ ok: true });
    const writes = transaction.mock.calls.filter((call) => call[1] === 'readwrite');
    expect(writes).toHaveLength(A.length);
    expect(writes.every((call) => call[2]?.durability === 'strict')).toBe(true);
  });

  it('answers a failed write (quota) with E705, not a throw, and keeps what was there', async () => {
    const store = createIdbStore({ name, plans });
    await store.put(A[0]!);
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const r = await store.put(A[1]!);
    expect(r).toMatchObject({ ok: false, code: 'E705' });
    expect(!r.ok && r.message).toMatch(/^E705: .*quota/);
    expect(await store.seqs('run-a')).toEqual([1]);
  });

  it('keeps each checkpoint under [runId, seq]', async () => {
    const store = createIdbStore({ name, plans });
    await store.put(A[2]!);
    const r = await store.get('run-a', 3);
    expect(r).toEqual({ ok: true, checkpoint: A[2] });
    expect(await store.get('run-a', 1)).toBeNull();
  });

  it('keeps a lease alive while a call runs, and says when another holder took the run', async () => {
    const store = createIdbStore({ name, plans });
    await store.put(A[0]!);
    const a = await store.acquire('run-a', 'worker-a', { ttlMs: 1500 });
    if (!a.ok) throw new Error(a.message);
    const kept = keepLease(store, a.lease, 50);
    await new Promise((r) => setTimeout(r, 2000));
    // Renewed past its 1.5 s: still held, and a second holder is refused.
    expect(kept.lost()).toBeNull();
    expect(await store.acquire('run-a', 'worker-b')).toMatchObject({ ok: false, code: 'E706' });
    expect(await store.acquire('run-a', 'worker-b', { steal: true })).toMatchObject({ ok: true });
    for (let i = 0; i < 100 && kept.lost() === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(kept.lost()).toMatch(/^E706: Another process holds run "run-a" \("worker-b" took it/);
    kept.stop();
  });
});
