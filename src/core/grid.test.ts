import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellDots, cellWords, EAST, luby, neighbour, neighbourByBit, NORTH, oppositeSide, rowCol, SOUTH, WEST } from './grid.ts';

describe('grid helpers', () => {
  it('neighbour agrees with row/column arithmetic on every cell and side of random grids', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), (w, h) => {
        for (let cell = 0; cell < w * h; cell++) {
          const { row, col } = rowCol(cell, w);
          const at = (r: number, c: number) => (r >= 0 && r < h && c >= 0 && c < w ? r * w + c : -1);
          const want = [at(row - 1, col), at(row, col + 1), at(row + 1, col), at(row, col - 1)];
          for (const side of [NORTH, EAST, SOUTH, WEST]) {
            expect(neighbour(w, h, cell, side)).toBe(want[side]);
            expect(neighbourByBit(w, h, cell, 1 << side)).toBe(want[side]);
            const n = want[side];
            if (n >= 0) expect(neighbour(w, h, n, oppositeSide(side))).toBe(cell);
          }
        }
      }),
    );
  });

  it('names cells from 1 as players and move texts read them', () => {
    expect(cellWords(7, 5)).toBe('row 2, column 3');
    expect(cellDots(7, 5)).toBe('2.3');
    expect(rowCol(7, 5)).toEqual({ row: 1, col: 2 });
  });

  it('luby is the Luby sequence: t(2^k - 1) = 2^(k-1), else t(i - 2^(k-1) + 1)', () => {
    // The recursive definition, independent of the implementation's loop.
    const ref = (i: number): number => {
      let k = 1;
      while ((1 << k) - 1 < i) k++;
      return (1 << k) - 1 === i ? 1 << (k - 1) : ref(i - (1 << (k - 1)) + 1);
    };
    for (let i = 1; i <= 4096; i++) expect(luby(i)).toBe(ref(i));
    expect(Array.from({ length: 15 }, (_, i) => luby(i + 1))).toEqual([1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
  });
});
