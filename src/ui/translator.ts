import { hasWord, translate, type MessageKey, type Params, type Said } from '../i18n';
import type { Lang } from '../engine';

export interface T {
  /** A key's text (or data's words: a key with its parts), placeholders filled from `params`. */
  (key: Said, params?: Params): string;
  /** Whether `key` is in the dictionary: for keys built from data (an edge id, a log rule). */
  has: (key: string) => key is MessageKey;
}

/** The translate function of one language, outside React (the page's hook and the layout generator share it). */
export function translatorFor(lang: Lang): T {
  const fn = (key: Said, params?: Params) => translate(lang, key, params);
  return Object.assign(fn, { has: (key: string): key is MessageKey => hasWord(lang, key) });
}
