/**
 * Export and import of a run file over the store's backend (recordStore.ts lends it its
 * parts): a chunk of its own with what it needs (runFile.ts, parseOffThread.ts),
 * loaded through recordStore.ts `loadTransfer`, so the first screen never fetches it.
 */
import { MAX_CHECKPOINT_BYTES, utf8Length, type Checkpoint } from '../engine';
import { Refusal, quote, skippedAt, storageError } from './errors';
import { LESSON_RUN_PREFIX, checkpointKey, keyText, runKey } from './keys';
import { parseOffThread } from './parseOffThread';
import { runFileText, slices } from './runFile';
import { chunksOf, prepare, readStored, seqsOf, stage, type Prepared } from './stored';
import type { StoreParts } from './batch';
import { MAX_IMPORT_BYTES, putRun, runIn, writeFailure } from './records';
import { part } from '../i18n/en.errors';
import { inTxSlices, type Tx } from './backend';
import type { ChunkCache } from './chunks';
import type { ExportResult, ImportResult, Skipped } from './types';

/** Compact bytes of checkpoints an export gathers; the indentation adds a little on top. */
const EXPORT_BUDGET = MAX_IMPORT_BYTES * 0.9;

/** The run's newest checkpoints as a file an import reads, within its size limit. */
export async function exportRun(
  { backend }: StoreParts,
  runId: string,
  opts: { newest?: number } = {},
): Promise<ExportResult> {
  return backend.read(async (tx) => {
    const found = await runIn(tx, runId);
    if ('error' in found) return { ok: false as const, error: found.error };
    if (!found.run) return { ok: false as const, error: storageError('E506', quote(runId)) };
    const every = await seqsOf(tx, runId);
    const all = every.length;
    const seqs = every.slice(0, opts.newest ?? Infinity);
    const skipped: Skipped[] = [];
    const chunks = chunksOf(tx, runId);
    const checkpoints: Checkpoint[] = [];
    let bytes = 0;
    // Newest first, while the file stays one an import reads; older ones are left out (and counted).
    for (const seq of seqs) {
      const r = await readStored(tx, runId, seq, chunks);
      if (!r.ok) {
        skipped.push(skippedAt(keyText(checkpointKey(runId, seq)), r.kind, r.reason));
        continue;
      }
      bytes += utf8Length(JSON.stringify(r.checkpoint));
      if (bytes > EXPORT_BUDGET) break;
      checkpoints.push(r.checkpoint);
    }
    // Counted before the text is made, so the file says what it leaves out.
    const omittedOf = () => ({
      older: seqs.length - skipped.length - checkpoints.length + (opts.newest !== undefined ? all - seqs.length : 0),
      unreadable: skipped.length,
    });
    let text = runFileText(found.run, checkpoints, omittedOf());
    while (utf8Length(text) > MAX_IMPORT_BYTES && checkpoints.length > 1) {
      checkpoints.length = Math.ceil(checkpoints.length * 0.9);
      text = runFileText(found.run, checkpoints, omittedOf());
    }
    if (utf8Length(text) > MAX_IMPORT_BYTES) return { ok: false as const, error: storageError('E609') };
    return { ok: true as const, text, skipped, omitted: seqs.length - skipped.length - checkpoints.length };
  });
}

/** A run file (best the picked Blob: read in the Worker) checked off the page's thread, stored as a run of its own under a free id. */
export async function importRun(
  { backend, cache, now, freshRun, advanced, touch }: StoreParts,
  picked: string | Blob,
): Promise<ImportResult> {
  const file = await parseOffThread(picked);
  if (!file.ok) return file;
  const prepared = await prepareAll(file.checkpoints, cache);
  try {
    const runId = await backend.write(async (tx) => {
      const runId = await freeRunId(tx, file.run.runId);
      // A file's wall time is its writer's word: never later than now, so a file dated in the
      // future cannot sort before what this tab writes (listRuns orders by local writes anyway).
      let run = freshRun({ ...file.run, runId }, Math.min(file.run.createdAt ?? now(), now()));
      const stageOne = async (p: (typeof prepared)[number], i: number) => {
        const cp = file.checkpoints[i] as Checkpoint;
        const renamed = renamedSize(p, cp.runId, runId);
        if (renamed > MAX_CHECKPOINT_BYTES)
          throw new Refusal(storageError('E606', i + 1, part('why.renamedTooBig', quote(runId))));
        run = advanced(run, cp, await stage(tx, runId, { ...p, size: renamed }, run.createdAt));
      };
      // The page's turns are requests of this transaction, so it stays one: all or nothing.
      await inTxSlices(prepared, stageOne, () => tx.has(runKey(runId)));
      putRun(tx, { ...run, touched: await touch(tx) });
      return runId;
    });
    return { ok: true, runId };
  } catch (e) {
    return { ok: false, error: writeFailure(e, part('lost.imported')).reason };
  }
}

// The steps of an import around its one write transaction.

/** Every checkpoint chunked for storing: ~100 ms for a 15 MiB file, so in slices with turns for the page. */
export const prepareAll = (checkpoints: readonly Checkpoint[], cache: ChunkCache): Promise<Prepared[]> =>
  slices(checkpoints, (cp) => prepare(cp, cache));

/** Size of a checkpoint's JSON once its run id is `to` instead of `from`. */
export function renamedSize(p: Prepared, from: string, to: string): number {
  return p.size - utf8Length(JSON.stringify(from)) + utf8Length(JSON.stringify(to));
}

/** `runId` (a lesson run's under `imported-…`), or, when taken (an import never overwrites), the first free `runId (imported n)`. */
export async function freeRunId(tx: Tx, asked: string): Promise<string> {
  // A lesson's run (`lesson:…`, store/lessonRuns.ts) imported is the person's own: listed, resumed.
  const runId = asked.startsWith(LESSON_RUN_PREFIX) ? `imported-${asked.slice(LESSON_RUN_PREFIX.length)}` : asked;
  const taken = async (id: string) => (await tx.has(runKey(id))) || (await tx.keys(['cp', id])).length > 0;
  if (!(await taken(runId))) return runId;
  const base = runId.slice(0, 180);
  for (let n = 1; ; n++) {
    const id = `${base} (imported${n === 1 ? '' : ` ${n}`})`;
    if (!(await taken(id))) return id;
  }
}
