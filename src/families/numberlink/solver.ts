/**
 * The Numberlink solver: counts complete coverings up to a limit under a budget, by stages (the corner
 * sweep; under strict, windows, the frontier counter and the split count; then the depth-first path
 * search of search.ts, `NumberlinkSearch`, and clause learning on the CNF of cnf.ts): see countSolutions.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import type { CountOptions } from '../../core/family.ts';
import { verdictFromCount, type FindResult, type StopReason, type Verdict } from '../../core/verdict.ts';
import { CdclSolver } from '../../core/sat.ts';
import { encodeNumberlink, interpretModel, numberlinkCnfLiterals, type NumberlinkCnf } from './cnf.ts';
import { verifySolution } from './puzzle.ts';
import { CornerSweep } from './sweep.ts';
import { sweepCorners, type Orientation } from './corners.ts';
import { frontierCount, strictWindows } from './frontier.ts';
import type { Numberlink, Solution } from './types.ts';
import { NumberlinkSearch } from './search.ts';
import { plainCount } from './plain.ts';
import { findLarge } from './large.ts';

export { NumberlinkSearch, type NumberlinkSearchStats } from './search.ts';

export interface NumberlinkSolveOptions extends CountOptions {
  /** Nodes for the corner sweep (`sweep.ts`) before the other stages (default SWEEP_NODES; 0 skips it). */
  sweepNodes?: number;
  /** Under strict, nodes for finding solutions near a no-2x2 one (default WINDOW_NODES; 0 skips it). */
  windowNodes?: number;
  /** Under strict, nodes for the frontier counter (`frontier.ts`) (default FRONTIER_NODES; 0 skips it). */
  frontierNodes?: number;
  /**
   * Under strict, the frontier stage is the plain-rule counter (`plain.ts`: deduction, then the frontier
   * counter on what it left open); false runs the frontier counter alone there (for comparisons).
   */
  plain?: boolean;
  /** Under strict, nodes for the split count (default SPLIT_NODES; 0 skips it). */
  splitNodes?: number;
  /** Search nodes before the clause-learning stage takes over (default 20,000; 0 goes straight to it). */
  dfsNodes?: number;
  /** Hand over to clause learning when the search has not finished within `dfsNodes` (default true). */
  cdcl?: boolean;
}

export const DFS_NODES_BEFORE_CDCL = 20_000;
/** The corner sweep's share before the general stages take over (it decides the public sets' puzzles in far fewer). */
export const SWEEP_NODES = 10_000_000;
/** The frontier counter's share under strict (its transitions; about five seconds) before the searches. */
export const FRONTIER_NODES = 16_000_000;
/** Under strict, the share of the split count (the sweep, then clause learning asking for a one-path block). */
export const SPLIT_NODES = 20_000_000;
/** Under strict, the share for a no-2x2 solution and strict windows around it (which find a second solution fast when there is one nearby). */
export const WINDOW_NODES = 2_000_000;
/** The short side from which the windows run before the frontier counter. */
export const WINDOWS_FROM = 13;

/**
 * Counts the puzzle's solutions under its rule set up to `limit` (default 2) within the budget. Under
 * `no-touch` and `no-2x2`, the corner sweep of `sweep.ts` counts first (exact for those rules); under
 * `strict`, windows around a no-2x2 covering (large boards), the frontier counter of `frontier.ts` and
 * the split count, each within its node share. Then the depth-first search; if it has not finished
 * within `dfsNodes` nodes, clause learning on the CNF
 * model (`cnf.ts`, the engine's own CDCL solver) counts from scratch, cutting loops as they appear and
 * blocking each solution found. Nodes are search nodes plus the CDCL solver's ticks. Every solution returned is
 * checked by the independent verifier.
 */
export function countSolutions(p: Numberlink, options: NumberlinkSolveOptions = {}): Verdict<Solution> {
  const { found, stop, meter } = hybrid(p, Math.max(2, options.limit ?? 2), options);
  return verdictFromCount(found, stop, { nodes: meter.nodes, ms: meter.elapsedMs() });
}

/**
 * Boards of more cells than this are found (strict and no-touch) by the corner sweep then the large
 * search of `large.ts`, not the path search and clause learning (whose CNF takes gigabytes from 50x50 on).
 * Every public set's board is smaller (40x20 at most), so their verdicts and figures stay as they were.
 */
export const LARGE_FROM_CELLS = 1024;

/**
 * Finds one solution (no uniqueness claim): the corner sweep first (under strict it looks for a no-2x2
 * covering, which satisfies strict too), then the same stages as counting; on boards above
 * LARGE_FROM_CELLS under strict or no-touch, the large search (`large.ts`) after the sweep instead.
 */
export function findSolution(p: Numberlink, options: Omit<NumberlinkSolveOptions, 'limit'> = {}): FindResult<Solution> {
  if (p.width * p.height > LARGE_FROM_CELLS && p.rule !== 'no-2x2') return findLargeBoard(p, options);
  const { found, stop, meter } = hybrid(p, 1, options);
  const stats = { nodes: meter.nodes, ms: meter.elapsedMs() };
  if (found.length > 0) return { kind: 'found', solution: found[0], stats };
  if (stop !== 'completed') return { kind: 'inconclusive', stop, stats };
  return { kind: 'none', stats };
}

/** On a large strict board, the corner sweep's share of the caller's nodes and time; the large search has the rest. */
export const LARGE_SWEEP_SHARE = 0.8;

/**
 * The corner sweep's conflict-set window on large boards, in 32-level words (the sweep's default is
 * 4). A diagonal of a 50-side board is 50 levels, so 4 words keep reasons exact over only two or three
 * diagonals and older ones widen to chronological backtracking. Measured on the eleven planted 50x50
 * boards at 30–45 pairs (no-2x2 sweep, 8 M nodes each): window 4 found 5, 8 found 7, 16 found 8 in
 * 0.2–6.3 M nodes (the same boards in 1.5–2x fewer nodes than window 4); 32 and 80 no better and slower
 * a node. Memory: 4·(window + 1) bytes a cell.
 */
export const LARGE_SWEEP_WINDOW = 16;

/**
 * The views of a large board whose corner sweeps run in turns (`corners.ts`): one from each corner.
 * Measured on the eleven planted 50x50 boards at 30–45 pairs (sweeps alone, CPU user s, loaded
 * machine): the top-left corner alone 10 of 11 within 60 M nodes; with the bottom-right in turns 11
 * in 10.1 s (worst 4.2 s); the four corners 11 in 9.7 s (worst 2.1 s); all eight views 11 in 12.9 s.
 */
export const LARGE_SWEEP_ORIENTATIONS: readonly Orientation[] = [0, 3, 5, 6];

/**
 * A large board: the corner sweep first, exact under no-touch (where it has the whole budget); under
 * strict it looks for a no-2x2 covering (one holds under strict too) within LARGE_SWEEP_SHARE of the
 * budget (`sweepNodes` caps its nodes), then the large search has what is left, which also decides
 * boards that have strict coverings only. Memory stays linear in the cells (no CNF).
 */
function findLargeBoard(p: Numberlink, options: Omit<NumberlinkSolveOptions, 'limit'>): FindResult<Solution> {
  const meter = new Meter(options.budget ?? {});
  const stats = () => ({ nodes: meter.nodes, ms: meter.elapsedMs() });
  const sweepNodes = options.sweepNodes ?? Infinity;
  if (sweepNodes > 0) {
    const left = meter.remaining();
    const share = p.rule === 'strict' ? LARGE_SWEEP_SHARE : 1;
    const sub: Budget = { ...left, maxNodes: Math.min(sweepNodes, left.maxNodes === undefined ? Infinity : Math.floor(left.maxNodes * share)) };
    if (left.deadlineMs !== undefined) sub.deadlineMs = left.deadlineMs * share;
    const r = sweepCorners(p, p.rule === 'strict' ? 'no-2x2' : p.rule, new Meter(sub), LARGE_SWEEP_ORIENTATIONS, LARGE_SWEEP_WINDOW);
    meter.tick(r.nodes);
    if (r.found) {
      verified(p, [r.found], 'completed', meter);
      return { kind: 'found', solution: r.found, stats: stats() };
    }
    if (r.stop === 'completed' && p.rule === 'no-touch') return { kind: 'none', stats: stats() };
    // Its own share spent, or no no-2x2 covering: the large search goes on unless the caller's budget is spent.
    if (r.stop === 'cancelled' || r.stop === 'memory-limit') return { kind: 'inconclusive', stop: r.stop, stats: stats() };
    if (!meter.check() || !nodesLeft(meter)) return { kind: 'inconclusive', stop: meter.stopped ?? 'node-limit', stats: stats() };
  }
  const r = findLarge(p, meter.remaining());
  meter.tick(r.stats.nodes);
  return { ...r, stats: stats() };
}

function hybrid(p: Numberlink, limit: number, options: NumberlinkSolveOptions): { found: Solution[]; stop: StopReason; meter: Meter } {
  const meter = new Meter(options.budget ?? {});
  /** A stage's meter: `share` nodes of what is left, the caller's deadline and signal. */
  const share = (nodes: number): Meter => new Meter({ ...meter.remaining(), maxNodes: Math.min(nodes, meter.remaining().maxNodes ?? Infinity) });
  /** After a stage that decided nothing: why to stop now (the caller's budget is spent), or null to go on. */
  const spent = (): StopReason | null => (!meter.check() ? (meter.stopped ?? 'deadline') : nodesLeft(meter) ? null : 'node-limit');
  const strictCount = p.rule === 'strict' && limit >= 2;
  // Stage 0, the corner sweep: exact under no-touch and no-2x2; and since a no-2x2 covering satisfies
  // strict too, any solution it finds is one under every rule set (enough when looking for one).
  const sweepNodes = options.sweepNodes ?? SWEEP_NODES;
  if (sweepNodes > 0 && !strictCount) {
    const sweep = new CornerSweep(p, p.rule === 'strict' ? 'no-2x2' : p.rule);
    const r = sweep.run(limit, share(sweepNodes));
    meter.tick(sweep.stats.nodes);
    if (r.stop === 'completed' && (p.rule !== 'strict' || r.found.length > 0)) return verified(p, r.found, 'completed', meter);
    // Otherwise (no no-2x2 covering, or the sweep's share spent) the general stages decide.
    const why = r.stop !== 'completed' && r.stop !== 'node-limit' ? r.stop : spent();
    if (why) return { found: [], stop: why, meter };
  }
  // Under strict, the plain-rule counter (`plain.ts`) is the frontier stage: deduction, the frontier
  // counter restricted to the links it settled (branching on links where that pays) and, on boards of
  // short side WINDOWS_FROM or more, windows around a no-2x2 covering first; within the frontier's share.
  const frontierNodes = options.frontierNodes ?? FRONTIER_NODES;
  const plain = options.plain !== false;
  if (strictCount && frontierNodes > 0 && plain) {
    const v = plainCount(p, { limit, budget: share(frontierNodes).remaining(), windows: (options.windowNodes ?? WINDOW_NODES) > 0 });
    meter.tick(v.stats.nodes);
    if (v.kind !== 'inconclusive') return verified(p, v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : [], 'completed', meter);
    const why = v.stop === 'cancelled' ? v.stop : spent();
    if (why) return { found: [], stop: why, meter };
  }
  // Stage 1 under strict, on boards whose short side is WINDOWS_FROM or more (on smaller ones the
  // frontier counter alone is quick): most puzzles made for the stronger rules have several strict
  // solutions, found near a no-2x2 one: the corner sweep finds one fast, and strict counts in windows
  // around it (every link outside a window fixed to it) find others. Only `multiple` is answered here.
  const windowNodes = options.windowNodes ?? WINDOW_NODES;
  if (strictCount && (frontierNodes === 0 || !plain) && windowNodes > 0 && Math.min(p.width, p.height) >= WINDOWS_FROM) {
    const sub = share(windowNodes);
    const r = new CornerSweep(p, 'no-2x2').run(1, sub);
    const found = r.found.length > 0 && sub.check() ? strictWindows(p, r.found[0], limit, 8_000_000, sub) : [];
    meter.tick(sub.nodes);
    if (found.length >= limit) return verified(p, found.slice(0, limit), 'completed', meter);
    const why = spent();
    if (why) return { found: [], stop: why, meter };
  }
  // Stage 2 under strict: the exact frontier counter, a dynamic programme that merges equal frontiers
  // (it decides puzzles the searches find too open), within its node share.
  if (strictCount && frontierNodes > 0 && !plain) {
    const v = frontierCount(p, { limit, budget: share(frontierNodes).remaining() });
    meter.tick(v.stats.nodes);
    if (v.kind !== 'inconclusive') return verified(p, v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : [], 'completed', meter);
    const why = spent();
    if (why) return { found: [], stop: why, meter };
  }
  // Stage 3 under strict: the split count (no-2x2 coverings + coverings with a one-path block).
  const splitNodes = options.splitNodes ?? SPLIT_NODES;
  if (strictCount && splitNodes > 0) {
    const sub = share(splitNodes);
    const found = splitCount(p, limit, sub);
    meter.tick(sub.nodes);
    if (found) return verified(p, found, 'completed', meter);
    const why = spent();
    if (why) return { found: [], stop: why, meter };
  }
  const useCdcl = options.cdcl ?? true;
  const dfsNodes = useCdcl ? (options.dfsNodes ?? DFS_NODES_BEFORE_CDCL) : Infinity;
  const search = new NumberlinkSearch(p);
  let found: Solution[] = [];
  let stop: StopReason = 'completed';
  if (dfsNodes > 0) {
    const r = search.run(limit, share(dfsNodes));
    meter.tick(search.stats.nodes);
    found = r.found;
    stop = r.stop;
  }
  if (!nodesLeft(meter)) return verified(p, found, stop === 'completed' ? stop : 'node-limit', meter);
  if (useCdcl && (dfsNodes === 0 || (stop === 'node-limit' && found.length < limit && meter.check()))) {
    const c = cdclCount(p, limit, meter);
    found = c.found;
    stop = c.stop;
  }
  return verified(p, found, stop, meter);
}

/**
 * Adds to the CNF: some 2x2 block of cells belongs to one pair (so to one path). A variable per block
 * and pair implies the block's four cells are that pair's; one clause asks for one of them.
 */
function requireOnePathBlock(p: Numberlink, cnf: NumberlinkCnf): void {
  const K = p.pairs.length;
  const w = p.width;
  const some: number[] = [];
  for (let r = 0; r + 1 < p.height; r++) {
    for (let c = 0; c + 1 < w; c++) {
      for (let k = 0; k < K; k++) {
        const y = ++cnf.numVars;
        some.push(y);
        for (const cell of [r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1]) cnf.clauses.push([-y, 1 + cell * K + k]);
      }
    }
  }
  cnf.clauses.push(some);
}

/**
 * Strict counting split in two disjoint parts: the coverings with no 2x2 block of one path (exactly the
 * no-2x2 ones, counted by the corner sweep) and those with one (clause learning on the CNF that asks
 * for such a block). Null when either part ran out of budget.
 */
function splitCount(p: Numberlink, limit: number, meter: Meter): Solution[] | null {
  const sweep = new CornerSweep(p, 'no-2x2');
  const r = sweep.run(limit, meter);
  if (r.stop !== 'completed') return null;
  if (r.found.length >= limit) return r.found;
  const c = cdclCount(p, limit - r.found.length, meter, true, r.found[0]);
  if (c.stop !== 'completed') return null;
  return [...r.found, ...c.found];
}

/** Whether the caller's node budget has any nodes left (a stage stopping at its own cap leaves some). */
const nodesLeft = (meter: Meter): boolean => (meter.remaining().maxNodes ?? 1) > 0;

function verified(p: Numberlink, found: Solution[], stop: StopReason, meter: Meter): { found: Solution[]; stop: StopReason; meter: Meter } {
  for (const s of found) {
    const v = verifySolution(p, s);
    if (!v.ok) throw new Error(`numberlink solver returned a grid that does not verify (solver bug): ${v.reason}`);
  }
  return { found, stop, meter };
}

/** Clause learning on the CNF model: solve, cut the loops of a model or block its solution, repeat. */
function cdclCount(p: Numberlink, limit: number, meter: Meter, withBlock = false, near?: Solution): { found: Solution[]; stop: StopReason } {
  // Its size is known before it is built: refuse it (memory-limit) rather than build too much.
  if (!meter.check() || !meter.holds(numberlinkCnfLiterals(p))) return { found: [], stop: meter.stopped ?? 'deadline' };
  const cnf = encodeNumberlink(p, meter);
  if (meter.stopped !== null) return { found: [], stop: meter.stopped };
  if (withBlock) requireOnePathBlock(p, cnf);
  const solver = new CdclSolver(cnf.numVars);
  const found: Solution[] = [];
  for (const c of cnf.clauses) {
    if (!solver.addClause(c)) return { found, stop: 'completed' };
  }
  // Links off first: a path is the exception among a cell's possible links. With `near`, its links
  // first (a search near a known covering; phases only order the search).
  cnf.edgeVar.forEach((v, t) => {
    const [a, , d] = cnf.edges[t];
    solver.setPhase(v, near ? (near[a] & d) !== 0 : false);
  });
  for (;;) {
    const status = solver.solve(meter);
    if (status === 'stopped') return { found, stop: meter.stopped ?? 'deadline' };
    if (status === 'unsat') return { found, stop: 'completed' };
    const step = interpretModel(p, cnf, solver.modelTrue());
    let ok = true;
    if ('cuts' in step) {
      for (const cut of step.cuts) ok = solver.addClause(cut) && ok;
    } else {
      found.push(step.solution);
      if (found.length >= limit) return { found, stop: 'completed' };
      ok = solver.addClause(step.block);
    }
    if (!ok) return { found, stop: 'completed' };
  }
}
