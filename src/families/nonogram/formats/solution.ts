/**
 * Solution grids as text: one line per row, `#` (also `1` or `X`) for a filled cell and `.` (also
 * `0` or `-`) for an empty one. Spaces and tabs are ignored, and so are blank lines. A single line
 * holding all width x height cells row-major (like a `.non` goal) is accepted too. A colour puzzle's
 * grid has `.` (also `0` or `-`) for the background and each colour's letter (`a` for colour 1, as
 * in its id) for its cells.
 */
import { ok, type Result } from '../../../core/result.ts';
import { gridToText } from '../puzzle.ts';
import { colourLetter } from '../colour.ts';
import type { NonogramColours } from '../types.ts';
import type { NonogramSize } from './id.ts';
import { fail, q, splitLines } from './common.ts';

const FILLED = new Set(['#', '1', 'X']);
const EMPTY = new Set(['.', '0', '-']);

/** Parses a solution grid for a puzzle of the given size (a Nonogram will do). */
export function parseSolution(text: string, size: NonogramSize & { colour?: NonogramColours }): Result<Uint8Array> {
  const { width, height } = size;
  const colours = size.colour?.palette.length ?? 0;
  const lines = splitLines(text);
  const rows: { cells: string; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    // No line holds more than width x height cells (the one-line form): longer ones are refused unread.
    const n = cellCount(lines[i]);
    if (n > width * height) return fail('ERR_SOLUTION', `the line has ${n} cells, the puzzle ${width}x${height} = ${width * height} in all`, i + 1);
    const cells = n === lines[i].length ? lines[i] : lines[i].replace(/[ \t]+/g, '');
    if (cells !== '') rows.push({ cells, line: i + 1 });
  }
  if (rows.length === 0) return fail('ERR_EMPTY', 'empty input: no solution grid', 1);
  const grid = new Uint8Array(width * height);
  if (rows.length === 1 && height > 1 && rows[0].cells.length === width * height) {
    return fillRow(grid, rows[0].cells, 0, 'the grid', rows[0].line, colours) ?? ok(grid);
  }
  if (rows.length !== height) {
    const at = rows.length > height ? rows[height].line : rows[rows.length - 1].line + 1;
    return fail('ERR_LINE_COUNT', `the grid has ${rows.length} rows, the puzzle has ${height}`, at);
  }
  for (let r = 0; r < height; r++) {
    const { cells, line } = rows[r];
    if (cells.length !== width) return fail('ERR_SOLUTION', `row ${r + 1} has ${cells.length} cells, the puzzle is ${width} wide`, line);
    const e = fillRow(grid, cells, r * width, `row ${r + 1}`, line, colours);
    if (e) return e;
  }
  return ok(grid);
}

/** Characters other than spaces and tabs. */
function cellCount(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) n++;
  }
  return n;
}

function fillRow(grid: Uint8Array, cells: string, at: number, what: string, line: number, colours: number): ReturnType<typeof fail> | undefined {
  if (colours > 0) {
    for (let c = 0; c < cells.length; c++) {
      const ch = cells[c];
      if (EMPTY.has(ch)) continue;
      let k = 1;
      while (k < colours && colourLetter(k) !== ch) k++;
      if (k >= colours)
        return fail('ERR_SOLUTION', `${what}: cell ${c + 1} is ${q(ch)}; use . (background) or a colour's letter, a to ${colourLetter(colours - 1)}`, line);
      grid[at + c] = k;
    }
    return undefined;
  }
  for (let c = 0; c < cells.length; c++) {
    const ch = cells[c];
    if (FILLED.has(ch)) grid[at + c] = 1;
    else if (!EMPTY.has(ch)) return fail('ERR_SOLUTION', `${what}: cell ${c + 1} is ${q(ch)}; use # (filled) or . (empty)`, line);
  }
  return undefined;
}

/** Writes a 0/1 grid as lines of `#` and `.`, with a final newline (a colour grid: `.` and letters). */
export function makeSolution(grid: ArrayLike<number>, size: NonogramSize & { colour?: NonogramColours }): string {
  return `${size.colour ? colourGridText(grid, size.width, size.height) : gridToText(grid, size.width, size.height)}\n`;
}

/** A grid of palette indices as lines of `.` (the background) and colour letters. */
export function colourGridText(grid: ArrayLike<number>, width: number, height: number): string {
  const lines: string[] = [];
  for (let r = 0; r < height; r++) {
    let s = '';
    for (let c = 0; c < width; c++) s += grid[r * width + c] === 0 ? '.' : colourLetter(grid[r * width + c]);
    lines.push(s);
  }
  return lines.join('\n');
}
