/**
 * The SAT witness for Nonograms, kept for its callers: one-line wrappers of the generic count of
 * `sat-count.ts` over the family's own witness (`families/nonogram/witness.ts`).
 */
import type { Verdict } from '../core/verdict.ts';
import { nonogram } from '../families/nonogram/index.ts';
import type { NonogramWitnessOptions } from '../families/nonogram/witness.ts';
import type { Nonogram, Solution } from '../families/nonogram/types.ts';
import { satCountDimacs, satCountFamily, satCountFamilySync, type SatBackend, type SatBinary, type SatCountOptions } from './sat-count.ts';

export interface NonogramSatOptions extends SatCountOptions, NonogramWitnessOptions {}

/** Counts solutions in process with logic-solver (MiniSat compiled to JS). Synchronous. */
export function satCountLogicSolver(p: Nonogram, options: NonogramSatOptions = {}): Verdict<Solution> {
  return satCountFamilySync(nonogram, p, options);
}

/** Counts solutions with an external binary (cadical or minisat), one process per SAT call. */
export async function satCountBinary(p: Nonogram, binary: SatBinary, options: NonogramSatOptions = {}): Promise<Verdict<Solution>> {
  return satCountDimacs(nonogram.witness.problem(p, options), binary, options);
}

/** Counts solutions with the chosen back-end. */
export async function satCount(p: Nonogram, backend: SatBackend = 'logic-solver', options: NonogramSatOptions = {}): Promise<Verdict<Solution>> {
  return satCountFamily(nonogram, p, backend, options);
}
