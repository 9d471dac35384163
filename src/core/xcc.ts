/**
 * Exact cover with colours (Knuth's Algorithm C, TAOCP 7.2.2.1): dancing links over primary items,
 * which every solution covers exactly once, and secondary items, which it covers at most once when
 * uncoloured or, when coloured, any number of times provided every option using the item gives it the
 * same colour. Written from the published description of the algorithm. Pure engine code: no Node, no
 * DOM, no clock (time and cancellation come through the budget meter).
 *
 * Items share one index space: `0 .. primary-1` are the primary items and
 * `primary .. primary+secondary-1` the secondary ones. An option lists its items, each either a bare
 * index (uncoloured) or `{ item, colour }`; colour 0 means uncoloured, a positive colour is allowed on
 * secondary items only. A solution is a set of option indices (positions in the `options` array),
 * always given **sorted ascending**.
 *
 * Layout (as in Knuth's, packed): one Int32Array of 4-word nodes, each node's four words side by side (one
 * cache line holds four nodes). A node is named by its address (4 × its number): word 0 is
 * `TOP` (the item header's address) or, in a header, `LEN`; then `ULINK`, `DLINK` and `COLOR`. Nodes
 * `1..N` are the item headers, then the options follow in input order, each preceded by a spacer node
 * whose `TOP` is `-k` (`ULINK` = first node of the option before it, `DLINK` = last node of the option
 * after it), so the spacer after option k says `-(k+1)`. `COLOR` is 0 (uncoloured), the colour, or -1
 * for a node whose item has been purified to its colour. Primary items are linked in a horizontal list
 * from the root 0 (`LLINK`/`RLINK`, two small arrays over header numbers); secondary items are
 * self-loops, so covering them leaves that list alone.
 *
 * A problem keeps its initial table and one working copy that every search leaves as it found it (a
 * search that stops early undoes its levels, as backtracking would); a search started while another
 * runs on the same problem (from a visitor) works on a fresh copy, and a search left by an exception
 * has the working copy restored from the initial table before the next one.
 *
 * Search: iterative (an explicit level stack, no recursion, so depth is bounded only by the number of
 * primary items). Branching item: the active primary item with the fewest remaining options, ties to
 * the lowest index, except that the scan stops at the first item with at most one option (an item with
 * one option is forced; stopping there only postpones a dead end, so the solutions and their order are
 * those of the strict rule). Options of the chosen item are tried in input order, so the order in which
 * solutions are met is deterministic.
 *
 * Budget: one node per option tried (committed to a partial solution); an already aborted signal stops
 * the search before it starts. Running out of budget gives `inconclusive`, never `none` or `unique`.
 * Nodes are handed to the meter in batches of at most 64, each batch ending no later than the node
 * that exceeds `maxNodes`, so a node limit stops at exactly the node a tick per node would, with the
 * same count. A batch also ends before each solution is visited, so a visitor sees the meter's count
 * up to date; the meter reads the clock and the signal once per 64 nodes as before, at the end of a
 * batch. A search that completes adds its last nodes without a reading (a complete answer is never
 * turned into a time-out).
 */
import { Meter, type Budget } from './budget.ts';
import { verdictFromCount, type FindResult, type SolveStats, type StopReason, type Verdict } from './verdict.ts';

/** An item of an option: a bare item index (uncoloured) or an item with a colour (0 = uncoloured). */
export type XccEntry = number | { readonly item: number; readonly colour: number };

export interface XccSpec {
  /** Number of primary items (indices `0 .. primary-1`). */
  primary: number;
  /** Number of secondary items (indices `primary .. primary+secondary-1`). */
  secondary: number;
  /** Each option lists distinct items, at least one of them primary. */
  options: readonly (readonly XccEntry[])[];
}

export interface XccSearchOptions {
  /** The budget of a fresh meter (ignored when `meter` is given). */
  budget?: Budget;
  /** A meter to charge instead (shared with a caller's own search; its node count keeps running). */
  meter?: Meter;
  /**
   * Options committed before the search (clues). Every solution reported contains them. Options that
   * clash with each other (or an option given twice) leave no solution.
   */
  forced?: readonly number[];
}

export interface XccCountOptions extends XccSearchOptions {
  /** Stop once this many solutions are found (at least 2; default 2, enough to certify uniqueness). */
  limit?: number;
}

/** How an enumeration ended: a budget stop, `completed` (search space exhausted) or the visitor's `stop`. */
export type XccEnumerationStop = StopReason | 'visitor';

export interface XccEnumeration {
  /** Solutions visited. */
  count: number;
  stop: XccEnumerationStop;
  stats: SolveStats;
}

/** Thrown by the constructor for a malformed problem (a programming error, not user input). */
export class XccInputError extends Error {
  override readonly name = 'XccInputError';
}

/** Called with each solution (sorted option indices, a fresh array); return `false` to stop. */
// biome-ignore lint/suspicious/noConfusingVoidType: a visitor that returns nothing goes on, one that returns true stops.
export type XccVisitor = (solution: number[]) => boolean | void;

const MAX_COLOUR = 0x7fffffff;
/** Nodes per batch handed to the meter (its own clock cadence). */
const TICK_BATCH = 64;

/**
 * The same problem as flat arrays, without an object per entry: option k lists the entries
 * `starts[k] .. starts[k+1]-1` of `items` (and of `colours`). Same rules as `XccSpec`.
 */
export interface XccFlatSpec {
  /** Number of primary items (indices `0 .. primary-1`). */
  primary: number;
  /** Number of secondary items (indices `primary .. primary+secondary-1`). */
  secondary: number;
  /** optionCount + 1 offsets into `items`: `starts[0]` is 0, they never decrease, the last is `items.length`. */
  starts: ArrayLike<number>;
  /** The items of every option, option after option. */
  items: ArrayLike<number>;
  /** The colour of each entry of `items` (0 = uncoloured); omitted, every entry is uncoloured. */
  colours?: ArrayLike<number>;
}

// The node table's words (see the header): a node at address a has TOP/LEN at a, then these.
const UP = 1;
const DOWN = 2;
const COLOR = 3;

/** Takes the option of node p out of every item list but p's own (purified nodes are in none). */
function hide(mem: Int32Array, p: number): void {
  let q = p + 4;
  while (q !== p) {
    const x = mem[q];
    if (x <= 0) {
      q = mem[q + UP];
    } else {
      if (mem[q + COLOR] >= 0) {
        const u = mem[q + UP];
        const d = mem[q + DOWN];
        mem[u + DOWN] = d;
        mem[d + UP] = u;
        mem[x]--;
      }
      q += 4;
    }
  }
}

/** Undoes `hide(mem, p)`, visiting the nodes in reverse order. */
function unhide(mem: Int32Array, p: number): void {
  let q = p - 4;
  while (q !== p) {
    const x = mem[q];
    if (x <= 0) {
      q = mem[q + DOWN];
    } else {
      if (mem[q + COLOR] >= 0) {
        mem[mem[q + UP] + DOWN] = q;
        mem[mem[q + DOWN] + UP] = q;
        mem[x]++;
      }
      q -= 4;
    }
  }
}

/** Removes the options of item header i but its own nodes from the other lists, and i from the item list. */
function cover(mem: Int32Array, llink: Int32Array, rlink: Int32Array, i: number): void {
  for (let p = mem[i + DOWN]; p !== i; p = mem[p + DOWN]) hide(mem, p);
  const h = i >> 2;
  const l = llink[h];
  const r = rlink[h];
  rlink[l] = r;
  llink[r] = l;
}

function uncover(mem: Int32Array, llink: Int32Array, rlink: Int32Array, i: number): void {
  const h = i >> 2;
  const l = llink[h];
  const r = rlink[h];
  rlink[l] = h;
  llink[r] = h;
  for (let p = mem[i + UP]; p !== i; p = mem[p + UP]) unhide(mem, p);
}

/** Keeps in node p's (secondary) item only the options that give it p's colour. */
function purify(mem: Int32Array, p: number): void {
  const c = mem[p + COLOR];
  const i = mem[p];
  for (let r = mem[i + DOWN]; r !== i; r = mem[r + DOWN]) {
    if (mem[r + COLOR] === c) mem[r + COLOR] = -1;
    else hide(mem, r);
  }
}

function unpurify(mem: Int32Array, p: number): void {
  const c = mem[p + COLOR];
  const i = mem[p];
  for (let r = mem[i + UP]; r !== i; r = mem[r + UP]) {
    if (mem[r + COLOR] < 0) mem[r + COLOR] = c;
    else unhide(mem, r);
  }
}

// commit/uncommit walk an option round its spacers as hide/unhide do, with other work per node: the
// walk stays written out in each (a shared walk would take a callback in the innermost loop).

/** Commits the other items of the option of node x (whose own item is already covered). */
function commit(mem: Int32Array, llink: Int32Array, rlink: Int32Array, x: number): void {
  let p = x + 4;
  while (p !== x) {
    const j = mem[p];
    if (j <= 0) {
      p = mem[p + UP];
    } else {
      const c = mem[p + COLOR];
      if (c === 0) cover(mem, llink, rlink, j);
      else if (c > 0) purify(mem, p);
      p += 4;
    }
  }
}

function uncommit(mem: Int32Array, llink: Int32Array, rlink: Int32Array, x: number): void {
  let p = x - 4;
  while (p !== x) {
    const j = mem[p];
    if (j <= 0) {
      p = mem[p + DOWN];
    } else {
      const c = mem[p + COLOR];
      if (c === 0) uncover(mem, llink, rlink, j);
      else if (c > 0) unpurify(mem, p);
      p -= 4;
    }
  }
}

/** The option index of the option holding node x (read from the spacer after it). */
function optionOf(mem: Int32Array, x: number): number {
  let q = x + 4;
  while (mem[q] > 0) q += 4;
  return -mem[q] - 1;
}

/** Undoes levels 0..level-1 after uncovering `item` (a header address) at `level` when it is not -1. */
function unwind(mem: Int32Array, llink: Int32Array, rlink: Int32Array, chosen: Int32Array, items: Int32Array, level: number, item: number): void {
  if (item >= 0) uncover(mem, llink, rlink, item);
  for (let l = level - 1; l >= 0; l--) {
    uncommit(mem, llink, rlink, chosen[l]);
    uncover(mem, llink, rlink, items[l]);
  }
}

/** How many more ticks make a batch: at most TICK_BATCH, and the batch ends at the node past `maxNodes`. */
function batchSize(meter: Meter): number {
  if (meter.stopped) return 1;
  const max = meter.budget.maxNodes;
  if (max === undefined || Number.isNaN(max)) return TICK_BATCH;
  const left = Math.floor(max - meter.nodes) + 1;
  return left < 1 ? 1 : Math.min(left, TICK_BATCH);
}

/** A node table and its primary item list (see the header). */
interface Table {
  mem: Int32Array;
  llink: Int32Array;
  rlink: Int32Array;
}

export class XccProblem {
  readonly primary: number;
  readonly secondary: number;
  readonly optionCount: number;
  /** The initial node table (see the header); never written after construction. */
  private readonly initial: Table;
  /** Address of each option's node in its first primary item. */
  private readonly firstPrimary: Int32Array;
  /** The working copy: equal to the initial state between searches unless `dirty`. */
  private work: Table | null = null;
  private busy = false;
  private dirty = false;

  /**
   * Builds the node table from options as entry lists, or from the flat arrays of `XccFlatSpec`;
   * throws `XccInputError` on a malformed problem.
   */
  constructor(spec: XccSpec | XccFlatSpec) {
    const { primary, secondary } = spec;
    if (!Number.isSafeInteger(primary) || primary < 0) {
      throw new XccInputError(`primary item count must be a non-negative integer, got ${primary}`);
    }
    if (!Number.isSafeInteger(secondary) || secondary < 0) {
      throw new XccInputError(`secondary item count must be a non-negative integer, got ${secondary}`);
    }
    const n = primary + secondary;
    const flat = 'starts' in spec ? spec : null;
    const options = flat ? null : (spec as XccSpec).options;
    let m: number;
    let entries = 0;
    if (flat) {
      const { starts, items, colours } = flat;
      m = starts.length - 1;
      if (m < 0 || starts[0] !== 0) throw new XccInputError('flat problem: starts must begin with 0');
      for (let k = 0; k < m; k++) {
        const a = starts[k];
        const b = starts[k + 1];
        if (!Number.isSafeInteger(b) || b < a) throw new XccInputError(`flat problem: starts[${k + 1}] = ${b} is not an integer at least starts[${k}] = ${a}`);
      }
      if (starts[m] !== items.length) throw new XccInputError(`flat problem: the last start (${starts[m]}) must be the number of items (${items.length})`);
      if (colours && colours.length !== items.length) throw new XccInputError(`flat problem: ${colours.length} colours for ${items.length} items`);
      entries = items.length;
    } else {
      m = options!.length;
      for (const o of options!) entries += o.length;
    }
    const size = n + 1 + entries + m + 1;
    if (size > 0x1fffffff) throw new XccInputError('problem too large');
    this.primary = primary;
    this.secondary = secondary;
    this.optionCount = m;

    const mem = new Int32Array(4 * size);
    const llink = new Int32Array(n + 1);
    const rlink = new Int32Array(n + 1);
    const firstPrimary = new Int32Array(m);

    for (let h = 1; h <= n; h++) {
      mem[4 * h + UP] = 4 * h;
      mem[4 * h + DOWN] = 4 * h;
    }
    // Primary items in a circular list through the root 0; secondary items are self-loops.
    for (let i = 0; i <= primary; i++) {
      rlink[i] = i === primary ? 0 : i + 1;
      llink[i] = i === 0 ? primary : i - 1;
    }
    for (let i = primary + 1; i <= n; i++) {
      llink[i] = i;
      rlink[i] = i;
    }

    const seen = new Int32Array(n + 1).fill(-1);
    let spacer = 4 * (n + 1);
    let p = spacer;
    let k = 0;
    let prim = -1;
    /** Appends entry (item, c) to option k. */
    const add = (item: number, c: number): void => {
      if (!Number.isInteger(item) || item < 0 || item >= n) {
        throw new XccInputError(`option ${k}: item ${item} out of range (${n} items: ${primary} primary, ${secondary} secondary)`);
      }
      if (!Number.isInteger(c) || c < 0 || c > MAX_COLOUR) {
        throw new XccInputError(`option ${k}: colour ${c} of item ${item} is not an integer in 0..${MAX_COLOUR}`);
      }
      if (c !== 0 && item < primary) throw new XccInputError(`option ${k}: primary item ${item} cannot carry a colour (${c})`);
      const h = item + 1;
      if (seen[h] === k) throw new XccInputError(`option ${k}: item ${item} appears twice`);
      seen[h] = k;
      p += 4;
      const x = 4 * h;
      mem[p] = x;
      mem[p + COLOR] = c;
      const last = mem[x + UP];
      mem[p + UP] = last;
      mem[last + DOWN] = p;
      mem[p + DOWN] = x;
      mem[x + UP] = p;
      mem[x]++;
      if (prim < 0 && item < primary) prim = p;
    };
    for (k = 0; k < m; k++) {
      const first = p + 4;
      prim = -1;
      if (flat) {
        const { starts, items, colours } = flat;
        const end = starts[k + 1];
        if (colours) for (let e = starts[k]; e < end; e++) add(items[e], colours[e]);
        else for (let e = starts[k]; e < end; e++) add(items[e], 0);
      } else {
        for (const e of options![k]) {
          if (typeof e === 'number') add(e, 0);
          else add(e.item, e.colour);
        }
      }
      if (prim < 0) throw new XccInputError(`option ${k}: no primary item`);
      firstPrimary[k] = prim;
      mem[spacer + DOWN] = p;
      p += 4;
      spacer = p;
      mem[spacer] = -(k + 1);
      mem[spacer + UP] = first;
    }

    this.initial = { mem, llink, rlink };
    this.firstPrimary = firstPrimary;
  }

  /**
   * Counts solutions up to `limit` (default 2) as a verdict whose solutions are sorted option indices.
   * `unique`/`none` only after the whole search space was explored; a budget stop is `inconclusive`
   * with the solutions found so far.
   */
  count(options: XccCountOptions = {}): Verdict<number[]> {
    const limit = options.limit ?? 2;
    if (!(limit >= 2)) throw new RangeError(`count limit must be at least 2 (got ${limit}); use findOne for one solution`);
    const meter = options.meter ?? new Meter(options.budget);
    const found: number[][] = [];
    const stop = this.run(meter, options.forced, (s) => {
      found.push(s);
      return found.length < limit;
    });
    return verdictFromCount(found, stop === 'visitor' ? 'completed' : stop, meter.stats());
  }

  /** Finds one solution (the first in search order), or says there is none, or ran out of budget. */
  findOne(options: XccSearchOptions = {}): FindResult<number[]> {
    const meter = options.meter ?? new Meter(options.budget);
    let solution: number[] | null = null;
    const stop = this.run(meter, options.forced, (s) => {
      solution = s;
      return false;
    });
    const stats = meter.stats();
    if (solution !== null) return { kind: 'found', solution, stats };
    if (stop === 'completed' || stop === 'visitor') return { kind: 'none', stats };
    return { kind: 'inconclusive', stop, stats };
  }

  /** Visits solutions in search order until the visitor returns `false`, the budget runs out or none are left. */
  forEachSolution(visit: XccVisitor, options: XccSearchOptions = {}): XccEnumeration {
    const meter = options.meter ?? new Meter(options.budget);
    let count = 0;
    const stop = this.run(meter, options.forced, (s) => {
      count++;
      return visit(s) !== false;
    });
    return { count, stop, stats: meter.stats() };
  }

  /** Counts every solution without keeping them (`stop` is `completed` when the count is exact). */
  countAll(options: XccSearchOptions = {}): XccEnumeration {
    return this.forEachSolution(() => true, options);
  }

  /** The search proper (Algorithm C), on the working copy (or a fresh one when that is in use). */
  private run(meter: Meter, forced: readonly number[] | undefined, onSolution: (s: number[]) => boolean): XccEnumerationStop {
    const forcedNodes = new Int32Array(forced?.length ?? 0);
    if (forced) {
      for (let f = 0; f < forced.length; f++) {
        const k = forced[f];
        if (!Number.isInteger(k) || k < 0 || k >= this.optionCount) {
          throw new RangeError(`forced option ${k} out of range (${this.optionCount} options)`);
        }
        forcedNodes[f] = this.firstPrimary[k];
      }
    }
    if (!meter.check()) return meter.stopped ?? 'cancelled';

    const { mem, llink, rlink } = this.initial;
    if (this.busy) {
      // Called from a visitor of a search on this problem: leave its state alone.
      return search({ mem: mem.slice(), llink: llink.slice(), rlink: rlink.slice() }, this.primary, forcedNodes, meter, onSolution);
    }
    if (this.work === null) {
      this.work = { mem: mem.slice(), llink: llink.slice(), rlink: rlink.slice() };
    } else if (this.dirty) {
      this.work.mem.set(mem);
      this.work.llink.set(llink);
      this.work.rlink.set(rlink);
    }
    this.busy = true;
    this.dirty = true;
    try {
      const stop = search(this.work, this.primary, forcedNodes, meter, onSolution);
      this.dirty = false; // every return from search restores the table
      return stop;
    } finally {
      this.busy = false;
    }
  }
}

/**
 * Algorithm C on a node table in its initial state, which it leaves in that state again whenever it
 * returns (an exception from the visitor leaves it as it is).
 */
function search(
  { mem, llink, rlink }: Table,
  primary: number,
  forcedNodes: Int32Array,
  meter: Meter,
  onSolution: (s: number[]) => boolean,
): XccEnumerationStop {
  const nForced = forcedNodes.length;
  const chosen = new Int32Array(primary + 1);
  const items = new Int32Array(primary + 1);
  let level = 0;
  // Nodes not yet handed to the meter, and the count at which the batch goes to it.
  let pending = 0;
  let batch = batchSize(meter);
  for (;;) {
    // Enter a level: either a solution, or branch on item i (a header address) starting at option node
    // x. A solution leaves i = x = -1: nothing to try at this level, go back to the one before it.
    let i = -1;
    let x = -1;
    if (level >= nForced && rlink[0] === 0) {
      const s = new Array<number>(level);
      for (let k = 0; k < level; k++) s[k] = optionOf(mem, chosen[k]);
      s.sort((a, b) => a - b);
      if (pending > 0) {
        // The visitor sees the count up to date; a clock or signal stop read now comes before it.
        const go = meter.tick(pending);
        pending = 0;
        if (!go) {
          unwind(mem, llink, rlink, chosen, items, level, -1);
          return meter.stopped ?? 'node-limit';
        }
      }
      if (!onSolution(s)) {
        unwind(mem, llink, rlink, chosen, items, level, -1);
        return 'visitor';
      }
      batch = batchSize(meter);
    } else if (level < nForced) {
      const f = forcedNodes[level];
      i = mem[f];
      const h = i >> 2;
      // The forced option must still be available: its item active and the option still in its list.
      let available = rlink[llink[h]] === h;
      if (available) {
        let q = mem[i + DOWN];
        while (q !== i && q !== f) q = mem[q + DOWN];
        available = q === f;
      }
      if (!available) {
        meter.nodes += pending;
        unwind(mem, llink, rlink, chosen, items, level, -1);
        return 'completed';
      }
      cover(mem, llink, rlink, i);
      x = f;
    } else {
      let h = 0;
      let best = 0x7fffffff;
      for (let k = rlink[0]; k !== 0; k = rlink[k]) {
        const l = mem[k << 2];
        if (l < best) {
          best = l;
          h = k;
          if (l <= 1) break;
        }
      }
      i = h << 2;
      cover(mem, llink, rlink, i);
      x = mem[i + DOWN];
    }
    // Backtrack while the level has no option left to try: the next option at the deepest level that
    // has one (a forced level has only its own).
    while (x === i) {
      if (i >= 0) uncover(mem, llink, rlink, i);
      if (level === 0) {
        meter.nodes += pending;
        return 'completed';
      }
      level--;
      i = items[level];
      const prev = chosen[level];
      uncommit(mem, llink, rlink, prev);
      x = level < nForced ? i : mem[prev + DOWN];
    }
    // Try option node x of item i at this level: one node.
    if (++pending >= batch) {
      const go = meter.tick(pending);
      pending = 0;
      if (!go) {
        unwind(mem, llink, rlink, chosen, items, level, i);
        return meter.stopped ?? 'node-limit';
      }
      batch = batchSize(meter);
    }
    commit(mem, llink, rlink, x);
    items[level] = i;
    chosen[level] = x;
    level++;
  }
}
