/**
 * The SAT witness for Numberlink, kept for its callers: a one-line wrapper of the generic count of
 * `sat-count.ts` over the family's own witness (`families/numberlink/witness.ts`: cycle elimination
 * with lazy loop cuts; solutions counted as distinct link sets).
 */
import type { Verdict } from '../core/verdict.ts';
import { numberlink } from '../families/numberlink/index.ts';
import type { Numberlink, Solution } from '../families/numberlink/types.ts';
import { satCountFamily, type SatBackend, type SatCountOptions } from './sat-count.ts';

/**
 * Counts solutions up to `limit` (at least 2) with the chosen back-end. Budget nodes count SAT calls
 * (loop cuts included). Every solution is checked by the verifier; a failure is an encoding bug and throws.
 */
export async function satCountNumberlink(p: Numberlink, backend: SatBackend = 'logic-solver', options: SatCountOptions = {}): Promise<Verdict<Solution>> {
  return satCountFamily(numberlink, p, backend, options);
}
