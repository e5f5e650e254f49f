import * as v from 'valibot';
import { DESIGN_SCHEMA, STATE_SCHEMA, TRIGGER_SCHEMA } from '../engine';

/**
 * The storage layer's records as valibot schemas, beside the engine's (packages/harness-core/src/schema.ts): the
 * run index, the stored checkpoint's envelope, a chunk, the run file, a tab message. Strict
 * objects (unknown keys refused), bounded strings and lists. Every record that crosses into
 * the page from storage, a file or another tab goes through `checkAgainst` first.
 */

const nat = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const runId = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const hash = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const branch = v.strictObject({ from: runId, seq: nat });

/** One run as the history lists it (`RunMeta`): what its newest checkpoint says, and what it weighs. */
export const RUN_META_SCHEMA = v.strictObject({
  schema: v.literal('harness-sim.run/1'),
  runId,
  scenario: v.pipe(v.string(), v.maxLength(100)),
  seed: v.pipe(v.number(), v.safeInteger()),
  /** Set on a fork: the run and checkpoint this branch started from. */
  branch: v.nullable(branch),
  /** Sequence number of the newest stored checkpoint; 0 before any. It only grows. */
  newestSeq: nat,
  /** State of the newest checkpoint, or `created` before any. */
  state: STATE_SCHEMA,
  /** Step of the newest checkpoint (the step in progress or to run next); 1 before any. */
  step: nat,
  /** Wall time (ms since 1970) the run was saved first, and last. */
  createdAt: nat,
  updatedAt: nat,
  /** How many checkpoints were stored. */
  checkpoints: nat,
  /** Stored bytes (UTF-8 JSON) of this run's checkpoint records and chunks; `listRuns` adds its index record's own. */
  bytes: nat,
  /** The harness design the run was started with (absent: `article`). */
  design: v.exactOptional(DESIGN_SCHEMA),
  /** The tab that drives the run (its session id): writes from any other tab are refused (fencing). */
  driver: v.exactOptional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
  /**
   * The fencing counter: how many times the run was claimed (absent: 0). Each claim takes the
   * next number, and a write lands only under the number its tab claimed, so after a claim no
   * earlier holder's write lands, whatever the clocks say.
   */
  epoch: v.exactOptional(nat),
  /**
   * This browser's count of run writes when the run was last written (created, checkpointed or
   * imported here): what orders the runs a reload resumes, whatever a file or a clock says.
   */
  touched: v.exactOptional(nat),
  /** Written by builds before the fencing counter (a wall time): still read, never written. */
  claimedAt: v.exactOptional(nat),
});

const chain = v.pipe(
  v.strictObject({ head: v.nullable(hash), chunks: nat, tail: v.pipe(v.array(v.unknown()), v.maxLength(64)) }),
  v.check((c) => (c.head === null ? c.chunks === 0 : c.chunks > 0), 'head and chunk count disagree'),
);

/**
 * One checkpoint as stored: the checkpoint without its two append-only arrays (kept as `null`
 * so the reassembled checkpoint has the same key order, hence the same JSON and size), and
 * those arrays as chains of shared chunks (`head`: the newest full chunk's hash, null when all
 * rows are in the `tail`). `size`: UTF-8 bytes of the whole checkpoint's JSON; `stored`: what
 * its write added to storage, the record and its new chunks. The schema checks the envelope and
 * the summary fields a history line needs; the body is checked whole on reassembly.
 */
export const STORED_CHECKPOINT_ENVELOPE = v.strictObject({
  schema: v.picklist(['harness-sim.stored-checkpoint/1', 'harness-sim.stored-checkpoint/2']),
  size: nat,
  stored: nat,
  ledger: chain,
  refs: chain,
  body: v.looseObject({
    ledger: v.null(),
    refs: v.null(),
    runId,
    seq: nat,
    step: nat,
    state: STATE_SCHEMA,
    trigger: TRIGGER_SCHEMA,
    time: v.strictObject({ virtual: nat, wall: nat }),
  }),
});

/**
 * A checkpoint's history line, stored beside its record (`['line', runId, seq]`) by the same
 * write: what the runs panel lists of it (the summary fields of the record's envelope, `size`
 * and `stored` as the record has them), so listing a run reads these few bytes a checkpoint and
 * not the records (a 19 MiB run's 957 records, read back to be listed, were one task of 400 ms
 * at 4x CPU). The run id is its key's.
 */
export const HISTORY_LINE_SCHEMA = v.strictObject({
  schema: v.literal('harness-sim.line/1'),
  seq: nat,
  step: nat,
  state: STATE_SCHEMA,
  trigger: TRIGGER_SCHEMA,
  size: nat,
  stored: nat,
  virtual: nat,
  wall: nat,
  /**
   * The `createdAt` of the run's index when the line was written: a line is believed only under
   * that same index. A build before the lines deletes a run's records and index but not its
   * lines; should it then store a run under the same id, its old lines do not describe the new
   * records, and the listing reads those records instead. Lines written before this field have
   * none, and are believed.
   */
  born: v.exactOptional(nat),
});

/** A full chunk of rows; its key is the hash of this record's JSON, so it names its whole past. */
export const CHUNK_RECORD_SCHEMA = v.strictObject({
  schema: v.literal('harness-sim.chunk/1'),
  prev: v.nullable(hash),
  rows: v.pipe(v.array(v.unknown()), v.maxLength(64)),
});

/** The run of a run file: what an export writes (a whole RunMeta), or the few fields a person must give. */
const RUN_IN_FILE_SCHEMA = v.strictObject({
  schema: v.exactOptional(v.literal('harness-sim.run/1')),
  runId,
  scenario: v.pipe(v.string(), v.maxLength(100)),
  seed: v.pipe(v.number(), v.safeInteger()),
  branch: v.exactOptional(v.nullable(branch)),
  createdAt: v.exactOptional(nat),
  newestSeq: v.exactOptional(nat),
  state: v.exactOptional(STATE_SCHEMA),
  step: v.exactOptional(nat),
  updatedAt: v.exactOptional(nat),
  checkpoints: v.exactOptional(nat),
  bytes: v.exactOptional(nat),
  design: v.exactOptional(DESIGN_SCHEMA),
  driver: v.exactOptional(v.pipe(v.string(), v.maxLength(100))),
  /** Exports before this build kept the claim (ignored on import, as `driver` is). */
  epoch: v.exactOptional(nat),
  claimedAt: v.exactOptional(nat),
  touched: v.exactOptional(nat),
  /** Set by an export that left checkpoints out (older ones, or ones it could not read). */
  omitted: v.exactOptional(v.strictObject({ older: nat, unreadable: nat })),
});

/** Checkpoints are checked one by one (their own numbered reason), so the file schema leaves them unknown. */
export const RUN_FILE_SCHEMA = v.strictObject({
  format: v.literal('harness-sim.run/1'),
  run: RUN_IN_FILE_SCHEMA,
  checkpoints: v.pipe(v.array(v.unknown()), v.maxLength(100_000)),
});

/**
 * A message between the tabs on a run: a durable checkpoint (to followers), a new driver, or a
 * tab that joined the run ("hello"), answers one that did ("here"), or leaves it ("bye").
 */
const tabBase = {
  schema: v.literal('harness-sim.tab/1'),
  runId,
  from: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
};
export const TAB_MESSAGE_SCHEMA = v.variant('type', [
  v.strictObject({ ...tabBase, type: v.literal('checkpoint'), checkpoint: v.unknown() }),
  v.strictObject({ ...tabBase, type: v.picklist(['driver', 'hello', 'here', 'bye']), lease: v.exactOptional(nat) }),
]);

export type RunMeta = v.InferOutput<typeof RUN_META_SCHEMA>;
export type StoredCheckpoint = v.InferOutput<typeof STORED_CHECKPOINT_ENVELOPE>;
/** A list of rows stored as full chunks (newest first, linked by `prev`) plus the rows after them. */
export type Chain = StoredCheckpoint['ledger'];
export type ChunkRecord = v.InferOutput<typeof CHUNK_RECORD_SCHEMA>;
export type HistoryLine = v.InferOutput<typeof HISTORY_LINE_SCHEMA>;
export type RunFileInput = v.InferOutput<typeof RUN_FILE_SCHEMA>;
export type TabMessage = v.InferOutput<typeof TAB_MESSAGE_SCHEMA>;
