import type { Lang } from '../engine';
import { en } from './en';
import { errors } from './en.errors';
import { addDictionary, type Dictionary } from './index';
import { zh } from './zh';

/**
 * Both dictionaries at once, for the unit tests (vite.config.ts's setupFiles) and the layout
 * generator, which lay out and check both languages. The page never imports this file: it
 * fetches the one language it shows (index.ts, loadDictionary); imports.test.ts holds it to that.
 */
export const DICTIONARIES: Record<Lang, Dictionary> = { en: { ...en, ...errors }, zh };
addDictionary('en', DICTIONARIES.en);
addDictionary('zh', zh);
