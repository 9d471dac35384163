/**
 * FROZEN (numberlink generator version 1). A copy of src/families/numberlink/sweep.ts at commit 7ec4847 (unchanged to 7ad426d), the corner sweep version 1's golden file was made with: the forward checking of 9a63f5a cut its node counts, so a certificate that ran out of its 2M nodes there could complete later (30x30-expert#g2 came out otherwise). Only its imports differ.
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
import { endpointGrid, ruleViolation, tracePaths } from '../../puzzle.ts';
import { E, N, S, W, type Numberlink, type Solution } from '../../types.ts';

/** Corner kinds, indexing `allowed`: the two links a corner cell has. */
const SE = 0;
const SW = 1;
const NE = 2;
const NW = 3;

export interface SweepStats {
  nodes: number;
  leaves: number;
}

/** The rule sets the sweep is exact for: the corner property holds in both. */
export type SweepRule = 'no-touch' | 'no-2x2';

export class CornerSweep {
  readonly stats: SweepStats = { nodes: 0, leaves: 0 };
  private readonly w: number;
  private readonly h: number;
  private readonly n: number;
  private readonly order: Int32Array;
  private readonly pairOf: Int32Array;
  /** allowed[4i + kind]: cell i may be a corner of that kind (its inside diagonal meets an endpoint). */
  private readonly allowed: Uint8Array;
  /** Links decided by their owner cell: east of i (linkE[i]) and south of i (linkS[i]). */
  private readonly linkE: Uint8Array;
  private readonly linkS: Uint8Array;
  /** Forbidden-link counts on the east / south link of each cell, from corners decided so far. */
  private readonly banE: Int32Array;
  private readonly banS: Int32Array;
  /** For the end cell of a piece, the cell at its other end. */
  private readonly far: Int32Array;
  /** Undo trail: (array id, index, old value) triples. */
  private trail: Int32Array;
  private top = 0;

  constructor(
    private readonly p: Numberlink,
    private readonly rule: SweepRule = 'no-touch',
  ) {
    const w = (this.w = p.width);
    const h = (this.h = p.height);
    const n = (this.n = w * h);
    this.pairOf = endpointGrid(p);
    this.order = new Int32Array(n);
    let t = 0;
    for (let d = 0; d <= w + h - 2; d++) {
      for (let r = Math.max(0, d - (w - 1)); r <= Math.min(h - 1, d); r++) this.order[t++] = r * w + (d - r);
    }
    this.allowed = new Uint8Array(4 * n);
    const ray = (i: number, dr: number, dc: number): boolean => {
      let r = Math.floor(i / w) + dr;
      let c = (i % w) + dc;
      while (r >= 0 && r < h && c >= 0 && c < w) {
        if (this.pairOf[r * w + c] >= 0) return true;
        r += dr;
        c += dc;
      }
      return false;
    };
    for (let i = 0; i < n; i++) {
      if (this.pairOf[i] >= 0) continue;
      this.allowed[4 * i + SE] = ray(i, 1, 1) ? 1 : 0;
      this.allowed[4 * i + SW] = ray(i, 1, -1) ? 1 : 0;
      this.allowed[4 * i + NE] = ray(i, -1, 1) ? 1 : 0;
      this.allowed[4 * i + NW] = ray(i, -1, -1) ? 1 : 0;
    }
    this.linkE = new Uint8Array(n);
    this.linkS = new Uint8Array(n);
    this.banE = new Int32Array(n);
    this.banS = new Int32Array(n);
    this.far = new Int32Array(n);
    for (let i = 0; i < n; i++) this.far[i] = i;
    this.trail = new Int32Array(3 * 4096);
  }

  private set(arr: number, i: number, v: number): void {
    const a = this.arr(arr);
    if (this.top + 3 > this.trail.length) {
      const t = new Int32Array(this.trail.length * 2);
      t.set(this.trail);
      this.trail = t;
    }
    this.trail[this.top++] = arr;
    this.trail[this.top++] = i;
    this.trail[this.top++] = a[i];
    a[i] = v;
  }

  private arr(id: number): Uint8Array | Int32Array {
    switch (id) {
      case 0:
        return this.linkE;
      case 1:
        return this.linkS;
      case 2:
        return this.banE;
      case 3:
        return this.banS;
      default:
        return this.far;
    }
  }

  private undo(to: number): void {
    while (this.top > to) {
      const old = this.trail[--this.top];
      const i = this.trail[--this.top];
      const id = this.trail[--this.top];
      this.arr(id)[i] = old;
    }
  }

  /** Links cells a and b (adjacent, b not yet decided) as pieces: refuses loops and mixed pairs. */
  private join(a: number, b: number): boolean {
    const fa = this.far[a];
    const fb = this.far[b];
    if (fa === b) return false; // a and b are the two ends of one piece: a loop
    const ka = this.pairOf[fa];
    const kb = this.pairOf[fb];
    if (ka >= 0 && kb >= 0 && ka !== kb) return false;
    this.set(4, fa, fb);
    this.set(4, fb, fa);
    return true;
  }

  /** A link that corner rules forbid: the link of cell `i` in direction `d`; checked now if decided, else banned. */
  private forbid(i: number, d: number, decidedBefore: number): boolean {
    // The east link of x and the south link of x are decided when x is.
    let owner: number;
    let east: boolean;
    if (d === E) [owner, east] = [i, true];
    else if (d === S) [owner, east] = [i, false];
    else if (d === W) [owner, east] = [i - 1, true];
    else [owner, east] = [i - this.w, false];
    if (this.rank[owner] < decidedBefore) return (east ? this.linkE[owner] : this.linkS[owner]) === 0;
    if (east) this.set(2, owner, this.banE[owner] + 1);
    else this.set(3, owner, this.banS[owner] + 1);
    return true;
  }

  private rankCache: Int32Array | null = null;
  private get rank(): Int32Array {
    if (!this.rankCache) {
      this.rankCache = new Int32Array(this.n);
      for (let t = 0; t < this.n; t++) this.rankCache[this.order[t]] = t;
    }
    return this.rankCache;
  }

  /** Decides cell p's east/south links (`choice` bits E and S); false when a rule refuses them. */
  private decide(t: number, p: number, e: boolean, s: boolean): boolean {
    const w = this.w;
    const c = p % w;
    const r = (p - c) / w;
    if (e && (c === w - 1 || this.banE[p] > 0)) return false;
    if (s && (r === this.h - 1 || this.banS[p] > 0)) return false;
    const n = r > 0 && this.linkS[p - w] !== 0;
    const west = c > 0 && this.linkE[p - 1] !== 0;
    if (this.pairOf[p] < 0) {
      // Corners: allowed by the diagonal rays, and the inside cell loses its two links toward p's path.
      const rank = t;
      if (e && s) {
        if (!this.allowed[4 * p + SE]) return false;
        const q = p + w + 1;
        if (!this.forbid(q, N, rank) || !this.forbid(q, W, rank)) return false;
      } else if (west && s) {
        if (!this.allowed[4 * p + SW]) return false;
        const q = p + w - 1;
        if (!this.forbid(q, N, rank) || !this.forbid(q, E, rank)) return false;
      } else if (n && e) {
        if (!this.allowed[4 * p + NE]) return false;
        const q = p - w + 1;
        if (!this.forbid(q, S, rank) || !this.forbid(q, W, rank)) return false;
      } else if (n && west) {
        if (!this.allowed[4 * p + NW]) return false;
        const q = p - w - 1;
        if (!this.forbid(q, S, rank) || !this.forbid(q, E, rank)) return false;
      }
    }
    if (e) {
      if (!this.join(p, p + 1)) return false;
      this.set(0, p, 1);
    }
    if (s) {
      if (!this.join(p, p + w)) return false;
      this.set(1, p, 1);
    }
    return true;
  }

  /** The covering the sweep has decided, as link bits. */
  private solution(): Solution {
    const w = this.w;
    const links = new Uint8Array(this.n);
    for (let i = 0; i < this.n; i++) {
      if (this.linkE[i]) {
        links[i] |= E;
        links[i + 1] |= W;
      }
      if (this.linkS[i]) {
        links[i] |= S;
        links[i + w] |= N;
      }
    }
    return links;
  }

  /**
   * Counts no-touch coverings up to `limit`. The meter ticks once per decision tried; `completed` means
   * every branch was explored (or the limit was reached).
   */
  run(limit: number, meter: Meter): { found: Solution[]; stop: StopReason } {
    const found: Solution[] = [];
    const n = this.n;
    const w = this.w;
    // Per level: the trail mark and the next option to try (options: 0 none, 1 E, 2 S, 3 E+S).
    const mark = new Int32Array(n + 1);
    const next = new Int8Array(n + 1);
    const opts = new Int8Array(2 * (n + 1));
    const count = new Int8Array(n + 1);
    let t = 0;
    const enter = (lv: number): void => {
      mark[lv] = this.top;
      next[lv] = 0;
      if (lv === n) return;
      const p = this.order[lv];
      const c = p % w;
      const inN = p >= w && this.linkS[p - w] !== 0 ? 1 : 0;
      const inW = c > 0 && this.linkE[p - 1] !== 0 ? 1 : 0;
      const deg = inN + inW;
      let k = 0;
      if (this.pairOf[p] >= 0) {
        if (deg === 1) opts[2 * lv + k++] = 0;
        else if (deg === 0) {
          opts[2 * lv + k++] = 1;
          opts[2 * lv + k++] = 2;
        }
      } else if (deg === 2) opts[2 * lv + k++] = 0;
      else if (deg === 1) {
        // Straight on first, then the turn.
        opts[2 * lv + k++] = inW ? 1 : 2;
        opts[2 * lv + k++] = inW ? 2 : 1;
      } else opts[2 * lv + k++] = 3;
      count[lv] = k;
    };
    enter(0);
    for (;;) {
      if (t === n) {
        this.stats.leaves++;
        const links = this.solution();
        const traced = tracePaths(this.p, links);
        if (traced.ok && ruleViolation(this.p, links, traced.owner, this.rule) === null) {
          found.push(links);
          if (found.length >= limit) return { found, stop: 'completed' };
        }
        t--;
        continue;
      }
      if (next[t] >= count[t]) {
        // Exhausted: back up one level.
        this.undo(mark[t]);
        if (t === 0) return { found, stop: 'completed' };
        t--;
        continue;
      }
      if (!meter.tick()) return { found, stop: meter.stopped ?? 'node-limit' };
      this.stats.nodes++;
      this.undo(mark[t]);
      const o = opts[2 * t + next[t]++];
      if (this.decide(t, this.order[t], (o & 1) !== 0, (o & 2) !== 0)) {
        t++;
        enter(t);
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
