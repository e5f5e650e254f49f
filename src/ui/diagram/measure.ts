/**
 * Text widths for the layout, which must know each box's size before anything is drawn. In
 * the browser a canvas measures with the page's own fonts; elsewhere (unit tests) an estimate:
 * a CJK character is about 1 em, a Latin one 0.6 em (a little more when bold).
 */
export type Measure = (text: string, font: 'ui' | 'mono', px: number, weight?: number) => number;

export const estimate: Measure = (text, font, px, weight = 400) =>
  [...text].reduce(
    (w, c) =>
      w + (/[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? 1 : font === 'mono' ? 0.62 : weight > 500 ? 0.64 : 0.6) * px,
    0,
  );

/** The font stacks of styles.css (--font-ui, --font-mono), for the canvas. */
const STACK = {
  ui: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'Noto Sans', sans-serif",
  mono: "ui-monospace, 'DejaVu Sans Mono', 'Noto Sans Mono', 'Noto Sans Mono CJK SC', monospace",
};

let ctx: CanvasRenderingContext2D | null | undefined;

/** Measures in a canvas when there is one, else estimates. */
export const canvasMeasure: Measure = (text, font, px, weight = 400) => {
  if (ctx === undefined)
    ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return estimate(text, font, px, weight);
  ctx.font = `${weight} ${px}px ${STACK[font]}`;
  return ctx.measureText(text).width;
};
