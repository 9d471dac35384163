import { Meter, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type FindResult, type StopReason, type Verdict } from '../../core/verdict.ts';
import { CdclSolver } from '../../core/sat.ts';
import { Board } from './board.ts';
import { verifySolution } from './puzzle.ts';
import { cellBeliefs, startExclusions, startPhases } from './belief.ts';
import { blockingClause, encodeCnf, modelToGrid } from './cnf.ts';
import { swapNeighbour } from './neighbour.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

export interface SolveOptions {
  /** Count solutions up to this many; 2 decides uniqueness. Default 2. */
  limit?: number;
  budget?: Budget;
  /** Probe cells for contradictions before branching (default true). */
  probing?: boolean;
  /**
   * Which cell to branch on, among the probed ones: `propagation` takes the cell whose two trials fix
   * the most cells; `border` takes cells nearest the edge first (ties by propagation). Each is much
   * faster than the other on some puzzles; `countSolutions` runs both as a portfolio.
   */
  heuristic?: Heuristic;
  /**
   * Hand the search over to clause learning (CDCL on the CNF of the root-probed grid) when branching
   * has not finished after `dfsNodes` nodes (default true). Branching with probing is fastest on most
   * puzzles; learned clauses win, by orders of magnitude, on the few where it goes exponential.
   */
  cdcl?: boolean;
  /**
   * Phase hints for the CDCL stage from belief propagation between rows and columns (default true):
   * every decision on a cell or block-start variable tries the value the beliefs favour first. Found
   * this way, the first solution of puzzles such as Knotty takes milliseconds instead of minutes.
   */
  beliefPhases?: boolean;
  /**
   * The node limit is exact (default true): no search step runs past `budget.maxNodes`. False checks
   * the portfolio's limit between search steps only (a step may overshoot by one probing to fixpoint),
   * the node accounting generator v1 was pinned with; deadline and cancellation are exact either way.
   */
  exactNodes?: boolean;
  /**
   * A stage's share of nodes, checked between search steps only (a step may pass it by one probing
   * to fixpoint), under the exact `budget.maxNodes`: how `hybridSearch` gives the branching stage
   * `dfsNodes` and lets its root probing finish, as before the limit was exact.
   */
  stageNodes?: number;
  /** Nodes of branching search before the CDCL stage (default DFS_NODES_BEFORE_CDCL). */
  dfsNodes?: number;
  /**
   * The portfolio's heuristics start from one shared root, propagated and probed once (default true).
   * False probes the root once per heuristic: the node accounting generator v1 was pinned with.
   */
  shareRoot?: boolean;
}

export const HEURISTICS = ['propagation', 'border'] as const;
export type Heuristic = (typeof HEURISTICS)[number];

export interface SearchStats {
  /** Propagations run (initial, probes and branches): the unit the node budget counts. */
  nodes: number;
  branches: number;
  probes: number;
  maxDepth: number;
  lineSolves: number;
}

/** Outcome of probing a grid. */
const CONTRADICTION = -2;
const COMPLETE = -1;
const BOTH_FILLED_FIRST = [FILLED, EMPTY] as const;
const BOTH_EMPTY_FIRST = [EMPTY, FILLED] as const;

/**
 * Counts solutions up to a limit with line propagation, probing and branching, under a budget.
 * Budget units: one node per propagation (so a node limit bounds work and is machine-independent).
 */
export class Searcher {
  readonly board: Board;
  readonly meter: Meter;
  readonly stats: SearchStats = { nodes: 0, branches: 0, probes: 0, maxDepth: 0, lineSolves: 0 };
  private readonly found: Solution[] = [];
  private readonly limit: number;
  private readonly probing: boolean;
  private readonly border: boolean;
  private halted = false;
  private g1: Uint8Array;
  private g0: Uint8Array;
  private seed = new Int32Array(1);
  private changedCells: Int32Array;
  /** The grid after propagation and probing at the root, once reached (null before, or if contradictory). */
  rootGrid: Uint8Array | null = null;
  /** Value to try first at the branch cell chosen by the last probe. */
  private bestFirst: number = FILLED;

  constructor(p: Nonogram, opts: SolveOptions = {}) {
    this.board = new Board(p);
    this.meter = new Meter(opts.budget);
    this.board.meter = this.meter;
    this.limit = Math.max(1, opts.limit ?? 2);
    this.probing = opts.probing ?? true;
    this.border = opts.heuristic === 'border';
    this.g1 = this.board.newGrid();
    this.g0 = this.board.newGrid();
    this.changedCells = new Int32Array(this.board.size);
  }

  /** Runs the search; `stop` is 'completed' when the space was exhausted or the limit reached. */
  run(): { found: Solution[]; stop: StopReason } {
    while (!this.step(Infinity));
    return { found: this.found, stop: this.meter.stopped ?? 'completed' };
  }

  private walk: Generator<void, void, void> | null = null;
  private done = false;

  /**
   * Advances the search until `nodes` more nodes are spent or it ends; returns true once it has ended
   * (space exhausted, limit reached or budget stopped). Searches can so be interleaved.
   */
  step(nodes: number): boolean {
    if (this.done) return true;
    if (this.walk === null) this.walk = this.root();
    const target = this.meter.nodes + nodes;
    while (this.meter.nodes < target) {
      if (this.walk.next().done) {
        this.done = true;
        break;
      }
    }
    this.stats.nodes = this.meter.nodes;
    this.stats.lineSolves = this.board.lineSolves;
    return this.done;
  }

  /** Solutions found so far. */
  get solutions(): readonly Solution[] {
    return this.found;
  }

  private start: Uint8Array | null = null;

  /**
   * Starts the search from a grid already propagated and probed at the root by another searcher of
   * the same puzzle (before the first `step`). Its root probe then only scores the branching cells.
   */
  startFrom(rootGrid: Uint8Array): void {
    if (this.walk !== null) throw new Error('Searcher.startFrom: the search has already started');
    this.start = rootGrid.slice();
  }

  private *root(): Generator<void, void, void> {
    if (this.start !== null) {
      if (this.tick()) yield* this.dfs(this.start, 0, null);
      return;
    }
    const grid = this.board.newGrid();
    if (this.tick() && this.propagate(grid, null)) yield* this.dfs(grid, 0, null);
  }

  private tick(): boolean {
    if (this.halted) return false;
    if (!this.meter.tick()) {
      this.halted = true;
      return false;
    }
    return true;
  }

  /**
   * Reports `units` of work outside line solves (copies and scans of the grid); false once the
   * budget ran out.
   */
  private work(units: number): boolean {
    if (this.halted) return false;
    if (!this.meter.work(units)) {
      this.halted = true;
      return false;
    }
    return true;
  }

  /** Board propagation; false on a contradiction or (then `halted` is set) when the budget ran out. */
  private propagate(grid: Uint8Array, seeds: ArrayLike<number> | null, touched?: Uint8Array): boolean {
    if (this.board.propagate(grid, seeds, touched)) return true;
    if (this.meter.stopped !== null) this.halted = true;
    return false;
  }

  private record(grid: Uint8Array): void {
    const sol = this.board.toSolution(grid);
    const check = verifySolution(this.board.puzzle, sol);
    if (!check.ok) throw new Error(`nonogram solver produced an invalid solution: ${check.reason}`);
    this.found.push(sol);
    if (this.found.length >= this.limit) this.halted = true;
  }

  /** Propagates `value` at `cell` in a copy; returns false on contradiction. */
  private trial(grid: Uint8Array, out: Uint8Array, cell: number, value: number): boolean {
    out.set(grid);
    out[cell] = value;
    this.seed[0] = cell;
    return this.propagate(out, this.seed);
  }

  /**
   * Probing: tries both values of unknown cells; a contradiction fixes the other value, and cells
   * equal in both outcomes are fixed. Repeats to a fixpoint. Only cells on `active` lines are probed
   * (all when null): after a branch, the lines its propagation changed; after a probing pass, the lines
   * that pass changed. Skipping a probe is sound (it only weakens inference). Returns CONTRADICTION,
   * COMPLETE, or the cell to branch on (the probed cell whose two trials fix the most cells).
   */
  probe(grid: Uint8Array, active: Uint8Array | null): number {
    const { board, g1, g0 } = this;
    const W = board.width;
    const H = board.height;
    let act = active;
    const changedCells = this.changedCells;
    for (;;) {
      let changed = false;
      let best = -1;
      let bestScore = -1;
      const next = new Uint8Array(board.nLines);
      for (let c = 0; c < board.size; c++) {
        if (grid[c] !== UNKNOWN) continue;
        const r = (c / W) | 0;
        const col = c - r * W;
        if (act !== null && act[r] === 0 && act[H + col] === 0) continue;
        if (!this.tick()) return CONTRADICTION;
        this.stats.probes++;
        const ok1 = this.trial(grid, g1, c, FILLED);
        if (!this.tick()) return CONTRADICTION;
        const ok0 = this.trial(grid, g0, c, EMPTY);
        // A trial stopped by the budget is no contradiction: give up before reading it as one.
        if (this.halted || !this.work(board.size)) return CONTRADICTION;
        if (!ok1 && !ok0) return CONTRADICTION;
        if (!ok1 || !ok0) {
          // One value is impossible: adopt the other trial's grid (grid plus its forced cells).
          const src = ok1 ? g1 : g0;
          for (let i = 0; i < board.size; i++) {
            if (grid[i] !== src[i]) {
              const rr = (i / W) | 0;
              next[rr] = 1;
              next[H + i - rr * W] = 1;
            }
          }
          grid.set(src);
          changed = true;
          continue;
        }
        let fixed1 = 0;
        let fixed0 = 0;
        let common = 0;
        for (let i = 0; i < board.size; i++) {
          if (grid[i] !== UNKNOWN) continue;
          const a = g1[i];
          const b = g0[i];
          if (a !== UNKNOWN) fixed1++;
          if (b !== UNKNOWN) fixed0++;
          if (a !== UNKNOWN && a === b) {
            grid[i] = a;
            changedCells[common++] = i;
          }
        }
        if (common > 0) {
          changed = true;
          if (!this.tick() || !this.propagate(grid, changedCells.subarray(0, common), next)) return CONTRADICTION;
          for (let k = 0; k < common; k++) {
            const i = changedCells[k];
            const rr = (i / W) | 0;
            next[rr] = 1;
            next[H + i - rr * W] = 1;
          }
          continue;
        }
        let score = (fixed1 + 1) * (fixed0 + 1);
        if (this.border) score -= Math.min(r, col, H - 1 - r, W - 1 - col) * 1e9;
        if (score > bestScore) {
          bestScore = score;
          best = c;
          // Try first the value whose trial fixed more cells: it is nearer a solution.
          this.bestFirst = fixed1 >= fixed0 ? FILLED : EMPTY;
        }
      }
      if (!changed) return best >= 0 ? best : this.firstUnknown(grid);
      act = next;
    }
  }

  private firstUnknown(grid: Uint8Array): number {
    for (let c = 0; c < grid.length; c++) if (grid[c] === UNKNOWN) return c;
    return COMPLETE;
  }

  private *dfs(grid: Uint8Array, depth: number, active: Uint8Array | null): Generator<void, void, void> {
    if (depth > this.stats.maxDepth) this.stats.maxDepth = depth;
    let cell = this.firstUnknown(grid);
    if (cell !== COMPLETE && this.probing) {
      cell = this.probe(grid, active);
      if (cell === CONTRADICTION || this.halted) return;
    }
    if (depth === 0) this.rootGrid = grid.slice();
    yield;
    if (cell === COMPLETE) {
      this.record(grid);
      return;
    }
    const first = this.probing ? this.bestFirst : FILLED;
    for (const value of first === FILLED ? BOTH_FILLED_FIRST : BOTH_EMPTY_FIRST) {
      if (this.halted || !this.tick()) return;
      this.stats.branches++;
      const child = new Uint8Array(grid);
      child[cell] = value;
      this.seed[0] = cell;
      const touched = new Uint8Array(this.board.nLines);
      touched[(cell / this.board.width) | 0] = 1;
      touched[this.board.height + (cell % this.board.width)] = 1;
      if (this.propagate(child, this.seed, touched)) yield* this.dfs(child, depth + 1, touched);
    }
  }
}

/** Interleaving of the portfolio: nodes per turn of each heuristic (propagation gets three turns in four). */
export const PORTFOLIO_SLICE: Record<Heuristic, number> = { propagation: 3000, border: 1000 };

/**
 * Runs one complete search per heuristic, interleaved by node counts, until one of them completes,
 * `limit` distinct solutions are in hand, or the caller's budget runs out. A completed search is a
 * full proof; solutions found by the others are real and are kept. The outcome depends on node counts
 * only (the same on every machine), unless a deadline or cancellation stops it.
 */
export function portfolioSearch(
  p: Nonogram,
  opts: SolveOptions & { limit: number },
): { found: Solution[]; stop: StopReason; stats: SearchStats & { ms: number }; rootGrid: Uint8Array | null } {
  const meter = new Meter(opts.budget);
  const inner = { deadlineMs: opts.budget?.deadlineMs, signal: opts.budget?.signal };
  const heuristics: Heuristic[] = opts.heuristic ? [opts.heuristic] : [...HEURISTICS];
  const searchers = heuristics.map((heuristic) => new Searcher(p, { ...opts, heuristic, budget: inner }));
  // With a shared root, the other heuristics wait for the first one's probed root grid.
  const waiting = searchers.map((_, i) => i > 0 && (opts.shareRoot ?? true));
  const found: Solution[] = [];
  const keys = new Set<string>();
  const hardMax = opts.budget?.maxNodes ?? Infinity;
  const maxNodes = Math.min(hardMax, opts.stageNodes ?? Infinity);
  const exact = opts.exactNodes ?? true;
  let spent = 0;
  let stop: StopReason | null = null;
  outer: for (;;) {
    for (let i = 0; i < searchers.length; i++) {
      const s = searchers[i];
      if (waiting[i]) {
        const root = searchers[0].rootGrid;
        if (root === null) continue;
        s.startFrom(root);
        waiting[i] = false;
      }
      const before = s.meter.nodes;
      // Exact: this searcher may spend what the portfolio has left, and no more.
      if (exact) s.meter.limitNodes(before + (hardMax - spent));
      const slice = Math.min(PORTFOLIO_SLICE[heuristics[i]], Math.max(1, maxNodes - spent));
      const ended = s.step(searchers.length === 1 ? Math.min(maxNodes - spent + 1, Infinity) : slice);
      spent += s.meter.nodes - before;
      for (const sol of s.solutions) {
        const key = sol.join('');
        if (!keys.has(key)) {
          keys.add(key);
          found.push(sol);
        }
      }
      if (found.length >= opts.limit) {
        stop = 'completed';
        break outer;
      }
      if (ended) {
        stop = s.meter.stopped ?? 'completed';
        break outer;
      }
      if (spent > maxNodes) {
        stop = 'node-limit';
        break outer;
      }
    }
  }
  const stats = { nodes: spent, branches: 0, probes: 0, maxDepth: 0, lineSolves: 0, ms: meter.elapsedMs() };
  for (const s of searchers) {
    stats.branches += s.stats.branches;
    stats.probes += s.stats.probes;
    stats.lineSolves += s.stats.lineSolves;
    stats.maxDepth = Math.max(stats.maxDepth, s.stats.maxDepth);
  }
  const rootGrid = searchers.find((s) => s.rootGrid !== null)?.rootGrid ?? null;
  return { found: found.slice(0, Math.max(opts.limit, 2)), stop, stats, rootGrid };
}

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
  const dfs = portfolioSearch(p, {
    ...opts,
    budget: {
      maxNodes: callerMax === Infinity ? undefined : callerMax,
      deadlineMs: opts.budget?.deadlineMs,
      signal: opts.budget?.signal,
      maxStates: opts.budget?.maxStates,
    },
    stageNodes: dfsCap === Infinity ? undefined : dfsCap,
  });
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
