import { STORAGE_MESSAGES as MESSAGES } from '../i18n/en.errors';

/**
 * Numbered storage messages, like the engine's `errors.ts` (E1xx–E4xx there): E5xx for what is
 * stored, E6xx for run files a person imports. A message says what happened and what still
 * holds. The English rows are written once, in the English dictionary's data
 * (`i18n/en.errors.ts`); the page says them in its own language (`localizeError`).
 */

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

/** Thrown inside a write transaction to undo everything it staged and answer with `message`. */
export class Refusal extends Error {}

/** The one quoting function (packages/harness-core/src/quote.ts), where the storage messages use it. */
export { quote } from '../engine';
