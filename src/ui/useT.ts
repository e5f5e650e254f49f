import { useCallback, useMemo } from 'react';
import { DICTIONARIES, translate, type MessageKey } from '../i18n';
import { useSimStore } from '../store/simStore';

export interface T {
  (key: MessageKey, params?: Record<string, string | number>): string;
  /** Whether `key` is in the dictionary: for keys built from data (an edge id, a log rule). */
  has: (key: string) => key is MessageKey;
}

/** The translate function for the page's current language. */
export function useT(): T {
  const lang = useSimStore((s) => s.lang);
  const fn = useCallback(
    (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params),
    [lang],
  );
  return useMemo(
    () => Object.assign(fn, { has: (key: string): key is MessageKey => key in DICTIONARIES[lang] }),
    [fn, lang],
  );
}
