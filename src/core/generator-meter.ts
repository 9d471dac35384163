/**
 * FROZEN: the node accounting of the generators' frozen pipelines (Numberlink versions 1–4, Nonogram
 * version 1, edge matching version 1), copied from `Meter` in budget.ts at commit a58a316.
 *
 * A generator's certificate runs under a fixed node share (part of its version's definition), so the
 * exact rules by which nodes are counted decide which candidates certify, hence which puzzle a seed
 * gives: `tick` stops once the count passes the limit (the refused node counted), `limitNodes` lowers
 * the limit, `remaining` hands a sub-search what is left. Those rules are copied here and never edited;
 * today's `Meter` may change them freely.
 *
 * What is not frozen: the clock and the abort signal, which a generation reads through today's core
 * `Meter` (the one place that reads the clock; see budget.ts). A deadline or a cancel may stop a
 * generation, never change which puzzle comes out, so how often and when they are read cannot change an
 * output. `work` reports go to that clock meter only for the same reason.
 */
import { DEFAULT_MAX_STATES, Meter as ClockMeter, WORK_PER_NODE, type Budget } from './budget.ts';
import type { BudgetStop } from './verdict.ts';

export type { Budget } from './budget.ts';
export { WORK_PER_CHECK, WORK_PER_NODE } from './budget.ts';

export class Meter {
  readonly budget: Budget;
  nodes = 0;
  /** Set once the budget is exhausted; stays set. */
  stopped: BudgetStop | null = null;
  /** Today's meter, for the deadline and the signal only (no node limit). */
  private readonly clock: ClockMeter;
  private readonly maxStates: number;
  private nodeLimit: number;

  constructor(budget: Budget = {}) {
    this.budget = budget;
    this.clock = new ClockMeter({ deadlineMs: budget.deadlineMs, signal: budget.signal });
    this.maxStates = budget.maxStates ?? DEFAULT_MAX_STATES;
    this.nodeLimit = budget.maxNodes ?? Infinity;
  }

  /** Lowers the node limit to `max` (never raises it above the budget's). */
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

  /** Work inside a node: it only paces the clock reads (false once the deadline or a cancel stopped it). */
  work(units: number): boolean {
    if (this.stopped) return false;
    if (!this.clock.work(units)) return this.fromClock();
    return true;
  }

  /** Says a solver's tables hold `states` states; false (`memory-limit`) past the budget's `maxStates`. */
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
    if (!this.clock.check()) return this.fromClock();
    return true;
  }

  private fromClock(): false {
    this.stopped = this.clock.stopped ?? 'deadline';
    return false;
  }

  elapsedMs(): number {
    return this.clock.elapsedMs();
  }

  stats(): { nodes: number; ms: number } {
    return { nodes: this.nodes, ms: this.elapsedMs() };
  }

  /** A budget for a sub-search: what remains of this one's nodes (under a lowered limit too) and time, same signal. */
  remaining(): Budget {
    const b: Budget = { signal: this.budget.signal };
    if (this.budget.maxStates !== undefined) b.maxStates = this.budget.maxStates;
    if (this.nodeLimit !== Infinity) b.maxNodes = Math.max(0, this.nodeLimit - this.nodes);
    if (this.budget.deadlineMs !== undefined) b.deadlineMs = this.clock.remaining().deadlineMs;
    return b;
  }
}
