import type { Args } from './types.js';

/** Args objects are never changed once made (plan data, ledger inputs), so their text is kept. */
const cache = new WeakMap<Args, string>();

/** JSON with object keys sorted, so equal args give equal loop keys whatever their order. */
export function canonicalArgs(args: Args): string {
  let out = cache.get(args);
  if (out !== undefined) return out;
  const keys = Object.keys(args).sort();
  out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out += (i ? ',' : '') + JSON.stringify(k) + ':' + JSON.stringify(args[k]);
  }
  out += '}';
  cache.set(args, out);
  return out;
}
