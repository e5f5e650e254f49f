import { en } from './en';
import { errors } from './en.errors';
import { addDictionary, LANGS, type Dictionary, type Lang } from './index';
import { zh } from './zh';

/**
 * Both dictionaries at once, for the unit tests (vite.config.ts's setupFiles) and the layout
 * generator, which lay out and check both languages. The page never imports this file: it
 * fetches the one language it shows (index.ts, loadDictionary); imports.test.ts holds it to that.
 */
export const DICTIONARIES: Record<Lang, Dictionary> = { en: { ...en, ...errors }, zh };
for (const lang of LANGS) addDictionary(lang, DICTIONARIES[lang]);
