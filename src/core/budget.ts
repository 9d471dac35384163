import type { BudgetStop } from './verdict.ts';

/** Anything with an `aborted` flag: an AbortSignal in browsers and Node alike. */
export interface AbortLike {
  readonly aborted: boolean;
}

/** A search budget, as plain data. Every limit is optional; an empty budget never stops. */
export interface Budget {
  /** Stop after this many nodes (search nodes, as each solver defines and documents them). */
  maxNodes?: number;
  /** Stop after this many milliseconds from the meter's creation. */
  deadlineMs?: number;
  /** Stop as soon as this signal is aborted. */
  signal?: AbortLike;
  /**
   * Stop (`memory-limit`) once a solver's growing tables would hold more than this many states (DP
   * states, learned-clause literals, stored search states: each solver documents its unit). Default
   * DEFAULT_MAX_STATES, generous enough that no current result changes.
   */
  maxStates?: number;
}

/**
 * The default state cap: about 2^26 entries, a few hundred MB to 1–2 GB at the solvers' entry sizes.
 * A budget bounds memory as well as time; set `maxStates` lower to bound it tighter.
 */
export const DEFAULT_MAX_STATES = 1 << 26;

interface Clock {
  now(): number;
}

/**
 * The one place in the engine that reads the clock or the abort signal. Generation decisions must
 * never depend on it (a deadline may stop a search, never change which puzzle comes out).
 */
function systemClock(): Clock {
  const perf = (globalThis as { performance?: Clock }).performance;
  if (perf && typeof perf.now === 'function') return perf;
  return { now: () => 0 };
}

/**
 * How the clock and the signal are read: by elapsed *work*, not every N nodes. Solvers report work
 * in units of nominally 10 ns (`Meter.work`: e.g. a nonogram line solve reports 4 per cell plus 8 per
 * 32-cell word and block, measured at 7–60 ns a unit); a node with no finer report counts
 * WORK_PER_NODE. The meter reads the clock once WORK_PER_CHECK units have passed since the last read
 * (one read per 64 bare nodes, as before), so about every 0.5–4 ms of work whatever a node costs;
 * the first report of a meter reads it at once (an aborted signal is seen before any work).
 *
 * Slack: a deadline or cancellation is noticed at the first check after it, and the search returns
 * from there: the overshoot is at most one check interval plus the work between two reports (one
 * line solve in the nonogram solvers, one node in Numberlink's path search, one cell of its CNF
 * encoding), within max(20 ms, 10 %) of the deadline plus that one report's work (a scalar line solve
 * of a 1000-cell line with 500 blocks, the nonogram grader's rung 1, is the largest: 25–70 ms).
 * A node limit is exact for count, solve and grade: a search runs at most `maxNodes` nodes (the
 * refused node is counted, so `stats.nodes` may read `maxNodes + 1`); a node may be big (one nonogram
 * search node is a propagation to fixpoint: seconds on 1000×1000, so bound time with a deadline; the
 * nonogram grader spends one per line solve of its line logic). `generate` reads its caller's node limit between
 * two candidates' certificates (it may pass it by one certificate), and nonogram generator v1's
 * certificates keep their pinned accounting (`SolveOptions.exactNodes`).
 */
export const WORK_PER_CHECK = 1 << 16;
/** The work one bare `tick` stands for. */
export const WORK_PER_NODE = WORK_PER_CHECK / 64;

export class Meter {
  readonly budget: Budget;
  nodes = 0;
  /** Set once the budget is exhausted; stays set. */
  stopped: BudgetStop | null = null;
  private readonly clock: Clock;
  private readonly start: number;
  /** Work since the last read of the clock; the first report reads it at once. */
  private pending = WORK_PER_CHECK;
  private readonly maxStates: number;
  private nodeLimit: number;

  constructor(budget: Budget = {}, clock: Clock = systemClock()) {
    this.budget = budget;
    this.clock = clock;
    this.start = clock.now();
    this.maxStates = budget.maxStates ?? DEFAULT_MAX_STATES;
    this.nodeLimit = budget.maxNodes ?? Infinity;
  }

  /**
   * Lowers the node limit to `max` (never raises it above the budget's): how a caller sharing a node
   * budget between several meters keeps the total exact.
   */
  limitNodes(max: number): void {
    this.nodeLimit = Math.min(max, this.budget.maxNodes ?? Infinity);
  }

  /** Counts `n` nodes; returns false once any limit is exceeded. */
  tick(n = 1): boolean {
    if (this.stopped) return false;
    this.nodes += n;
    if (this.nodes > this.nodeLimit) {
      this.stopped = 'node-limit';
      return false;
    }
    return this.work(n * WORK_PER_NODE);
  }

  /**
   * Reports `units` of work done inside a node (see WORK_PER_CHECK); reads the clock and the signal
   * once enough work has passed since the last read. Returns false once the budget is exhausted: the
   * caller abandons what it is doing (its partial result must not be read as a deduction).
   */
  work(units: number): boolean {
    if (this.stopped) return false;
    this.pending += units;
    if (this.pending >= WORK_PER_CHECK) {
      this.pending = 0;
      return this.check();
    }
    return true;
  }

  /**
   * Says a solver's tables now hold `states` states (its documented unit); returns false, stopping
   * with `memory-limit`, when that exceeds the budget's `maxStates`.
   */
  holds(states: number): boolean {
    if (this.stopped) return false;
    if (states > this.maxStates) {
      this.stopped = 'memory-limit';
      return false;
    }
    return true;
  }

  /** Reads the clock and the signal now; returns false once exhausted. */
  check(): boolean {
    if (this.stopped) return false;
    if (this.budget.signal?.aborted) {
      this.stopped = 'cancelled';
      return false;
    }
    const dl = this.budget.deadlineMs;
    if (dl !== undefined && this.clock.now() - this.start >= dl) {
      this.stopped = 'deadline';
      return false;
    }
    return true;
  }

  elapsedMs(): number {
    return Math.round((this.clock.now() - this.start) * 1000) / 1000;
  }

  stats(): { nodes: number; ms: number } {
    return { nodes: this.nodes, ms: this.elapsedMs() };
  }

  /** A budget for a sub-search: what remains of this one's nodes (under a lowered limit too) and time, same signal. */
  remaining(): Budget {
    const b: Budget = { signal: this.budget.signal };
    if (this.budget.maxStates !== undefined) b.maxStates = this.budget.maxStates;
    if (this.nodeLimit !== Infinity) b.maxNodes = Math.max(0, this.nodeLimit - this.nodes);
    if (this.budget.deadlineMs !== undefined) {
      b.deadlineMs = Math.max(0, this.budget.deadlineMs - (this.clock.now() - this.start));
    }
    return b;
  }
}
