/**
 * A human-like deduction engine for Numberlink, the basis of the grader. It works on the links between
 * neighbouring cells, each unknown, on or off, with the deductions a person makes by hand:
 * - degree: a cell needs exactly two links (an endpoint one); when its links on reach that, the rest
 *   are off; when its links on plus unknown just reach it, the unknown ones are on (a cell with only
 *   two ways in takes both; a path end with one way on takes it);
 * - no loop: a link joining the two ends of one piece of path is off;
 * - no mixing: a link joining pieces that lead to different endpoints' labels is off.
 * When these stall, a trial: assume one unknown link on (or off), deduce on; if that contradicts,
 * the opposite holds. Trials are what makes a puzzle hard by hand; the engine counts them, and how
 * many rounds of plain deduction were needed in between.
 * It never guesses: every conclusion follows from the rules, so what it decides is in every solution.
 */
import type { DeductionMeasures } from '../../core/family.ts';
import type { Numberlink } from './types.ts';

const UNKNOWN = 0;
const ON = 1;
const OFF = 2;

/** The grader's measures (shares are of the links), and where trials were needed. */
export interface Deduction extends DeductionMeasures {
  /** The two cells of each link a trial concluded, in order: where plain deduction stalled. */
  trialCells: number[];
}

interface State {
  link: Uint8Array;
  /** For a cell at an end of a piece, the cell at its other end. */
  far: Int32Array;
  /** Endpoint label (pair index + 1) a piece leads to, kept on its end cells; 0 none. */
  colour: Int32Array;
}

export class Deducer {
  private readonly n: number;
  private readonly edges: number;
  /** Cells of edge e: a = ea[e], b = eb[e]. */
  private readonly ea: Int32Array;
  private readonly eb: Int32Array;
  /** 1 when edge e joins a cell to its east neighbour, 0 to its south one (not `b === a + 1`: one column). */
  private readonly eastward: Uint8Array;
  /** Edges of cell c: cellEdges[4c..4c+3], -1 none. */
  private readonly cellEdges: Int32Array;
  private readonly need: Uint8Array;
  private readonly queued: Uint8Array;
  trialsTried = 0;

  /** The corner kinds (two directions and the inside cell's offset) when the corner rules apply. */
  private readonly corners: [number, number, number][];
  /** allowed[4c + kind]: cell c may be a corner of that kind (its inside diagonal meets an endpoint). */
  private readonly allowed: Uint8Array;

  /**
   * `cornerRules`: reason with the corner property of no-2x2 coverings too (see sweep.ts): a corner
   * lies on an endpoint's diagonal ray, and the cell inside it links neither of the corner's ways.
   * Sound for puzzles under no-2x2 or no-touch; for a strict puzzle, sound when its solution has no
   * 2x2 block of one path, as every generated one (the grader is told so).
   */
  constructor(
    private readonly p: Numberlink,
    cornerRules = false,
  ) {
    const w = p.width;
    const h = p.height;
    const n = (this.n = w * h);
    this.edges = (w - 1) * h + w * (h - 1);
    this.ea = new Int32Array(this.edges);
    this.eb = new Int32Array(this.edges);
    this.eastward = new Uint8Array(this.edges);
    this.cellEdges = new Int32Array(4 * n).fill(-1);
    let e = 0;
    const add = (a: number, b: number, da: number): void => {
      this.ea[e] = a;
      this.eb[e] = b;
      this.eastward[e] = da === 1 ? 1 : 0;
      this.cellEdges[4 * a + da] = e;
      this.cellEdges[4 * b + ((da + 2) & 3)] = e;
      e++;
    };
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        if (c + 1 < w) add(r * w + c, r * w + c + 1, 1);
        if (r + 1 < h) add(r * w + c, (r + 1) * w + c, 2);
      }
    }
    // Corner kinds by their two directions (N 0, E 1, S 2, W 3) and the inside cell's offset.
    this.corners = cornerRules
      ? [
          [1, 2, w + 1],
          [2, 3, w - 1],
          [0, 1, -w + 1],
          [0, 3, -w - 1],
        ]
      : [];
    this.allowed = new Uint8Array(4 * n);
    const isEnd = new Uint8Array(n);
    for (const [a, b] of p.pairs) isEnd[a] = isEnd[b] = 1;
    const ray = (i: number, dr: number, dc: number): boolean => {
      let r = Math.floor(i / w) + dr;
      let c = (i % w) + dc;
      while (r >= 0 && r < h && c >= 0 && c < w) {
        if (isEnd[r * w + c]) return true;
        r += dr;
        c += dc;
      }
      return false;
    };
    for (let i = 0; i < n; i++) {
      if (isEnd[i]) continue;
      this.allowed[4 * i] = ray(i, 1, 1) ? 1 : 0;
      this.allowed[4 * i + 1] = ray(i, 1, -1) ? 1 : 0;
      this.allowed[4 * i + 2] = ray(i, -1, 1) ? 1 : 0;
      this.allowed[4 * i + 3] = ray(i, -1, -1) ? 1 : 0;
    }
    this.need = new Uint8Array(n).fill(2);
    for (const [a, b] of p.pairs) this.need[a] = this.need[b] = 1;
    this.queued = new Uint8Array(n);
  }

  start(): State {
    const s: State = { link: new Uint8Array(this.edges), far: new Int32Array(this.n), colour: new Int32Array(this.n) };
    for (let i = 0; i < this.n; i++) s.far[i] = i;
    this.p.pairs.forEach(([a, b], k) => (s.colour[a] = s.colour[b] = k + 1));
    return s;
  }

  private copy(s: State): State {
    return { link: s.link.slice(), far: s.far.slice(), colour: s.colour.slice() };
  }

  /** Sets edge e on (joining its pieces) or off; false on a contradiction. */
  private set(s: State, e: number, v: number): boolean {
    if (s.link[e] !== UNKNOWN) return s.link[e] === v;
    s.link[e] = v;
    if (v === OFF) return true;
    const a = this.ea[e];
    const b = this.eb[e];
    const fa = s.far[a];
    const fb = s.far[b];
    if (fa === b) return false; // a loop
    const ca = s.colour[a];
    const cb = s.colour[b];
    if (ca && cb && ca !== cb) return false;
    const c = ca || cb;
    s.far[fa] = fb;
    s.far[fb] = fa;
    s.colour[fa] = s.colour[fb] = c;
    return true;
  }

  /** Plain deduction to a fixpoint from the cells in `seeds` (all cells when null); false on a contradiction. */
  propagate(s: State, seeds: number[] | null): boolean {
    const stack: number[] = [];
    const push = (c: number): void => {
      if (this.queued[c]) return;
      this.queued[c] = 1;
      stack.push(c);
    };
    const fail = (): boolean => {
      for (const c of stack) this.queued[c] = 0;
      return false;
    };
    if (seeds) for (const c of seeds) push(c);
    else for (let c = this.n - 1; c >= 0; c--) push(c);
    while (stack.length > 0) {
      const c = stack.pop()!;
      this.queued[c] = 0;
      let on = 0;
      let unk = 0;
      for (let k = 4 * c; k < 4 * c + 4; k++) {
        const e = this.cellEdges[k];
        if (e < 0) continue;
        const v = s.link[e];
        if (v === ON) on++;
        else if (v === UNKNOWN) {
          // No loop, no mixing: checked on the unknown links of a piece's end.
          const o = this.ea[e] === c ? this.eb[e] : this.ea[e];
          const loop = s.far[c] === o;
          const mix = s.colour[c] !== 0 && s.colour[o] !== 0 && s.colour[c] !== s.colour[o];
          if (loop || mix) {
            s.link[e] = OFF;
            push(o);
          } else unk++;
        }
      }
      const need = this.need[c];
      if (on > need || on + unk < need) return fail();
      if (need === 2 && on > 0) {
        for (let kind = 0; kind < this.corners.length; kind++) {
          const [d1, d2, inside] = this.corners[kind];
          const e1 = this.cellEdges[4 * c + d1];
          const e2 = this.cellEdges[4 * c + d2];
          if (e1 < 0 || e2 < 0) continue;
          const v1 = s.link[e1];
          const v2 = s.link[e2];
          if (v1 === ON && v2 === ON) {
            if (!this.allowed[4 * c + kind]) return fail();
            // The inside cell links neither of the corner's ways (towards the corner's path).
            const q = c + inside;
            for (const e of [this.cellEdges[4 * q + ((d1 + 2) & 3)], this.cellEdges[4 * q + ((d2 + 2) & 3)]]) {
              if (e < 0 || s.link[e] === OFF) continue;
              if (s.link[e] === ON) return fail();
              s.link[e] = OFF;
              push(this.ea[e]);
              push(this.eb[e]);
            }
          } else if (!this.allowed[4 * c + kind] && (v1 === ON || v2 === ON)) {
            const e = v1 === ON ? e2 : e1;
            if (s.link[e] === UNKNOWN) {
              s.link[e] = OFF;
              push(this.ea[e]);
              push(this.eb[e]);
              unk--;
            }
          }
        }
        if (on + unk < need) return fail();
      }
      if (unk === 0 || (on < need && on + unk > need)) continue;
      const value = on === need ? OFF : ON;
      for (let k = 4 * c; k < 4 * c + 4; k++) {
        const e = this.cellEdges[k];
        if (e < 0 || s.link[e] !== UNKNOWN) continue;
        if (!this.set(s, e, value)) return fail();
        const o = this.ea[e] === c ? this.eb[e] : this.ea[e];
        push(o);
        // A join changes what the new piece's two ends may link to.
        if (value === ON) {
          push(s.far[o]);
          push(s.far[c]);
        }
      }
    }
    return true;
  }

  private decided(s: State): number {
    let d = 0;
    for (let e = 0; e < this.edges; e++) if (s.link[e] !== UNKNOWN) d++;
    return d;
  }

  /** A trial on edge e with value v: false when it contradicts (so the opposite holds). */
  private holds(s: State, e: number, v: number): boolean {
    this.trialsTried++;
    const t = this.copy(s);
    if (!this.set(t, e, v)) return false;
    return this.propagate(t, [this.ea[e], this.eb[e], t.far[this.ea[e]], t.far[this.eb[e]]]);
  }

  /** The links decided on, as link bits (only meaningful once every link is decided). */
  links(s: State): Uint8Array {
    const out = new Uint8Array(this.n);
    for (let e = 0; e < this.edges; e++) {
      if (s.link[e] !== ON) continue;
      const a = this.ea[e];
      const b = this.eb[e];
      if (this.eastward[e]) {
        out[a] |= 2; // E
        out[b] |= 8; // W
      } else {
        out[a] |= 4; // S
        out[b] |= 1; // N
      }
    }
    return out;
  }

  /**
   * From links a player drew (all of them in the solution), the links deduction adds next: plain
   * deduction (with the corner rule if this deducer has it) first, then, if `trials`, trials until one
   * adds a link. `trial` names the link assumed and the value it cannot take. Null when the drawing
   * contradicts the rules or nothing follows, or when `stop` (asked before each trial) says so.
   */
  next(
    drawn: Uint8Array,
    trials: boolean,
    stop: () => boolean = () => false,
  ): { links: [number, number][]; trial?: { a: number; b: number; on: boolean } } | null {
    const s = this.start();
    for (let c = 0; c < this.n; c++) {
      for (const [bit, d] of [
        [2, 1],
        [4, 2],
      ]) {
        if (!(drawn[c] & bit)) continue;
        const e = this.cellEdges[4 * c + d];
        if (e < 0 || !this.set(s, e, ON)) return null;
      }
    }
    const isDrawn = s.link.slice();
    const fresh = (): [number, number][] => {
      const out: [number, number][] = [];
      for (let e = 0; e < this.edges; e++) if (s.link[e] === ON && isDrawn[e] !== ON) out.push([this.ea[e], this.eb[e]]);
      return out;
    };
    if (!this.propagate(s, null)) return null;
    let found = fresh();
    if (found.length > 0 || !trials) return found.length > 0 ? { links: found } : null;
    const cap = 20 * this.n;
    for (;;) {
      const t = this.trial(s, 0, cap, stop);
      if (t === null || t === 'contradiction') return null;
      found = fresh();
      if (found.length > 0) return { links: found, trial: { a: this.ea[t.e], b: this.eb[t.e], on: t.on } };
    }
  }

  /**
   * One trial that concludes: over the unknown links from `from` round, the first whose assumed value
   * (on, then off) contradicts; the opposite is set and deduced from. `on` is the value that failed.
   * Null when none concludes within `maxTrials` trials tried (or `stop` says so); 'contradiction' when
   * the opposite fails too (no solution).
   */
  private trial(s: State, from: number, maxTrials: number, stop: () => boolean): { e: number; on: boolean } | 'contradiction' | null {
    for (let t = 0; t < this.edges && this.trialsTried < maxTrials && !stop(); t++) {
      const e = (from + t) % this.edges;
      if (s.link[e] !== UNKNOWN) continue;
      for (const v of [ON, OFF]) {
        if (this.holds(s, e, v)) continue;
        const ok = this.set(s, e, v === ON ? OFF : ON) && this.propagate(s, [this.ea[e], this.eb[e], s.far[this.ea[e]], s.far[this.eb[e]]]);
        return ok ? { e, on: v === ON } : 'contradiction';
      }
    }
    return null;
  }

  /** The state the last `run` ended in. */
  last: State | null = null;

  /**
   * Deduces as far as deduction and single trials go, within `maxTrials` trials tried; `stop` is
   * asked before each trial, with the progress so far (for a deadline, a cancellation, or a caller
   * that has seen enough), and ends the run unsolved when true.
   */
  run(maxTrials: number, stop: (basicShare: number, trials: number) => boolean = () => false): Deduction {
    const s = this.start();
    this.last = s;
    const pct = (x: number): number => Math.floor((100 * x) / Math.max(1, this.edges));
    if (!this.propagate(s, null)) return { solved: false, basicShare: 0, trials: 0, trialsTried: 0, stalls: 0, decidedShare: 0, trialCells: [] };
    const trialCells: number[] = [];
    const basic = this.decided(s);
    let trials = 0;
    let stalls = 0;
    let cursor = 0;
    for (;;) {
      const done = this.decided(s);
      if (done === this.edges) return { solved: true, basicShare: pct(basic), trials, trialsTried: this.trialsTried, stalls, decidedShare: 100, trialCells };
      stalls++;
      // Round the links from where the last trial concluded: the news is nearest there.
      const t = this.trial(s, cursor, maxTrials, () => stop(pct(basic), trials));
      if (t !== null) trials++;
      if (t !== null && t !== 'contradiction') trialCells.push(this.ea[t.e], this.eb[t.e]);
      // 'contradiction': both values of a link contradict, so the puzzle has no solution.
      if (t === null || t === 'contradiction')
        return { solved: false, basicShare: pct(basic), trials, trialsTried: this.trialsTried, stalls, decidedShare: pct(this.decided(s)), trialCells };
      cursor = t.e;
    }
  }
}
