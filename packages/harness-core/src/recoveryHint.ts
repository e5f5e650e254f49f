import type { ArtifactRef, Attempt, Bilingual, Plan, Step, ToolErrorType } from './types.js';
import { isFailure, rowsOfStep } from './ledger.js';
import { bilingualOf, joined, words, type MessageWords } from './words.js';

/** What the hint advises, chosen from the error and what the ledger and refs know. */
export type Advice =
  | 'recheck_path'
  | 'check_renamed_artifact'
  | 'wait_and_retry'
  | 'ask_for_access'
  | 'reread_then_write'
  | 'change_approach'
  | 'use_rejection_reason';

export interface RecoveryHint {
  step: number;
  total: number;
  title: Bilingual;
  error: { type: ToolErrorType; message: string };
  /** Args of the earlier failed attempts at this step (canonical JSON), oldest first. */
  tried: string[];
  /** The step the plan intended next, if any. */
  next: { n: number; title: Bilingual } | null;
  /** Artifact refs that bear on this step: the ones its args name, and what replaced them. */
  related: ArtifactRef[];
  advice: Advice;
  /** For `check_renamed_artifact`: the step that renamed the missing file, and both names. */
  renamed?: { step: number; title: Bilingual; from: string; to: string };
}

/** Strings among a step's args that look like paths or record ids. */
function referencedNames(args: Step['args']): string[] {
  return Object.values(args).filter((v): v is string => typeof v === 'string' && /[/#.]/.test(v));
}

/**
 * The context-aware hint of SPEC §4, built from the ledger and plan, never the error text
 * alone: step n/N and title, the error, what was tried, the planned next step, and the refs.
 * The same `not_found` gets different advice when an earlier step renamed the missing file.
 */
export function buildRecoveryHint(
  plan: Plan,
  ledger: readonly Attempt[],
  refs: readonly ArtifactRef[],
  stepN: number,
): RecoveryHint | null {
  const step = plan.steps[stepN - 1];
  const rows = rowsOfStep(ledger, stepN).filter(isFailure);
  const last = rows[rows.length - 1];
  if (!step || !last?.error) return null;
  const names = referencedNames(last.input.args);
  const related = refs.filter((r) => names.includes(r.ref) || (r.from !== undefined && names.includes(r.from)));
  const after = plan.steps[stepN];
  const hint: RecoveryHint = {
    step: stepN,
    total: plan.steps.length,
    title: step.title,
    error: { type: last.error.type, message: last.error.message },
    tried: rows.slice(0, -1).map((a) => a.args),
    next: after ? { n: after.n, title: after.title } : null,
    related,
    advice: 'recheck_path',
  };
  switch (last.error.type) {
    case 'not_found': {
      const moved = refs.find((r) => r.from !== undefined && names.includes(r.from) && r.step < stepN);
      const mover = moved ? plan.steps[moved.step - 1] : undefined;
      if (moved?.from && mover) {
        hint.advice = 'check_renamed_artifact';
        hint.renamed = { step: moved.step, title: mover.title, from: moved.from, to: moved.ref };
      }
      break;
    }
    case 'timeout':
      hint.advice = 'wait_and_retry';
      break;
    case 'permission_denied':
      hint.advice = 'ask_for_access';
      break;
    case 'conflict':
      hint.advice = 'reread_then_write';
      break;
    case 'no_progress':
      hint.advice = 'change_approach';
      break;
    case 'rejected':
      hint.advice = 'use_rejection_reason';
      break;
  }
  return hint;
}

/** The advice's words (the renamed file's step, title and both names when it names them). */
function adviceWords(h: RecoveryHint): MessageWords {
  const r = h.renamed;
  return h.advice === 'check_renamed_artifact' && r
    ? words('channel.advice.check_renamed_artifact', { step: r.step, title: r.title, from: r.from, to: r.to })
    : words(`channel.advice.${h.advice}`);
}

/**
 * The hint as words (words.ts): step n/N and its title, what happened, what was tried, the
 * related refs, the advice and the planned next step. `formatHint` fills them in zh and en.
 */
export function hintWords(h: RecoveryHint): MessageWords {
  const tried = h.tried.length
    ? words('channel.tried', { list: joined(h.tried, 'channel.tried.join') })
    : words('channel.first');
  const next = h.next ? words('channel.next', { n: h.next.n, title: h.next.title }) : words('channel.last');
  const refs = h.related.map((r) => words('channel.ref', { ref: r.ref, step: r.step }));
  // A stall is no failure of the tool's: say what happened (无失败也查).
  const what = words(h.error.type === 'no_progress' ? 'channel.what.no_progress' : 'channel.what.failed');
  return words('channel.hint', {
    step: h.step,
    total: h.total,
    title: h.title,
    what,
    type: h.error.type,
    message: h.error.message,
    tried,
    refs: refs.length ? words('channel.refs', { list: joined(refs, 'channel.refs.join') }) : '',
    advice: adviceWords(h),
    next,
  });
}

/** The hint as the text the model would see, in both languages. */
export function formatHint(h: RecoveryHint): Bilingual {
  return bilingualOf(hintWords(h));
}
