import type { Attempt, ContextMessage, TaskContext } from './types.js';
import { canonicalArgs } from './canonical.js';
import { attemptsAt, record } from './ledger.js';
import { inject } from './channel.js';
import { adviseAfterFailure, currentStep } from './task.js';
import { tokensOf, type TaskWorld } from './world.js';
import { bilingualOf, words } from './words.js';

/** Waiting for a person (SPEC §2): one request, polls that cost nothing, approve, reject. */

/** Suspends on a risky step: one approval request, recorded before anything is sent. */
export function requestApproval(ctx: TaskContext): TaskContext {
  const id = `${ctx.runId}/approval-${ctx.approval.issued + 1}`;
  return {
    ...ctx,
    approval: {
      ...ctx.approval,
      issued: ctx.approval.issued + 1,
      pending: { id, step: ctx.cursor, requestedAt: ctx.clock },
    },
    waitingSince: ctx.clock,
  };
}

/** A poll tick while waiting: time passes, no model call, no tokens, no new request. */
export const poll = (ctx: TaskContext): TaskContext => ({ ...ctx, clock: ctx.clock + ctx.config.pollMs });

/** APPROVE: the step is approved, and who approved it is kept when named. */
export function approve(ctx: TaskContext, by?: string): TaskContext {
  const named = by === undefined ? {} : { by: { ...ctx.approval.by, [ctx.cursor]: by.slice(0, 200) } };
  return {
    ...ctx,
    approval: { ...ctx.approval, pending: null, approved: [...ctx.approval.approved, ctx.cursor], ...named },
    waitingSince: null,
  };
}

/** REJECT: the reason goes into the ledger as the tool result, and to the model as a rejection. */
export function reject(world: TaskWorld, ctx: TaskContext, reason: string): TaskContext {
  const step = currentStep(ctx);
  if (!step) return ctx;
  const attempt = attemptsAt(ctx.ledger, step.n) + 1;
  const input = { args: world.argsFor(ctx, step, attempt) };
  const row: Attempt = {
    step: step.n,
    attempt,
    tool: step.tool,
    args: canonicalArgs(input.args),
    outcome: 'rejected',
    error: { type: 'rejected', message: reason },
    input,
    actor: 'human',
    at: ctx.clock,
  };
  const rejected: TaskContext = {
    ...ctx,
    ledger: record(ctx.ledger, row),
    approval: { ...ctx.approval, pending: null },
    waitingSince: null,
    channel: inject(ctx.channel, rejectionMessage(row)),
  };
  return adviseAfterFailure(rejected, world);
}

/** The rejection as the model sees it: the person's reason, verbatim. */
export function rejectionMessage(row: Attempt): ContextMessage {
  const reason = row.error?.message ?? '';
  const said = words('channel.rejection', { step: row.step, reason });
  const text = bilingualOf(said);
  return { kind: 'rejection', step: row.step, at: row.at, text, words: said, tokens: tokensOf(text.en) };
}
