/** Rows from which a list surely overflows its box (about ten rows fill one). */
const FULL_AT = 14;

/**
 * The class of a scrolling list: once it surely overflows, its box gets a fixed height and
 * `contain: strict` (styles.css, `.is-full`), which makes it a layout root: a row added on a
 * tick is laid out inside the box, not the whole page. Until then it grows with its rows.
 * `fullAt` counts in other units where rows are not the measure (characters of a text).
 */
export const boxClass = (base: string, rows: number, fullAt = FULL_AT): string =>
  rows >= fullAt ? `${base} is-full` : base;
