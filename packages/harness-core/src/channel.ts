import type { Bilingual, ContextMessage } from './types.js';

/**
 * The context channel: what the harness injects into the model's context (recovery hints,
 * system-reminders, a rejection's reason), bounded, and the reminder's words (SPEC §3, §4).
 */

/** How many injected messages the context channel keeps (the oldest fall off). */
export const CHANNEL_LIMIT = 50;

export function inject(channel: readonly ContextMessage[], msg: ContextMessage): readonly ContextMessage[] {
  const next = [...channel, msg];
  return next.length > CHANNEL_LIMIT ? next.slice(next.length - CHANNEL_LIMIT) : next;
}

/**
 * The system-reminder injected when a key's count reaches `remindAt`, in words that fit what
 * happened: a call that keeps failing, or one that keeps returning the same result with no error
 * (no progress, which the simulator records as a synthetic `no_progress` failure).
 */
export function reminderText(count: number, key: string, fuseAt: number, stall: boolean): Bilingual {
  return stall
    ? {
        zh: `<system-reminder> 没有进展：同一个调用已经 ${count} 次返回同样的结果（${key}）。到 ${fuseAt} 次将熔断并交还给人。请换一种做法，不要原样再调。`,
        en: `<system-reminder> No progress: the same call has returned the same result ${count} times (${key}). At ${fuseAt} the fuse trips and the task goes back to a person. Change the approach; do not make the same call again.`,
      }
    : {
        zh: `<system-reminder> 同一操作已失败 ${count} 次（${key}）。到 ${fuseAt} 次将熔断并交还给人。请换一种做法，不要原样重试。`,
        en: `<system-reminder> The same call has failed ${count} times (${key}). At ${fuseAt} the fuse trips and the task goes back to a person. Change the approach; do not retry it as is.`,
      };
}
