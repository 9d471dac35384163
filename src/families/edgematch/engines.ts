/**
 * Edge matching's engines for `solve` and `count` (the CLI's `--engine`), and the one each board gets
 * by default. The family object's own `count` and `find` (solver.ts, Algorithm C) stay as they are:
 * the generators pin that count, and the library's callers keep their answers.
 *
 * - `backtrack` (backtrack.ts): finding by seeded restarts, counting by the exhaustive tree;
 * - `xcc` (xcc-model.ts): Algorithm C on the exact-cover model;
 * - `sat`: the family's CNF (witness.ts) on an installed SAT binary, run by the command itself.
 *
 * Measured on this machine (bench/edgematch.ts, part engines): the backtracker finds a planted 10x10
 * in milliseconds where Algorithm C finds none in 20 s, and counts the board suite's 7x7 boards in
 * well under a second where Algorithm C stops at 5 s; Algorithm C is ahead only on boards with very
 * few colours (two or three interior ones), where solutions are plentiful and its column choice
 * reaches two of them at once while the backtracker walks a wide tree first.
 */
import type { Budget } from '../../core/budget.ts';
import type { CountOptions } from '../../core/family.ts';
import type { FamilyEngine, FamilyEngines } from '../../core/family-cli.ts';
import type { FindResult, Verdict } from '../../core/verdict.ts';
import { countBacktrack, solveBacktrack } from './backtrack.ts';
import type { Board, Instance } from './types.ts';
import { countEdgematch, findEdgematch } from './xcc-model.ts';

export type EdgematchEngine = 'backtrack' | 'xcc' | 'sat';

export const EDGEMATCH_ENGINES: readonly FamilyEngine[] = [
  { name: 'backtrack', help: 'the backtracker, restarts to find and the whole tree to count; the default' },
  { name: 'xcc', help: 'Algorithm C on the exact-cover model; the default count at 3 interior colours or fewer' },
  { name: 'sat', help: 'the CNF on cadical or minisat where installed; budget nodes count SAT calls', sat: true },
];

/** At most this many interior colours: Algorithm C counts (see `pickEngine`). */
export const FEW_COLOURS = 3;

/** Distinct colours on the pieces' sides that do not meet the frame (grey excluded). */
export function interiorColours(inst: Instance): number {
  const seen = new Set<number>();
  for (const p of inst.pieces) {
    const grey = p.filter((c) => c === 0).length;
    // Interior pieces show four inner sides; an edge piece's side opposite the frame is inner too.
    if (grey === 0) for (const c of p) seen.add(c);
    else if (grey === 1) seen.add(p[(p.indexOf(0) + 2) % 4]);
  }
  seen.delete(0);
  return seen.size;
}

/**
 * The engine a board gets when none is named: the backtracker finds; it counts too, unless the board
 * has at most `FEW_COLOURS` interior colours, where Algorithm C counts.
 */
export function pickEngine(inst: Instance, task: 'find' | 'count'): Exclude<EdgematchEngine, 'sat'> {
  if (task === 'find') return 'backtrack';
  return interiorColours(inst) <= FEW_COLOURS ? 'xcc' : 'backtrack';
}

const refuse = (engine: string): never => {
  throw new RangeError(`edgematch: no in-process engine ${engine} (backtrack, xcc; sat runs in the command)`);
};

/** One solution by the named engine, under the whole budget. */
export function findWith(inst: Instance, engine: string, budget: Budget): FindResult<Board> {
  if (engine === 'xcc') return findEdgematch(inst, { budget });
  if (engine === 'backtrack') {
    const { restarts: _restarts, ...r } = solveBacktrack(inst, { budget });
    return r;
  }
  return refuse(engine);
}

/** The count to `limit` (default 2) by the named engine, under the whole budget. */
export function countWith(inst: Instance, engine: string, options: CountOptions = {}): Verdict<Board> {
  if (engine === 'xcc') return countEdgematch(inst, { limit: options.limit, budget: options.budget });
  if (engine === 'backtrack') return countBacktrack(inst, { limit: options.limit, budget: options.budget });
  return refuse(engine);
}

export const edgematchEngines: FamilyEngines<Instance, Board> = {
  list: EDGEMATCH_ENGINES,
  pick: pickEngine,
  find: findWith,
  count: countWith,
};
