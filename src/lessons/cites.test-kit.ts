import { translate } from '../i18n/words';
import { timeWordsIn } from './timeWords.test-kit';
import type { Focus, LessonStop } from './types';

/**
 * Words in a caption that point at a read-out: a caption that says them cites that read-out, so
 * its stop's `focus` must name it (presenter mode then shows it beside the diagram). Only what
 * can be read off the words mechanically; a stop may cite more than its words give away.
 */
const CITE_WORDS: readonly { focus: Focus; en: RegExp; zh: RegExp }[] = [
  { focus: 'wasted', en: /\bwasted\b|\bdone twice\b/i, zh: /白干|浪费/ },
  { focus: 'tokens', en: /\btokens?\b/i, zh: /token/i },
  { focus: 'channel', en: /\binjected\b|\bsystem-reminder\b|\bthe hint says\b|\banother hint\b/i, zh: /注入/ },
  { focus: 'ledger', en: /\bledger\b/i, zh: /账本|整本账/ },
  { focus: 'loop', en: /\bcounts? [0-9]\b|\bcounted from\b/i, zh: /数到 ?[0-9]|从 0 数起/ },
  { focus: 'stored', en: /\bon disk\b/i, zh: /盘上/ },
  { focus: 'requests', en: /\brequest\b/i, zh: /请求/ },
  { focus: 'guard', en: /\bdesign badge\b/i, zh: /设计标签/ },
  { focus: 'rereads', en: /\bre-reads\b/i, zh: /重读|重新读/ },
  { focus: 'side', en: /\bqueued\b/i, zh: /排队/ },
  { focus: 'cp-plan', en: /\bplan snapshot\b/i, zh: /计划快照/ },
  { focus: 'plan', en: /\bversion [0-9]\b/i, zh: /第 ?[0-9] 版|版本 ?[0-9]/ },
  { focus: 'checkpoints', en: /\b[0-9]+ checkpoints\b/i, zh: /[0-9]+ 份存档/ },
  { focus: 'newest', en: /\bnewest checkpoint\b/i, zh: /最新(?:的|一份)?存档/ },
  { focus: 'sizes', en: /\bfull state\b/i, zh: /完整状态|全量状态/ },
];

/** The article's five items (①–⑤) a caption marks: every one of them is cited. */
const FIVE: readonly Focus[] = ['newest', 'cp-done', 'cp-refs', 'cp-todos', 'cp-plan'];

/**
 * What a stop's caption (and its your-turn ask) cites by its words, in zh or en: the list above,
 * the clock for a time of day (timeWords.test-kit.ts), the step shown when the caption names that step
 * ("at step 5" with `shows.step` 5), and the five items for "①–⑤".
 */
export function citedBy(stop: LessonStop): Focus[] {
  const out = new Set<Focus>();
  // The caption's words as each dictionary has them (the tests load both; the page never calls this).
  const en = translate('en', stop.caption);
  const zh = translate('zh', stop.caption);
  for (const w of CITE_WORDS) if (w.en.test(en) || w.zh.test(zh)) out.add(w.focus);
  if (timeWordsIn(en, 'en').length > 0 || timeWordsIn(zh, 'zh').length > 0) out.add('clock');
  const step = stop.shows.step;
  if (step !== undefined && [...en.matchAll(/\bstep ([0-9]+)\b/gi)].some((m) => Number(m[1]) === step)) out.add('step');
  if (/①/.test(en) || /①/.test(zh)) for (const f of FIVE) out.add(f);
  return [...out];
}

/** The cited read-outs a stop's `focus` leaves out (empty when it names all of them). */
export function uncited(stop: LessonStop): Focus[] {
  const named = new Set(stop.focus ?? []);
  return citedBy(stop).filter((f) => !named.has(f));
}
