/**
 * FROZEN (nonogram generator version 1). A copy of src/families/nonogram/line.ts at commit a58a316: the simple line rules (overlap, unreachable) the ladder tries before full line logic, whose stalls the score counts, and the line solver's dispatch. The complete line solvers it calls (linepair.ts, linewords.ts) stay today's: a complete line solver's answer, the cells every completion of the line agrees on, is the same for any correct one, and their work reports only pace the clock. Only its imports differ.
 * Never edit this file to change behaviour: a change that alters any output is a new generator version
 * with its own frozen modules (see ../versions.ts).
 */
import { PairLineSolver } from '../../linepair.ts';
import { WordLineSolver } from '../../linewords.ts';
import { EMPTY, FILLED, UNKNOWN } from '../../types.ts';

/**
 * The complete line solver: given a line's clue and its partly known cells, finds every cell that is
 * the same in all placements of the clue consistent with the known cells (so it is exactly as strong
 * as enumerating the placements, in O(length × blocks)).
 *
 * F[j][i]: cells [0, i) can hold exactly blocks 0..j-1, with a gap after each but the last, the rest
 * empty. B[j][i]: cells [i, n) can hold exactly blocks j..k-1. A cell can be empty when some split
 * F[j][c] ∧ B[j][c+1] holds; block j can start at s when its cells admit filling, the prefix admits
 * blocks 0..j-1 followed by a gap, and the suffix admits blocks j+1.. after a gap.
 */
/** Earliest and latest feasible start of each block, filled in by `solveScalar` when asked. */
export interface BlockStarts {
  min: Int32Array;
  max: Int32Array;
}

export class LineSolver {
  private cap = 0;
  private capK = 0;
  private F = new Uint8Array(0);
  private B = new Uint8Array(0);
  private emptyPre = new Int32Array(0);
  private fillPre = new Int32Array(0);
  private diff = new Int32Array(0);
  private canEmpty = new Uint8Array(0);

  private ensure(n: number, k: number): void {
    if (n <= this.cap && k <= this.capK) return;
    this.cap = Math.max(n, this.cap);
    this.capK = Math.max(k, this.capK);
    const w = this.cap + 2;
    this.F = new Uint8Array((this.capK + 1) * w);
    this.B = new Uint8Array((this.capK + 1) * w);
    this.emptyPre = new Int32Array(w);
    this.fillPre = new Int32Array(w);
    this.diff = new Int32Array(w);
    this.canEmpty = new Uint8Array(w);
  }

  /**
   * Solves one line in place. `cells[0..n)` hold UNKNOWN/FILLED/EMPTY; forced cells are written.
   * Returns the number of cells newly fixed, or -1 when no placement fits (a contradiction).
   */
  solve(clue: ArrayLike<number>, cells: Uint8Array, n: number): number {
    if (n <= 31) return this.solveBits(clue, cells, n);
    if (n <= 63) return this.pair.solve(clue, cells, n);
    return this.words.solve(clue, cells, n);
  }

  private readonly pair = new PairLineSolver();
  private readonly words = new WordLineSolver();
  private fb = new Int32Array(64);
  private bb = new Int32Array(64);

  /**
   * The same dynamic programme with each table row packed into one 32-bit mask over positions
   * 0..n (n ≤ 31): "may continue with an empty cell" closures become parallel-prefix shifts.
   */
  solveBits(clue: ArrayLike<number>, cells: Uint8Array, n: number): number {
    const k = clue.length;
    if (k + 1 > this.fb.length) {
      this.fb = new Int32Array(k + 1);
      this.bb = new Int32Array(k + 1);
    }
    let need = k - 1;
    for (let j = 0; j < k; j++) need += clue[j];
    if (need > n) return -1;
    const F = this.fb;
    const Bk = this.bb;
    let fill = 0;
    let empt = 0;
    for (let i = 0; i < n; i++) {
      const v = cells[i];
      if (v === FILLED) fill |= 1 << i;
      else if (v === EMPTY) empt |= 1 << i;
    }
    const all = n === 32 ? -1 : (1 << n) - 1;
    const posAll = n === 31 ? -1 : (1 << (n + 1)) - 1; // positions 0..n
    const canE = all & ~fill; // cells that may be empty
    const canF = all & ~empt; // cells that may be filled
    // F[0]: positions i with no filled cell in [0, i).
    const f0 = fill === 0 ? n : 31 - Math.clz32(fill & -fill);
    F[0] = f0 >= 31 ? -1 & posAll : ((1 << (f0 + 1)) - 1) & posAll;
    // Forward: transitions into position i need cell i-1 emptyable.
    const tF = (canE << 1) & posAll;
    for (let j = 1; j <= k; j++) {
      const L = clue[j - 1];
      // fitEnd: positions i ≥ L with cells [i-L, i) all fillable.
      let w = canF;
      for (let t = 1; t < L; t++) w &= canF << t;
      const fitEnd = (w << 1) & posAll;
      let S: number;
      if (j === 1) S = (F[0] << L) & fitEnd;
      else S = ((F[j - 1] & canE) << (L + 1)) & fitEnd;
      // Closure: R_i = S_i or (cell i-1 emptyable and R_{i-1}).
      let R = S;
      let A = tF;
      R |= A & (R << 1);
      A &= A << 1;
      R |= A & (R << 2);
      A &= A << 2;
      R |= A & (R << 4);
      A &= A << 4;
      R |= A & (R << 8);
      A &= A << 8;
      R |= A & (R << 16);
      F[j] = R & posAll;
    }
    if (((F[k] >>> n) & 1) === 0) return -1;
    // Backward: B[k] = positions i with no filled cell in [i, n).
    const lastFill = fill === 0 ? -1 : 31 - Math.clz32(fill);
    Bk[k] = posAll & ~(lastFill < 0 ? 0 : lastFill >= 31 ? -1 : (1 << (lastFill + 1)) - 1);
    // Transitions from i to i+1 need cell i emptyable.
    const tB = canE;
    for (let j = k - 1; j >= 0; j--) {
      const L = clue[j];
      let w = canF;
      for (let t = 1; t < L; t++) w &= canF << t;
      const fitStart = w >>> (L - 1); // starts s with cells [s, s+L) fillable
      let S: number;
      if (j === k - 1) S = (Bk[k] >>> L) & fitStart;
      else S = (((Bk[j + 1] >>> 1) & canE) >>> L) & fitStart;
      let R = S;
      let A = tB;
      R |= A & (R >>> 1);
      A &= A >>> 1;
      R |= A & (R >>> 2);
      A &= A >>> 2;
      R |= A & (R >>> 4);
      A &= A >>> 4;
      R |= A & (R >>> 8);
      A &= A >>> 8;
      R |= A & (R >>> 16);
      Bk[j] = R & posAll;
    }
    // Cells that can be empty: some split F[j][c] ∧ B[j][c+1].
    let emptyOk = 0;
    for (let j = 0; j <= k; j++) emptyOk |= F[j] & (Bk[j] >>> 1);
    emptyOk &= canE;
    // Cells that can be filled: union of the feasible placements of each block.
    let fillOk = 0;
    for (let j = 0; j < k; j++) {
      const L = clue[j];
      let w = canF;
      for (let t = 1; t < L; t++) w &= canF << t;
      const fitStart = w >>> (L - 1);
      const left = j === 0 ? F[0] : (F[j] & canE) << 1;
      const right = j === k - 1 ? Bk[k] : (Bk[j + 1] >>> 1) & canE;
      const V = fitStart & left & (right >>> L);
      let cover = V;
      for (let t = 1; t < L; t++) cover |= V << t;
      fillOk |= cover;
    }
    fillOk &= all;
    const unknown = all & ~fill & ~empt;
    if ((unknown & ~(fillOk | emptyOk)) !== 0) return -1;
    const newFill = unknown & fillOk & ~emptyOk;
    const newEmpty = unknown & emptyOk & ~fillOk;
    if ((newFill | newEmpty) === 0) return 0;
    let changed = 0;
    for (let i = 0; i < n; i++) {
      const bit = 1 << i;
      if (newFill & bit) {
        cells[i] = FILLED;
        changed++;
      } else if (newEmpty & bit) {
        cells[i] = EMPTY;
        changed++;
      }
    }
    return changed;
  }

  /** The table-based version, for lines of any length. */
  solveScalar(clue: ArrayLike<number>, cells: Uint8Array, n: number, starts?: BlockStarts): number {
    const k = clue.length;
    let need = k - 1;
    for (let j = 0; j < k; j++) need += clue[j];
    if (need > n) return -1;
    this.ensure(n, k);
    const { F, B, emptyPre, fillPre, diff, canEmpty } = this;
    const w = n + 1;
    emptyPre[0] = 0;
    fillPre[0] = 0;
    for (let i = 0; i < n; i++) {
      const v = cells[i];
      emptyPre[i + 1] = emptyPre[i] + (v === EMPTY ? 1 : 0);
      fillPre[i + 1] = fillPre[i] + (v === FILLED ? 1 : 0);
    }
    // Forward table.
    for (let i = 0; i <= n; i++) F[i] = fillPre[i] === 0 ? 1 : 0;
    for (let j = 1; j <= k; j++) {
      const L = clue[j - 1];
      const row = j * w;
      const prev = (j - 1) * w;
      F[row] = 0;
      for (let i = 1; i <= n; i++) {
        let v = cells[i - 1] !== FILLED && F[row + i - 1] === 1 ? 1 : 0;
        if (v === 0) {
          const s = i - L;
          if (s >= 0 && emptyPre[i] === emptyPre[s]) {
            if (j === 1) v = F[s];
            else if (s >= 1 && cells[s - 1] !== FILLED) v = F[prev + s - 1];
          }
        }
        F[row + i] = v;
      }
    }
    if (F[k * w + n] !== 1) return -1;
    // Backward table.
    const total = fillPre[n];
    for (let i = 0; i <= n; i++) B[k * w + i] = total - fillPre[i] === 0 ? 1 : 0;
    for (let j = k - 1; j >= 0; j--) {
      const L = clue[j];
      const row = j * w;
      const next = (j + 1) * w;
      B[row + n] = 0;
      for (let i = n - 1; i >= 0; i--) {
        let v = cells[i] !== FILLED && B[row + i + 1] === 1 ? 1 : 0;
        if (v === 0) {
          const e = i + L;
          if (e <= n && emptyPre[e] === emptyPre[i]) {
            if (j === k - 1) v = B[next + e];
            else if (e < n && cells[e] !== FILLED) v = B[next + e + 1];
          }
        }
        B[row + i] = v;
      }
    }
    // Which cells can be empty.
    for (let c = 0; c < n; c++) {
      let v = 0;
      if (cells[c] !== FILLED) {
        for (let j = 0; j <= k; j++) {
          if (F[j * w + c] === 1 && B[j * w + c + 1] === 1) {
            v = 1;
            break;
          }
        }
      }
      canEmpty[c] = v;
    }
    // Which cells can be filled: mark every feasible block placement.
    diff.fill(0, 0, n + 1);
    if (starts) {
      starts.min = new Int32Array(k).fill(n);
      starts.max = new Int32Array(k).fill(-1);
    }
    for (let j = 0; j < k; j++) {
      const L = clue[j];
      for (let s = 0; s + L <= n; s++) {
        if (emptyPre[s + L] !== emptyPre[s]) continue;
        let left: number;
        if (j === 0) left = F[s];
        else left = s >= 1 && cells[s - 1] !== FILLED ? F[j * w + s - 1] : 0;
        if (left !== 1) continue;
        const e = s + L;
        let right: number;
        if (j === k - 1) right = B[k * w + e];
        else right = e < n && cells[e] !== FILLED ? B[(j + 1) * w + e + 1] : 0;
        if (right !== 1) continue;
        if (starts) {
          if (s < starts.min[j]) starts.min[j] = s;
          if (s > starts.max[j]) starts.max[j] = s;
        }
        diff[s]++;
        diff[e]--;
      }
    }
    let changed = 0;
    let run = 0;
    for (let c = 0; c < n; c++) {
      run += diff[c];
      const canFill = run > 0;
      const v = cells[c];
      if (v !== UNKNOWN) continue;
      if (canFill && canEmpty[c] === 0) {
        cells[c] = FILLED;
        changed++;
      } else if (!canFill && canEmpty[c] === 1) {
        cells[c] = EMPTY;
        changed++;
      } else if (!canFill) {
        return -1;
      }
    }
    return changed;
  }
}

/**
 * Reference line solver by brute force: enumerates every placement of the clue and intersects the
 * consistent ones. Exponential; for tests only.
 */
export function bruteForceLine(clue: readonly number[], cells: ArrayLike<number>, n: number): Uint8Array | null {
  const canF = new Uint8Array(n);
  const canE = new Uint8Array(n);
  let any = false;
  const line = new Uint8Array(n);
  const place = (j: number, from: number): void => {
    if (j === clue.length) {
      for (let c = 0; c < n; c++) {
        const want = line[c] === 1 ? FILLED : EMPTY;
        if (cells[c] !== UNKNOWN && cells[c] !== want) return;
      }
      any = true;
      for (let c = 0; c < n; c++) {
        if (line[c] === 1) canF[c] = 1;
        else canE[c] = 1;
      }
      return;
    }
    const L = clue[j];
    for (let s = from; s + L <= n; s++) {
      for (let c = s; c < s + L; c++) line[c] = 1;
      place(j + 1, s + L + 1);
      for (let c = s; c < s + L; c++) line[c] = 0;
    }
  };
  place(0, 0);
  if (!any) return null;
  const out = new Uint8Array(n);
  for (let c = 0; c < n; c++) out[c] = canF[c] && canE[c] ? UNKNOWN : canF[c] ? FILLED : EMPTY;
  return out;
}

/** What the simple (human) rules conclude about one line, from each block's feasible start range. */
export interface SimpleDeduction {
  /** Cells newly filled because some block covers them in all its placements ("overlap"). */
  overlap: { block: number; from: number; to: number }[];
  /** Cells newly emptied because no block can reach them ("unreachable"). */
  unreachable: number[];
}

/**
 * The simple rules a person applies first: a block whose earliest and latest placements overlap fills
 * the overlap; a cell outside every block's reach is empty. Writes the cells; returns null on a
 * contradiction. Weaker than `LineSolver.solve`, which finds everything.
 */
export function simpleLine(solver: LineSolver, clue: ArrayLike<number>, cells: Uint8Array, n: number): SimpleDeduction | null {
  const copy = cells.slice(0, n);
  const starts: BlockStarts = { min: new Int32Array(0), max: new Int32Array(0) };
  if (solver.solveScalar(clue, copy, n, starts) < 0) return null;
  const out: SimpleDeduction = { overlap: [], unreachable: [] };
  const reach = new Uint8Array(n);
  for (let j = 0; j < clue.length; j++) {
    const L = clue[j];
    const lo = starts.min[j];
    const hi = starts.max[j];
    for (let c = lo; c < hi + L; c++) reach[c] = 1;
    let any = false;
    for (let c = hi; c < lo + L; c++) {
      if (cells[c] === UNKNOWN) {
        cells[c] = FILLED;
        any = true;
      }
    }
    if (any) out.overlap.push({ block: j, from: hi, to: lo + L - 1 });
  }
  for (let c = 0; c < n; c++) {
    if (!reach[c] && cells[c] === UNKNOWN) {
      cells[c] = EMPTY;
      out.unreachable.push(c);
    }
  }
  return out;
}
