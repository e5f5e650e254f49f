import type { Bilingual, ContextMessage } from './types.js';
import { bilingualOf, words, type MessageWords } from './words.js';

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
export function reminderWords(count: number, key: string, fuseAt: number, stall: boolean): MessageWords {
  return words(stall ? 'channel.reminder.stall' : 'channel.reminder.fail', { count, key, fuseAt });
}

/** The reminder's text in both languages (reminderWords, filled). */
export function reminderText(count: number, key: string, fuseAt: number, stall: boolean): Bilingual {
  return bilingualOf(reminderWords(count, key, fuseAt, stall));
}
