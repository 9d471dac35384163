import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colourClueOf } from './colour-line.ts';
import { isColourPuzzle, makeColourNonogram, type ColourPuzzle } from './colour.ts';
import { gradeColour } from './colour-grade.ts';
import { colourSearch, countColour, findColour } from './colour-solver.ts';
import { nonogram } from './index.ts';
import { verifySolution } from './puzzle.ts';
import { colourFromPicture, colourFromRows, colourPalette } from '../../../test/fixtures/nonogram/colour.ts';

const palette = colourPalette;
const fromPicture = colourFromPicture;
const fromRows = colourFromRows;

/** Every picture of a tiny board that fits all clues, counted by brute force (at most `cap`). */
function bruteCount(p: ColourPuzzle, cap: number): number {
  const { width: w, height: h } = p;
  const k = p.colour.palette.length;
  const key = (lengths: readonly number[], colours: readonly number[]) => `${lengths.join(',')}/${colours.join(',')}`;
  const lines: number[][] = [[]];
  for (let t = 0; t < w; t++) lines.splice(0, lines.length, ...lines.flatMap((l) => Array.from({ length: k }, (_, c) => [...l, c])));
  const fits = p.rows.map((l, r) =>
    lines.filter((line) => {
      const got = colourClueOf(line);
      return key(got.lengths, got.colours) === key(l, p.colour.rows[r]);
    }),
  );
  let count = 0;
  const pick: number[][] = [];
  const walk = (r: number): void => {
    if (count >= cap) return;
    if (r === h) {
      if (verifySolution(p, Uint8Array.from(pick.flat())).ok) count++;
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

describe('colour count and find', () => {
  it('answers unique, multiple and none on crafted puzzles, each solution verified', () => {
    const unique = fromRows(['1122', '0120', '2201']);
    const u = countColour(unique);
    expect(u.kind).toBe('unique');
    if (u.kind === 'unique') expect(Array.from(u.solution)).toEqual([1, 1, 2, 2, 0, 1, 2, 0, 2, 2, 0, 1]);
    // The two diagonals of one colour: the classic two-solution pattern.
    const multiple = fromRows(['10', '01']);
    const m = countColour(multiple);
    expect(m.kind).toBe('multiple');
    if (m.kind === 'multiple') {
      expect(m.solutions.map((s) => Array.from(s))).toEqual(
        expect.arrayContaining([
          [1, 0, 0, 1],
          [0, 1, 1, 0],
        ]),
      );
      for (const s of m.solutions) expect(verifySolution(multiple, s)).toEqual({ ok: true });
    }
    // Row 1 wants a red block, column 1 only black ones: no picture.
    const bad = makeColourNonogram(1, 1, palette(2), [{ lengths: [1], colours: [2] }], [{ lengths: [1], colours: [1] }]);
    if (!bad.ok || !isColourPuzzle(bad.value)) throw new Error('fixture');
    expect(countColour(bad.value).kind).toBe('none');
    expect(findColour(bad.value).kind).toBe('none');
    expect(findColour(unique).kind).toBe('found');
  });

  it('agrees with brute force on random tiny boards (the search, not only line logic)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 3 }),
        fc.array(fc.nat(3), { minLength: 16, maxLength: 16 }),
        (w, h, colours, raw) => {
          const grid = raw.slice(0, w * h).map((v) => v % (colours + 1));
          const p = fromPicture(grid, w, h, colours);
          const want = bruteCount(p, 2);
          const v = countColour(p);
          expect(v.kind).toBe(want === 1 ? 'unique' : 'multiple');
          const noProbe = colourSearch(p, { limit: 2, probe: false });
          expect(noProbe.found.length).toBe(want);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });

  it('is inconclusive, never a verdict, when its budget runs out', () => {
    // A 6x6 permutation matrix: 720 solutions, so line logic alone settles nothing and one node cannot decide it.
    const open = fromRows(['100000', '010000', '001000', '000100', '000010', '000001']);
    const v = countColour(open, { budget: { maxNodes: 1 } });
    expect(v).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
    const ctl = new AbortController();
    ctl.abort();
    expect(countColour(open, { budget: { signal: ctl.signal } })).toMatchObject({ kind: 'inconclusive', stop: 'cancelled' });
    expect(findColour(open, { budget: { signal: ctl.signal } })).toMatchObject({ kind: 'inconclusive', stop: 'cancelled' });
    expect(countColour(open).kind).toBe('multiple');
  });

  it("is the family's count and find for colour puzzles", () => {
    const p = fromRows(['1122', '0120', '2201']);
    expect(nonogram.count(p).kind).toBe('unique');
    expect(nonogram.find(p, {}).kind).toBe('found');
    expect(nonogram.count(fromRows(['10', '01'])).kind).toBe('multiple');
  });

  it('grades by what the search needed: line logic easy, a search expert, several solutions not-unique', () => {
    const easy = gradeColour(fromRows(['1122', '0120', '2201']));
    expect(easy).toMatchObject({ ok: true, grade: { level: 'easy', metrics: { stage: 'line logic', searchNodes: 0 } } });
    expect(gradeColour(fromRows(['10', '01']))).toMatchObject({ ok: false, stop: 'not-unique' });
    const open = fromRows(['100000', '010000', '001000', '000100', '000010', '000001']);
    expect(gradeColour(open, { maxNodes: 1 })).toMatchObject({ ok: false, stop: 'node-limit' });
    // A unique picture that line logic alone cannot finish: the search (or probing) is measured.
    const hard = fromRows(['1100', '1010', '0110', '0001']);
    const g = gradeColour(hard);
    if (g.ok) expect(g.grade.score).toBeGreaterThanOrEqual(g.grade.metrics.stage === 'line logic' ? 0 : 25);
  });
});
