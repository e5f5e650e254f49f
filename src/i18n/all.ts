import {
  addDictionary,
  dictionaryOf,
  LANGS,
  translate,
  type Dictionary,
  type Lang,
  type MessageKey,
  type Said,
} from './index';

/**
 * Every language's words at once, for the unit tests (vite.config.ts's setupFiles) and the layout
 * generator, which lay out and check every language: each loaded through the page's own loaders
 * (index.ts), so a language has nothing to add here. The page never imports this file: it
 * fetches the one language it shows (loadDictionary); imports.test.ts holds it to that.
 */
export const DICTIONARIES = Object.fromEntries(
  await Promise.all(LANGS.map(async (lang) => [lang, await dictionaryOf(lang)] as const)),
) as Record<Lang, Dictionary>;
for (const lang of LANGS) addDictionary(lang, DICTIONARIES[lang]);

/** `said` in every language at once, for tests that hold words to a run in each of them. */
export const inEvery = (said: Said): Record<Lang, string> =>
  Object.fromEntries(LANGS.map((lang) => [lang, translate(lang, said)])) as Record<Lang, string>;

const extra: Partial<Record<Lang, Record<string, string>>> = {};
let made = 0;
/**
 * A key with these words, added to the loaded dictionaries (not to DICTIONARIES, which the
 * dictionary tests compare): a test's made-up caption or ask, held as data holds words.
 */
export function wordsForTest(words: Record<Lang, string>): MessageKey {
  const key = `test.words.${++made}` as MessageKey;
  for (const lang of LANGS) {
    extra[lang] = { ...extra[lang], [key]: words[lang] };
    addDictionary(lang, { ...DICTIONARIES[lang], ...extra[lang] });
  }
  return key;
}
