/**
 * FROZEN (numberlink generator version 2). A copy of src/families/numberlink/sweep.ts at commit
 * ec1337d, which made version 2's golden file: the backjumping and trail changes after it (8f31338,
 * 7d5bd4d, 0e5cf0f, 53c53eb) cut its node counts, so a certificate that ran out of its 2M nodes could
 * complete later. Only its imports differ.
 * Never edit this file to change behaviour: a change that alters any output is a new generator version
 * with its own frozen modules (see ../versions.ts).
 */
/**
 * A cell-by-cell sweep for Numberlink under the `no-touch` and `no-2x2` rules: a depth-first search
 * that visits the cells in a fixed order (anti-diagonals from the top-left corner) and decides each
 * cell's links east and south; its links north and west were decided by the cells before it. It is a
 * different search from the path-growth one in `solver.ts` (which grows paths from their ends).
 *
 * What makes it fast is a property of every covering under either rule, proved here because the
 * search relies on it. Call a cell with exactly the links east and south an SE corner (likewise SW,
 * NE, NW).
 *   If p is an SE corner, the cell q diagonally inside the corner (south-east of p) has no link north
 *   or west. Proof: p's path P holds p's east and south neighbours, and both are beside q. If q were
 *   on P, the 2x2 block of p, its two neighbours and q would belong to P, which no-2x2 forbids; and
 *   no-touch would make q link to both neighbours, closing a loop through p. So q is on another
 *   path, and a link north or west would join it to P.
 * So q is an endpoint or itself an SE corner, and by induction the diagonal from p runs through SE
 * corners to an endpoint: an SE corner can only lie on the north-west diagonal ray of an endpoint,
 * with no endpoint between them. The same holds for the other three corners by symmetry. The search
 * uses both forms: a corner is tried only where its diagonal ray meets an endpoint (`allowed`), and a
 * corner forbids the two links of the cell inside it (checked at once when that cell is decided,
 * recorded as forbidden links otherwise). Under `strict` the property fails (a path may fill a 2x2
 * block), so the sweep is not used to count there.
 *
 * Pieces of path are tracked by their two ends (`far`): a link that would close a loop or join two
 * different pairs is refused when it is made. Every complete sweep is a covering with every cell of
 * degree 2 and every endpoint of degree 1; it is checked against the rule at the leaf (the local rules
 * above do not catch every 2x2 block or every path running beside itself), so counts are exact.
 * Distinct leaves differ in some link, so each solution is counted once.
 */
import { Meter } from '../../../../core/budget.ts';
import type { CountOptions } from '../../../../core/family.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../../../../core/verdict.ts';
import { endpointGrid, ruleViolation } from '../../puzzle.ts';
import { E, N, S, W, type Numberlink, type Solution } from '../../types.ts';

/** Cell flags (`info`): which neighbours exist, whether the cell is an endpoint, which corners it may be. */
const HAS_N = 1;
const HAS_E = 2;
const HAS_S = 4;
const HAS_W = 8;
const END = 16;
/** The cell may be a corner of that kind: its inside diagonal meets an endpoint. */
const OK_SE = 32;
const OK_SW = 64;
const OK_NE = 128;
const OK_NW = 256;

/** Options of a cell, as bits of a mask (bit o for option o): 0 no link out, 1 east, 2 south, 3 both. */
const O_NONE = 1;
const O_E = 2;
const O_S = 4;
const O_ES = 8;

export interface SweepStats {
  nodes: number;
  leaves: number;
}

/** The rule sets the sweep is exact for: the corner property holds in both. */
export type SweepRule = 'no-touch' | 'no-2x2';

export class CornerSweep {
  readonly stats: SweepStats = { nodes: 0, leaves: 0 };
  private readonly w: number;
  private readonly n: number;
  private readonly order: Int32Array;
  private readonly pairOf: Int32Array;
  private readonly info: Int32Array;
  /**
   * The search state in one array, so that the undo trail is (index, old value) pairs: from LE the
   * east link of each cell (set by its owner when decided), from LS its south link, from BE / BS a
   * ban on its east / south link (from a corner decided before it), from FAR, for the end cell of a
   * piece, the cell at its other end.
   */
  private readonly st: Int32Array;
  private readonly LS: number;
  private readonly BE: number;
  private readonly BS: number;
  private readonly FAR: number;
  private readonly trail: Int32Array;
  private top = 0;

  constructor(
    private readonly p: Numberlink,
    private readonly rule: SweepRule = 'no-touch',
  ) {
    const w = (this.w = p.width);
    const h = p.height;
    const n = (this.n = w * h);
    this.pairOf = endpointGrid(p);
    this.order = new Int32Array(n);
    let t = 0;
    for (let d = 0; d <= w + h - 2; d++) {
      for (let r = Math.max(0, d - (w - 1)); r <= Math.min(h - 1, d); r++) this.order[t++] = r * w + (d - r);
    }
    // ray[k][i]: the diagonal ray from i in direction k (SE, SW, NE, NW) meets an endpoint; each from
    // the ray of the next cell along it.
    const pairOf = this.pairOf;
    const info = (this.info = new Int32Array(n));
    const rSE = new Uint8Array(n);
    const rSW = new Uint8Array(n);
    const rNE = new Uint8Array(n);
    const rNW = new Uint8Array(n);
    const meets = (j: number, ray: Uint8Array): number => (pairOf[j] >= 0 ? 1 : ray[j]);
    for (let i = n - 1; i >= 0; i--) {
      const r = Math.floor(i / w);
      const c = i - r * w;
      if (r < h - 1 && c < w - 1) rSE[i] = meets(i + w + 1, rSE);
      if (r < h - 1 && c > 0) rSW[i] = meets(i + w - 1, rSW);
    }
    for (let i = 0; i < n; i++) {
      const r = Math.floor(i / w);
      const c = i - r * w;
      if (r > 0 && c < w - 1) rNE[i] = meets(i - w + 1, rNE);
      if (r > 0 && c > 0) rNW[i] = meets(i - w - 1, rNW);
      let f = (r > 0 ? HAS_N : 0) | (c < w - 1 ? HAS_E : 0) | (r < h - 1 ? HAS_S : 0) | (c > 0 ? HAS_W : 0);
      if (pairOf[i] >= 0) f |= END;
      else f |= (rSE[i] ? OK_SE : 0) | (rSW[i] ? OK_SW : 0) | (rNE[i] ? OK_NE : 0) | (rNW[i] ? OK_NW : 0);
      info[i] = f;
    }
    this.LS = n;
    this.BE = 2 * n;
    this.BS = 3 * n;
    this.FAR = 4 * n;
    this.st = new Int32Array(5 * n);
    for (let i = 0; i < n; i++) this.st[this.FAR + i] = i;
    // A decision sets at most two bans, two links and two ends of each of two joins: 8 (index, value) pairs.
    this.trail = new Int32Array(16 * (n + 1));
  }

  private set(i: number, v: number): void {
    const st = this.st;
    this.trail[this.top++] = i;
    this.trail[this.top++] = st[i];
    st[i] = v;
  }

  private undo(to: number): void {
    const st = this.st;
    const trail = this.trail;
    let top = this.top;
    while (top > to) {
      const old = trail[--top];
      st[trail[--top]] = old;
    }
    this.top = top;
  }

  /** Links cells a and b (adjacent, b not yet decided) as pieces: refuses loops and mixed pairs. */
  private join(a: number, b: number): boolean {
    const F = this.FAR;
    const fa = this.st[F + a];
    const fb = this.st[F + b];
    if (fa === b) return false; // a and b are the two ends of one piece: a loop
    const ka = this.pairOf[fa];
    const kb = this.pairOf[fb];
    if (ka >= 0 && kb >= 0 && ka !== kb) return false;
    this.set(F + fa, fb);
    this.set(F + fb, fa);
    return true;
  }

  /**
   * The options of cell x that its neighbours decided so far leave open (a mask of O_* bits). Only
   * what `decide` would refuse anyway is left out, so it may be called as soon as both of x's links in
   * (north and west) are decided, before x's turn: a cell that has no option left fails its
   * predecessor at once (forward checking) instead of a diagonal later. Links not decided yet read as
   * absent and bans only grow, so an option left out now stays refused at x's turn.
   */
  private options(x: number): number {
    const st = this.st;
    const w = this.w;
    const f = this.info[x];
    const inN = (f & HAS_N) !== 0 && st[this.LS + x - w] !== 0;
    const inW = (f & HAS_W) !== 0 && st[x - 1] !== 0;
    const canE = (f & HAS_E) !== 0 && st[this.BE + x] === 0;
    const canS = (f & HAS_S) !== 0 && st[this.BS + x] === 0;
    if (f & END) {
      if (inN || inW) return inN && inW ? 0 : O_NONE;
      return (canE ? O_E : 0) | (canS ? O_S : 0);
    }
    if (inN) {
      if (inW) {
        // An NW corner: allowed, and the cell inside it (north-west, decided) has no link south or east.
        const q = x - w - 1;
        return (f & OK_NW) !== 0 && st[this.LS + q] === 0 && st[q] === 0 ? O_NONE : 0;
      }
      // Straight on south, or an NE corner: the cell inside (north-east) has no link west (from x's
      // north neighbour, decided) or south (its own: absent while undecided).
      const q = x - w + 1;
      return (canS ? O_S : 0) | (canE && (f & OK_NE) !== 0 && st[x - w] === 0 && st[this.LS + q] === 0 ? O_E : 0);
    }
    if (inW) {
      // Straight on east, or an SW corner: the cell inside (south-west) has no link north (from x's
      // west neighbour, decided).
      return (canE ? O_E : 0) | (canS && (f & OK_SW) !== 0 && st[this.LS + x - 1] === 0 ? O_S : 0);
    }
    return canE && canS && (f & OK_SE) !== 0 ? O_ES : 0;
  }

  /** Decides cell x's east/south links; false when a rule refuses them. */
  private decide(x: number, e: boolean, s: boolean): boolean {
    const w = this.w;
    const st = this.st;
    const f = this.info[x];
    if ((f & END) === 0) {
      // Corners: the inside cell loses its two links toward x's path (checked by `options` where they
      // are decided; banned where they are not).
      const inN = (f & HAS_N) !== 0 && st[this.LS + x - w] !== 0;
      const inW = (f & HAS_W) !== 0 && st[x - 1] !== 0;
      if (e && s) {
        // SE: the inside cell x+w+1 links neither north (x+1's south link) nor west (x+w's east link).
        this.set(this.BS + x + 1, 1);
        this.set(this.BE + x + w, 1);
      } else if (inW && s) {
        // SW: the inside cell x+w-1 (next on this diagonal) links not east.
        this.set(this.BE + x + w - 1, 1);
      } else if (inN && e) {
        // NE: the inside cell x-w+1 (decided) links not south; checked here since `options` may have
        // been computed before it was decided.
        if (st[this.LS + x - w + 1] !== 0) return false;
      }
    }
    if (e) {
      if (!this.join(x, x + 1)) return false;
      this.set(x, 1);
    }
    if (s) {
      if (!this.join(x, x + w)) return false;
      this.set(this.LS + x, 1);
    }
    // Forward checking: the cells whose links in are now all decided must keep an option.
    if ((f & HAS_E) !== 0 && this.options(x + 1) === 0) return false;
    if ((f & HAS_W) === 0 && (f & HAS_S) !== 0 && this.options(x + w) === 0) return false;
    return true;
  }

  /** The covering the sweep has decided, as link bits. */
  private solution(): Solution {
    const w = this.w;
    const st = this.st;
    const links = new Uint8Array(this.n);
    for (let i = 0; i < this.n; i++) {
      if (st[i]) {
        links[i] |= E;
        links[i + 1] |= W;
      }
      if (st[this.LS + i]) {
        links[i] |= S;
        links[i + w] |= N;
      }
    }
    return links;
  }

  /**
   * The pair owning each cell of a complete sweep, walking each path from its first endpoint; null if
   * some path does not end at its partner or some cell is on no path (the joins rule both out: a
   * safeguard).
   */
  private owners(links: Solution): Int32Array | null {
    const w = this.w;
    const owner = new Int32Array(this.n).fill(-1);
    const pairs = this.p.pairs;
    for (let k = 0; k < pairs.length; k++) {
      const [a, b] = pairs[k];
      let prev = -1;
      let cur = a;
      for (;;) {
        if (owner[cur] !== -1) return null;
        owner[cur] = k;
        if (cur === b) break;
        const m = links[cur];
        let next = -1;
        if (m & N && cur - w !== prev) next = cur - w;
        else if (m & E && cur + 1 !== prev) next = cur + 1;
        else if (m & S && cur + w !== prev) next = cur + w;
        else if (m & W && cur - 1 !== prev) next = cur - 1;
        if (next < 0 || (cur !== a && this.pairOf[cur] >= 0)) return null;
        prev = cur;
        cur = next;
      }
    }
    for (let i = 0; i < this.n; i++) if (owner[i] < 0) return null;
    return owner;
  }

  /**
   * Counts coverings under the rule up to `limit`. The meter ticks once per decision tried; `completed`
   * means every branch was explored (or the limit was reached).
   */
  run(limit: number, meter: Meter): { found: Solution[]; stop: StopReason } {
    const found: Solution[] = [];
    const n = this.n;
    const order = this.order;
    // Per level: the trail mark, the options left to try (a mask of O_* bits).
    const mark = new Int32Array(n + 1);
    const left = new Int32Array(n + 1);
    let t = 0;
    mark[0] = this.top;
    left[0] = n > 0 ? this.options(order[0]) : 0;
    if (n === 0) return { found, stop: 'completed' };
    for (;;) {
      if (t === n) {
        this.stats.leaves++;
        const links = this.solution();
        const owner = this.owners(links);
        if (owner && ruleViolation(this.p, links, owner, this.rule) === null) {
          found.push(links);
          if (found.length >= limit) return { found, stop: 'completed' };
        }
        t--;
        continue;
      }
      const m = left[t];
      if (m === 0) {
        // Exhausted: back up one level.
        this.undo(mark[t]);
        if (t === 0) return { found, stop: 'completed' };
        t--;
        continue;
      }
      if (!meter.tick()) return { found, stop: meter.stopped ?? 'node-limit' };
      this.stats.nodes++;
      this.undo(mark[t]);
      // Option order: straight on before a turn (E before S for a cell entered from the west, S
      // before E from the north); an endpoint east first.
      const x = order[t];
      let o: number;
      if (m & O_NONE) o = 0;
      else if (m & O_ES) o = 3;
      else if (m & O_E && (m & O_S) === 0) o = 1;
      else if (m & O_S && (m & O_E) === 0) o = 2;
      else o = (this.info[x] & HAS_N) !== 0 && this.st[this.LS + x - this.w] !== 0 ? 2 : 1;
      left[t] = m & ~(1 << o);
      if (this.decide(x, (o & 1) !== 0, (o & 2) !== 0)) {
        t++;
        mark[t] = this.top;
        left[t] = t < n ? this.options(order[t]) : 0;
      }
    }
  }
}

/**
 * Counts solutions up to `limit` (default 2, at least 2) with the sweep, under the puzzle's rule set,
 * which must be `no-touch` or `no-2x2`.
 */
export function sweepCount(p: Numberlink, options: CountOptions = {}): Verdict<Solution> {
  if (p.rule === 'strict') throw new RangeError('the corner sweep is exact only under no-touch and no-2x2, not strict');
  const meter = new Meter(options.budget ?? {});
  const { found, stop } = new CornerSweep(p, p.rule).run(Math.max(2, options.limit ?? 2), meter);
  return verdictFromCount(found, stop, { nodes: meter.nodes, ms: meter.elapsedMs() });
}
