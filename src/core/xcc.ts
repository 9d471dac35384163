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
 * Layout (as in Knuth's): one flat node table of Int32Arrays. Nodes `1..N` are the item headers
 * (`LEN`, `ULINK`, `DLINK`), then the options follow in input order, each preceded by a spacer node
 * whose `TOP` is `-k` (`ULINK` = first node of the option before it, `DLINK` = last node of the option
 * after it). `COLOR` is 0 (uncoloured), the colour, or -1 for a node whose item has been purified to its
 * colour. Primary items are linked in a horizontal list from the root 0 (`LLINK`/`RLINK`); secondary
 * items are self-loops, so covering them leaves that list alone.
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
export type XccVisitor = (solution: number[]) => boolean | void;

const MAX_COLOUR = 0x7fffffff;

export class XccProblem {
  readonly primary: number;
  readonly secondary: number;
  readonly optionCount: number;
  // Immutable during search.
  private readonly top: Int32Array;
  /** Option index of each node (-1 for headers and spacers). */
  private readonly opt: Int32Array;
  /** Node of each option in its first primary item. */
  private readonly firstPrimary: Int32Array;
  // Initial state of the mutable fields; every search works on copies.
  private readonly up0: Int32Array;
  private readonly down0: Int32Array;
  private readonly len0: Int32Array;
  private readonly color0: Int32Array;
  private readonly llink0: Int32Array;
  private readonly rlink0: Int32Array;

  /** Builds the node table; throws `XccInputError` on a malformed problem. */
  constructor(spec: XccSpec) {
    const { primary, secondary, options } = spec;
    if (!Number.isSafeInteger(primary) || primary < 0) {
      throw new XccInputError(`primary item count must be a non-negative integer, got ${primary}`);
    }
    if (!Number.isSafeInteger(secondary) || secondary < 0) {
      throw new XccInputError(`secondary item count must be a non-negative integer, got ${secondary}`);
    }
    const n = primary + secondary;
    let entries = 0;
    for (const o of options) entries += o.length;
    const size = n + 1 + entries + options.length + 1;
    if (size > 0x7fffffff) throw new XccInputError('problem too large');
    this.primary = primary;
    this.secondary = secondary;
    this.optionCount = options.length;

    const top = new Int32Array(size);
    const up = new Int32Array(size);
    const down = new Int32Array(size);
    const color = new Int32Array(size);
    const opt = new Int32Array(size).fill(-1);
    const len = new Int32Array(n + 1);
    const llink = new Int32Array(n + 1);
    const rlink = new Int32Array(n + 1);
    const firstPrimary = new Int32Array(options.length);

    for (let i = 1; i <= n; i++) {
      up[i] = i;
      down[i] = i;
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
    let spacer = n + 1;
    top[spacer] = 0;
    let p = spacer;
    for (let k = 0; k < options.length; k++) {
      const o = options[k];
      const first = p + 1;
      let prim = -1;
      for (const e of o) {
        const item = typeof e === 'number' ? e : e.item;
        const c = typeof e === 'number' ? 0 : e.colour;
        if (!Number.isInteger(item) || item < 0 || item >= n) {
          throw new XccInputError(`option ${k}: item ${item} out of range (${n} items: ${primary} primary, ${secondary} secondary)`);
        }
        if (!Number.isInteger(c) || c < 0 || c > MAX_COLOUR) {
          throw new XccInputError(`option ${k}: colour ${c} of item ${item} is not an integer in 0..${MAX_COLOUR}`);
        }
        if (c !== 0 && item < primary) throw new XccInputError(`option ${k}: primary item ${item} cannot carry a colour (${c})`);
        const x = item + 1;
        if (seen[x] === k) throw new XccInputError(`option ${k}: item ${item} appears twice`);
        seen[x] = k;
        p++;
        top[p] = x;
        color[p] = c;
        opt[p] = k;
        const last = up[x];
        up[p] = last;
        down[last] = p;
        down[p] = x;
        up[x] = p;
        len[x]++;
        if (prim < 0 && item < primary) prim = p;
      }
      if (prim < 0) throw new XccInputError(`option ${k}: no primary item`);
      firstPrimary[k] = prim;
      down[spacer] = p;
      p++;
      spacer = p;
      top[spacer] = -(k + 1);
      up[spacer] = first;
    }

    this.top = top;
    this.opt = opt;
    this.firstPrimary = firstPrimary;
    this.up0 = up;
    this.down0 = down;
    this.len0 = len;
    this.color0 = color;
    this.llink0 = llink;
    this.rlink0 = rlink;
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

  /** The search proper (Algorithm C), on fresh copies of the link arrays. */
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

    const top = this.top;
    const opt = this.opt;
    const up = this.up0.slice();
    const down = this.down0.slice();
    const len = this.len0.slice();
    const color = this.color0.slice();
    const llink = this.llink0.slice();
    const rlink = this.rlink0.slice();
    const nForced = forcedNodes.length;

    /** Removes the option of node p from every item list but p's own (skipping purified nodes). */
    const hide = (p: number): void => {
      let q = p + 1;
      while (q !== p) {
        const x = top[q];
        if (x <= 0) {
          q = up[q];
        } else {
          if (color[q] >= 0) {
            const u = up[q];
            const d = down[q];
            down[u] = d;
            up[d] = u;
            len[x]--;
          }
          q++;
        }
      }
    };
    const unhide = (p: number): void => {
      let q = p - 1;
      while (q !== p) {
        const x = top[q];
        if (x <= 0) {
          q = down[q];
        } else {
          if (color[q] >= 0) {
            const u = up[q];
            const d = down[q];
            down[u] = q;
            up[d] = q;
            len[x]++;
          }
          q--;
        }
      }
    };
    const cover = (i: number): void => {
      for (let p = down[i]; p !== i; p = down[p]) hide(p);
      const l = llink[i];
      const r = rlink[i];
      rlink[l] = r;
      llink[r] = l;
    };
    const uncover = (i: number): void => {
      const l = llink[i];
      const r = rlink[i];
      rlink[l] = i;
      llink[r] = i;
      for (let p = up[i]; p !== i; p = up[p]) unhide(p);
    };
    /** Keeps in p's (secondary) item only the options that give it p's colour. */
    const purify = (p: number): void => {
      const c = color[p];
      const i = top[p];
      for (let q = down[i]; q !== i; q = down[q]) {
        if (color[q] === c) color[q] = -1;
        else hide(q);
      }
    };
    const unpurify = (p: number): void => {
      const c = color[p];
      const i = top[p];
      for (let q = up[i]; q !== i; q = up[q]) {
        if (color[q] < 0) color[q] = c;
        else unhide(q);
      }
    };
    /** Commits the other items of the option of node x (whose own item is already covered). */
    const commitOption = (x: number): void => {
      let p = x + 1;
      while (p !== x) {
        const j = top[p];
        if (j <= 0) {
          p = up[p];
        } else {
          const c = color[p];
          if (c === 0) cover(j);
          else if (c > 0) purify(p);
          p++;
        }
      }
    };
    const uncommitOption = (x: number): void => {
      let p = x - 1;
      while (p !== x) {
        const j = top[p];
        if (j <= 0) {
          p = down[p];
        } else {
          const c = color[p];
          if (c === 0) uncover(j);
          else if (c > 0) unpurify(p);
          p--;
        }
      }
    };

    const depth = this.primary + 1;
    const chosen = new Int32Array(depth);
    const items = new Int32Array(depth);
    let level = 0;

    for (;;) {
      // Enter a level: either a solution, or branch on an item.
      if (level >= nForced && rlink[0] === 0) {
        const s = new Array<number>(level);
        for (let k = 0; k < level; k++) s[k] = opt[chosen[k]];
        s.sort((a, b) => a - b);
        if (!onSolution(s)) return 'visitor';
      } else {
        let i: number;
        let x: number;
        if (level < nForced) {
          const f = forcedNodes[level];
          i = top[f];
          // The forced option must still be available: its item active and the option still in its list.
          if (rlink[llink[i]] !== i) return 'completed';
          let q = down[i];
          while (q !== i && q !== f) q = down[q];
          if (q !== f) return 'completed';
          cover(i);
          x = f;
        } else {
          i = 0;
          let best = 0x7fffffff;
          for (let k = rlink[0]; k !== 0; k = rlink[k]) {
            const l = len[k];
            if (l < best) {
              best = l;
              i = k;
              if (l <= 1) break;
            }
          }
          cover(i);
          x = down[i];
        }
        if (x !== i) {
          if (!meter.tick()) return meter.stopped ?? 'node-limit';
          commitOption(x);
          items[level] = i;
          chosen[level] = x;
          level++;
          continue;
        }
        uncover(i);
      }
      // Backtrack: try the next option at the deepest level that has one.
      for (;;) {
        if (level === 0) return 'completed';
        level--;
        const i = items[level];
        let x = chosen[level];
        uncommitOption(x);
        x = level < nForced ? i : down[x];
        if (x !== i) {
          if (!meter.tick()) return meter.stopped ?? 'node-limit';
          commitOption(x);
          chosen[level] = x;
          level++;
          break;
        }
        uncover(i);
      }
    }
  }
}
