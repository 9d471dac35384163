/**
 * The nonogram solver: the branching portfolio of portfolio.ts, then, where it has not decided within
 * its share of nodes, clause learning on the CNF of cnf.ts (`hybridSearch`); `countSolutions` and
 * `findSolution` are the family's count and find.
 */
import { Meter } from '../../core/budget.ts';
import { verdictFromCount, type FindResult, type StopReason, type Verdict } from '../../core/verdict.ts';
import { CdclSolver } from '../../core/sat.ts';
import { verifySolution } from './puzzle.ts';
import { cellBeliefs, startExclusions, startPhases } from './belief.ts';
import { blockingClause, encodeCnf, modelToGrid } from './cnf.ts';
import { swapNeighbour } from './neighbour.ts';
import { branchingStage, type SearchStats, type SolveOptions } from './portfolio.ts';
import { FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

export { HEURISTICS, PORTFOLIO_SLICE, portfolioSearch, Searcher, type Heuristic, type SearchStats, type SolveOptions } from './portfolio.ts';

/** Branching nodes spent before the CDCL stage takes over (see `SolveOptions.cdcl`). */
export const DFS_NODES_BEFORE_CDCL = 20_000;

export interface HybridStats extends SearchStats {
  ms: number;
  /** Which stage ended the search. */
  stage: 'dfs' | 'cdcl';
  /** CDCL conflicts and decisions (0 when the CDCL stage did not run). */
  conflicts: number;
  decisions: number;
  /** Solutions found as 2x2 swaps of a known one, without search. */
  swaps: number;
}

/**
 * The solver's full strategy, used by `countSolutions` and `findSolution`:
 * 1. the branching portfolio (propagation, probing, DFS) for up to `dfsNodes` nodes;
 * 2. if undecided, clause learning (`CdclSolver`) on the CNF of the puzzle with the root-probed cells
 *    as units, the block starts no line completion allows ruled out, and the solutions found so far
 *    blocked. Decisions follow phase hints from belief propagation (`beliefPhases`); without them the
 *    search restarts from the last model's phases. After each solution, a 2x2 swap neighbour is tried
 *    first (no search).
 * Budget: one shared node count (branching nodes, then CDCL conflicts and decisions), one deadline,
 * one signal. The outcome depends on node counts only, unless a deadline or cancellation stops it.
 */
export function hybridSearch(p: Nonogram, opts: SolveOptions & { limit: number }): { found: Solution[]; stop: StopReason; stats: HybridStats } {
  const meter = new Meter(opts.budget);
  const callerMax = opts.budget?.maxNodes ?? Infinity;
  const useCdcl = opts.cdcl ?? true;
  const dfsCap = useCdcl ? Math.min(callerMax, opts.dfsNodes ?? DFS_NODES_BEFORE_CDCL) : callerMax;
  // The caller's limit is exact (the budget); the stage's share is checked between steps.
  const dfs = branchingStage(p, opts, dfsCap);
  const stats: HybridStats = { ...dfs.stats, stage: 'dfs', conflicts: 0, decisions: 0, swaps: 0 };
  if (dfs.stop !== 'node-limit' || dfsCap >= callerMax) {
    stats.ms = meter.elapsedMs();
    return { found: dfs.found.slice(0, opts.limit), stop: dfs.stop, stats };
  }
  stats.stage = 'cdcl';
  meter.tick(dfs.stats.nodes);
  const found = dfs.found.slice();
  // The CNF's size is known before it is built: refuse it (memory-limit) rather than build too much.
  if (!meter.check() || !meter.holds(cnfLiterals(p))) {
    stats.nodes = meter.nodes;
    stats.ms = meter.elapsedMs();
    return { found, stop: meter.stopped ?? 'node-limit', stats };
  }
  const cnf = encodeCnf(p);
  const sat = new CdclSolver(cnf.numVars);
  for (const cl of cnf.clauses) sat.addClause(cl);
  const root = dfs.rootGrid ?? new Uint8Array(p.width * p.height);
  for (let i = 0; i < root.length; i++) if (root[i] !== UNKNOWN) sat.addClause([root[i] === FILLED ? i + 1 : -(i + 1)]);
  // Block starts that no completion of their line allows: implied, but beyond unit propagation.
  for (const cl of startExclusions(cnf.lines, root)) sat.addClause(cl);
  if (opts.beliefPhases ?? true) {
    const belief = cellBeliefs(p, root, { meter });
    for (let i = 0; i < belief.length; i++) if (root[i] === UNKNOWN) sat.forcePhase(i + 1, belief[i] > 0.5);
    for (const [v, value] of startPhases(cnf.lines, root, belief)) sat.forcePhase(v, value);
  }
  const keys = new Set(found.map((g) => g.join('')));
  const accept = (g: Solution): void => {
    const check = verifySolution(p, g);
    if (!check.ok) throw new Error(`nonogram solver produced an invalid solution: ${check.reason}`);
    found.push(g);
    keys.add(g.join(''));
    sat.addClause(blockingClause(g));
  };
  for (const g of found) sat.addClause(blockingClause(g));
  let stop: StopReason = 'completed';
  while (found.length < opts.limit) {
    const near = found.length > 0 ? swapNeighbour(p, found[found.length - 1]) : null;
    if (near !== null && !keys.has(near.join(''))) {
      stats.swaps++;
      accept(near);
      continue;
    }
    const status = sat.solve(meter);
    if (status === 'sat') {
      accept(modelToGrid(sat.modelTrue(), p));
    } else {
      if (status === 'stopped') stop = meter.stopped ?? 'node-limit';
      break;
    }
  }
  stats.nodes = meter.nodes;
  stats.conflicts = sat.stats.conflicts;
  stats.decisions = sat.stats.decisions;
  stats.ms = meter.elapsedMs();
  return { found, stop, stats };
}

/**
 * An upper bound of the literals the `order` CNF of `p` holds (the CDCL stage's unit of
 * `Budget.maxStates`): per block of slack m and length len, at most 4m + len clauses of width ≤ 3,
 * and per cell a few gap clauses.
 */
export function cnfLiterals(p: Nonogram): number {
  let total = 0;
  const line = (clue: readonly number[], n: number): void => {
    let min = clue.length - 1;
    for (const len of clue) min += len;
    const m = Math.max(0, n - min);
    for (const len of clue) total += 3 * (4 * m + len + 4);
    total += 3 * n;
  };
  for (const r of p.rows) line(r, p.width);
  for (const c of p.cols) line(c, p.height);
  return total;
}

/**
 * Counts solutions of a nonogram up to `limit` (default 2, at least 2) under a budget: `unique`,
 * `multiple` (with two verified witnesses), `none`, or `inconclusive` when the budget ran out.
 */
export function countSolutions(p: Nonogram, opts: SolveOptions = {}): Verdict<Solution> {
  const { found, stop, stats } = hybridSearch(p, { ...opts, limit: Math.max(2, opts.limit ?? 2) });
  return verdictFromCount(found, stop, { nodes: stats.nodes, ms: stats.ms });
}

/** Finds one solution; says nothing about uniqueness. */
export function findSolution(p: Nonogram, opts: Omit<SolveOptions, 'limit'> = {}): FindResult<Solution> {
  const { found, stop, stats } = hybridSearch(p, { ...opts, limit: 1 });
  const st = { nodes: stats.nodes, ms: stats.ms };
  if (found.length > 0) return { kind: 'found', solution: found[0], stats: st };
  if (stop !== 'completed') return { kind: 'inconclusive', stop, stats: st };
  return { kind: 'none', stats: st };
}
