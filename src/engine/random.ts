/**
 * Seeded, stateless randomness: a value is a hash of (seed, step, attempt, salt), so the same
 * step of the same run draws the same number after a crash, a resume or a replay, whatever
 * happened in between. (RaftScope's unseeded Math.random is why its replays diverge.)
 */
export function randomAt(seed: number, step: number, attempt: number, salt: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = mix(h, step);
  h = mix(h, attempt);
  h = mix(h, salt);
  return h / 4294967296;
}

function mix(h: number, c: number): number {
  h = Math.imul(h ^ (c + 0x7f4a7c15), 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A whole number in [lo, hi], drawn at (seed, step, attempt, salt). */
export function intAt(seed: number, lo: number, hi: number, step: number, attempt: number, salt: number): number {
  return lo + Math.floor(randomAt(seed, step, attempt, salt) * (hi - lo + 1));
}

/**
 * A run's seed: a whole number from 0 to 2^53 − 1. Larger numbers lose digits (99999999999999999999
 * becomes 1e20), and the readers of a run's records accept only safe integers, so a seed past
 * this range would be saved and never read back.
 */
export const isSeed = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** The one reader of a seed written as text (a URL, a share link): digits only, and `isSeed`; null otherwise. */
export function parseSeed(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return isSeed(n) ? n : null;
}
