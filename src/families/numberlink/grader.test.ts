import { describe, expect, it } from 'vitest';
import { one } from '../../../test/numberlink-helpers.ts';
import { gradeNumberlink, levelOfScore, turnsOf } from './grader.ts';
import { linksFromPaths } from './puzzle.ts';


describe('numberlink grader (first version)', () => {
  it('a puzzle that forcing alone solves is easy; its metrics say so', () => {
    const g = gradeNumberlink(one('ABC\n...\nABC'));
    expect(g).toMatchObject({ ok: true, grade: { level: 'easy', metrics: { forcedShare: 100, branches: 0 } } });
  });
  it('a puzzle that needs choices scores higher than one that does not, and grades are repeatable', () => {
    const forced = gradeNumberlink(one('ABC\n...\nABC'));
    // A 6x6 puzzle (found by generation) whose proof of uniqueness needs real choices.
    const puzzle = one('3.2...\n4.3...\n......\n..54.1\n.6.62.\n.5..1.');
    const hard = gradeNumberlink(puzzle);
    if (!forced.ok || !hard.ok) throw new Error('grading failed');
    expect(hard.grade.metrics.branches).toBeGreaterThan(0);
    expect(hard.grade.score).toBeGreaterThan(forced.grade.score);
    expect(gradeNumberlink(puzzle)).toEqual(hard);
    expect(levelOfScore(hard.grade.score)).toBe(hard.grade.level);
  });
  it('refuses puzzles without exactly one solution', () => {
    expect(gradeNumberlink(one('A..\n...\n..A'))).toMatchObject({ ok: false, stop: 'not-unique' });
    expect(gradeNumberlink(one('A.\n.A'))).toMatchObject({ ok: false, stop: 'not-unique' });
  });
  it('counts turns of the paths', () => {
    const p = one('A.B\n..B\nA..');
    // A: 0 → 3 → 6 (straight); B: 2 → 5 (straight); the rest is not needed for the count.
    expect(turnsOf(p, linksFromPaths(p, [[0, 3, 6], [2, 5]]))).toBe(0);
    // 0 → 1 → 4 → 7 → 6 turns at 1 and at 7.
    expect(turnsOf(p, linksFromPaths(p, [[0, 1, 4, 7, 6]]))).toBe(2);
  });
});
