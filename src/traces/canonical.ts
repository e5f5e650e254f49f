import { canonicalArgs, type Args } from '../engine';
import type { JsonValue } from './types';

/**
 * Canonical JSON of a trace's arguments: keys sorted at every level, so equal arguments give
 * equal loop keys whatever order an agent wrote them in. The engine's `canonicalArgs` sorts one
 * level, which is all its flat args have; a real agent's arguments nest (an edit's list of
 * changes), so nested objects are sorted here and a flat object goes to the engine's own
 * function: a run file's calls get exactly the keys the simulator counted.
 */
export function canonicalJson(v: JsonValue): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(v);
  let flat = true;
  for (const k of keys) {
    const x = v[k];
    if (typeof x === 'object' && x !== null) {
      flat = false;
      break;
    }
  }
  if (flat) return canonicalArgs(v as Args);
  keys.sort();
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
