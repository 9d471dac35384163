/**
 * A family's witness of another paradigm: its puzzles as SAT problems, counted by real SAT solvers
 * (logic-solver in process, the cadical and minisat binaries) with a loop that shares nothing with the
 * family's native solver but the puzzle and the verifier. The pure half lives here and in each family's
 * `witness.ts` (the CNF, and what a model means); the Node half (the back-ends and the counting loop)
 * is `src/witness/sat-count.ts`, which counts any family from its `witness.problem(puzzle)`.
 */

/** A CNF in DIMACS numbering: variables 1..numVars, clauses of literals v / -v. */
export interface SatCnf {
  numVars: number;
  clauses: readonly number[][];
}

/**
 * What a witness makes of a model: a solution (checked by the family's verifier) with the clause that
 * blocks it, or clauses that cut the model off without being a solution (lazy constraints, such as
 * Numberlink's loop cuts).
 */
export type ModelStep<S> = { solution: S; block: number[] } | { cuts: number[][] };

/** A family's side of a SAT count: the CNF, and what a model means. */
export interface SatProblem<S> {
  cnf: SatCnf;
  /**
   * A model (the true variables, or literals) as a step. `found` holds the solutions so far; `backend`
   * names the solver for messages. Throws when a model does not verify (an encoding bug, never a
   * property of the puzzle).
   */
  interpret(model: number[], found: readonly S[], backend: string): ModelStep<S>;
  /** Comment lines of the DIMACS text given to the binaries. */
  comment: string;
}

/**
 * The witness member of a family (`PuzzleFamily.witness`). `O` are the family's own encoding options
 * (nonogram's `encoding`, edge matching's `redundant`); a problem built without them is the default
 * encoding, the one the catalogue's `sat` check uses.
 */
export interface SatWitness<P, S, O extends object = object> {
  readonly kind: 'sat';
  /** The puzzle as a SAT problem. Reads only its own fields of `options` (it may be handed more). */
  problem(puzzle: P, options?: O): SatProblem<S>;
  /**
   * The largest puzzles (in cells) the in-process witness checks by default in a catalogue verify,
   * as measured for the family (about 50–300 ms a puzzle on one laptop-class core).
   */
  readonly cheapCells: number;
}
