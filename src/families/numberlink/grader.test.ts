import { describe, expect, it } from 'vitest';
import { one } from '../../../test/numberlink-helpers.ts';
import { Deducer } from './deduce.ts';
import { generateNumberlink } from './generator.ts';
import { gradeNumberlink, levelOfScore, turnsOf } from './grader.ts';
import { linksFromPaths } from './puzzle.ts';
import { countSolutions } from './solver.ts';

describe('numberlink grader', () => {
  it('a puzzle that plain deduction solves is easy; its metrics say so', () => {
    const g = gradeNumberlink(one('ABC\n...\nABC'));
    expect(g).toMatchObject({ ok: true, grade: { level: 'easy', score: 0, metrics: { basicShare: 100, trials: 0, solved: 1 } } });
  });

  it('a puzzle that needs trials scores higher than one that does not, and grades are repeatable', () => {
    const forced = gradeNumberlink(one('ABC\n...\nABC'));
    // A 7x7 puzzle (found by generation) where plain deduction stalls once.
    const puzzle = one('3....21\n...65..\n...2..1\n...675.\n..7..4.\n....4..\n..3....');
    const hard = gradeNumberlink(puzzle);
    if (!forced.ok || !hard.ok) throw new Error('grading failed');
    expect(hard.grade.metrics.trials).toBeGreaterThan(0);
    expect(hard.grade.metrics.basicShare).toBeLessThan(100);
    expect(hard.grade.score).toBeGreaterThan(forced.grade.score);
    expect(gradeNumberlink(puzzle)).toEqual(hard);
    expect(levelOfScore(hard.grade.score)).toBe(hard.grade.level);
    // Given the certified solution, the grade is the same.
    const v = countSolutions(puzzle);
    if (v.kind !== 'unique') throw new Error('not unique');
    expect(gradeNumberlink(puzzle, {}, v.solution)).toEqual(hard);
  });

  it('refuses puzzles without exactly one solution', () => {
    expect(gradeNumberlink(one('A..\n...\n..A'))).toMatchObject({ ok: false, stop: 'not-unique' });
    expect(gradeNumberlink(one('A.\n.A'))).toMatchObject({ ok: false, stop: 'not-unique' });
  });

  it('deduction only ever reaches the unique solution, on generated puzzles of every size; levels spread', () => {
    const levels = new Set<string>();
    for (const [w, h] of [
      [5, 5],
      [7, 7],
      [8, 12],
      [10, 10],
      [15, 15],
      [20, 20],
    ]) {
      for (const level of ['easy', 'expert'] as const) {
        // Version 4 keeps the nearest level where the level asked is out of reach: puzzles of every size here.
        const g = generateNumberlink({ width: w, height: h, level, rule: w * h <= 100 ? 'strict' : 'no-2x2' }, `grade-${w}`, {}, { version: 4 });
        if (!g.ok) throw new Error(g.message);
        // Without the certificate too (the grader counts), and the deduction's grid is checked inside.
        const grade = gradeNumberlink(g.puzzle);
        if (!grade.ok) throw new Error(grade.message);
        expect(grade.grade.score).toBeGreaterThanOrEqual(0);
        expect(grade.grade.score).toBeLessThanOrEqual(100);
        levels.add(grade.grade.level);
        const d = new Deducer(g.puzzle, true);
        if (d.run(1_000_000).solved) expect(Array.from(d.links(d.last!))).toEqual(Array.from(g.solution));
      }
    }
    expect(levels.size).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('the corner rule is what solves hugging puzzles; without it deduction stalls (so it does real work)', () => {
    // Version 1 (pinned by its golden file): the first certified candidate, not one chosen by grade.
    const g = generateNumberlink({ width: 12, height: 12, level: 'medium', rule: 'no-2x2' }, 'corner', {}, { version: 1 });
    if (!g.ok) throw new Error(g.message);
    const without = new Deducer(g.puzzle, false).run(100_000);
    const withCorners = new Deducer(g.puzzle, true).run(100_000);
    expect(withCorners.solved).toBe(true);
    expect(without.basicShare).toBeLessThan(withCorners.basicShare);
    expect(without.decidedShare).toBeLessThan(100);
  });

  it('names where each trial concluded: two neighbouring cells per trial, none when deduction alone solves', () => {
    let withTrials = 0;
    for (let i = 0; i < 6; i++) {
      const g = generateNumberlink({ width: 12, height: 12, level: 'hard', rule: 'no-2x2' }, `tc${i}`, {}, { version: 3 });
      if (!g.ok) throw new Error(g.message);
      const d = new Deducer(g.puzzle, true).run(100_000);
      expect(d.trialCells.length).toBe(2 * d.trials);
      for (let k = 0; k < d.trialCells.length; k += 2) {
        const [a, b] = [d.trialCells[k], d.trialCells[k + 1]];
        expect(Math.abs(a - b) === 1 || Math.abs(a - b) === 12).toBe(true);
      }
      if (d.trials > 0) withTrials++;
    }
    expect(withTrials).toBeGreaterThan(0);
    expect(new Deducer(one('ABC\n...\nABC'), true).run(1000)).toMatchObject({ solved: true, trials: 0, trialCells: [] });
  });

  it('one-row and one-column boards: the grade agrees with count on every labelling up to 6 cells', () => {
    // Every labelling of a line with up to three pairs, as a row and as a column: the grader grades
    // exactly the unique ones (deduction reaching the count's solution), and refuses the rest.
    const symbols = ['.', 'A', 'B', 'C'];
    let graded = 0;
    for (let len = 2; len <= 6; len++) {
      for (let code = 0; code < 4 ** len; code++) {
        const line = Array.from({ length: len }, (_, i) => symbols[Math.floor(code / 4 ** i) % 4]);
        const used = symbols.slice(1).filter((l) => line.includes(l));
        if (used.some((l) => line.filter((x) => x === l).length !== 2)) continue;
        if (used.length === 0) continue;
        for (const text of [line.join(''), line.join('\n')]) {
          for (const rule of ['strict', 'no-touch'] as const) {
            const p = one(text, rule);
            const v = countSolutions(p);
            const g = gradeNumberlink(p);
            expect(g.ok, text).toBe(v.kind === 'unique');
            if (g.ok && v.kind === 'unique') {
              expect(g.grade.metrics.solved, text).toBe(1);
              const d = new Deducer(p, true);
              expect(d.run(1000).solved).toBe(true);
              expect(Array.from(d.links(d.last!)), text).toEqual(Array.from(v.solution));
              graded++;
            }
          }
        }
      }
    }
    expect(graded).toBeGreaterThan(50);
  });

  it('counts turns of the paths', () => {
    const p = one('A.B\n..B\nA..');
    // A: 0 → 3 → 6 (straight); B: 2 → 5 (straight); the rest is not needed for the count.
    expect(
      turnsOf(
        p,
        linksFromPaths(p, [
          [0, 3, 6],
          [2, 5],
        ]),
      ),
    ).toBe(0);
    // 0 → 1 → 4 → 7 → 6 turns at 1 and at 7.
    expect(turnsOf(p, linksFromPaths(p, [[0, 1, 4, 7, 6]]))).toBe(2);
  });
});
