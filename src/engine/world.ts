import type { Args, AttemptInput, ErrorType, Step, ToolName, ToolResult } from 'harness-core/sim';
import { intAt, randomAt } from './random';

/**
 * The simulated world: tools that succeed or fail deterministically from the scenario, the
 * seed and the queue of injected faults. Nothing here is random at run time; nothing is
 * remembered between calls, so the same input and seed always give the same result.
 */

export const MINUTE = 60_000;

/** Base minutes a tool takes; a seeded jitter of 0–4 minutes is added per attempt. */
const TOOL_MINUTES: Record<ToolName, number> = {
  read_file: 4,
  write_file: 6,
  run_sql: 12,
  http_call: 10,
  shell: 8,
};

/**
 * Virtual time one checkpoint write takes (serialise, write, flush): 5 seconds, whatever the
 * design. Every write pays it, so a design that writes every step runs later (SPEC §5, §9).
 */
export const CHECKPOINT_WRITE_MS = 5_000;

/** Tokens of one model call that decides and makes a tool call; more with longer args. */
const CALL_TOKENS = 420;
/** Tokens of producing (or revising) a plan. */
export const PLAN_TOKENS = 1_800;

function pathOf(args: Args): string {
  const v = args.path ?? args.file ?? args.profile ?? args.cmd ?? args.sql ?? args.url;
  return typeof v === 'string' ? v : JSON.stringify(args);
}

/**
 * What each simulated tool says when it fails, as a real tool's output reads (a code and its
 * words, the same on a Chinese page): data the ledger and the hints quote, never teaching text.
 * A stall's is what the harness notes of the call: the explanation is the dictionaries' (the
 * hint's `channel.what.no_progress`, the ledger's `no_progress`).
 */
const MESSAGES: Record<Exclude<ErrorType, 'rejected'>, (args: Args) => string> = {
  not_found: (a) => `ENOENT: no such file or record '${pathOf(a)}'`,
  timeout: (a) => `ETIMEDOUT: no answer within 120 s for '${pathOf(a)}'`,
  permission_denied: (a) => `EACCES: permission denied for '${pathOf(a)}'`,
  conflict: (a) => `EEXIST: '${pathOf(a)}' changed since it was read`,
  no_progress: (a) => `NOCHANGE: '${pathOf(a)}' returned the same result as before`,
};

/**
 * Runs a tool on an input as the harness sees it: the pure core of an execution, and of failure
 * replay. An injected fault fails it; otherwise a seeded draw against the flakiness fails it
 * with a timeout. A stall (`no_progress`) is no tool error at all: the call returns what it
 * returned before, and the harness's loop guard, checking progress and not only failures
 * (无失败也查), records it as a synthetic `no_progress` failure.
 */
export function runTool(
  input: AttemptInput,
  seed: number,
  step: number,
  attempt: number,
  flakiness: number,
): ToolResult {
  const type = input.fault ?? (flakiness > 0 && randomAt(seed, step, attempt, 1) < flakiness ? 'timeout' : null);
  if (type === null) return { ok: true };
  return { ok: false, error: { type, message: MESSAGES[type](input.args) } };
}

/**
 * Virtual duration of an attempt: a failure returns in half the time. A step may set its own
 * base minutes (a five-minute script's steps take about one minute each, with no jitter).
 */
export function durationOf(step: Step, seed: number, attempt: number, ok: boolean): number {
  const minutes = step.minutes ?? TOOL_MINUTES[step.tool as ToolName] + intAt(seed, 0, 4, step.n, attempt, 2);
  return (ok ? minutes : Math.ceil(minutes / 2)) * MINUTE;
}

/**
 * Tokens of the model call that makes this attempt. `carried` is what the call re-reads of
 * this step's injected hints and reminders: each retry carries the failures before it, so a
 * loop costs more the longer it runs (the article's night of burnt tokens).
 */
export function callTokens(args: string, seed: number, step: number, attempt: number, carried = 0): number {
  return CALL_TOKENS + Math.ceil(args.length / 4) + intAt(seed, 0, 80, step, attempt, 3) + carried;
}

/** Tokens of one re-read of a file whose ref a checkpoint did not keep (smell 1): a call and its body. */
export const REREAD_TOKENS = CALL_TOKENS + 1_500;
/** Virtual time of one such re-read. */
export const REREAD_MS = TOOL_MINUTES.read_file * MINUTE;
