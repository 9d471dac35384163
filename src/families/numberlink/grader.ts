/**
 * The Numberlink grader: a 0–100 score computed only from the puzzle and from how a human-like
 * deduction solver (`deduce.ts`) progresses on it, never from a requested difficulty.
 *
 * The solver makes the deductions a person makes by hand (a cell's degree, no loops, no mixed pairs,
 * and the corner rule that paths hug each other: see `deduce.ts`) and, when they stall, trials (assume
 * a link, deduce, and take the opposite on a contradiction). Measurements:
 * - `basicShare`: percent of the links decided before the first trial (100 = plain deduction solves it);
 * - `trialsPer100`: trials that concluded something, per 100 cells (how often the player must look ahead);
 * - `trialsTried`: trials tried in all (the looking itself); `stalls`: times deduction ran dry;
 * - `solved`: 1 when deduction and trials decide every link, 0 when search beyond them is needed;
 * - `turns` (direction changes per 100 cells) and `pairRatio` (pairs per √cells × 100) are reported.
 * Score = 0.4·(100 − basicShare) + 4·trialsPer100 (+40 when unsolved), clamped to 0–100, in integers;
 * levels by the shared bands (core LEVEL_BANDS). The weights were set from measurements: Flow's
 * "regular" levels grade easy, its "extreme" ones spread from easy to expert, and Janko's hand-made
 * puzzles from easy (8x8) to expert (24x14); large generated boards grade expert unless the generator
 * eases them (version 4, see generator.ts).
 *
 * The corner rule is sound under no-2x2 and no-touch. For a strict puzzle it is used when its unique
 * solution has no 2x2 block of one path (then that solution is also the only no-2x2 one, so reasoning
 * under no-2x2 loses nothing); every generated puzzle is such.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { isqrt } from '../../core/int.ts';
import { gradeStopped, levelOfScore, uniqueForGrade, type Grade, type GradeResult } from '../../core/family.ts';
import type { BudgetStop } from '../../core/verdict.ts';
import { Deducer } from './deduce.ts';
import { hasOnePathBlock } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import { DIRS, type Numberlink, type Solution } from './types.ts';

export { levelOfScore };

/** Trials the grader may try per cell (a fixed cap, so grades never depend on the machine). */
export const GRADE_TRIALS_PER_CELL = 40;

/** Direction changes along the paths of a solution. */
export function turnsOf(_p: Numberlink, links: Solution): number {
  let turns = 0;
  for (let i = 0; i < links.length; i++) {
    const m = links[i];
    // A cell with two links that are not opposite is a turn.
    if (m !== (DIRS[0] | DIRS[2]) && m !== (DIRS[1] | DIRS[3]) && (m & (m - 1)) !== 0) turns++;
  }
  return turns;
}

/**
 * Grades a puzzle. `certified`, when given, is its solution already proved unique (by the generator's
 * certificate), so the grader does not count again.
 */
export function gradeNumberlink(p: Numberlink, budget: Budget = {}, certified?: Solution): GradeResult {
  let solution = certified;
  if (!solution) {
    const u = uniqueForGrade(countSolutions(p, { budget }));
    if (!u.ok) return u;
    solution = u.solution;
  }
  const r = gradeCertified(p, solution, budget, Infinity);
  if ('stop' in r) return gradeStopped(r.stop);
  if ('atLeast' in r) throw new Error('numberlink grader: stopped early without a cap (grader bug)');
  return { ok: true, grade: r.grade };
}

const scoreOf = (n: number, basicShare: number, trials: number, solved: boolean): number =>
  Math.max(0, Math.min(100, Math.floor((4 * (100 - basicShare)) / 10) + 4 * Math.floor((100 * trials) / n) + (solved ? 0 : 40)));

/**
 * Whether the corner rule is sound for a puzzle whose unique solution is known: unless the puzzle is
 * strict and that solution has a 2x2 block of one path (see the header).
 */
export function cornerRuleHolds(p: Numberlink, solution: Solution): boolean {
  return p.rule !== 'strict' || !hasOnePathBlock(p, solution);
}

/** The deduction engine for a puzzle whose unique solution is known (with the corner rule where it holds). */
export function deducerFor(p: Numberlink, solution: Solution): Deducer {
  return new Deducer(p, cornerRuleHolds(p, solution));
}

/**
 * The grade of a puzzle whose unique solution is known; with `below`, deduction stops as soon as the
 * score can no longer be under it (the score only grows as trials add up), and the answer is then
 * `{ atLeast }`, a lower bound: cheap rejection of candidates too hard for a level.
 */
export function gradeCertified(
  p: Numberlink,
  solution: Solution,
  budget: Budget,
  below: number,
): { grade: Grade } | { atLeast: number } | { stop: BudgetStop } {
  const n = p.width * p.height;
  const corners = cornerRuleHolds(p, solution);
  const deducer = new Deducer(p, corners);
  const meter = new Meter({ deadlineMs: budget.deadlineMs, signal: budget.signal });
  let atLeast = -1;
  const d = deducer.run(GRADE_TRIALS_PER_CELL * n, (basic, trials) => {
    if (!meter.check()) return true;
    const s = scoreOf(n, basic, trials, true);
    if (s >= below) atLeast = s;
    return atLeast >= 0;
  });
  if (meter.stopped) return { stop: meter.stopped };
  if (atLeast >= 0 && !d.solved) return { atLeast };
  if (d.solved) {
    const got = deducer.links(deducer.last!);
    if (!got.every((x, i) => x === solution[i])) throw new Error('numberlink grader: deduction reached another grid than the unique solution (grader bug)');
  }
  const K = p.pairs.length;
  const trialsPer100 = Math.floor((100 * d.trials) / n);
  const turns = Math.floor((100 * turnsOf(p, solution)) / n);
  // pairs per √cells × 100, in integers: K·100/√n = √(K²·10⁴/n).
  const pairRatio = isqrt(Math.floor((K * K * 10_000) / n));
  const score = scoreOf(n, d.basicShare, d.trials, d.solved);
  return {
    grade: {
      level: levelOfScore(score),
      score,
      metrics: {
        basicShare: d.basicShare,
        trialsPer100,
        trials: d.trials,
        trialsTried: d.trialsTried,
        stalls: d.stalls,
        solved: d.solved ? 1 : 0,
        cornerRule: corners ? 1 : 0,
        turns,
        pairRatio,
        pairs: K,
      },
    },
  };
}
