/**
 * FROZEN (numberlink generator versions 2–4; and the grade version 1 reports): the grader the
 * generator picks levels by, copied from grader.ts at commit a58a316 (`gradeCertified`, `deducerFor`,
 * the score formula and the corner-rule test): today's grader.ts without `gradeNumberlink`, whose count
 * would tie these versions to the whole live solver. Its deduction (deduce.ts), core Meter and level
 * bands (LEVEL_BANDS) are today's while their text is the one pinned in ../pins.json. The candidate
 * kept, the easing's splits (version 4) and the grade reported all follow from it, so it may not follow
 * today's grader. Never edit this file to change behaviour: a change is a new version.
 */
import { Meter, type Budget } from '../../../../core/budget.ts';
import { isqrt } from '../../../../core/int.ts';
import { levelOfScore as levelOf, type Grade } from '../../../../core/family.ts';
import type { BudgetStop } from '../../../../core/verdict.ts';
import { Deducer } from '../../deduce.ts';
import { hasOnePathBlock } from '../../puzzle.ts';
import { DIRS, type Numberlink, type Solution } from '../../types.ts';

export { LEVEL_BANDS as BANDS, levelOfScore as levelOf } from '../../../../core/family.ts';

/** Trials the grader may try per cell (a fixed cap, so grades never depend on the machine). */
export const GRADE_TRIALS_PER_CELL = 40;

/** Direction changes along the paths of a solution. */
export function turnsOf(p: Numberlink, links: Solution): number {
  let turns = 0;
  for (let i = 0; i < links.length; i++) {
    const m = links[i];
    // A cell with two links that are not opposite is a turn.
    if (m !== (DIRS[0] | DIRS[2]) && m !== (DIRS[1] | DIRS[3]) && (m & (m - 1)) !== 0) turns++;
  }
  return turns;
}

const scoreOf = (n: number, basicShare: number, trials: number, solved: boolean): number =>
  Math.max(0, Math.min(100, Math.floor((4 * (100 - basicShare)) / 10) + 4 * Math.floor((100 * trials) / n) + (solved ? 0 : 40)));

/**
 * Whether the corner rule is sound for a puzzle whose unique solution is known: unless the puzzle is
 * strict and that solution has a 2x2 block of one path (grader.ts's header says why).
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
export function gradeCertified(p: Numberlink, solution: Solution, budget: Budget, below: number): { grade: Grade } | { atLeast: number } | { stop: BudgetStop } {
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
      level: levelOf(score),
      score,
      metrics: { basicShare: d.basicShare, trialsPer100, trials: d.trials, trialsTried: d.trialsTried, stalls: d.stalls, solved: d.solved ? 1 : 0, cornerRule: corners ? 1 : 0, turns, pairRatio, pairs: K },
    },
  };
}
