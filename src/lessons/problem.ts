import { inert, isObject, type Bilingual } from '../engine';

/**
 * A refused input, for the teacher who wrote it: a number to look up, the field at fault (a
 * path such as `stops[3].caption.zh`) and what is wrong, in both languages.
 */
export interface Problem {
  code: string;
  field: string;
  message: Bilingual;
}

/** `field` may hold the writer's own key names: it is shown `inert` (no bidi control acts). */
export const problem = (code: string, field: string, en: string, zh: string): Problem => {
  const f = inert(field);
  return { code, field: f, message: { en: `${code} ${f}: ${en}`, zh: `${code} ${f}：${zh}` } };
};

export { isObject };

export const isBilingual = (v: unknown): v is Bilingual =>
  isObject(v) &&
  Object.keys(v).length === 2 &&
  typeof v.zh === 'string' &&
  v.zh.trim() !== '' &&
  typeof v.en === 'string' &&
  v.en.trim() !== '';

/** The keys of `v` outside `allowed` (a typo must be refused, not silently ignored). */
export const unknownKeys = (v: Record<string, unknown>, allowed: readonly string[]): string[] =>
  Object.keys(v).filter((k) => !allowed.includes(k));
