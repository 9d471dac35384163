/**
 * Numberlink's SAT witness: the CNF model of `cnf.ts` with cycle elimination, loops cut lazily (a
 * model with a loop adds its cuts and is solved again), as a problem for a SAT count
 * (`src/witness/sat-count.ts`). Solutions are counted as distinct link sets, as the native solver
 * counts them. It shares nothing with the native search but the puzzle and the verifier.
 */
import type { SatProblem, SatWitness } from '../../core/witness.ts';
import { encodeNumberlink, interpretModel } from './cnf.ts';
import { verifySolution } from './puzzle.ts';
import type { Numberlink, Solution } from './types.ts';

/** Numberlink's witness has no options: one encoding. */
export type NumberlinkWitnessOptions = object;

export function numberlinkSatProblem(p: Numberlink): SatProblem<Solution> {
  const cnf = encodeNumberlink(p);
  return {
    cnf,
    comment: `proofgrid numberlink ${p.width}x${p.height} ${p.rule}`,
    interpret(model, _found, b) {
      const step = interpretModel(p, cnf, model);
      if ('cuts' in step) return { cuts: step.cuts };
      const v = verifySolution(p, step.solution);
      if (!v.ok) throw new Error(`numberlink SAT witness (${b}): model does not verify (encoding bug?): ${v.reason}`);
      return { solution: step.solution, block: step.block };
    },
  };
}

/** Up to 12x12 in the catalogue's check. */
export const numberlinkWitness: SatWitness<Numberlink, Solution, NumberlinkWitnessOptions> = {
  kind: 'sat',
  problem: (p) => numberlinkSatProblem(p),
  cheapCells: 144,
};
