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
}

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

/** How many ticks pass between two clock/signal reads. */
const CHECK_EVERY = 64;

export class Meter {
  readonly budget: Budget;
  nodes = 0;
  /** Set once the budget is exhausted; stays set. */
  stopped: BudgetStop | null = null;
  private readonly clock: Clock;
  private readonly start: number;
  private countdown = CHECK_EVERY;

  constructor(budget: Budget = {}, clock: Clock = systemClock()) {
    this.budget = budget;
    this.clock = clock;
    this.start = clock.now();
  }

  /** Counts `n` nodes; returns false once any limit is exceeded. */
  tick(n = 1): boolean {
    if (this.stopped) return false;
    this.nodes += n;
    const max = this.budget.maxNodes;
    if (max !== undefined && this.nodes > max) {
      this.stopped = 'node-limit';
      return false;
    }
    this.countdown -= n;
    if (this.countdown <= 0) {
      this.countdown = CHECK_EVERY;
      return this.check();
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

  /** A budget for a sub-search: what remains of this one's nodes and time, same signal. */
  remaining(): Budget {
    const b: Budget = { signal: this.budget.signal };
    if (this.budget.maxNodes !== undefined) b.maxNodes = Math.max(0, this.budget.maxNodes - this.nodes);
    if (this.budget.deadlineMs !== undefined) {
      b.deadlineMs = Math.max(0, this.budget.deadlineMs - (this.clock.now() - this.start));
    }
    return b;
  }
}
