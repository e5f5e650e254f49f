import type { ArtifactRef, Attempt, Bilingual, Plan, Step, ToolErrorType } from './types.js';
import { isFailure, rowsOfStep } from './ledger.js';

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

const ADVICE: Record<Advice, (h: RecoveryHint) => Bilingual> = {
  recheck_path: () => ({
    zh: '多半是路径写错或文件还没生成：重新读取目录、核对路径后再试。',
    en: 'Most likely a wrong path or a file not written yet: re-read the directory and check the path, then retry.',
  }),
  check_renamed_artifact: (h) => ({
    zh: `先查产物引用：第 ${h.renamed?.step} 步「${h.renamed?.title.zh}」已把 ${h.renamed?.from} 改为 ${h.renamed?.to}，请改用新文件名。`,
    en: `Check the artifact refs first: step ${h.renamed?.step} "${h.renamed?.title.en}" renamed ${h.renamed?.from} to ${h.renamed?.to}; use the new name.`,
  }),
  wait_and_retry: () => ({
    zh: '超时：稍后重试，或缩小这一步的工作量。',
    en: 'Timed out: retry after a pause, or make the step smaller.',
  }),
  ask_for_access: () => ({
    zh: '没有权限：换一条不需要该权限的路径，或请人授权。',
    en: 'Permission denied: take a path that needs no such right, or ask a person for access.',
  }),
  reread_then_write: () => ({
    zh: '冲突：先重新读取目标的当前状态，再写入。',
    en: 'Conflict: re-read the target’s current state before writing.',
  }),
  change_approach: () => ({
    zh: '同一动作重复而没有进展：换一种做法，不要原样再试。',
    en: 'The same action repeats with no progress: change the approach instead of retrying it as is.',
  }),
  use_rejection_reason: () => ({
    zh: '审批被拒：按拒绝理由调整做法，不要盲目重试。',
    en: 'The approval was rejected: adjust to the reason given; do not retry blindly.',
  }),
};

/** The hint as the text the model would see, in one language. */
export function formatHint(h: RecoveryHint): Bilingual {
  const tried = h.tried.length
    ? { zh: `已试过：${h.tried.join('；')}。`, en: `Already tried: ${h.tried.join('; ')}.` }
    : { zh: '这是本步第一次失败。', en: 'First failure at this step.' };
  const next = h.next
    ? {
        zh: `按计划下一步是第 ${h.next.n} 步「${h.next.title.zh}」。`,
        en: `The plan’s next step is ${h.next.n} "${h.next.title.en}".`,
      }
    : { zh: '这是计划的最后一步。', en: 'This is the plan’s last step.' };
  const refs = h.related.length
    ? {
        zh: `相关产物：${h.related.map((r) => `${r.ref}（第 ${r.step} 步）`).join('，')}。`,
        en: `Related artifacts: ${h.related.map((r) => `${r.ref} (step ${r.step})`).join(', ')}.`,
      }
    : { zh: '', en: '' };
  const advice = ADVICE[h.advice](h);
  // A stall is no failure of the tool's: say what happened (无失败也查).
  const what =
    h.error.type === 'no_progress' ? { zh: '没有进展', en: 'made no progress' } : { zh: '失败', en: 'failed' };
  return {
    zh: `第 ${h.step}/${h.total} 步「${h.title.zh}」${what.zh}：${h.error.type}（${h.error.message}）。${tried.zh}${refs.zh}${advice.zh}${next.zh}`,
    en: `Step ${h.step}/${h.total} "${h.title.en}" ${what.en}: ${h.error.type} (${h.error.message}). ${tried.en} ${refs.en ? refs.en + ' ' : ''}${advice.en} ${next.en}`,
  };
}
