import { type UseStore } from 'idb-keyval';

/**
 * Opening an IndexedDB database for a checkpoint store: one opener for harness-core's store and
 * the simulator's (src/persistence/idbStore.ts).
 */

/**
 * Opens `dbName`, creating its one object store on the first visit. Unlike a bare `open`, a
 * blocked open rejects instead of waiting forever.
 */
export function requestDatabase(factory: IDBFactory, dbName: string, storeName: string): Promise<IDBDatabase> {
  const request = factory.open(dbName);
  request.onupgradeneeded = () => request.result.createObjectStore(storeName);
  return new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () =>
      reject(new DOMException(`Opening database "${dbName}" is blocked by another tab.`, 'BlockedError'));
  });
}

/**
 * idb-keyval's `createStore`, with five changes: the factory is a parameter (tests inject one,
 * and a missing `indexedDB` becomes a rejected promise rather than a synchronous throw); a
 * blocked open rejects instead of waiting forever; another tab's upgrade or deletion of the
 * database closes this connection instead of being blocked by it; a connection closed without a
 * `close` event (Safari) is opened again once; and every transaction asks for `durability`
 * (`strict`: flushed to the disk before `complete`, so an acknowledged write survives a power loss).
 */
export function openDatabase(
  factory: IDBFactory,
  dbName: string,
  storeName: string,
  durability: IDBTransactionDurability = 'strict',
): UseStore {
  let dbp: Promise<IDBDatabase> | undefined;
  const getDB = (): Promise<IDBDatabase> => {
    if (dbp) return dbp;
    const p = requestDatabase(factory, dbName, storeName);
    dbp = p;
    p.then(
      (db) => {
        db.onclose = () => (dbp = undefined);
        db.onversionchange = () => {
          db.close();
          dbp = undefined;
        };
      },
      () => (dbp = undefined),
    );
    return p;
  };
  // Safari can close a connection without a `close` event: the next transaction then throws
  // InvalidStateError. Open again once instead of failing every write until a reload.
  const options: IDBTransactionOptions = { durability };
  const transaction = async (txMode: IDBTransactionMode): Promise<IDBObjectStore> => {
    const db = await getDB();
    try {
      return db.transaction(storeName, txMode, options).objectStore(storeName);
    } catch (e) {
      if ((e as { name?: unknown } | null)?.name !== 'InvalidStateError') throw e;
      dbp = undefined;
      return (await getDB()).transaction(storeName, txMode, options).objectStore(storeName);
    }
  };
  return (txMode, callback) => {
    try {
      return transaction(txMode).then(callback);
    } catch (e) {
      return Promise.reject(e);
    }
  };
}
