import type { UseStore } from 'idb-keyval';
import { describeError, storageError } from './errors';
import { DB_NAME, createIdbStore, idbBackend, openDatabase } from './idbStore';
import { createMemoryStore } from './memoryStore';
import type { RecordStoreOptions } from './recordStore';
import type { CheckpointStore } from './types';

/**
 * Opening storage never fails: IndexedDB is probed with a real write, and anything wrong
 * (missing, throwing, blocked, private mode, too slow) falls back to memory with a notice
 * that says a reload will not resume (Excalidraw's LocalData: say so, fall back, go on).
 */

export interface OpenOptions extends RecordStoreOptions {
  /** Use this store as it is (tests, or a page that already opened one). */
  store?: CheckpointStore;
  /** The IndexedDB factory; by default the page's. `null` acts as if the browser had none. */
  indexedDB?: IDBFactory | null;
  /** A custom idb-keyval store, e.g. one that fails its writes. */
  useStore?: UseStore;
  dbName?: string;
  /** How long the probe may take before IndexedDB counts as blocked (ms). */
  timeoutMs?: number;
}

export interface OpenedStore {
  store: CheckpointStore;
  status: 'indexeddb' | 'memory';
  /** Why storage is in memory; absent when IndexedDB works. */
  notice?: string;
}

/** The probe: one readwrite transaction that writes and removes a key (private modes refuse writes). */
async function probe(useStore: UseStore, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException(`no answer within ${timeoutMs} ms (blocked?)`, 'TimeoutError')), timeoutMs);
  });
  try {
    await Promise.race([
      idbBackend(useStore).write(async (tx) => {
        tx.put(['probe'], 1);
        tx.del(['probe']);
      }),
      slow,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the checkpoint store: IndexedDB when it works, memory (with a notice) when not. */
export async function openCheckpointStore(opts: OpenOptions = {}): Promise<OpenedStore> {
  if (opts.store) return { store: opts.store, status: opts.store.kind };
  const memory = (why: string): OpenedStore => ({ store: createMemoryStore(opts), status: 'memory', notice: storageError('E501', why) });
  let useStore = opts.useStore;
  if (!useStore) {
    let factory: IDBFactory | null | undefined;
    try {
      // Merely reading `indexedDB` throws a SecurityError where storage is denied (sandboxed
      // frames, some private modes, blocked cookies).
      factory = opts.indexedDB === undefined ? (globalThis as { indexedDB?: IDBFactory }).indexedDB : opts.indexedDB;
    } catch (e) {
      return memory(describeError(e));
    }
    if (!factory) return memory('this browser has no IndexedDB');
    useStore = openDatabase(factory, opts.dbName ?? DB_NAME);
  }
  try {
    await probe(useStore, opts.timeoutMs ?? 3000);
  } catch (e) {
    return memory(describeError(e));
  }
  return { store: createIdbStore({ now: opts.now, timer: opts.timer, useStore }), status: 'indexeddb' };
}
