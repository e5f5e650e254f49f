import type { CheckpointStore } from 'harness-core';
import { MAX_CHECKPOINT_BYTES, checkCheckpoint, type Checkpoint, type ParseResult, utf8Length } from '../engine';
import { inTxSlices, type Key, type Tx } from './backend';
import { ChunkCache, chainOf, chunkReader, readChain, type ChunkRead, type NewChunk } from './chunks';
import { Refusal, quote, skippedAt, storageError } from './errors';
import { part } from '../i18n/en.errors';
import { checkpointKey, chunkKey, keyText, lineKey, parseKey, runKey } from './keys';
import {
  CHUNK_ROWS_OF,
  STORED_CHECKPOINT_SCHEMA,
  checkLine,
  checkStoredCheckpoint,
  jsonOf,
  lineOf,
  summaryOf,
  summaryOfLine,
  type Chain,
  type StoredCheckpoint,
} from './records';
import type { CheckpointSummary, SkipKind, Skipped } from './types';

/**
 * A checkpoint's way into storage and back: cut into a record and chunks before a write,
 * staged inside a write transaction, reassembled and checked by the engine on a read.
 */

/** A checkpoint cut for storing; done before the transaction opens (hashing is the slow part). */
export interface Prepared {
  seq: number;
  /** UTF-8 bytes of the whole checkpoint's JSON. */
  size: number;
  body: StoredCheckpoint['body'];
  ledger: { chain: Chain; chunks: NewChunk[] };
  refs: { chain: Chain; chunks: NewChunk[] };
}

/** `"ledger":null` is where the body's JSON differs from the checkpoint's: 4 bytes each. */
const NULL_BYTES = 4;

/** A checkpoint's number for a refusal: as it is when it is one, quoted when it is junk. */
const seqText = (cp: unknown): string | number => {
  const seq = (cp as { seq?: unknown } | null)?.seq;
  return Number.isSafeInteger(seq) ? (seq as number) : quote(seq ?? '?');
};

/**
 * A write's one check and its cut, before any transaction opens (`put` and `replaceRuns`):
 * the reader's own check (harness-core's `checkCheckpoint`), so a write is refused here,
 * loudly, or it reads back; then the record and chunks, at most 1 MiB. Refusals are E504.
 */
export function prepareWrite(
  cp: unknown,
  cache: ChunkCache,
): { ok: true; checkpoint: Checkpoint; prepared: Prepared } | { ok: false; error: string } {
  const readable = checkCheckpoint(cp);
  if (!readable.ok) return { ok: false, error: storageError('E504', seqText(cp), readable.error) };
  const prepared = prepare(readable.checkpoint, cache);
  if (prepared.size > MAX_CHECKPOINT_BYTES)
    return {
      ok: false,
      error: storageError('E504', prepared.seq, part('why.tooBig', prepared.size.toLocaleString('en'))),
    };
  return { ok: true, checkpoint: readable.checkpoint, prepared };
}

export function prepare(cp: Checkpoint, cache = new ChunkCache()): Prepared {
  // Same key order as the checkpoint, so the reassembled one serializes byte for byte alike.
  const body: StoredCheckpoint['body'] = { ...cp, ledger: null, refs: null };
  const ledger = chainOf(cp.ledger, cache);
  const refs = chainOf(cp.refs, cache);
  const size = utf8Length(JSON.stringify(body)) - 2 * NULL_BYTES + ledger.bytes + refs.bytes;
  return { seq: cp.seq, size, body, ledger, refs };
}

/** How many of a chain's newest chunks are asked about at once: a write usually adds one. */
const LOOK_AHEAD = 2;

/**
 * The chunks of `p` that `runId` has not stored yet. Newest first, stopping at the first chunk
 * already stored: a stored chunk was written with all its predecessors (same transaction), so
 * the rest of the chain is there too. The newest few of both chains are asked about together,
 * one round trip to IndexedDB instead of one per chunk (and the caller asks for the run's
 * index in the same one).
 */
export async function newChunks(tx: Tx, runId: string, p: Prepared): Promise<NewChunk[]> {
  const perChain = await Promise.all(
    [p.ledger, p.refs].map(async ({ chunks }) => {
      const fresh: NewChunk[] = [];
      for (let end = chunks.length; end > 0; end -= LOOK_AHEAD) {
        const batch = chunks.slice(Math.max(0, end - LOOK_AHEAD), end).reverse();
        const stored = await Promise.all(batch.map((c) => tx.has(chunkKey(runId, c.hash))));
        const first = stored.indexOf(true);
        if (first !== -1) return [...fresh, ...batch.slice(0, first)];
        fresh.push(...batch);
      }
      return fresh;
    }),
  );
  return perChain.flat();
}

/**
 * Writes a prepared checkpoint of `runId` into `tx`: `fresh` (its chunks not stored yet, from
 * newChunks), then its record and its history line, in the caller's transaction (so a record
 * never points at chunks that did not land, and a line never lists a record that did not).
 * `born` is the run index's `createdAt`, which the line carries. Returns the bytes it added.
 */
export function stageWith(tx: Tx, runId: string, p: Prepared, fresh: readonly NewChunk[], born: number): number {
  const record = recordOf(p, { ...p.body, runId }, stageChunks(tx, runId, fresh), born);
  // What the reader checks first (the envelope); the body was checked whole before the write.
  const c = checkStoredCheckpoint(record, runId, p.seq);
  if (!c.ok) throw new Refusal(storageError('E504', p.seq, c.reason));
  tx.put(checkpointKey(runId, p.seq), record);
  tx.put(lineKey(runId, p.seq), lineOf(record, born));
  return record.stored;
}

/** Writes `fresh` chunks of `runId` into `tx`; the bytes they add. */
export function stageChunks(tx: Tx, runId: string, fresh: readonly NewChunk[]): number {
  let bytes = 0;
  for (const c of fresh) {
    tx.put(chunkKey(runId, c.hash), c.record);
    bytes += c.bytes;
  }
  return bytes;
}

/**
 * The record of prepared `p` with `body`, once its new chunks added `bytes`; its `stored` counts
 * the record and its history line too. Unchecked: stageWith checks it before it writes; a test
 * that plants a damaged record (coreStore.test.ts) does not.
 */
export function recordOf(p: Prepared, body: StoredCheckpoint['body'], bytes: number, born?: number): StoredCheckpoint {
  const record: StoredCheckpoint = {
    schema: STORED_CHECKPOINT_SCHEMA,
    size: p.size,
    stored: 0,
    ledger: p.ledger.chain,
    refs: p.refs.chain,
    body,
  };
  // `stored` counts the record and its line, whose lengths depend on `stored`: settle on a fixed point.
  for (let i = 0; i < 3; i++)
    record.stored = bytes + utf8Length(JSON.stringify(record)) + utf8Length(JSON.stringify(lineOf(record, born)));
  return record;
}

/** newChunks, then stageWith: a prepared checkpoint written into `tx`; the bytes it added. */
export async function stage(tx: Tx, runId: string, p: Prepared, born: number): Promise<number> {
  return stageWith(tx, runId, p, await newChunks(tx, runId, p), born);
}

export type ReadStored = { ok: true; checkpoint: Checkpoint } | { ok: false; kind: SkipKind; reason: string };

/** The skip kind of an engine refusal, by its number (see the engine's errors.ts). */
function kindOfEngineError(error: string): SkipKind {
  if (error.startsWith('E202') || error.startsWith('E206')) return 'foreign';
  if (error.startsWith('E203')) return 'version';
  if (error.startsWith('E204')) return 'oversize';
  return 'corrupt';
}

/** A reader of a run's chunks inside `tx`, each chunk fetched and verified once. */
export const chunksOf = (tx: Tx, runId: string): ((hash: string) => Promise<ChunkRead>) =>
  chunkReader((hash) => tx.get(chunkKey(runId, hash)));

/** Reassembles a stored record into a checkpoint and has the engine check it. */
export async function assemble(
  record: StoredCheckpoint,
  seq: number,
  chunks: (hash: string) => Promise<ChunkRead>,
): Promise<ReadStored> {
  const parts: Record<'ledger' | 'refs', unknown[]> = { ledger: [], refs: [] };
  for (const field of ['ledger', 'refs'] as const) {
    const r = await readChain(record[field], chunks, CHUNK_ROWS_OF[record.schema]);
    if (!r.ok) {
      return r.kind === 'missing'
        ? { ok: false, kind: 'missing', reason: storageError('E514', seq, field, r.hash) }
        : { ok: false, kind: r.kind, reason: storageError('E515', seq, field, r.hash, r.why) };
    }
    parts[field] = r.rows;
  }
  const whole = { ...record.body, ledger: parts.ledger, refs: parts.refs };
  const j = jsonOf(whole);
  if (!j) return { ok: false, kind: 'corrupt', reason: storageError('E513', part('why.noJson')) };
  if (j.bytes > MAX_CHECKPOINT_BYTES)
    return { ok: false, kind: 'oversize', reason: storageError('E512', j.bytes.toLocaleString('en')) };
  const parsed = checkCheckpoint(whole);
  return parsed.ok ? parsed : { ok: false, kind: kindOfEngineError(parsed.error), reason: parsed.error };
}

/** Reads checkpoint `seq` of `runId` whole, or says why it cannot be read. */
export async function readStored(
  tx: Tx,
  runId: string,
  seq: number,
  chunks = chunksOf(tx, runId),
): Promise<ReadStored> {
  const raw = await tx.get(checkpointKey(runId, seq));
  if (raw === undefined) return { ok: false, kind: 'missing', reason: storageError('E517', quote(runId), seq) };
  const c = checkStoredCheckpoint(raw, runId, seq);
  return c.ok ? assemble(c.value, seq, chunks) : c;
}

/** The seqs of a run's stored checkpoint records, newest first (keys only: nothing is read). */
export async function seqsOf(tx: Tx, runId: string): Promise<number[]> {
  const seqs: number[] = [];
  for (const key of await tx.keys(['cp', runId])) {
    const k = parseKey(key);
    if (k.kind === 'cp') seqs.push(k.seq);
  }
  return seqs.sort((a, b) => b - a);
}

/** Every key of run `runId`'s records (checkpoints, their lines, chunks; not its index): what a delete drops. */
export async function keysOfRun(tx: Tx, runId: string): Promise<Key[]> {
  const [cps, lines, chunks] = await Promise.all(['cp', 'line', 'chunk'].map((kind) => tx.keys([kind, runId])));
  return [...(cps ?? []), ...(lines ?? []), ...(chunks ?? [])];
}

/** How many records without a line are asked for at once: each is at most 1 MiB to clone. */
const RECORDS_AT_ONCE = 16;

/**
 * A run's history, newest first, and what cannot be read. Each stored checkpoint is listed
 * from its history line (a few fields, all of a run's in one request), never from its record:
 * a record damaged after its write is reported when it is read (a preview, a fork, a resume, an
 * export). A checkpoint without a sound line (one stored by a build before the lines, or whose
 * line is damaged: that line is reported) is listed from its record's envelope, as before the
 * lines: those records are read a few at a time and checked in slices, with turns for the page.
 */
export async function listStored(tx: Tx, runId: string): Promise<{ items: CheckpointSummary[]; skipped: Skipped[] }> {
  const [keys, lines, index] = await Promise.all([
    tx.keys(['cp', runId]),
    tx.entries(['line', runId]),
    tx.get(runKey(runId)),
  ]);
  // A line is believed under the run index it was written with (HISTORY_LINE_SCHEMA's `born`).
  const born = (index as { createdAt?: unknown } | undefined)?.createdAt;
  const lineAt = new Map<number, unknown>();
  for (const [key, value] of lines) {
    const k = parseKey(key);
    if (k.kind === 'line') lineAt.set(k.seq, value);
  }
  const items: CheckpointSummary[] = [];
  const skipped: Skipped[] = [];
  const unlined: { key: Key; seq: number }[] = [];
  // Each line and record is checked (a line 20 µs at 4x CPU, the costliest record tens of ms):
  // in slices, with the page's turns taken as requests of this transaction.
  const turn = () => tx.has(runKey(runId));
  await inTxSlices(
    keys,
    async (key) => {
      const k = parseKey(key);
      if (k.kind !== 'cp') return;
      const line = lineAt.get(k.seq);
      const c = line === undefined ? null : checkLine(line, k.seq);
      if (c?.ok && (c.value.born === undefined || c.value.born === born)) items.push(summaryOfLine(runId, c.value));
      else {
        // A damaged line is reported; one of an earlier run under this id is only passed over.
        if (c && !c.ok) skipped.push(skippedAt(keyText(lineKey(runId, k.seq)), c.kind, c.reason));
        unlined.push({ key, seq: k.seq });
      }
    },
    turn,
  );
  for (let at = 0; at < unlined.length; at += RECORDS_AT_ONCE) {
    const group = unlined.slice(at, at + RECORDS_AT_ONCE);
    const values = await Promise.all(group.map(({ key }) => tx.get(key)));
    await inTxSlices(
      group,
      async ({ key, seq }, i) => {
        const c = checkStoredCheckpoint(values[i], runId, seq);
        if (c.ok) items.push(summaryOf(c.value));
        else skipped.push(skippedAt(keyText(key), c.kind, c.reason));
      },
      turn,
    );
  }
  items.sort((a, b) => b.seq - a.seq);
  return { items, skipped };
}

/**
 * A store's `get` as the page shows it: the checkpoint, or in words why not (the skipped
 * record's message; E517 when nothing is stored under that number).
 */
export async function checkpointAt(store: CheckpointStore, runId: string, seq: number): Promise<ParseResult> {
  const r = await store.get(runId, seq);
  if (r === null) return { ok: false, error: storageError('E517', quote(runId), seq) };
  return r.ok ? r : { ok: false, error: r.skipped.message };
}
