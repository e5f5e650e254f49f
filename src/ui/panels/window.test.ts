import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snapDown, tailStart } from './window';

describe('tailStart', () => {
  it('shows everything while the list is short', () => {
    expect(tailStart(0, 80, 40)).toBe(0);
    expect(tailStart(80, 80, 40)).toBe(0);
  });

  it('keeps the start in place for step - 1 ticks, then jumps by step', () => {
    expect([119, 120, 121, 159, 160].map((n) => tailStart(n, 80, 40))).toEqual([0, 40, 40, 40, 80]);
  });

  it('always shows the newest `shown` items and fewer than `shown + step`', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 100 }), (length, shown, step) => {
        const start = tailStart(length, shown, step);
        expect(start).toBeGreaterThanOrEqual(0);
        expect(length - start).toBeGreaterThanOrEqual(Math.min(length, shown));
        expect(length - start).toBeLessThan(shown + step);
        // One more item moves the start by 0 or by exactly `step`.
        expect([0, length >= shown ? step : 0]).toContain(tailStart(length + 1, shown, step) - start);
      }),
    );
  });
});

describe('snapDown', () => {
  it('snaps a window start down to its step, never below 0', () => {
    expect([-5, 0, 19, 20, 39, 41].map((n) => snapDown(n, 20))).toEqual([0, 0, 0, 20, 20, 40]);
  });
});
