import { describe, expect, it } from 'vitest';
import { checkpointsOf } from './harness.test-kit';
import { CHECKPOINT_DURABILITY, createIdbStore, openDatabase } from './idbStore';

/**
 * What an acknowledged write survives: every readwrite transaction of the store asks for the
 * durability the persistence README promises ('strict': flushed to the disk before `complete`,
 * so before `put` resolves), chosen by the storage bench's A/B.
 */
describe('write durability', () => {
  it("asks IndexedDB for 'strict' durability on every write of a checkpoint", async () => {
    expect(CHECKPOINT_DURABILITY).toBe('strict');
    const asked: (IDBTransactionOptions | undefined)[] = [];
    // The real (fake-indexeddb) factory, with each database's `transaction` watched.
    const watched: IDBFactory = Object.create(indexedDB) as IDBFactory;
    watched.open = (name: string, version?: number) => {
      const req = indexedDB.open(name, version);
      req.addEventListener('success', () => {
        const db = req.result;
        const tx = db.transaction.bind(db);
        db.transaction = ((names: string | string[], mode?: IDBTransactionMode, options?: IDBTransactionOptions) => {
          if (mode === 'readwrite') asked.push(options);
          return tx(names, mode, options);
        }) as IDBDatabase['transaction'];
      });
      return req;
    };
    const store = createIdbStore({ useStore: openDatabase(watched, 'harness-sim-durability') });
    const cps = checkpointsOf('migration-40', { runId: 'run-d' }).slice(0, 3);
    expect((await store.createRun({ runId: 'run-d', scenario: 'migration-40', seed: 1, branch: null })).ok).toBe(true);
    for (const cp of cps) expect((await store.put(cp)).ok).toBe(true);
    expect(asked.length).toBeGreaterThanOrEqual(1 + cps.length);
    expect(asked.every((o) => o?.durability === 'strict')).toBe(true);
  });
});
