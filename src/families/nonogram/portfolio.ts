/**
 * The branching stage of the nonogram solver: line propagation, probing and depth-first branching
 * (`Searcher`), run as a portfolio of heuristics interleaved by node counts (`portfolioSearch`).
 * solver.ts adds the clause-learning stage on top of it (`hybridSearch`); generator v1's certificates
 * count with this stage alone (`countByBranching`), so this module is pinned for v1
 * (generate/pins.json): before it changes behaviour, freeze its text for v1 (see generate/versions.ts).
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../../core/verdict.ts';
import { Board } from './board.ts';
import { verifySolution } from './puzzle.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

/** The solver's options; `cdcl`, `beliefPhases` and `dfsNodes` are read by solver.ts's `hybridSearch` only. */
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

/**
 * The branching stage of a count: the portfolio under the caller's budget, whose node limit is exact,
 * with the stage's share `stageNodes` of it (Infinity: all of it) checked between search steps.
 */
export function branchingStage(p: Nonogram, opts: SolveOptions & { limit: number }, stageNodes: number): ReturnType<typeof portfolioSearch> {
  const callerMax = opts.budget?.maxNodes ?? Infinity;
  return portfolioSearch(p, {
    ...opts,
    budget: {
      maxNodes: callerMax === Infinity ? undefined : callerMax,
      deadlineMs: opts.budget?.deadlineMs,
      signal: opts.budget?.signal,
      maxStates: opts.budget?.maxStates,
    },
    stageNodes: stageNodes === Infinity ? undefined : stageNodes,
  });
}

/**
 * Counts solutions up to `limit` (default 2, at least 2) with the branching stage alone, in all of the
 * caller's node limit: the same verdict as solver.ts's `countSolutions` with `cdcl: false`. Generator
 * v1's certificates count so, with `GENERATOR_V1_COUNT` (ladder.ts).
 */
export function countByBranching(p: Nonogram, opts: SolveOptions = {}): Verdict<Solution> {
  const meter = new Meter(opts.budget);
  const limit = Math.max(2, opts.limit ?? 2);
  const dfs = branchingStage(p, { ...opts, limit }, opts.budget?.maxNodes ?? Infinity);
  return verdictFromCount(dfs.found.slice(0, limit), dfs.stop, { nodes: dfs.stats.nodes, ms: meter.elapsedMs() });
}
