/**
 * The page's languages, in the order the language switch steps through them. A language is its
 * dictionary (`i18n/<id>.ts` and `i18n/<id>.views.ts`, loaded in index.ts) and its id here; everything else it needs (its
 * `<html lang>` tag, list separator, durations) is a word of that dictionary.
 */
export const LANGS = ['zh', 'en'] as const;

/** One of the page's languages (harness-core's content keeps its own `Bilingual`, zh and en). */
export type Lang = (typeof LANGS)[number];

/** The language a page falls back to when neither the address nor the browser names one it has. */
export const FALLBACK_LANG: Lang = 'en';

/** Whether `id` names one of the page's languages (an address's `?lang=`, a shared link's). */
export const isLang = (id: string): id is Lang => (LANGS as readonly string[]).includes(id);

/** The language after `lang` in LANGS, round again at the end: what the language switch offers. */
export const nextLang = (lang: Lang): Lang => LANGS[(LANGS.indexOf(lang) + 1) % LANGS.length] ?? FALLBACK_LANG;
