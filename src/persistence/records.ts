import { MAX_CHECKPOINT_BYTES, checkAgainst, isObject, utf8Length } from '../engine';
import type { Tx } from './backend';
import { part } from '../i18n/en.errors';
import { Refusal, describeError, isQuotaError, quote, storageError } from './errors';
import { orderKey, runKey } from './keys';
import {
  CHUNK_RECORD_SCHEMA,
  HISTORY_LINE_SCHEMA,
  RUN_META_SCHEMA,
  STORED_CHECKPOINT_ENVELOPE,
  type ChunkRecord,
  type HistoryLine,
  type StoredCheckpoint,
} from './schemas';

export type { Chain, ChunkRecord, HistoryLine, StoredCheckpoint } from './schemas';
import { RUN_SCHEMA, type CheckpointSummary, type RunMeta, type SkipKind, type Writer } from './types';

/**
 * The stored record versions and the checks that decide whether a record is read or skipped.
 * Each record names its schema; a later version adds its reader here, and its fixture beside
 * `__fixtures__/*.v1.json`. Stored checkpoints: v1 (64-row chunks) is still read, v2 (16-row
 * chunks, so a record repeats at most 15 rows) is what is written. The two differ only in the
 * chunk size their chains imply; chunk records are the same in both (`harness-sim.chunk/1`).
 */

export const STORED_CHECKPOINT_SCHEMA = 'harness-sim.stored-checkpoint/2';
const STORED_CHECKPOINT_SCHEMA_V1 = 'harness-sim.stored-checkpoint/1';
export const CHUNK_SCHEMA = 'harness-sim.chunk/1';
/** A checkpoint's history line (schemas.ts `HISTORY_LINE_SCHEMA`); records before it have none. */
export const LINE_SCHEMA = 'harness-sim.line/1';

/** Rows per full chunk, by stored-checkpoint version: implied by the version, not stored. */
export const CHUNK_ROWS_OF = {
  [STORED_CHECKPOINT_SCHEMA_V1]: 64,
  [STORED_CHECKPOINT_SCHEMA]: 16,
} as const;

/**
 * Sizes are the UTF-8 length of a value's JSON: what a person would download, and a fair
 * stand-in for what IndexedDB keeps on disk.
 */
/**
 * JSON of a stored value and its UTF-8 size, or null when it has no JSON form (a cycle, a
 * BigInt, a function: only damage or a foreign writer puts those in our database).
 */
export function jsonOf(value: unknown): { json: string; bytes: number } | null {
  try {
    const json = JSON.stringify(value);
    return typeof json === 'string' ? { json, bytes: utf8Length(json) } : null;
  } catch {
    return null;
  }
}

// The size limit of a run file lives here, not in runFile.ts: the page checks a picked file's size
// (and the store its export's) on the first screen, while the file's code loads when used.

/** The largest run file read (a 4,000-step run with every checkpoint is far below it). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The refusal of a file too big to import, from its size alone (it is not read). */
export const fileTooBig = (bytes: number): string | null =>
  bytes > MAX_IMPORT_BYTES ? storageError('E601', bytes.toLocaleString('en')) : null;

type Obj = Record<string, unknown>;
const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
export const isRunId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

type Checked<T> = { ok: true; value: T; json: string; bytes: number } | { ok: false; kind: SkipKind; reason: string };

const skip = <T>(kind: SkipKind, reason: string): Checked<T> => ({ ok: false, kind, reason });

/**
 * The checks every stored record goes through, in order: it has a JSON form, it is at most
 * 1 MiB, it is ours, it is this version, and (`fields`) its fields are what this version says.
 */
function checkRecord<T>(
  value: unknown,
  schema: string,
  fields: (r: Obj) => string | null,
  alsoReads: readonly string[] = [],
): Checked<T> {
  const j = jsonOf(value);
  if (!j) return skip('corrupt', storageError('E513', part('why.noJson')));
  if (j.bytes > MAX_CHECKPOINT_BYTES) return skip('oversize', storageError('E512', j.bytes.toLocaleString('en')));
  if (!isObject(value) || typeof value.schema !== 'string' || !value.schema.startsWith('harness-sim.')) {
    return skip('foreign', storageError('E510'));
  }
  const family = schema.slice(0, schema.lastIndexOf('/') + 1);
  if (value.schema !== schema && !alsoReads.includes(value.schema)) {
    return value.schema.startsWith(family)
      ? skip('version', storageError('E511', quote(value.schema), schema))
      : skip('corrupt', storageError('E513', `a ${quote(value.schema)} record where a ${schema} belongs`));
  }
  const bad = fields(value);
  return bad
    ? skip('corrupt', storageError('E513', bad))
    : { ok: true, value: value as T, json: j.json, bytes: j.bytes };
}

export function checkRunRecord(value: unknown, runId: string): Checked<RunMeta> {
  return checkRecord<RunMeta>(value, RUN_SCHEMA, (r) => {
    const s = checkAgainst(RUN_META_SCHEMA, r);
    if (!s.ok) return s.reason;
    return r.runId === runId ? null : 'field "runId" is not the id it is stored under';
  });
}

/**
 * The envelope and the summary fields a history line needs; the rest is checked on reassembly.
 * A sound record under another run's or number's key is `misplaced` (copied or moved by hand),
 * not `corrupt`: its own number (E521) says so, and harness-core's stores answer E704 for it.
 */
export function checkStoredCheckpoint(value: unknown, runId: string, seq: number): Checked<StoredCheckpoint> {
  const c = checkRecord<StoredCheckpoint>(
    value,
    STORED_CHECKPOINT_SCHEMA,
    (r) => {
      const s = checkAgainst(STORED_CHECKPOINT_ENVELOPE, r);
      return s.ok ? null : s.reason;
    },
    [STORED_CHECKPOINT_SCHEMA_V1],
  );
  if (!c.ok) return c;
  // The envelope's check vouched for these two fields.
  const body = c.value.body as unknown as { runId: string; seq: number };
  return body.runId === runId && body.seq === seq
    ? c
    : skip(
        'misplaced',
        storageError('E521', seq, `run ${quote(runId)} #${seq}`, `run ${quote(body.runId)} #${body.seq}`),
      );
}

export function checkChunk(value: unknown): Checked<ChunkRecord> {
  return checkRecord<ChunkRecord>(value, CHUNK_SCHEMA, (r) => {
    const s = checkAgainst(CHUNK_RECORD_SCHEMA, r);
    return s.ok ? null : s.reason;
  });
}

/** The history line of a stored checkpoint whose envelope checked out. */
export const summaryOf = (record: StoredCheckpoint): CheckpointSummary =>
  summaryOfLine(record.body.runId, lineOf(record));

/**
 * The history line of a stored checkpoint, written beside its record (keys.ts `lineKey`), under
 * the run index created at `born` (schemas.ts `HISTORY_LINE_SCHEMA`).
 */
export function lineOf({ body: b, size, stored }: StoredCheckpoint, born?: number): HistoryLine {
  const { step, state, trigger, seq } = b;
  const line: HistoryLine = {
    schema: LINE_SCHEMA,
    seq,
    step,
    state,
    trigger,
    size,
    stored,
    virtual: b.time.virtual,
    wall: b.time.wall,
  };
  return born === undefined ? line : { ...line, born };
}

/** A stored history line, checked as every record is, under its key's run and number. */
export function checkLine(value: unknown, seq: number): Checked<HistoryLine> {
  return checkRecord<HistoryLine>(value, LINE_SCHEMA, (r) => {
    const s = checkAgainst(HISTORY_LINE_SCHEMA, r);
    if (!s.ok) return s.reason;
    return r.seq === seq ? null : 'field "seq" is not the number it is stored under';
  });
}

/** The history line of run `runId` as the page lists it. */
export const summaryOfLine = (runId: string, l: HistoryLine): CheckpointSummary => ({
  runId,
  seq: l.seq,
  step: l.step,
  state: l.state,
  trigger: l.trigger,
  bytes: l.size,
  storedBytes: l.stored,
  virtual: l.virtual,
  wall: l.wall,
});

// The run index line: read, stored, fenced, and the store's write counter that orders runs.

/** The run index inside `tx`: absent, readable, or unreadable (then nothing is written to it). */
export async function runIn(tx: Tx, runId: string): Promise<{ run: RunMeta | null } | { error: string }> {
  const raw = await tx.get(runKey(runId));
  if (raw === undefined) return { run: null };
  const c = checkRunRecord(raw, runId);
  return c.ok ? { run: c.value } : { error: storageError('E507', quote(runId), c.reason) };
}

/** The index line stored, once the reader's check says it will read back (or the write is refused). */
export const putRun = (tx: Tx, run: RunMeta): void => {
  // The wall time of a claim, from builds before the counter, is dropped once rewritten.
  const { claimedAt, ...line } = run;
  const c = checkRunRecord(line, line.runId);
  if (!c.ok) throw new Refusal(storageError('E509', c.reason));
  tx.put(runKey(line.runId), line);
};

/**
 * The fence: whether `w` may write to `run` now. A run nobody claimed takes any write; a
 * claimed one only its driver's at its epoch, or a claim from the epoch before (see Writer).
 */
export const mayWrite = (w: Writer | undefined, run: RunMeta): boolean => {
  const epoch = run.epoch ?? 0;
  if (!w) return run.driver === undefined;
  return (run.driver === w.tab && epoch === w.epoch) || (!!w.claim && epoch === w.epoch - 1);
};

const ORDER_SCHEMA = 'harness-sim.order/1';

/**
 * The next number of the store's write counter, staged in `tx` (`raw`: the counter as read in
 * the same transaction). An unreadable counter starts again from the highest it can trust: 0.
 */
export function touchWith(tx: Tx, raw: unknown): number {
  const r = raw as { schema?: unknown; writes?: unknown } | undefined;
  const next = (r?.schema === ORDER_SCHEMA && isNat(r.writes) ? r.writes : 0) + 1;
  tx.put(orderKey, { schema: ORDER_SCHEMA, writes: next });
  return next;
}

/** A write that failed: refused by the store's rules (E701, nothing written) or by the disk (E705). */
export interface WriteFailure {
  code: 'E701' | 'E705';
  reason: string;
  quota: boolean;
}

/** A write that fails for the disk, not for our rules: say which, and whether it is quota. */
export const writeFailure = (e: unknown, what: string): WriteFailure =>
  e instanceof Refusal
    ? { code: 'E701', reason: e.message, quota: false }
    : isQuotaError(e)
      ? { code: 'E705', reason: storageError('E502', describeError(e), what), quota: true }
      : { code: 'E705', reason: storageError('E508', describeError(e), what), quota: false };
