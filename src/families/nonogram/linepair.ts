import { rev32 } from './linewords.ts';
import { EMPTY, FILLED } from './types.ts';

/**
 * The line solver's dynamic programme for lines of 32 to 63 cells: every table row is a set over
 * positions 0..n held in two 32-bit words (lo = positions 0..31, hi = 32..63), kept in local
 * variables rather than scratch arrays. Same tables and steps as `WordLineSolver` with m = 2; the
 * 25×25-to-60×60 range of tournament and survey puzzles spends most of its time here.
 */

// Shifts of a 64-bit set (lo, hi) by k ≥ 0; JavaScript shift counts are taken mod 32, hence the cases.
function shlLo(lo: number, k: number): number {
  return k >= 32 ? 0 : lo << k;
}
function shlHi(lo: number, hi: number, k: number): number {
  if (k === 0) return hi;
  if (k < 32) return (hi << k) | (lo >>> (32 - k));
  return k < 64 ? lo << (k - 32) : 0;
}
function shrLo(lo: number, hi: number, k: number): number {
  if (k === 0) return lo;
  if (k < 32) return (lo >>> k) | (hi << (32 - k));
  return k < 64 ? hi >>> (k - 32) : 0;
}
function shrHi(hi: number, k: number): number {
  return k >= 32 ? 0 : hi >>> k;
}

/** Bits lo..hi (inclusive, 0 ≤ lo, hi ≤ 63) as a 64-bit set's low / high word; empty when hi < lo. */
function rangeLo(a: number, b: number): number {
  if (b < a || a > 31) return 0;
  const top = b >= 31 ? -1 : (1 << (b + 1)) - 1;
  return top & (-1 << a);
}
function rangeHi(a: number, b: number): number {
  if (b < a || b < 32) return 0;
  const lo = a <= 32 ? 0 : a - 32;
  const top = b >= 63 ? -1 : (1 << (b - 31)) - 1;
  return top & (-1 << lo);
}

export class PairLineSolver {
  private k = -1;
  /** F, B, BS (B >> 1 & canE) and fit of each block: word 2j is the low half, 2j + 1 the high one. */
  private F = new Int32Array(0);
  private B = new Int32Array(0);
  private BS = new Int32Array(0);
  private fit = new Int32Array(0);

  /** As `LineSolver.solve`, for 32 ≤ n ≤ 63. */
  solve(clue: ArrayLike<number>, cells: Uint8Array, n: number): number {
    const k = clue.length;
    let need = k - 1;
    for (let j = 0; j < k; j++) need += clue[j];
    if (need > n) return -1;
    if (k > this.k) {
      this.k = k;
      this.F = new Int32Array(2 * (k + 1));
      this.B = new Int32Array(2 * (k + 1));
      this.BS = new Int32Array(2 * (k + 1));
      this.fit = new Int32Array(2 * Math.max(1, k));
    }
    const { F, B, BS, fit } = this;
    let fill0 = 0;
    let fill1 = 0;
    let empt0 = 0;
    let empt1 = 0;
    for (let i = 0; i < 32; i++) {
      const v = cells[i];
      if (v === FILLED) fill0 |= 1 << i;
      else if (v === EMPTY) empt0 |= 1 << i;
    }
    for (let i = 32; i < n; i++) {
      const v = cells[i];
      if (v === FILLED) fill1 |= 1 << (i - 32);
      else if (v === EMPTY) empt1 |= 1 << (i - 32);
    }
    const all0 = -1;
    const all1 = rangeHi(32, n - 1);
    const pos1 = rangeHi(32, n); // positions 0..n (pos0 is all ones)
    const canE0 = ~fill0;
    const canE1 = all1 & ~fill1;
    const canF0 = ~empt0;
    const canF1 = all1 & ~empt1;
    const firstFill = fill0 !== 0 ? 31 - Math.clz32(fill0 & -fill0) : fill1 !== 0 ? 63 - Math.clz32(fill1 & -fill1) : n;
    const lastFill = fill1 !== 0 ? 63 - Math.clz32(fill1) : fill0 !== 0 ? 31 - Math.clz32(fill0) : -1;

    // fit[j]: starts s with cells s..s+L-1 fillable, by doubling: W(h+d) = W(h) & (W(h) >> d), d ≤ h.
    for (let j = 0; j < k; j++) {
      const L = clue[j];
      let w0 = canF0;
      let w1 = canF1;
      for (let have = 1; have < L; ) {
        const d = Math.min(have, L - have);
        const s0 = shrLo(w0, w1, d);
        w1 &= shrHi(w1, d);
        w0 &= s0;
        have += d;
      }
      fit[2 * j] = w0;
      fit[2 * j + 1] = w1;
    }

    // Forward. F[0]: positions 0..firstFill. A = canE << 1 (position i reachable through an empty cell i-1).
    F[0] = rangeLo(0, firstFill);
    F[1] = rangeHi(0, firstFill);
    const a0 = canE0 << 1;
    const a1 = (canE1 << 1) | (canE0 >>> 31);
    for (let j = 1; j <= k; j++) {
      const L = clue[j - 1];
      // fitEnd = fit[j-1] << L, within positions 0..n.
      const f0 = fit[2 * j - 2];
      const f1 = fit[2 * j - 1];
      const y0 = shlLo(f0, L);
      const y1 = shlHi(f0, f1, L) & pos1;
      let r0: number;
      let r1: number;
      if (j === 1) {
        r0 = shlLo(F[0], L);
        r1 = shlHi(F[0], F[1], L);
      } else {
        const x0 = F[2 * j - 2] & canE0;
        const x1 = F[2 * j - 1] & canE1;
        r0 = shlLo(x0, L + 1);
        r1 = shlHi(x0, x1, L + 1);
      }
      r0 &= y0;
      r1 &= y1;
      // Closure forward through cells that may be empty: one 64-bit addition whose carry runs up each stretch.
      const s0 = (r0 << 1) & a0;
      const s1 = ((r1 << 1) | (r0 >>> 31)) & a1;
      const sum0 = (a0 >>> 0) + (s0 >>> 0);
      const sum1 = (a1 + s1 + (sum0 > 0xffffffff ? 1 : 0)) | 0;
      r0 |= (((sum0 | 0) ^ a0) & a0) | s0;
      r1 |= ((sum1 ^ a1) & a1) | s1;
      F[2 * j] = r0;
      F[2 * j + 1] = r1 & pos1;
    }
    if (((F[2 * k + 1] >>> (n - 32)) & 1) === 0) return -1;

    // Backward. B[k]: positions lastFill+1..n.
    const b0 = rangeLo(lastFill + 1, n);
    const b1 = rangeHi(lastFill + 1, n);
    B[2 * k] = b0;
    B[2 * k + 1] = b1;
    BS[2 * k] = shrLo(b0, b1, 1) & canE0;
    BS[2 * k + 1] = (b1 >>> 1) & canE1;
    // The backward closure is the forward one on mirrored sets (position p ↔ 63 - p).
    const m0 = rev32(canE1);
    const m1 = rev32(canE0);
    for (let j = k - 1; j >= 0; j--) {
      const L = clue[j];
      const src = j === k - 1 ? B : BS;
      const q0 = src[2 * j + 2];
      const q1 = src[2 * j + 3];
      let r0 = shrLo(q0, q1, L) & fit[2 * j];
      let r1 = shrHi(q1, L) & fit[2 * j + 1];
      // mirrored: y0 = rev(r1), y1 = rev(r0)
      let y0 = rev32(r1);
      let y1 = rev32(r0);
      const s0 = (y0 << 1) & m0;
      const s1 = ((y1 << 1) | (y0 >>> 31)) & m1;
      const sum0 = (m0 >>> 0) + (s0 >>> 0);
      const sum1 = (m1 + s1 + (sum0 > 0xffffffff ? 1 : 0)) | 0;
      y0 |= (((sum0 | 0) ^ m0) & m0) | s0;
      y1 |= ((sum1 ^ m1) & m1) | s1;
      r0 = rev32(y1);
      r1 = rev32(y0) & pos1;
      B[2 * j] = r0;
      B[2 * j + 1] = r1;
      BS[2 * j] = shrLo(r0, r1, 1) & canE0;
      BS[2 * j + 1] = (r1 >>> 1) & canE1;
    }

    // Cells that may be empty: some split F[j] ∧ BS[j].
    let eok0 = 0;
    let eok1 = 0;
    for (let j = 0; j <= k; j++) {
      eok0 |= F[2 * j] & BS[2 * j];
      eok1 |= F[2 * j + 1] & BS[2 * j + 1];
    }
    // Cells that may be filled: the cover of each block's feasible starts.
    let fok0 = 0;
    let fok1 = 0;
    for (let j = 0; j < k; j++) {
      const L = clue[j];
      let x0: number;
      let x1: number;
      if (j === 0) {
        x0 = F[0];
        x1 = F[1];
      } else {
        const e0 = F[2 * j] & canE0;
        const e1 = F[2 * j + 1] & canE1;
        x0 = e0 << 1;
        x1 = (e1 << 1) | (e0 >>> 31);
      }
      const src = j === k - 1 ? B : BS;
      const q0 = src[2 * j + 2];
      const q1 = src[2 * j + 3];
      let v0 = fit[2 * j] & x0 & shrLo(q0, q1, L);
      let v1 = fit[2 * j + 1] & x1 & shrHi(q1, L);
      // Smear by doubling: C(h+d) = C(h) | (C(h) << d), d ≤ h.
      for (let have = 1; have < L; ) {
        const d = Math.min(have, L - have);
        const s1 = shlHi(v0, v1, d);
        v0 |= shlLo(v0, d);
        v1 |= s1;
        have += d;
      }
      fok0 |= v0;
      fok1 |= v1;
    }
    fok0 &= all0;
    fok1 &= all1;
    const u0 = ~fill0 & ~empt0;
    const u1 = all1 & ~fill1 & ~empt1;
    if ((u0 & ~(fok0 | eok0)) !== 0 || (u1 & ~(fok1 | eok1)) !== 0) return -1;
    const nf0 = u0 & fok0 & ~eok0;
    const nf1 = u1 & fok1 & ~eok1;
    const ne0 = u0 & eok0 & ~fok0;
    const ne1 = u1 & eok1 & ~fok1;
    let changed = 0;
    changed += write(cells, nf0, 0, FILLED) + write(cells, nf1, 32, FILLED);
    changed += write(cells, ne0, 0, EMPTY) + write(cells, ne1, 32, EMPTY);
    return changed;
  }
}

/** Sets cells base + i to v for each bit i of `bits`; returns the count. */
function write(cells: Uint8Array, bits: number, base: number, v: number): number {
  let c = 0;
  let b = bits;
  while (b !== 0) {
    const low = b & -b;
    cells[base + 31 - Math.clz32(low)] = v;
    b ^= low;
    c++;
  }
  return c;
}
