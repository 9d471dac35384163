/**
 * The SAT witness for Nonograms: the CNF of `cnf.ts` (order or direct encoding), counted by the
 * shared loop of `sat-count.ts` with real SAT solvers: solve, block the grid found (a clause over the
 * cell variables), solve again. It is the second witness of a different kind next to the native
 * solver: it shares with it only the clues and `verifySolution`.
 */
import type { Verdict } from '../core/verdict.ts';
import { verifySolution } from '../families/nonogram/clues.ts';
import { blockingClause, encodeCnf, modelToGrid, type CnfEncoding } from '../families/nonogram/cnf.ts';
import type { Nonogram, Solution } from '../families/nonogram/types.ts';
import { satCountDimacs, satCountLogic, satCountWith, type SatBackend, type SatBinary, type SatCountOptions, type SatProblem } from './sat-count.ts';

export interface NonogramSatOptions extends SatCountOptions {
  /** CNF encoding (default `order`). */
  encoding?: CnfEncoding;
}

function problem(p: Nonogram, options: NonogramSatOptions): SatProblem<Solution> {
  const cnf = encodeCnf(p, { encoding: options.encoding });
  return {
    cnf,
    comment: `proofgrid nonogram ${p.width}x${p.height}, ${cnf.encoding} encoding; cells are vars 1..${p.width * p.height} row-major`,
    interpret(model, found, backend) {
      const grid = modelToGrid(model, p);
      const v = verifySolution(p, grid);
      if (!v.ok) throw new Error(`SAT witness (${backend}): model does not verify (encoding bug?): ${v.reason}`);
      for (const g of found) {
        if (g.every((x, i) => x === grid[i])) throw new Error(`SAT witness (${backend}): solution repeated despite its blocking clause`);
      }
      return { solution: grid, block: blockingClause(grid) };
    },
  };
}

/** Counts solutions in process with logic-solver (MiniSat compiled to JS). Synchronous. */
export function satCountLogicSolver(p: Nonogram, options: NonogramSatOptions = {}): Verdict<Solution> {
  return satCountLogic(problem(p, options), options);
}

/** Counts solutions with an external binary (cadical or minisat), one process per SAT call. */
export async function satCountBinary(p: Nonogram, binary: SatBinary, options: NonogramSatOptions = {}): Promise<Verdict<Solution>> {
  return satCountDimacs(problem(p, options), binary, options);
}

/** Counts solutions with the chosen back-end. */
export async function satCount(p: Nonogram, backend: SatBackend = 'logic-solver', options: NonogramSatOptions = {}): Promise<Verdict<Solution>> {
  return satCountWith(problem(p, options), backend, options);
}
