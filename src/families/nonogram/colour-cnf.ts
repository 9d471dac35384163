/**
 * CNF encoding of a colour nonogram (issue 20), for the SAT witness: the paradigm of the cadical and
 * minisat binaries and logic-solver, sharing nothing with the colour line solver and search but the
 * clues and `verifySolution`. Pure engine code.
 *
 * Cells, one-hot: with K palette colours (the background 0 included), variable i*K + k + 1 means
 * "cell i (row-major) is colour k"; each cell has exactly one (one clause for at least one, pairwise
 * for at most one). Each line's block starts are order-encoded as the black-and-white `order`
 * encoding has them (cnf.ts): S(j,s) = "block j starts at or before s" for s in [lo_j, hi_j),
 * constant false before and true from hi_j on, where lo_j and hi_j allow for the gaps of the colour
 * rule (a background cell between consecutive blocks of one colour, none between colours). Clauses,
 * all of width <= 3:
 *     monotone   S(j,s) -> S(j,s+1)
 *     ordering   S(j+1,t) -> S(j, t - len_j - gap_j)            gap_j = 1 when blocks j, j+1 share a colour
 *     cover      S(j,c) & !S(j,c-len_j) -> cell c is colour_j
 *     gaps       cell c not background -> S(0,c)
 *                cell c not background & S(j,c-len_j) -> S(j+1,c)
 *                cell c not background -> !S(last,c-len_last)
 * so a model's cells are its line's blocks in their colours and background elsewhere, and every
 * picture that fits the clues has exactly one model: the models are the solutions, and blocking
 * clauses over the cell variables enumerate them. An empty line forces its cells to the background.
 */
import type { SatCnf } from '../../core/witness.ts';
import type { ColourPuzzle } from './colour.ts';
import type { Solution } from './types.ts';

export interface ColourCnf extends SatCnf {
  /** Palette size K: cell i is colour k in variable i*K + k + 1. */
  readonly colours: number;
}

/** A literal, or a constant. */
type Lit = number | boolean;

export function encodeColourCnf(p: ColourPuzzle): ColourCnf {
  const { width: W, height: H } = p;
  const K = p.colour.palette.length;
  const clauses: number[][] = [];
  let numVars = W * H * K;
  const cellVar = (i: number, k: number): number => i * K + k + 1;
  const add = (lits: readonly Lit[]): void => {
    const out: number[] = [];
    for (const l of lits) {
      if (l === true) return;
      if (l !== false) out.push(l);
    }
    if (out.length === 0) {
      // An unsatisfiable line: a fresh variable and its negation.
      numVars++;
      clauses.push([numVars], [-numVars]);
      return;
    }
    clauses.push(out);
  };
  const not = (l: Lit): Lit => (typeof l === 'boolean' ? !l : -l);
  for (let i = 0; i < W * H; i++) {
    add(Array.from({ length: K }, (_, k) => cellVar(i, k)));
    for (let a = 0; a < K; a++) for (let b = a + 1; b < K; b++) add([-cellVar(i, a), -cellVar(i, b)]);
  }
  const line = (lengths: readonly number[], colours: readonly number[], n: number, at: (t: number) => number): void => {
    const k = lengths.length;
    const bg = (c: number): number => cellVar(at(c), 0);
    if (k === 0) {
      for (let c = 0; c < n; c++) add([bg(c)]);
      return;
    }
    const gap = (j: number): number => (j + 1 < k && colours[j] === colours[j + 1] ? 1 : 0);
    const lo: number[] = [];
    const hi: number[] = [];
    let s = 0;
    for (let j = 0; j < k; j++) {
      lo.push(s);
      s += lengths[j] + gap(j);
    }
    let e = n;
    for (let j = k - 1; j >= 0; j--) {
      e -= lengths[j];
      hi.push(e);
      e -= j > 0 && colours[j - 1] === colours[j] ? 1 : 0;
    }
    hi.reverse();
    // S(j,s): variables for s in [lo_j, hi_j); false before lo_j, true from hi_j.
    const base: number[] = [];
    for (let j = 0; j < k; j++) {
      base.push(numVars + 1 - lo[j]);
      numVars += Math.max(0, hi[j] - lo[j]);
    }
    const S = (j: number, t: number): Lit => (t < lo[j] ? false : t >= hi[j] ? true : base[j] + t);
    for (let j = 0; j < k; j++) {
      if (hi[j] < lo[j]) add([]);
      for (let t = lo[j]; t < hi[j] - 1; t++) add([not(S(j, t)), S(j, t + 1)]);
      if (j + 1 < k) for (let t = lo[j + 1]; t < hi[j + 1]; t++) add([not(S(j + 1, t)), S(j, t - lengths[j] - gap(j))]);
      for (let c = lo[j]; c < hi[j] + lengths[j] && c < n; c++) add([not(S(j, c)), S(j, c - lengths[j]), cellVar(at(c), colours[j])]);
    }
    for (let c = 0; c < n; c++) {
      add([bg(c), S(0, c)]);
      for (let j = 0; j + 1 < k; j++) add([bg(c), not(S(j, c - lengths[j])), S(j + 1, c)]);
      add([bg(c), not(S(k - 1, c - lengths[k - 1]))]);
    }
  };
  for (let r = 0; r < H; r++) line(p.rows[r], p.colour.rows[r], W, (t) => r * W + t);
  for (let c = 0; c < W; c++) line(p.cols[c], p.colour.cols[c], H, (t) => t * W + c);
  return { numVars, clauses, colours: K };
}

/** The picture of a model (its true variables): each cell the colour whose variable is true. */
export function colourModelToGrid(model: Iterable<number>, p: Pick<ColourPuzzle, 'width' | 'height' | 'colour'>): Solution {
  const K = p.colour.palette.length;
  const n = p.width * p.height;
  const grid = new Uint8Array(n);
  for (const lit of model) if (lit > 0 && lit <= n * K) grid[Math.floor((lit - 1) / K)] = (lit - 1) % K;
  return grid;
}

/** The clause that rules out one picture: some cell is not the colour it has there. */
export function colourBlockingClause(grid: ArrayLike<number>, colours: number): number[] {
  return Array.from(grid, (k, i) => -(i * colours + k + 1));
}
