/**
 * An exact frontier-based counter for Numberlink under the `strict` and `no-2x2` rules: a dynamic
 * programme over the cells in row-major order whose state is what crosses the frontier between the
 * processed cells and the rest: for each column the link going down from the last processed cell of
 * that column, and the link going right from the last processed cell. A link carries the pair of the
 * path piece it belongs to, or, for a piece not yet joined to an endpoint, a tag shared by that piece's
 * two open ends. States with equal frontiers are merged and their counts added (capped at the limit),
 * so the count is exact without enumerating solutions; back-pointers give up to `limit` distinct
 * solutions. It is a different paradigm from the depth-first searches and serves as their exact
 * witness; it sweeps along the shorter side, and its work grows with the number of frontier states,
 * not of solutions.
 *
 * Representation. A state is a record of 16-bit values in a flat pool: the W + 1 frontier slots
 * (0 none, 1..K pair k-1, K+1.. tags numbered by first appearance along the slots), and under
 * `no-2x2` the path identity of the W cells just above the frontier, the cell up-left of the next cell
 * and the pending 2x2 constraints (below). Each layer (the states after one cell) lives in a pool with
 * an open-addressing hash table keyed by a hash of the record; a transition writes its result into
 * one scratch record, relabels and canonicalises it in place and looks it up, with no allocation.
 * Back-pointers (previous state, choice at the cell), up to `limit` per state, are kept per layer in
 * flat arrays; only they outlive their layer.
 *
 * Pruning (all sound: a state is dropped only when no completion of it exists).
 * - Structural: a link joining two different pairs, a piece closing on itself (its two ends meet: a
 *   loop), an endpoint with two links, a cell with no way to reach degree 2 (a new piece needs both
 *   a down and a right link) are never generated. A completed pair's label cannot reappear and no
 *   endpoint of a completed pair can come later: a pair label enters the frontier only at its own
 *   endpoints (or by a tag joining one of its open ends), and a pair completes only when both its open
 *   ends meet, i.e. after both endpoints were processed. So these cases need no test.
 * - Planarity (`planar`): the unprocessed cells form a disc whose boundary meets the frontier slots
 *   in a fixed order, and the processed cells form another disc on the other side. See `planar`.
 * - `no-2x2`: a block whose four cells carry one label is on one path; a block whose cells carry
 *   several labels that may still merge (tags, or tags and one pair) becomes a pending constraint,
 *   and a merge that makes all its labels equal kills the state.
 * - A state whose depth-first completion (`complete`) ends without a solution is dropped.
 *
 * Early answers. Sweeps of four orientations race (`frontierCount`); a sweep looks for solutions
 * early by completing some of its states depth-first (`witnessSearch`), so that `multiple` needs no
 * full sweep; under `strict`, a no-2x2 sweep runs beside the strict one and windows around its
 * solution give further strict solutions (`strictWindows`). `multiple` always comes with `limit`
 * distinct verified solutions; `unique` and `none` only ever come from a sweep that went through
 * every cell (or ran out of states), so they are exact.
 */
import { Meter, WORK_PER_CHECK, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../../core/verdict.ts';
import { verifySolution } from './puzzle.ts';
import { E, N, S, W as WEST, type Numberlink, type Solution } from './types.ts';

export interface FrontierOptions {
  limit?: number;
  budget?: Budget;
  /** Drop a sweep when the live states it keeps for all its layers exceed this (all dropped: inconclusive, node-limit). */
  maxStates?: number;
  /** Run only this one of the orientations of `sweeps` (for tests and measurement) instead of racing them. */
  sweep?: number;
  /**
   * When the early exits start (for tests and measurement): the states a sweep expands before its
   * witness search runs (default 250,000), the nodes of the strict race before the no-2x2 race of
   * `strictWindows` runs beside it (default 400,000).
   */
  tuning?: { witnessAfter?: number; shortcutAfter?: number };
  /**
   * Links known (deduced) to be in, or out of, every solution: only transitions that agree with them
   * are made. Absent, nothing is restricted (and every count is as it was without this option).
   */
  known?: KnownLinks;
  /**
   * Where every sweep outgrew `maxStates`: go on under a larger cap instead of giving up. A number is
   * the largest cap (the cap grows fourfold up to it); a function is asked with the cap outgrown and
   * the layer reached, and returns the next cap (0, or one not above the last: stop there, as without
   * this option). The sweep that got furthest resumes where it stopped, the others are dropped (their
   * memory freed), so no work is done twice. The budget's `maxStates` still bounds every cap.
   */
  grow?: number | ((cap: number, layer: number) => number);
}

/** Per puzzle cell, the direction bits (N, E, S, W) of links known on, and known off, in every solution. */
export interface KnownLinks {
  on: Uint8Array;
  off: Uint8Array;
}

/** Statistics of the last run (for measurement): live states per layer, transitions, pruned states. */
export interface FrontierStats {
  layerStates: number[];
  transitions: number;
  pruned: number;
  /** Index in `sweeps` of the sweep that answered (-1, and no layers, when `strictWindows` did). */
  sweep: number;
}

/**
 * Counts solutions under the puzzle's rule set (`strict` or `no-2x2`) exactly up to `limit` (default
 * 2); budget nodes count expanded states (and the witness search's nodes). `no-touch` is not
 * supported (RangeError). Every solution returned is checked by the verifier.
 *
 * The number of frontier states depends a lot on where the sweep starts (a factor of ten is common),
 * and which start is best shows early: the sweeps of the four orientations (`sweeps`) run in rounds of
 * doubling work, and after each round the half that got through fewer cells is dropped. Every sweep is
 * exact, so the first one to finish gives the answer.
 */
export function frontierCount(p: Numberlink, options: FrontierOptions = {}, stats?: FrontierStats): Verdict<Solution> {
  if (p.rule === 'no-touch') throw new RangeError('frontier counter: the no-touch rule set is not supported (strict and no-2x2 only)');
  // Counts are 32-bit (capped at the limit). (Internally, a limit of 1 looks for one solution.)
  const limit = Math.min(2 ** 30, Math.max(2, options.limit ?? 2));
  const meter = new Meter(options.budget ?? {});
  // The budget's state cap (`Budget.maxStates`, in frontier states kept per layer) lowers the counter's own.
  const ownCap = options.maxStates ?? 8_000_000;
  const budgetCap = options.budget?.maxStates ?? Infinity;
  const maxStates = Math.min(ownCap, budgetCap);
  const all = sweeps(p);
  const chosen = options.sweep === undefined ? all : [all[options.sweep % all.length]];
  const witnessAfter = options.tuning?.witnessAfter ?? WITNESS_AFTER;
  const known = options.known ?? null;
  const grow = options.grow;
  const growTo =
    grow === undefined
      ? null
      : (cap: number, layer: number): number => Math.min(budgetCap, typeof grow === 'number' ? Math.min(grow, 4 * cap) : grow(cap, layer));
  const main = new Race(p, chosen, limit, maxStates, meter, null, witnessAfter, known, growTo);
  let result: RaceResult | null = null;
  if (p.rule === 'strict' && options.sweep === undefined) {
    // The strict race alternates with a no-2x2 race for `strictWindows`: first the strict one for
    // `work` nodes, then the other for SIDE_SHARE times as many, then `work` doubles, until either ends.
    const side = new Race({ ...p, rule: 'no-2x2' }, sweeps(p), 1, maxStates, meter, null, witnessAfter, known, growTo);
    for (let work = Math.max(1, options.tuning?.shortcutAfter ?? SHORTCUT_AFTER); !result; work *= 2) {
      result = main.run(meter.nodes + work);
      if (result) break;
      const s = side.run(meter.nodes + SIDE_SHARE * work);
      if (!s) continue;
      if (meter.stopped) result = { found: [], stop: meter.stopped, dp: null };
      else if (s.found.length > 0) {
        const found = strictWindows(p, s.found[0], limit, maxStates, meter, known, false);
        if (found.length >= limit) result = { found, stop: 'completed', dp: null };
        else if (meter.stopped) result = { found: [], stop: meter.stopped, dp: null };
      }
      result ??= main.run();
    }
  }
  result ??= main.run() ?? { found: [], stop: 'node-limit', dp: null };
  // Every sweep outgrew the budget's state cap (not the counter's own, nor one it grew to): a memory stop.
  if (result.stop === 'node-limit' && meter.stopped === null && main.cap === budgetCap && (budgetCap < ownCap || growTo !== null)) {
    result = { ...result, stop: 'memory-limit' };
  }
  for (const s of result.found) {
    const v = verifySolution(p, s);
    if (!v.ok) throw new Error(`frontier counter returned a grid that does not verify (bug): ${v.reason}`);
  }
  if (stats) {
    const dp = result.dp;
    stats.layerStates = dp ? dp.layerStates : [];
    stats.transitions = dp ? dp.transitions : 0;
    stats.pruned = dp ? dp.pruned : 0;
    stats.sweep = dp ? all.indexOf(dp.orientation) : -1;
  }
  return verdictFromCount(result.found, result.stop, { nodes: meter.nodes, ms: meter.elapsedMs() });
}

interface RaceResult {
  found: Solution[];
  stop: StopReason;
  /** The sweep that answered (or got furthest). */
  dp: FrontierDP | null;
}

/**
 * Races sweeps of the given orientations (see `frontierCount`); `fixed` restricts them as in
 * `FrontierDP`. The solutions are those of the first sweep to finish. `run` may pause between two
 * cells and resume later.
 */
class Race {
  private started: FrontierDP[];
  private alive: FrontierDP[];
  private budget = RACE_START;
  /** The state cap the sweeps run under (grown from `maxStates`). */
  cap: number;

  constructor(
    p: Numberlink,
    chosen: Orientation[],
    limit: number,
    maxStates: number,
    private readonly meter: Meter,
    fixed: Fixed | null,
    witnessAfter = WITNESS_AFTER,
    known: KnownLinks | null = null,
    private readonly growTo: ((cap: number, layer: number) => number) | null = null,
  ) {
    this.cap = maxStates;
    // Building a sweep's tables is work too (tens of ms on 40,000 cells): the budget is read between
    // two, and a stopped meter leaves the rest unbuilt (`run` then answers the stop).
    this.started = [];
    for (const o of chosen) {
      if (!meter.work(WORK_PER_CHECK)) break;
      this.started.push(new FrontierDP(p, o, limit, maxStates, meter, fixed, witnessAfter, known));
    }
    this.alive = this.started;
  }

  /** Runs to the end, or returns null once the meter's nodes reach `pauseAt` (checked between cells). */
  run(pauseAt = Infinity): RaceResult | null {
    if (this.meter.stopped) return { found: [], stop: this.meter.stopped, dp: null };
    for (;;) {
      for (const dp of this.alive) {
        while (!dp.finished && !dp.over && dp.expanded < this.budget) {
          if (this.meter.nodes >= pauseAt) return null;
          if (!dp.step()) return { found: [], stop: this.meter.stopped ?? 'node-limit', dp };
        }
        if (dp.finished) return { found: dp.solutions(), stop: 'completed', dp };
      }
      this.alive = this.alive.filter((dp) => !dp.over);
      if (this.alive.length === 0) {
        const furthest = this.started.reduce((a, b) => (b.layer > a.layer ? b : a));
        const next = this.growTo && !this.meter.stopped ? this.growTo(this.cap, furthest.layer) : 0;
        if (!(next > this.cap)) return { found: [], stop: 'node-limit', dp: furthest };
        // Grow: the furthest sweep resumes under the larger cap; the others are dropped.
        this.cap = next;
        furthest.raise(next);
        this.started = [furthest];
        this.alive = [furthest];
        continue;
      }
      // Keep the half that got furthest (the sort is stable: ties keep the orientations' order).
      if (this.alive.length > 1) this.alive = this.alive.sort((a, b) => b.layer - a.layer).slice(0, Math.ceil(this.alive.length / 2));
      this.budget *= 2;
    }
  }
}

/** Links fixed outside a window: cells outside rows [r0, r1) x columns [c0, c1) keep `links`' links. */
interface Fixed {
  links: Solution;
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

/**
 * A fast way to `multiple` under `strict`, where puzzles made for stronger rules often have many
 * solutions and the strict sweep has far more states. Every solution under `no-2x2` is one under
 * `strict`, and the no-2x2 sweep is much smaller: `frontierCount` runs it beside the strict race, for
 * one solution S. With S in hand, this sweeps under strict with every link outside a small window
 * fixed to S's (a handful of states per layer), window after window: each gives strict solutions,
 * kept once each. Returns the distinct strict solutions found, S first (fewer than `limit`: nothing
 * is decided and the strict race goes on). Stops early when the caller's meter is exhausted.
 * (Exported for tests.)
 */
export function strictWindows(
  p: Numberlink,
  S: Solution,
  limit: number,
  maxStates: number,
  meter: Meter,
  known: KnownLinks | null = null,
  wholeGrid = true,
): Solution[] {
  const found = [S];
  const seen = new Set([S.join(',')]);
  const o = sweeps(p)[0];
  for (const [height, width, step, nodes] of WINDOWS) {
    const rows = Math.min(height, p.height);
    const cols = Math.min(width, p.width);
    const starts = (length: number, side: number): number[] => {
      const out: number[] = [];
      for (let x = 0; x + side < length; x += step) out.push(x);
      out.push(length - side);
      return out;
    };
    // A window as large as the grid, beside the strict race that counts the same (`wholeGrid` false): skipped.
    if (!wholeGrid && rows === p.height && cols === p.width) break;
    for (const r0 of starts(p.height, rows)) {
      for (const c0 of starts(p.width, cols)) {
        const w = new Meter({ ...meter.remaining(), maxNodes: Math.min(nodes, meter.remaining().maxNodes ?? Infinity) });
        const v = new Race(p, [o], limit, maxStates, w, { links: S, r0, r1: r0 + rows, c0, c1: c0 + cols }, WITNESS_AFTER, known).run() ?? { found: [] };
        meter.tick(w.nodes);
        if (!meter.check()) return found;
        for (const s of v.found) {
          const key = s.join(',');
          if (seen.has(key)) continue;
          seen.add(key);
          found.push(s);
          if (found.length >= limit) return found;
        }
      }
    }
    // A window as large as the grid has counted everything (within its work).
    if (rows === p.height && cols === p.width) break;
  }
  return found;
}

/** Nodes of the strict race before the no-2x2 race (for `strictWindows`) first runs beside it. */
const SHORTCUT_AFTER = 400_000;
/** Work of the no-2x2 race per unit of the strict race's, while both run. */
const SIDE_SHARE = 3;
/** The windows of `strictWindows`, smallest first: rows, columns, spacing, work (nodes) of each one's sweep. */
const WINDOWS: [number, number, number, number][] = [
  [5, 5, 3, 20_000],
  [9, 9, 5, 50_000],
  [13, 13, 7, 100_000],
  [6, 1000, 3, 200_000],
  [1000, 6, 3, 200_000],
];

/** Witness search: its work (nodes) may reach WITNESS_START + WITNESS_SHARE x the states expanded. */
const WITNESS_START = 2000;
const WITNESS_AFTER = 250_000;
const WITNESS_SHARE = 0.5;
/** Outcomes of a completion attempt. */
const DEAD = 0;
const FOUND = 1;
const GAVE_UP = 2;
const STOPPED = 3;

/** Work (expanded states) of each sweep in the race's first round. */
const RACE_START = 1000;

/**
 * A sweep order: the swept grid is the puzzle, transposed when `transpose`, then mirrored top to
 * bottom and/or left to right; rows of the swept grid are processed top to bottom, left to right.
 */
export interface Orientation {
  transpose: boolean;
  flipRows: boolean;
  flipCols: boolean;
}

/**
 * The sweeps raced: along the shorter side, from either end and in either direction along the rows;
 * on a square grid, from each of the four sides.
 */
export function sweeps(p: Pick<Numberlink, 'width' | 'height'>): Orientation[] {
  const t = p.width > p.height;
  if (p.width !== p.height) {
    return [
      { transpose: t, flipRows: false, flipCols: false },
      { transpose: t, flipRows: true, flipCols: false },
      { transpose: t, flipRows: false, flipCols: true },
      { transpose: t, flipRows: true, flipCols: true },
    ];
  }
  return [
    { transpose: false, flipRows: false, flipCols: false },
    { transpose: false, flipRows: true, flipCols: false },
    { transpose: true, flipRows: false, flipCols: false },
    { transpose: true, flipRows: true, flipCols: false },
  ];
}

/** Growable Int32Array helper. */
function grow32(a: Int32Array, need: number): Int32Array {
  if (need <= a.length) return a;
  let size = a.length * 2;
  while (size < need) size *= 2;
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** Node budget of the bridge search per state (see `bridged`). */
const G_NODES = 48;

/** Appends v to the word w[0, n) with cancellation of equal neighbours; returns the new length. */
function push(w: Int32Array, n: number, v: number): number {
  if (n > 0 && w[n - 1] === v) return n - 1;
  w[n] = v;
  return n + 1;
}

/**
 * Cyclically reduces the word w[0, n) (already free of equal neighbours), in place: cancels equal
 * first and last letters. Returns the new length, or -1 when what remains holds no tag (and is
 * non-empty): no completion.
 */
function reduceCyclic(w: Int32Array, n: number, K: number): number {
  let lo = 0;
  let hi = n;
  while (hi - lo >= 2 && w[lo] === w[hi - 1]) {
    lo++;
    hi--;
  }
  if (hi === lo) return 0;
  let tags = 0;
  for (let x = lo; x < hi; x++) if (w[x] > K) tags++;
  if (tags === 0) return -1;
  if (lo > 0) for (let x = lo; x < hi; x++) w[x - lo] = w[x];
  return hi - lo;
}

/**
 * One sweep: the dynamic programme over the cells of the puzzle seen in one orientation, a layer
 * (cell) per `step`, with its witness search. Optionally restricted by `fixed` (outside a window,
 * every cell keeps the fixed solution's links).
 */
class FrontierDP {
  readonly layerStates: number[] = [];
  transitions = 0;
  pruned = 0;
  /** The next cell to process (the number of layers done). */
  layer = 0;
  /** Every cell processed, or no state left. */
  finished = false;
  /** More than `maxStates` states kept. */
  over = false;
  /** States expanded (this sweep's work). */
  expanded = 0;
  private kept = 1;
  /** Solutions found by the witness search (distinct). */
  private readonly found: Solution[] = [];
  private readonly foundKeys = new Set<string>();
  private witnessWork = 0;
  // The witness search's stack: per depth a record, its successors (up to 2), their choices.
  private dfsDepth = -1;
  private readonly dfsStride: number;
  private dfsRec = new Uint16Array(0);
  private dfsSucc = new Uint16Array(0);
  private dfsLen = new Int32Array(0);
  private dfsSuccN = new Int32Array(0);
  private dfsSuccPos = new Int32Array(0);
  private dfsSuccLen = new Int32Array(0);
  private dfsSuccChoice = new Int32Array(0);
  private dfsOverflow = false;
  private readonly dfsChoices: Uint8Array;

  private readonly W: number;
  private readonly H: number;
  private readonly n: number;
  private readonly K: number;
  /** The puzzle cell of each swept cell. */
  private readonly orig: Int32Array;
  /** Per swept cell, the only choice allowed (-1: any), or null when nothing is fixed. */
  private readonly fixedChoice: Int8Array | null;
  /** Per swept cell, the choices (bit `choice`) that agree with the known links, or null when none are known. */
  private readonly knownChoices: Uint8Array | null;
  private readonly no2x2: boolean;
  /** Pair index (0-based) at each cell of the swept grid, -1 elsewhere. */
  private readonly pairOf: Int32Array;
  /** A tag value above every canonical one, for a piece started at the current cell. */
  private readonly FRESH: number;
  /** Record layout: slots [0, W], then (no-2x2) cells [W+1, 2W], diag 2W+1, constraint count 2W+2, tuples. */
  private readonly CELLS: number;
  private readonly DIAG: number;
  private readonly NC: number;
  private readonly FIXED: number;
  /** Boundary order of the slots after processing a cell in column c: slots 0..c, W, c+1..W-1. */
  private readonly order: Int32Array[];

  // The current layer (states before the cell) and the next (after it).
  private curPool: Uint16Array;
  private curOff: Int32Array;
  /** Per state: count (capped at the limit; -1 for a state pruned), head of its back-pointer list. */
  private curMeta: Int32Array;
  private curN = 0;
  private nxtPool: Uint16Array;
  private nxtOff: Int32Array;
  private nxtMeta: Int32Array;
  private nxtN = 0;
  /** Open addressing, two entries per slot: the record's hash and its state index + 1 (0: empty). */
  private table: Int32Array;
  private tableMask: number;

  // Back-pointers: per layer the head entry of each state; entries (prev * 4 + choice, next) shared.
  private readonly heads: Int32Array[] = [];
  private bpVal: Int32Array;
  private bpNext: Int32Array;
  private bpN = 0;

  // Scratch.
  private tmp: Uint16Array;
  private readonly mapTo: Int32Array;
  private readonly mapStamp: Int32Array;
  private stamp = 0;
  private readonly stack: Int32Array;
  private readonly tup = new Int32Array(4);
  /** Position in `order[c]` of each slot. */
  private readonly posOf: Int32Array[];
  /** Endpoint cells, in sweep order. */
  private readonly endCells: Int32Array;
  // Per layer: unprocessed endpoints on D's boundary, sorted by position (key), with the slots
  // entering their cells; pairs with an endpoint floating inside D (floating[label] === layerStamp).
  private epN = 0;
  private readonly epKey: Int32Array;
  private readonly epLab: Int32Array;
  private readonly epSlotA: Int32Array;
  private readonly epSlotB: Int32Array;
  private readonly epUsed: Uint8Array;
  private readonly floating: Int32Array;
  private layerStamp = 0;
  private readonly slotUsed: Int32Array;
  /** Word buffers of the bridge search, one per depth. */
  private readonly gBuf: Int32Array[] = [];
  private gNodes = 0;

  constructor(
    private readonly p: Numberlink,
    readonly orientation: Orientation,
    private readonly limit: number,
    private maxStates: number,
    private readonly meter: Meter,
    fixed: Fixed | null = null,
    private readonly witnessAfter = WITNESS_AFTER,
    known: KnownLinks | null = null,
  ) {
    const { transpose, flipRows, flipCols } = orientation;
    const W = (this.W = transpose ? p.height : p.width);
    const H = (this.H = transpose ? p.width : p.height);
    this.n = W * H;
    this.K = p.pairs.length;
    this.no2x2 = p.rule === 'no-2x2';
    // The puzzle cell of each swept cell: mirror the swept grid back, then transpose back.
    this.orig = new Int32Array(this.n);
    const toSwept = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const r = flipRows ? H - 1 - Math.floor(i / W) : Math.floor(i / W);
      const c = flipCols ? W - 1 - (i % W) : i % W;
      const o = transpose ? c * p.width + r : r * p.width + c;
      this.orig[i] = o;
      toSwept[o] = i;
    }
    // Under `fixed`, the choice (links down and right) each swept cell outside the window must make.
    this.fixedChoice = null;
    if (fixed) {
      const fc = (this.fixedChoice = new Int8Array(this.n).fill(-1));
      const linked = (a: number, b: number): boolean => {
        const d = b - a;
        const m = fixed.links[a];
        if (d === p.width && Math.floor(b / p.width) === Math.floor(a / p.width) + 1) return (m & S) !== 0;
        if (d === -p.width && Math.floor(b / p.width) === Math.floor(a / p.width) - 1) return (m & N) !== 0;
        if (d === 1) return (m & E) !== 0;
        return (m & WEST) !== 0;
      };
      for (let i = 0; i < this.n; i++) {
        const o = this.orig[i];
        const r = Math.floor(o / p.width);
        const c = o - r * p.width;
        if (r >= fixed.r0 && r < fixed.r1 && c >= fixed.c0 && c < fixed.c1) continue;
        const ri = Math.floor(i / W);
        const ci = i - ri * W;
        fc[i] = (ri + 1 < H && linked(o, this.orig[i + W]) ? 1 : 0) | (ci + 1 < W && linked(o, this.orig[i + 1]) ? 2 : 0);
      }
    }
    this.knownChoices = known ? knownChoiceMasks(p, this.orig, W, H, known) : null;
    this.pairOf = new Int32Array(this.n).fill(-1);
    p.pairs.forEach(([a, b], k) => {
      this.pairOf[toSwept[a]] = k;
      this.pairOf[toSwept[b]] = k;
    });
    this.FRESH = this.K + W + 2;
    if (this.FRESH >= 0xffff) throw new RangeError('frontier counter: too many pairs for 16-bit labels');
    this.CELLS = W + 1;
    this.DIAG = 2 * W + 1;
    this.NC = 2 * W + 2;
    this.FIXED = this.no2x2 ? 2 * W + 3 : W + 1;
    this.order = [];
    for (let c = 0; c < W; c++) {
      const o = new Int32Array(W + 1);
      let t = 0;
      for (let j = 0; j <= c; j++) o[t++] = j;
      o[t++] = W;
      for (let j = c + 1; j < W; j++) o[t++] = j;
      this.order.push(o);
    }
    const cap = 1024;
    this.curPool = new Uint16Array(cap * this.FIXED);
    this.curOff = new Int32Array(cap + 1);
    this.curMeta = new Int32Array(2 * cap);
    this.nxtPool = new Uint16Array(cap * this.FIXED);
    this.nxtOff = new Int32Array(cap + 1);
    this.nxtMeta = new Int32Array(2 * cap);
    this.table = new Int32Array(2 * 4 * cap);
    this.tableMask = 4 * cap - 1;
    this.bpVal = new Int32Array(4096);
    this.bpNext = new Int32Array(4096);
    this.tmp = new Uint16Array(this.FIXED + 64);
    this.mapTo = new Int32Array(this.FRESH + 2);
    this.mapStamp = new Int32Array(this.FRESH + 2);
    this.posOf = this.order.map((o) => {
      const pos = new Int32Array(W + 1);
      o.forEach((slot, t) => (pos[slot] = t));
      return pos;
    });
    const ends: number[] = [];
    for (let x = 0; x < this.n; x++) if (this.pairOf[x] >= 0) ends.push(x);
    this.endCells = Int32Array.from(ends);
    this.epKey = new Int32Array(ends.length);
    this.epLab = new Int32Array(ends.length);
    this.epSlotA = new Int32Array(ends.length);
    this.epSlotB = new Int32Array(ends.length);
    this.epUsed = new Uint8Array(ends.length);
    this.floating = new Int32Array(this.K + 1);
    this.slotUsed = new Int32Array(W + 1);
    this.stack = new Int32Array(W + 2 + ends.length);
    for (let d = 0; d <= (W + 1) / 2 + 1; d++) this.gBuf.push(new Int32Array(W + 2 + ends.length));
    this.dfsStride = this.FIXED + 64;
    this.dfsChoices = new Uint8Array(this.n);
    // The start: one all-zero record.
    this.curN = 1;
    this.curOff[0] = 0;
    this.curOff[1] = this.FIXED;
    this.curMeta[0] = 1;
    this.curMeta[1] = -1;
  }

  /** Lets an outgrown sweep go on under a larger state cap (`FrontierOptions.grow`). */
  raise(cap: number): void {
    this.maxStates = cap;
    this.over = this.kept > cap;
  }

  /** Processes the next cell; false when the budget ran out (the layer is left unfinished). */
  step(): boolean {
    const i = this.layer;
    this.beginLayer();
    this.prepareLayer(i);
    const pool = this.curPool;
    const meta = this.curMeta;
    this.dfsDepth = -1;
    for (let s = 0; s < this.curN; s++) {
      if (meta[2 * s] < 0) continue;
      if (!this.meter.tick()) return false;
      this.expanded++;
      const off = this.curOff[s];
      this.expand(pool, off, this.curOff[s + 1] - off, i, s);
    }
    const live = this.endLayer();
    this.layerStates.push(live);
    this.layer = i + 1;
    this.kept += live;
    if (live === 0 || this.layer === this.n) this.finished = true;
    else if (this.kept > this.maxStates) this.over = true;
    else if (this.layer % this.W === 0 && this.fixedChoice === null && !this.witnessSearch()) return false;
    return true;
  }

  /**
   * The transitions at cell i from the record src[off, off + len) (state s of the current layer, or
   * a record of the witness search): each goes through `emit`.
   */
  private expand(src: Uint16Array, off: number, len: number, i: number, s: number): void {
    const { W, K } = this;
    const r = Math.floor(i / W);
    const c = i - r * W;
    const k = this.pairOf[i];
    const canDown = r < this.H - 1;
    const canRight = c < W - 1;
    const up = src[off + c];
    const left = src[off + W];
    if (k >= 0) {
      // An endpoint: exactly one link.
      const own = k + 1;
      if (up && left) return;
      const inn = up || left;
      if (inn) {
        if (inn <= K) {
          if (inn === own) this.emit(src, off, len, s, r, c, 0, 0, 0, 0, 0, own, own); // its partner's path arrives
        } else this.emit(src, off, len, s, r, c, 0, 0, 0, inn, own, 0, own); // a loose piece joins the endpoint
      } else {
        if (canDown) this.emit(src, off, len, s, r, c, own, 0, 1, 0, 0, 0, own);
        if (canRight) this.emit(src, off, len, s, r, c, 0, own, 2, 0, 0, 0, own);
      }
      return;
    }
    // Any other cell: exactly two links.
    if (up && left) {
      if (up <= K && left <= K) {
        if (up === left) this.emit(src, off, len, s, r, c, 0, 0, 0, 0, 0, up, up); // a pair's two pieces meet
      } else if (up > K && left > K) {
        if (up !== left) this.emit(src, off, len, s, r, c, 0, 0, 0, left, up, 0, up); // two loose pieces join
      } else if (up <= K) this.emit(src, off, len, s, r, c, 0, 0, 0, left, up, 0, up);
      else this.emit(src, off, len, s, r, c, 0, 0, 0, up, left, 0, left);
    } else if (up || left) {
      const v = up || left;
      if (canDown) this.emit(src, off, len, s, r, c, v, 0, 1, 0, 0, 0, v);
      if (canRight) this.emit(src, off, len, s, r, c, 0, v, 2, 0, 0, 0, v);
    } else if (canDown && canRight) {
      this.emit(src, off, len, s, r, c, this.FRESH, this.FRESH, 3, 0, 0, 0, this.FRESH);
    }
  }

  /**
   * Looks for solutions early, so that a puzzle with several solutions (most of the Janko set under
   * `strict`) need not be swept to the end: a depth-first completion of one state of the current
   * layer, over the same transitions and pruning, within a share of the work done so far. A state
   * reached by m prefixes (its count) and completed gives min(m, limit) distinct solutions; solutions
   * are kept distinct across attempts. Once `limit` are in hand the sweep is finished: `multiple`, with
   * the solutions as proof. A search that runs out of work proves nothing; one that ends without a
   * completion proves the state dead, and it is dropped. Returns false when the budget ran out.
   */
  private witnessSearch(): boolean {
    if (this.expanded < this.witnessAfter) return true;
    let allowance = WITNESS_START + WITNESS_SHARE * (this.expanded - this.witnessAfter) - this.witnessWork;
    if (allowance <= 0) return true;
    // States by decreasing count (a completion of a state reached by two prefixes is two solutions),
    // in index order among equals; each attempt gets a slice of the allowance.
    const cap = Math.max(WITNESS_START, allowance / 8);
    for (let want = this.limit; want >= 1 && allowance > 0; want--) {
      for (let s = 0; s < this.curN && allowance > 0; s++) {
        if (this.curMeta[2 * s] !== want && !(want === this.limit && this.curMeta[2 * s] > want)) continue;
        const before = this.witnessWork;
        const r = this.complete(s, Math.min(cap, allowance));
        allowance -= this.witnessWork - before;
        if (r === STOPPED) return false;
        if (r === DEAD) this.curMeta[2 * s] = -1;
        if (this.found.length >= this.limit) {
          this.finished = true;
          return true;
        }
      }
    }
    return true;
  }

  /** Depth-first completion of state s of the current layer; adds solutions to `found`. */
  private complete(s: number, allowance: number): number {
    const L = this.layer;
    const n = this.n;
    const depthMax = n - L;
    const stride = this.dfsStride;
    const len0 = this.curOff[s + 1] - this.curOff[s];
    if (len0 > stride) return GAVE_UP;
    if (this.dfsRec.length < (depthMax + 1) * stride) this.dfsRec = new Uint16Array((depthMax + 1) * stride);
    if (this.dfsSucc.length < 2 * (depthMax + 1) * stride) this.dfsSucc = new Uint16Array(2 * (depthMax + 1) * stride);
    if (this.dfsLen.length < depthMax + 1) {
      this.dfsLen = new Int32Array(depthMax + 1);
      this.dfsSuccN = new Int32Array(depthMax + 1);
      this.dfsSuccPos = new Int32Array(depthMax + 1);
      this.dfsSuccLen = new Int32Array(2 * (depthMax + 1));
      this.dfsSuccChoice = new Int32Array(2 * (depthMax + 1));
    }
    const choices = this.dfsChoices;
    this.dfsRec.set(this.curPool.subarray(this.curOff[s], this.curOff[s + 1]), 0);
    this.dfsLen[0] = len0;
    this.dfsSuccN[0] = -1;
    let prefixes: Uint8Array[] | null = null;
    let nodes = 0;
    let completions = 0;
    let d = 0;
    let result = DEAD;
    while (d >= 0) {
      const i = L + d;
      if (i === n) {
        // A completion (the record after the last cell is the empty frontier).
        completions++;
        prefixes ??= L === 0 ? [new Uint8Array(n)] : this.derivations(L - 1, s);
        for (const pre of prefixes) {
          const all = pre.slice();
          for (let x = L; x < n; x++) all[x] = choices[x];
          const links = this.linksOf(all);
          const key = links.join(',');
          if (!this.foundKeys.has(key) && this.found.length < this.limit) {
            this.foundKeys.add(key);
            this.found.push(links);
          }
        }
        if (this.found.length >= this.limit) {
          result = FOUND;
          break;
        }
        d--;
        continue;
      }
      if (this.dfsSuccN[d] < 0) {
        if (++nodes > allowance) {
          result = GAVE_UP;
          break;
        }
        if (!this.meter.tick()) {
          result = STOPPED;
          break;
        }
        this.prepareLayer(i);
        this.dfsDepth = d;
        this.dfsSuccN[d] = 0;
        this.dfsSuccPos[d] = 0;
        this.expand(this.dfsRec, d * stride, this.dfsLen[d], i, -1);
        if (this.dfsOverflow) {
          this.dfsOverflow = false;
          result = GAVE_UP;
          break;
        }
      }
      if (this.dfsSuccPos[d] >= this.dfsSuccN[d]) {
        d--;
        continue;
      }
      const k = this.dfsSuccPos[d]++;
      const len = this.dfsSuccLen[2 * d + k];
      this.dfsRec.set(this.dfsSucc.subarray((2 * d + k) * stride, (2 * d + k) * stride + len), (d + 1) * stride);
      this.dfsLen[d + 1] = len;
      choices[i] = this.dfsSuccChoice[2 * d + k];
      this.dfsSuccN[d + 1] = -1;
      d++;
    }
    this.dfsDepth = -1;
    this.witnessWork += nodes;
    if (result === DEAD && completions > 0) result = FOUND;
    return result;
  }

  /** The witness search's sink: keeps a successor (the record in tmp) that passes the planarity test. */
  private dfsPush(choice: number, end: number, c: number): void {
    const d = this.dfsDepth;
    const stride = this.dfsStride;
    if (end > stride) {
      this.dfsOverflow = true;
      return;
    }
    if (!this.planar(c)) return;
    const k = this.dfsSuccN[d]++;
    this.dfsSucc.set(this.tmp.subarray(0, end), (2 * d + k) * stride);
    this.dfsSuccLen[2 * d + k] = end;
    this.dfsSuccChoice[2 * d + k] = choice;
  }

  /** Up to `limit` solutions of a finished sweep. */
  solutions(): Solution[] {
    if (this.found.length >= this.limit || this.layer < this.n) return this.found;
    const found: Solution[] = [];
    // The final state: every slot empty (and under no-2x2 every cell of a completed path, no constraint).
    for (let s = 0; s < this.curN; s++) {
      if (this.curMeta[2 * s] < 0) continue;
      const off = this.curOff[s];
      let zero = true;
      for (let t = off; t < this.curOff[s + 1]; t++) if (this.curPool[t] !== 0) zero = false;
      if (!zero) continue;
      for (const choices of this.derivations(this.n - 1, s)) found.push(this.linksOf(choices));
    }
    return found;
  }

  /** Starts the next layer: an empty pool and table. */
  private beginLayer(): void {
    this.nxtN = 0;
    this.nxtOff[0] = 0;
    // A table for about as many states as this layer has, at most half full (it grows as needed).
    let size = 4096;
    while (size < 4 * this.curN) size *= 2;
    if (this.table.length !== 2 * size) {
      this.table = new Int32Array(2 * size);
      this.tableMask = size - 1;
    } else this.table.fill(0);
  }

  /** Ends the layer: keeps its back-pointer heads, swaps pools; returns its live states. */
  private endLayer(): number {
    let live = 0;
    const heads = new Int32Array(this.nxtN);
    for (let s = 0; s < this.nxtN; s++) {
      if (this.nxtMeta[2 * s] >= 0) live++;
      heads[s] = this.nxtMeta[2 * s + 1];
    }
    this.heads.push(heads);
    [this.curPool, this.nxtPool] = [this.nxtPool, this.curPool];
    [this.curOff, this.nxtOff] = [this.nxtOff, this.curOff];
    [this.curMeta, this.nxtMeta] = [this.nxtMeta, this.curMeta];
    this.curN = this.nxtN;
    return live;
  }

  /**
   * One transition from state s at cell (r, c): the cell sends `down` and `right` (slot values),
   * `choice` records its links (bit 0 down, bit 1 right); every slot holding `from` becomes `to`
   * (a join); `closed` is a pair completed here; `self` is the label of the piece holding this cell.
   */
  private emit(
    src: Uint16Array,
    off: number,
    len: number,
    s: number,
    r: number,
    c: number,
    down: number,
    right: number,
    choice: number,
    from: number,
    to: number,
    closed: number,
    self: number,
  ): void {
    const W = this.W;
    const K = this.K;
    if (this.fixedChoice !== null) {
      const f = this.fixedChoice[r * W + c];
      if (f >= 0 && f !== choice) return;
    }
    if (this.knownChoices !== null && ((this.knownChoices[r * W + c] >> choice) & 1) === 0) return;
    this.transitions++;
    if (this.tmp.length < len + 8) this.tmp = new Uint16Array(2 * (len + 8));
    const tmp = this.tmp;
    for (let t = 0; t < len; t++) tmp[t] = src[off + t];
    let end = len;
    if (from) {
      for (let t = 0; t <= W; t++) if (tmp[t] === from) tmp[t] = to;
    }
    tmp[c] = down;
    tmp[W] = right;
    if (this.no2x2) {
      end = this.update2x2(r, c, from, to, closed, self, len);
      if (end < 0) {
        this.pruned++;
        return;
      }
    }
    // Canonical tags: renumbered K+1, K+2, ... by first appearance along the slots.
    const st = ++this.stamp;
    const mapTo = this.mapTo;
    const mapStamp = this.mapStamp;
    let nextTag = K + 1;
    for (let t = 0; t <= W; t++) {
      const v = tmp[t];
      if (v > K) {
        if (mapStamp[v] !== st) {
          mapStamp[v] = st;
          mapTo[v] = nextTag++;
        }
        tmp[t] = mapTo[v];
      }
    }
    if (this.no2x2) {
      // Every tag elsewhere in the record is the label of a piece with open ends, so it is mapped.
      for (let t = W + 1; t < end; t++) {
        if (t === this.NC) continue;
        const v = tmp[t];
        if (v > K) tmp[t] = mapTo[v];
      }
      end = this.normaliseConstraints(end);
    }
    if (this.dfsDepth >= 0) this.dfsPush(choice, end, c);
    else this.insert(s, choice, end, c);
  }

  /** Hashes the record in `tmp[0, end)` and adds the count of state s to it in the next layer. */
  private insert(s: number, choice: number, end: number, c: number): void {
    const tmp = this.tmp;
    let h = 0x811c9dc5 | 0;
    for (let t = 0; t < end; t++) h = Math.imul(h ^ tmp[t], 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    const mask = this.tableMask;
    const table = this.table;
    const pool = this.nxtPool;
    const fixed = this.no2x2 ? 0 : this.FIXED;
    let slot = h & mask;
    let idx = -1;
    for (;;) {
      const e = table[2 * slot + 1];
      if (e === 0) break;
      if (table[2 * slot] === h) {
        const j = e - 1;
        const o = fixed ? j * fixed : this.nxtOff[j];
        if (fixed || this.nxtOff[j + 1] - o === end) {
          let t = 0;
          while (t < end && pool[o + t] === tmp[t]) t++;
          if (t === end) {
            idx = j;
            break;
          }
        }
      }
      slot = (slot + 1) & mask;
    }
    if (idx < 0) {
      idx = this.append(end);
      table[2 * slot] = h;
      table[2 * slot + 1] = idx + 1;
      if (!this.planar(c)) {
        this.pruned++;
        this.nxtMeta[2 * idx] = -1;
      }
      if (2 * this.nxtN > this.tableMask) this.rehash();
    }
    const count = this.nxtMeta[2 * idx];
    if (count < 0 || count >= this.limit) return;
    this.nxtMeta[2 * idx] = Math.min(this.limit, count + this.curMeta[2 * s]);
    // A back-pointer per incoming transition while the state has fewer than `limit` derivations;
    // each leads to at least one, so `limit` of them (or all) reach min(count, limit) solutions.
    if (this.bpN === this.bpVal.length) {
      this.bpVal = grow32(this.bpVal, this.bpN + 1);
      this.bpNext = grow32(this.bpNext, this.bpN + 1);
    }
    this.bpVal[this.bpN] = s * 4 + choice;
    this.bpNext[this.bpN] = this.nxtMeta[2 * idx + 1];
    this.nxtMeta[2 * idx + 1] = this.bpN++;
  }

  /** Appends `tmp[0, end)` as a new state of the next layer; returns its index. */
  private append(end: number): number {
    const j = this.nxtN;
    if (2 * (j + 1) > this.nxtMeta.length) {
      const cap = this.nxtMeta.length;
      const off = new Int32Array(cap + 1);
      off.set(this.nxtOff);
      this.nxtOff = off;
      this.nxtMeta = grow32(this.nxtMeta, 2 * cap);
    }
    const o = this.nxtOff[j];
    if (o + end > this.nxtPool.length) {
      let size = 2 * this.nxtPool.length;
      while (size < o + end) size *= 2;
      const pool = new Uint16Array(size);
      pool.set(this.nxtPool.subarray(0, o));
      this.nxtPool = pool;
    }
    this.nxtPool.set(this.tmp.subarray(0, end), o);
    this.nxtOff[j + 1] = o + end;
    this.nxtMeta[2 * j] = 0;
    this.nxtMeta[2 * j + 1] = -1;
    this.nxtN = j + 1;
    return j;
  }

  private rehash(): void {
    const old = this.table;
    const size = 2 * (this.tableMask + 1);
    const table = new Int32Array(2 * size);
    const mask = size - 1;
    for (let x = 0; x < old.length; x += 2) {
      if (old[x + 1] === 0) continue;
      let slot = old[x] & mask;
      while (table[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      table[2 * slot] = old[x];
      table[2 * slot + 1] = old[x + 1];
    }
    this.table = table;
    this.tableMask = mask;
  }

  /**
   * Prepares the planarity test for the states after cell i = (r, c): where the unprocessed endpoints
   * sit on the boundary of the unprocessed region D, in the cyclic order of `planar`.
   */
  private prepareLayer(i: number): void {
    if (this.layerStamp === i + 1) return;
    const { W, H } = this;
    const r = Math.floor(i / W);
    const c = i - r * W;
    const stamp = i + 1;
    const pos = this.posOf[c];
    let m = 0;
    for (let e = 0; e < this.endCells.length; e++) {
      const x = this.endCells[e];
      if (x <= i) continue;
      const lab = this.pairOf[x] + 1;
      const rr = Math.floor(x / W);
      const cc = x - rr * W;
      let key = -1;
      let a = -1;
      let b = -1;
      if (rr === r + 1 && cc <= c) {
        a = cc; // below a down slot of this row
        key = pos[cc];
      } else if (rr === r && cc > c) {
        a = cc; // below a down slot of the row above
        if (cc === c + 1) b = W; // and right of this cell
        key = pos[cc];
      } else if (cc === W - 1) key = W + 1 + rr;
      else if (rr === H - 1) key = W + 1 + H + (W - 1 - cc);
      else if (cc === 0) key = W + 1 + H + W + (H - 1 - rr);
      if (key < 0) {
        this.floating[lab] = stamp;
        continue;
      }
      // Insertion by key (few endpoints).
      let j = m++;
      while (j > 0 && this.epKey[j - 1] > key) {
        this.epKey[j] = this.epKey[j - 1];
        this.epLab[j] = this.epLab[j - 1];
        this.epSlotA[j] = this.epSlotA[j - 1];
        this.epSlotB[j] = this.epSlotB[j - 1];
        j--;
      }
      this.epKey[j] = key;
      this.epLab[j] = lab;
      this.epSlotA[j] = a;
      this.epSlotB[j] = b;
    }
    this.epN = m;
    this.layerStamp = stamp;
  }

  /**
   * Planarity of the unprocessed region D, on the record in `tmp` after processing a cell in column c.
   * Sound: it rejects a state only when a relaxed problem, implied by every completion, has no solution.
   *
   * D is a disc. Its boundary runs along the frontier, meeting the slots in the order `order[c]`, then
   * down the grid's right side, along the bottom and up the left side. The processed cells form a disc
   * on the other side of the frontier, where each tag is a curve joining its two slots (tag curves do
   * not cross). In any completion, each slot goes on into D to another slot (a chord of D) or to an
   * endpoint in D; curves in D do not cross. An endpoint of D that touches D's boundary (beside the
   * frontier or on the grid's side) can be joined to its contact point by a segment inside its cell
   * that crosses nothing (its own path leaves the cell by another side, or by this one, and then it is
   * the slot's link itself), so it acts as a point of the boundary too; the others float inside D.
   * Every pair still open has exactly two ends in D: its slots (a pair whose two endpoints are both
   * processed), its slot and its unprocessed endpoint, or its two unprocessed endpoints. The relaxed
   * problem forgets where floating endpoints are and that cells must be covered: link, in D, the two
   * ends of every pair, through tags (chord, tag, chord, ...), without crossings; tags not needed end
   * at floating endpoints.
   *
   * The word is reduced in steps, each keeping the relaxed problem solvable if it was:
   * 0. a slot entering an endpoint's cell is that endpoint's only link: both leave the word (and a tag
   *    there takes the endpoint's pair at its other end); if the slot holds another pair, or two
   *    slots enter one endpoint, no completion exists;
   * 1. the ends of a pair with a floating end are dropped: route that pair's curve to its floating
   *    end directly (the tag it met, if any, ends at a floating point instead);
   * 2. two equal neighbours in the cyclic word are cancelled, for a pair (link its two ends by a chord
   *    between neighbours, which crosses nothing; tags it used before end at floating points instead)
   *    and for a tag (its two ends X - t ~ t' - Y become one chord X - Y hugging the old ones; where X
   *    or Y ended at a floating point the other one does too, which is allowed: such a chain holds no
   *    pair whose two ends are on the boundary).
   * Cancelling neighbours is reduction in a free product of order-2 groups: one stack pass, then
   * cancelling between the two ends of the stack, reaches the unique cyclically reduced word. If that
   * word is non-empty and holds no tag, each of its pairs needs a chord to its partner and no two
   * partners are neighbours, so two chords must cross: reject. If it holds tags, `bridged` searches.
   */
  private planar(c: number): boolean {
    const tmp = this.tmp;
    const K = this.K;
    const W = this.W;
    const ord = this.order[c];
    const stack = this.stack;
    // Step 0: slots entering endpoint cells.
    const st = ++this.stamp;
    const mapTo = this.mapTo;
    const mapStamp = this.mapStamp;
    const used = this.slotUsed;
    const epUsed = this.epUsed;
    for (let e = 0; e < this.epN; e++) {
      epUsed[e] = 0;
      const a = this.epSlotA[e];
      if (a < 0) continue;
      const b = this.epSlotB[e];
      let slot = tmp[a] !== 0 ? a : -1;
      if (b >= 0 && tmp[b] !== 0) {
        if (slot >= 0) return false;
        slot = b;
      }
      if (slot < 0) continue;
      let v = tmp[slot];
      if (v > K && mapStamp[v] === st) v = mapTo[v];
      const lab = this.epLab[e];
      if (v <= K) {
        if (v !== lab) return false;
      } else {
        mapStamp[v] = st;
        mapTo[v] = lab;
      }
      used[slot] = st;
      epUsed[e] = 1;
    }
    // Steps 1 and 2 on the merged word: slots by position, endpoints after the slot they touch.
    const floating = this.floating;
    const fl = this.layerStamp;
    let lo = 0;
    let sp = 0;
    let tags = 0;
    let e = 0;
    for (let t = 0; t <= W + 1; t++) {
      if (t <= W) {
        const s = ord[t];
        let v = tmp[s];
        if (v !== 0 && used[s] !== st) {
          if (v > K && mapStamp[v] === st) v = mapTo[v];
          if (v > K || floating[v] !== fl) {
            if (sp > 0 && stack[sp - 1] === v) {
              sp--;
              if (v > K) tags--;
            } else {
              stack[sp++] = v;
              if (v > K) tags++;
            }
          }
        }
      }
      for (; e < this.epN && (t > W || this.epKey[e] === t); e++) {
        const v = this.epLab[e];
        if (epUsed[e] || floating[v] === fl) continue;
        if (sp > 0 && stack[sp - 1] === v) sp--;
        else stack[sp++] = v;
      }
    }
    // Cyclic: the word's two ends are neighbours too.
    let hi = sp;
    while (hi - lo >= 2 && stack[lo] === stack[hi - 1]) {
      if (stack[lo] > K) tags -= 2;
      lo++;
      hi--;
    }
    if (hi === lo) return true;
    if (tags === 0) return false;
    // Tags left: search the relaxed problem itself, within a small budget (out of budget: keep).
    this.gNodes = 0;
    const w = this.gBuf[0];
    for (let x = lo; x < hi; x++) w[x - lo] = stack[x];
    return this.bridged(0, hi - lo);
  }

  /**
   * The relaxed problem of `planar` on a cyclically reduced word with tags (gBuf[depth][0, m)), by
   * search: a tag is either left out (its ends go to floating points) or used as a bridge, a chord
   * from one of its ends to a neighbour in the word (a pair end, whose label its other end takes, or
   * another tag's end, merging the two tags). Every way of linking uses one of these moves first, so
   * a failed search proves that no completion exists. Each move removes a tag, so the depth is at
   * most the number of tags; past `G_NODES` nodes the search gives up and keeps the state.
   */
  private bridged(depth: number, m: number): boolean {
    const K = this.K;
    const w = this.gBuf[depth];
    if (depth + 1 >= this.gBuf.length) return true;
    const nw = this.gBuf[depth + 1];
    for (let x = 0; x < m; x++) {
      const t = w[x];
      if (t <= K) continue;
      // First occurrence only: leave tag t out.
      let first = true;
      for (let y = 0; y < x; y++) if (w[y] === t) first = false;
      if (!first) continue;
      if (++this.gNodes > G_NODES) return true;
      let n2 = 0;
      for (let y = 0; y < m; y++) if (w[y] !== t) n2 = push(nw, n2, w[y]);
      const r = reduceCyclic(nw, n2, K);
      if (r === 0 || (r > 0 && this.bridged(depth + 1, r))) return true;
    }
    for (let x = 0; x < m; x++) {
      const y = x + 1 === m ? 0 : x + 1;
      if (y === x) break;
      const a = w[x];
      const b = w[y];
      if (a === b || (a <= K && b <= K)) continue;
      if (++this.gNodes > G_NODES) return true;
      // Chord a - b: both leave; the other end of the tag among them takes the other's label.
      const from = b > K ? b : a;
      const to = b > K ? a : b;
      let n2 = 0;
      for (let z = 0; z < m; z++) {
        if (z === x || z === y) continue;
        n2 = push(nw, n2, w[z] === from ? to : w[z]);
      }
      const r = reduceCyclic(nw, n2, K);
      if (r === 0 || (r > 0 && this.bridged(depth + 1, r))) return true;
    }
    return false;
  }

  /**
   * The 2x2 bookkeeping for cell (r, c) on the record in `tmp` (slots already updated, labels `from`
   * already merged into `to` in the slots, not yet elsewhere). Returns the record's new end, or -1
   * when a 2x2 block of one path appears.
   */
  private update2x2(r: number, c: number, from: number, to: number, closed: number, self: number, len: number): number {
    const tmp = this.tmp;
    const W = this.W;
    const K = this.K;
    const CELLS = this.CELLS;
    const DIAG = this.DIAG;
    const NC = this.NC;
    // Merge `from` into `to` in the cell labels and the constraints.
    let nc = tmp[NC];
    if (from) {
      for (let t = CELLS; t <= DIAG; t++) if (tmp[t] === from) tmp[t] = to;
      for (let q = 0; q < nc; q++) {
        const b = NC + 1 + 4 * q;
        for (let u = 0; u < 4; u++) if (tmp[b + u] === from) tmp[b + u] = to;
      }
    }
    let end = len;
    const upCell = tmp[CELLS + c];
    if (r > 0 && c > 0) {
      // The block with this cell at its bottom right: up-left, up, left and this cell.
      const tup = this.tup;
      tup[0] = tmp[DIAG];
      tup[1] = upCell;
      tup[2] = tmp[CELLS + c - 1];
      tup[3] = self;
      // A 0 is a path completed before this cell: it differs from this cell's path for good.
      if (tup[0] !== 0 && tup[1] !== 0 && tup[2] !== 0) {
        sort4(tup);
        let distinct = 0;
        let pairs = 0;
        let hasClosed = false;
        let prev = 0;
        for (let u = 0; u < 4; u++) {
          const v = tup[u];
          if (v === prev) {
            tup[u] = 0; // keep each label once
            continue;
          }
          prev = v;
          distinct++;
          if (v <= K) pairs++;
          if (v === closed) hasClosed = true;
        }
        if (distinct === 1) return -1;
        // Two different pairs never merge; a pair completed here merges with nothing any more.
        if (pairs < 2 && !hasClosed) {
          sort4(tup);
          for (let u = 0; u < 4; u++) tmp[end + u] = tup[u];
          end += 4;
          nc++;
        }
      }
    }
    tmp[DIAG] = c === W - 1 ? 0 : upCell;
    tmp[CELLS + c] = self;
    tmp[NC] = nc;
    // Pending constraints: after the merge, one with a single label is a block of one path.
    let w = NC + 1;
    for (let q = 0; q < nc; q++) {
      const b = NC + 1 + 4 * q;
      const tup = this.tup;
      for (let u = 0; u < 4; u++) tup[u] = tmp[b + u];
      sort4(tup);
      let distinct = 0;
      let pairs = 0;
      let dead = false;
      let prev = 0;
      for (let u = 0; u < 4; u++) {
        const v = tup[u];
        if (v === 0) continue;
        if (v === prev) {
          tup[u] = 0;
          continue;
        }
        prev = v;
        distinct++;
        if (v <= K) pairs++;
        if (v === closed) dead = true;
      }
      if (distinct === 1) return -1;
      if (pairs >= 2 || dead) continue; // satisfied for good: drop it
      sort4(tup);
      for (let u = 0; u < 4; u++) tmp[w + u] = tup[u];
      w += 4;
    }
    tmp[NC] = (w - NC - 1) / 4;
    // A completed pair's cells can no longer share a path with anything new.
    if (closed) for (let t = CELLS; t <= DIAG; t++) if (tmp[t] === closed) tmp[t] = 0;
    return w;
  }

  /** Sorts the constraint tuples (after canonical relabelling), drops duplicates and supersets. */
  private normaliseConstraints(end: number): number {
    const tmp = this.tmp;
    const NC = this.NC;
    const nc = tmp[NC];
    if (nc === 0) return end;
    const tup = this.tup;
    // Re-sort each tuple (relabelling may change the order), then insertion-sort the tuples.
    for (let q = 0; q < nc; q++) {
      const b = NC + 1 + 4 * q;
      for (let u = 0; u < 4; u++) tup[u] = tmp[b + u];
      sort4(tup);
      for (let u = 0; u < 4; u++) tmp[b + u] = tup[u];
    }
    for (let q = 1; q < nc; q++) {
      for (let j = q; j > 0 && cmpTuple(tmp, NC + 1 + 4 * (j - 1), NC + 1 + 4 * j) > 0; j--) swapTuple(tmp, NC + 1 + 4 * (j - 1), NC + 1 + 4 * j);
    }
    // Drop a tuple equal to an earlier one or holding another tuple's labels (that one is stronger).
    let w = 0;
    for (let q = 0; q < nc; q++) {
      const b = NC + 1 + 4 * q;
      let redundant = false;
      for (let j = 0; j < nc && !redundant; j++) {
        if (j === q) continue;
        const a = NC + 1 + 4 * j;
        const cmp = cmpTuple(tmp, a, b);
        if (cmp === 0) redundant = j < q;
        else if (subset(tmp, a, b)) redundant = true;
      }
      if (redundant) continue;
      if (w !== q) for (let u = 0; u < 4; u++) tmp[NC + 1 + 4 * w + u] = tmp[b + u];
      w++;
    }
    tmp[NC] = w;
    return NC + 1 + 4 * w;
  }

  /**
   * Up to `limit` distinct choice sequences (one choice per cell up to cell `top`) reaching state `fin`
   * after cell `top`. Distinct back-pointer paths give distinct sequences: a choice prefix determines
   * its state.
   */
  private derivations(top: number, fin: number): Uint8Array[] {
    const n = this.n;
    const out: Uint8Array[] = [];
    const choices = new Uint8Array(n);
    const cur = new Int32Array(n);
    let d = top;
    cur[d] = this.heads[d][fin];
    for (;;) {
      if (cur[d] < 0) {
        d++;
        if (d > top) break;
        cur[d] = this.bpNext[cur[d]];
        continue;
      }
      const v = this.bpVal[cur[d]];
      choices[d] = v & 3;
      if (d === 0) {
        out.push(choices.slice());
        if (out.length >= this.limit) break;
        cur[0] = this.bpNext[cur[0]];
        continue;
      }
      cur[d - 1] = this.heads[d - 1][v >> 2];
      d--;
    }
    return out;
  }

  /** The puzzle's links from one choice per swept cell (bit 0: down, bit 1: right). */
  private linksOf(choices: Uint8Array): Solution {
    const { W, orig } = this;
    const pw = this.p.width;
    const links = new Uint8Array(this.n);
    const link = (a: number, b: number): void => {
      const ra = Math.floor(a / pw);
      const rb = Math.floor(b / pw);
      if (rb === ra + 1) {
        links[a] |= S;
        links[b] |= N;
      } else if (rb === ra - 1) {
        links[a] |= N;
        links[b] |= S;
      } else if (b === a + 1) {
        links[a] |= E;
        links[b] |= WEST;
      } else {
        links[a] |= WEST;
        links[b] |= E;
      }
    };
    for (let i = 0; i < choices.length; i++) {
      if (choices[i] & 1) link(orig[i], orig[i + W]);
      if (choices[i] & 2) link(orig[i], orig[i + 1]);
    }
    return links;
  }
}

/**
 * Per swept cell, the choices (bit 0: a link down, bit 1: a link right, in the swept grid) that agree
 * with `known`: a link known on must be chosen, one known off must not.
 */
function knownChoiceMasks(p: Numberlink, orig: Int32Array, W: number, H: number, known: KnownLinks): Uint8Array {
  const pw = p.width;
  const dirTo = (a: number, b: number): number => (b === a + pw ? S : b === a - pw ? N : b === a + 1 ? E : WEST);
  const masks = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) {
    const r = Math.floor(i / W);
    const c = i - r * W;
    const o = orig[i];
    let m = 0;
    for (let choice = 0; choice < 4; choice++) {
      let ok = true;
      if (r + 1 < H) {
        const d = dirTo(o, orig[i + W]);
        const on = (choice & 1) !== 0;
        if (on ? (known.off[o] & d) !== 0 : (known.on[o] & d) !== 0) ok = false;
      }
      if (c + 1 < W) {
        const d = dirTo(o, orig[i + 1]);
        const on = (choice & 2) !== 0;
        if (on ? (known.off[o] & d) !== 0 : (known.on[o] & d) !== 0) ok = false;
      }
      if (ok) m |= 1 << choice;
    }
    masks[i] = m;
  }
  return masks;
}

function sort4(a: Int32Array): void {
  for (let i = 1; i < 4; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

function cmpTuple(t: Uint16Array, a: number, b: number): number {
  for (let u = 0; u < 4; u++) if (t[a + u] !== t[b + u]) return t[a + u] - t[b + u];
  return 0;
}

function swapTuple(t: Uint16Array, a: number, b: number): void {
  for (let u = 0; u < 4; u++) {
    const v = t[a + u];
    t[a + u] = t[b + u];
    t[b + u] = v;
  }
}

/** Whether the non-zero labels of tuple a are all among those of tuple b (both sorted). */
function subset(t: Uint16Array, a: number, b: number): boolean {
  for (let u = 0; u < 4; u++) {
    const v = t[a + u];
    if (v === 0) continue;
    let hit = false;
    for (let x = 0; x < 4; x++) if (t[b + x] === v) hit = true;
    if (!hit) return false;
  }
  return true;
}
