/**
 * Find one covering of a large board under the plain rule (`strict`: every cell on a path, paths may
 * run beside themselves), in time and memory near linear in the cells when the board is as dense in
 * pairs as published large puzzles. No uniqueness claim: `findSolution` sends big strict boards here.
 *
 * The search grows each unfinished pair's path from both endpoints (its two "heads"); a step moves a
 * head into a free neighbour or joins the two heads of a pair when they are side by side. After each
 * step, propagation to fixpoint over the cells the step touched:
 * - a head with no move left fails; one with a single move makes it;
 * - a free cell needs two links, to free neighbours or heads: with fewer it fails; with one free
 *   neighbour and one head beside it, that head must step into it; with no free neighbour, two heads of
 *   one pair beside it must meet through it;
 * - when the step's cell splits the free cells (a test on its eight neighbours, then breadth-first
 *   searches from each side run in turns, so the cost is that of the smaller sides), each region closed
 *   off must have some pair with both heads beside it (its cells lie on middle parts of paths, which run
 *   from one head of a pair to the other), and a head beside it whose partner is not must have a move
 *   outside it.
 * Every rule only removes states that have no covering, so an exhausted search is a true "none".
 * Boards up to FULL_CHECK_CELLS also check every region at every branching step (each unfinished
 * pair's heads beside a common region, each region with a pair on both sides).
 * Branching, as a sweep: at the first free cell in row-major order, the head nearest it over free cells
 * (fewest moves among the nearest), its moves in order: into that cell, then the free neighbours with
 * fewer free neighbours (paths hug what is filled).
 * Nodes are branching steps; state is typed arrays sized once by the board (about 80 bytes a cell),
 * with a trail for undoing, and no allocation per node.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import type { FindResult } from '../../core/verdict.ts';
import { verifySolution } from './puzzle.ts';
import type { Numberlink, Solution } from './types.ts';

/** Bytes of the search's arrays per cell (what the board-size limit is set from). */
export const LARGE_BYTES_PER_CELL = 80;

/** Work units (core budget) reported per cell examined. */
const WORK_PER_CELL = 3;
const JOIN = 4;
/** Boards up to this many cells also check every region at every branching step (an O(cells) pass). */
export const FULL_CHECK_CELLS = 4096;

/**
 * Finds one covering within the budget (`maxNodes` counts branching steps; `maxStates` bounds the
 * cells plus pairs its arrays hold). Under `no-touch` the search is exact for that rule. Under `strict`
 * it looks first for a covering in which no path runs beside itself (a far smaller search, and such a
 * covering holds under strict), with half the nodes and time, then for any covering with the rest; a
 * "none" is only said by the second. Other rule sets are not searched here (inconclusive at once is
 * never returned for them: the caller keeps them on the general stages). The solution is checked by
 * the verifier under the puzzle's rule.
 */
export function findLarge(p: Numberlink, budget: Budget = {}): FindResult<Solution> {
  if (p.rule === 'no-2x2') throw new RangeError('findLarge searches under strict and no-touch only');
  const meter = new Meter(budget);
  const stats = () => ({ nodes: meter.nodes, ms: meter.elapsedMs() });
  if (!meter.holds(p.width * p.height + p.pairs.length)) return { kind: 'inconclusive', stop: 'memory-limit', stats: stats() };
  const found = (s: Solution): FindResult<Solution> => {
    const v = verifySolution(p, s);
    if (!v.ok) throw new Error(`numberlink large search returned a grid that does not verify (solver bug): ${v.reason}`);
    return { kind: 'found', solution: s, stats: stats() };
  };
  if (p.rule === 'strict') {
    const left = meter.remaining();
    const half: Budget = { ...left };
    if (left.maxNodes !== undefined) half.maxNodes = Math.floor(left.maxNodes / 2);
    if (left.deadlineMs !== undefined) half.deadlineMs = left.deadlineMs / 2;
    const sub = new Meter(half);
    const r = new LargeSearch(p, sub, true).run();
    meter.tick(sub.nodes);
    if (r !== 'none' && r !== 'stopped') return found(r);
    if (sub.stopped === 'cancelled' || sub.stopped === 'memory-limit' || !meter.check())
      return { kind: 'inconclusive', stop: meter.stopped ?? sub.stopped ?? 'deadline', stats: stats() };
  }
  const r = new LargeSearch(p, meter, p.rule === 'no-touch').run();
  if (r === 'none') return { kind: 'none', stats: stats() };
  if (r === 'stopped') return { kind: 'inconclusive', stop: meter.stopped ?? 'deadline', stats: stats() };
  return found(r);
}

class LargeSearch {
  private readonly w: number;
  private readonly h: number;
  private readonly n: number;
  private readonly k: number;
  /** Neighbours, 4 a cell (N, E, S, W), -1 off the grid. */
  private readonly nb: Int32Array;
  /** The pair owning a cell, -1 while free. */
  private readonly col: Int32Array;
  private readonly links: Uint8Array;
  /** The head slot (2·pair + end) standing on a cell, -1 elsewhere. */
  private readonly headOf: Int32Array;
  private readonly head: Int32Array;
  private readonly done: Uint8Array;
  private readonly active: Int32Array;
  private readonly activePos: Int32Array;
  private activeCount: number;
  private freeCount: number;
  // The trail: a step is (slot, cell, previous head); a join is (-1 - pair, head a, head b).
  private readonly tKind: Int32Array;
  private readonly tA: Int32Array;
  private readonly tB: Int32Array;
  private tLen = 0;
  private readonly dirty: Int32Array;
  private readonly inDirty: Uint8Array;
  private dirtyLen = 0;
  /** Head slots whose moves the last propagation counted (two or more), deduplicated by `recentMark`. */
  private readonly recent: Int32Array;
  private readonly recentMark: Int32Array;
  private recentLen = 0;
  /** The first free cell in row-major order is at or after this (reset on undo). */
  private sweepAt = 0;
  private target = -1;
  private recentEpoch = 1;
  // Region test: stamps and one queue per side.
  private readonly visit: Int32Array;
  private visitBase = 0;
  private readonly queues: Int32Array;
  private readonly slotMark: Int32Array;
  private slotEpoch = 0;
  private readonly seenSlots: Int32Array;
  private readonly region: Int32Array;
  private readonly served: Uint8Array;

  private readonly meter: Meter;
  /** Search only coverings in which no path runs beside itself (they hold under every rule set). */
  private readonly noTouch: boolean;

  constructor(p: Numberlink, meter: Meter, noTouch: boolean) {
    this.meter = meter;
    this.noTouch = noTouch;
    const w = p.width;
    const h = p.height;
    const n = w * h;
    this.w = w;
    this.h = h;
    this.n = n;
    this.k = p.pairs.length;
    const nb = new Int32Array(4 * n);
    for (let c = 0; c < n; c++) {
      const r = (c / w) | 0;
      const x = c - r * w;
      nb[4 * c] = r > 0 ? c - w : -1;
      nb[4 * c + 1] = x + 1 < w ? c + 1 : -1;
      nb[4 * c + 2] = r + 1 < h ? c + w : -1;
      nb[4 * c + 3] = x > 0 ? c - 1 : -1;
    }
    this.nb = nb;
    this.col = new Int32Array(n).fill(-1);
    this.links = new Uint8Array(n);
    this.headOf = new Int32Array(n).fill(-1);
    const K = this.k;
    this.head = new Int32Array(2 * K);
    this.done = new Uint8Array(K);
    this.active = new Int32Array(K);
    this.activePos = new Int32Array(K);
    p.pairs.forEach(([a, b], k) => {
      this.col[a] = k;
      this.col[b] = k;
      this.head[2 * k] = a;
      this.head[2 * k + 1] = b;
      this.headOf[a] = 2 * k;
      this.headOf[b] = 2 * k + 1;
      this.active[k] = k;
      this.activePos[k] = k;
    });
    this.activeCount = K;
    this.freeCount = n - 2 * K;
    const t = n + K + 1;
    this.tKind = new Int32Array(t);
    this.tA = new Int32Array(t);
    this.tB = new Int32Array(t);
    this.dirty = new Int32Array(n);
    this.inDirty = new Uint8Array(n);
    this.recent = new Int32Array(2 * K);
    this.recentMark = new Int32Array(2 * K);
    this.visit = new Int32Array(n);
    this.queues = new Int32Array(4 * n);
    this.slotMark = new Int32Array(2 * K);
    this.seenSlots = new Int32Array(2 * K);
    this.region = new Int32Array(n <= FULL_CHECK_CELLS ? n : 0);
    this.served = new Uint8Array(n <= FULL_CHECK_CELLS ? n : 0);
  }

  /** The covering found, 'none' when the search is exhausted, or 'stopped' by the budget. */
  run(): Solution | 'none' | 'stopped' {
    const meter = this.meter;
    const depthMax = this.n + this.k + 1;
    const fTrail = new Int32Array(depthMax);
    const fSlot = new Int32Array(depthMax);
    const fOpts = new Uint8Array(5 * depthMax);
    const fCount = new Uint8Array(depthMax);
    const fNext = new Uint8Array(depthMax);
    let depth = 0;
    for (let c = 0; c < this.n; c++) this.markDirty(c);
    this.newRecent();
    let ok = this.propagate();
    for (;;) {
      if (ok) {
        if (!meter.tick()) return 'stopped';
        if (this.activeCount === 0) {
          if (this.freeCount === 0) return this.links.slice();
          ok = false;
          continue;
        }
        const s = this.fullCheck() ? this.choose() : -1;
        if (s < 0) {
          ok = false;
          continue;
        }
        fTrail[depth] = this.tLen;
        fSlot[depth] = s;
        fCount[depth] = this.options(s, fOpts, 5 * depth);
        fNext[depth] = 0;
        depth++;
      }
      // Try the next option of the deepest frame that has one.
      ok = false;
      while (depth > 0) {
        const d = depth - 1;
        if (fNext[d] >= fCount[d]) {
          depth--;
          continue;
        }
        this.undoTo(fTrail[d]);
        const o = fOpts[5 * d + fNext[d]++];
        const s = fSlot[d];
        this.newRecent();
        const applied = o === JOIN ? this.join(s >> 1) : this.extend(s, this.nb[4 * this.head[s] + o]);
        if (applied && this.propagate()) {
          ok = true;
          break;
        }
        this.clearDirty();
        if (meter.stopped) return 'stopped';
      }
      if (!ok) {
        if (meter.stopped) return 'stopped';
        return 'none';
      }
    }
  }

  private markDirty(c: number): void {
    if (this.inDirty[c]) return;
    this.inDirty[c] = 1;
    this.dirty[this.dirtyLen++] = c;
  }

  private markAround(c: number): void {
    const nb = this.nb;
    for (let d = 0; d < 4; d++) {
      const x = nb[4 * c + d];
      if (x >= 0) this.markDirty(x);
    }
  }

  private clearDirty(): void {
    while (this.dirtyLen > 0) this.inDirty[this.dirty[--this.dirtyLen]] = 0;
  }

  private newRecent(): void {
    this.recentLen = 0;
    this.recentEpoch++;
  }

  /** Runs the forcing rules on the dirty cells to fixpoint; false on a contradiction (dirty left set). */
  private propagate(): boolean {
    let work = 0;
    while (this.dirtyLen > 0) {
      const z = this.dirty[--this.dirtyLen];
      this.inDirty[z] = 0;
      work += WORK_PER_CELL;
      if (this.col[z] < 0) {
        if (!this.cellCheck(z)) return false;
      } else if (this.headOf[z] >= 0) {
        if (!this.headCheck(this.headOf[z])) return false;
      }
      if (work >= 4096) {
        if (!this.meter.work(work)) return false;
        work = 0;
      }
    }
    return this.meter.work(work);
  }

  private cellCheck(y: number): boolean {
    const nb = this.nb;
    let free = 0;
    let hc = 0;
    let h0 = -1;
    let h1 = -1;
    let h2 = -1;
    let h3 = -1;
    for (let d = 0; d < 4; d++) {
      const c = nb[4 * y + d];
      if (c < 0) continue;
      if (this.col[c] < 0) free++;
      else {
        const s = this.headOf[c];
        if (s < 0 || !this.enterable(s, y)) continue;
        if (hc === 0) h0 = s;
        else if (hc === 1) h1 = s;
        else if (hc === 2) h2 = s;
        else h3 = s;
        hc++;
      }
    }
    if (free + hc < 2) return false;
    if (free === 1 && hc === 1) return this.extend(h0, y);
    if (free === 0) {
      // Both links to heads: of one pair, which meet here.
      const hs = [h0, h1, h2, h3];
      let pairSlot = -1;
      let pairs = 0;
      for (let i = 0; i < hc; i++) {
        for (let j = i + 1; j < hc; j++) {
          if (hs[i] >> 1 === hs[j] >> 1 && hs[i] >> 1 !== pairSlot >> 1) {
            pairs++;
            pairSlot = hs[i];
          }
        }
      }
      if (pairs === 0) return false;
      if (pairs === 1) return this.extend(pairSlot, y);
    }
    return true;
  }

  /**
   * Whether head slot `s` may step into free cell `x`: always under strict; without touching, when its
   * head is not beside its partner (then it must join) and no other cell of its path but the partner
   * head is beside `x`.
   */
  private enterable(s: number, x: number): boolean {
    if (!this.noTouch) return true;
    const k = s >> 1;
    const from = this.head[s];
    const partner = this.head[s ^ 1];
    const nb = this.nb;
    for (let d = 0; d < 4; d++) {
      // A head beside its partner may only join it.
      if (nb[4 * from + d] === partner) return false;
      const y = nb[4 * x + d];
      if (y >= 0 && y !== from && y !== partner && this.col[y] === k) return false;
    }
    return true;
  }

  /** Moves of a head slot: free neighbours, plus one for a join with its partner beside it. */
  private moveCount(s: number): number {
    const c = this.head[s];
    const partner = this.head[s ^ 1];
    const nb = this.nb;
    let m = 0;
    for (let d = 0; d < 4; d++) {
      const x = nb[4 * c + d];
      if (x < 0) continue;
      if (x === partner) {
        if (this.noTouch) return 1;
        m++;
      } else if (this.col[x] < 0 && this.enterable(s, x)) m++;
    }
    return m;
  }

  private headCheck(s: number): boolean {
    const c = this.head[s];
    const partner = this.head[s ^ 1];
    const nb = this.nb;
    let m = 0;
    let only = -1;
    let adj = false;
    for (let d = 0; d < 4; d++) {
      const x = nb[4 * c + d];
      if (x < 0) continue;
      if (x === partner) {
        // Without touching, a path whose two heads meet must join there.
        if (this.noTouch) return this.join(s >> 1);
        m++;
        adj = true;
      } else if (this.col[x] < 0 && this.enterable(s, x)) {
        m++;
        only = x;
      }
    }
    if (m === 0) return false;
    if (m === 1) return adj ? this.join(s >> 1) : this.extend(s, only);
    if (this.recentMark[s] !== this.recentEpoch) {
      this.recentMark[s] = this.recentEpoch;
      this.recent[this.recentLen++] = s;
    }
    return true;
  }

  /** The head to branch on: the nearest to the first free cell; with none free, the fewest moves (-1 when one has none). */
  private choose(): number {
    const n = this.n;
    while (this.sweepAt < n && this.col[this.sweepAt] >= 0) this.sweepAt++;
    const x = this.sweepAt;
    this.target = x;
    if (x < n) return this.nearestHead(x);
    let best = -1;
    let bestM = 99;
    for (let i = 0; i < this.recentLen; i++) {
      const s = this.recent[i];
      if (this.done[s >> 1] || this.headOf[this.head[s]] !== s) continue;
      const m = this.moveCount(s);
      if (m < bestM) {
        bestM = m;
        best = s;
        if (m <= 2) break;
      }
    }
    if (best < 0) {
      for (let i = 0; i < this.activeCount; i++) {
        const k = this.active[i];
        for (let e = 0; e < 2; e++) {
          const m = this.moveCount(2 * k + e);
          if (m < bestM) {
            bestM = m;
            best = 2 * k + e;
          }
        }
      }
    }
    return bestM === 0 ? -1 : best;
  }

  /**
   * The head to branch on near free cell `x`: breadth-first from `x` over free cells, the heads beside
   * the first layer that has any, the one with the fewest moves; -1 when no head borders its region.
   */
  private nearestHead(x: number): number {
    const nb = this.nb;
    const col = this.col;
    const q = this.queues;
    if (this.visitBase > 0x7fff0000) {
      this.visit.fill(0);
      this.visitBase = 0;
    }
    const base = this.visitBase + 8;
    this.visitBase = base;
    const visit = this.visit;
    let qh = 0;
    let qt = 0;
    q[qt++] = x;
    visit[x] = base;
    let best = -1;
    let bestM = 99;
    let layerEnd = qt;
    while (qh < qt) {
      const v = q[qh++];
      for (let d = 0; d < 4; d++) {
        const y = nb[4 * v + d];
        if (y < 0) continue;
        if (col[y] < 0) {
          if (visit[y] !== base) {
            visit[y] = base;
            q[qt++] = y;
          }
          continue;
        }
        const t = this.headOf[y];
        if (t < 0) continue;
        const m = this.moveCount(t);
        if (m < bestM) {
          bestM = m;
          best = t;
        }
      }
      if (qh === layerEnd) {
        if (best >= 0) break;
        layerEnd = qt;
      }
    }
    this.meter.work(qh * WORK_PER_CELL);
    return best;
  }

  /** Writes the slot's moves into `out` from `at` (join first, then free neighbours by fewest free neighbours); returns how many. */
  private options(s: number, out: Uint8Array, at: number): number {
    const c = this.head[s];
    const partner = this.head[s ^ 1];
    const nb = this.nb;
    let m = 0;
    for (let d = 0; d < 4; d++) if (nb[4 * c + d] === partner) out[at + m++] = JOIN;
    const start = m;
    const key = [0, 0, 0, 0];
    for (let d = 0; d < 4; d++) {
      const x = nb[4 * c + d];
      if (x < 0 || this.col[x] >= 0 || !this.enterable(s, x)) continue;
      let f = 0;
      for (let e = 0; e < 4; e++) {
        const y = nb[4 * x + e];
        if (y >= 0 && this.col[y] < 0) f++;
      }
      if (x === this.target) f = -1;
      // Insertion by free degree.
      let i = m;
      while (i > start && key[i - start - 1] > f) {
        out[at + i] = out[at + i - 1];
        key[i - start] = key[i - start - 1];
        i--;
      }
      out[at + i] = d;
      key[i - start] = f;
      m++;
    }
    return m;
  }

  private dirIndex(from: number, to: number): number {
    const w = this.w;
    if (to === from - w) return 0;
    if (to === from + w) return 2;
    return to === from + 1 ? 1 : 3;
  }

  /** Steps head slot `s` into free cell `x`; false when that closes off a region with no covering. */
  private extend(s: number, x: number): boolean {
    const o = this.head[s];
    const d = this.dirIndex(o, x);
    this.col[x] = s >> 1;
    this.links[o] |= 1 << d;
    this.links[x] |= 1 << ((d + 2) & 3);
    this.headOf[o] = -1;
    this.headOf[x] = s;
    this.head[s] = x;
    this.freeCount--;
    this.tKind[this.tLen] = s;
    this.tA[this.tLen] = x;
    this.tB[this.tLen] = o;
    this.tLen++;
    this.markAround(o);
    this.markDirty(x);
    this.markAround(x);
    return this.regionsHold(x);
  }

  private join(k: number): boolean {
    const a = this.head[2 * k];
    const b = this.head[2 * k + 1];
    const d = this.dirIndex(a, b);
    this.links[a] |= 1 << d;
    this.links[b] |= 1 << ((d + 2) & 3);
    this.headOf[a] = -1;
    this.headOf[b] = -1;
    this.done[k] = 1;
    const i = this.activePos[k];
    const last = this.active[--this.activeCount];
    this.active[i] = last;
    this.activePos[last] = i;
    this.active[this.activeCount] = k;
    this.activePos[k] = this.activeCount;
    this.tKind[this.tLen] = -1 - k;
    this.tA[this.tLen] = a;
    this.tB[this.tLen] = b;
    this.tLen++;
    this.markAround(a);
    this.markAround(b);
    return true;
  }

  private undoTo(len: number): void {
    while (this.tLen > len) {
      this.tLen--;
      const kind = this.tKind[this.tLen];
      const a = this.tA[this.tLen];
      const b = this.tB[this.tLen];
      if (kind >= 0) {
        // A step of slot `kind` from b into a.
        const d = this.dirIndex(b, a);
        this.links[b] &= ~(1 << d);
        this.links[a] = 0;
        this.col[a] = -1;
        if (a < this.sweepAt) this.sweepAt = a;
        this.headOf[a] = -1;
        this.headOf[b] = kind;
        this.head[kind] = b;
        this.freeCount++;
      } else {
        const k = -1 - kind;
        const d = this.dirIndex(a, b);
        this.links[a] &= ~(1 << d);
        this.links[b] &= ~(1 << ((d + 2) & 3));
        this.headOf[a] = 2 * k;
        this.headOf[b] = 2 * k + 1;
        this.done[k] = 0;
        // It is at activeCount (the last removed comes back first, in trail order).
        this.activeCount++;
      }
    }
  }

  /**
   * Every region of free cells at once: each must have a pair with both heads beside it, and each
   * unfinished pair's heads must be side by side or beside one common region.
   */
  private fullCheck(): boolean {
    if (this.n > FULL_CHECK_CELLS) return true;
    const n = this.n;
    const region = this.region;
    const nb = this.nb;
    const col = this.col;
    region.fill(-1);
    const q = this.queues;
    let regions = 0;
    for (let c = 0; c < n; c++) {
      if (col[c] >= 0 || region[c] >= 0) continue;
      const id = regions++;
      this.served[id] = 0;
      region[c] = id;
      let qh = 0;
      let qt = 0;
      q[qt++] = c;
      while (qh < qt) {
        const v = q[qh++];
        for (let d = 0; d < 4; d++) {
          const y = nb[4 * v + d];
          if (y >= 0 && col[y] < 0 && region[y] < 0) {
            region[y] = id;
            q[qt++] = y;
          }
        }
      }
    }
    this.meter.work(n);
    for (let i = 0; i < this.activeCount; i++) {
      const k = this.active[i];
      const a = this.head[2 * k];
      const b = this.head[2 * k + 1];
      let share = false;
      for (let d = 0; d < 4; d++) {
        const x = nb[4 * a + d];
        if (x < 0) continue;
        if (x === b) share = true;
        const ra = region[x];
        if (col[x] >= 0 || ra < 0) continue;
        for (let e = 0; e < 4; e++) {
          const y = nb[4 * b + e];
          if (y >= 0 && col[y] < 0 && region[y] === ra) {
            share = true;
            this.served[ra] = 1;
          }
        }
      }
      if (!share) return false;
    }
    for (let r = 0; r < regions; r++) if (!this.served[r]) return false;
    return true;
  }

  private isFree(r: number, c: number): boolean {
    return r >= 0 && r < this.h && c >= 0 && c < this.w && this.col[r * this.w + c] < 0;
  }

  /**
   * After `x` was filled: whether every region of free cells it closed off can still be covered. The
   * ring of its eight neighbours says which free neighbours stay joined around it; the others are
   * searched from in turns until all meet or all but one have closed.
   */
  private regionsHold(x: number): boolean {
    const w = this.w;
    const r = (x / w) | 0;
    const c = x - r * w;
    // Ring: N, NE, E, SE, S, SW, W, NW; orthogonal at even places.
    const dr = [-1, -1, 0, 1, 1, 1, 0, -1];
    const dc = [0, 1, 1, 1, 0, -1, -1, -1];
    let freeMask = 0;
    for (let i = 0; i < 8; i++) if (this.isFree(r + dr[i], c + dc[i])) freeMask |= 1 << i;
    let orth = 0;
    for (let i = 0; i < 8; i += 2) if (freeMask & (1 << i)) orth++;
    if (orth < 2 || freeMask === 255) return true;
    // Runs of free places around the ring; a side per run holding an orthogonal neighbour.
    let startAt = 0;
    while (freeMask & (1 << startAt)) startAt++;
    const sides: number[] = [];
    let inRun = false;
    let runHasSide = false;
    for (let t = 1; t <= 8; t++) {
      const i = (startAt + t) & 7;
      if (freeMask & (1 << i)) {
        if (!inRun) {
          inRun = true;
          runHasSide = false;
        }
        if ((i & 1) === 0 && !runHasSide) {
          runHasSide = true;
          sides.push((r + dr[i]) * w + c + dc[i]);
        }
      } else inRun = false;
    }
    if (sides.length < 2) return true;
    return this.searchSides(sides);
  }

  private searchSides(sides: number[]): boolean {
    const n = this.n;
    const S = sides.length;
    if (this.visitBase > 0x7fff0000) {
      this.visit.fill(0);
      this.visitBase = 0;
    }
    const base = this.visitBase + 8;
    this.visitBase = base;
    const visit = this.visit;
    const q = this.queues;
    const nb = this.nb;
    const col = this.col;
    const qHead = [0, 0, 0, 0];
    const qTail = [0, 0, 0, 0];
    const group = [0, 1, 2, 3];
    const closed = [false, false, false, false];
    const find = (i: number): number => {
      while (group[i] !== i) i = group[i];
      return i;
    };
    let groups = S;
    for (let i = 0; i < S; i++) {
      visit[sides[i]] = base + i;
      q[i * n] = sides[i];
      qTail[i] = 1;
    }
    let work = 0;
    for (;;) {
      let open = 0;
      for (let i = 0; i < S; i++) {
        const g = find(i);
        if (closed[g]) continue;
        if (qHead[i] < qTail[i]) {
          const v = q[i * n + qHead[i]++];
          work += WORK_PER_CELL;
          for (let d = 0; d < 4; d++) {
            const y = nb[4 * v + d];
            if (y < 0 || col[y] >= 0) continue;
            const t = visit[y];
            if (t < base) {
              visit[y] = base + i;
              q[i * n + qTail[i]++] = y;
            } else {
              const gj = find(t - base);
              const gi = find(i);
              if (gj !== gi) {
                group[gj] = gi;
                groups--;
                if (groups === 1) return this.meter.work(work);
              }
            }
          }
        }
        open++;
      }
      // A group all of whose sides are exhausted is a closed region.
      for (let i = 0; i < S; i++) {
        const g = find(i);
        if (closed[g]) continue;
        let exhausted = true;
        for (let j = 0; j < S; j++) if (find(j) === g && qHead[j] < qTail[j]) exhausted = false;
        if (!exhausted) continue;
        closed[g] = true;
        if (!this.regionCoverable(g, S, find, qTail, base)) {
          this.meter.work(work);
          return false;
        }
        groups--;
      }
      let live = 0;
      for (let i = 0; i < S; i++) if (find(i) === i && !closed[i]) live++;
      if (live <= 1 || open === 0) return this.meter.work(work);
      if (work >= 4096) {
        if (!this.meter.work(work)) return false;
        work = 0;
      }
    }
  }

  /** A closed region (the cells the sides of group `g` visited): some pair has both heads beside it; a head beside it whose partner is not can move outside it. */
  private regionCoverable(g: number, S: number, find: (i: number) => number, qTail: number[], base: number): boolean {
    const n = this.n;
    const q = this.queues;
    const nb = this.nb;
    this.slotEpoch++;
    const epoch = this.slotEpoch;
    let seen = 0;
    for (let i = 0; i < S; i++) {
      if (find(i) !== g) continue;
      for (let t = 0; t < qTail[i]; t++) {
        const v = q[i * n + t];
        for (let d = 0; d < 4; d++) {
          const y = nb[4 * v + d];
          if (y < 0) continue;
          const s = this.headOf[y];
          if (s >= 0 && this.slotMark[s] !== epoch) {
            this.slotMark[s] = epoch;
            this.seenSlots[seen++] = s;
          }
        }
      }
    }
    let served = false;
    for (let i = 0; i < seen; i++) {
      const s = this.seenSlots[i];
      if (this.slotMark[s ^ 1] === epoch) {
        served = true;
        continue;
      }
      // This head cannot end its path inside: it needs a move outside the region.
      const c = this.head[s];
      const partner = this.head[s ^ 1];
      let out = false;
      for (let d = 0; d < 4 && !out; d++) {
        const y = nb[4 * c + d];
        if (y < 0) continue;
        if (y === partner) out = true;
        else if (this.col[y] < 0) {
          const t = this.visit[y];
          if (t < base || find(t - base) !== g) out = true;
        }
      }
      if (!out) return false;
    }
    return served;
  }
}
