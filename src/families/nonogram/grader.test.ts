import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.ts';
import { cluesOf, makeNonogram, unwrapNonogram } from './puzzle.ts';
import { climbLadder, gradeNonogram, levelOfScore, scoreOf, type LadderMetrics } from './grader.ts';

const picture = (rows: string[]) => {
  const w = rows[0].length;
  const g = Uint8Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0));
  return cluesOf(g, w, rows.length);
};

describe('gradeNonogram', () => {
  it('a picture the simple rules solve is easy, with metrics', () => {
    const p = picture(['#####', '#...#', '#.#.#', '#...#', '#####']);
    const g = gradeNonogram(p);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    expect(g.grade.level).toBe('easy');
    expect(g.grade.metrics.rung).toBe(1);
    expect(g.grade.metrics.technique).toBe('line logic');
    expect(g.grade.metrics.rounds).toBeGreaterThan(0);
    expect(g.grade.score).toBeGreaterThanOrEqual(0);
    expect(g.grade.score).toBeLessThan(25);
  });
  it('refuses puzzles that are not unique or have no solution', () => {
    const multi = unwrapNonogram(makeNonogram(2, 2, [[1], [1]], [[1], [1]]));
    const g = gradeNonogram(multi);
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.stop).toBe('not-unique');
    const none = unwrapNonogram(makeNonogram(2, 2, [[2], [1]], [[1], [1]]));
    expect(gradeNonogram(none).ok).toBe(false);
  });
  it('a budget stop is reported as such, not as a grade', () => {
    const rng = new Rng('g');
    const grid = Uint8Array.from({ length: 400 }, () => (rng.int(100) < 45 ? 1 : 0));
    const g = gradeNonogram(cluesOf(grid, 20, 20), { maxNodes: 1 });
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.stop).toBe('node-limit');
  });
  it('rungs order the scores: line logic < contradiction < search', () => {
    const base: LadderMetrics = {
      rung: 1,
      complexRounds: 0,
      complexCells: 0,
      rounds: 5,
      meanForcedPerRound: 10,
      minForcedPerRound: 1,
      thinRounds: 0.1,
      probes: 0,
      contradictions: 0,
      firstStall: 1,
      firstBranchPoint: 1,
      searchNodes: 0,
      branchDepth: 0,
    };
    const s1 = scoreOf(base, 15, 15);
    const s1b = scoreOf({ ...base, rounds: 20, complexRounds: 4 }, 15, 15);
    const s2 = scoreOf({ ...base, rung: 2, contradictions: 1, firstStall: 0.9 }, 15, 15);
    const s2b = scoreOf({ ...base, rung: 2, contradictions: 12, firstStall: 0.1 }, 15, 15);
    const s3 = scoreOf({ ...base, rung: 3, contradictions: 3, firstStall: 0.5, firstBranchPoint: 0.5, searchNodes: 200 }, 15, 15);
    expect(s1).toBeLessThan(s1b);
    expect(s1b).toBeLessThan(45);
    expect(s2).toBeGreaterThanOrEqual(45);
    expect(s2).toBeLessThan(s2b);
    expect(s3).toBeGreaterThanOrEqual(80);
    expect(levelOfScore(s1)).toBe('easy');
    expect(levelOfScore(s3)).toBe('expert');
  });
  it('grading depends only on the clues (same puzzle, same grade)', () => {
    const rng = new Rng('same');
    const grid = Uint8Array.from({ length: 144 }, () => (rng.int(100) < 55 ? 1 : 0));
    const p = cluesOf(grid, 12, 12);
    const a = gradeNonogram(p);
    const b = gradeNonogram(cluesOf(grid, 12, 12));
    expect(a).toEqual(b);
  });
  it('the ladder finds contradictions on puzzles line logic cannot finish', () => {
    // Search seeded random pictures for one that needs rung 2, and check its metrics.
    const rng = new Rng('rung2');
    let found = false;
    for (let t = 0; t < 200 && !found; t++) {
      const grid = Uint8Array.from({ length: 225 }, () => (rng.int(100) < 48 ? 1 : 0));
      const p = cluesOf(grid, 15, 15);
      const g = gradeNonogram(p);
      if (g.ok && g.grade.metrics.rung === 2) {
        found = true;
        expect(Number(g.grade.metrics.contradictions)).toBeGreaterThan(0);
        expect(Number(g.grade.metrics.firstStall)).toBeLessThan(1);
        const ladder = climbLadder(p);
        expect(ladder.complete).toBe(true);
      }
    }
    expect(found).toBe(true);
  });
});
