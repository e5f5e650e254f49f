import type { Bilingual } from '../engine';
import type { TraceRefusal } from './types';

/**
 * Numbered refusals of a trace, in one place (as the engine's and storage's errors.ts): E640–E659,
 * next to the run file's E601–E611. A message is shown to a student as it is, in both languages.
 */
const MESSAGES = {
  E640: {
    en: 'This file is %s bytes; a trace may be at most 50 MiB.',
    zh: '这个文件有 %s 字节；轨迹文件最多 50 MiB。',
  },
  E641: { en: 'This file is empty or not text.', zh: '这个文件是空的，或者不是文本。' },
  E642: { en: 'This is not JSON or JSON lines (%s).', zh: '这不是 JSON，也不是 JSON lines（%s）。' },
  E643: {
    en: 'This is not a trace this page reads: not OTLP/JSON (resourceSpans), not a Claude Code transcript (user and assistant lines), not a Harness Sim run file.',
    zh: '这不是本页能读的轨迹：不是 OTLP/JSON（resourceSpans），不是 Claude Code 会话记录（user 与 assistant 行），也不是 Harness Sim 运行文件。',
  },
  E644: {
    en: 'Field %s nests deeper than 32 levels, as a run file may not.',
    zh: '字段 %s 嵌套超过 32 层，运行文件也不允许。',
  },
  E645: {
    en: 'Field %s: a prototype key (__proto__, constructor, prototype) is refused.',
    zh: '字段 %s：原型键（__proto__、constructor、prototype）一律拒绝。',
  },
  E646: {
    en: 'Field %s: %s is not a number this page accepts (%s).',
    zh: '字段 %s：%s 不是本页接受的数字（%s）。',
  },
  E647: {
    en: 'Field %s holds a text of %s characters; the limit is 1,048,576.',
    zh: '字段 %s 的文本有 %s 个字符；上限是 1,048,576。',
  },
  E648: { en: 'This run file is refused: %s', zh: '这个运行文件被拒绝：%s' },
  E649: { en: 'Field %s is malformed: %s.', zh: '字段 %s 格式不对：%s。' },
  E650: {
    en: 'The guard needs 1 ≤ remindAt < fuseAt, whole numbers (got %s).',
    zh: '防护设置必须满足 1 ≤ remindAt < fuseAt，且都是整数（现在是 %s）。',
  },
  E651: {
    en: 'Every N needs N to be a whole number of at least 1 (got %s).',
    zh: '“每 N 次”的 N 必须是不小于 1 的整数（现在是 %s）。',
  },
  E652: {
    en: 'This file could not be read (%s).',
    zh: '这个文件读不出来（%s）。',
  },
} as const satisfies Record<string, Bilingual>;

export type TraceErrorCode = keyof typeof MESSAGES;

/** The message for `code`, each `%s` filled in turn from `details`, prefixed by its number. */
export function traceError(code: TraceErrorCode, ...details: (string | number)[]): Bilingual {
  const fill = (s: string) => {
    let i = 0;
    return `${code}: ${s.replace(/%s/g, () => String(details[i++] ?? ''))}`;
  };
  return { en: fill(MESSAGES[code].en), zh: fill(MESSAGES[code].zh) };
}

/** A refusal as `readTrace` answers it, for the page's own checks (a file's size before reading, a read that fails). */
export function traceRefusal(code: TraceErrorCode, ...details: (string | number)[]): TraceRefusal {
  return { ok: false, code, message: traceError(code, ...details) };
}

/** Thrown inside a reader at the first problem; `readTrace` turns it into its answer. */
export class Refused extends Error {
  readonly refusal: TraceRefusal;
  constructor(code: TraceErrorCode, ...details: (string | number)[]) {
    const message = traceError(code, ...details);
    super(message.en);
    this.refusal = { ok: false, code, message };
  }
}
