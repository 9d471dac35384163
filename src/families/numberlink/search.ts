/**
 * The Numberlink path search (`NumberlinkSearch`, solver.ts's first stage): a depth-first search
 * towards its second, one cell per move, and counts complete coverings up to a limit under a budget.
 *
 * At every node it extends the path with the fewest legal moves (a single move is a forced move).
 * Every pruning is sound, i.e. it only cuts nodes below which no solution exists:
 * - dead-end cells: an empty cell must end with two links, so it needs two neighbours that are empty,
 *   a growing path's head or an unfinished path's far endpoint;
 * - stranded colours / unreachable endpoints: a path's remaining cells lie in one region of empty
 *   cells (regions are bounded by filled cells), so its head and its far endpoint must both touch one
 *   region, or each other;
 * - uncoverable regions: every region of empty cells must be covered, so some unfinished path must
 *   have its head and its far endpoint both touching it.
 * The rule set's own constraints (no 2×2 block of one path; a path never touching itself) are checked
 * on every move. Distinct leaves differ in at least one link, so solutions are counted once each.
 */
import type { Meter } from '../../core/budget.ts';
import type { StopReason } from '../../core/verdict.ts';
import { neighbour } from './puzzle.ts';
import { DIRS, OPPOSITE, type Numberlink, type Solution } from './types.ts';

const DEAD = 0;
const SOLUTION = 1;
const BRANCH = 2;

export interface NumberlinkSearchStats {
  nodes: number;
  maxDepth: number;
  /** Nodes where more than one move was open (real choices, as opposed to forced moves). */
  branches: number;
  /** Moves made before the first real choice (-1: none was needed). */
  forcedPrefix: number;
}

export class NumberlinkSearch {
  readonly stats: NumberlinkSearchStats = { nodes: 0, maxDepth: 0, branches: 0, forcedPrefix: -1 };
  private readonly n: number;
  private readonly K: number;
  /** Neighbour of cell i in direction d (index 4i + d), -1 off the grid. */
  private readonly nb: Int32Array;
  private readonly owner: Int32Array;
  private readonly links: Uint8Array;
  private readonly head: Int32Array;
  private readonly goal: Int32Array;
  private readonly done: Uint8Array;
  private doneCount = 0;
  private empty: number;
  // Region labelling scratch.
  /** Region id of each empty cell, valid where `seen` holds the current stamp. */
  private readonly region: Int32Array;
  private readonly seen: Int32Array;
  private readonly queue: Int32Array;
  private stamp = 0;
  private readonly covered: Uint8Array;
  /** Cells' demands on open path ends (valid where `demand` holds the current stamp). */
  private readonly demand: Int32Array;
  private readonly demandBy: Int32Array;
  private stampD = 0;
  /** +1 on black cells, -1 on white ones (chequerboard). */
  private readonly colour: Int8Array;
  // Per-region parity scratch, and a pair's candidate regions.
  private readonly imb: Int32Array;
  private readonly forcedSum: Int32Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly opts = new Int32Array(16);
  // The search stack: pair moved, candidate cells (4 per level), next candidate, cell applied, previous head.
  private readonly sPair: Int32Array;
  private readonly sCand: Int32Array;
  private readonly sCount: Int32Array;
  private readonly sNext: Int32Array;
  private readonly sApplied: Int32Array;
  private readonly sPrevHead: Int32Array;
  private readonly sDir: Int32Array;
  private readonly sSwap: Uint8Array;
  private readonly noTouch: boolean;
  private readonly no2x2: boolean;

  /**
   * `within`, when given, restricts the search to the cells where it is non-zero: the others are out
   * of play (no path enters them, none needs to cover them), as if the grid had holes there.
   */
  constructor(
    readonly puzzle: Numberlink,
    within?: ArrayLike<number>,
  ) {
    const p = puzzle;
    const n = p.width * p.height;
    this.n = n;
    this.K = p.pairs.length;
    this.nb = new Int32Array(4 * n);
    for (let i = 0; i < n; i++) for (let d = 0; d < 4; d++) this.nb[4 * i + d] = neighbour(p, i, DIRS[d]);
    this.owner = new Int32Array(n).fill(-1);
    let holes = 0;
    if (within) {
      // A hole is nobody's neighbour and is owned (-2, no pair), so it is neither empty nor a path end.
      for (let i = 0; i < n; i++) {
        for (let d = 0; d < 4; d++) {
          const j = this.nb[4 * i + d];
          if (j >= 0 && (!within[i] || !within[j])) this.nb[4 * i + d] = -1;
        }
        if (!within[i]) {
          this.owner[i] = -2;
          holes++;
        }
      }
    }
    this.links = new Uint8Array(n);
    this.head = new Int32Array(this.K);
    this.goal = new Int32Array(this.K);
    this.done = new Uint8Array(this.K);
    p.pairs.forEach(([a, b], k) => {
      this.owner[a] = k;
      this.owner[b] = k;
      this.head[k] = a;
      this.goal[k] = b;
    });
    this.empty = n - 2 * this.K - holes;
    this.region = new Int32Array(n);
    this.seen = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.covered = new Uint8Array(n + 1);
    this.demand = new Int32Array(n);
    this.colour = new Int8Array(n);
    for (let i = 0; i < n; i++) this.colour[i] = (Math.floor(i / p.width) + (i % p.width)) % 2 === 0 ? 1 : -1;
    this.imb = new Int32Array(n + 1);
    this.forcedSum = new Int32Array(n + 1);
    this.lo = new Int32Array(n + 1);
    this.hi = new Int32Array(n + 1);
    this.demandBy = new Int32Array(n);
    const depth = n + 1;
    this.sPair = new Int32Array(depth);
    this.sCand = new Int32Array(4 * depth);
    this.sCount = new Int32Array(depth);
    this.sNext = new Int32Array(depth);
    this.sApplied = new Int32Array(depth).fill(-1);
    this.sPrevHead = new Int32Array(depth);
    this.sDir = new Int32Array(4 * depth);
    this.sSwap = new Uint8Array(depth);
    this.noTouch = p.rule === 'no-touch';
    this.no2x2 = p.rule === 'no-2x2';
  }

  /** Whether pair k may grow from its end h (the other end being g) into cell c (an empty cell or g). */
  private legal(k: number, c: number, h = this.head[k], g = this.goal[k]): boolean {
    const own = this.owner[c];
    if (c !== g && own !== -1) return false;
    if (c === g) {
      if (!this.noTouch) return true;
      // Joining the other end: no cell of the path may touch it but h and the cell it is linked to.
      for (let d = 0; d < 4; d++) {
        const j = this.nb[4 * c + d];
        if (j >= 0 && j !== h && this.owner[j] === k && !(this.links[c] & DIRS[d])) return false;
      }
      return true;
    }
    if (this.noTouch) {
      // The head may leave only if it does not touch the goal (it would touch it without joining it),
      // and the new cell may touch no cell of its path but the head and the goal (then joined next).
      for (let d = 0; d < 4; d++) {
        if (this.nb[4 * h + d] === g) return false;
      }
      for (let d = 0; d < 4; d++) {
        const j = this.nb[4 * c + d];
        if (j >= 0 && j !== h && j !== g && this.owner[j] === k) return false;
      }
    } else if (this.no2x2) {
      const w = this.puzzle.width;
      const r = Math.floor(c / w);
      const col = c - r * w;
      // The four 2×2 blocks holding c.
      for (let dr = -1; dr <= 0; dr++) {
        for (let dc = -1; dc <= 0; dc++) {
          const r0 = r + dr;
          const c0 = col + dc;
          if (r0 < 0 || c0 < 0 || r0 + 1 >= this.puzzle.height || c0 + 1 >= w) continue;
          const t = r0 * w + c0;
          let same = 0;
          for (const x of [t, t + 1, t + w, t + w + 1]) if (x === c || this.owner[x] === k) same++;
          if (same === 4) return false;
        }
      }
    }
    return true;
  }

  /** Prunes, and picks the pair to move with its candidate cells into stack level `lv`. */
  private expand(lv: number): number {
    if (this.doneCount === this.K) return this.empty === 0 ? SOLUTION : DEAD;
    const { nb, owner, head, goal, done, n } = this;
    // Dead-end cells, and cells with exactly two ways out: both links are forced, so an open path end
    // among them must link to the cell (an end can take one link: two such demands are a contradiction,
    // and two ends of different pairs cannot both link to one cell).
    const demand = this.demand;
    const demandBy = this.demandBy;
    const stampD = ++this.stampD;
    let forced = -1;
    for (let i = 0; i < n; i++) {
      if (owner[i] !== -1) continue;
      let open = 0;
      let e1 = -1;
      let e2 = -1;
      for (let d = 0; d < 4; d++) {
        const j = nb[4 * i + d];
        if (j < 0) continue;
        const o = owner[j];
        if (o === -1) open++;
        else if (done[o] === 0 && (head[o] === j || goal[o] === j)) {
          open++;
          if (e1 < 0) e1 = j;
          else e2 = j;
        }
      }
      if (open < 2) return DEAD;
      if (open > 2 || e1 < 0) continue;
      if (e2 >= 0 && owner[e1] !== owner[e2]) return DEAD;
      for (const end of e2 >= 0 ? [e1, e2] : [e1]) {
        if (demand[end] === stampD) return DEAD;
        demand[end] = stampD;
        demandBy[end] = i;
        if (forced < 0 && head[owner[end]] === end) forced = end;
      }
    }
    // Regions of empty cells.
    const stamp = ++this.stamp;
    const region = this.region;
    let regions = 0;
    for (let i = 0; i < n; i++) {
      if (owner[i] !== -1 || this.seen[i] === stamp) continue;
      regions++;
      let qh = 0;
      let qt = 0;
      this.queue[qt++] = i;
      this.seen[i] = stamp;
      region[i] = regions;
      while (qh < qt) {
        const x = this.queue[qh++];
        for (let d = 0; d < 4; d++) {
          const j = nb[4 * x + d];
          if (j < 0 || owner[j] !== -1 || this.seen[j] === stamp) continue;
          this.seen[j] = stamp;
          region[j] = regions;
          this.queue[qt++] = j;
        }
      }
    }
    // Colour parity: the grid is a chequerboard, and a path alternates colours. A path still to be
    // drawn from head h to goal g has interior cells with (black - white) = -(col(h) + col(g)) / 2,
    // col = +1 black, -1 white, and lies in one region; a region's cells are covered exactly by the
    // paths drawn in it. So each region's black - white must be a sum of its paths' interiors.
    const { imb, forcedSum, lo, hi, opts } = this;
    imb.fill(0, 0, regions + 1);
    forcedSum.fill(0, 0, regions + 1);
    lo.fill(0, 0, regions + 1);
    hi.fill(0, 0, regions + 1);
    this.covered.fill(0, 0, regions + 1);
    for (let i = 0; i < n; i++) if (owner[i] === -1) imb[region[i]] += this.colour[i];
    let best = -1;
    let bestCount = 5;
    let bestSwap = 0;
    for (let k = 0; k < this.K; k++) {
      if (done[k]) continue;
      const h = head[k];
      const g = goal[k];
      let touching = false;
      let nOpts = 0;
      for (let d = 0; d < 4; d++) {
        const a = nb[4 * h + d];
        if (a < 0) continue;
        if (a === g) touching = true;
        if (owner[a] !== -1) continue;
        const ra = region[a];
        for (let e = 0; e < 4; e++) {
          const b = nb[4 * g + e];
          if (b >= 0 && owner[b] === -1 && region[b] === ra) {
            let dup = false;
            for (let t = 0; t < nOpts; t++) if (opts[t] === ra) dup = true;
            if (!dup) opts[nOpts++] = ra;
            this.covered[ra] = 1;
          }
        }
      }
      if (!touching && nOpts === 0) return DEAD;
      const interior = -(this.colour[h] + this.colour[g]) / 2;
      if (!touching && nOpts === 1) forcedSum[opts[0]] += interior;
      else {
        for (let t = 0; t < nOpts; t++) {
          if (interior > 0) hi[opts[t]] += interior;
          else lo[opts[t]] += interior;
        }
      }
      // Legal moves of this pair, from either of its open ends.
      let countH = 0;
      let countG = 0;
      for (let d = 0; d < 4; d++) {
        const c = nb[4 * h + d];
        if (c >= 0 && this.legal(k, c, h, g)) countH++;
        const c2 = nb[4 * g + d];
        if (c2 >= 0 && this.legal(k, c2, g, h)) countG++;
      }
      if (countH === 0 || countG === 0) return DEAD;
      if (countH < bestCount) {
        bestCount = countH;
        best = k;
        bestSwap = 0;
      }
      if (countG < bestCount) {
        bestCount = countG;
        best = k;
        bestSwap = 1;
      }
    }
    for (let r = 1; r <= regions; r++) {
      if (!this.covered[r]) return DEAD;
      const need = imb[r] - forcedSum[r];
      if (need < lo[r] || need > hi[r]) return DEAD;
    }
    if (forced >= 0) {
      // A forced move: the head a cell demands goes there (when that move is legal at all).
      const k = owner[forced];
      const cell = demandBy[forced];
      for (let d = 0; d < 4; d++) {
        if (nb[4 * forced + d] !== cell) continue;
        if (!this.legal(k, cell)) return DEAD;
        this.sCand[4 * lv] = cell;
        this.sDir[4 * lv] = d;
        this.sPair[lv] = k;
        this.sSwap[lv] = 0;
        this.sCount[lv] = 1;
        this.sNext[lv] = 0;
        this.sApplied[lv] = -1;
        return BRANCH;
      }
    }
    // Branch on the most constrained path end.
    const h = bestSwap ? goal[best] : head[best];
    const g = bestSwap ? head[best] : goal[best];
    let c = 0;
    for (let d = 0; d < 4; d++) {
      const x = nb[4 * h + d];
      if (x >= 0 && this.legal(best, x, h, g)) {
        this.sCand[4 * lv + c] = x;
        this.sDir[4 * lv + c] = d;
        c++;
      }
    }
    this.sPair[lv] = best;
    this.sSwap[lv] = bestSwap;
    this.sCount[lv] = c;
    this.sNext[lv] = 0;
    this.sApplied[lv] = -1;
    return BRANCH;
  }

  private apply(lv: number, t: number): void {
    const k = this.sPair[lv];
    if (this.sSwap[lv]) this.swapEnds(k);
    const cell = this.sCand[4 * lv + t];
    const dir = DIRS[this.sDir[4 * lv + t]];
    const h = this.head[k];
    this.sPrevHead[lv] = h;
    this.sApplied[lv] = t;
    this.links[h] |= dir;
    this.links[cell] |= OPPOSITE[dir];
    if (cell === this.goal[k]) {
      this.done[k] = 1;
      this.doneCount++;
    } else {
      this.owner[cell] = k;
      this.head[k] = cell;
      this.empty--;
    }
  }

  private undo(lv: number): void {
    const t = this.sApplied[lv];
    const k = this.sPair[lv];
    const cell = this.sCand[4 * lv + t];
    const dir = DIRS[this.sDir[4 * lv + t]];
    const h = this.sPrevHead[lv];
    this.links[h] &= ~dir;
    this.links[cell] &= ~OPPOSITE[dir];
    if (cell === this.goal[k]) {
      this.done[k] = 0;
      this.doneCount--;
    } else {
      this.owner[cell] = -1;
      this.head[k] = h;
      this.empty++;
    }
    if (this.sSwap[lv]) this.swapEnds(k);
    this.sApplied[lv] = -1;
  }

  /** The path grows from either open end: the two swap roles. */
  private swapEnds(k: number): void {
    const h = this.head[k];
    this.head[k] = this.goal[k];
    this.goal[k] = h;
  }

  /** Counts solutions up to `limit` (each a copy of the links), stopping when the meter says so. */
  run(limit: number, meter: Meter): { found: Solution[]; stop: StopReason } {
    const found: Solution[] = [];
    let depth = -1;
    let descend = true;
    // A node's expansion scans every cell a few times (dead ends, regions, parity): its work, reported
    // so the budget's clock is read by work (on 40,000 cells a node takes some 4 ms).
    const nodeWork = 8 * this.n;
    for (;;) {
      if (descend) {
        descend = false;
        if (!meter.tick() || !meter.work(nodeWork)) return { found, stop: meter.stopped ?? 'completed' };
        this.stats.nodes++;
        const r = this.expand(depth + 1);
        if (r === SOLUTION) {
          found.push(Uint8Array.from(this.links));
          if (found.length >= limit) return { found, stop: 'completed' };
        } else if (r === BRANCH) {
          depth++;
          if (depth > this.stats.maxDepth) this.stats.maxDepth = depth;
          if (this.sCount[depth] > 1) {
            this.stats.branches++;
            if (this.stats.forcedPrefix < 0) this.stats.forcedPrefix = depth;
          }
        }
      }
      if (depth < 0) return { found, stop: 'completed' };
      if (this.sApplied[depth] >= 0) this.undo(depth);
      if (this.sNext[depth] < this.sCount[depth]) {
        this.apply(depth, this.sNext[depth]++);
        descend = true;
      } else depth--;
    }
  }
}
