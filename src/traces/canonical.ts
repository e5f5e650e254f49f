import type { JsonValue } from './types';

/**
 * Canonical JSON of a trace's arguments: keys sorted at every level, so equal arguments give
 * equal loop keys whatever order an agent wrote them in. The engine's `canonicalArgs` sorts one
 * level, which is all its flat args have, and keeps each result in a WeakMap because its args
 * live as long as the run; a real agent's arguments nest (an edit's list of changes) and are
 * read once, so they are sorted here without a cache (20,000 entries of one were a tenth of
 * the bench's time). For a flat object the text is the same as the engine's; a run file's
 * calls take the engine's own (runFileTrace.ts).
 */
export function canonicalJson(v: JsonValue): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + canonicalJson(v[i] as JsonValue);
    return `${out}]`;
  }
  const keys = Object.keys(v).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out += (i ? ',' : '') + JSON.stringify(k) + ':' + canonicalJson(v[k] as JsonValue);
  }
  return `${out}}`;
}

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
