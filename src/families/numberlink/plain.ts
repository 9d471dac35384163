/**
 * Counting under the plain rule (`strict`: every cell covered, a path may run beside itself) that
 * scales to generated 20x20 and 30x30 boards, with one switch per rule set so the answer names the
 * exact rule it was counted under.
 *
 * Measured before this module (bench/RESULTS.md, "Numberlink: plain-rule counting"): the frontier
 * counter's work is its number of frontier states, which under `strict` on open boards reaches
 * millions a layer (Janko 17x17 with 9 pairs: 3-5 million a layer five rows in, 20-50 million in
 * all). Most generated boards, though, are largely decided by plain deduction: on 20x20 boards made
 * under no-2x2, the deduction of deduce.ts (a cell's degree, no loops, no mixed pairs, single trials)
 * settles 20-100% of the links in 1-30 ms, and every link it settles is the same in every solution.
 * So this counter deduces first and hands the known links to the frontier counter (`frontier.ts`,
 * option `known`), which then makes only the transitions that agree with them: a layer holds a few
 * states where the links are known and the frontier's combinations only where they are not.
 *
 * Stages, all within the one budget (a stop anywhere is `inconclusive` with its reason):
 * 1. deduction (`deduce.ts`'s `Deducer`, with the corner rules only under no-2x2 and no-touch, where
 *    they are sound): links known on or off; a contradiction leaves every solution out, which the
 *    next stage then finds (it makes no transition), so `none` always comes from a completed count;
 * 2. the exact count: under `strict` and `no-2x2` the frontier counter restricted to the known links
 *    (its race of four sweeps, witness searches and, under strict, windows around a no-2x2 covering);
 *    under `no-touch` the corner sweep (`sweep.ts`), exact for that rule.
 * Every solution returned is checked by the verifier (`puzzle.ts`).
 */
import { Meter, WORK_PER_NODE, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type Verdict } from '../../core/verdict.ts';
import { Deducer } from './deduce.ts';
import { frontierCount, strictWindows, type FrontierStats, type KnownLinks } from './frontier.ts';
import { verifySolution } from './puzzle.ts';
import { CornerSweep } from './sweep.ts';
import { E, N, S, W as WEST, type Numberlink, type Rule, type Solution } from './types.ts';

export interface PlainCountOptions {
  /** Count up to this many solutions (default 2). */
  limit?: number;
  budget?: Budget;
  /** The rule set to count under (default the puzzle's own). */
  rule?: Rule;
  /** Trials the deduction may try per cell (default DEDUCE_TRIALS_PER_CELL; 0 skips the deduction). */
  trialsPerCell?: number;
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
  stage: 'frontier' | 'sweep' | 'windows';
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
 * (default 2) within the budget: deduction, then the exact count restricted to what it settled (see
 * the module's header). Budget nodes are the deduction's trials plus the counting stage's nodes;
 * `maxStates` caps the frontier counter's states (a stop there is `memory-limit`).
 */
export function plainCount(p: Numberlink, options: PlainCountOptions = {}, stats?: PlainCountStats): Verdict<Solution> {
  const rule = options.rule ?? p.rule;
  const q: Numberlink = rule === p.rule ? p : { ...p, rule };
  const limit = Math.max(2, options.limit ?? 2);
  const meter = new Meter(options.budget ?? {});
  const done = (v: Verdict<Solution>): Verdict<Solution> => {
    for (const s of v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : []) {
      const ok = verifySolution(q, s);
      if (!ok.ok) throw new Error(`plain counter returned a grid that does not verify (bug): ${ok.reason}`);
    }
    return v;
  };
  const perCell = options.trialsPerCell ?? DEDUCE_TRIALS_PER_CELL;
  const d = perCell > 0 ? deduceKnown(q, meter, perCell * p.width * p.height) : null;
  const known = d?.known ?? undefined;
  if (stats) {
    stats.rule = rule;
    stats.decidedShare = d?.decidedShare ?? 0;
    stats.trials = d?.trials ?? 0;
  }
  const stopped = (): Verdict<Solution> => verdictFromCount([], meter.stopped ?? 'node-limit', { nodes: meter.nodes, ms: meter.elapsedMs() });
  if (meter.stopped) return stopped();
  /** A stage's meter: at most `nodes` of what is left, the caller's deadline and signal. */
  const share = (nodes: number): Meter => new Meter({ ...meter.remaining(), maxNodes: Math.min(nodes, meter.remaining().maxNodes ?? Infinity) });
  if (rule !== 'strict') {
    // The corner sweep is exact under no-2x2 and no-touch, and fast on every public set.
    const sub = rule === 'no-touch' ? meter : share(SWEEP_NODES);
    const sweep = new CornerSweep(q, rule);
    const r = sweep.run(limit, sub);
    if (sub !== meter) meter.tick(sweep.stats.nodes);
    if (stats) stats.stage = 'sweep';
    if (r.stop === 'completed' || rule === 'no-touch') return done(verdictFromCount(r.found, r.stop, { nodes: meter.nodes, ms: meter.elapsedMs() }));
    if (r.stop !== 'node-limit' || !meter.check()) return stopped();
  } else if ((d === null || d.decidedShare < 100) && Math.min(p.width, p.height) >= WINDOWS_FROM) {
    // Under strict, a second solution is usually near a no-2x2 one: windows around it (the frontier
    // counter with every link outside a window fixed) find it in a few states a layer.
    const sub = share(WINDOW_NODES);
    const r = new CornerSweep(q, 'no-2x2').run(1, sub);
    const found = r.found.length > 0 && sub.check() ? strictWindows(q, r.found[0], limit, 8_000_000, sub, known ?? null) : [];
    meter.tick(sub.nodes);
    if (stats) stats.stage = 'windows';
    if (found.length >= limit) return done(verdictFromCount(found.slice(0, limit), 'completed', { nodes: meter.nodes, ms: meter.elapsedMs() }));
    if (!meter.check()) return stopped();
  }
  const fs: FrontierStats = { layerStates: [], transitions: 0, pruned: 0, sweep: -1 };
  const v = frontierCount(q, { limit, budget: meter.remaining(), ...(known ? { known } : {}) }, fs);
  meter.tick(v.stats.nodes);
  if (stats) {
    stats.stage = 'frontier';
    stats.frontier = fs;
  }
  return done({ ...v, stats: { nodes: meter.nodes, ms: meter.elapsedMs() } } as Verdict<Solution>);
}

/** Under no-2x2, the corner sweep's node share before the frontier counter (it decides every public puzzle in far fewer). */
export const SWEEP_NODES = 10_000_000;
/** Under strict, the node share of the no-2x2 covering and the windows around it. */
export const WINDOW_NODES = 2_000_000;
/** The short side from which the windows run before the frontier counter (smaller boards are quick to sweep). */
export const WINDOWS_FROM = 13;

/**
 * The links settled by deduction (sound under the puzzle's rule set: the corner rules only under
 * no-2x2 and no-touch), within `maxTrials` trials and the meter (each trial a node; the links settled
 * before a stop are still known). Null known links when nothing was settled.
 */
export function deduceKnown(p: Numberlink, meter: Meter, maxTrials: number): { known: KnownLinks | null; decidedShare: number; trials: number } {
  const d = new Deducer(p, p.rule !== 'strict');
  let ticked = 0;
  const stop = (): boolean => {
    const t = d.trialsTried - ticked;
    ticked = d.trialsTried;
    return !meter.tick(t) || !meter.work(WORK_PER_NODE);
  };
  // Plain deduction first (no trial can stop it), then trials while the meter allows.
  const r = d.run(maxTrials, stop);
  meter.tick(d.trialsTried - ticked);
  const s = d.last;
  if (!s) return { known: null, decidedShare: 0, trials: d.trialsTried };
  // The deducer's links, in its order: per cell in row-major order, east (if any), then south (if any).
  const w = p.width;
  const h = p.height;
  const on = new Uint8Array(w * h);
  const off = new Uint8Array(w * h);
  let e = 0;
  let settled = 0;
  const put = (a: number, b: number, da: number, db: number): void => {
    const v = s.link[e++];
    if (v === 0) return;
    settled++;
    const t = v === 1 ? on : off;
    t[a] |= da;
    t[b] |= db;
  };
  for (let r0 = 0; r0 < h; r0++) {
    for (let c = 0; c < w; c++) {
      const a = r0 * w + c;
      if (c + 1 < w) put(a, a + 1, E, WEST);
      if (r0 + 1 < h) put(a, a + w, S, N);
    }
  }
  if (e !== s.link.length) throw new Error('plain counter: the deducer links in another order (bug)');
  return { known: settled > 0 ? { on, off } : null, decidedShare: r.decidedShare, trials: d.trialsTried };
}
