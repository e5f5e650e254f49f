import { useCallback, useMemo } from 'react';
import { DICTIONARIES, translate, type MessageKey } from '../i18n';
import { useSimStore } from '../store/simStore';

export interface T {
  (key: MessageKey | string, params?: Record<string, string | number>): string;
  has: (key: string) => boolean;
}

/** The translate function for the page's current language. */
export function useT(): T {
  const lang = useSimStore((s) => s.lang);
  const fn = useCallback(
    (key: string, params?: Record<string, string | number>) => translate(lang, key as MessageKey, params),
    [lang],
  );
  return useMemo(() => Object.assign(fn, { has: (key: string) => key in DICTIONARIES[lang] }), [fn, lang]);
}
