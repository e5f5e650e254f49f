import type { Args } from './types';

/** JSON with object keys sorted, so equal args give equal loop keys whatever their order. */
export function canonicalArgs(args: Args): string {
  const keys = Object.keys(args).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    out += (i ? ',' : '') + JSON.stringify(k) + ':' + JSON.stringify(args[k]);
  }
  return out + '}';
}
