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
  /** Keys and values of arrays starting with a non-empty `prefix`, in one request (small records only: a run's history lines). */
  entries(prefix: readonly string[]): Promise<[Key, unknown][]>;
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

/** How long work inside one transaction runs before the page gets a turn. */
export const TX_SLICE_MS = 8;

/**
 * `each` over `items` inside one transaction (an import's write, a run's listing), with a turn
 * for the page whenever TX_SLICE_MS is spent. A transaction cannot wait on a timer (it commits once no
 * request is pending), so the turn is one of its own requests (`turn`, a cheap read): its
 * answer comes back as a task of its own. Without the turns, staging 948 checkpoints of a
 * 19 MiB file (their `put`s and structured clones) ran in one main-thread task of 6.5 s at 4x
 * CPU, and checking their 948 records as the imported run opened, 2.7 s (issue 40).
 */
export async function inTxSlices<T>(
  items: readonly T[],
  each: (item: T, i: number) => Promise<void>,
  turn: () => Promise<unknown>,
  now: () => number = () => performance.now(),
): Promise<void> {
  let slice = now();
  for (const [i, item] of items.entries()) {
    if (now() - slice > TX_SLICE_MS) {
      await turn();
      slice = now();
    }
    await each(item, i);
  }
}
