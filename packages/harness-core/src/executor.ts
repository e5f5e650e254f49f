/* eslint-disable no-restricted-globals -- the driver's real waits (a retry's backoff, a call's
   timeout) are wall time by nature; the machine itself never reads a timer. */
import { MAX_NAME, MAX_TEXT } from './schema.js';
import type { Args, ContextMessage, ToolError } from './types.js';

/**
 * The executor a harness author writes (a plain async function, no XState), and what the harness
 * does around each call: a per-call timeout and a cancel that abort its signal, retries with
 * backoff for transient errors, and bounds on what it records, so a long stderr line or an error
 * type of the author's own is recorded, never refused after the side effect happened.
 */

/** One tool call as the harness makes it. */
export interface ToolCall {
  runId: string;
  /** The step's number in the plan (1-based). */
  step: number;
  title: string;
  tool: string;
  args: Args;
}

/** What the executor is told besides the call. */
export interface CallOptions {
  /** Aborted when the run is cancelled or the call's `timeoutMs` passes: stop the tool then. */
  signal: AbortSignal;
  /** 1 for the first attempt at this step, then 2, 3… (a resumed run counts on from its ledger). */
  attempt: number;
  /** 1, then 2, 3… while the harness retries a transient error within this attempt. */
  try: number;
  /** The newest recovery hint, reminder or rejection for this step (English), if any. */
  hint: string | undefined;
  /** Everything the model reads before this attempt: the step's hints and reminders, oldest first. */
  context: readonly ContextMessage[];
}

/** A failure as the executor names it; `transient` overrides the harness's list of transient types. */
export interface CallError {
  type: string;
  message: string;
  transient?: boolean;
}

/**
 * The executor's answer. `artifact`: a reference to what the call left (a file, a record id, the
 * full stderr), kept in the ledger and handed back on resume; `output`: a value this process
 * hands back in `HarnessResult.outputs` (not stored: keep what a resume needs as an artifact).
 */
export type ToolAnswer =
  | { ok: true; output?: unknown; artifact?: string; ms?: number; tokens?: number }
  | { ok: false; error: CallError; artifact?: string; ms?: number; tokens?: number };

/** Makes one tool call. A throw is recorded as a failure of type `executor_threw`. */
export type Executor = (call: ToolCall, options: CallOptions) => Promise<ToolAnswer> | ToolAnswer;

/** How transient errors are retried within one attempt: waits initialMs, ×factor, at most maxMs. */
export interface RetryPolicy {
  /** Tries per attempt, the first included (1: never retry). */
  maxAttempts: number;
  initialMs: number;
  factor: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, initialMs: 500, factor: 2, maxMs: 10_000 };

/** Error types retried by default: a timeout, a rate limit, a server error (`http_503`, `5xx`). */
export const TRANSIENT_ERROR_TYPES: readonly string[] = ['timeout', 'rate_limit', 'unavailable', 'server_error'];
const FIVE_XX = /^(http_?)?5(\d\d|xx)$/i;

/** Whether the harness retries `error`: the executor's own word first, then the type lists. */
export function isTransient(error: CallError, types: readonly string[] = TRANSIENT_ERROR_TYPES): boolean {
  return error.transient ?? (types.includes(error.type) || FIVE_XX.test(error.type));
}

/** The wait before try `next` (2, 3…): initialMs × factor^(next − 2), at most maxMs. */
export function backoffMs(policy: RetryPolicy, next: number): number {
  return Math.min(policy.maxMs, policy.initialMs * policy.factor ** (next - 2));
}

/** The longest artifact ref a checkpoint keeps. */
export const MAX_REF = 200;

/** `text` within `max` characters: cut, with `…[truncated N chars]` saying how much went. */
export function bounded(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  // The marker's own length depends on N; N is at least text.length − max.
  for (let keep = max - 24; keep > 0; keep--) {
    const marker = `…[truncated ${text.length - keep} chars]`;
    if (keep + marker.length <= max) return text.slice(0, keep) + marker;
  }
  return text.slice(0, max);
}

/** A count the ledger keeps (ms, tokens): a whole number ≥ 0, or left out. */
const count = (x: unknown): number | undefined =>
  typeof x === 'number' && Number.isFinite(x) && x >= 0 ? Math.min(Math.round(x), Number.MAX_SAFE_INTEGER) : undefined;

/** The answer as the harness records it: every field within what a checkpoint keeps. */
export function boundAnswer(given: ToolAnswer): ToolAnswer {
  const { ms, tokens, ...rest } = given;
  const counts = {
    ...(count(ms) === undefined ? {} : { ms: count(ms) }),
    ...(count(tokens) === undefined ? {} : { tokens: count(tokens) }),
  };
  const answer = { ...rest, ...counts } as ToolAnswer;
  const artifact = answer.artifact === undefined ? {} : { artifact: bounded(String(answer.artifact), MAX_REF) };
  if (answer.ok) return { ...answer, ...artifact };
  const e = answer.error as Partial<CallError> | undefined;
  const type = String(e?.type ?? '').trim();
  const error: ToolError = {
    type: type === '' ? 'error' : type.slice(0, MAX_NAME),
    message: bounded(String(e?.message ?? '')),
  };
  return {
    ...answer,
    error: { ...error, ...(e?.transient === undefined ? {} : { transient: e.transient }) },
    ...artifact,
  };
}

/** What a thrown value says, as a failure the ledger records and the guard counts. */
export function thrownAnswer(thrown: unknown): ToolAnswer {
  const message = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  return { ok: false, error: { type: 'executor_threw', message: bounded(message), transient: false } };
}

/** Waits `ms`, or less when `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface CallSettings {
  executor: Executor;
  retry: RetryPolicy;
  transientTypes: readonly string[];
  /** Per-call timeout: the call's signal aborts and it counts as a transient `timeout`. */
  timeoutMs: number | undefined;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The run's cancel. */
  signal: AbortSignal;
  onRetry: (failed: ToolAnswer & { ok: false }, nextTry: number, waitMs: number) => void;
  /** Opens a span (or anything) around one try; its `end` is told the recorded answer. */
  onTry?: (call: ToolCall, options: Omit<CallOptions, 'signal'>) => { end(answer: ToolAnswer): void };
}

/** One try: the executor's answer, a throw as a failure, a timeout as a transient failure. */
async function tryOnce(s: CallSettings, call: ToolCall, options: Omit<CallOptions, 'signal'>): Promise<ToolAnswer> {
  const own = new AbortController();
  const cancel = () => own.abort(s.signal.reason);
  s.signal.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<ToolAnswer>((resolve) => {
    if (s.timeoutMs === undefined) return;
    const ms = s.timeoutMs;
    timer = setTimeout(() => {
      own.abort(new Error(`timeout after ${ms} ms`));
      resolve({ ok: false, error: { type: 'timeout', message: `no answer within ${ms} ms`, transient: true } });
    }, ms);
  });
  const span = s.onTry?.(call, options);
  try {
    const answered = (async () => s.executor(call, { ...options, signal: own.signal }))().catch(thrownAnswer);
    const answer = boundAnswer(await Promise.race([answered, timedOut]));
    span?.end(answer);
    return answer;
  } finally {
    clearTimeout(timer);
    s.signal.removeEventListener('abort', cancel);
  }
}

/**
 * One attempt: tries until an answer that is not a transient failure, the policy's tries are
 * used up, or the run is cancelled. Only the attempt's last answer reaches the ledger, so a
 * transient error that a retry got past never counts toward the fuse.
 */
export async function callTool(s: CallSettings, call: ToolCall, options: Omit<CallOptions, 'signal' | 'try'>) {
  for (let n = 1; ; n++) {
    const answer = await tryOnce(s, call, { ...options, try: n });
    if (answer.ok || n >= s.retry.maxAttempts || s.signal.aborted || !isTransient(answer.error, s.transientTypes))
      return answer;
    const wait = backoffMs(s.retry, n + 1);
    s.onRetry(answer, n + 1, wait);
    await s.sleep(wait, s.signal);
    if (s.signal.aborted) return answer;
  }
}
