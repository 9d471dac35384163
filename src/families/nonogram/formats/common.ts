/**
 * Helpers shared by the nonogram file-format parsers and writers. Everything a parser accepts goes
 * through `buildPuzzle` (and so through `makeNonogram`); every failure is a coded `ParseError` with
 * a 1-based `line` whenever the input has lines.
 */
import { ok, type Result } from '../../../core/result.ts';
import { excerpt, fail, q } from '../../../core/text.ts';
import { makeNonogram, minLength } from '../puzzle.ts';
import { MAX_SIDE, type Nonogram, type NonogramMeta } from '../types.ts';

export { excerpt, fail, firstLine, q, splitLines, stripBom, type Fail } from '../../../core/text.ts';

export type LineKind = 'row' | 'column';

/** A decimal natural number (digits only), or undefined. Very long numbers come out huge or Infinity. */
export function natural(tok: string): number | undefined {
  return /^[0-9]+$/.test(tok) ? Number(tok) : undefined;
}

/** Parses a width/height token: ERR_NUMBER if not a number, ERR_SIZE if out of 1..MAX_SIDE. */
export function parseSide(tok: string, name: string, line: number | undefined): Result<number> {
  const n = natural(tok);
  if (n === undefined) return fail('ERR_NUMBER', `${name} ${q(tok)} is not a number`, line);
  if (n < 1 || n > MAX_SIDE) return fail('ERR_SIZE', `${name} must be from 1 to ${MAX_SIDE}, got ${excerpt(tok, 24)}`, line);
  return ok(n);
}

/**
 * Turns the number tokens of one clue line into a clue: every token a natural number, `0` only on
 * its own (an empty line), and the blocks must fit in `len` cells.
 */
export function clueFromTokens(tokens: readonly string[], kind: LineKind, index: number, len: number, line: number | undefined): Result<number[]> {
  const nums: number[] = [];
  for (const t of tokens) {
    const n = natural(t);
    if (n === undefined) return fail('ERR_NUMBER', `${kind} ${index + 1}: ${q(t)} is not a number`, line);
    if (n > MAX_SIDE) return fail('ERR_CLUE', `${kind} ${index + 1}: block ${q(t)} is longer than any line`, line);
    nums.push(n);
  }
  return checkClue(nums, kind, index, len, line);
}

/** Checks numbers already parsed (see clueFromTokens) and drops a lone 0. */
export function checkClue(nums: readonly number[], kind: LineKind, index: number, len: number, line: number | undefined): Result<number[]> {
  const clue = nums.filter((n) => n !== 0);
  if (clue.length !== nums.length && nums.length !== 1) {
    return fail('ERR_CLUE', `${kind} ${index + 1}: 0 may only stand alone, for an empty line`, line);
  }
  const need = minLength(clue);
  if (need > len) {
    return fail('ERR_CLUE', `${kind} ${index + 1}: clue ${clue.join(' ')} needs ${need} cells but the ${kind} has ${len}`, line);
  }
  return ok(clue);
}

/** The validating constructor with a line number attached to any error it reports. */
export function buildPuzzle(
  width: number,
  height: number,
  rows: number[][],
  cols: number[][],
  meta: NonogramMeta | undefined,
  line?: number,
): Result<Nonogram> {
  const r = makeNonogram(width, height, rows, cols, meta && Object.keys(meta).length > 0 ? meta : undefined);
  if (!r.ok && line !== undefined && r.error.line === undefined) return fail(r.error.code, r.error.message, line);
  return r;
}

/** Maps character offsets to 1-based line numbers. */
export function lineIndex(text: string): (offset: number) => number {
  const starts: number[] = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** A 0/1 string (row-major) as a grid, or an ERR_SOLUTION naming the bad character. */
export function gridFromBits(bits: string, width: number, height: number, what: string, line: number): Result<Uint8Array> {
  if (bits.length !== width * height) {
    return fail('ERR_SOLUTION', `${what} has ${bits.length} cells, the puzzle has ${width}x${height} = ${width * height}`, line);
  }
  const g = new Uint8Array(bits.length);
  for (let i = 0; i < bits.length; i++) {
    const c = bits[i];
    if (c === '1') g[i] = 1;
    else if (c !== '0') return fail('ERR_SOLUTION', `${what}: cell ${i + 1} is ${q(c)}, expected 0 or 1`, line);
  }
  return ok(g);
}

/** A grid as a row-major 0/1 string. */
export function bitsOf(grid: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < grid.length; i++) s += grid[i] === 1 ? '1' : '0';
  return s;
}

/** The goal of a puzzle if it is a well-formed 0/1 grid of the puzzle's size (writers skip others). */
export function usableGoal(p: Nonogram): Uint8Array | undefined {
  const g = p.meta?.goal;
  if (!g || g.length !== p.width * p.height) return undefined;
  for (let i = 0; i < g.length; i++) if (g[i] !== 0 && g[i] !== 1) return undefined;
  return g;
}

/** Refuses colour puzzles, for the writers of black-and-white formats (nin, taai, tatham). */
export function blackAndWhiteOnly(puzzles: readonly Nonogram[], format: string): Result<readonly Nonogram[]> {
  const i = puzzles.findIndex((p) => p.colour !== undefined);
  if (i < 0) return ok(puzzles);
  const which = puzzles.length > 1 ? `puzzle ${i + 1} is a colour puzzle` : 'this is a colour puzzle';
  return fail('ERR_FORMAT', `the ${format} format holds black-and-white puzzles only, and ${which}: write it as xml, non, g or id`);
}

/** Requires at least one puzzle (writers). */
export function nonEmpty(puzzles: readonly Nonogram[]): Result<readonly Nonogram[]> {
  return puzzles.length === 0 ? fail('ERR_EMPTY', 'no puzzles to write') : ok(puzzles);
}
