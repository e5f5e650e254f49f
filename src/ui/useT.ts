import { useMemo } from 'react';
import { useSimStore } from '../store/simStore';
import { translatorFor, type T } from './translator';

export type { T } from './translator';

/** The translate function for the page's current language. */
export function useT(): T {
  const lang = useSimStore((s) => s.lang);
  return useMemo(() => translatorFor(lang), [lang]);
}
