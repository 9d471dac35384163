/**
 * The SAT witness for edge matching: the CNF of `families/edgematch/cnf.ts` (placement and diamond
 * variables with redundant clauses) solved by real SAT solvers (logic-solver in process, or the
 * cadical / minisat binaries) through the shared loop of `sat-count.ts`, counting boards up to a
 * limit. It shares nothing with Algorithm C or the backtracker but the instance and the verifier:
 * every decoded board is re-checked by `verifyBoard`, and one that fails throws (an encoding bug).
 */
import type { Verdict } from '../core/verdict.ts';
import { cnfComment, edgematchCnf, type EdgematchCnfOptions } from '../families/edgematch/cnf.ts';
import { describeProblem, verifyBoard } from '../families/edgematch/puzzle.ts';
import type { Board, Instance } from '../families/edgematch/types.ts';
import { satCountLogic, satCountWith, type SatBackend, type SatCountOptions, type SatProblem } from './sat-count.ts';

/** The instance as a problem for the shared loop. */
export function edgematchSatProblem(inst: Instance, opts: EdgematchCnfOptions = {}): SatProblem<Board> {
  const cnf = edgematchCnf(inst, opts);
  return {
    cnf,
    comment: cnfComment(inst, cnf).join('\n'),
    interpret(model, found, backend) {
      const board = cnf.decode(model);
      const v = verifyBoard(inst, board);
      if (!v.ok) {
        const why = v.problems.slice(0, 3).map((p) => describeProblem(inst, p)).join('; ');
        throw new Error(`edgematch SAT witness (${backend}): model does not verify (encoding bug?): ${why}`);
      }
      if (found.length > 0) {
        const key = (b: Board): string => b.map((p) => `${p?.piece}:${p?.rotation}`).join(' ');
        const k = key(board);
        if (found.some((b) => key(b) === k)) throw new Error(`edgematch SAT witness (${backend}): a blocked board came back (bug)`);
      }
      return { solution: board, block: cnf.block(board) };
    },
  };
}

/**
 * Counts solving boards up to `limit` (at least 2; default 2) with the chosen back-end. Budget nodes
 * count SAT calls; the binaries are killed at the deadline. Every board is checked by the verifier.
 */
export async function satCountEdgematch(inst: Instance, backend: SatBackend = 'logic-solver', options: SatCountOptions & EdgematchCnfOptions = {}): Promise<Verdict<Board>> {
  return satCountWith(edgematchSatProblem(inst, options), backend, options);
}

/** The in-process count (logic-solver), synchronous: for small boards. */
export function satCountEdgematchSync(inst: Instance, options: SatCountOptions & EdgematchCnfOptions = {}): Verdict<Board> {
  return satCountLogic(edgematchSatProblem(inst, options), options);
}
