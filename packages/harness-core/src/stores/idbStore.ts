import { get as idbGet, promisifyRequest, set as idbSet } from 'idb-keyval';
import { openDatabase } from './openDatabase.js';
import { judge, newestReadable, prepare, readValue, reasonOf, storeFailure } from './records.js';
import type { CheckpointStore, Latest, PutResult, StoreOptions } from './types.js';

/**
 * The IndexedDB store a page uses, on idb-keyval: one database of its own (`name`, by default
 * `harness-core`) with one object store, `checkpoints`, each checkpoint kept as the object the
 * codec reads back from its JSON, under the key `[runId, seq]` (arrays sort by run, then number).
 */

export const IDB_DEFAULT_NAME = 'harness-core';
export const IDB_STORE_NAME = 'checkpoints';

type Key = [string, number];
const isKey = (k: IDBValidKey): k is Key =>
  Array.isArray(k) && k.length === 2 && typeof k[0] === 'string' && typeof k[1] === 'number';
const keyText = (k: Key): string => JSON.stringify(k);

export function createIdbStore(opts: StoreOptions & { name?: string }): CheckpointStore {
  const { plans } = opts;
  const store = openDatabase(indexedDB, opts.name ?? IDB_DEFAULT_NAME, IDB_STORE_NAME);
  /** The keys under `prefix` (every key when empty): arrays sort after numbers and strings, so `[...prefix, []]` bounds them. */
  const keysUnder = (prefix: string[]): Promise<IDBValidKey[]> =>
    store('readonly', (s) =>
      promisifyRequest(s.getAllKeys(prefix.length ? IDBKeyRange.bound(prefix, [...prefix, []]) : undefined)),
    );

  async function put(cp: Parameters<CheckpointStore['put']>[0]): Promise<PutResult> {
    const prepared = prepare(cp, plans);
    if (!prepared.ok) return prepared;
    const key: Key = [prepared.checkpoint.runId, prepared.checkpoint.seq];
    try {
      // Resolves on the transaction's `complete`, which strict durability puts after the flush.
      await idbSet(key, prepared.checkpoint, store);
      return { ok: true };
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, writing ${keyText(key)}`);
    }
  }

  async function get(runId: string, seq: number) {
    const key: Key = [runId, seq];
    const value: unknown = await idbGet(key, store);
    if (value === undefined) return null;
    return judge(readValue(value, plans), runId, seq, keyText(key));
  }

  async function seqs(runId: string): Promise<number[]> {
    return (await keysUnder([runId]))
      .filter(isKey)
      .filter((k) => k[0] === runId)
      .map((k) => k[1])
      .sort((a, b) => a - b);
  }

  const latest = async (runId: string): Promise<Latest> => newestReadable(await seqs(runId), (seq) => get(runId, seq));

  async function runs(): Promise<string[]> {
    const ids = new Set((await keysUnder([])).filter(isKey).map((k) => k[0]));
    return [...ids].sort();
  }

  return { kind: 'indexeddb', put, get, seqs, latest, runs };
}
