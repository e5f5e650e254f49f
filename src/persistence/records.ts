import { MAX_CHECKPOINT_BYTES, checkAgainst, isObject } from '../engine';
import { jsonOf } from './bytes';
import { quote, storageError } from './errors';
import {
  CHUNK_RECORD_SCHEMA,
  RUN_META_SCHEMA,
  STORED_CHECKPOINT_ENVELOPE,
  type ChunkRecord,
  type StoredCheckpoint,
} from './schemas';

export type { Chain, ChunkRecord, StoredCheckpoint } from './schemas';
import { RUN_SCHEMA, type CheckpointSummary, type RunMeta, type SkipKind } from './types';

/**
 * The stored record versions and the checks that decide whether a record is read or skipped.
 * Each record names its schema; a later version adds its reader here, and its fixture beside
 * `__fixtures__/*.v1.json`. Stored checkpoints: v1 (64-row chunks) is still read, v2 (16-row
 * chunks, so a record repeats at most 15 rows) is what is written. The two differ only in the
 * chunk size their chains imply; chunk records are the same in both (`harness-sim.chunk/1`).
 */

export const STORED_CHECKPOINT_SCHEMA = 'harness-sim.stored-checkpoint/2';
export const STORED_CHECKPOINT_SCHEMA_V1 = 'harness-sim.stored-checkpoint/1';
export const CHUNK_SCHEMA = 'harness-sim.chunk/1';

/** Rows per full chunk, by stored-checkpoint version: implied by the version, not stored. */
export const CHUNK_ROWS_OF = {
  [STORED_CHECKPOINT_SCHEMA_V1]: 64,
  [STORED_CHECKPOINT_SCHEMA]: 16,
} as const;

export type Obj = Record<string, unknown>;
export const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
export const isRunId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

export type Checked<T> =
  { ok: true; value: T; json: string; bytes: number } | { ok: false; kind: SkipKind; reason: string };

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
  if (!j) return skip('corrupt', storageError('E513', 'it has no JSON form'));
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
export function summaryOf({ body: b, size, stored }: StoredCheckpoint): CheckpointSummary {
  return {
    runId: b.runId,
    seq: b.seq,
    step: b.step,
    state: b.state,
    trigger: b.trigger,
    bytes: size,
    storedBytes: stored,
    virtual: b.time.virtual,
    wall: b.time.wall,
  };
}
