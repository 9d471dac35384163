/**
 * Loopy belief propagation between the rows and the columns of a nonogram: a guess of how likely
 * each cell is to be filled, used as the phase hints of the CDCL stage. It never decides anything:
 * it only orders the search (which value a decision tries first). Pure engine code: no Node, no clock.
 *
 * Every line holds a message per cell: the probability that the cell is filled, given that line's
 * clue and the messages of the crossing lines about its other cells. A line computes it exactly, by
 * forward-backward counting of all its completions, each weighted by the product of the crossing
 * lines' messages about its cells. Rows and columns take turns for a few rounds, with damping.
 *
 * The same counting also gives, for every block, the probability of each start position; a start of
 * probability 0 is one that no completion of the line allows under the known cells.
 */
import type { Meter } from '../../core/budget.ts';
import { startAtOrBefore, TRUE_LIT, type OrderLine } from './cnf.ts';
import { EMPTY, FILLED, type Nonogram } from './types.ts';

/** Messages are kept inside [EPS, 1 - EPS] so that products over a line stay far from underflow. */
const EPS = 0.01;

export interface LineMarginals {
  /** Probability that each cell is filled. */
  readonly filled: Float64Array;
  /** starts[j][s]: probability that block j starts at cell s. */
  readonly starts: Float64Array[];
}

/**
 * Exact marginals of one line whose cells are independently filled with probability `q[t]` (0 and 1
 * are allowed, for known cells), conditioned on the clue. Null when no completion has weight.
 */
export function lineMarginals(clue: readonly number[], q: ArrayLike<number>): LineMarginals | null {
  const n = q.length;
  const k = clue.length;
  // Weights per cell, scaled so that the larger is 1; cell n is a virtual empty cell of weight 1.
  const a = new Float64Array(n + 1); // empty
  const b = new Float64Array(n + 1); // filled
  for (let t = 0; t < n; t++) {
    const f = q[t];
    const m = Math.max(f, 1 - f);
    b[t] = f / m;
    a[t] = (1 - f) / m;
  }
  a[n] = 1;
  // run[j][s] = product of b over the cells of block j placed at s (s + len <= n), else 0.
  const run: Float64Array[] = [];
  for (let j = 0; j < k; j++) {
    const len = clue[j];
    const r = new Float64Array(n + 1);
    for (let s = 0; s + len <= n; s++) {
      let w = 1;
      for (let t = s; t < s + len && w !== 0; t++) w *= b[t];
      r[s] = w;
    }
    run.push(r);
  }
  // F[j][i]: weight of cells [0, i) holding blocks 0..j-1, each followed by an empty cell.
  const F: Float64Array[] = [];
  for (let j = 0; j <= k; j++) F.push(new Float64Array(n + 2));
  F[0][0] = 1;
  for (let i = 1; i <= n + 1; i++) F[0][i] = F[0][i - 1] * a[i - 1];
  for (let j = 1; j <= k; j++) {
    const len = clue[j - 1];
    const Fj = F[j];
    const Fp = F[j - 1];
    const r = run[j - 1];
    for (let i = 1; i <= n + 1; i++) {
      let w = Fj[i - 1] * a[i - 1];
      const s = i - 1 - len;
      if (s >= 0) w += Fp[s] * r[s] * a[i - 1];
      Fj[i] = w;
    }
  }
  const Z = F[k][n + 1];
  if (!(Z > 0) || !Number.isFinite(Z)) return null;
  // G[j][i]: weight of cells [i, n] holding blocks j..k-1, each followed by an empty cell.
  const G: Float64Array[] = [];
  for (let j = 0; j <= k; j++) G.push(new Float64Array(n + 2));
  G[k][n + 1] = 1;
  for (let i = n; i >= 0; i--) G[k][i] = a[i] * G[k][i + 1];
  for (let j = k - 1; j >= 0; j--) {
    const len = clue[j];
    const Gj = G[j];
    const Gn = G[j + 1];
    const r = run[j];
    for (let i = n; i >= 0; i--) {
      let w = a[i] * Gj[i + 1];
      if (i + len <= n) w += r[i] * a[i + len] * Gn[i + len + 1];
      Gj[i] = w;
    }
  }
  const filled = new Float64Array(n);
  const diff = new Float64Array(n + 1);
  const starts: Float64Array[] = [];
  for (let j = 0; j < k; j++) {
    const len = clue[j];
    const st = new Float64Array(n);
    const r = run[j];
    for (let s = 0; s + len <= n; s++) {
      const w = (F[j][s] * r[s] * a[s + len] * G[j + 1][s + len + 1]) / Z;
      if (w === 0) continue;
      st[s] = w;
      diff[s] += w;
      diff[s + len] -= w;
    }
    starts.push(st);
  }
  let acc = 0;
  for (let t = 0; t < n; t++) {
    acc += diff[t];
    filled[t] = Math.min(1, Math.max(0, acc));
  }
  return { filled, starts };
}

export interface BeliefOptions {
  /** At most this many rounds of row-then-column updates (default 60). */
  rounds?: number;
  /** Weight of the new message against the old one (default 0.5). */
  damping?: number;
  /** Stop early once no message moves by more than this in a round (default 1e-4). */
  tolerance?: number;
  /**
   * Each line's update reports its work (5 units per cell and block, see `Meter.work`): a stopped meter
   * ends the rounds early (the beliefs so far are returned).
   */
  meter?: Meter;
}

/**
 * Belief that each cell is filled (row-major), from the known cells of `grid` (UNKNOWN / FILLED /
 * EMPTY) and the clues. Known cells get 0 or 1. A line whose messages admit no completion (possible
 * when the grid is contradictory) keeps its previous messages.
 */
export function cellBeliefs(p: Nonogram, grid: ArrayLike<number>, options: BeliefOptions = {}): Float64Array {
  const { width: W, height: H } = p;
  const rounds = options.rounds ?? 60;
  const tol = options.tolerance ?? 1e-4;
  let moved = 0;
  const damp = options.damping ?? 0.5;
  const N = W * H;
  const fromRow = new Float64Array(N).fill(0.5);
  const fromCol = new Float64Array(N).fill(0.5);
  const known = (i: number): number => (grid[i] === FILLED ? 1 : grid[i] === EMPTY ? 0 : -1);
  const clamp = (x: number): number => (x < EPS ? EPS : Math.min(x, 1 - EPS));
  // Updates the messages `out` of one line from the crossing messages `inc`.
  const update = (clue: readonly number[], cells: number[], inc: Float64Array, out: Float64Array): void => {
    const q = new Float64Array(cells.length);
    for (let t = 0; t < cells.length; t++) {
      const kn = known(cells[t]);
      q[t] = kn >= 0 ? kn : inc[cells[t]];
    }
    const m = lineMarginals(clue, q);
    if (m === null) return;
    for (let t = 0; t < cells.length; t++) {
      const i = cells[t];
      if (known(i) >= 0) continue;
      // Extrinsic message: divide the cell's own incoming weight out of the marginal (in odds).
      const pm = clamp(m.filled[t]);
      const qi = q[t];
      const odds = pm / (1 - pm) / (qi / (1 - qi));
      const msg = clamp(odds / (1 + odds));
      const next = damp * msg + (1 - damp) * out[i];
      moved = Math.max(moved, Math.abs(next - out[i]));
      out[i] = next;
    }
  };
  const rowCells: number[][] = [];
  for (let r = 0; r < H; r++) rowCells.push(Array.from({ length: W }, (_, c) => r * W + c));
  const colCells: number[][] = [];
  for (let c = 0; c < W; c++) colCells.push(Array.from({ length: H }, (_, r) => r * W + c));
  const meter = options.meter;
  const spent = (clue: readonly number[], n: number): boolean => meter === undefined || meter.work(5 * n * (clue.length + 1));
  sweeps: for (let round = 0; round < rounds; round++) {
    if (meter !== undefined && !meter.check()) break;
    moved = 0;
    for (let r = 0; r < H; r++) {
      update(p.rows[r], rowCells[r], fromCol, fromRow);
      if (!spent(p.rows[r], W)) break sweeps;
    }
    for (let c = 0; c < W; c++) {
      update(p.cols[c], colCells[c], fromRow, fromCol);
      if (!spent(p.cols[c], H)) break sweeps;
    }
    if (moved < tol) break;
  }
  const belief = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const kn = known(i);
    if (kn >= 0) {
      belief[i] = kn;
      continue;
    }
    const o = (fromRow[i] / (1 - fromRow[i])) * (fromCol[i] / (1 - fromCol[i]));
    belief[i] = o / (1 + o);
  }
  return belief;
}

/** The probabilities a line assigns to its cells: known cells exact, unknown ones from `belief`. */
function lineWeights(line: OrderLine, grid: ArrayLike<number>, belief: ArrayLike<number> | null): Float64Array {
  const q = new Float64Array(line.cells.length);
  for (let t = 0; t < q.length; t++) {
    const i = line.cells[t] - 1;
    const g = grid[i];
    if (g === FILLED) q[t] = 1;
    else if (g === EMPTY) q[t] = 0;
    else q[t] = belief === null ? 0.5 : Math.min(1 - EPS, Math.max(EPS, belief[i]));
  }
  return q;
}

/**
 * Phase hints for the block-start variables of the order encoding: "block j starts at or before s"
 * is hinted true when the line, weighted by the cell beliefs, puts at least half its probability
 * there. Returns [variable, value] pairs.
 */
export function startPhases(lines: readonly OrderLine[], grid: ArrayLike<number>, belief: ArrayLike<number>): [number, boolean][] {
  const out: [number, boolean][] = [];
  for (const line of lines) {
    if (line.clue.length === 0 || line.slack <= 0) continue;
    const m = lineMarginals(line.clue, lineWeights(line, grid, belief));
    if (m === null) continue;
    for (let j = 0; j < line.clue.length; j++) {
      const st = m.starts[j];
      let cum = 0;
      for (let s = 0; s < line.lo[j]; s++) cum += st[s];
      for (let s = line.lo[j]; s < line.lo[j] + line.slack; s++) {
        cum += st[s];
        out.push([startAtOrBefore(line, j, s), cum >= 0.5]);
      }
    }
  }
  return out;
}

/**
 * Clauses over the order encoding that rule out every block start no completion of its line allows
 * under the known cells of `grid` ("block j does not start at s": not(starts <= s) or (starts <= s-1)).
 * Each is implied by the line's clauses and the known cells, but unit propagation cannot always
 * derive it. Lines that admit no completion give nothing here (the formula is refuted elsewhere).
 */
export function startExclusions(lines: readonly OrderLine[], grid: ArrayLike<number>): number[][] {
  const out: number[][] = [];
  for (const line of lines) {
    if (line.clue.length === 0 || line.slack < 0) continue;
    const m = lineMarginals(line.clue, lineWeights(line, grid, null));
    if (m === null) continue;
    for (let j = 0; j < line.clue.length; j++) {
      for (let s = line.lo[j]; s <= line.lo[j] + line.slack; s++) {
        if (m.starts[j][s] > 0) continue;
        // not(starts <= s) or (starts <= s-1), without the constant-false literals
        const clause = [-startAtOrBefore(line, j, s), startAtOrBefore(line, j, s - 1)].filter((l) => l !== -TRUE_LIT);
        // empty when both literals are constants (slack 0 with an impossible start): refuted elsewhere
        if (clause.length > 0) out.push(clause);
      }
    }
  }
  return out;
}
