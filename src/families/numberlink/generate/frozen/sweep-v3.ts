/**
 * FROZEN (numberlink generator version 3). A copy of src/families/numberlink/sweep.ts at commit
 * 53c53eb, which versions 3 to 6 certify with (pinned until the large find-one sweep changed it: two
 * corners in turns, resumable, a connectivity check). Only its imports differ.
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
 *
 * Two things keep the search small, both sound (they never cut a solution):
 * - Forward checking. A cell's links in are all decided once its west neighbour is (its north one
 *   comes earlier), which is a whole diagonal before its own turn; its options are checked then, so a
 *   cell left with none fails its west neighbour's decision at once instead of a diagonal later.
 * - Conflict-directed backjumping. The diagonal order interleaves distant parts of the board, so a
 *   failure in one part would otherwise be found again for every way of filling the others. Each
 *   option a level refuses gets a reason: earlier levels whose decisions alone rule it out in every
 *   covering, whatever the other levels decide.
 *     (a) A cell's degree left and the corner it would be follow from its links in: the levels of
 *         its north and west neighbours, always part of the reason.
 *     (b) A banned link: the corner that banned it. An SE corner is one by its own decision; an SW
 *         corner also by its link in from the west, which comes from the banned cell's north
 *         neighbour, already in (a).
 *     (c) A link of a corner's inside cell toward the corner: that cell.
 *     (d) A refused join (a loop, or two pairs): every decided cell of the two pieces, whose links
 *         make the pieces.
 *     (e) A failed forward check: the reasons (a) to (c) of the cell checked.
 *   Borders, endpoints and corner rays are fixed and need no reason. An option whose subtree was
 *   exhausted has as reason that subtree's conflict set less this level. When a level t has no option
 *   left, the union of its reasons (its conflict set C) holds for all of them: no covering agrees with
 *   the current decisions at the levels of C. So every level between the latest level j of C and t
 *   would fail again whatever it tried; the search goes straight back to j, and C less j joins j's set
 *   as the reason for j's current option. Replacing a set by a larger one only shortens jumps, so each
 *   set keeps exactly its last few words of 32 levels (`window`), and older reasons widen to every
 *   level up to the latest of them (the set's floor). A leaf (a solution, or a covering the rule
 *   refuses) is no failure and depends on every decision: each level's floor is set just below it,
 *   so from a leaf the search goes back one level at a time.
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

/**
 * A conflict set holds exactly the levels in its last `window` words of 32 levels (at least 32 x
 * (window - 1) levels back); older reasons are widened to every level up to the latest of them (its
 * floor), which keeps the set the size of a few words and a jump exact while it stays in the window.
 */
const WINDOW = 4;

export interface SweepOptions {
  /** Words of each conflict set kept exactly (default 4; 1 widens far more reasons, for tests). */
  window?: number;
}

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
   * The search state in one array: from 0 the east link of each cell and from LS its south link (set
   * by the cell when it is decided, cleared when its level is undone or jumped over), from BE / BS a
   * ban on its east / south link (1 + the corner cell that banned it; 0 none), from FAR, for the end
   * cell of a piece, the cell at its other end. Bans and ends change through `trail`, an undo list of
   * (index, old value) pairs.
   */
  private readonly st: Int32Array;
  private readonly LS: number;
  private readonly BE: number;
  private readonly BS: number;
  private readonly FAR: number;
  private readonly trail: Int32Array;
  private top = 0;
  /** Level (position in `order`) of each cell. */
  private readonly rank: Int32Array;
  /**
   * Conflict sets, one per level: `win` words of level bits (the words ending with the level's own)
   * in confBits, and the floor (every level up to it is in the set; -1 none) in confFloor. `cur` is
   * the level whose set receives the reasons being recorded.
   */
  private readonly win: number;
  private readonly confBits: Int32Array;
  private readonly confFloor: Int32Array;
  private cur = 0;

  constructor(
    private readonly p: Numberlink,
    private readonly rule: SweepRule = 'no-touch',
    options: SweepOptions = {},
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
    // Neighbours and endpoints, then the corners each cell may be: the diagonal ray from i meets an
    // endpoint if the next cell along it is one, or is not and its own ray meets one (so the SE and SW
    // rays from the last row up, the NE and NW rays from the first row down).
    const pairOf = this.pairOf;
    const info = (this.info = new Int32Array(n));
    for (let r = 0, i = 0; r < h; r++) {
      for (let c = 0; c < w; c++, i++) {
        info[i] = (r > 0 ? HAS_N : 0) | (c < w - 1 ? HAS_E : 0) | (r < h - 1 ? HAS_S : 0) | (c > 0 ? HAS_W : 0) | (pairOf[i] >= 0 ? END : 0);
      }
    }
    const meets = (j: number, ok: number): number => ((info[j] & (END | ok)) !== 0 ? ok : 0);
    for (let r = h - 2; r >= 0; r--) {
      for (let c = 0, i = r * w; c < w; c++, i++) {
        if (info[i] & END) continue;
        if (c < w - 1) info[i] |= meets(i + w + 1, OK_SE);
        if (c > 0) info[i] |= meets(i + w - 1, OK_SW);
      }
    }
    for (let r = 1; r < h; r++) {
      for (let c = 0, i = r * w; c < w; c++, i++) {
        if (info[i] & END) continue;
        if (c < w - 1) info[i] |= meets(i - w + 1, OK_NE);
        if (c > 0) info[i] |= meets(i - w - 1, OK_NW);
      }
    }
    this.LS = n;
    this.BE = 2 * n;
    this.BS = 3 * n;
    this.FAR = 4 * n;
    // The working arrays share one buffer (one allocation). A decision writes at most two bans and
    // two ends of each of two joins to the trail: 6 (index, value) pairs.
    const win = (this.win = Math.max(1, Math.floor(options.window ?? WINDOW)));
    const buf = new Int32Array(5 * n + 12 * (n + 1) + n + (win + 1) * (n + 1));
    let at = 0;
    const take = (size: number): Int32Array => buf.subarray(at, (at += size));
    this.st = take(5 * n);
    this.trail = take(12 * (n + 1));
    this.rank = take(n);
    this.confBits = take(win * (n + 1));
    this.confFloor = take(n + 1);
    for (let i = 0; i < n; i++) this.st[this.FAR + i] = i;
    for (let t = 0; t < n; t++) this.rank[this.order[t]] = t;
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
    const st = this.st;
    const F = this.FAR;
    const fa = st[F + a];
    const fb = st[F + b];
    if (fa === b) return false; // a and b are the two ends of one piece: a loop
    const ka = this.pairOf[fa];
    const kb = this.pairOf[fb];
    if (ka >= 0 && kb >= 0 && ka !== kb) return false;
    const trail = this.trail;
    let top = this.top;
    trail[top++] = F + fa;
    trail[top++] = st[F + fa];
    st[F + fa] = fb;
    trail[top++] = F + fb;
    trail[top++] = st[F + fb];
    st[F + fb] = fa;
    this.top = top;
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

  /**
   * Decides cell x's east/south links; false when a rule refuses them, with the reason recorded in
   * the current conflict set (`cur`, x's level).
   */
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
        const trail = this.trail;
        let top = this.top;
        const i = this.BS + x + 1;
        const j = this.BE + x + w;
        trail[top++] = i;
        trail[top++] = st[i];
        st[i] = x + 1;
        trail[top++] = j;
        trail[top++] = st[j];
        st[j] = x + 1;
        this.top = top;
      } else if (inW && s) {
        // SW: the inside cell x+w-1 (next on this diagonal) links not east.
        this.set(this.BE + x + w - 1, x + 1);
      } else if (inN && e) {
        // NE: the inside cell x-w+1 (decided) links not south; checked here since `options` may have
        // been computed before it was decided. Reason: that link, and x's links in (x is a corner).
        if (st[this.LS + x - w + 1] !== 0) {
          this.because(x - w + 1);
          this.becauseIn(x);
          return false;
        }
      }
    }
    // A refused join: the two pieces' links are the reason.
    if (e) {
      if (!this.join(x, x + 1)) {
        this.becausePiece(x);
        this.becausePiece(x + 1);
        return false;
      }
      st[x] = 1; // not on the trail: cleared when x's level is undone
    }
    if (s) {
      if (!this.join(x, x + w)) {
        this.becausePiece(x);
        this.becausePiece(x + w);
        return false;
      }
      st[this.LS + x] = 1;
    }
    // Forward checking: the cells whose links in are now all decided must keep an option.
    if ((f & HAS_E) !== 0 && this.options(x + 1) === 0) {
      this.explain(x + 1);
      return false;
    }
    if ((f & HAS_W) === 0 && (f & HAS_S) !== 0 && this.options(x + w) === 0) {
      this.explain(x + w);
      return false;
    }
    return true;
  }

  /** Records decided cell y's level in the current conflict set (a later level, or x's own, is no reason). */
  private because(y: number): void {
    const r = this.rank[y];
    const t = this.cur;
    if (r >= t) return;
    const win = this.win;
    const i = (r >> 5) - ((t >> 5) - win + 1);
    if (i >= 0) this.confBits[win * t + i] |= 1 << (r & 31);
    else if (r > this.confFloor[t]) this.confFloor[t] = r;
  }

  /** Records the cells deciding y's links in (north and west neighbours): whether y has them, and so which options. */
  private becauseIn(y: number): void {
    const f = this.info[y];
    if (f & HAS_N) this.because(y - this.w);
    if (f & HAS_W) this.because(y - 1);
  }

  /**
   * Records why `options(y)` leaves out what it leaves out: y's links in (they decide the degree left
   * and which corner y would be), and for each option refused beyond that one sufficient reason: the
   * corner that banned the link (a ban from an SW corner also depends on that corner's link in from
   * the west, which is y's north neighbour, recorded anyway), or the decided cell inside y's corner
   * that has a link toward it. Borders and corner rays are fixed, no reason.
   */
  private explain(y: number): void {
    const st = this.st;
    const w = this.w;
    const f = this.info[y];
    this.becauseIn(y);
    const inN = (f & HAS_N) !== 0 && st[this.LS + y - w] !== 0;
    const inW = (f & HAS_W) !== 0 && st[y - 1] !== 0;
    const bE = st[this.BE + y];
    const bS = st[this.BS + y];
    if (f & END) {
      if (inN || inW) return;
      if (bE !== 0) this.because(bE - 1);
      if (bS !== 0) this.because(bS - 1);
    } else if (inN && inW) {
      const q = y - w - 1;
      if ((f & OK_NW) !== 0 && (st[this.LS + q] !== 0 || st[q] !== 0)) this.because(q);
    } else if (inN) {
      if (bS !== 0) this.because(bS - 1);
      if ((f & OK_NE) !== 0) {
        if (bE !== 0) this.because(bE - 1);
        else if (st[y - w] === 0 && st[this.LS + y - w + 1] !== 0) this.because(y - w + 1);
      }
    } else if (inW) {
      if (bE !== 0) this.because(bE - 1);
      if ((f & OK_SW) !== 0 && bS !== 0) this.because(bS - 1);
    } else if ((f & OK_SE) !== 0) {
      if (bE !== 0) this.because(bE - 1);
      else if (bS !== 0) this.because(bS - 1);
    }
  }

  /** Records the decided cells of the piece through cell a (their links make the piece). */
  private becausePiece(a: number): void {
    const st = this.st;
    const w = this.w;
    const LS = this.LS;
    const info = this.info;
    // Walk from a along its first link, then along its other one (if any).
    let other = -1;
    for (let pass = 0; pass < 2; pass++) {
      let prev = other;
      let cur = a;
      for (;;) {
        this.because(cur);
        const f = info[cur];
        let next = -1;
        if ((f & HAS_N) !== 0 && st[LS + cur - w] !== 0 && cur - w !== prev) next = cur - w;
        else if ((f & HAS_W) !== 0 && st[cur - 1] !== 0 && cur - 1 !== prev) next = cur - 1;
        else if (st[cur] !== 0 && cur + 1 !== prev) next = cur + 1;
        else if (st[LS + cur] !== 0 && cur + w !== prev) next = cur + w;
        if (cur === a) {
          if (pass === 0) other = next;
          else if (next === other) break;
        }
        if (next < 0 || next === a) break;
        prev = cur;
        cur = next;
      }
      if (other < 0) break;
    }
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
    const bits = this.confBits;
    const floor = this.confFloor;
    const st = this.st;
    const LS = this.LS;
    // Per level: the trail mark and the options left to try (a mask of O_* bits).
    const mark = new Int32Array(n + 1);
    const left = new Int32Array(n + 1);
    if (n === 0) return { found, stop: 'completed' };
    // A run starts from nothing decided (a run before may have stopped halfway).
    this.undo(0);
    st.fill(0, 0, 2 * n);
    let t = 0;
    mark[0] = this.top;
    const win = this.win;
    bits.fill(0, 0, win);
    floor[0] = -1;
    left[0] = this.options(order[0]);
    for (;;) {
      if (t === n) {
        this.stats.leaves++;
        // A leaf depends on every decision: from here the search goes back one level at a time.
        for (let u = 0; u < n; u++) floor[u] = u - 1;
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
        // Exhausted: back to the latest level of the conflict set, clearing the links of the levels
        // left (links are not on the trail).
        this.undo(mark[t]);
        st[order[t]] = st[LS + order[t]] = 0;
        const j = this.backjump(t);
        for (let u = j + 1; u < t; u++) st[order[u]] = st[LS + order[u]] = 0;
        // No level to go back to: no (further) solution at all.
        if (j < 0) return { found, stop: 'completed' };
        t = j;
        continue;
      }
      if (!meter.tick()) return { found, stop: meter.stopped ?? 'node-limit' };
      this.stats.nodes++;
      const x = order[t];
      this.undo(mark[t]);
      st[x] = st[LS + x] = 0;
      // Option order: straight on before a turn (E before S for a cell entered from the west, S
      // before E from the north); an endpoint east first.
      let o: number;
      if (m & O_NONE) o = 0;
      else if (m & O_ES) o = 3;
      else if (m & O_E && (m & O_S) === 0) o = 1;
      else if (m & O_S && (m & O_E) === 0) o = 2;
      else o = (this.info[x] & HAS_N) !== 0 && st[LS + x - this.w] !== 0 ? 2 : 1;
      left[t] = m & ~(1 << o);
      this.cur = t;
      if (this.decide(x, (o & 1) !== 0, (o & 2) !== 0)) {
        // Enter the next level, with an empty conflict set.
        t++;
        mark[t] = this.top;
        if (t < n) {
          const b = win * t;
          for (let i = 0; i < win; i++) bits[b + i] = 0;
          floor[t] = -1;
          left[t] = this.options(order[t]);
        }
      }
    }
  }

  /**
   * Level t has no option left (its state restored): the level to go back to, the latest in its
   * conflict set (-1: none, so no solution agrees with any earlier decision), which inherits the rest.
   */
  private backjump(t: number): number {
    const bits = this.confBits;
    const floor = this.confFloor;
    // The options left out at entry, explained now (the state is as it was then).
    this.cur = t;
    this.explain(this.order[t]);
    // The latest level in the set: the window's highest bit, or the floor.
    const win = this.win;
    const wt = (t >> 5) - win + 1;
    let j = -1;
    for (let i = win - 1; i >= 0; i--) {
      const v = bits[win * t + i];
      if (v !== 0) {
        j = 32 * (wt + i) + 31 - Math.clz32(v);
        break;
      }
    }
    if (floor[t] > j) j = floor[t];
    if (j < 0) return j;
    // Level j inherits the rest: words of its window as they are, older ones raise its floor.
    const wj = (j >> 5) - win + 1;
    for (let i = 0; i < win; i++) {
      const a = wt + i;
      if (a > j >> 5) break;
      let v = bits[win * t + i];
      if (a === j >> 5) v &= (1 << (j & 31)) - 1;
      if (v === 0) continue;
      if (a >= wj) bits[win * j + a - wj] |= v;
      else {
        const top = 32 * a + 31 - Math.clz32(v);
        if (top > floor[j]) floor[j] = top;
      }
    }
    const fl = floor[t] === j ? j - 1 : floor[t];
    if (fl > floor[j]) floor[j] = fl;
    return j;
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
