/**
 * The edge-matching grader: a 0–100 score computed only from the puzzle and from how the human-like
 * deduction engine (`deduce.ts`) progresses on it, never from a requested difficulty.
 *
 * Measurements:
 * - `basicShare`: percent of the cells to fill that rules (a) "only one fits this cell" and (b) "only
 *   one place for this piece" fill before the first trial (100 = plain deduction solves it);
 * - `trialsPer100`: trials that concluded, per 100 cells (how often the player must look ahead);
 * - `trialsTried`: trials tried in all (the looking itself); `stalls`: times deduction ran dry;
 * - `solved`: 1 when deduction and trials fill every cell, 0 when search beyond them is needed
 *   (within GRADE_TRIALS_PER_CELL tries per cell, a fixed cap so grades never depend on the machine);
 * - `cells`, `clues` and `colours` (distinct non-grey colours) are reported.
 * Score = 0.4·(100 − basicShare) + TRIAL_WEIGHT·trialsPer100/10 (+40 when unsolved), clamped to 0–100,
 * in integers; levels by the shared bands (core LEVEL_BANDS). The weights were set from measurements
 * on generated 4x4 to 8x8 puzzles (see generator.ts).
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { gradeStopped, levelOfScore, uniqueForGrade, type Grade, type GradeResult } from '../../core/family.ts';
import type { BudgetStop } from '../../core/verdict.ts';
import { Deducer, type Deduction } from './deduce.ts';
import type { Board, Instance } from './types.ts';
import { countBacktrack } from './backtrack.ts';

/** Trials the grader may try per cell (a fixed cap, so grades never depend on the machine). */
export const GRADE_TRIALS_PER_CELL = 40;
/** Score points per 10 concluded trials per 100 cells. */
export const TRIAL_WEIGHT = 4;

export function scoreOf(cells: number, d: Pick<Deduction, 'basicShare' | 'trials' | 'solved'>): number {
  const trialsPer100 = Math.floor((100 * d.trials) / cells);
  return Math.max(0, Math.min(100, Math.floor((4 * (100 - d.basicShare)) / 10) + Math.floor((TRIAL_WEIGHT * trialsPer100) / 10) + (d.solved ? 0 : 40)));
}

/** Runs the deduction engine on a puzzle with the grader's cap. */
export function deduceForGrade(inst: Instance): Deduction {
  return new Deducer(inst).run(inst, GRADE_TRIALS_PER_CELL * inst.width * inst.height);
}

/**
 * The grade of a puzzle whose unique solution is known. Throws if the deduction engine reaches another
 * board than that solution (an engine bug: its deductions are sound).
 */
export function gradeCertified(inst: Instance, solution: Board, budget: Budget = {}): { grade: Grade; deduction: Deduction } | { stop: BudgetStop } {
  const meter = new Meter({ deadlineMs: budget.deadlineMs, signal: budget.signal });
  if (!meter.check()) return { stop: meter.stopped! };
  return gradeOfDeduction(inst, solution, deduceForGrade(inst));
}

/**
 * The grade of a puzzle whose unique solution is known, from its deduction at the grader's cap
 * (`deduceForGrade`, or a run with a lower cap that solved it: the cap never bound, so the same run).
 * Throws if the deduction reaches another board than that solution (an engine bug: its deductions are sound).
 */
export function gradeOfDeduction(inst: Instance, solution: Board, d: Deduction): { grade: Grade; deduction: Deduction } {
  const n = inst.width * inst.height;
  for (const s of d.steps) {
    const want = solution[s.cell];
    if (!want || want.piece !== s.piece || want.rotation !== s.rotation)
      throw new Error('edgematch grader: a deduction disagrees with the unique solution (engine bug)');
  }
  const colours = new Set<number>();
  for (const p of inst.pieces) for (const c of p) if (c !== 0) colours.add(c);
  const score = scoreOf(n, d);
  return {
    deduction: d,
    grade: {
      level: levelOfScore(score),
      score,
      metrics: {
        basicShare: d.basicShare,
        trialsPer100: Math.floor((100 * d.trials) / n),
        trials: d.trials,
        trialsTried: d.trialsTried,
        stalls: d.stalls,
        solved: d.solved ? 1 : 0,
        decidedShare: d.decidedShare,
        cells: n,
        clues: inst.clues.length,
        colours: colours.size,
      },
    },
  };
}

/**
 * Grades a puzzle: certifies it first (the backtracker's count to 2 under `budget`) unless `certified`, its solution
 * already proved unique, is given.
 */
export function gradeEdgematch(inst: Instance, budget: Budget = {}, certified?: Board): GradeResult {
  let solution = certified;
  if (!solution) {
    const u = uniqueForGrade(countBacktrack(inst, { budget }));
    if (!u.ok) return u;
    solution = u.solution;
  }
  const r = gradeCertified(inst, solution, budget);
  if ('stop' in r) return gradeStopped(r.stop);
  return { ok: true, grade: r.grade };
}
