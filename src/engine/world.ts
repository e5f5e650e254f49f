import type { Scenario } from './scenarios';
import type { Args, AttemptInput, ErrorType, Step, TaskContext, ToolError, ToolName } from './types';
import { attemptsAt } from './ledger';
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

/** Tokens of one model call that decides and makes a tool call; more with longer args. */
const CALL_TOKENS = 420;
/** Tokens of producing (or revising) a plan. */
export const PLAN_TOKENS = 1_800;

export type ToolResult = { ok: true } | { ok: false; error: ToolError };

function pathOf(args: Args): string {
  const v = args.path ?? args.file ?? args.profile ?? args.cmd ?? args.sql ?? args.url;
  return typeof v === 'string' ? v : JSON.stringify(args);
}

const MESSAGES: Record<Exclude<ErrorType, 'rejected'>, (args: Args) => string> = {
  not_found: (a) => `ENOENT: no such file or record '${pathOf(a)}'`,
  timeout: (a) => `ETIMEDOUT: no answer within 120 s for '${pathOf(a)}'`,
  permission_denied: (a) => `EACCES: permission denied for '${pathOf(a)}'`,
  conflict: (a) => `EEXIST: '${pathOf(a)}' changed since it was read`,
  no_progress: (a) => `the same call on '${pathOf(a)}' returned what it returned before: no progress`,
};

/**
 * Runs a tool on an input: the pure core of an execution, and of failure replay. An injected
 * fault fails it; otherwise a seeded draw against the flakiness fails it with a timeout.
 */
export function runTool(input: AttemptInput, seed: number, step: number, attempt: number, flakiness: number): ToolResult {
  const type = input.fault ?? (flakiness > 0 && randomAt(seed, step, attempt, 1) < flakiness ? 'timeout' : null);
  if (type === null) return { ok: true };
  return { ok: false, error: { type, message: MESSAGES[type](input.args) } };
}

/** The args the model uses for this attempt: the scenario's script, or a changed approach. */
export function argsFor(scenario: Scenario, ctx: TaskContext, step: Step, attempt: number): Args {
  const scripted = ctx.world.args[step.n] ?? scenario.script?.[step.n]?.[attempt - 1]?.args ?? step.args;
  const variant = ctx.world.approach[step.n];
  return variant === undefined ? scripted : { ...scripted, approach: variant };
}

/** What the current step's next execution is given: its args and the fault, if any. */
export function nextInput(scenario: Scenario, ctx: TaskContext, step: Step): AttemptInput {
  const attempt = attemptsAt(ctx.ledger, step.n) + 1;
  const args = argsFor(scenario, ctx, step, attempt);
  // A changed approach or a person's args take the model off the scripted path, so scripted
  // faults stop applying.
  const offScript = ctx.world.approach[step.n] !== undefined || ctx.world.args[step.n] !== undefined;
  const scripted = offScript ? undefined : scenario.script?.[step.n]?.[attempt - 1]?.fail;
  const fault = ctx.world.faults[0] ?? scripted;
  return fault === undefined ? { args } : { args, fault };
}

/** Virtual duration of an attempt: a failure returns in half the time. */
export function durationOf(step: Step, seed: number, attempt: number, ok: boolean): number {
  const minutes = TOOL_MINUTES[step.tool] + intAt(seed, 0, 4, step.n, attempt, 2);
  return (ok ? minutes : Math.ceil(minutes / 2)) * MINUTE;
}

/** Tokens of the model call that makes this attempt. */
export function callTokens(args: string, seed: number, step: number, attempt: number): number {
  return CALL_TOKENS + Math.ceil(args.length / 4) + intAt(seed, 0, 80, step, attempt, 3);
}

/** Rough tokens of a text, the usual four characters a token. */
export const tokensOf = (text: string): number => Math.ceil(text.length / 4);
