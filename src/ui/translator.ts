import { DICTIONARIES, translate, type MessageKey } from '../i18n';
import type { Lang } from '../engine';

export interface T {
  (key: MessageKey | string, params?: Record<string, string | number>): string;
  has: (key: string) => boolean;
}

/** The translate function of one language, outside React (the page's hook and the layout generator share it). */
export function translatorFor(lang: Lang): T {
  const fn = (key: string, params?: Record<string, string | number>) => translate(lang, key as MessageKey, params);
  return Object.assign(fn, { has: (key: string) => key in DICTIONARIES[lang] });
}
