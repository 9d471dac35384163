/**
 * FROZEN (numberlink generator version 6): the link deduction of probe.ts at commit 0e1658e, copied
 * unchanged but for this header and its import paths, for the frozen plain-rule counter plain-v6.ts.
 * Never edit this file to change behaviour: a change is a new generator version.
 */
/**
 * Link deduction with an undo trail, for the plain-rule counter (`plain.ts`): the rules of deduce.ts
 * that hold under every rule set (a cell's degree: two links, one at an endpoint; no loop; no path
 * joining two pairs), to a fixpoint, and single trials (a link assumed on, then off: a contradiction
 * settles the opposite). Unlike the grader's `Deducer` it never copies its state: a trial, and a
 * branch of the counter, records what it changes on a trail and undoes it, so a probe allocates
 * nothing. Every link it settles holds in every solution (of the branch), so restricting a count to
 * them loses none.
 *
 * Links are numbered as in deduce.ts: per cell in row-major order, east (if any), then south (if any).
 */
import { E, N, S, W as WEST, type Numberlink } from '../../types.ts';
import type { KnownLinks } from './frontier-v3.ts';

export const UNKNOWN = 0;
export const ON = 1;
export const OFF = 2;

/** Trail entry kinds: a link set, an old `far` value, an old `colour` value. */
const T_LINK = 0;
const T_FAR = 1;
const T_COLOUR = 2;

export class LinkDeducer {
  readonly n: number;
  readonly edges: number;
  readonly ea: Int32Array;
  readonly eb: Int32Array;
  /** 1 when edge e joins a cell to its east neighbour, 0 to its south one. */
  readonly eastward: Uint8Array;
  /** Edges of cell c by direction (N 0, E 1, S 2, W 3): cellEdges[4c + d], -1 none. */
  private readonly cellEdges: Int32Array;
  private readonly need: Uint8Array;
  /** Link values (UNKNOWN, ON, OFF). */
  readonly link: Uint8Array;
  /** For a cell at an end of a piece of path, the cell at its other end. */
  private readonly far: Int32Array;
  /** Pair label (index + 1) a piece leads to, kept on its end cells; 0 none. */
  private readonly colour: Int32Array;
  private trail: Int32Array;
  private top = 0;
  private readonly stack: Int32Array;
  private readonly queued: Uint8Array;
  /** Links settled (on or off). */
  settled = 0;
  /** Trials tried (the unit of work a caller meters). */
  trials = 0;
  /** From the last `probe` pass: the unknown link whose two values each settle most (-1 none). */
  bestBranch = -1;

  constructor(p: Numberlink) {
    const w = p.width;
    const h = p.height;
    const n = (this.n = w * h);
    this.edges = (w - 1) * h + w * (h - 1);
    this.ea = new Int32Array(this.edges);
    this.eb = new Int32Array(this.edges);
    this.eastward = new Uint8Array(this.edges);
    this.cellEdges = new Int32Array(4 * n).fill(-1);
    let e = 0;
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const a = r * w + c;
        if (c + 1 < w) {
          this.ea[e] = a;
          this.eb[e] = a + 1;
          this.eastward[e] = 1;
          this.cellEdges[4 * a + 1] = e;
          this.cellEdges[4 * (a + 1) + 3] = e;
          e++;
        }
        if (r + 1 < h) {
          this.ea[e] = a;
          this.eb[e] = a + w;
          this.cellEdges[4 * a + 2] = e;
          this.cellEdges[4 * (a + w)] = e;
          e++;
        }
      }
    }
    this.need = new Uint8Array(n).fill(2);
    this.link = new Uint8Array(this.edges);
    this.far = new Int32Array(n);
    this.colour = new Int32Array(n);
    for (let i = 0; i < n; i++) this.far[i] = i;
    p.pairs.forEach(([a, b], k) => {
      this.need[a] = this.need[b] = 1;
      this.colour[a] = this.colour[b] = k + 1;
    });
    this.trail = new Int32Array(3 * (this.edges + 16) * 3);
    this.stack = new Int32Array(n);
    this.queued = new Uint8Array(n);
  }

  /** A mark to undo to. */
  mark(): number {
    return this.top;
  }

  /** Undoes every change since `mark`. */
  undo(mark: number): void {
    const t = this.trail;
    while (this.top > mark) {
      this.top -= 3;
      const kind = t[this.top];
      const i = t[this.top + 1];
      if (kind === T_LINK) {
        this.link[i] = UNKNOWN;
        this.settled--;
      } else if (kind === T_FAR) this.far[i] = t[this.top + 2];
      else this.colour[i] = t[this.top + 2];
    }
  }

  private record(kind: number, i: number, old: number): void {
    if (this.top + 3 > this.trail.length) {
      const t = new Int32Array(2 * this.trail.length);
      t.set(this.trail);
      this.trail = t;
    }
    this.trail[this.top] = kind;
    this.trail[this.top + 1] = i;
    this.trail[this.top + 2] = old;
    this.top += 3;
  }

  /** Sets link e to v (joining its pieces when on) and queues its cells; false on a contradiction. */
  set(e: number, v: number): boolean {
    if (this.link[e] !== UNKNOWN) return this.link[e] === v;
    const a = this.ea[e];
    const b = this.eb[e];
    let fa = -1;
    let fb = -1;
    if (v === ON) {
      fa = this.far[a];
      fb = this.far[b];
      if (fa === b) return false; // a loop
      const ca = this.colour[a];
      const cb = this.colour[b];
      if (ca !== 0 && cb !== 0 && ca !== cb) return false; // two pairs joined
      const c = ca || cb;
      this.record(T_FAR, fa, this.far[fa]);
      this.record(T_FAR, fb, this.far[fb]);
      this.record(T_COLOUR, fa, this.colour[fa]);
      this.record(T_COLOUR, fb, this.colour[fb]);
      this.far[fa] = fb;
      this.far[fb] = fa;
      this.colour[fa] = this.colour[fb] = c;
    }
    this.record(T_LINK, e, 0);
    this.link[e] = v;
    this.settled++;
    this.push(a);
    this.push(b);
    if (v === ON) {
      // The merged piece's two ends: what they may link to has changed.
      this.push(fa);
      this.push(fb);
    }
    return true;
  }

  private sp = 0;

  private push(c: number): void {
    if (this.queued[c]) return;
    this.queued[c] = 1;
    this.stack[this.sp++] = c;
  }

  /** Queues every cell (before the first `propagate`). */
  pushAll(): void {
    for (let c = this.n - 1; c >= 0; c--) this.push(c);
  }

  /** Plain deduction to a fixpoint from the queued cells; false on a contradiction (the queue is emptied). */
  propagate(): boolean {
    const link = this.link;
    while (this.sp > 0) {
      const c = this.stack[--this.sp];
      this.queued[c] = 0;
      let on = 0;
      let unk = 0;
      for (let k = 4 * c; k < 4 * c + 4; k++) {
        const e = this.cellEdges[k];
        if (e < 0) continue;
        const v = link[e];
        if (v === ON) on++;
        else if (v === UNKNOWN) unk++;
      }
      const need = this.need[c];
      if (on > need || on + unk < need) return this.fail();
      if (unk === 0) continue;
      if (on === need) {
        for (let k = 4 * c; k < 4 * c + 4; k++) {
          const e = this.cellEdges[k];
          if (e >= 0 && link[e] === UNKNOWN) this.set(e, OFF);
        }
        continue;
      }
      // c is a piece's end: no loop, no mixing on its unknown links.
      for (let k = 4 * c; k < 4 * c + 4; k++) {
        const e = this.cellEdges[k];
        if (e < 0 || link[e] !== UNKNOWN) continue;
        const o = this.ea[e] === c ? this.eb[e] : this.ea[e];
        const loop = this.far[c] === o;
        const mix = this.colour[c] !== 0 && this.colour[o] !== 0 && this.colour[c] !== this.colour[o];
        if (loop || mix) {
          this.set(e, OFF);
          unk--;
        }
      }
      if (on + unk < need) return this.fail();
      if (on + unk === need) {
        for (let k = 4 * c; k < 4 * c + 4; k++) {
          const e = this.cellEdges[k];
          if (e >= 0 && link[e] === UNKNOWN && !this.set(e, ON)) return this.fail();
        }
      }
    }
    return true;
  }

  private fail(): boolean {
    while (this.sp > 0) this.queued[this.stack[--this.sp]] = 0;
    return false;
  }

  /**
   * Trials to a fixpoint: each unknown link assumed on, then off; a contradiction settles the other
   * value. At most `maxTrials` trials; `stop` is asked now and then (true ends the pass). Returns
   * false on a contradiction (no solution), true otherwise. Leaves `bestBranch`.
   */
  probe(maxTrials: number, stop: () => boolean): boolean {
    for (let progress = true; progress; ) {
      progress = false;
      let best = -1;
      let bestScore = -1;
      for (let e = 0; e < this.edges; e++) {
        if (this.link[e] !== UNKNOWN) continue;
        if (this.trials >= maxTrials || ((this.trials & 63) === 0 && stop())) return true;
        const m = this.mark();
        const before = this.settled;
        this.trials += 2;
        const onOk = this.set(e, ON) && this.propagate();
        const gainOn = this.settled - before;
        this.undo(m);
        const offOk = this.set(e, OFF) && this.propagate();
        const gainOff = this.settled - before;
        this.undo(m);
        if (!onOk || !offOk) {
          if (!onOk && !offOk) return false;
          if (!this.set(e, onOk ? ON : OFF) || !this.propagate()) return false;
          progress = true;
          continue;
        }
        const score = Math.min(gainOn, gainOff);
        if (score > bestScore) {
          bestScore = score;
          best = e;
        }
      }
      this.bestBranch = best;
    }
    return true;
  }

  /** The settled links as known links (both cells of each link carry it). */
  known(): KnownLinks {
    const on = new Uint8Array(this.n);
    const off = new Uint8Array(this.n);
    for (let e = 0; e < this.edges; e++) {
      const v = this.link[e];
      if (v === UNKNOWN) continue;
      const t = v === ON ? on : off;
      const a = this.ea[e];
      const b = this.eb[e];
      if (this.eastward[e]) {
        t[a] |= E;
        t[b] |= WEST;
      } else {
        t[a] |= S;
        t[b] |= N;
      }
    }
    return { on, off };
  }
}
