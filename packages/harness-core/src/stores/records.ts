import { checkCheckpoint, parseCheckpoint, serializeCheckpoint, type ParseResult } from '../checkpoint.js';
import type { Checkpoint } from '../checkpointShape.js';
import { STORE_ERROR_MESSAGES } from '../errors.js';
import type { PlanLookup } from '../world.js';
import type { Latest, PutResult, Skipped, StoreErrorCode } from './types.js';

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

/**
 * The checkpoint as the store keeps it (its serialization, and that read back), or why it is
 * refused (E701): a store writes only what the codec reads back, so an acknowledged checkpoint is
 * one a resume can stand on.
 */
export function prepare(
  cp: Checkpoint,
  plans: PlanLookup,
): { ok: true; text: string; checkpoint: Checkpoint } | Extract<PutResult, { ok: false }> {
  let text: string;
  try {
    text = serializeCheckpoint(cp);
  } catch (e) {
    return storeFailure('E701', reasonOf(e));
  }
  // JSON.stringify gives undefined, not a string, for a value that is not JSON at all.
  if (typeof text !== 'string') return storeFailure('E701', 'it is not JSON');
  const read = parseCheckpoint(text, plans);
  return read.ok ? { ok: true, text, checkpoint: read.checkpoint } : storeFailure('E701', read.error);
}

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

/** A record's value read back: text goes through the whole codec, a stored object through its checks. */
export const readValue = (value: unknown, plans: PlanLookup): ParseResult =>
  typeof value === 'string' ? parseCheckpoint(value, plans) : checkCheckpoint(value, plans);

/** `latest` of both stores: the numbers newest first, the first that reads, the newer ones passed over. */
export async function newestReadable(
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
