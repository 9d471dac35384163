/**
 * The SAT witness for edge matching, kept for its callers: one-line wrappers of the generic count of
 * `sat-count.ts` over the family's own witness (`families/edgematch/witness.ts`).
 */
import type { Verdict } from '../core/verdict.ts';
import { edgematch } from '../families/edgematch/index.ts';
import type { Board, Instance } from '../families/edgematch/types.ts';
import type { EdgematchWitnessOptions } from '../families/edgematch/witness.ts';
import { satCountFamily, satCountFamilySync, type SatBackend, type SatCountOptions } from './sat-count.ts';

export { edgematchSatProblem } from '../families/edgematch/witness.ts';

/**
 * Counts solving boards up to `limit` (at least 2; default 2) with the chosen back-end. Budget nodes
 * count SAT calls; the binaries are killed at the deadline. Every board is checked by the verifier.
 */
export async function satCountEdgematch(
  inst: Instance,
  backend: SatBackend = 'logic-solver',
  options: SatCountOptions & EdgematchWitnessOptions = {},
): Promise<Verdict<Board>> {
  return satCountFamily(edgematch, inst, backend, options);
}

/** The in-process count (logic-solver), synchronous: for small boards. */
export function satCountEdgematchSync(inst: Instance, options: SatCountOptions & EdgematchWitnessOptions = {}): Verdict<Board> {
  return satCountFamilySync(edgematch, inst, options);
}
