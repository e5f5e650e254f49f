import type { MessageKey, StepKey } from './en';
import type { Lang } from './langs';

export type { MessageKey, StepKey };
export type Dictionary = Record<MessageKey, string>;

/**
 * The parts a text's `{name}` placeholders stand for: as they are, words said in the same
 * language, or a list joined by that language's `list.sep`.
 */
export type Params = Readonly<Record<string, string | number | Words | readonly string[]>>;
/** A key with the parts its placeholders stand for. */
export interface Words {
  readonly key: MessageKey;
  readonly params: Params;
}
/**
 * Words that data holds (a lesson's caption, a scenario's title, a reason a check gives): a key
 * of the dictionaries, with the parts its placeholders stand for when it has any. Said in a
 * language by `translate` (the page's `t`), so a language is its dictionary and nothing else.
 */
export type Said = MessageKey | Words;

/** Words to say later, in whichever language the page shows then (`params` added to its own). */
export const said = (s: Said, params: Params = {}): Words =>
  typeof s === 'string' ? { key: s, params } : { key: s.key, params: { ...s.params, ...params } };

/**
 * A list of words as one, each pair joined by `join` (`list.semi`: `{a}; {b}`, `{a}；{b}` in
 * Chinese): the language decides its separators, not the code.
 */
export const listOf = (items: readonly Words[], join: MessageKey): Words =>
  items.slice(1).reduce((a, b) => said(join, { a, b }), items[0] ?? said('list.none'));

/**
 * The words loaded so far, by language: the page loads the one it shows (index.ts,
 * loadDictionary) and the other when the student switches, each in parts (its boot words, then
 * the views' once a view is opened); tests and the layout generator load both whole at once
 * (./all). Pure data, so the classroom modules (lessons, challenges) may say words.
 */
const loaded: Partial<Record<Lang, Dictionary>> = {};
/** Which parts of each language's words are here; `true`: a whole dictionary (addDictionary). */
const parts: Partial<Record<Lang, ReadonlySet<string> | true>> = {};

/** Whether `part` of `lang`'s words (index.ts's chunks) is here. */
export const hasPart = (lang: Lang, part: string): boolean => {
  const have = parts[lang];
  return have === true || (have?.has(part) ?? false);
};

/** Registers `lang`'s whole dictionary (a test's language, both languages in tests: ./all). */
export function addDictionary(lang: Lang, words: Dictionary): void {
  loaded[lang] = words;
  parts[lang] = true;
}

/** Adds a part of `lang`'s words (a fetched chunk) to those already here. */
export function addPart(lang: Lang, part: string, words: Partial<Dictionary>): void {
  loaded[lang] = { ...loaded[lang], ...words } as Dictionary;
  const have = parts[lang];
  if (have !== true) parts[lang] = new Set([...(have ?? []), part]);
}

/** Whether `key` is a word of `lang` (for keys built from data: an edge id, a log rule). */
export const hasWord = (lang: Lang, key: string): key is MessageKey => key in (loaded[lang] ?? {});

/** The text for `said` in `lang`, with `{name}` placeholders filled from its or the given `params`. */
export function translate(lang: Lang, said: Said, params?: Params): string {
  const key = typeof said === 'string' ? said : said.key;
  const all = typeof said === 'string' ? params : { ...said.params, ...params };
  // A missing key shows itself rather than crashing; a unit test keeps the two languages whole.
  const text = loaded[lang]?.[key] ?? key;
  if (!all) return text;
  const part = (p: Params[string]): string =>
    Array.isArray(p)
      ? p.join(translate(lang, 'list.sep'))
      : typeof p === 'object'
        ? translate(lang, p as Words)
        : String(p);
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (all[name] === undefined ? m : part(all[name])));
}
