/**
 * Cheap second solutions: many puzzles with several solutions have two that differ by a 2x2 swap
 * (filled cells at (r1,c1), (r2,c2) and empty ones at (r1,c2), (r2,c1), or the mirror image, all four
 * flipped). Given one solution, this finds such a swap that keeps every clue, if there is one, without
 * any search.
 *
 * A swap keeps the clues exactly when each of the four lines involved moves one filled cell to another
 * place without changing its runs. So the valid one-cell moves of every line are listed first, and
 * swaps are assembled from them: row r1 moves c1 -> c2, column c1 moves r1 -> r2, row r2 moves c2 -> c1
 * and column c2 moves r2 -> r1.
 */
import type { Nonogram, Solution } from './types.ts';

/** Keys (from * n + to) of the moves of one filled cell that keep the line's runs. */
function lineMoves(line: Uint8Array, clue: readonly number[]): Set<number> {
  const n = line.length;
  const moves = new Set<number>();
  const work = new Uint8Array(line);
  for (let a = 0; a < n; a++) {
    if (line[a] !== 1) continue;
    work[a] = 0;
    for (let b = 0; b < n; b++) {
      if (line[b] !== 0) continue;
      work[b] = 1;
      if (runsEqual(work, clue)) moves.add(a * n + b);
      work[b] = 0;
    }
    work[a] = 1;
  }
  return moves;
}

function runsEqual(line: Uint8Array, clue: readonly number[]): boolean {
  let k = 0;
  let run = 0;
  for (let i = 0; i <= line.length; i++) {
    if (i < line.length && line[i] === 1) {
      run++;
      continue;
    }
    if (run > 0) {
      if (k >= clue.length || clue[k] !== run) return false;
      k++;
      run = 0;
    }
  }
  return k === clue.length;
}

/** A different solution at one 2x2 swap from `sol`, or null. `sol` must solve `p`. */
export function swapNeighbour(p: Nonogram, sol: Solution): Solution | null {
  const W = p.width;
  const H = p.height;
  const rowMoves: Set<number>[] = [];
  const colMoves: Set<number>[] = [];
  const line = new Uint8Array(Math.max(W, H));
  for (let r = 0; r < H; r++) rowMoves.push(lineMoves(sol.subarray(r * W, r * W + W), p.rows[r]));
  for (let c = 0; c < W; c++) {
    const col = line.subarray(0, H);
    for (let r = 0; r < H; r++) col[r] = sol[r * W + c];
    colMoves.push(lineMoves(new Uint8Array(col), p.cols[c]));
  }
  for (let r1 = 0; r1 < H; r1++) {
    for (const m of rowMoves[r1]) {
      const c1 = Math.floor(m / W);
      const c2 = m % W;
      for (let r2 = 0; r2 < H; r2++) {
        if (!colMoves[c1].has(r1 * H + r2)) continue;
        if (!rowMoves[r2].has(c2 * W + c1) || !colMoves[c2].has(r2 * H + r1)) continue;
        const out = new Uint8Array(sol);
        out[r1 * W + c1] = 0;
        out[r1 * W + c2] = 1;
        out[r2 * W + c2] = 0;
        out[r2 * W + c1] = 1;
        return out;
      }
    }
  }
  return null;
}
