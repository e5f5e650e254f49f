import type { StoreErrorCode } from 'harness-core';
import type { SkipKind, Skipped } from './types';

/**
 * Numbered storage messages, in one place like the engine's `errors.ts` (E1xx–E4xx there):
 * E5xx for what is stored, E6xx for run files a person imports. A message is shown to a
 * student as it is, so it says what happened and what still holds.
 */
const MESSAGES = {
  E501: 'IndexedDB is unavailable (%s): this run is kept in memory only, and a reload will not resume it.',
  E502: 'Storage is full (%s): %s. Deleting finished runs makes room.',
  E503: 'Checkpoint #%s of run %s is not newer than the stored newest (#%s): the newer one is kept.',
  E504: 'Checkpoint #%s was not saved: %s',
  E505: 'A run with id %s exists already.',
  E506: 'There is no run %s.',
  E507: 'The stored index of run %s is unreadable (%s); nothing was written to it.',
  E508: 'Storage failed (%s): %s.',
  E510: 'Not a Harness Sim record (no schema id of ours).',
  E511: 'Stored with schema %s; this simulator reads %s.',
  E512: 'The record is %s bytes; the limit is 1 MiB.',
  E513: 'The record is damaged: %s.',
  E514: 'Checkpoint #%s lost part of its %s: chunk %s is missing.',
  E515: 'Checkpoint #%s cannot read a %s chunk (%s): %s',
  E516: 'A key this simulator does not use: %s.',
  E517: 'Run %s has no checkpoint #%s.',
  E509: 'The run cannot be saved: %s.',
  E519: "Another tab drives run %s now: checkpoint #%s of this tab was not stored (the other tab's are).",
  E520: 'Checkpoint #%s has not been written after %s s: storage is not answering. Play is stopped and the page shows the last checkpoint that is durable; it goes on once the write lands.',
  E521: 'Checkpoint #%s is stored under %s, but it is %s: copied or moved by hand. It is left where it is, and not read.',
  E518: 'IndexedDB did not answer within %s ms: this run is kept in memory for now; the page keeps asking and moves the run to IndexedDB once it answers.',
  E601: 'This file is %s bytes; the limit is 20 MiB.',
  E602: 'This file is not JSON: %s',
  E603: 'This is not a Harness Sim run file (no "format" field naming harness-sim.run).',
  E604: 'This run file has format %s; this simulator reads harness-sim.run/1.',
  E605: 'The run in this file is malformed: %s.',
  E606: 'Checkpoint %s of this file is refused: %s',
  E607: 'This file mixes runs: checkpoint %s belongs to %s, the file is run %s.',
  E608: 'This file holds checkpoint #%s twice.',
  E610: 'Checking this file took more than %s s (stopped at checkpoint %s): nothing was imported, and what is stored is unchanged.',
  E611: 'The file could not be read (%s): nothing was imported. It may have been moved or deleted since it was picked.',
  E609: 'Even its newest checkpoint makes a file of more than the 20 MiB an import reads.',
} as const;

export type StorageErrorCode = keyof typeof MESSAGES;

/** The message for `code`, each `%s` filled in turn from `details`, prefixed by its number. */
export function storageError(code: StorageErrorCode, ...details: (string | number)[]): string {
  let i = 0;
  return `${code}: ${MESSAGES[code].replace(/%s/g, () => String(details[i++] ?? ''))}`;
}

/** The name and message of whatever was thrown, for a message a person reads. */
export function describeError(e: unknown): string {
  if (e instanceof Error || (typeof e === 'object' && e !== null && 'name' in e)) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    return [name, message].filter((x) => typeof x === 'string' && x !== '').join(': ') || 'unknown error';
  }
  return String(e);
}

/** Browsers name a full disk differently (Firefox's older name included). */
export function isQuotaError(e: unknown): boolean {
  const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/**
 * harness-core's class of each skip kind (its E70n): not ours (E702), ours but damaged (E703),
 * under another run's or number's key (E704). A checkpoint naming a scenario this simulator does
 * not have (the codec's E206) cannot be read here, but it is one of ours not fitting its plan: E703.
 */
const CLASS_OF: Record<SkipKind, StoreErrorCode> = {
  foreign: 'E702',
  version: 'E702',
  corrupt: 'E703',
  oversize: 'E703',
  missing: 'E703',
  misplaced: 'E704',
};

/** A record passed over at `where` (a key as text), of `kind`, with the page's numbered `reason`. */
export function skippedAt(where: string, kind: SkipKind, reason: string): Skipped {
  const code = kind === 'foreign' && reason.startsWith('E206') ? 'E703' : CLASS_OF[kind];
  return { where, kind, code, message: `${code}: ${reason}` };
}

/** Thrown inside a write transaction to undo everything it staged and answer with `message`. */
export class Refusal extends Error {}

/** The one quoting function (packages/harness-core/src/quote.ts), where the storage messages use it. */
export { quote } from '../engine';
