import { CHANNEL_WORDS, DESIGNS, stepRows, timeOfDay, type StepKey } from '../engine';
import type { ChannelKey } from 'harness-core';
import type { DesignKey } from './en';
import { addPart, hasPart, translate, type Dictionary, type MessageKey } from './words';
import { errors as EN_ERRORS } from './en.errors';
import { FALLBACK_LANG, isLang, LANGS, type Lang } from './langs';

export { FALLBACK_LANG, LANGS, isLang, nextLang, type Lang } from './langs';

export {
  addDictionary,
  hasWord,
  listOf,
  said,
  translate,
  type Dictionary,
  type MessageKey,
  type Params,
  type Said,
  type Words,
} from './words';

/**
 * Each language's words, in two chunks of their own: `boot`, what the first screen and its panels
 * say (`<lang>.ts`), and `views`, what the views opened on request say (`<lang>.views.ts`: a
 * lesson, the guide, a trace, presenter mode's read-outs), fetched with such a view. English's
 * numbered messages are the page's already (the store writes them), not its chunk's: a
 * dictionary chunk imports nothing of the page.
 */
const DICTIONARIES: Record<Lang, Record<Part, () => Promise<Partial<Dictionary>>>> = {
  zh: {
    boot: () => import('./zh').then((m) => ({ ...m.zh, ...engineWords('zh') })),
    views: () => import('./zh.views').then((m) => m.views),
  },
  en: {
    boot: () => import('./en').then((m) => ({ ...m.en, ...EN_ERRORS, ...engineWords('en') })),
    views: () => import('./en.views').then((m) => m.views),
  },
};
type Part = 'boot' | 'views';

/**
 * The zh or en rows of the words the engine writes: step titles (engine/stepWords.ts), the
 * context channel's messages (harness-core's CHANNEL_WORDS) and the designs' names and changes
 * (harness-core's DESIGNS). The engine fills its `{ zh, en }` texts from these same rows (what
 * the model reads, what checkpoints keep), so they are spelled there, once; a third language
 * lists their keys in its own dictionary.
 */
export function engineWords(lang: 'zh' | 'en'): Record<StepKey | ChannelKey | DesignKey, string> {
  const channel = Object.entries(CHANNEL_WORDS).map(([key, rows]) => [key, rows[lang]]);
  const designs = Object.values(DESIGNS).flatMap((d) => [
    [`design.${d.id}.name`, d.name[lang]],
    [`design.${d.id}.change`, d.change[lang]],
  ]);
  return {
    ...stepRows(lang),
    ...(Object.fromEntries(channel) as Record<ChannelKey, string>),
    ...(Object.fromEntries(designs) as Record<DesignKey, string>),
  };
}
/**
 * All of `lang`'s words at once (both chunks, as the page would have them once a view asked):
 * what the unit tests and the layout generator load every language with (all.ts).
 */
export async function dictionaryOf(lang: Lang): Promise<Dictionary> {
  const [boot, views] = await Promise.all([DICTIONARIES[lang].boot(), DICTIONARIES[lang].views()]);
  return { ...boot, ...views } as Dictionary;
}

/** The parts the page has asked for: a language switch fetches each of them in the new language. */
const wanted = new Set<Part>(['boot']);
const loading = new Map<string, Promise<void>>();

/** Fetches `part` of `lang`'s words (once; a failed fetch may be asked for again). */
function loadPart(lang: Lang, part: Part): Promise<void> {
  if (hasPart(lang, part)) return Promise.resolve();
  const id = `${lang}/${part}`;
  let fetched = loading.get(id);
  if (!fetched) {
    fetched = DICTIONARIES[lang][part]().then(
      (w) => addPart(lang, part, w),
      (e: unknown) => {
        loading.delete(id);
        throw e;
      },
    );
    loading.set(id, fetched);
  }
  return fetched;
}

/**
 * Fetches `lang`'s words: its boot words, and the views' too once a view has asked for them
 * (loadViewWords), so a language switch inside a lesson or the guide says it all in the new one.
 */
export function loadDictionary(lang: Lang): Promise<void> {
  return Promise.all([...wanted].map((part) => loadPart(lang, part))).then(() => undefined);
}

/**
 * Fetches `lang`'s words with the views' words: a lazily loaded view waits for this beside its
 * chunk (ui/viewWords.ts), so its first render is in the page's language, never its keys.
 */
export function loadViewWords(lang: Lang): Promise<void> {
  wanted.add('views');
  return loadDictionary(lang);
}

/**
 * A numbered message (`E504: Checkpoint #3 was not saved: …`, as the engine, the stores and the
 * trace reader write it, in English) said in `lang`: the parts filled into the English row are
 * read back out of the text and filled into `lang`'s row, and a part that is itself a numbered
 * message is said in `lang` too. Text that is not exactly a known row is returned as it is.
 */
export function localizeError(text: string, lang: Lang): string {
  // A page store's refusal reads `E70n: E5xx: …`, harness-core's class before the page's own
  // number (persistence/errors.ts `skippedAt`): the page says its own, which its tables explain.
  text = text.replace(/^E70\d: (?=E\d{3}: )/, '');
  const code = /^(E\d{3}): /.exec(text);
  const key = code && `err.${code[1]}`;
  if (!code || !key || !(key in EN_ERRORS)) return partOf(text, lang);
  const parts = partsOf(EN_ERRORS[key as keyof typeof EN_ERRORS], text.slice(code[0].length));
  if (!parts) return text;
  const params = Object.fromEntries(parts.map((p, i) => [i, localizeError(p, lang)]));
  return `${code[1]}: ${translate(lang, key as MessageKey, params)}`;
}

/** A part of a numbered message (`err.lost.*`, `err.why.*`: en.errors.ts) said in `lang`; other text as it is. */
function partOf(text: string, lang: Lang): string {
  for (const [key, row] of Object.entries(EN_ERRORS)) {
    if (!key.startsWith('err.lost.') && !key.startsWith('err.why.')) continue;
    const parts = partsOf(row, text);
    if (parts) return translate(lang, key as MessageKey, Object.fromEntries(parts.map((p, i) => [i, p])));
  }
  return text;
}

/** The parts a row's `{0}`, `{1}`… stand for in `body`, or null when `body` is not that row. */
function partsOf(row: string, body: string): string[] | null {
  const pieces = row.split(/\{\d+\}/);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^${pieces.map(escape).join('([\\s\\S]*?)')}$`).exec(body);
  return match ? match.slice(1) : null;
}

/**
 * `?lang=` first, then the first of LANGS the browser reads at all (zh-TW → zh), the fallback
 * otherwise.
 */
export function pickLang(search: string, browserLangs: readonly string[]): Lang {
  const asked = new URLSearchParams(search).get('lang');
  if (asked !== null && isLang(asked)) return asked;
  const reads = new Set(browserLangs.map((l) => l.toLowerCase().split('-')[0]));
  return LANGS.find((l) => reads.has(l)) ?? FALLBACK_LANG;
}

const MINUTE = 60_000;

/** The virtual clock as a person reads it: day and time of day (engine/timeOfDay.ts places the run's start). */
export function formatClock(lang: Lang, ms: number): string {
  const { day: d, minutes } = timeOfDay(ms);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return translate(lang, 'clock.format', { d, hh, mm });
}

/** A duration such as 1h 20m / 1 小时 20 分钟 ("3 分前" is not Chinese: 3 分钟前). */
export function formatDuration(lang: Lang, ms: number): string {
  const m = Math.floor(ms / MINUTE);
  const h = Math.floor(m / 60);
  return h ? translate(lang, 'duration.hm', { h, m: m % 60 }) : translate(lang, 'duration.m', { m });
}

/**
 * A number rounded to a whole one, with a comma every three digits (12,345), as en-US writes
 * it (and the page's Chinese too). Written out rather than asked of `Intl.NumberFormat`: the
 * page's first use of Intl loads ICU's number data, about 19 ms of the page's start here, for
 * a job of one regular expression. A unit test holds it to Intl's answers.
 */
export function formatInt(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  const minus = n < 0 || Object.is(n, -0) ? '-' : '';
  const whole = Math.round(Math.abs(n));
  if (whole === Infinity) return `${minus}∞`;
  // From 10^21 String() writes an exponent; no figure of the page comes near, Intl writes those.
  if (whole >= 1e21) return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);
  return `${minus}${String(whole).replace(GROUPS, ',')}`;
}
/** Before each run of three digits that ends the number. */
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;
