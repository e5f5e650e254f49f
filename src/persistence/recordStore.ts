import { findScenario, isSeed } from '../engine';
import { ChunkCache } from './chunks';
import type { Backend, Tx } from './backend';
import { replaceRuns, type StoreParts } from './batch';
import { Refusal, quote, skippedAt, storageError } from './errors';
import { part } from '../i18n/en.errors';
import { checkpointKey, keyText, orderKey, parseKey, runKey } from './keys';
import {
  checkRunRecord,
  isRunId,
  mayWrite,
  putRun,
  runIn,
  touchWith,
  writeFailure,
  type WriteFailure,
} from './records';
import { chunksOf, keysOfRun, listStored, newChunks, prepareWrite, readStored, seqsOf, stageWith } from './stored';
import { RUN_SCHEMA, type PageStore, type PutResult, type RunMeta, type Skipped, type Writer } from './types';

/**
 * The page's store (harness-core's CheckpointStore and the run index) over any Backend: the
 * IndexedDB one and the memory one share every rule here and in records.ts (sequence guard,
 * fence, checks, skipping, messages), so the fallback behaves like the real thing.
 */

export interface RecordStoreOptions {
  /** Wall clock for createdAt / updatedAt (ms since 1970). */
  now?: () => number;
  /** Monotonic clock for write latency (ms). */
  timer?: () => number;
}

/**
 * Export and import of run files (runTransfer.ts, with runFile.ts and
 * parseOffThread.ts): a chunk of their own, which the first screen never uses. The runs panel,
 * where a person exports and imports, asks for it as it mounts, so an import still works after
 * the page went offline without a service worker to serve the chunk.
 */
export const loadTransfer = () => import('./runTransfer');

/** A write refused (E701: nothing written) or failed (E705), its reason under harness-core's number. */
const failed = (code: WriteFailure['code'], reason: string, quota = false, stale = false): PutResult => ({
  ok: false,
  code,
  message: `${code}: ${reason}`,
  quota,
  stale,
});

export function createRecordStore(backend: Backend, opts: RecordStoreOptions = {}): PageStore {
  const now = opts.now ?? (() => Date.now());
  const timer = opts.timer ?? (() => performance.now());
  const cache = new ChunkCache();

  const freshRun: StoreParts['freshRun'] = (meta, createdAt = now()) => ({
    schema: RUN_SCHEMA,
    runId: meta.runId,
    scenario: meta.scenario,
    seed: meta.seed,
    branch: meta.branch,
    ...(meta.design && meta.design !== 'article' ? { design: meta.design } : {}),
    newestSeq: 0,
    state: 'created',
    step: 1,
    createdAt,
    updatedAt: createdAt,
    checkpoints: 0,
    bytes: 0,
  });

  /** The index once checkpoint `cp` is stored, having added `bytes`. */
  const advanced: StoreParts['advanced'] = (run, cp, bytes) => ({
    ...run,
    newestSeq: cp.seq,
    state: cp.state,
    step: cp.step,
    updatedAt: now(),
    checkpoints: run.checkpoints + 1,
    bytes: run.bytes + bytes,
  });

  /** What the export and import chunk (runTransfer.ts) works with. */
  const touch = async (tx: Tx) => touchWith(tx, await tx.get(orderKey));
  const parts: StoreParts = { backend, cache, now, freshRun, advanced, touch };

  const store: PageStore = {
    kind: backend.kind,

    async listRuns() {
      return backend.read(async (tx) => {
        const keys = await tx.keys([]);
        const runs: RunMeta[] = [];
        const skipped: Skipped[] = [];
        const runKeys = keys.filter((k) => parseKey(k).kind === 'run');
        const values = await Promise.all(runKeys.map((k) => tx.get(k)));
        runKeys.forEach((key, i) => {
          const c = checkRunRecord(values[i], (parseKey(key) as { runId: string }).runId);
          // What a person sees is what the run weighs in storage, its index included.
          if (c.ok) runs.push({ ...c.value, bytes: c.value.bytes + c.bytes });
          else skipped.push(skippedAt(keyText(key), c.kind, c.reason));
        });
        for (const key of keys) {
          if (parseKey(key).kind === 'foreign')
            skipped.push(skippedAt(keyText(key), 'foreign', storageError('E516', quote(keyText(key)))));
        }
        // The run this browser wrote last comes first (a reload resumes it), whatever the clock or a file says.
        runs.sort(
          (a, b) =>
            (b.touched ?? 0) - (a.touched ?? 0) ||
            b.updatedAt - a.updatedAt ||
            b.createdAt - a.createdAt ||
            (a.runId < b.runId ? -1 : 1),
        );
        return { runs, skipped };
      });
    },

    async createRun(meta) {
      const m = {
        runId: meta.runId,
        scenario: meta.scenario,
        seed: meta.seed,
        branch: meta.branch ?? null,
        ...(meta.design ? { design: meta.design } : {}),
      };
      if (!isRunId(m.runId)) return { ok: false, error: storageError('E509', part('why.runIdText')), quota: false };
      if (!findScenario(m.scenario))
        return { ok: false, error: storageError('E509', part('why.unknownScenario', quote(m.scenario))), quota: false };
      if (!isSeed(m.seed))
        return {
          ok: false,
          error: storageError('E509', part('why.seed')),
          quota: false,
        };
      try {
        const run = await backend.write(async (tx) => {
          const [taken, order] = await Promise.all([tx.has(runKey(m.runId)), tx.get(orderKey)]);
          if (taken) throw new Refusal(storageError('E505', quote(m.runId)));
          const run = { ...freshRun(m), touched: touchWith(tx, order) };
          putRun(tx, run);
          return run;
        });
        return { ok: true, run };
      } catch (e) {
        const f = writeFailure(e, part('lost.run', quote(m.runId)));
        return { ok: false, error: f.reason, quota: f.quota };
      }
    },

    /**
     * harness-core's lease, in the page's terms: a claim (the run's next epoch for `owner`), so
     * the newest holder wins and an earlier one's writes are refused (E701: E519), as between
     * tabs, which Web Locks elect before they claim. With `fresh`, a saved id is refused (E707: E505).
     */
    async acquire(runId, owner, o = {}) {
      if (o.fresh) {
        const used = await backend.read(
          async (tx) => (await tx.has(runKey(runId))) || (await seqsOf(tx, runId)).length > 0,
        );
        if (used) return { ok: false, code: 'E707', message: `E707: ${storageError('E505', quote(runId))}` };
      }
      // A run not saved yet is claimed by its first write (a writer's `claim`), as a tab's is.
      const epoch = (await store.claim(runId, owner)) ?? 1;
      return { ok: true, lease: { runId, owner, token: epoch } };
    },

    async renew(lease) {
      const run = await store.run(lease.runId);
      if (run && run.driver === lease.owner && (run.epoch ?? 0) === lease.token) return { ok: true };
      return failed('E701', storageError('E519', quote(lease.runId), run?.newestSeq ?? 0), false, true);
    },

    // A claim lapses only when another tab claims: nothing to let go of.
    release: async () => undefined,

    async put(cp, given) {
      const t0 = timer();
      // A lease names its run (harness-core's rule; the page's own writers never pass one).
      if (given && 'token' in given && given.runId !== cp.runId)
        return failed('E701', `the lease is for run ${JSON.stringify(given.runId).slice(0, 80)}`);
      // A lease's write claims the run if nobody has since it was taken (a run saved by it).
      const writer: Writer | undefined =
        given && 'token' in given ? { tab: given.owner, epoch: given.token, claim: true } : given;
      const w = prepareWrite(cp, cache);
      if (!w.ok) return failed('E701', w.error);
      const p = w.prepared;
      try {
        const bytes = await backend.write(async (tx) => {
          // The run's index and which chunks are new, asked together: one round trip (the chunk
          // reads are wasted when the write turns out stale or the index corrupt; they only read).
          const [found, fresh, order] = await Promise.all([
            runIn(tx, cp.runId),
            newChunks(tx, cp.runId, p),
            tx.get(orderKey),
          ]);
          if ('error' in found) throw new Refusal(found.error);
          const run =
            found.run ?? freshRun({ runId: cp.runId, scenario: cp.scenario, seed: cp.seed, branch: cp.branch ?? null });
          // The sequence guard: a tab that fell behind never overwrites what a newer write stored.
          if (cp.seq <= run.newestSeq) return { stale: run.newestSeq };
          // The fence: after a claim, every earlier holder's writes (in flight or not) are refused.
          if (!mayWrite(writer, run)) return { fenced: run.newestSeq };
          const added = stageWith(tx, cp.runId, p, fresh, run.createdAt);
          putRun(tx, {
            ...advanced(run, cp, added),
            touched: touchWith(tx, order),
            ...(writer ? { driver: writer.tab, epoch: writer.epoch } : {}),
          });
          return added;
        });
        if (typeof bytes !== 'number') {
          return 'fenced' in bytes
            ? failed('E701', storageError('E519', quote(cp.runId), cp.seq), false, true)
            : failed('E701', storageError('E503', cp.seq, quote(cp.runId), bytes.stale), false, true);
        }
        return { ok: true, bytes, size: p.size, ms: timer() - t0 };
      } catch (e) {
        const f = writeFailure(e, part('lost.checkpoint', cp.seq));
        return failed(f.code, f.reason, f.quota);
      }
    },

    async claim(runId, tab) {
      try {
        return await backend.write(async (tx) => {
          const found = await runIn(tx, runId);
          if ('error' in found || !found.run) return null;
          const epoch = (found.run.epoch ?? 0) + 1;
          putRun(tx, { ...found.run, driver: tab, epoch });
          return epoch;
        });
      } catch {
        return null;
      }
    },

    async run(runId) {
      const found = await backend.read((tx) => runIn(tx, runId));
      return 'run' in found ? found.run : null;
    },

    async list(runId) {
      return backend.read((tx) => listStored(tx, runId));
    },

    get: (runId, seq) =>
      backend.read(async (tx) => {
        const key = checkpointKey(runId, seq);
        // readStored says `missing` for an absent record and for a lost chunk alike: ask first.
        if (!(await tx.has(key))) return null;
        const r = await readStored(tx, runId, seq);
        return r.ok ? r : { ok: false, skipped: skippedAt(keyText(key), r.kind, r.reason) };
      }),

    seqs: (runId) => backend.read(async (tx) => (await seqsOf(tx, runId)).reverse()),

    runs: () =>
      backend.read(async (tx) => {
        const ids = new Set<string>();
        for (const key of await tx.keys([])) {
          const k = parseKey(key);
          if (k.kind === 'run' || k.kind === 'cp') ids.add(k.runId);
        }
        return [...ids].sort();
      }),

    async latest(runId) {
      return backend.read(async (tx) => {
        // Newest first, one record at a time: a long run's older records are never read.
        const skipped: Skipped[] = [];
        const chunks = chunksOf(tx, runId);
        for (const seq of await seqsOf(tx, runId)) {
          const r = await readStored(tx, runId, seq, chunks);
          if (r.ok) return { checkpoint: r.checkpoint, skipped };
          skipped.push(skippedAt(keyText(checkpointKey(runId, seq)), r.kind, r.reason));
        }
        return { checkpoint: null, skipped };
      });
    },

    async deleteRun(runId) {
      try {
        const deleted = await backend.write(async (tx) => {
          const keys = await keysOfRun(tx, runId);
          if (await tx.has(runKey(runId))) keys.push(runKey(runId));
          if (keys.length === 0) throw new Refusal(storageError('E506', quote(runId)));
          for (const k of keys) tx.del(k);
          return keys.length;
        });
        return { ok: true, deleted };
      } catch (e) {
        return { ok: false, error: writeFailure(e, part('lost.deleted', quote(runId))).reason };
      }
    },

    replaceRuns: (dropPrefix, runs) => replaceRuns(parts, dropPrefix, runs),

    // Export and import are a chunk of their own (loadTransfer), loaded before any transaction
    // opens: one does not outlive a wait for a module.
    exportRun: async (runId, opts = {}) => (await loadTransfer()).exportRun(parts, runId, opts),
    importRun: async (file) => (await loadTransfer()).importRun(parts, file),
  };
  return store;
}
