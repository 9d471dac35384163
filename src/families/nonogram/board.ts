import { LineSolver } from './line.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

/**
 * A puzzle prepared for solving: lines 0..H-1 are the rows, H..H+W-1 the columns. A grid is a
 * Uint8Array of W×H cells holding UNKNOWN, FILLED or EMPTY.
 */
export class Board {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly nLines: number;
  readonly clues: Int32Array[];
  private readonly lineSolver = new LineSolver();
  private readonly scratch: Uint8Array;
  private readonly dirty: Uint8Array;
  private readonly queue: Int32Array;
  /** Counters, cumulative over this board's life. */
  lineSolves = 0;

  constructor(readonly puzzle: Nonogram) {
    this.width = puzzle.width;
    this.height = puzzle.height;
    this.size = this.width * this.height;
    this.nLines = this.width + this.height;
    this.clues = [...puzzle.rows, ...puzzle.cols].map((c) => Int32Array.from(c));
    this.scratch = new Uint8Array(Math.max(this.width, this.height));
    this.dirty = new Uint8Array(this.nLines);
    this.queue = new Int32Array(this.nLines);
  }

  newGrid(): Uint8Array {
    return new Uint8Array(this.size);
  }

  lineLength(line: number): number {
    return line < this.height ? this.width : this.height;
  }

  /** Grid index of position i along a line. */
  cellOf(line: number, i: number): number {
    return line < this.height ? line * this.width + i : i * this.width + (line - this.height);
  }

  /** Copies a line's cells out of a grid into `out`. */
  readLine(grid: Uint8Array, line: number, out: Uint8Array): number {
    const W = this.width;
    if (line < this.height) {
      out.set(grid.subarray(line * W, line * W + W));
      return W;
    }
    const c = line - this.height;
    for (let r = 0, i = c; r < this.height; r++, i += W) out[r] = grid[i];
    return this.height;
  }

  /**
   * Line propagation to a fixpoint over a queue of changed lines. `seeds` are cells just set (their two
   * lines are queued), or null to queue every line. Returns false on a contradiction (the grid is then
   * partly updated and must be discarded). `touched`, when given, gets a 1 for every line with a changed cell.
   */
  propagate(grid: Uint8Array, seeds: ArrayLike<number> | null, touched?: Uint8Array): boolean {
    const { dirty, queue, nLines, width: W, height: H, scratch } = this;
    let head = 0;
    let count = 0;
    dirty.fill(0);
    if (seeds === null) {
      for (let l = 0; l < nLines; l++) {
        dirty[l] = 1;
        queue[l] = l;
      }
      count = nLines;
    } else {
      for (let i = 0; i < seeds.length; i++) {
        const cell = seeds[i];
        const r = Math.floor(cell / W);
        if (dirty[r] === 0) {
          dirty[r] = 1;
          queue[(head + count) % nLines] = r;
          count++;
        }
        const c = H + (cell % W);
        if (dirty[c] === 0) {
          dirty[c] = 1;
          queue[(head + count) % nLines] = c;
          count++;
        }
      }
    }
    while (count > 0) {
      const l = queue[head];
      head++;
      if (head === nLines) head = 0;
      count--;
      dirty[l] = 0;
      const n = this.readLine(grid, l, scratch);
      this.lineSolves++;
      const fixed = this.lineSolver.solve(this.clues[l], scratch, n);
      if (fixed < 0) return false;
      if (fixed === 0) continue;
      if (touched) touched[l] = 1;
      if (l < H) {
        const base = l * W;
        for (let i = 0; i < n; i++) {
          if (grid[base + i] !== scratch[i]) {
            grid[base + i] = scratch[i];
            const l2 = H + i;
            if (touched) touched[l2] = 1;
            if (dirty[l2] === 0) {
              dirty[l2] = 1;
              let t = head + count;
              if (t >= nLines) t -= nLines;
              queue[t] = l2;
              count++;
            }
          }
        }
      } else {
        const c = l - H;
        for (let r = 0, idx = c; r < n; r++, idx += W) {
          if (grid[idx] !== scratch[r]) {
            grid[idx] = scratch[r];
            if (touched) touched[r] = 1;
            if (dirty[r] === 0) {
              dirty[r] = 1;
              let t = head + count;
              if (t >= nLines) t -= nLines;
              queue[t] = r;
              count++;
            }
          }
        }
      }
    }
    return true;
  }

  /** Number of UNKNOWN cells. */
  unknowns(grid: Uint8Array): number {
    let u = 0;
    for (let i = 0; i < grid.length; i++) if (grid[i] === UNKNOWN) u++;
    return u;
  }

  /** A complete grid as a 0/1 solution. */
  toSolution(grid: Uint8Array): Solution {
    const out = new Uint8Array(this.size);
    for (let i = 0; i < this.size; i++) out[i] = grid[i] === FILLED ? 1 : 0;
    return out;
  }

  /** A 0/1 solution as a complete grid. */
  fromSolution(sol: Solution): Uint8Array {
    const out = new Uint8Array(this.size);
    for (let i = 0; i < this.size; i++) out[i] = sol[i] === 1 ? FILLED : EMPTY;
    return out;
  }
}
