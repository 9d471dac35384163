import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bruteForceLine, LineSolver } from './line.ts';
import { PairLineSolver } from './linepair.ts';
import { WordLineSolver } from './linewords.ts';
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
  it('bit-parallel and table versions agree on every line length up to 31', () => {
    const a = new LineSolver();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 31 }), { maxLength: 10 }),
        fc.array(fc.constantFrom(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, FILLED, EMPTY), { minLength: 1, maxLength: 31 }),
        (clue, arr) => {
          const c1 = Uint8Array.from(arr);
          const c2 = Uint8Array.from(arr);
          const r1 = a.solveBits(clue, c1, arr.length);
          const r2 = a.solveScalar(clue, c2, arr.length);
          if (r1 < 0 || r2 < 0) return r1 < 0 && r2 < 0;
          return r1 === r2 && c1.every((v, i) => v === c2[i]);
        },
      ),
      { numRuns: 5000, seed: 11 },
    );
  });
  it.each([
    ['multi-word', 32, 140, new WordLineSolver()],
    ['two-word', 32, 63, new PairLineSolver()],
  ] as const)('%s and table versions agree on lines of %i to %i cells', (_name, lo, hi, w) => {
    const a = new LineSolver();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 25 }),
        fc.integer({ min: lo, max: hi }),
        fc.array(fc.constantFrom(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, FILLED, EMPTY), { minLength: hi, maxLength: hi }),
        (clue, n, arr) => {
          const c1 = Uint8Array.from(arr.slice(0, n));
          const c2 = Uint8Array.from(arr.slice(0, n));
          const r1 = w.solve(clue, c1, n);
          const r2 = a.solveScalar(clue, c2, n);
          if (r1 < 0 || r2 < 0) return r1 < 0 && r2 < 0;
          return r1 === r2 && c1.every((v, i) => v === c2[i]);
        },
      ),
      { numRuns: 3000, seed: 13 },
    );
    // Solvable lines drawn from real placements, mostly unknown.
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: lo, maxLength: hi }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: hi, maxLength: hi }),
        (bits, mask) => {
          const n = bits.length;
          const clue: number[] = [];
          let run = 0;
          for (const b of bits) {
            if (b) run++;
            else if (run) {
              clue.push(run);
              run = 0;
            }
          }
          if (run) clue.push(run);
          const cells = Uint8Array.from(bits, (b, i) => (mask[i] < 2 ? (b ? FILLED : EMPTY) : UNKNOWN));
          const c2 = cells.slice();
          const r1 = w.solve(clue, cells, n);
          const r2 = a.solveScalar(clue, c2, n);
          return r1 >= 0 && r1 === r2 && cells.every((v, i) => v === c2[i]);
        },
      ),
      { numRuns: 2000, seed: 17 },
    );
  });
  it('agrees with brute force on random lines (fuzz)', () => {
    const cellArb = fc.constantFrom(UNKNOWN, UNKNOWN, UNKNOWN, FILLED, EMPTY);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 7 }), fc.array(cellArb, { minLength: 1, maxLength: 40 }), (clue, cellsArr) => {
        const n = cellsArr.length;
        const cells = Uint8Array.from(cellsArr);
        const expected = bruteForceLine(clue, cells, n);
        const got = solver.solve(clue, cells, n);
        if (expected === null) return got === -1;
        if (got < 0) return false;
        for (let i = 0; i < n; i++) if (cells[i] !== expected[i]) return false;
        return true;
      }),
      { numRuns: 3000, seed: 42 },
    );
  });
  it('agrees with brute force on lines taken from real placements (always solvable)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (bits, mask) => {
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
