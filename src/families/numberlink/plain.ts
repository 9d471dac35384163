/**
 * Counting under the plain rule (`strict`: every cell covered, a path may run beside itself) that
 * scales to generated 20x20 and 30x30 boards, with one switch per rule set so the answer names the
 * exact rule it was counted under.
 *
 * Measured before this module (one core, CPU time; the profile behind it): the frontier counter's
 * work is its number of frontier states, about 2 million transitions a second, and under `strict` on
 * open boards the states explode: Janko 17x17 with 9 pairs (#88) keeps 3-5 million a layer five rows
 * in and 30-55 million over 20-36 s without finishing, in every sweep orientation. Deduction does
 * little there (2-7% of the links). But generated boards, made under no-2x2 with many pairs, are
 * largely decided by plain deduction: on 20x20 it settles 1-100% of the links in 1-30 ms (two of
 * eight fully), on 30x30 four of six fully, where the old count stayed inconclusive at 10 s on five
 * of six 30x30 boards and three of eight 20x20. Every link deduction settles is the same in every
 * solution, so the frontier counter restricted to them (`frontier.ts`, option `known`: only the
 * transitions that agree) counts exactly, in a state a layer where everything is known.
 *
 * Stages, all within the one budget (a stop anywhere is `inconclusive` with its reason):
 * 1. deduction (`probe.ts`, rules that hold under every rule set, single trials, an undo trail): a
 *    contradiction proves `none`;
 * 2. under `no-2x2` and `no-touch`, the corner sweep (`sweep.ts`), exact for those rules (and under
 *    no-2x2, past its share, the frontier counter as below);
 * 3. under `strict`, on boards of short side WINDOWS_FROM or more that deduction did not settle,
 *    windows around a no-2x2 covering (`strictWindows`), which answer `multiple` fast;
 * 4. the exact count: the frontier counter on the known links under a small state cap; where it
 *    outgrows it, a branch on the link whose two values each settle most (both deduced on, the
 *    branches split the solutions) when each settles a tenth of the open links, else the same count
 *    goes on under a large cap, then a larger one (`grow`: resumed where it stopped, no work redone),
 *    and past that branches all the same.
 * Every solution returned is checked by the verifier (`puzzle.ts`). The rule is a switch
 * (`options.rule`), so a verdict names the exact rule set it was counted under. (Nikoli's rule, where
 * cells may stay empty, is not a `Rule` yet: it needs a member in types.ts and cases in the pinned
 * cnf.ts and the verifier.)
 */
import { Meter, WORK_PER_NODE, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../../core/verdict.ts';
import { LinkDeducer, ON, OFF, UNKNOWN } from './probe.ts';
import { frontierCount, strictWindows, type FrontierStats } from './frontier.ts';
import { verifySolution } from './puzzle.ts';
import { CornerSweep } from './sweep.ts';
import type { Numberlink, Rule, Solution } from './types.ts';

export interface PlainCountOptions {
  /** Count up to this many solutions (default 2). */
  limit?: number;
  budget?: Budget;
  /** The rule set to count under (default the puzzle's own). */
  rule?: Rule;
  /** Trials the deduction may try per cell (default DEDUCE_TRIALS_PER_CELL; 0 skips the deduction). */
  trialsPerCell?: number;
  /** Under strict, look for a second solution in windows around a no-2x2 covering first (default true). */
  windows?: boolean;
  /**
   * The frontier counter's state caps (for tests): the small one where a branch is weighed (default
   * BRANCH_STATES), then the large one it grows to where a branch does not pay (TOP_STATES), then the
   * largest before it branches all the same (GROW_STATES).
   */
  states?: { top?: number; branch?: number; grow?: number };
}

/** What the run did (for measurement and the benchmark). */
export interface PlainCountStats {
  /** The rule set counted under. */
  rule: Rule;
  /** Share of the links (0-100) the deduction settled. */
  decidedShare: number;
  /** Trials the deduction tried. */
  trials: number;
  /** Which stage gave the answer. */
  stage: 'deduction' | 'frontier' | 'sweep' | 'windows' | 'branches';
  /** Branches made (links split on) where the frontier counter outgrew its states. */
  branches?: number;
  /** The frontier counter's statistics (under strict and no-2x2). */
  frontier?: FrontierStats;
}

/**
 * Trials per cell for the deduction: it settles what it can in a few rounds over the links; on
 * 30x30 a full deduction takes tens of ms, far below what the frontier counter saves.
 */
export const DEDUCE_TRIALS_PER_CELL = 40;

/**
 * Counts the puzzle's solutions under `options.rule` (default its own rule set) up to `limit`
 * (default 2) within the budget: deduction, then the exact count restricted to what it settled,
 * branching on a link where that count outgrows its states (see the module's header). Budget nodes
 * are the deduction's trials plus the counting stages' nodes; `maxStates` caps the frontier
 * counter's states (a stop there is `memory-limit`).
 */
export function plainCount(p: Numberlink, options: PlainCountOptions = {}, stats?: PlainCountStats): Verdict<Solution> {
  const rule = options.rule ?? p.rule;
  const q: Numberlink = rule === p.rule ? p : { ...p, rule };
  const limit = Math.max(2, options.limit ?? 2);
  const meter = new Meter(options.budget ?? {});
  const answer = (found: Solution[], stop: StopReason): Verdict<Solution> => {
    for (const s of found) {
      const ok = verifySolution(q, s);
      if (!ok.ok) throw new Error(`plain counter returned a grid that does not verify (bug): ${ok.reason}`);
    }
    return verdictFromCount(found, stop, { nodes: meter.nodes, ms: meter.elapsedMs() });
  };
  const stopped = (): Verdict<Solution> => answer([], meter.stopped ?? 'node-limit');
  const perCell = options.trialsPerCell ?? DEDUCE_TRIALS_PER_CELL;
  const maxTrials = perCell * p.width * p.height;
  const dd = new LinkDeducer(q);
  let ticked = 0;
  /**
   * Meters the deduction's trials since the last call; true once the budget is spent. A probe is two
   * trials (the link on, then off): when fewer than two nodes are left the budget is spent here, so the
   * count never runs past a node limit (the meter stops at limit + 1, as every stage does).
   */
  const spent = (): boolean => {
    const t = dd.trials - ticked;
    ticked = dd.trials;
    if (!meter.tick(t) || !meter.work(WORK_PER_NODE)) return true;
    const left = meter.remaining().maxNodes;
    if (left !== undefined && left < 2) return !meter.tick(left + 1);
    return false;
  };
  dd.pushAll();
  const consistent = dd.propagate() && (perCell === 0 || dd.probe(maxTrials, spent));
  spent();
  if (stats) {
    stats.rule = rule;
    stats.decidedShare = Math.floor((100 * dd.settled) / Math.max(1, dd.edges));
    stats.trials = dd.trials;
    stats.branches = 0;
    stats.stage = 'deduction';
  }
  if (meter.stopped) return stopped();
  // A contradiction of sound deduction: no solution.
  if (!consistent) return answer([], 'completed');
  /** A stage's meter: at most `nodes` of what is left, the caller's deadline and signal. */
  const share = (nodes: number): Meter => new Meter({ ...meter.remaining(), maxNodes: Math.min(nodes, meter.remaining().maxNodes ?? Infinity) });
  const known = dd.settled > 0 ? dd.known() : null;
  if (rule !== 'strict') {
    // The corner sweep is exact under no-2x2 and no-touch, and fast on every public set.
    const sub = rule === 'no-touch' ? meter : share(SWEEP_NODES);
    const sweep = new CornerSweep(q, rule);
    const r = sweep.run(limit, sub);
    if (sub !== meter) meter.tick(sweep.stats.nodes);
    if (stats) stats.stage = 'sweep';
    if (r.stop === 'completed' || rule === 'no-touch') return answer(r.found, r.stop);
    if (r.stop !== 'node-limit' || !meter.check()) return stopped();
  } else if (options.windows !== false && dd.settled < dd.edges && Math.min(p.width, p.height) >= WINDOWS_FROM) {
    // Under strict, a second solution is usually near a no-2x2 one: windows around it (the frontier
    // counter with every link outside a window fixed) find it in a few states a layer.
    const sub = share(WINDOW_NODES);
    const r = new CornerSweep(q, 'no-2x2').run(1, sub);
    const found = r.found.length > 0 && sub.check() ? strictWindows(q, r.found[0], limit, 8_000_000, sub, known) : [];
    meter.tick(sub.nodes);
    if (stats) stats.stage = 'windows';
    if (found.length >= limit) return answer(found.slice(0, limit), 'completed');
    if (!meter.check()) return stopped();
  }
  // The exact count: the frontier counter on what deduction left open; where it outgrows its states,
  // a branch on the link whose two values settle most (each deduced on), counted the same way. The
  // branches split the solutions, so their solutions are distinct and add up.
  const found: Solution[] = [];
  const budgetCap = options.budget?.maxStates ?? Infinity;
  let last: FrontierStats | undefined;
  /** Settles link e to `value` and deduces; false on a contradiction (undo to the mark either way). */
  const assume = (e: number, value: number): boolean => {
    const ok = dd.set(e, value) && dd.propagate() && dd.probe(maxTrials + dd.trials, spent);
    spent();
    return ok;
  };
  /** The link to branch on: the deduction's best, else the first open one. */
  const branchLink = (): number => {
    const e = dd.bestBranch;
    return e < 0 || dd.link[e] !== UNKNOWN ? dd.link.indexOf(UNKNOWN) : e;
  };
  /**
   * Whether a branch pays: where each value of its link settles much; on open boards, where
   * deduction settles little, one large count is cheaper than many small ones.
   */
  const branchWorth = (e: number): boolean => {
    const unknown = dd.edges - dd.settled;
    let weaker = Infinity;
    for (const value of [ON, OFF]) {
      const m = dd.mark();
      const before = dd.settled;
      if (assume(e, value)) weaker = Math.min(weaker, dd.settled - before);
      dd.undo(m);
      if (meter.stopped) return false;
    }
    return BRANCH_WORTH * weaker >= unknown;
  };
  const count = (depth: number): StopReason | null => {
    const fs: FrontierStats = { layerStates: [], transitions: 0, pruned: 0, sweep: -1 };
    // Every link settled: a state a layer, no cap needed.
    const open = dd.settled < dd.edges;
    const small = options.states?.branch ?? BRANCH_STATES;
    const top = Math.max(small, options.states?.top ?? TOP_STATES);
    // (A test's own `top` without `grow` is the largest cap.)
    const most = Math.max(top, options.states?.grow ?? (options.states?.top === undefined ? GROW_STATES : top));
    const cap = Math.min(budgetCap, !open ? Infinity : small);
    const k = dd.settled > 0 ? dd.known() : null;
    let branch = false;
    // The caller's state cap bounded the last cap.
    let bound = budgetCap <= cap;
    // Outgrown its small cap, the count goes on under a large one (and then a larger) unless a branch
    // pays; outgrown the largest, it branches all the same.
    const grow = (outgrown: number): number => {
      let next = 0;
      if (outgrown < top) {
        branch = branchWorth(branchLink());
        if (!branch && !meter.stopped) next = top;
      } else if (outgrown < most) next = most;
      if (next >= budgetCap) bound = true;
      return next;
    };
    const v = frontierCount(
      q,
      {
        limit: limit - found.length,
        budget: { ...meter.remaining(), maxStates: undefined },
        maxStates: cap,
        ...(k ? { known: k } : {}),
        ...(open && !bound ? { grow } : {}),
        // At the first count, the no-2x2 shortcut starts early; in a branch, no no-2x2 shortcut (the
        // first count had it), and the witness search starts early.
        ...(depth === 0 ? { tuning: { shortcutAfter: small + FIRST_SHORTCUT_AFTER } } : { tuning: { witnessAfter: WITNESS_AFTER, shortcutAfter: Infinity } }),
      },
      fs,
    );
    meter.tick(v.stats.nodes);
    last = fs;
    if (v.kind !== 'inconclusive') {
      for (const s of v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : []) if (found.length < limit) found.push(s);
      return null;
    }
    if (meter.stopped || !meter.check()) return meter.stopped ?? 'deadline';
    // Out of its states: a memory stop when the caller's cap bound it (unless a branch pays), else branch.
    if (!open || (bound && !branch)) return 'memory-limit';
    const e = branchLink();
    if (stats) stats.branches = (stats.branches ?? 0) + 1;
    for (const value of [ON, OFF]) {
      const m = dd.mark();
      const ok = assume(e, value);
      const why = meter.stopped ? meter.stopped : ok ? count(depth + 1) : null;
      dd.undo(m);
      if (why) return why;
      if (found.length >= limit) return null;
    }
    return null;
  };
  const why = count(0);
  if (stats) {
    stats.stage = stats.branches ? 'branches' : 'frontier';
    if (last) stats.frontier = last;
  }
  if (found.length >= limit || why === null) return answer(found.slice(0, limit), 'completed');
  return answer([], why);
}

/** The frontier counter's state cap (states kept over all layers) where a branch is not worth it. */
export const TOP_STATES = 4_000_000;
/** The cap that count grows to past TOP_STATES before it branches all the same (memory: about 40 bytes a state kept). */
export const GROW_STATES = 12_000_000;
/** A branch is worth it when the weaker value of its link settles at least 1/BRANCH_WORTH of the open links. */
export const BRANCH_WORTH = 10;
/** In a branch under a small cap, the states the frontier counter expands before its witness search looks for solutions. */
export const WITNESS_AFTER = 2000;
/** The state cap where a branch is worth it, before it branches. */
export const BRANCH_STATES = 50_000;

/** Under no-2x2, the corner sweep's node share before the frontier counter (it decides every public puzzle in far fewer). */
export const SWEEP_NODES = 10_000_000;
/** Under strict, the node share of the no-2x2 covering and the windows around it. */
export const WINDOW_NODES = 2_000_000;
/** The short side from which the windows run before the frontier counter (smaller boards are quick to sweep). */
export const WINDOWS_FROM = 13;
/** Under the first count's small cap, the frontier counter's nodes before it looks for strict solutions near a no-2x2 one. */
export const FIRST_SHORTCUT_AFTER = 20_000;
