import type { Args } from './types.js';

/** A JSON value, as `JSON.parse` gives it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * JSON with object keys sorted at every level, so equal values give equal text (and equal loop
 * keys) whatever order their writer put the keys in: a run's args and a real agent's nested
 * arguments (an edit's list of changes) alike. For a flat object it is the text a one-level
 * sort gives.
 */
export function canonicalJson(v: JsonValue): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + canonicalJson(v[i] as JsonValue);
    return `${out}]`;
  }
  const o = v as { readonly [key: string]: JsonValue };
  const keys = Object.keys(o).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out += (i ? ',' : '') + JSON.stringify(k) + ':' + canonicalJson(o[k] as JsonValue);
  }
  return `${out}}`;
}

/**
 * Args objects are never changed once made (plan data, ledger inputs) and live as long as the
 * run, so their text is kept. A trace's arguments are read once: they take `canonicalJson`
 * without a cache (20,000 entries of one were a tenth of the traces bench's time).
 */
const cache = new WeakMap<Args, string>();

/** `canonicalJson` of a run's args, kept per args object. */
export function canonicalArgs(args: Args): string {
  let out = cache.get(args);
  if (out === undefined) {
    out = canonicalJson(args);
    cache.set(args, out);
  }
  return out;
}
