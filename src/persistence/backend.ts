/**
 * The few transactional operations the record logic needs, so one implementation of it runs
 * on IndexedDB and on memory alike (same guard, same checks, same messages).
 */

/** Keys are arrays (`['cp', runId, seq]`): any run id is safe in them, no escaping needed. */
export type Key = IDBValidKey;

export interface Tx {
  get(key: Key): Promise<unknown>;
  has(key: Key): Promise<boolean>;
  /** Keys of arrays starting with `prefix` (all keys when it is empty). */
  keys(prefix: readonly string[]): Promise<Key[]>;
  put(key: Key, value: unknown): void;
  del(key: Key): void;
}

export interface Backend {
  readonly kind: 'indexeddb' | 'memory';
  /** A read-only transaction: one consistent view while `fn` runs. */
  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A read-write transaction: all of `fn`'s writes land or none do, and the promise settles
   * after the commit. `fn` may only await its `tx` calls: IndexedDB commits an idle transaction.
   */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Does `key` (an array) start with `prefix`? */
export function hasPrefix(key: Key, prefix: readonly string[]): boolean {
  return Array.isArray(key) && key.length > prefix.length && prefix.every((p, i) => key[i] === p);
}
