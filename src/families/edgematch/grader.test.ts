import { describe, expect, it } from 'vitest';
import { LEVEL_BANDS } from '../../core/family.ts';
import { unwrap } from '../../core/result.ts';
import { Deducer } from './deduce.ts';
import { generatePlanted } from './planted.ts';
import { deduceForGrade, gradeCertified, gradeEdgematch, scoreOf } from './grader.ts';
import { generatePlayable, parsePlayableParams } from './generator.ts';
import { verifyBoard } from './puzzle.ts';
import type { Board, Instance } from './types.ts';

/** Certified puzzles of a few sizes and levels (small, so the test stays quick). */
const certified: { inst: Instance; solution: Board; name: string }[] = [];
for (const text of ['4x4-easy', '4x4-hard', '5x5-medium', '5x5-expert', '6x6-hard', '6x4-expert', '6x6-easy']) {
  for (const seed of ['d1', 'd2']) {
    const r = generatePlayable(unwrap(parsePlayableParams(text)), seed);
    // Off the level asked, the other-level failure carries a certified puzzle all the same.
    const got = r.ok ? r : r.nearest;
    if (!got) throw new Error(`${text}#${seed}: ${r.ok ? '' : r.message}`);
    certified.push({ inst: got.puzzle, solution: got.solution, name: `${text}#${seed}` });
  }
}

describe('edge-matching deduction and grader', () => {
  it('makes only sound deductions: every placement and every trial elimination agrees with the unique solution', () => {
    let solvedCount = 0;
    for (const { inst, solution, name } of certified) {
      for (const neighbourRule of [true, false]) {
        const d = new Deducer(inst, { neighbourRule }).run(inst, 40 * inst.width * inst.height);
        for (const s of d.steps) expect(solution[s.cell], name).toEqual({ piece: s.piece, rotation: s.rotation });
        for (const t of d.refuted) expect(solution[t.cell], name).not.toEqual({ piece: t.piece, rotation: t.rotation });
        if (d.solved) solvedCount++;
      }
      const d = new Deducer(inst);
      d.run(inst, 40 * inst.width * inst.height);
      const g = deduceForGrade(inst);
      if (g.solved) {
        // A full solve equals the certified solution and passes the verifier.
        expect(d.board(), name).toEqual(solution);
        expect(verifyBoard(inst, d.board()).ok).toBe(true);
      }
    }
    expect(solvedCount).toBeGreaterThan(certified.length / 2);
  });

  it('the neighbour rule only adds: it never leaves more undecided than the singles alone', () => {
    for (const { inst } of certified) {
      const a = new Deducer(inst, { neighbourRule: false }).run(inst, 40 * inst.width * inst.height);
      const b = new Deducer(inst).run(inst, 0);
      // Without trials the neighbour rule decides at least what the singles decide before their first trial.
      expect(b.basicShare).toBeGreaterThanOrEqual(a.basicShare);
    }
  });

  it('grades from measurements: score, level band and metrics; a puzzle plain deduction solves is easy', () => {
    for (const { inst, solution } of certified) {
      const r = gradeCertified(inst, solution);
      if ('stop' in r) throw new Error('stopped');
      const { grade } = r;
      const [lo, hi] = LEVEL_BANDS[grade.level];
      expect(grade.score).toBeGreaterThanOrEqual(lo);
      expect(grade.score).toBeLessThan(hi);
      expect(grade.metrics.cells).toBe(inst.width * inst.height);
      expect(grade.metrics.clues).toBe(inst.clues.length);
      if (grade.metrics.basicShare === 100) expect(grade.level).toBe('easy');
      if (grade.metrics.solved === 0) expect(grade.score).toBeGreaterThanOrEqual(40);
    }
    expect(scoreOf(16, { basicShare: 100, trials: 0, solved: true })).toBe(0);
    expect(scoreOf(16, { basicShare: 0, trials: 0, solved: true })).toBe(40);
    expect(scoreOf(100, { basicShare: 0, trials: 10, solved: false })).toBe(84);
    expect(scoreOf(16, { basicShare: 0, trials: 30, solved: false })).toBe(100);
  });

  it('certifies before grading when no solution is given; refuses non-unique and undecided puzzles', () => {
    const { inst, solution } = certified[2];
    const g = gradeEdgematch(inst);
    expect(g.ok).toBe(true);
    if (g.ok) {
      const r = gradeCertified(inst, solution);
      expect('grade' in r && r.grade).toEqual(g.grade);
    }
    // Few colours and no clue: many solutions.
    const { instance } = unwrap(generatePlanted({ width: 4, height: 4, borderColours: 1, interiorColours: 1, clues: 0 }, 'g'));
    expect(gradeEdgematch(instance)).toMatchObject({ ok: false, stop: 'not-unique' });
    const big = unwrap(generatePlanted({ width: 8, height: 8, borderColours: 3, interiorColours: 6, clues: 1 }, 'g')).instance;
    expect(gradeEdgematch(big, { maxNodes: 10 })).toMatchObject({ ok: false, stop: 'node-limit' });
  });
});
