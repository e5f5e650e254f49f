import type { Checkpoint } from '../engine';
import type { Backend, Tx } from './backend';
import type { ChunkCache } from './chunks';
import { Refusal, quote, storageError } from './errors';
import { parseKey, runKey } from './keys';
import { isRunId, putRun, writeFailure } from './records';
import { part } from '../i18n/en.errors';
import { keysOfRun, prepareWrite, stageWith, type Prepared } from './stored';
import type { NewRun, ReplaceResult, RunBatch, RunMeta } from './types';

/** What the record store lends its export and import (runTransfer.ts): its backend and rules. */
export interface StoreParts {
  backend: Backend;
  cache: ChunkCache;
  now: () => number;
  freshRun: (meta: Required<Omit<NewRun, 'design'>> & Pick<NewRun, 'design'>, createdAt?: number) => RunMeta;
  advanced: (run: RunMeta, cp: Pick<Checkpoint, 'seq' | 'state' | 'step'>, bytes: number) => RunMeta;
  /** The next number of the store's write counter (RunMeta.touched), staged in `tx`. */
  touch: (tx: Tx) => Promise<number>;
}

/**
 * Runs written whole in one transaction (a lesson's replayed runs, recordStore.ts's
 * `replaceRuns`): a lesson stop is replayed from the start, and its runs hold up to ~170
 * checkpoints; one strict-durability transaction each would take seconds.
 */

/**
 * Every checkpoint of a batch checked and cut before any transaction opens (as `put` prepares
 * one: stored.ts `prepareWrite`), each the next of its run; or why the batch cannot be stored.
 */
function prepareBatch(
  runs: readonly RunBatch[],
  cache: ChunkCache,
): { ok: true; prepared: Prepared[][] } | { ok: false; error: string } {
  const ids = new Set<string>();
  const prepared: Prepared[][] = [];
  for (const { meta, checkpoints } of runs) {
    if (!isRunId(meta.runId) || ids.has(meta.runId))
      return {
        ok: false,
        error: storageError('E509', part('why.runIdTaken', quote(meta.runId))),
      };
    ids.add(meta.runId);
    const run: Prepared[] = [];
    for (const cp of checkpoints) {
      const w = prepareWrite(cp, cache);
      if (!w.ok) return w;
      if (w.checkpoint.runId !== meta.runId || w.prepared.seq <= (run.at(-1)?.seq ?? 0))
        return {
          ok: false,
          error: storageError('E504', cp.seq, part('why.notNext', quote(meta.runId))),
        };
      run.push(w.prepared);
    }
    prepared.push(run);
  }
  return { ok: true, prepared };
}

/**
 * Deletes every run whose id starts with `dropPrefix` (none when it is empty), then stores each
 * run of `runs` fresh with its checkpoints, all in one transaction: all of it lands or none.
 * Every checkpoint gets the reader's check first, as `put` gives one.
 */
export async function replaceRuns(
  { backend, cache, freshRun, advanced, touch }: StoreParts,
  dropPrefix: string,
  runs: readonly RunBatch[],
): Promise<ReplaceResult> {
  const batch = prepareBatch(runs, cache);
  if (!batch.ok) return { ok: false, error: batch.error, quota: false };
  const { prepared } = batch;
  try {
    return await backend.write(async (tx) => {
      const dropped = new Set<string>();
      if (dropPrefix !== '') {
        for (const key of await tx.keys(['run'])) {
          const k = parseKey(key);
          if (k.kind === 'run' && k.runId.startsWith(dropPrefix)) dropped.add(k.runId);
        }
      }
      let deleted = 0;
      for (const runId of dropped) {
        const keys = [...(await keysOfRun(tx, runId)), runKey(runId)];
        for (const key of keys) tx.del(key);
        deleted += keys.length;
      }
      const touched = await touch(tx);
      const stored: RunMeta[] = [];
      for (const [i, { meta, checkpoints }] of runs.entries()) {
        if (!dropped.has(meta.runId) && (await tx.has(runKey(meta.runId))))
          throw new Refusal(storageError('E505', quote(meta.runId)));
        let run = freshRun({ ...meta, branch: meta.branch ?? null });
        // The run is fresh: its chunks are the ones this transaction staged, no read needed.
        const staged = new Set<string>();
        for (const [j, p] of (prepared[i] as Prepared[]).entries()) {
          const fresh = [...p.ledger.chunks, ...p.refs.chunks].filter((c) => !staged.has(c.hash));
          for (const c of fresh) staged.add(c.hash);
          run = advanced(run, checkpoints[j] as Checkpoint, stageWith(tx, meta.runId, p, fresh, run.createdAt));
        }
        putRun(tx, { ...run, touched });
        stored.push({ ...run, touched });
      }
      return { ok: true as const, runs: stored, deleted };
    });
  } catch (e) {
    const f = writeFailure(e, part('lost.runs'));
    return { ok: false, error: f.reason, quota: f.quota };
  }
}
