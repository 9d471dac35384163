import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bruteForceLine, LineSolver } from './line.ts';
import { EMPTY, FILLED, UNKNOWN } from './types.ts';

const solver = new LineSolver();
const run = (clue: number[], text: string): string | null => {
  const map: Record<string, number> = { '?': UNKNOWN, '#': FILLED, '.': EMPTY };
  const cells = Uint8Array.from(text, (ch) => map[ch]);
  const r = solver.solve(clue, cells, cells.length);
  if (r < 0) return null;
  return Array.from(cells, (v) => (v === FILLED ? '#' : v === EMPTY ? '.' : '?')).join('');
};

describe('LineSolver', () => {
  it('finds simple overlaps', () => {
    expect(run([3], '????')).toBe('?##?');
    expect(run([4], '????')).toBe('####');
    expect(run([], '???')).toBe('...');
    expect(run([1, 1], '???')).toBe('#.#');
    expect(run([2, 1], '?????')).toBe('?#???');
  });
  it('uses known cells', () => {
    expect(run([1], '?#??')).toBe('.#..');
    expect(run([2], '?.??')).toBe('..##');
    expect(run([2], '?.???')).toBe('..?#?');
    expect(run([3], '#???')).toBe('###.');
  });
  it('detects contradictions', () => {
    expect(run([3], '??.?')).toBeNull();
    expect(run([], '?#?')).toBeNull();
    expect(run([1, 1], '##?')).toBeNull();
    expect(run([1], '#.#')).toBeNull();
  });
  it('agrees with brute force on random lines (fuzz)', () => {
    const cellArb = fc.constantFrom(UNKNOWN, UNKNOWN, UNKNOWN, FILLED, EMPTY);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
        fc.array(cellArb, { minLength: 1, maxLength: 18 }),
        (clue, cellsArr) => {
          const n = cellsArr.length;
          const cells = Uint8Array.from(cellsArr);
          const expected = bruteForceLine(clue, cells, n);
          const got = solver.solve(clue, cells, n);
          if (expected === null) return got === -1;
          if (got < 0) return false;
          for (let i = 0; i < n; i++) if (cells[i] !== expected[i]) return false;
          return true;
        },
      ),
      { numRuns: 3000, seed: 42 },
    );
  });
  it('agrees with brute force on lines taken from real placements (always solvable)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }), fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (bits, mask) => {
        const n = bits.length;
        const clue: number[] = [];
        let runLen = 0;
        for (const b of bits) {
          if (b) runLen++;
          else if (runLen) {
            clue.push(runLen);
            runLen = 0;
          }
        }
        if (runLen) clue.push(runLen);
        const cells = Uint8Array.from(bits, (b, i) => (mask[i] ? (b ? FILLED : EMPTY) : UNKNOWN));
        const expected = bruteForceLine(clue, cells, n)!;
        const got = solver.solve(clue, cells, n);
        return got >= 0 && cells.every((v, i) => v === expected[i]);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
