import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Meter } from '../../core/budget.ts';
import { colourClueOf, type ColourClue } from './colour-line.ts';
import { pictureOf, propagateColour, type ColourNonogram } from './colour-propagate.ts';

function puzzleOf(grid: readonly number[], w: number, h: number, colours: number): ColourNonogram {
  const rows = Array.from({ length: h }, (_, r) => colourClueOf(grid.slice(r * w, r * w + w)));
  const cols = Array.from({ length: w }, (_, c) => colourClueOf(Array.from({ length: h }, (_, r) => grid[r * w + c])));
  return { width: w, height: h, colours, rows, cols };
}

const key = (c: ColourClue): string => `${c.lengths.join(',')}/${c.colours.join(',')}`;

/** How many pictures fit every clue (tiny boards only): rows that fit their clue, combined, columns checked. */
function countAll(p: ColourNonogram): number {
  const { width: w, height: h, colours } = p;
  const lines: number[][] = [[]];
  for (let t = 0; t < w; t++) lines.splice(0, lines.length, ...lines.flatMap((l) => Array.from({ length: colours + 1 }, (_, c) => [...l, c])));
  const fits = p.rows.map((clue) => lines.filter((l) => key(colourClueOf(l)) === key(clue)));
  let count = 0;
  const pick: number[][] = [];
  const walk = (r: number): void => {
    if (r === h) {
      const grid = pick.flat();
      const q = puzzleOf(grid, w, h, colours);
      if (q.cols.every((c, k) => key(c) === key(p.cols[k]))) count++;
      return;
    }
    for (const l of fits[r]) {
      pick[r] = l;
      walk(r + 1);
    }
  };
  walk(0);
  return count;
}

const pictureArb = fc
  .record({ w: fc.integer({ min: 1, max: 10 }), h: fc.integer({ min: 1, max: 10 }), colours: fc.integer({ min: 1, max: 4 }) })
  .chain(({ w, h, colours }) =>
    fc.record({
      w: fc.constant(w),
      h: fc.constant(h),
      colours: fc.constant(colours),
      grid: fc.array(fc.integer({ min: 0, max: colours }), { minLength: w * h, maxLength: w * h }),
    }),
  );

describe('colour line logic on whole puzzles', () => {
  it('never rules out the picture the clues came from; when it settles every cell, it is that picture', () => {
    let solved = 0;
    fc.assert(
      fc.property(pictureArb, ({ w, h, colours, grid }) => {
        const r = propagateColour(puzzleOf(grid, w, h, colours));
        expect(r.state).not.toBe('contradiction');
        grid.forEach((c, i) => expect(r.cells[i] & (1 << c)).not.toBe(0));
        if (r.state === 'solved') {
          solved++;
          expect([...pictureOf(r.cells)]).toEqual(grid);
        }
      }),
      { seed: 20, numRuns: 400 },
    );
    expect(solved).toBeGreaterThan(100);
  });

  it('agrees with a full count on tiny mixed-up puzzles: a contradiction has no solution, a settled grid is the only one', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 9, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 9, maxLength: 9 }),
        fc.integer({ min: 0, max: 8 }),
        (a, b, keep) => {
          // Rows of one picture; columns of the same picture with `keep` cells taken from another.
          const mixed = a.map((c, i) => (i < keep ? c : b[i]));
          const p = { ...puzzleOf(a, 3, 3, 2), cols: puzzleOf(mixed, 3, 3, 2).cols };
          const r = propagateColour(p);
          const n = countAll(p);
          seen.add(r.state);
          if (r.state === 'contradiction') expect(n).toBe(0);
          if (r.state === 'solved') expect(n).toBe(1);
          if (n === 0) expect(r.state).not.toBe('solved');
        },
      ),
      { seed: 21, numRuns: 400 },
    );
    expect([...seen].sort()).toEqual(['contradiction', 'solved', 'stuck']);
  });

  it('stops on its meter with what it had, still sound', () => {
    const grid = [1, 1, 0, 2, 2, 0, 1, 2, 1];
    const p = puzzleOf(grid, 3, 3, 2);
    const r = propagateColour(p, undefined, new Meter({ maxNodes: 2 }));
    expect(r.state).toBe('stopped');
    grid.forEach((c, i) => expect(r.cells[i] & (1 << c)).not.toBe(0));
  });
});
