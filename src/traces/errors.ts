import type { Bilingual } from '../engine';
import { errors as en, type TRACE_MESSAGES } from '../i18n/en.errors';
import { fill } from '../i18n/numbered';
import { errors as zh } from '../i18n/zh.errors';
import type { TraceRefusal } from './types';

/**
 * Numbered refusals of a trace, E640–E659, next to the run file's E601–E611. The rows are the
 * dictionaries' (`err.E640`…, i18n/{en,zh}.errors.ts); the page says a refusal in its own
 * language from its English text (`localizeError`), as it does every numbered message.
 */
type TraceErrorCode = keyof typeof TRACE_MESSAGES;

/** The message for `code`, each `%s` filled in turn from `details`, prefixed by its number. */
export function traceError(code: TraceErrorCode, ...details: (string | number | Bilingual)[]): Bilingual {
  const key = `err.${code}` as const;
  const said = (lang: 'en' | 'zh') => details.map((d) => (typeof d === 'object' ? d[lang] : d));
  return { en: `${code}: ${fill(en[key], said('en'))}`, zh: `${code}: ${fill(zh[key], said('zh'))}` };
}

/** Why a value was refused, in both languages (a part of E646: the dictionaries' `err.why.*` rows). */
export const why = (key: 'why.notFinite' | 'why.countWhole' | 'why.intValue' | 'why.doubleValue'): Bilingual => ({
  en: en[`err.${key}`],
  zh: zh[`err.${key}`],
});

/** A refusal as `readTrace` answers it, for the page's own checks (a file's size before reading, a read that fails). */
export function traceRefusal(code: TraceErrorCode, ...details: (string | number | Bilingual)[]): TraceRefusal {
  return { ok: false, code, message: traceError(code, ...details) };
}

/** Thrown inside a reader at the first problem; `readTrace` turns it into its answer. */
export class Refused extends Error {
  readonly refusal: TraceRefusal;
  constructor(code: TraceErrorCode, ...details: (string | number | Bilingual)[]) {
    const message = traceError(code, ...details);
    super(message.en);
    this.refusal = { ok: false, code, message };
  }
}
