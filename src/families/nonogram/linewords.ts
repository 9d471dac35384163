import { EMPTY, FILLED } from './types.ts';

/**
 * The line solver's dynamic programme on multi-word bit sets, for lines longer than 31 cells: every
 * table row is a bit set over positions 0..n held in m 32-bit words (word 0 = positions 0..31).
 * Same tables as the scalar version; each "may continue with an empty cell" step is one multi-word
 * addition whose carry runs through a stretch of such cells (`fillUp`), done on mirrored sets for
 * the backward pass.
 */
export class WordLineSolver {
  private m = 0;
  private k = 0;
  private F = new Int32Array(0);
  private B = new Int32Array(0);
  /** BS[j] = (B[j] >> 1) & canE: block j may start one past an empty cell (shared by three steps). */
  private BS = new Int32Array(0);
  private fit = new Int32Array(0);
  private t = new Int32Array(0); // scratch words: 12 × m

  private ensure(n: number, k: number): void {
    const m = ((n + 1) >>> 5) + 1;
    if (m === this.m && k <= this.k) return;
    this.m = m;
    this.k = Math.max(k, this.k);
    this.F = new Int32Array((this.k + 1) * m);
    this.B = new Int32Array((this.k + 1) * m);
    this.BS = new Int32Array((this.k + 1) * m);
    this.fit = new Int32Array(Math.max(1, this.k) * m);
    this.t = new Int32Array(12 * m);
  }

  solve(clue: ArrayLike<number>, cells: Uint8Array, n: number): number {
    const k = clue.length;
    let need = k - 1;
    for (let j = 0; j < k; j++) need += clue[j];
    if (need > n) return -1;
    this.ensure(n, k);
    const { m, F, B, BS, fit, t } = this;
    // Scratch slots (offsets into t).
    const FILL = 0,
      EMPT = m,
      CANE = 2 * m,
      CANF = 3 * m,
      POS = 4 * m,
      ALL = 5 * m,
      R = 6 * m,
      A = 7 * m,
      X = 8 * m,
      Y = 9 * m,
      EOK = 10 * m,
      FOK = 11 * m;
    t.fill(0);
    for (let i = 0; i < n; i++) {
      const v = cells[i];
      if (v === FILLED) t[FILL + (i >>> 5)] |= 1 << (i & 31);
      else if (v === EMPTY) t[EMPT + (i >>> 5)] |= 1 << (i & 31);
    }
    setRange(t, ALL, 0, n - 1);
    setRange(t, POS, 0, n);
    for (let w = 0; w < m; w++) {
      t[CANE + w] = t[ALL + w] & ~t[FILL + w];
      t[CANF + w] = t[ALL + w] & ~t[EMPT + w];
    }
    let firstFill = n;
    let lastFill = -1;
    for (let i = 0; i < n; i++) {
      if (cells[i] === FILLED) {
        if (firstFill === n) firstFill = i;
        lastFill = i;
      }
    }
    // fit[j]: starts s with cells s..s+L-1 fillable = window(canF, L) >> (L-1).
    for (let j = 0; j < k; j++) {
      const L = clue[j];
      let same = -1;
      for (let i = 0; i < j; i++) {
        if (clue[i] === L) {
          same = i;
          break;
        }
      }
      if (same >= 0) fit.copyWithin(j * m, same * m, same * m + m);
      else if (L === 1) for (let w = 0; w < m; w++) fit[j * m + w] = t[CANF + w];
      else {
        window(t, X, t, CANF, L, m, Y, R);
        shr(fit, j * m, t, X, L - 1, m);
      }
    }
    // F[0]: positions 0..firstFill.
    F.fill(0, 0, m);
    setRange(F, 0, 0, firstFill);
    shl(t, A, t, CANE, 1, m);
    for (let j = 1; j <= k; j++) {
      const L = clue[j - 1];
      const fj = j * m;
      // Y = fitEnd: positions i with cells i-L..i-1 fillable = fit[j-1] << L.
      shl(t, Y, fit, (j - 1) * m, L, m);
      and(t, Y, t, POS, m);
      // S = (j == 1 ? F0 << L : (F[j-1] & canE) << (L+1)) & fitEnd, into R.
      if (j === 1) shl(t, R, F, 0, L, m);
      else {
        for (let w = 0; w < m; w++) t[X + w] = F[fj - m + w] & t[CANE + w];
        shl(t, R, t, X, L + 1, m);
      }
      and(t, R, t, Y, m);
      // Closure forward through cells that may be empty (A = canE << 1, set before the loop).
      fillUp(t, R, A, X, m);
      for (let w = 0; w < m; w++) F[fj + w] = t[R + w] & t[POS + w];
    }
    if (((F[k * m + (n >>> 5)] >>> (n & 31)) & 1) === 0) return -1;
    // B[k]: positions lastFill+1..n.
    const bk = k * m;
    B.fill(0, bk, bk + m);
    setRange(B, bk, lastFill + 1, n);
    startsAfterEmpty(BS, B, bk, t, CANE, m);
    mirror(t, A, t, CANE, m);
    for (let j = k - 1; j >= 0; j--) {
      const L = clue[j];
      const bj = j * m;
      // S = (j == k-1 ? B[k] >> L : BS[j+1] >> L) & fit[j].
      shr(t, R, j === k - 1 ? B : BS, bj + m, L, m);
      for (let w = 0; w < m; w++) t[R + w] &= fit[bj + w];
      // Closure backward through cells that may be empty: the forward closure on the mirrored sets
      // (A = canE mirrored, set before the loop).
      mirror(t, Y, t, R, m);
      fillUp(t, Y, A, X, m);
      mirror(t, R, t, Y, m);
      for (let w = 0; w < m; w++) B[bj + w] = t[R + w] & t[POS + w];
      startsAfterEmpty(BS, B, bj, t, CANE, m);
    }
    // Cells that may be empty.
    for (let w = 0; w < m; w++) t[EOK + w] = 0;
    for (let j = 0; j <= k; j++) for (let w = 0; w < m; w++) t[EOK + w] |= F[j * m + w] & BS[j * m + w];
    // Cells that may be filled.
    for (let w = 0; w < m; w++) t[FOK + w] = 0;
    for (let j = 0; j < k; j++) {
      const L = clue[j];
      // left → X
      if (j === 0) for (let w = 0; w < m; w++) t[X + w] = F[w];
      else {
        for (let w = 0; w < m; w++) t[Y + w] = F[j * m + w] & t[CANE + w];
        shl(t, X, t, Y, 1, m);
      }
      // right >> L → Y
      shr(t, Y, j === k - 1 ? B : BS, (j + 1) * m, L, m);
      // V = fit & left & right>>L → R; cover = smear(V, L) → A
      for (let w = 0; w < m; w++) t[R + w] = fit[j * m + w] & t[X + w] & t[Y + w];
      if (L === 1) for (let w = 0; w < m; w++) t[A + w] = t[R + w];
      else smear(t, A, t, R, L, m, X, Y);
      for (let w = 0; w < m; w++) t[FOK + w] |= t[A + w];
    }
    and(t, FOK, t, ALL, m);
    let changed = 0;
    for (let i = 0; i < n; i++) {
      const v = cells[i];
      if (v !== 0) continue;
      const w = i >>> 5;
      const bit = 1 << (i & 31);
      const canFill = (t[FOK + w] & bit) !== 0;
      const canEmpty = (t[EOK + w] & bit) !== 0;
      if (canFill && !canEmpty) {
        cells[i] = FILLED;
        changed++;
      } else if (canEmpty && !canFill) {
        cells[i] = EMPTY;
        changed++;
      } else if (!canFill && !canEmpty) return -1;
    }
    return changed;
  }
}

/** BS[j] = (B[j] >> 1) & canE, for the block set at offset `off` of B and BS. */
function startsAfterEmpty(BS: Int32Array, B: Int32Array, off: number, t: Int32Array, canE: number, m: number): void {
  shr(BS, off, B, off, 1, m);
  and(BS, off, t, canE, m);
}

/**
 * Forward closure: adds to the set at `r` every position p above one of its members s such that
 * s+1..p all lie in the set at `a`. One multi-word addition: a start bit added at the bottom of a run
 * of `a` carries through to the run's top. `x` is scratch.
 */
function fillUp(t: Int32Array, r: number, a: number, x: number, m: number): void {
  shl(t, x, t, r, 1, m);
  let carry = 0;
  for (let w = 0; w < m; w++) {
    const aw = t[a + w];
    const sw = t[x + w] & aw;
    const sum = (aw >>> 0) + (sw >>> 0) + carry;
    carry = sum > 0xffffffff ? 1 : 0;
    t[r + w] |= (((sum | 0) ^ aw) & aw) | sw;
  }
}

/** The 32 bits of v in reverse order. */
export function rev32(v: number): number {
  let x = v;
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16);
}

/** d = s mirrored over all m words (position p goes to 32m - 1 - p). d must differ from s. */
function mirror(d: Int32Array, dOff: number, s: Int32Array, sOff: number, m: number): void {
  for (let w = 0; w < m; w++) d[dOff + w] = rev32(s[sOff + m - 1 - w]);
}

/** Sets bits lo..hi (inclusive) of the set at `off`; nothing when hi < lo. */
function setRange(a: Int32Array, off: number, lo: number, hi: number): void {
  if (hi < lo) return;
  const first = lo >>> 5;
  const last = hi >>> 5;
  for (let w = first; w <= last; w++) {
    let mask = -1;
    if (w === first) mask &= -1 << (lo & 31);
    if (w === last) mask &= -1 >>> (31 - (hi & 31));
    a[off + w] |= mask;
  }
}

function and(d: Int32Array, dOff: number, s: Int32Array, sOff: number, m: number): void {
  for (let w = 0; w < m; w++) d[dOff + w] &= s[sOff + w];
}

/** d = s << k (towards higher positions). d and s may be the same slot. */
function shl(d: Int32Array, dOff: number, s: Int32Array, sOff: number, k: number, m: number): void {
  const q = k >>> 5;
  const b = k & 31;
  for (let i = m - 1; i >= 0; i--) {
    const hi = i - q >= 0 ? s[sOff + i - q] : 0;
    const lo = i - q - 1 >= 0 ? s[sOff + i - q - 1] : 0;
    d[dOff + i] = b === 0 ? hi : (hi << b) | (lo >>> (32 - b));
  }
}

/** d = s >>> k (towards lower positions). d and s may be the same slot. */
function shr(d: Int32Array, dOff: number, s: Int32Array, sOff: number, k: number, m: number): void {
  const q = k >>> 5;
  const b = k & 31;
  for (let i = 0; i < m; i++) {
    const lo = i + q < m ? s[sOff + i + q] : 0;
    const hi = i + q + 1 < m ? s[sOff + i + q + 1] : 0;
    d[dOff + i] = b === 0 ? lo : (lo >>> b) | (hi << (32 - b));
  }
}

/**
 * d = window of L ones in s: bit c set when bits c-L+1..c of s are all set. By doubling:
 * W(a+b) = W(a) & (W(b) << a). Uses two scratch slots.
 */
function window(d: Int32Array, dOff: number, s: Int32Array, sOff: number, L: number, m: number, pOff: number, tmpOff: number): void {
  // d = W(0) = all ones; p = W(1) = s.
  for (let w = 0; w < m; w++) {
    d[dOff + w] = -1;
    d[pOff + w] = s[sOff + w];
  }
  let have = 0;
  let plen = 1;
  for (let rest = L; rest > 0; rest >>>= 1) {
    if (rest & 1) {
      shl(d, tmpOff, d, pOff, have, m);
      for (let w = 0; w < m; w++) d[dOff + w] &= d[tmpOff + w];
      have += plen;
    }
    if (rest > 1) {
      shl(d, tmpOff, d, pOff, plen, m);
      for (let w = 0; w < m; w++) d[pOff + w] &= d[tmpOff + w];
      plen <<= 1;
    }
  }
}

/** d = OR of s << t for t in 0..L-1, by doubling: C(a+b) = C(a) | (C(b) << a). d must differ from s. */
function smear(d: Int32Array, dOff: number, s: Int32Array, sOff: number, L: number, m: number, pOff: number, tmpOff: number): void {
  for (let w = 0; w < m; w++) {
    d[dOff + w] = 0;
    d[pOff + w] = s[sOff + w];
  }
  let have = 0;
  let plen = 1;
  for (let rest = L; rest > 0; rest >>>= 1) {
    if (rest & 1) {
      shl(d, tmpOff, d, pOff, have, m);
      for (let w = 0; w < m; w++) d[dOff + w] |= d[tmpOff + w];
      have += plen;
    }
    if (rest > 1) {
      shl(d, tmpOff, d, pOff, plen, m);
      for (let w = 0; w < m; w++) d[pOff + w] |= d[tmpOff + w];
      plen <<= 1;
    }
  }
}
