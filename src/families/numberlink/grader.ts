/**
 * The Numberlink grader (first version, not yet calibrated): a 0–100 score computed only from the
 * puzzle and from how the solver's search progresses on it, never from a requested difficulty.
 *
 * The search makes forced moves (a path end with one way on, a cell with two ways out) until it must
 * choose; a person solving by hand does the same. Measurements:
 * - `forcedShare`: percent of the moves made before the first real choice (100 = forcing alone solves it);
 * - `branches`: search nodes with a real choice while proving the solution unique;
 * - `turns`: direction changes of the solution's paths per 100 cells (winding paths are harder to see);
 * - `pairRatio`: pairs per √(cells), × 100 (fewer, longer paths are harder).
 * When the search passes GRADE_NODES without finishing, its measurements so far stand (the search term
 * is then at its maximum) and the solver proper decides uniqueness.
 * Score = 40·(100 − forcedShare)/100 + min(30, 3·bits(branches)) + min(15, turns/4)
 *       + clamp((120 − pairRatio)/4, 0, 15), clamped to 0–100; levels by the shared bands (core LEVEL_BANDS).
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { isqrt } from '../../core/int.ts';
import { levelOfScore, type GradeResult } from '../../core/family.ts';
import type { Verdict } from '../../core/verdict.ts';

export { levelOfScore };
import { countSolutions, NumberlinkSearch } from './solver.ts';
import { DIRS, type Numberlink, type Solution } from './types.ts';

/** Search nodes the grader may spend (a fixed cap, so grades never depend on the machine). */
export const GRADE_NODES = 20_000;

const bits = (x: number): number => (x <= 0 ? 0 : 32 - Math.clz32(x));

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

/**
 * Grades a puzzle. `certified`, when given, is its solution already proved unique (by the generator's
 * certificate), so the grader does not count again when its own search reaches the cap.
 */
export function gradeNumberlink(p: Numberlink, budget: Budget = {}, certified?: Solution): GradeResult {
  const meter = new Meter({ ...budget, maxNodes: Math.min(GRADE_NODES, budget.maxNodes ?? Infinity) });
  const search = new NumberlinkSearch(p);
  let { found, stop } = search.run(2, meter);
  const capped = stop === 'node-limit' && (budget.maxNodes === undefined || budget.maxNodes > GRADE_NODES);
  if (capped) {
    // Beyond the grading cap the search component is at its maximum; the solver proper decides uniqueness.
    const v: Verdict<Solution> = certified ? { kind: 'unique', stop: 'completed', solution: certified, stats: { nodes: 0, ms: 0 } } : countSolutions(p, { budget: { deadlineMs: budget.deadlineMs, signal: budget.signal } });
    if (v.kind === 'inconclusive') return { ok: false, stop: v.stop, message: `uniqueness not decided (${v.stop})` };
    found = v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : [];
    stop = 'completed';
  }
  if (stop !== 'completed') return { ok: false, stop, message: `the grading search stopped (${stop}) after ${search.stats.nodes} nodes` };
  if (found.length !== 1) return { ok: false, stop: 'not-unique', message: found.length === 0 ? 'the puzzle has no solution' : 'the puzzle has more than one solution' };
  const n = p.width * p.height;
  const K = p.pairs.length;
  const moves = Math.max(1, n - K);
  const { branches, forcedPrefix } = search.stats;
  const forcedShare = forcedPrefix < 0 ? 100 : Math.floor((100 * forcedPrefix) / moves);
  const turns = Math.floor((100 * turnsOf(p, found[0])) / n);
  // pairs per √cells × 100, in integers: K·100/√n = √(K²·10⁴/n).
  const pairRatio = isqrt(Math.floor((K * K * 10_000) / n));
  const score = Math.max(0, Math.min(100, Math.floor((40 * (100 - forcedShare)) / 100) + Math.min(30, 3 * bits(branches)) + Math.min(15, Math.floor(turns / 4)) + Math.max(0, Math.min(15, Math.floor((120 - pairRatio) / 4)))));
  return {
    ok: true,
    grade: { level: levelOfScore(score), score, metrics: { forcedShare, branches, turns, pairRatio, pairs: K, searchNodes: search.stats.nodes, searchCapped: capped ? 1 : 0 } },
  };
}
