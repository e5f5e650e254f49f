import { useEffect, useMemo } from 'react';
import { useSimStore } from '../store/simStore';
import { translatorFor, type T } from './translator';

export type { T } from './translator';

/** The translate function for the page's current language. */
export function useT(): T {
  const lang = useSimStore((s) => s.lang);
  return useMemo(() => translatorFor(lang), [lang]);
}

/**
 * The document follows the page's language: `<html lang>` (screen readers, fonts, hyphens) and,
 * for a view with a title of its own (guide, worksheet, traces), the tab's title in that language.
 */
export function useDocumentLang(title?: string): void {
  const tag = useT()('lang.tag');
  useEffect(() => {
    document.documentElement.lang = tag;
    if (title !== undefined) document.title = `${title} · Harness Sim`;
  }, [tag, title]);
}
