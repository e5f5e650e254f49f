import { translate } from '../i18n/words';
import { minutesOf } from './shows';
import type { ClockClaim, LessonStop } from './types';

/**
 * The times of day a caption can name, and the clock each can truthfully stand beside: a window
 * of the day ("hh:mm" to "hh:mm", wrapping past midnight when `from` is later than `to`), and
 * for "the next day" the run's day. A stop whose words name one of these must say, in its
 * `shows.clock`, what the virtual clock reads after it, and that window must fit a word it uses
 * (claims.test.ts); the run is held to the window (lessons.test.ts, e2e/lesson-claims.spec.ts).
 */
export const TIME_WORDS = [
  { name: 'evening', en: /\bevening\b/i, zh: /傍晚|晚上|当晚/, from: '17:30', to: '23:59' },
  { name: 'night', en: /\bnight\b/i, zh: /夜/, from: '21:00', to: '06:59' },
  { name: 'dawn', en: /\bdawn\b/i, zh: /天亮|黎明/, from: '04:30', to: '07:00' },
  { name: 'morning', en: /\bmorning\b/i, zh: /早上|上午|早晨/, from: '06:00', to: '11:59' },
  { name: 'midday', en: /\b(midday|noon)\b/i, zh: /中午/, from: '11:00', to: '13:59' },
  { name: 'next day', en: /\bnext (day|morning)\b/i, zh: /第二天|次日/, from: '00:00', to: '23:59', day: 2 },
] as const;

type TimeWord = (typeof TIME_WORDS)[number];

/** The time words a text names, in one language. */
export function timeWordsIn(text: string, lang: 'zh' | 'en'): TimeWord[] {
  return TIME_WORDS.filter((w) => w[lang].test(text));
}

const inside = (m: number, from: string, to: string): boolean => {
  const a = minutesOf(from);
  const b = minutesOf(to);
  return a <= b ? m >= a && m <= b : m >= a || m <= b;
};

/** Whether every minute of `claim` is a time `word` can name. */
export function fits(claim: ClockClaim, word: TimeWord): boolean {
  if ('day' in word && word.day !== claim.day) return false;
  const a = minutesOf(claim.from);
  const b = minutesOf(claim.to);
  if (a > b) return false;
  for (let m = a; m <= b; m++) if (!inside(m, word.from, word.to)) return false;
  return true;
}

/**
 * What is wrong with a stop's time words, per language: a time named with no clock claim, or a
 * claim that no named word fits (the words describe the move, the claim the clock after it, and
 * at least one of the words must be true of that clock). Empty when nothing is.
 */
export function timeWordProblems(stop: LessonStop): string[] {
  const out: string[] = [];
  for (const lang of ['zh', 'en'] as const) {
    const ask = stop.yourTurn ? translate(lang, stop.yourTurn.ask) : '';
    const text = `${ask} ${translate(lang, stop.caption)}`;
    const words = timeWordsIn(text, lang);
    if (words.length === 0) continue;
    const claim = stop.shows.clock;
    if (!claim) out.push(`${lang} names ${words.map((w) => w.name).join(', ')} but shows.clock is not given`);
    else if (!words.some((w) => fits(claim, w)))
      out.push(`${lang}: day ${claim.day} ${claim.from}–${claim.to} is not ${words.map((w) => w.name).join(' or ')}`);
  }
  return out;
}
