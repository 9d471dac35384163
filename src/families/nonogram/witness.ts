/**
 * The nonogram's SAT witness: the CNF of `cnf.ts` (order or direct encoding) as a problem for a SAT
 * count (`src/witness/sat-count.ts`): solve, block the grid found (a clause over the cell variables),
 * solve again. It shares with the native solver only the clues and `verifySolution`.
 */
import type { SatProblem, SatWitness } from '../../core/witness.ts';
import { verifySolution } from './puzzle.ts';
import { blockingClause, encodeCnf, modelToGrid, type CnfEncoding } from './cnf.ts';
import { isColourPuzzle, type ColourPuzzle } from './colour.ts';
import { colourBlockingClause, colourModelToGrid, encodeColourCnf } from './colour-cnf.ts';
import type { Nonogram, Solution } from './types.ts';

export interface NonogramWitnessOptions {
  /** CNF encoding (default `order`). */
  encoding?: CnfEncoding;
}

export function nonogramSatProblem(p: Nonogram, options: NonogramWitnessOptions = {}): SatProblem<Solution> {
  if (isColourPuzzle(p)) return colourSatProblem(p);
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

/** A colour puzzle's SAT problem: the one-hot cells and order-encoded starts of colour-cnf.ts (`encoding` does not apply). */
export function colourSatProblem(p: ColourPuzzle): SatProblem<Solution> {
  const cnf = encodeColourCnf(p);
  const K = cnf.colours;
  return {
    cnf,
    comment: `proofgrid colour nonogram ${p.width}x${p.height}, ${K} colours with the background; cell i is colour k in var i*${K}+k+1`,
    interpret(model, found, backend) {
      const grid = colourModelToGrid(model, p);
      const v = verifySolution(p, grid);
      if (!v.ok) throw new Error(`SAT witness (${backend}): colour model does not verify (encoding bug?): ${v.reason}`);
      for (const g of found) {
        if (g.every((x, i) => x === grid[i])) throw new Error(`SAT witness (${backend}): solution repeated despite its blocking clause`);
      }
      return { solution: grid, block: colourBlockingClause(grid, K) };
    },
  };
}

/** Up to 20x20 in the catalogue's check. */
export const nonogramWitness: SatWitness<Nonogram, Solution, NonogramWitnessOptions> = { kind: 'sat', problem: nonogramSatProblem, cheapCells: 400 };
