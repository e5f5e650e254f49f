import { get as idbGet, promisifyRequest } from 'idb-keyval';
import { openDatabase } from './openDatabase.js';
import {
  acquireRefusal,
  isLive,
  judge,
  latestMovingAside,
  notNewer,
  prepare,
  readLeaseRecord,
  readValue,
  reasonOf,
  segmentKey,
  segmentsToKeep,
  storeFailure,
  usedRunId,
  writeRefusal,
  type LeaseRecord,
} from './records.js';
import { SegmentCache } from './segments.js';
import {
  LEASE_TTL_MS,
  type CheckpointStore,
  type Latest,
  type Lease,
  type LeaseResult,
  type PutResult,
  type StoreOptions,
} from './types.js';

/**
 * The IndexedDB store a page uses, on idb-keyval: one database of its own (`name`, by default
 * `harness-core`) with one object store, `checkpoints`, each checkpoint kept as the object the
 * codec reads back from its JSON, under the key `[runId, seq]` (arrays sort by run, then number).
 * Beside them, in the same object store: `[runId, 'lease']`, the run's lease (holder, fencing
 * counter, lapse time); `[runId, 'segment', hash]`, a segment of the run's ledger as text
 * (segments.ts: a record keeps only the rows after its segments, so it stays small); and `[runId, 'damaged', seq, n]`, a damaged record `latest` moved aside.
 * A write reads the lease and the run's newest number and writes in one transaction, so the
 * sequence guard and the fence hold between tabs and workers: IndexedDB runs one readwrite
 * transaction on a store at a time.
 */

const IDB_DEFAULT_NAME = 'harness-core';
export const IDB_STORE_NAME = 'checkpoints';

type Key = [string, number];
const isKey = (k: IDBValidKey): k is Key =>
  Array.isArray(k) && k.length === 2 && typeof k[0] === 'string' && typeof k[1] === 'number';
const keyText = (k: IDBValidKey): string => JSON.stringify(k);
const leaseKey = (runId: string): IDBValidKey => [runId, 'lease'];
const segmentIdbKey = (runId: string, hash: string): IDBValidKey => [runId, 'segment', hash];
/** Every checkpoint key of a run: numbers sort before strings, so the lease and the moved-aside records stay out. */
const seqRange = (runId: string) => IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]);

interface IdbStoreOptions extends StoreOptions {
  name?: string;
  /** Wall clock for lease times (ms since 1970). */
  now?: () => number;
}

export function createIdbStore(opts: IdbStoreOptions): CheckpointStore {
  const { plans } = opts;
  const now = opts.now ?? (() => Date.now());
  const store = openDatabase(indexedDB, opts.name ?? IDB_DEFAULT_NAME, IDB_STORE_NAME);
  const segmentCache = new SegmentCache();
  /** Segments this instance wrote, so the next checkpoint writes only its new ones. */
  const known = new Set<string>();
  /** The keys under `prefix` (every key when empty): arrays sort after numbers and strings, so `[...prefix, []]` bounds them. */
  const keysUnder = (prefix: string[]): Promise<IDBValidKey[]> =>
    store('readonly', (s) =>
      promisifyRequest(s.getAllKeys(prefix.length ? IDBKeyRange.bound(prefix, [...prefix, []]) : undefined)),
    );
  const readLease = async (s: IDBObjectStore, runId: string): Promise<LeaseRecord | undefined> =>
    readLeaseRecord(await promisifyRequest(s.get(leaseKey(runId))));
  /** The run's newest checkpoint number, readable or not; 0 when none. */
  const newestSeq = async (s: IDBObjectStore, runId: string): Promise<number> => {
    const cursor = await promisifyRequest(s.openKeyCursor(seqRange(runId), 'prev'));
    return cursor && isKey(cursor.key) ? cursor.key[1] : 0;
  };
  /** Runs `body` in one readwrite transaction and resolves once it has committed (durably). */
  const write = <T>(body: (s: IDBObjectStore) => Promise<T>): Promise<T> =>
    store('readwrite', async (s) => {
      const done = promisifyRequest(s.transaction);
      const out = await body(s);
      await done;
      return out;
    });

  async function acquire(
    runId: string,
    owner: string,
    o: Parameters<CheckpointStore['acquire']>[2] = {},
  ): Promise<LeaseResult> {
    const ttlMs = o.ttlMs ?? LEASE_TTL_MS;
    try {
      return await write(async (s): Promise<LeaseResult> => {
        const [rec, anything] = await Promise.all([
          readLease(s, runId),
          promisifyRequest(s.getKey(IDBKeyRange.bound([runId], [runId, []]))),
        ]);
        if (o.fresh && anything !== undefined) return usedRunId(runId);
        const at = now();
        const refused = acquireRefusal(runId, rec, isLive(rec, at), o.steal === true);
        if (refused) return refused;
        // An unreadable lease record keeps no counter: start past any token it may have had.
        const token = (rec?.token ?? 0) + 1;
        const next: LeaseRecord = { owner, token, expires: at + ttlMs, released: false };
        s.put(next, leaseKey(runId));
        return { ok: true, lease: { runId, owner, token } };
      });
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, taking a lease on ${keyText(leaseKey(runId))}`);
    }
  }

  const ttls = new Map<string, number>();
  async function touchLease(lease: Lease, released: boolean): Promise<PutResult> {
    try {
      return await write(async (s): Promise<PutResult> => {
        const rec = await readLease(s, lease.runId);
        const at = now();
        const refused = writeRefusal(lease.runId, rec, isLive(rec, at), lease);
        if (refused) return refused;
        const ttlMs = ttls.get(lease.runId) ?? LEASE_TTL_MS;
        s.put({ ...(rec as LeaseRecord), expires: at + ttlMs, released }, leaseKey(lease.runId));
        return { ok: true };
      });
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, writing ${keyText(leaseKey(lease.runId))}`);
    }
  }

  async function put(cp: Parameters<CheckpointStore['put']>[0], lease?: Lease): Promise<PutResult> {
    const prepared = prepare(cp, plans, lease, segmentCache);
    if (!prepared.ok) return prepared;
    const { runId, seq } = prepared.checkpoint;
    const key: Key = [runId, seq];
    const fresh = segmentsToKeep(runId, prepared, known);
    try {
      const put = await write(async (s): Promise<PutResult> => {
        const [rec, newest] = await Promise.all([readLease(s, runId), newestSeq(s, runId)]);
        const at = now();
        const refused = writeRefusal(runId, rec, isLive(rec, at), lease);
        if (refused) return refused;
        if (seq <= newest) return notNewer(runId, seq, newest);
        // The record and its new segments commit together.
        for (const seg of fresh) s.put(seg.text, segmentIdbKey(runId, seg.hash));
        s.put(prepared.record, key);
        // A write under the lease renews it.
        if (lease && rec) s.put({ ...rec, expires: at + (ttls.get(runId) ?? LEASE_TTL_MS) }, leaseKey(runId));
        return { ok: true };
      });
      if (put.ok) for (const seg of fresh) known.add(segmentKey(runId, seg.hash));
      return put;
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, writing ${keyText(key)}`);
    }
  }

  async function get(runId: string, seq: number) {
    const key: Key = [runId, seq];
    const value: unknown = await idbGet(key, store);
    if (value === undefined) return null;
    const load = async (hash: string) => {
      const text: unknown = await idbGet(segmentIdbKey(runId, hash), store);
      return typeof text === 'string' ? text : undefined;
    };
    return judge(await readValue(value, plans, load), runId, seq, keyText(key));
  }

  async function seqs(runId: string): Promise<number[]> {
    return (await keysUnder([runId]))
      .filter(isKey)
      .filter((k) => k[0] === runId)
      .map((k) => k[1])
      .sort((a, b) => a - b);
  }

  /** Moves the record under (runId, seq) to `[runId, 'damaged', seq, n]`, the first free n. */
  const moveAside = (runId: string, seq: number): Promise<string> =>
    write(async (s) => {
      const value: unknown = await promisifyRequest(s.get([runId, seq]));
      let n = 1;
      while ((await promisifyRequest(s.getKey([runId, 'damaged', seq, n]))) !== undefined) n++;
      const to: IDBValidKey = [runId, 'damaged', seq, n];
      s.put(value, to);
      s.delete([runId, seq]);
      return keyText(to);
    });

  const latest = async (runId: string): Promise<Latest> =>
    latestMovingAside(
      await seqs(runId),
      (seq) => get(runId, seq),
      (s) => moveAside(runId, (JSON.parse(s.where) as Key)[1]),
    );

  async function runs(): Promise<string[]> {
    const ids = new Set((await keysUnder([])).filter(isKey).map((k) => k[0]));
    return [...ids].sort();
  }

  return {
    kind: 'indexeddb',
    async acquire(runId, owner, o = {}) {
      const r = await acquire(runId, owner, o);
      if (r.ok) ttls.set(runId, o.ttlMs ?? LEASE_TTL_MS);
      return r;
    },
    renew: (lease) => touchLease(lease, false),
    async release(lease) {
      await touchLease(lease, true);
    },
    put,
    get,
    seqs,
    latest,
    runs,
  };
}
