/**
 * Seeded, stateless randomness: a value is a hash of (seed, ...coordinates), so the same
 * step of the same run draws the same number after a crash, a resume or a replay, whatever
 * happened in between. (RaftScope's unseeded Math.random is why its replays diverge.)
 */
export function randomAt(seed: number, ...coords: number[]): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const c of coords) {
    h = Math.imul(h ^ (c + 0x7f4a7c15), 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  return h / 4294967296;
}

/** A whole number in [lo, hi], drawn at the given coordinates. */
export function intAt(seed: number, lo: number, hi: number, ...coords: number[]): number {
  return lo + Math.floor(randomAt(seed, ...coords) * (hi - lo + 1));
}
