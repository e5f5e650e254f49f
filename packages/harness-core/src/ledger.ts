import type { Attempt } from './types.js';

/** The ledger with one more row: pure, never mutates. */
export function record(ledger: readonly Attempt[], attempt: Attempt): readonly Attempt[] {
  return [...ledger, attempt];
}

const COUNTS_AS_ATTEMPT: ReadonlySet<Attempt['outcome']> = new Set(['ok', 'error', 'rejected']);
const IS_FAILURE: ReadonlySet<Attempt['outcome']> = new Set(['error', 'rejected']);

export const isFailure = (a: Attempt): boolean => IS_FAILURE.has(a.outcome);

/**
 * Rows of one step, oldest first. The ledger is append-only and a step's rows are contiguous
 * at its tail while it runs, so this scans back from the end (O(rows of the step)) on the hot
 * path of every tick.
 */
export function rowsOfStep(ledger: readonly Attempt[], step: number): Attempt[] {
  const rows: Attempt[] = [];
  for (let i = ledger.length - 1; i >= 0; i--) {
    const a = ledger[i] as Attempt;
    if (a.step === step) rows.push(a);
    else if (rows.length > 0) break;
  }
  return rows.reverse();
}

/** Attempts (tool executions and rejected requests) made at a step; human edits do not count. */
export function attemptsAt(ledger: readonly Attempt[], step: number): number {
  let n = 0;
  for (const a of rowsOfStep(ledger, step)) if (COUNTS_AS_ATTEMPT.has(a.outcome)) n++;
  return n;
}
