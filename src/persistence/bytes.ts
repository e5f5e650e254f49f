import { utf8Length } from '../engine';

/**
 * Sizes and content addresses. Sizes are the UTF-8 length of a value's JSON: what a person
 * would download, and a fair stand-in for what IndexedDB keeps on disk.
 */

/**
 * JSON of a stored value and its UTF-8 size, or null when it has no JSON form (a cycle, a
 * BigInt, a function: only damage or a foreign writer puts those in our database).
 */
export function jsonOf(value: unknown): { json: string; bytes: number } | null {
  try {
    const json = JSON.stringify(value);
    return typeof json === 'string' ? { json, bytes: utf8Length(json) } : null;
  } catch {
    return null;
  }
}

/**
 * cyrb53 (bryc, public domain): a fast 53-bit string hash. Chunk keys are content addresses
 * inside one run, where a few thousand chunks make a collision about 1 in 10^9; a read also
 * re-hashes each chunk, so damage is caught, not trusted.
 */
export function cyrb53(str: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A chunk's address: its cyrb53 in base 36 (short keys keep every record small). */
export const contentKey = (json: string): string => cyrb53(json).toString(36);
