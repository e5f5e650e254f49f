import type { Checkpoint } from '../engine';
import type { PutResult } from '../persistence';

/**
 * A checkpoint write as the page reports it: durable or not, how fast, how big, and, when it
 * failed, what that means for the person. The publish gate makes these; the health slice and
 * the checkpoint panel read them.
 */
export interface WriteReport {
  seq: number;
  trigger: string;
  ok: boolean;
  ms: number;
  /** What the write added to storage. */
  bytes: number;
  /** The checkpoint's own bytes as JSON (0 when the write failed). */
  size: number;
  error?: string;
  /** Why it failed, as the page explains it (absent when it did not). */
  failure?: WriteFailureKind;
}

/** What a failed write means for the person: the disk is full, the browser closed storage, ... */
export type WriteFailureKind = 'quota' | 'closed' | 'too_big' | 'stale' | 'fenced' | 'stalled' | 'other';

/** A write still pending after `ms` (the publish gate's watchdog), as a failure the page shows. */
export function stalledReport(cp: Checkpoint, ms: number, error: string): WriteReport {
  return { seq: cp.seq, trigger: cp.trigger, ok: false, ms, bytes: 0, size: 0, error, failure: 'stalled' };
}

/** Sorts a failed write into what it means for the person. */
export function failureKind(r: { message: string; quota: boolean; stale: boolean }): WriteFailureKind {
  if (r.quota) return 'quota';
  // The page's number follows harness-core's class (`E701: E519: …`).
  const page = r.message.replace(/^E70\d: /, '');
  // E519: the fence refused it (another tab claimed the run); E503: a newer checkpoint is stored.
  if (r.stale) return page.startsWith('E519') ? 'fenced' : 'stale';
  if (page.startsWith('E504')) return 'too_big';
  if (/InvalidStateError|closing|closed|AbortError|UnknownError/i.test(page)) return 'closed';
  return 'other';
}

/** The report of writing `cp`: from what storage answered, or from what it threw. */
export function reportOf(cp: Checkpoint, answer: { result: PutResult } | { thrown: unknown }): WriteReport {
  const { seq, trigger } = cp;
  if ('thrown' in answer)
    return { seq, trigger, ok: false, ms: 0, bytes: 0, size: 0, error: String(answer.thrown), failure: 'other' };
  const r = answer.result;
  return r.ok
    ? { seq, trigger, ok: true, ms: r.ms, bytes: r.bytes, size: r.size }
    : { seq, trigger, ok: false, ms: 0, bytes: 0, size: 0, error: r.message, failure: failureKind(r) };
}
