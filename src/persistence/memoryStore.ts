import { hasPrefix, type Backend, type Key, type Tx } from './backend';
import { createRecordStore, type RecordStoreOptions } from './recordStore';
import type { PageStore } from './types';

/**
 * The fallback when IndexedDB cannot be used: the same records and rules, kept in a Map, gone
 * with the page. Values are cloned in and out as IndexedDB clones them, and transactions run
 * one at a time with their writes applied only on success, so it answers exactly as the real
 * store does.
 */

const GONE = Symbol('deleted');

/** A key as a Map key: our keys are arrays of strings and numbers, whose JSON is one-to-one. */
const id = (key: Key): string => JSON.stringify(key);

export function memoryBackend(): Backend {
  const data = new Map<string, { key: Key; value: unknown }>();
  let queue: Promise<unknown> = Promise.resolve();

  function run<T>(write: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const staged = new Map<string, { key: Key; value: unknown }>();
    const current = (k: string) => (staged.has(k) ? staged.get(k) : data.get(k));
    const tx: Tx = {
      async get(key) {
        const e = current(id(key));
        return e === undefined || e.value === GONE ? undefined : structuredClone(e.value);
      },
      async has(key) {
        const e = current(id(key));
        return e !== undefined && e.value !== GONE;
      },
      async keys(prefix) {
        const all = new Map([...data, ...staged]);
        return [...all.values()]
          .filter((e) => e.value !== GONE && (prefix.length === 0 || hasPrefix(e.key, prefix)))
          .map((e) => e.key);
      },
      async entries(prefix) {
        const keys = await tx.keys(prefix);
        return Promise.all(keys.map(async (k): Promise<[Key, unknown]> => [k, await tx.get(k)]));
      },
      put(key, value) {
        if (!write) throw new DOMException('The transaction is read-only.', 'ReadOnlyError');
        staged.set(id(key), { key, value: structuredClone(value) });
      },
      del(key) {
        if (!write) throw new DOMException('The transaction is read-only.', 'ReadOnlyError');
        staged.set(id(key), { key, value: GONE });
      },
    };
    const result = queue.then(async () => {
      const out = await fn(tx);
      for (const [k, e] of staged) {
        if (e.value === GONE) data.delete(k);
        else data.set(k, e);
      }
      return out;
    });
    // The next transaction waits for this one, whether it commits or not.
    queue = result.catch(() => undefined);
    return result;
  }

  return { kind: 'memory', read: (fn) => run(false, fn), write: (fn) => run(true, fn) };
}

/** The page's store in memory: for when IndexedDB is unavailable, and for tests. */
export function createMemoryStore(opts: RecordStoreOptions = {}): PageStore {
  return createRecordStore(memoryBackend(), opts);
}
