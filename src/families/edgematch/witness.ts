/**
 * Edge matching's SAT witness: the CNF of `cnf.ts` (placement and diamond variables with redundant
 * clauses) as a problem for a SAT count (`src/witness/sat-count.ts`), counting boards. It shares
 * nothing with Algorithm C or the backtracker but the instance and the verifier: every decoded board
 * is re-checked by `verifyBoard`, and one that fails throws (an encoding bug).
 */
import type { SatProblem, SatWitness } from '../../core/witness.ts';
import { cnfComment, edgematchCnf, type EdgematchCnfOptions } from './cnf.ts';
import { canonicalBoard, colouringKey, type Distinct } from './distinct.ts';
import { describeProblem, verifyBoard } from './puzzle.ts';
import type { Board, Instance } from './types.ts';

export interface EdgematchWitnessOptions extends EdgematchCnfOptions {
  /**
   * What a distinct solution is (distinct.ts): `placements` (the default of the witness: each board
   * blocked by its placements) or `colourings` (each colouring blocked by its diamonds; boards come
   * canonical).
   */
  distinct?: Distinct;
}

export function edgematchSatProblem(inst: Instance, opts: EdgematchWitnessOptions = {}): SatProblem<Board> {
  const cnf = edgematchCnf(inst, opts);
  const colourings = opts.distinct === 'colourings';
  return {
    cnf,
    comment: cnfComment(inst, cnf).join('\n'),
    interpret(model, found, backend) {
      const board = cnf.decode(model);
      const v = verifyBoard(inst, board);
      if (!v.ok) {
        const why = v.problems
          .slice(0, 3)
          .map((p) => describeProblem(inst, p))
          .join('; ');
        throw new Error(`edgematch SAT witness (${backend}): model does not verify (encoding bug?): ${why}`);
      }
      if (found.length > 0) {
        const key = (b: Board): string => (colourings ? colouringKey(inst, b) : b.map((p) => `${p?.piece}:${p?.rotation}`).join(' '));
        const k = key(board);
        if (found.some((b) => key(b) === k)) throw new Error(`edgematch SAT witness (${backend}): a blocked board came back (bug)`);
      }
      return colourings ? { solution: canonicalBoard(inst, board), block: cnf.blockColouring(board) } : { solution: board, block: cnf.block(board) };
    },
  };
}

/** Up to 6x6 in the catalogue's check. */
export const edgematchWitness: SatWitness<Instance, Board, EdgematchWitnessOptions> = { kind: 'sat', problem: edgematchSatProblem, cheapCells: 36 };
