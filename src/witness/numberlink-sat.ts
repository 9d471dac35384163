/**
 * The SAT witness for Numberlink: a CNF model of the puzzle with cycle elimination, solved by real
 * SAT solvers (logic-solver in process, or the cadical / minisat binaries) through the shared loop of
 * `sat-count.ts`, counting solutions up to a limit. It shares nothing with the native search but the
 * puzzle and the verifier.
 * The model is `cnf.ts`'s (loops cut lazily: a model with a loop adds its cuts and is solved again).
 * Solutions are counted as distinct link sets, as the native solver counts them.
 */
import type { Verdict } from '../core/verdict.ts';
import { encodeNumberlink, interpretModel } from '../families/numberlink/cnf.ts';
import { verifySolution } from '../families/numberlink/puzzle.ts';
import type { Numberlink, Solution } from '../families/numberlink/types.ts';
import { satCountWith, type SatBackend, type SatCountOptions } from './sat-count.ts';

/**
 * Counts solutions up to `limit` (at least 2) with the chosen back-end. Budget nodes count SAT calls
 * (loop cuts included). Every solution is checked by the verifier; a failure is an encoding bug and throws.
 */
export async function satCountNumberlink(p: Numberlink, backend: SatBackend = 'logic-solver', options: SatCountOptions = {}): Promise<Verdict<Solution>> {
  const cnf = encodeNumberlink(p);
  return satCountWith(
    {
      cnf,
      comment: `proofgrid numberlink ${p.width}x${p.height} ${p.rule}`,
      interpret(model, _found, b) {
        const step = interpretModel(p, cnf, model);
        if ('cuts' in step) return { cuts: step.cuts };
        const v = verifySolution(p, step.solution);
        if (!v.ok) throw new Error(`numberlink SAT witness (${b}): model does not verify (encoding bug?): ${v.reason}`);
        return { solution: step.solution, block: step.block };
      },
    },
    backend,
    options,
  );
}
