import { Meter, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type FindResult, type StopReason, type Verdict } from '../../core/verdict.ts';
import { Board } from './board.ts';
import { verifySolution } from './clues.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

export interface SolveOptions {
  /** Count solutions up to this many; 2 decides uniqueness. Default 2. */
  limit?: number;
  budget?: Budget;
  /** Probe cells for contradictions before branching (default true). */
  probing?: boolean;
}

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
  private halted = false;
  private g1: Uint8Array;
  private g0: Uint8Array;
  private seed = new Int32Array(1);

  constructor(p: Nonogram, opts: SolveOptions = {}) {
    this.board = new Board(p);
    this.meter = new Meter(opts.budget);
    this.limit = Math.max(1, opts.limit ?? 2);
    this.probing = opts.probing ?? true;
    this.g1 = this.board.newGrid();
    this.g0 = this.board.newGrid();
  }

  /** Runs the search; `stop` is 'completed' when the space was exhausted or the limit reached. */
  run(): { found: Solution[]; stop: StopReason } {
    const grid = this.board.newGrid();
    if (this.tick() && this.board.propagate(grid, null)) this.dfs(grid, 0);
    this.stats.nodes = this.meter.nodes;
    this.stats.lineSolves = this.board.lineSolves;
    return { found: this.found, stop: this.meter.stopped ?? 'completed' };
  }

  private tick(): boolean {
    if (this.halted) return false;
    if (!this.meter.tick()) {
      this.halted = true;
      return false;
    }
    return true;
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
    return this.board.propagate(out, this.seed);
  }

  /**
   * Probing: tries both values of each unknown cell; a contradiction fixes the other value, and cells
   * equal in both outcomes are fixed. Repeats to a fixpoint. Returns CONTRADICTION, COMPLETE, or the
   * cell to branch on (the one whose two trials fix the most cells).
   */
  probe(grid: Uint8Array): number {
    const { board, g1, g0 } = this;
    for (;;) {
      let changed = false;
      let best = COMPLETE;
      let bestScore = -1;
      for (let c = 0; c < board.size; c++) {
        if (grid[c] !== UNKNOWN) continue;
        if (!this.tick()) return CONTRADICTION;
        this.stats.probes++;
        const ok1 = this.trial(grid, g1, c, FILLED);
        if (!this.tick()) return CONTRADICTION;
        const ok0 = this.trial(grid, g0, c, EMPTY);
        if (!ok1 && !ok0) return CONTRADICTION;
        if (!ok1 || !ok0) {
          // One value is impossible: adopt the other trial's grid wholesale (it is grid + forced cells).
          grid.set(ok1 ? g1 : g0);
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
            common++;
          }
        }
        if (common > 0) {
          changed = true;
          if (!this.tick() || !board.propagate(grid, null)) return CONTRADICTION;
          continue;
        }
        const score = (fixed1 + 1) * (fixed0 + 1);
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      }
      if (!changed) return best;
    }
  }

  private firstUnknown(grid: Uint8Array): number {
    for (let c = 0; c < grid.length; c++) if (grid[c] === UNKNOWN) return c;
    return COMPLETE;
  }

  private dfs(grid: Uint8Array, depth: number): void {
    if (depth > this.stats.maxDepth) this.stats.maxDepth = depth;
    let cell = this.firstUnknown(grid);
    if (cell !== COMPLETE && this.probing) {
      cell = this.probe(grid);
      if (cell === CONTRADICTION || this.halted) return;
    }
    if (cell === COMPLETE) {
      this.record(grid);
      return;
    }
    for (const value of [FILLED, EMPTY]) {
      if (this.halted || !this.tick()) return;
      this.stats.branches++;
      const child = new Uint8Array(grid);
      child[cell] = value;
      this.seed[0] = cell;
      if (this.board.propagate(child, this.seed)) this.dfs(child, depth + 1);
    }
  }
}

/**
 * Counts solutions of a nonogram up to `limit` (default 2, at least 2) under a budget: `unique`,
 * `multiple` (with two verified witnesses), `none`, or `inconclusive` when the budget ran out.
 */
export function countSolutions(p: Nonogram, opts: SolveOptions = {}): Verdict<Solution> {
  const s = new Searcher(p, { ...opts, limit: Math.max(2, opts.limit ?? 2) });
  const { found, stop } = s.run();
  return verdictFromCount(found, stop, s.meter.stats());
}

/** Finds one solution; says nothing about uniqueness. */
export function findSolution(p: Nonogram, opts: Omit<SolveOptions, 'limit'> = {}): FindResult<Solution> {
  const s = new Searcher(p, { ...opts, limit: 1 });
  const { found, stop } = s.run();
  const stats = s.meter.stats();
  if (found.length > 0) return { kind: 'found', solution: found[0], stats };
  if (stop !== 'completed') return { kind: 'inconclusive', stop, stats };
  return { kind: 'none', stats };
}
