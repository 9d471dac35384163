/**
 * CNF encoding of a nonogram, for the SAT witness (a solver of another paradigm than the native line
 * solver + search). Pure engine code: no Node, no clock.
 *
 * Variables 1..W*H are the cells, row-major (var = row * W + col + 1, true = filled), so the cell
 * part of any model is the grid itself. Every other variable is auxiliary and belongs to one line.
 *
 * Two line encodings, both exact: for every grid that satisfies the clues there is exactly one
 * assignment of the auxiliary variables, and every model's cell part satisfies the clues. So the
 * number of models equals the number of solutions, and blocking clauses over the cell variables alone
 * enumerate solutions.
 *
 * - `order` (default, compact): for block j of a line with slack m = n - minLength, the variables
 *   S(j,s) mean "block j starts at or before s", for the m positions s in [lo_j, lo_j + m - 1]
 *   (earlier positions are constant false, later ones constant true). Clauses, all of width <= 3:
 *     monotone   S(j,s) -> S(j,s+1)
 *     ordering   S(j+1,t) -> S(j, t - len_j - 1)           (block j+1 starts >= end of j + 1)
 *     cover      S(j,c) & !S(j,c-len_j) -> cell c           (c inside block j => filled)
 *     gaps       cell c -> S(0,c)                            (nothing before block 0)
 *                cell c & S(j,c-len_j) -> S(j+1,c)           (nothing between blocks j and j+1)
 *                cell c -> !S(last,c-len_last)               (nothing after the last block)
 *   Size per block: m variables and about 4m + len clauses.
 * - `direct` (reference, closer to the textbook): Y(j,s) = "block j starts at s" with exactly-one
 *   (pairwise at-most-one), ordering Y(j,s) -> OR Y(j+1,t>=s+len_j+1), and cell <=> OR of covering
 *   starts in both directions. Quadratic in the slack; kept to cross-check the order encoding.
 *
 * An empty line forces all its cells empty. A line whose clue cannot fit (not produced by
 * makeNonogram, but tolerated) makes the formula unsatisfiable via the pair of units (1), (-1).
 */
import { minLength } from './puzzle.ts';
import type { Nonogram, Solution } from './types.ts';

export type CnfEncoding = 'order' | 'direct';
export const CNF_ENCODINGS: readonly CnfEncoding[] = ['order', 'direct'];

export interface Cnf {
  readonly width: number;
  readonly height: number;
  /** Highest variable number used; the cells are 1..width*height. */
  readonly numVars: number;
  /** Clauses as arrays of DIMACS literals (non-zero integers, no terminating 0). */
  readonly clauses: number[][];
  readonly encoding: CnfEncoding;
  /** The variable of cell (row, col), both 0-based: row * width + col + 1. */
  cellVar(row: number, col: number): number;
  /**
   * The `order` encoding's lines, rows top to bottom then columns left to right (empty for `direct`):
   * what phase hints and learned facts about block starts need to name its variables.
   */
  readonly lines: readonly OrderLine[];
}

/** One line of the `order` encoding. */
export interface OrderLine {
  /** The cell variables of the line, in order. */
  readonly cells: readonly number[];
  readonly clue: readonly number[];
  /** Slack: cells left over by the clue's minimum length (no variables when < 0). */
  readonly slack: number;
  /** Per block: the earliest start, and the variable of "starts at or before that cell". */
  readonly lo: readonly number[];
  readonly first: readonly number[];
}

/**
 * The literal "block j of the line starts at or before cell s": a variable, or TRUE_LIT / -TRUE_LIT
 * where the clue alone decides it.
 */
export function startAtOrBefore(line: OrderLine, j: number, s: number): number {
  if (s < line.lo[j]) return -TRUE_LIT;
  if (s >= line.lo[j] + line.slack) return TRUE_LIT;
  return line.first[j] + (s - line.lo[j]);
}

export interface EncodeOptions {
  encoding?: CnfEncoding;
}

/** Literal standing for constant true (its negation is constant false). Never emitted. */
export const TRUE_LIT = 0x40000000;
const TOP = TRUE_LIT;

class Builder {
  numVars: number;
  readonly clauses: number[][] = [];
  private unsat = false;

  constructor(cells: number) {
    this.numVars = cells;
  }

  newVar(): number {
    return ++this.numVars;
  }

  /** Adds a clause, simplifying away the constants TOP / -TOP and duplicate literals. */
  add(lits: readonly number[]): void {
    const out: number[] = [];
    for (const l of lits) {
      if (l === TOP) return;
      if (l === -TOP) continue;
      if (out.includes(-l)) return;
      if (!out.includes(l)) out.push(l);
    }
    if (out.length === 0) this.contradiction();
    else this.clauses.push(out);
  }

  /** Makes the formula unsatisfiable without an empty clause (which some tools reject). */
  contradiction(): void {
    if (this.unsat) return;
    this.unsat = true;
    this.clauses.push([1], [-1]);
  }
}

function checkPuzzle(p: Nonogram): void {
  const { width, height } = p;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`encodeCnf: bad size ${width}x${height}`);
  }
  if (p.rows.length !== height || p.cols.length !== width) {
    throw new RangeError(`encodeCnf: expected ${height} row and ${width} column clues`);
  }
  for (const line of [...p.rows, ...p.cols]) {
    for (const b of line) {
      if (!Number.isInteger(b) || b < 1) throw new RangeError(`encodeCnf: bad block length ${b}`);
    }
  }
}

function encodeLineOrder(b: Builder, cells: readonly number[], clue: readonly number[]): OrderLine {
  const n = cells.length;
  const k = clue.length;
  const m = n - minLength(clue);
  const lo: number[] = [];
  const first: number[] = []; // first auxiliary variable of each block
  const line: OrderLine = { cells, clue, slack: m, lo, first };
  if (k === 0) {
    for (const x of cells) b.add([-x]);
    return line;
  }
  if (m < 0) {
    b.contradiction();
    return line;
  }
  let pos = 0;
  for (let j = 0; j < k; j++) {
    lo.push(pos);
    pos += clue[j] + 1;
    first.push(b.numVars + 1);
    for (let i = 0; i < m; i++) b.newVar();
  }
  const S = (j: number, s: number): number => startAtOrBefore(line, j, s);
  const last = k - 1;
  for (let j = 0; j < k; j++) {
    const len = clue[j];
    const hi = lo[j] + m;
    for (let s = lo[j]; s < hi - 1; s++) b.add([-S(j, s), S(j, s + 1)]);
    if (j < last) {
      for (let t = lo[j + 1]; t < lo[j + 1] + m; t++) b.add([-S(j + 1, t), S(j, t - len - 1)]);
    }
    for (let c = lo[j]; c < hi + len; c++) b.add([-S(j, c), S(j, c - len), cells[c]]);
    if (j < last) {
      for (let c = lo[j] + len; c < lo[j + 1] + m; c++) b.add([-cells[c], -S(j, c - len), S(j + 1, c)]);
    }
  }
  for (let c = 0; c < m; c++) b.add([-cells[c], S(0, c)]);
  for (let c = lo[last] + clue[last]; c < n; c++) b.add([-cells[c], -S(last, c - clue[last])]);
  return line;
}

function encodeLineDirect(b: Builder, cells: readonly number[], clue: readonly number[]): null {
  const n = cells.length;
  const k = clue.length;
  if (k === 0) {
    for (const x of cells) b.add([-x]);
    return null;
  }
  const m = n - minLength(clue);
  if (m < 0) {
    b.contradiction();
    return null;
  }
  // Y[j][i]: block j starts at lo_j + i, i in 0..m.
  const lo: number[] = [];
  const Y: number[][] = [];
  let pos = 0;
  for (let j = 0; j < k; j++) {
    lo.push(pos);
    pos += clue[j] + 1;
    const vars: number[] = [];
    for (let i = 0; i <= m; i++) vars.push(b.newVar());
    Y.push(vars);
  }
  const covering: number[][] = cells.map(() => []);
  for (let j = 0; j < k; j++) {
    const ys = Y[j];
    b.add(ys);
    for (let i = 0; i < ys.length; i++) for (let i2 = i + 1; i2 < ys.length; i2++) b.add([-ys[i], -ys[i2]]);
    for (let i = 0; i <= m; i++) {
      const s = lo[j] + i;
      if (j + 1 < k) {
        // Block j+1 must start at or after s + len_j + 1 = lo_{j+1} + i.
        b.add([-ys[i], ...Y[j + 1].slice(i)]);
      }
      for (let c = s; c < s + clue[j]; c++) {
        b.add([-ys[i], cells[c]]);
        covering[c].push(ys[i]);
      }
    }
  }
  for (let c = 0; c < n; c++) b.add([-cells[c], ...covering[c]]);
  return null;
}

/** Encodes the puzzle as CNF (see the module comment for the encodings). */
export function encodeCnf(p: Nonogram, options: EncodeOptions = {}): Cnf {
  checkPuzzle(p);
  const encoding = options.encoding ?? 'order';
  if (encoding !== 'order' && encoding !== 'direct') throw new RangeError(`encodeCnf: unknown encoding ${String(encoding)}`);
  const { width, height } = p;
  const b = new Builder(width * height);
  const encodeLine = encoding === 'order' ? encodeLineOrder : encodeLineDirect;
  const lines: OrderLine[] = [];
  const encode = (cells: number[], clue: readonly number[]): void => {
    const line = encodeLine(b, cells, clue);
    if (line !== null) lines.push(line);
  };
  for (let r = 0; r < height; r++) {
    const cells: number[] = [];
    for (let c = 0; c < width; c++) cells.push(r * width + c + 1);
    encode(cells, p.rows[r]);
  }
  for (let c = 0; c < width; c++) {
    const cells: number[] = [];
    for (let r = 0; r < height; r++) cells.push(r * width + c + 1);
    encode(cells, p.cols[c]);
  }
  return {
    width,
    height,
    numVars: b.numVars,
    clauses: b.clauses,
    encoding,
    lines,
    cellVar(row: number, col: number): number {
      if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || row >= height || col < 0 || col >= width) {
        throw new RangeError(`cellVar: (${row}, ${col}) is outside ${width}x${height}`);
      }
      return row * width + col + 1;
    },
  };
}

/**
 * The grid of a model. `model` lists DIMACS literals (as in a solver's `v` lines); a cell variable
 * that is absent or negative is empty. Auxiliary variables are ignored.
 */
export function modelToGrid(model: Iterable<number>, p: Pick<Nonogram, 'width' | 'height'>): Solution {
  const n = p.width * p.height;
  const grid = new Uint8Array(n);
  for (const lit of model) {
    if (lit > 0 && lit <= n) grid[lit - 1] = 1;
  }
  return grid;
}

/** The clause that excludes exactly this grid (over the cell variables only). */
export function blockingClause(grid: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < grid.length; i++) out.push(grid[i] === 1 ? -(i + 1) : i + 1);
  return out;
}

/** Size of the encoding, for reports. */
export function cnfSize(cnf: Pick<Cnf, 'numVars' | 'clauses'>): { vars: number; clauses: number; literals: number } {
  let literals = 0;
  for (const c of cnf.clauses) literals += c.length;
  return { vars: cnf.numVars, clauses: cnf.clauses.length, literals };
}
