import type { UseStore } from 'idb-keyval';
import { describeError, storageError } from './errors';
import { DB_NAME, createIdbStore, idbBackend, openDatabase } from './idbStore';
import { createMemoryStore } from './memoryStore';
import type { RecordStoreOptions } from './recordStore';
import type { PageStore } from './types';

/**
 * Opening storage never fails: IndexedDB is probed with a real write, and anything wrong
 * (missing, throwing, blocked, private mode, too slow) falls back to memory with a notice
 * that says a reload will not resume (Excalidraw's LocalData: say so, fall back, go on).
 */

interface OpenOptions extends RecordStoreOptions {
  /** Use this store as it is (tests, or a page that already opened one). */
  store?: PageStore;
  /** The IndexedDB factory; by default the page's. `null` acts as if the browser had none. */
  indexedDB?: IDBFactory | null;
  /** A custom idb-keyval store, e.g. one that fails its writes. */
  useStore?: UseStore;
  dbName?: string;
  /** How long the probe may take before IndexedDB counts as blocked (ms). */
  timeoutMs?: number;
  /**
   * A first read to run on the IndexedDB store while the probe runs, instead of one round
   * trip after it (boot lists the runs here). Its answer is dropped if the probe fails.
   */
  alongside?: (store: PageStore) => Promise<unknown>;
}

export interface OpenedStore {
  store: PageStore;
  status: 'indexeddb' | 'memory';
  /** Why storage is in memory; absent when IndexedDB works. */
  notice?: string;
  /**
   * When IndexedDB was only slow (the probe timed out): settles with it once a later probe
   * answers, or null when none does. The page moves the run there (one slow answer at boot
   * must not leave a run in memory for good).
   */
  later?: Promise<OpenedStore | null>;
  /** What `alongside` answered, when IndexedDB is the store and the read succeeded. */
  alongside?: unknown;
}

/** Probes after a timed-out one, each allowed twice as long as the first. */
const RETRIES = 3;

const isTimeout = (e: unknown) => (e as { name?: unknown } | null)?.name === 'TimeoutError';

/** The probe: one readwrite transaction that writes and removes a key (private modes refuse writes). */
async function probe(useStore: UseStore, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DOMException(`no answer within ${timeoutMs} ms (blocked?)`, 'TimeoutError')),
      timeoutMs,
    );
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
  const memory = (why: string): OpenedStore => ({
    store: createMemoryStore(opts),
    status: 'memory',
    notice: storageError('E501', why),
  });
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
  const timeoutMs = opts.timeoutMs ?? 3000;
  const idb = (u: UseStore): OpenedStore => ({
    store: createIdbStore({ now: opts.now, timer: opts.timer, useStore: u }),
    status: 'indexeddb',
  });
  const first = idb(useStore);
  // The read goes out with the probe: one round trip less before the page is ready.
  const read = opts.alongside
    ? opts.alongside(first.store).then(
        (v) => ({ v }),
        () => null,
      )
    : null;
  try {
    await probe(useStore, timeoutMs);
    const answered = read ? await read : null;
    return answered ? { ...first, alongside: answered.v } : first;
  } catch (e) {
    if (!isTimeout(e)) return memory(describeError(e));
    const u = useStore;
    const later = (async () => {
      for (let i = 0; i < RETRIES; i++) {
        try {
          await probe(u, timeoutMs * 2);
          return idb(u);
        } catch (again) {
          if (!isTimeout(again)) return null;
        }
      }
      return null;
    })();
    return { ...memory(''), notice: storageError('E518', timeoutMs), later };
  }
}
