import { promisifyRequest, type UseStore } from 'idb-keyval';
import { hasPrefix, type Backend, type Tx } from './backend';
import { createRecordStore, type RecordStoreOptions } from './recordStore';
import { openDatabase as openCheckpointDatabase } from 'harness-core';
import { DB_NAME, STORE_NAME } from './keys';
import type { PageStore } from './types';

/**
 * The IndexedDB store, on idb-keyval's `UseStore` seam: its own database (idb-keyval cannot
 * add an object store to an existing database), records keyed by arrays. A checkpoint write
 * reads the run index, stages new chunks, the record and the index, and commits them in ONE
 * readwrite transaction (the sequence guard and "no record without its chunks" need that;
 * `setMany` and `update` each cover only part of it).
 */

export { DB_NAME } from './keys';

/**
 * How durable a write is once its transaction completes (and `put` resolves). 'relaxed' (the
 * browser's default in Chromium) survives a crash of the tab or the browser; 'strict' also
 * flushes to the disk before `complete`, so it survives a power loss. Chosen by measurement:
 * `npm run bench -- storage` times both (docs/BENCHMARKS.md, storage; bench/README.md, Storage); the persistence README
 * states the guarantee.
 */
export const CHECKPOINT_DURABILITY: IDBTransactionDurability = 'strict';

/** The page's database, opened by harness-core's one opener (blocked, closed and Safari's silent close handled). */
export const openDatabase = (
  factory: IDBFactory,
  dbName = DB_NAME,
  storeName = STORE_NAME,
  durability: IDBTransactionDurability = CHECKPOINT_DURABILITY,
): UseStore => openCheckpointDatabase(factory, dbName, storeName, durability);

/** Arrays sort after strings and numbers, so [...prefix, []] bounds every key below prefix. */
const below = (prefix: readonly string[]) => IDBKeyRange.bound([...prefix], [...prefix, []]);

function txOver(store: IDBObjectStore): Tx {
  return {
    get: (key) => promisifyRequest(store.get(key)),
    has: (key) => promisifyRequest(store.count(key)).then((n) => n > 0),
    async keys(prefix) {
      if (prefix.length === 0) return promisifyRequest(store.getAllKeys());
      return (await promisifyRequest(store.getAllKeys(below(prefix)))).filter((k) => hasPrefix(k, prefix));
    },
    async entries(prefix) {
      // One range, read twice in one transaction: the keys and the values come in the same order.
      const [keys, values] = await Promise.all([
        promisifyRequest(store.getAllKeys(below(prefix))),
        promisifyRequest(store.getAll(below(prefix))),
      ]);
      return keys.flatMap((k, i): [IDBValidKey, unknown][] => (hasPrefix(k, prefix) ? [[k, values[i]]] : []));
    },
    put: (key, value) => void store.put(value, key),
    del: (key) => void store.delete(key),
  };
}

/** A Backend on an idb-keyval store: each call is one IndexedDB transaction. */
export function idbBackend(useStore: UseStore): Backend {
  function run<T>(mode: IDBTransactionMode, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return useStore(mode, (store) => {
        // An aborted transaction rejects with its error, which is null when nobody said why.
        const done = promisifyRequest(store.transaction).catch((e: unknown) => {
          throw e ?? new DOMException('The transaction was aborted.', 'AbortError');
        });
        // Observed below; this keeps an abort after a failed `fn` from being an unhandled rejection.
        done.catch(() => undefined);
        return fn(txOver(store)).then(
          async (result) => {
            await done;
            return result;
          },
          (e: unknown) => {
            try {
              store.transaction.abort();
            } catch {
              // Already finished: nothing was left to undo.
            }
            throw e;
          },
        );
      });
    } catch (e) {
      // idb-keyval's default store throws synchronously when there is no indexedDB at all.
      return Promise.reject(e);
    }
  }
  return { kind: 'indexeddb', read: (fn) => run('readonly', fn), write: (fn) => run('readwrite', fn) };
}

interface IdbStoreOptions extends RecordStoreOptions {
  /** The idb-keyval store to use; by default the `harness-sim` database of `indexedDB`. */
  useStore?: UseStore;
  /** The IndexedDB factory; by default the page's `indexedDB`. */
  indexedDB?: IDBFactory;
  dbName?: string;
}

/** The page's store on IndexedDB. Open it through `openCheckpointStore`, which probes first. */
export function createIdbStore(opts: IdbStoreOptions = {}): PageStore {
  const useStore = opts.useStore ?? openDatabase(opts.indexedDB ?? indexedDB, opts.dbName ?? DB_NAME);
  return createRecordStore(idbBackend(useStore), opts);
}
