import { describe, expect, it } from 'vitest';
import { POLICIES, densityRow, lostBefore } from './densities';

describe('a crash just before each call', () => {
  const key = [false, true, false, false, true, false, false];
  it('loses the calls done since the last checkpoint, under each policy', () => {
    expect(lostBefore('every-call', key, 3)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(lostBefore('every-n', key, 3)).toEqual([0, 1, 2, 0, 1, 2, 0]);
    // Before each key action (calls 2 and 5): a checkpoint when 1 and 4 calls are done.
    expect(lostBefore('key-actions', key, 3)).toEqual([0, 0, 1, 2, 0, 1, 2]);
    expect(lostBefore('none', key, 3)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it('gives each density row its worst and mean', () => {
    for (const p of POLICIES) {
      const lost = lostBefore(p, key, 3);
      const row = densityRow(p, key, 3);
      expect(row.lostWorst).toBe(Math.max(...lost));
      expect(row.lostMean).toBeCloseTo(lost.reduce((a, b) => a + b, 0) / lost.length);
    }
  });
});
