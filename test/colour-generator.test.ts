/**
 * The colour nonogram generator (generator version 2) and its ladder (colour-grade.ts), by their
 * properties: every generated puzzle is certified unique by a completed count, verifies, re-counts
 * unique with the same solution (the colour search again, and the colour CNF on logic-solver, and on
 * cadical in the long suite), is graded at the level asked from the puzzle alone, uses every colour
 * of its palette and opens again from its seeded id; the ladder never strikes out a solution's
 * value (brute-force-checked on random small boards). The contract golden file
 * test/golden/contract/nonogram-v2.json pins a few generations through the family interface with
 * their level and score. npm test runs a sample (test/long.ts); the long suite every case.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { puzzleOfId } from '../src/api/load.ts';
import { Meter } from '../src/core/budget.ts';
import { parseId } from '../src/core/ids.ts';
import { Rng } from '../src/core/rng.ts';
import { unwrap } from '../src/core/result.ts';
import { isColourPuzzle } from '../src/families/nonogram/colour.ts';
import { colourLadder, gradeColour } from '../src/families/nonogram/colour-grade.ts';
import { countColour } from '../src/families/nonogram/colour-solver.ts';
import { generateColourNonogram } from '../src/families/nonogram/generator.ts';
import { nonogram } from '../src/families/nonogram/index.ts';
import { verifySolution } from '../src/families/nonogram/puzzle.ts';
import type { Nonogram } from '../src/families/nonogram/types.ts';
import { satCount, satCountLogicSolver } from '../src/witness/nonogram-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import { colourFromPicture } from './fixtures/nonogram/colour.ts';
import { longIt, sample } from './long.ts';

const LEVELS_MADE = ['easy', 'medium', 'hard'] as const;

interface Case {
  width: number;
  height: number;
  level: (typeof LEVELS_MADE)[number];
  colours: number;
  seed: string;
}
const CASES: Case[] = [];
for (const [width, height] of [
  [6, 6],
  [10, 10],
  [12, 8],
  [15, 15],
])
  for (const level of LEVELS_MADE)
    for (const colours of [2, 3, 4, 5, 6]) for (const seed of ['t0', 't1', 't2']) CASES.push({ width, height, level, colours, seed });

/** npm test: one seed, 6x6 in 2 and 5 colours, one 10x10; the long suite all. */
const QUICK = (c: Case): boolean =>
  c.seed === 't0' && ((c.width === 6 && (c.colours === 2 || c.colours === 5)) || (c.width === 10 && c.colours === 3 && c.level === 'hard'));

const colourSet = (p: Nonogram): Set<number> => new Set([...(p.colour?.rows ?? []).flat(), ...(p.colour?.cols ?? []).flat()]);

describe('colour generator (version 2)', () => {
  for (const c of sample(CASES, QUICK)) {
    const params = `${c.width}x${c.height}-${c.level}-c${c.colours}`;
    it(`${params}#${c.seed}: certified, verified, re-counted, graded at the level asked, every colour used`, () => {
      const r = generateColourNonogram(c, c.seed);
      expect(r.ok, r.ok ? '' : r.message).toBe(true);
      if (!r.ok) return;
      expect(r.id).toBe(`nonogram@2:${params}#${c.seed}`);
      expect(r.certificate).toMatchObject({ kind: 'unique', stop: 'completed' });
      expect(verifySolution(r.puzzle, r.solution).ok).toBe(true);
      expect(isColourPuzzle(r.puzzle)).toBe(true);
      if (!isColourPuzzle(r.puzzle)) return;
      expect(r.puzzle.colour.palette.length).toBe(c.colours + 1);
      expect([...colourSet(r.puzzle)].sort()).toEqual(Array.from({ length: c.colours }, (_, k) => k + 1));
      for (const clue of [...r.puzzle.rows, ...r.puzzle.cols]) expect(clue.length).toBeGreaterThan(0);
      const again = countColour(r.puzzle);
      expect(again.kind).toBe('unique');
      if (again.kind === 'unique') expect(Array.from(again.solution)).toEqual(Array.from(r.solution));
      const g = gradeColour(r.puzzle);
      expect(g.ok && g.grade).toEqual(r.grade);
      expect(r.grade.level).toBe(c.level);
      // The colour CNF, another paradigm (logic-solver in process), on the small ones (cadical: below, long suite).
      if (c.width * c.height <= 36) {
        const sat = satCountLogicSolver(r.puzzle);
        expect(sat.kind).toBe('unique');
        if (sat.kind === 'unique') expect(Array.from(sat.solution)).toEqual(Array.from(r.solution));
      }
    }, 60_000);
  }

  longIt(
    'every generated case re-counts unique on cadical with the same solution',
    async () => {
      const bin = availableBinaries()[0];
      if (!bin) return;
      for (const c of CASES.filter((x) => x.seed === 't0')) {
        const r = generateColourNonogram(c, c.seed);
        expect(r.ok).toBe(true);
        if (!r.ok) continue;
        const v = await satCount(r.puzzle, bin);
        expect(v.kind).toBe('unique');
        if (v.kind === 'unique') expect(Array.from(v.solution)).toEqual(Array.from(r.solution));
      }
    },
    600_000,
  );

  it('is deterministic, and the seed and the colours change the puzzle', () => {
    const a = generateColourNonogram({ width: 8, height: 8, level: 'medium', colours: 3 }, 'det');
    const b = generateColourNonogram({ width: 8, height: 8, level: 'medium', colours: 3 }, 'det');
    const c = generateColourNonogram({ width: 8, height: 8, level: 'medium', colours: 3 }, 'det2');
    const d = generateColourNonogram({ width: 8, height: 8, level: 'medium', colours: 4 }, 'det');
    expect(a.ok && b.ok && c.ok && d.ok).toBe(true);
    if (!(a.ok && b.ok && c.ok && d.ok)) return;
    const id = nonogram.makePuzzle;
    expect(id(a.puzzle)).toBe(id(b.puzzle));
    expect(id(a.puzzle)).not.toBe(id(c.puzzle));
    expect(id(a.puzzle)).not.toBe(id(d.puzzle));
  });

  it('a deadline, a cancellation or too few attempts is a typed failure, never a puzzle', () => {
    const ac = new AbortController();
    ac.abort();
    expect(generateColourNonogram({ width: 20, height: 20, level: 'hard', colours: 3 }, 'x', { signal: ac.signal })).toMatchObject({
      ok: false,
      reason: 'cancelled',
    });
    expect(generateColourNonogram({ width: 20, height: 20, level: 'hard', colours: 3 }, 'x', { deadlineMs: 0 })).toMatchObject({
      ok: false,
      reason: 'deadline',
    });
    const few = generateColourNonogram({ width: 20, height: 20, level: 'expert', colours: 3 }, 'x', {}, { maxAttempts: 1, ladderNodes: 10 });
    expect(few).toMatchObject({ ok: false, reason: 'attempts-exhausted' });
  });

  it('a seeded colour id opens the same puzzle through the id reader; version 1 refuses colour params', () => {
    const r = nonogram.generate(unwrap(nonogram.parseParams('7x7-easy-c3')), 'open');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(unwrap(parseId(r.id))).toMatchObject({ kind: 'seeded', family: 'nonogram', version: 2, params: '7x7-easy-c3', seed: 'open' });
    const opened = puzzleOfId(r.id);
    expect(opened.ok && nonogram.makePuzzle(opened.value.puzzle as Nonogram)).toBe(nonogram.makePuzzle(r.puzzle));
    const v1 = puzzleOfId('nonogram@1:7x7-easy-c3#open');
    expect(v1.ok).toBe(false);
  });
});

describe('the colour ladder', () => {
  it('never strikes out a value of the unique solution, and the grade level is the rung it needed (random small boards)', () => {
    const rng = new Rng('colour-ladder');
    let solved = 0;
    for (let n = 0; n < 150; n++) {
      const w = rng.range(2, 7);
      const h = rng.range(2, 7);
      const colours = rng.range(2, 4);
      const grid = Uint8Array.from({ length: w * h }, () => (rng.chance(1, 3) ? 0 : rng.range(1, colours)));
      const p = colourFromPicture(grid, w, h, colours);
      const v = countColour(p);
      const run = colourLadder(p, new Meter({}));
      expect(run.outcome === 'solved' || run.outcome === 'stuck').toBe(true);
      if (v.kind !== 'unique') {
        expect(run.outcome).toBe('stuck');
        continue;
      }
      // Sound: the solution's value is still allowed in every cell.
      for (let i = 0; i < w * h; i++) expect(run.cells[i] & (1 << v.solution[i]), `cell ${i}`).not.toBe(0);
      if (run.outcome === 'solved') solved++;
      // The grade's level is the rung the ladder needed.
      const g = gradeColour(p);
      expect(g.ok).toBe(true);
      if (g.ok) expect(g.grade.level).toBe(['easy', 'medium', 'hard', 'expert'][run.rung - 1]);
    }
    expect(solved).toBeGreaterThan(20);
  });

  it('a rung cap stops it above the cap; a spent meter stops it, typed', () => {
    const rng = new Rng('cap');
    for (let n = 0; n < 40; n++) {
      const grid = Uint8Array.from({ length: 36 }, () => (rng.chance(1, 3) ? 0 : rng.range(1, 3)));
      const p = colourFromPicture(grid, 6, 6, 3);
      const full = colourLadder(p, new Meter({}));
      const capped = colourLadder(p, new Meter({}), 1);
      if (full.rung > 1) expect(capped.outcome).toBe('above');
      else expect(capped.outcome).toBe(full.outcome);
    }
    const p = colourFromPicture(
      Uint8Array.from({ length: 36 }, (_, i) => i % 3),
      6,
      6,
      2,
    );
    expect(colourLadder(p, new Meter({ maxNodes: 1 }))).toMatchObject({ outcome: 'stopped', stop: 'node-limit' });
  });
});

describe('the family contract for colour params (test/golden/contract/nonogram-v2.json)', () => {
  it('generations through the family interface match their golden file, with level and score', () => {
    const file = 'test/golden/contract/nonogram-v2.json';
    const got: Record<string, string> = {};
    for (const params of ['5x5-easy-c2', '6x6-medium-c3', '6x6-hard-c4'])
      for (const seed of ['c1', 'c2']) {
        const g = nonogram.generate(unwrap(nonogram.parseParams(params)), seed);
        got[`${params}#${seed}`] = g.ok ? `${nonogram.makePuzzle(g.puzzle)} ${g.grade.level} ${g.grade.score}` : `failed: ${g.reason}`;
        if (g.ok) {
          expect(nonogram.count(g.puzzle).kind).toBe('unique');
          expect(nonogram.verify(g.puzzle, g.solution)).toEqual({ ok: true });
          expect(nonogram.makePuzzle(unwrap(nonogram.parsePuzzle(nonogram.makePuzzle(g.puzzle))))).toBe(nonogram.makePuzzle(g.puzzle));
        }
      }
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, `${JSON.stringify(got, null, 2)}\n`);
    expect(existsSync(file), `${file} is missing`).toBe(true);
    expect(got).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });
});
