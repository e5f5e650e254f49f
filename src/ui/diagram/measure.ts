/**
 * Text widths for the layout, which must know each box's size before anything is drawn. An
 * estimate, the same on every machine, so the layouts can be computed at build time (`npm run
 * layouts`): a CJK character is 1 em, monospace 0.62 em, and a Latin character by its shape
 * (narrow i, l, space; wide m, w; capitals), 12% wider when bold. Against Chromium's canvas
 * here it errs wide by 0-9% on every label and node line, never narrow.
 */
export type Measure = (text: string, font: 'ui' | 'mono', px: number, weight?: number) => number;

const CJK = /[\u2e80-\u9fff\uff00-\uffef]/;
const NARROW = new Set(" il.,:;'|!·jI");
const SLIM = new Set('ftr()/-[]');
const WIDE = new Set('mwMW');

function latinEm(c: string): number {
  if (NARROW.has(c)) return 0.32;
  if (SLIM.has(c)) return 0.42;
  if (WIDE.has(c)) return 0.9;
  return c !== c.toLowerCase() ? 0.72 : 0.63;
}

export const estimate: Measure = (text, font, px, weight = 400) =>
  [...text].reduce(
    (w, c) => w + (CJK.test(c) ? 1 : font === 'mono' ? 0.62 : latinEm(c) * (weight > 500 ? 1.12 : 1)) * px,
    0,
  );
