import { checkCheckpoint, serializeCheckpoint, type ParseResult } from '../checkpoint.js';
import { CHECKPOINT_SCHEMA, MAX_CHECKPOINT_BYTES, type Checkpoint } from '../checkpointShape.js';
import { errorText, STORE_ERROR_MESSAGES } from '../errors.js';
import { utf8Length } from '../json.js';
import {
  cutCheckpoint,
  joinRecord,
  SegmentCache,
  type NewSegment,
  type SegmentLoader,
  type StoredRecord,
} from './segments.js';
import type { PlanLookup } from '../world.js';
import type { Latest, Lease, LeaseResult, PutResult, Skipped, StoreErrorCode } from './types.js';

/** What both stores share: the refusal before a write, and how a record read is judged. */

/** `E70n: what it means (the detail).` (errors.ts `STORE_ERROR_MESSAGES`, one spelling). */
export const storeText = (code: StoreErrorCode, detail: string): string =>
  `${code}: ${STORE_ERROR_MESSAGES[code].replace('%s', detail)}`;

export const storeFailure = (code: StoreErrorCode, detail: string): Extract<PutResult, { ok: false }> => ({
  ok: false,
  code,
  message: storeText(code, detail),
});

/** A thrown value as text for a message: `ENOSPC: no space left on device, …`. */
export const reasonOf = (e: unknown): string =>
  e instanceof Error ? e.message : typeof e === 'string' ? e : String((e as { name?: unknown } | null)?.name ?? e);

const runText = (runId: string): string => JSON.stringify(runId).slice(0, 80);

/** A checkpoint ready to keep: its record (text, and that parsed), its segments, and the checkpoint a read gives back. */
export interface Prepared {
  ok: true;
  text: string;
  record: StoredRecord;
  segments: NewSegment[];
  checkpoint: Checkpoint;
}

/**
 * The checkpoint as the store keeps it (segments.ts: a record of at most 1 MiB and its ledger's
 * segments) and what a read gives back, or why it is refused (E701): a store writes only what
 * the codec reads back, so an acknowledged checkpoint is one a resume can stand on. A write
 * under `lease` must be of the lease's run.
 */
export function prepare(
  cp: Checkpoint,
  plans: PlanLookup,
  lease?: Lease,
  cache: SegmentCache = new SegmentCache(),
): Prepared | Extract<PutResult, { ok: false }> {
  let text: string;
  let cut: ReturnType<typeof cutCheckpoint>;
  try {
    cut = cutCheckpoint(cp, cache);
    text = serializeCheckpoint(cut.record as unknown as Checkpoint);
  } catch (e) {
    return storeFailure('E701', reasonOf(e));
  }
  // JSON.stringify gives undefined, not a string, for a value that is not JSON at all.
  if (typeof text !== 'string') return storeFailure('E701', 'it is not JSON');
  const bytes = utf8Length(text);
  if (bytes > MAX_CHECKPOINT_BYTES)
    return storeFailure('E701', `the codec would not read it back: ${errorText('E204', bytes.toLocaleString('en'))}`);
  // The record read back, its segments' rows (cut from this checkpoint's own) put before its tail.
  const record = JSON.parse(text) as StoredRecord;
  const { segments: ref, ...rest } = record;
  const whole = { ...rest, schema: CHECKPOINT_SCHEMA, ledger: [...cp.ledger.slice(0, ref.count), ...record.ledger] };
  const read = checkCheckpoint(whole, plans);
  if (!read.ok) return storeFailure('E701', `the codec would not read it back: ${read.error}`);
  // A lease names its run: a write under another run's lease is refused before any store reads.
  if (lease && lease.runId !== read.checkpoint.runId)
    return storeFailure('E701', `the lease is for run ${runText(lease.runId)}`);
  return { ok: true, text, record, segments: cut.segments, checkpoint: read.checkpoint };
}

/**
 * The segments of `prepared` a store has not kept yet, as far as it knows (`known`, keys from
 * `segmentKey`, which it fills as it writes and reads them). Writing one again is harmless (same
 * hash, same text): this only spares the write.
 */
export const segmentsToKeep = (runId: string, prepared: Prepared, known: ReadonlySet<string>): NewSegment[] =>
  prepared.segments.filter((s) => !known.has(segmentKey(runId, s.hash)));

export const segmentKey = (runId: string, hash: string): string => `${runId}\n${hash}`;

/** The sequence guard's refusal: a checkpoint is never written over, nor behind a newer one. */
export const notNewer = (runId: string, seq: number, newest: number): Extract<PutResult, { ok: false }> =>
  storeFailure(
    'E701',
    `checkpoint ${seq} of run ${runText(runId)} is not newer than checkpoint ${newest}, stored already: a checkpoint is never overwritten, and a run id is never reused`,
  );

/** A fresh run under an id already used (E707). */
export const usedRunId = (runId: string): Extract<LeaseResult, { ok: false }> => storeFailure('E707', runText(runId));

/**
 * A run's lease as a store keeps it: the holder, the fencing counter (raised by every
 * acquisition, never lowered), when it lapses (ms since 1970, by the clock the store trusts),
 * and whether its holder let it go. `pid`/`host`: the file store's holder process, whose death
 * frees the lease at once on the same host.
 */
export interface LeaseRecord {
  owner: string;
  token: number;
  expires: number;
  released: boolean;
  pid?: number;
  host?: string;
}

/** Whether a lease still binds others: not released, not lapsed, and (where the store can tell) its holder alive. */
export const isLive = (rec: LeaseRecord | undefined, now: number, alive: (rec: LeaseRecord) => boolean = () => true) =>
  rec !== undefined && !rec.released && now < rec.expires && alive(rec);

/** `E706: Another process holds run "x" (…).` */
const heldBy = (runId: string, detail: string): Extract<PutResult, { ok: false }> =>
  storeFailure('E706', `${runText(runId)} (${detail})`);

/**
 * Whether a holder may take the run: null when it may, else the refusal. `fresh` is judged by
 * the caller (it knows whether anything was stored).
 */
export function acquireRefusal(
  runId: string,
  rec: LeaseRecord | undefined,
  live: boolean,
  steal: boolean,
): Extract<LeaseResult, { ok: false }> | null {
  if (!rec || !live || steal) return null;
  return heldBy(runId, `${quoteOwner(rec.owner)} holds lease ${rec.token} until it lets go or lapses`);
}

const quoteOwner = (owner: string): string => JSON.stringify(owner).slice(0, 80);

/**
 * The fence on a write (or a renewal): null when the writer may write, else E706. With a lease,
 * only while its token is the run's newest and not let go (a lapsed lease nobody took still
 * writes: no one else has moved the run); without one, only while no one holds the run.
 */
export function writeRefusal(
  runId: string,
  rec: LeaseRecord | undefined,
  live: boolean,
  lease: Lease | undefined,
): Extract<PutResult, { ok: false }> | null {
  if (!lease) {
    if (!rec || !live) return null;
    return heldBy(runId, `${quoteOwner(rec.owner)} holds lease ${rec.token}; this write holds none`);
  }
  if (!rec || rec.token < lease.token) return heldBy(runId, `lease ${lease.token} was never taken here`);
  if (rec.token > lease.token)
    return heldBy(
      runId,
      `${quoteOwner(rec.owner)} took it with lease ${rec.token}; this writer's lease ${lease.token} is over`,
    );
  if (rec.owner !== lease.owner) return heldBy(runId, `lease ${rec.token} is ${quoteOwner(rec.owner)}'s`);
  if (rec.released) return heldBy(runId, `lease ${lease.token} was let go`);
  return null;
}

/** A lease's record as stored (JSON), or undefined when it is not one (read as no lease, its counter kept by the caller). */
export function readLeaseRecord(value: unknown): LeaseRecord | undefined {
  const r = value as Partial<LeaseRecord> | null;
  if (typeof r !== 'object' || r === null) return undefined;
  if (typeof r.owner !== 'string' || !Number.isSafeInteger(r.token) || typeof r.expires !== 'number') return undefined;
  return {
    owner: r.owner,
    token: r.token as number,
    expires: r.expires,
    released: r.released === true,
    ...(typeof r.pid === 'number' ? { pid: r.pid } : {}),
    ...(typeof r.host === 'string' ? { host: r.host } : {}),
  };
}

/** Records `latest` moves aside when it stands on an older one: what it judged (not a storage failure, E705, which may pass). */
const movable = (s: Skipped): boolean => s.code !== 'E705';

/** The codec's own codes (errors.ts) sorted into the store's: not ours (E702) or damaged (E703). */
function codeOfCodecError(error: string): StoreErrorCode {
  return /^E20[123]\b/.test(error) ? 'E702' : 'E703';
}

/**
 * Judges a record read from `where`, kept under (runId, seq): the codec's verdict, then whether
 * it is stored under its own run and number.
 */
export function judge(
  read: ParseResult,
  runId: string,
  seq: number,
  where: string,
): { ok: true; checkpoint: Checkpoint } | { ok: false; skipped: Skipped } {
  if (!read.ok) {
    const code = codeOfCodecError(read.error);
    return { ok: false, skipped: { where, code, message: storeText(code, read.error) } };
  }
  const cp = read.checkpoint;
  if (cp.runId !== runId || cp.seq !== seq) {
    const detail = `it is checkpoint ${cp.seq} of run ${JSON.stringify(cp.runId).slice(0, 80)}, kept as ${seq} of ${JSON.stringify(runId).slice(0, 80)}`;
    return { ok: false, skipped: { where, code: 'E704', message: storeText('E704', detail) } };
  }
  return { ok: true, checkpoint: cp };
}

/**
 * A record's value read back, its ledger joined from its segments (`load`): text goes through
 * the whole codec (the 1 MiB cap is the record's), a stored object through its checks.
 */
export async function readValue(value: unknown, plans: PlanLookup, load: SegmentLoader): Promise<ParseResult> {
  let raw = value;
  if (typeof value === 'string') {
    const bytes = utf8Length(value);
    if (bytes > MAX_CHECKPOINT_BYTES) return { ok: false, error: errorText('E204', bytes.toLocaleString('en')) };
    try {
      raw = JSON.parse(value);
    } catch (e) {
      return { ok: false, error: errorText('E201', (e as Error).message) };
    }
  }
  const joined = await joinRecord(raw, load);
  if (!joined.ok) return { ok: false, error: errorText('E205', joined.error) };
  return checkCheckpoint(joined.value, plans);
}

/** `latest` of both stores: the numbers newest first, the first that reads, the newer ones passed over. */
async function newestReadable(
  seqs: readonly number[],
  read: (seq: number) => Promise<{ ok: true; checkpoint: Checkpoint } | { ok: false; skipped: Skipped } | null>,
): Promise<Latest> {
  const skipped: Skipped[] = [];
  for (const seq of [...seqs].reverse()) {
    const r = await read(seq);
    if (r === null) continue; // removed since it was listed
    if (r.ok) return { checkpoint: r.checkpoint, skipped };
    skipped.push(r.skipped);
  }
  return { checkpoint: null, skipped };
}

/**
 * `latest` of every store: the newest checkpoint that reads; when it stands on an older one,
 * the damaged newer records passed over are moved aside (`moveAside` does it and says where),
 * so the resumed run's next write never lands on them. A storage failure (E705) is not moved,
 * nor is anything when no checkpoint reads; a move that fails is said in the record's message.
 */
export async function latestMovingAside(
  seqs: readonly number[],
  read: (seq: number) => Promise<{ ok: true; checkpoint: Checkpoint } | { ok: false; skipped: Skipped } | null>,
  moveAside: (s: Skipped) => Promise<string>,
): Promise<Latest> {
  const found = await newestReadable(seqs, read);
  if (found.checkpoint === null) return found;
  const skipped: Skipped[] = [];
  for (const s of found.skipped) {
    if (!movable(s)) {
      skipped.push(s);
      continue;
    }
    try {
      skipped.push({ ...s, movedTo: await moveAside(s) });
    } catch (e) {
      skipped.push({ ...s, message: `${s.message} (not moved aside: ${reasonOf(e)})` });
    }
  }
  return { checkpoint: found.checkpoint, skipped };
}
