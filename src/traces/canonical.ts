/*
 * A trace's text, shortened for the page: a digest of a result, a cut of a long text. (Canonical
 * JSON of a call's arguments is harness-core's `canonicalJson`, the loop keys' own.)
 */

/**
 * A short digest of a result's text (FNV-1a, 32 bits, with the length): enough to tell "the
 * same result again" in one trace, not a security hash. Kept instead of the text, so a large
 * output is not held twice and never leaves the analysis.
 */
export function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(16).padStart(8, '0')}:${text.length}`;
}

/** `text` cut to `max` characters (then `…`), never inside a surrogate pair. */
export function short(text: string, max = 80): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
