/**
 * Facts about JSON values, measured once for the whole app: whether a value is a plain object,
 * and the UTF-8 size of a text (what a person would download, and what storage counts).
 */

/** A plain object (not null, not an array): the shape every record and edit is read as. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** UTF-8 length of `s`, counted without allocating (a 4,000-step run measures a lot of text). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      // A surrogate pair is one code point, four bytes; a lone surrogate encodes as U+FFFD, three.
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
