/**
 * `proofgrid/witness` (Node only): the SAT witnesses, a second kind of solver for every family. The
 * counting loop over any family's `family.witness` (`satCountFamily`), its back-ends (logic-solver in
 * process; the `cadical` and `minisat` binaries when installed) and the per-family wrappers.
 *
 * @packageDocumentation
 */
export * from './sat-count.ts';
export { satCount, satCountBinary, satCountLogicSolver, type NonogramSatOptions } from './nonogram-sat.ts';
export * from './numberlink-sat.ts';
export * from './edgematch-sat.ts';
