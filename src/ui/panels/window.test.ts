import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WHOLE_UP_TO, isWhole, spacers } from './window';

describe('isWhole', () => {
  it('draws a 40-step run whole and windows a 1,000-step one', () => {
    expect(isWhole(0)).toBe(true);
    expect(isWhole(40)).toBe(true);
    expect(isWhole(WHOLE_UP_TO)).toBe(true);
    expect(isWhole(WHOLE_UP_TO + 1)).toBe(false);
    expect(isWhole(1000)).toBe(false);
  });
});

describe('spacers', () => {
  it('fill the space of the rows not drawn, above and below', () => {
    // Rows of 20 px, a 10 px header; rows 5 to 9 drawn of 100.
    const drawn = [5, 6, 7, 8, 9].map((i) => ({ start: 10 + i * 20, end: 10 + (i + 1) * 20 }));
    expect(spacers(drawn, 10 + 100 * 20, 10)).toEqual({ before: 100, after: 90 * 20 });
  });

  it('keep the whole height when nothing is drawn (a box not measured yet)', () => {
    expect(spacers([], 2010, 10)).toEqual({ before: 0, after: 2000 });
  });

  it('with the drawn rows, always add up to the whole list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.nat(500),
        fc.integer({ min: 1, max: 30 }),
        fc.nat(30),
        (row, first, n, header) => {
          const count = first + n + 50;
          const drawn = Array.from({ length: n }, (_, k) => ({
            start: header + (first + k) * row,
            end: header + (first + k + 1) * row,
          }));
          const { before, after } = spacers(drawn, header + count * row, header);
          expect(header + before + n * row + after).toBe(header + count * row);
        },
      ),
    );
  });
});
