import { CHECKPOINT_SCHEMA, type Checkpoint, type LedgerRow } from '../checkpointShape.js';
import { cyrb53 } from '../hash.js';
import { isObject } from '../json.js';

/**
 * Position, not luggage, for the ledger too (issue 44, defect 6). A checkpoint in memory holds
 * its run's whole ledger (restore, the guard and a person's view read it), but a store keeps
 * the ledger apart: cut into full segments of SEGMENT_ROWS rows, each kept once per run under
 * the hash of its text, which names its predecessor's hash (a hash chain, as git links commits).
 * The stored record (`harness-sim.checkpoint/2`) keeps the rows after the last full segment
 * (at most SEGMENT_ROWS - 1 plus the current step's) and one reference, `segments`: how many
 * rows the chain holds and the newest segment's hash. So a record stays under a fixed size
 * however long the run (docs/BENCHMARKS.md, harness-core), consecutive checkpoints share every
 * segment, and a record of schema /1 (the whole ledger inline, as 0.1 wrote them) still reads.
 */

/** Rows per segment: small enough that the record's tail stays a few kB, large enough that a long run has few segments. */
export const SEGMENT_ROWS = 256;
/**
 * What a stored record of a run that leaves no artifacts stays under, however many steps it
 * ran: its tail (fewer than SEGMENT_ROWS rows plus the current step's) and its position. The
 * bench holds a 100,000-step run to it (docs/BENCHMARKS.md, harness-core). Artifact refs (one per
 * artifact) and a model-driven run's plan revisions still grow with the run.
 */
export const STORED_RECORD_BOUND = 32 * 1024;
/** The stored record's schema: a checkpoint whose ledger rows before `segments.count` live in segments. */
export const STORED_CHECKPOINT_SCHEMA = 'harness-sim.checkpoint/2';
const SEGMENT_SCHEMA = 'harness-sim.ledger-segment/1';

/** The record's reference to its ledger's segments: the rows they hold, the newest one's hash (null: none). */
export interface SegmentRef {
  count: number;
  hash: string | null;
}

/** A segment as stored: its predecessor's hash and its rows, oldest first. */
interface LedgerSegment {
  schema: typeof SEGMENT_SCHEMA;
  prev: string | null;
  rows: LedgerRow[];
}

/** A segment ready to keep: its hash (its key) and its text (what is written). */
export interface NewSegment {
  hash: string;
  text: string;
}

/**
 * A segment's key: cyrb53 of its text under two seeds (106 bits), 22 characters of `[0-9a-z]`,
 * safe as a file name and a database key. A read hashes each segment again.
 */
const segmentHash = (text: string): string =>
  cyrb53(text, 0).toString(36).padStart(11, '0') + cyrb53(text, 1).toString(36).padStart(11, '0');

export const isSegmentHash = (s: string): boolean => /^[0-9a-z]{22}$/.test(s);

/**
 * Segments already cut, by their last row. Ledger rows are immutable and a run's ledger only
 * grows, so a checkpoint repeats the previous one's rows by identity (checkpoint.ts
 * `storedLedger`): a segment whose first and last rows and predecessor are the ones cut before
 * is that segment, and its text is not made again. A ledger rebuilt from scratch (after a
 * replan or a restore) is cut again, and hashes to the same keys when its rows are the same.
 */
export class SegmentCache {
  private readonly cut = new WeakMap<LedgerRow, { first: LedgerRow; prev: string | null; segment: NewSegment }>();
  segmentOf(rows: readonly LedgerRow[], prev: string | null): NewSegment {
    const first = rows[0] as LedgerRow;
    const last = rows[rows.length - 1] as LedgerRow;
    const hit = this.cut.get(last);
    if (hit && hit.first === first && hit.prev === prev) return hit.segment;
    const record: LedgerSegment = { schema: SEGMENT_SCHEMA, prev, rows: rows as LedgerRow[] };
    const text = JSON.stringify(record);
    const segment = { hash: segmentHash(text), text };
    this.cut.set(last, { first, prev, segment });
    return segment;
  }
}

/** The stored record of a checkpoint: the rows after its full segments, and its reference to them. */
export type StoredRecord = Omit<Checkpoint, 'schema'> & {
  schema: typeof STORED_CHECKPOINT_SCHEMA;
  segments: SegmentRef;
};

/** Cuts a checkpoint into its stored record and its segments, oldest first. */
export function cutCheckpoint(cp: Checkpoint, cache: SegmentCache): { record: StoredRecord; segments: NewSegment[] } {
  const ledger = cp.ledger;
  const full = ledger.length - (ledger.length % SEGMENT_ROWS);
  const segments: NewSegment[] = [];
  let prev: string | null = null;
  for (let i = 0; i < full; i += SEGMENT_ROWS) {
    const s = cache.segmentOf(ledger.slice(i, i + SEGMENT_ROWS), prev);
    segments.push(s);
    prev = s.hash;
  }
  const record: StoredRecord = {
    ...cp,
    schema: STORED_CHECKPOINT_SCHEMA,
    ledger: ledger.slice(full),
    segments: { count: full, hash: prev },
  };
  return { record, segments };
}

/** A segment's text as the store read it, or undefined when there is none under that hash. */
export type SegmentLoader = (hash: string) => Promise<string | undefined>;

/**
 * The checkpoint a stored record stands for, its ledger whole again: a /1 record as it is; a /2
 * one with its segments read back through `load`, each hashed again and its place in the chain
 * checked. Anything else passes through for the codec to judge. `error` says what is missing or
 * damaged, for E205.
 */
export async function joinRecord(
  value: unknown,
  load: SegmentLoader,
): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  if (!isObject(value) || value.schema !== STORED_CHECKPOINT_SCHEMA) return { ok: true, value };
  const ref = value.segments as Partial<SegmentRef> | undefined;
  if (
    !isObject(ref) ||
    !Number.isSafeInteger(ref.count) ||
    (ref.count as number) < 0 ||
    (ref.count as number) % SEGMENT_ROWS !== 0 ||
    (ref.hash !== null && (typeof ref.hash !== 'string' || !isSegmentHash(ref.hash))) ||
    (ref.hash === null) !== (ref.count === 0) ||
    !Array.isArray(value.ledger)
  )
    return { ok: false, error: 'field "segments" is not a count of rows and a segment hash' };
  const parts: LedgerRow[][] = [];
  let hash = ref.hash;
  while (hash !== null) {
    const text = await load(hash);
    if (text === undefined) return { ok: false, error: `its ledger segment ${hash} is missing` };
    if (segmentHash(text) !== hash) return { ok: false, error: `its ledger segment ${hash} does not match its hash` };
    let seg: Partial<LedgerSegment>;
    try {
      seg = JSON.parse(text) as Partial<LedgerSegment>;
    } catch {
      return { ok: false, error: `its ledger segment ${hash} is not JSON` };
    }
    if (seg.schema !== SEGMENT_SCHEMA || !Array.isArray(seg.rows) || seg.rows.length !== SEGMENT_ROWS)
      return { ok: false, error: `its ledger segment ${hash} is not a segment of ${SEGMENT_ROWS} rows` };
    parts.push(seg.rows);
    // A chain longer than its count would loop (or point anywhere): stop at the count.
    if (parts.length * SEGMENT_ROWS > (ref.count as number))
      return { ok: false, error: 'its ledger segments hold more rows than it counts' };
    hash = seg.prev ?? null;
  }
  if (parts.length * SEGMENT_ROWS !== ref.count)
    return { ok: false, error: 'its ledger segments hold fewer rows than it counts' };
  const ledger: LedgerRow[] = [];
  for (let i = parts.length - 1; i >= 0; i--) for (const row of parts[i] as LedgerRow[]) ledger.push(row);
  for (const row of value.ledger as LedgerRow[]) ledger.push(row);
  const { segments: _ref, ...rest } = value;
  void _ref;
  return { ok: true, value: { ...rest, schema: CHECKPOINT_SCHEMA, ledger } };
}
