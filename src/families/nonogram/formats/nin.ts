/**
 * The `.nin` format of Jakub Wilk's solver and Jan Wolter's survey: a line `W H`, then H row clue
 * lines (top to bottom), then W column clue lines (left to right); numbers separated by spaces, `0`
 * for an empty line. One puzzle per file.
 *
 * Blank lines: trailing ones are ignored; if the file has exactly H + W non-blank clue lines, blank
 * lines between them are ignored too; otherwise a blank line counts as an empty line.
 */
import { ok, type Result } from '../../../core/result.ts';
import type { Nonogram } from '../types.ts';
import { buildPuzzle, clueFromTokens, fail, parseSide, q, splitLines } from './common.ts';

/** Reads a `.nin` file (one puzzle). */
export function parseNin(text: string): Result<Nonogram[]> {
  const lines = splitLines(text);
  let first = 0;
  while (first < lines.length && lines[first].trim() === '') first++;
  if (first === lines.length) return fail('ERR_EMPTY', 'empty input: no .nin puzzle', 1);
  let end = lines.length;
  while (lines[end - 1].trim() === '') end--;

  const headerLine = first + 1;
  const head = lines[first].trim().split(/\s+/);
  if (head.length !== 2) return fail('ERR_SYNTAX', `expected "W H" (width and height), got ${q(lines[first].trim())}`, headerLine);
  const w = parseSide(head[0], 'width', headerLine);
  if (!w.ok) return w;
  const h = parseSide(head[1], 'height', headerLine);
  if (!h.ok) return h;
  const width = w.value;
  const height = h.value;
  const need = width + height;

  const body: number[] = [];
  for (let i = first + 1; i < end; i++) body.push(i);
  let use = body;
  if (body.length !== need) {
    const nonBlank = body.filter((i) => lines[i].trim() !== '');
    const expected = `expected ${height} row and ${width} column clue lines`;
    if (nonBlank.length === need) use = nonBlank;
    else if (nonBlank.length > need) {
      return fail('ERR_LINE_COUNT', `a line after the last column clue: ${expected}`, nonBlank[need] + 1);
    } else if (body.length < need) {
      return fail('ERR_LINE_COUNT', `the file ends after ${body.length} clue lines; ${expected}`, end + 1);
    } else {
      return fail('ERR_LINE_COUNT', `${body.length} clue lines of which ${nonBlank.length} are not blank; ${expected}`, body[need] + 1);
    }
  }

  const rows: number[][] = [];
  const cols: number[][] = [];
  for (let k = 0; k < use.length; k++) {
    const t = lines[use[k]].trim();
    const isRow = k < height;
    // A line of `len` cells holds at most ceil(len / 2) blocks: one token more is already wrong.
    const len = isRow ? width : height;
    const c = clueFromTokens(
      t === '' ? [] : t.split(/\s+/, Math.ceil(len / 2) + 1),
      isRow ? 'row' : 'column',
      isRow ? k : k - height,
      isRow ? width : height,
      use[k] + 1,
    );
    if (!c.ok) return c;
    (isRow ? rows : cols).push(c.value);
  }
  const p = buildPuzzle(width, height, rows, cols, undefined, headerLine);
  return p.ok ? ok([p.value]) : p;
}

/** Writes one puzzle as `.nin` (metadata and goal are not expressible and are dropped). */
export function makeNin(p: Nonogram): string {
  const out = [`${p.width} ${p.height}`];
  for (const r of p.rows) out.push(r.length ? r.join(' ') : '0');
  for (const c of p.cols) out.push(c.length ? c.join(' ') : '0');
  return `${out.join('\n')}\n`;
}
