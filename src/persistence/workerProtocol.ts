import type { Checkpoint } from '../engine';
import type { ParsedRunFile } from './runFile';

/** The messages between the page and runFile.worker.ts (kept apart: the worker imports no page code). */

export type Parsed = Extract<ParsedRunFile, { ok: true }>;

/** What the worker sends: a refusal, or the run and then its checkpoints in batches. */
export type FromWorker =
  | { kind: 'refused'; error: string }
  | { kind: 'run'; run: Parsed['run']; count: number }
  | { kind: 'checkpoints'; checkpoints: Checkpoint[] };

/** About this many characters of checkpoints per message: the page copies each in a few ms. */
const BATCH_CHARS = 512 * 1024;

/** The checkpoints cut into runs of about BATCH_CHARS of JSON, in order. */
export function batchesOf(checkpoints: readonly Checkpoint[], chars = BATCH_CHARS): Checkpoint[][] {
  const out: Checkpoint[][] = [];
  let batch: Checkpoint[] = [];
  let size = 0;
  for (const cp of checkpoints) {
    batch.push(cp);
    size += JSON.stringify(cp).length;
    if (size >= chars) {
      out.push(batch);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) out.push(batch);
  return out;
}
