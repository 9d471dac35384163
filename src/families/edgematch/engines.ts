/**
 * Edge matching's engines for `solve` and `count` (the CLI's `--engine`), and the one each board gets
 * by default. The family object's own `find` is Algorithm C (solver.ts), and its `count` the
 * backtracker reading placements (the same verdicts Algorithm C gave, decided on larger boards); the
 * generators pin their own certificates (generate/versions.ts).
 *
 * - `backtrack` (backtrack.ts): finding by seeded restarts, counting by the exhaustive tree;
 * - `xcc` (xcc-model.ts): Algorithm C on the exact-cover model;
 * - `sat`: the family's CNF (witness.ts) on an installed SAT binary, run by the command itself;
 * - `turns`: the three in turn under doubling time slices (src/cli/engine.ts), the first to finish
 *   answering: at most a small factor (about twice the engines' number) behind the fastest one.
 *
 * Measured on this machine (bench/edgematch.ts, part engines; bench/RESULTS.md): the backtracker finds
 * every planted board to 12x12 and every suite and Heule board there in at most 0.3 s, where Algorithm
 * C stops at 2 s on planted 12x12 and on suite 7x7. No one engine counts fastest everywhere: the
 * backtracker counts the suite's 7x7 boards in 0.02-0.2 s where Algorithm C and SAT stop at 2 s, SAT
 * counts Heule's em_7_3_6 in 0.1 s where both others stop, and on boards of three interior colours
 * Algorithm C and the backtracker each stall on a board the other counts in milliseconds; SAT finds
 * and counts Heule's em_8_4_5 in 0.1 s where both others stop at 2 s. Hence the default takes turns.
 */
import type { Budget } from '../../core/budget.ts';
import type { CountOptions } from '../../core/family.ts';
import type { FamilyEngine, FamilyEngines } from '../../core/family-cli.ts';
import { type FindResult, type Verdict, verdictFromCount } from '../../core/verdict.ts';
import { countBacktrack, solveBacktrack } from './backtrack.ts';
import { colouringKey, DEFAULT_DISTINCT, DISTINCT_READINGS, type Distinct, pieceClasses, readingsAgree, canonicalBoard } from './distinct.ts';
import type { Board, Instance } from './types.ts';
import { countEdgematch, findEdgematch, forEachEdgematch } from './xcc-model.ts';

export type EdgematchEngine = 'backtrack' | 'xcc' | 'sat' | 'turns';

export const EDGEMATCH_ENGINES: readonly FamilyEngine[] = [
  { name: 'backtrack', help: 'the backtracker, restarts to find and the whole tree to count' },
  { name: 'xcc', help: 'Algorithm C on the exact-cover model' },
  { name: 'sat', help: 'the CNF on cadical or minisat where installed; budget nodes count SAT calls', sat: true },
  {
    name: 'turns',
    help: 'backtrack, xcc and sat, where installed, in turn under doubling time slices from 25 ms; the first to finish answers; the default (finding on more than 144 cells: backtrack)',
    turns: ['backtrack', 'xcc', 'sat'],
  },
];

/**
 * Above this many cells, finding is the backtracker's alone: on planted 13x13 and 14x14 boards at 26
 * interior colours it finds in 28 ms and 1.4 s (medians) where cadical takes 26 s and finds none in
 * 60 s (bench/results/edgematch-sat.json), and Algorithm C stops at 12x12 already.
 */
export const TURNS_MAX_CELLS = 144;

/**
 * The engine a board gets when none is named: turns between the three, to find and to count (no one
 * engine is fastest on every board: see the module comment), except finding on boards of more than
 * `TURNS_MAX_CELLS` cells (the backtracker). The backtracker goes first in the turns, so a board it
 * solves in its first 25 ms slice costs no more than the backtracker alone.
 */
export function pickEngine(inst: Instance, task: 'find' | 'count'): EdgematchEngine {
  return task === 'find' && inst.width * inst.height > TURNS_MAX_CELLS ? 'backtrack' : 'turns';
}

const refuse = (engine: string): never => {
  throw new RangeError(`edgematch: no in-process engine ${engine} (backtrack, xcc; sat and turns run in the command)`);
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

/** What a distinct solution is in a count's options (default colourings: see distinct.ts). */
export const distinctOf = (options: CountOptions): Distinct => (options.distinct === 'placements' ? 'placements' : DEFAULT_DISTINCT);

/**
 * The count to `limit` (default 2) by the named engine, under the whole budget, of distinct boards
 * as `options.distinct` reads them (default colourings). The backtracker breaks the symmetry in its
 * search; Algorithm C (whose model the generators pin) enumerates boards and keeps one per colouring,
 * which costs nothing more on boards where both readings agree (it then counts as before).
 */
export function countWith(inst: Instance, engine: string, options: CountOptions = {}): Verdict<Board> {
  const distinct = distinctOf(options);
  if (engine === 'backtrack') return countBacktrack(inst, { limit: options.limit, budget: options.budget, distinct });
  if (engine !== 'xcc') return refuse(engine);
  const classes = pieceClasses(inst.pieces);
  if (distinct === 'placements' || readingsAgree(classes)) return countEdgematch(inst, { limit: options.limit, budget: options.budget });
  const limit = Math.max(2, options.limit ?? 2);
  const seen = new Set<string>();
  const found: Board[] = [];
  const e = forEachEdgematch(
    inst,
    (b) => {
      const k = colouringKey(inst, b);
      if (seen.has(k)) return true;
      seen.add(k);
      found.push(canonicalBoard(inst, b, classes));
      // false stops the enumeration (core xcc.ts): enough colourings in hand.
      return found.length < limit;
    },
    { budget: options.budget },
  );
  return verdictFromCount(found, e.stop === 'visitor' ? 'completed' : e.stop, e.stats);
}

export const edgematchEngines: FamilyEngines<Instance, Board> = {
  list: EDGEMATCH_ENGINES,
  pick: pickEngine,
  find: findWith,
  count: countWith,
  distinct: DISTINCT_READINGS,
};
