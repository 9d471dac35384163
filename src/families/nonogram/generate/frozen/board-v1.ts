/**
 * FROZEN (nonogram generator version 1). A copy of src/families/nonogram/board.ts at commit a58a316: line propagation to fixpoint over the grid, as the ladder and the certificate's searches run it. Only its imports differ.
 * Never edit this file to change behaviour: a change that alters any output is a new generator version
 * with its own frozen modules (see ../versions.ts).
 */
import type { Meter } from '../../../../core/generator-meter.ts';
import { LineSolver } from './line-v1.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from '../../types.ts';

/** Entries of the line-result cache (a power of two). */
const CACHE_SLOTS = 1 << 14;
/** The cache is set up once a board has solved this many times as many lines as it has. */
const CACHE_AFTER_PASSES = 20;

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
  /** Line solves answered by the cache (included in lineSolves). */
  cacheHits = 0;
  /**
   * Direct-mapped cache of line-solver results: slot i holds a line number (-1 empty), the line's cells
   * before solving and after (or a contradiction). The solver is a pure function of clue and cells, so
   * the cache changes nothing but time: probing re-solves the same line states over and over.
   */
  private cacheLine: Int32Array | null = null;
  private cacheFixed = new Int32Array(0);
  private cacheCells = new Uint8Array(0);
  private readonly slot: number;
  /**
   * When set, `propagate` reports each line solve's work to this meter (`lineWork`) and stops, returning
   * false, as soon as the meter says the budget is exhausted: a false is then no contradiction, and the
   * caller must read `meter.stopped` before using it as one.
   */
  meter: Meter | null = null;
  /**
   * Work units (see `Meter.work`, nominally 10 ns) of one complete line solve, per line: the word-
   * parallel solvers cost about 4 per cell plus 8 per 32-cell word and block (measured 7–60 ns a unit).
   */
  readonly lineWork: Int32Array;
  /** Work units of one scalar line solve (`simpleLine`, the grader's rung 1): 5 per cell and block. */
  readonly simpleWork: Int32Array;

  constructor(readonly puzzle: Nonogram) {
    this.width = puzzle.width;
    this.height = puzzle.height;
    this.size = this.width * this.height;
    this.nLines = this.width + this.height;
    this.clues = [...puzzle.rows, ...puzzle.cols].map((c) => Int32Array.from(c));
    this.scratch = new Uint8Array(Math.max(this.width, this.height));
    this.dirty = new Uint8Array(this.nLines);
    this.queue = new Int32Array(this.nLines);
    this.slot = 2 * Math.max(this.width, this.height);
    this.lineWork = Int32Array.from(this.clues, (c, l) => {
      const n = l < this.height ? this.width : this.height;
      return 4 * n + 8 * ((n >> 5) + 1) * (c.length + 1);
    });
    this.simpleWork = Int32Array.from(this.clues, (c, l) => 5 * this.lineLength(l) * (c.length + 1));
  }

  /** Solves line `l` whose cells are in `cells` (length n) in place, through the cache. */
  private solveLine(l: number, cells: Uint8Array, n: number): number {
    if (this.cacheLine === null) {
      // Easy puzzles end within a few passes over their lines: they never pay for the cache.
      if (this.lineSolves < CACHE_AFTER_PASSES * this.nLines) return this.lineSolver.solve(this.clues[l], cells, n);
      this.cacheLine = new Int32Array(CACHE_SLOTS).fill(-1);
      this.cacheFixed = new Int32Array(CACHE_SLOTS);
      this.cacheCells = new Uint8Array(CACHE_SLOTS * this.slot);
    }
    let h = l * 0x9e3779b1;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ cells[i], 0x01000193);
    h ^= h >>> 15;
    const i = h & (CACHE_SLOTS - 1);
    const base = i * this.slot;
    const store = this.cacheCells;
    if (this.cacheLine[i] === l) {
      let same = true;
      for (let t = 0; t < n; t++) {
        if (store[base + t] !== cells[t]) {
          same = false;
          break;
        }
      }
      if (same) {
        this.cacheHits++;
        const fixed = this.cacheFixed[i];
        if (fixed > 0) for (let t = 0; t < n; t++) cells[t] = store[base + n + t];
        return fixed;
      }
    }
    for (let t = 0; t < n; t++) store[base + t] = cells[t];
    const fixed = this.lineSolver.solve(this.clues[l], cells, n);
    this.cacheLine[i] = l;
    this.cacheFixed[i] = fixed;
    if (fixed > 0) for (let t = 0; t < n; t++) store[base + n + t] = cells[t];
    return fixed;
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
   * With a `meter`, false also means the budget ran out (`meter.stopped` is then set): at most one line
   * solve runs past the meter's check.
   */
  propagate(grid: Uint8Array, seeds: ArrayLike<number> | null, touched?: Uint8Array): boolean {
    const { dirty, queue, nLines, width: W, height: H, scratch, meter, lineWork } = this;
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
      const fixed = this.solveLine(l, scratch, n);
      if (fixed < 0) return false;
      if (meter !== null && !meter.work(lineWork[l])) return false;
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
