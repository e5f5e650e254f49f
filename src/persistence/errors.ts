import type { StoreErrorCode } from 'harness-core';
import { STORAGE_MESSAGES as MESSAGES } from '../i18n/en.errors';
import { fillIn } from '../engine/why';
import type { SkipKind, Skipped } from './types';

/**
 * Numbered storage messages, like the engine's `errors.ts` (E1xx–E4xx there): E5xx for what is
 * stored, E6xx for run files a person imports. A message says what happened and what still
 * holds. The English rows are written once, in the English dictionary's data
 * (`i18n/en.errors.ts`); the page says them in its own language (`localizeError`).
 */

type StorageErrorCode = keyof typeof MESSAGES;

/** The message for `code`, each `%s` filled in turn from `details`, prefixed by its number. */
export function storageError(code: StorageErrorCode, ...details: (string | number)[]): string {
  return `${code}: ${fillIn(MESSAGES[code], details)}`;
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
