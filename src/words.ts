import { loadDictionary, pickLang } from './i18n';

/**
 * The page's language and its words, asked for before any other module of the page runs
 * (main.tsx imports this first; i18n/index.ts imports nothing): the words are a chunk of their
 * own, and the fetch then overlaps the evaluation of the rest instead of following it.
 */
export const lang = pickLang(window.location.search, navigator.languages ?? [navigator.language]);
export const words = loadDictionary(lang);
