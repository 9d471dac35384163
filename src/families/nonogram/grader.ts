/**
 * The nonogram grader: the ladder and assessment of ladder.ts, certified by today's solver.
 */
import type { Budget } from '../../core/budget.ts';
import type { GradeResult, Level } from '../../core/family.ts';
import { assessWith, type Assessment, type Graded } from './ladder.ts';
import { countSolutions } from './solver.ts';
import type { Nonogram } from './types.ts';

export { LEVEL_BANDS, levelOfScore } from '../../core/family.ts';
export {
  assessWith,
  climbLadder,
  frozenSearch,
  FROZEN_SEARCH_CAP,
  GENERATOR_V1_COUNT,
  scoreOf,
  type Assessment,
  type CertificateCount,
  type Graded,
  type LadderMetrics,
} from './ladder.ts';

/**
 * Grades a puzzle that must be unique (certified by a completed count inside this call).
 * Returns `not-unique` when it has several solutions or none, and a budget stop when it ran out.
 */
export function gradeNonogram(p: Nonogram, budget?: Budget): GradeResult {
  return assessNonogram(p, budget).grade;
}

/**
 * Certificate and grade together (ladder.ts's `assessWith`), the certificate counted by today's
 * solver: with a certificate budget, as generator v1 was pinned with (`GENERATOR_V1_COUNT`); without
 * one, the full solver, charged to the caller's budget.
 */
export function assessNonogram(p: Nonogram, budget?: Budget, certificateNodes?: number): Graded;
export function assessNonogram(p: Nonogram, budget: Budget | undefined, certificateNodes: number | undefined, wantLevel: Level): Assessment;
export function assessNonogram(p: Nonogram, budget?: Budget, certificateNodes?: number, wantLevel?: Level): Assessment {
  return assessWith(countSolutions, p, budget, certificateNodes, wantLevel);
}
