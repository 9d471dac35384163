import { err, ok, parseError, type Result } from '../../core/result.ts';
import { colourClueOf } from './colour-line.ts';
import { MAX_SIDE, type Nonogram, type NonogramColours, type NonogramMeta, type Solution } from './types.ts';

/** Minimum length a clue list needs: sum of blocks plus one gap between each pair. */
export function minLength(clue: readonly number[]): number {
  let s = 0;
  for (const b of clue) s += b;
  return clue.length === 0 ? 0 : s + clue.length - 1;
}

/**
 * The validating constructor: the only way raw clues become a `Nonogram`. It rejects what is
 * malformed (bad sizes, non-positive or non-integer blocks, a clue longer than its line). Clues that
 * are well-formed but contradictory (e.g. row and column totals differ) are accepted: the solver
 * answers `none` for them.
 */
export function makeNonogram(width: number, height: number, rows: number[][], cols: number[][], meta?: NonogramMeta): Result<Nonogram> {
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1 || v > MAX_SIDE) {
      return err(parseError('ERR_SIZE', `${name} must be an integer from 1 to ${MAX_SIDE}, got ${v}`));
    }
  }
  if (rows.length !== height) {
    return err(parseError('ERR_LINE_COUNT', `expected ${height} row clues, got ${rows.length}`));
  }
  if (cols.length !== width) {
    return err(parseError('ERR_LINE_COUNT', `expected ${width} column clues, got ${cols.length}`));
  }
  const check = (lines: number[][], kind: 'row' | 'column', len: number): Result<number[][]> => {
    const out: number[][] = [];
    for (let i = 0; i < lines.length; i++) {
      const clue = lines[i].filter((b) => b !== 0);
      for (const b of lines[i]) {
        if (!Number.isInteger(b) || b < 0) {
          return err(parseError('ERR_CLUE', `${kind} ${i + 1}: block length must be a positive integer, got ${b}`));
        }
      }
      if (clue.length !== lines[i].length && lines[i].length !== 1) {
        return err(parseError('ERR_CLUE', `${kind} ${i + 1}: 0 may only stand alone, for an empty line`));
      }
      if (minLength(clue) > len) {
        return err(parseError('ERR_CLUE', `${kind} ${i + 1}: clue ${clue.join(' ')} needs ${minLength(clue)} cells but the line has ${len}`));
      }
      out.push(clue);
    }
    return ok(out);
  };
  const r = check(rows, 'row', width);
  if (!r.ok) return r;
  const c = check(cols, 'column', height);
  if (!c.ok) return c;
  const p: Nonogram = { width, height, rows: r.value, cols: c.value };
  if (meta && Object.keys(meta).length > 0) p.meta = meta;
  return ok(p);
}

/** Clue of one line of 0/1 cells. */
export function lineClue(cells: ArrayLike<number>): number[] {
  const out: number[] = [];
  let run = 0;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 1) run++;
    else if (run > 0) {
      out.push(run);
      run = 0;
    }
  }
  if (run > 0) out.push(run);
  return out;
}

/** The clues a full 0/1 grid produces. */
export function cluesOf(grid: Solution, width: number, height: number): Nonogram {
  const rows: number[][] = [];
  const cols: number[][] = [];
  const line = new Uint8Array(Math.max(width, height));
  for (let r = 0; r < height; r++) rows.push(lineClue(grid.subarray(r * width, r * width + width)));
  for (let c = 0; c < width; c++) {
    for (let r = 0; r < height; r++) line[r] = grid[r * width + c];
    cols.push(lineClue(line.subarray(0, height)));
  }
  return { width, height, rows, cols };
}

export function sameClue(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Independent verifier: does this 0/1 grid satisfy every clue? It recomputes clues from the grid and
 * shares no code with the solvers.
 */
export function verifySolution(p: Nonogram, grid: Solution): { ok: true } | { ok: false; reason: string } {
  if (grid.length !== p.width * p.height) {
    return { ok: false, reason: `grid has ${grid.length} cells, puzzle has ${p.width * p.height}` };
  }
  if (p.colour) return verifyColour(p, p.colour, grid);
  for (let i = 0; i < grid.length; i++) {
    if (grid[i] !== 0 && grid[i] !== 1) return { ok: false, reason: `cell ${i} is ${grid[i]}, not 0 or 1` };
  }
  const got = cluesOf(grid, p.width, p.height);
  for (let r = 0; r < p.height; r++) {
    if (!sameClue(got.rows[r], p.rows[r])) {
      return { ok: false, reason: `row ${r + 1}: grid gives ${got.rows[r].join(' ') || '0'}, clue is ${p.rows[r].join(' ') || '0'}` };
    }
  }
  for (let c = 0; c < p.width; c++) {
    if (!sameClue(got.cols[c], p.cols[c])) {
      return { ok: false, reason: `column ${c + 1}: grid gives ${got.cols[c].join(' ') || '0'}, clue is ${p.cols[c].join(' ') || '0'}` };
    }
  }
  return { ok: true };
}

/** A colour clue written as the formats' own `2a 3b` would be: `2(red) 3(blue)`, for messages. */
function colourClueText(lengths: readonly number[], colours: readonly number[], c: NonogramColours): string {
  return lengths.length === 0 ? '0' : lengths.map((n, b) => `${n}(${c.palette[colours[b]]?.name ?? colours[b]})`).join(' ');
}

/** The colour check: every cell a palette index, every line's clue recomputed from the picture (colourClueOf). */
function verifyColour(p: Nonogram, c: NonogramColours, grid: Solution): { ok: true } | { ok: false; reason: string } {
  const { width: W, height: H } = p;
  for (let i = 0; i < grid.length; i++) {
    if (grid[i] >= c.palette.length) return { ok: false, reason: `cell ${i} is ${grid[i]}, not a palette index (0 to ${c.palette.length - 1})` };
  }
  const check = (kind: 'row' | 'column', i: number, line: ArrayLike<number>, lengths: readonly number[], colours: readonly number[]): string | undefined => {
    const got = colourClueOf(line);
    if (sameClue(got.lengths, lengths) && sameClue(got.colours, colours)) return undefined;
    return `${kind} ${i + 1}: grid gives ${colourClueText(got.lengths, got.colours, c)}, clue is ${colourClueText(lengths, colours, c)}`;
  };
  for (let r = 0; r < H; r++) {
    const bad = check('row', r, grid.subarray(r * W, r * W + W), p.rows[r], c.rows[r]);
    if (bad) return { ok: false, reason: bad };
  }
  const line = new Uint8Array(H);
  for (let col = 0; col < W; col++) {
    for (let r = 0; r < H; r++) line[r] = grid[r * W + col];
    const bad = check('column', col, line, p.cols[col], c.cols[col]);
    if (bad) return { ok: false, reason: bad };
  }
  return { ok: true };
}

/** Renders a 0/1 grid as lines of `#` and `.`. */
export function gridToText(grid: ArrayLike<number>, width: number, height: number, filled = '#', empty = '.', unknown = '?'): string {
  const lines: string[] = [];
  for (let r = 0; r < height; r++) {
    let s = '';
    for (let c = 0; c < width; c++) {
      const v = grid[r * width + c];
      s += v === 1 ? filled : v === 0 ? empty : unknown;
    }
    lines.push(s);
  }
  return lines.join('\n');
}

/** For tests and trusted internal data: unwraps a constructor result or throws its message. */
export function unwrapNonogram(r: Result<Nonogram>): Nonogram {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
