/**
 * The TAAI / TCGA / ICGA computer-nonogram tournament format: files with many square puzzles.
 *
 * Question files: each puzzle is a line `$<n>` then 2N clue lines, first the N COLUMNS (left to
 * right, clues top to bottom), then the N ROWS (top to bottom); numbers TAB-separated (spaces are
 * accepted too). A blank line is an empty line of the puzzle, so blank lines are clue lines here. N
 * is the number of clue lines / 2. LF or CRLF; the last line may or may not end with a newline.
 *
 * Solution files: `$<n>` then N rows of N TAB-separated 0/1 values (1 = filled).
 */
import { ok, type Result } from '../../../core/result.ts';
import { MAX_SIDE, type Nonogram } from '../types.ts';
import { buildPuzzle, clueFromTokens, fail, nonEmpty, q, splitLines } from './common.ts';

interface Block {
  number: number;
  /** 0-based index of the `$n` line. */
  at: number;
  /** The lines after it, up to the next `$` line: 0-based indices from..to-1 (a range, not a list: a
   * million blank lines cost no million-entry array). */
  from: number;
  to: number;
}

/** Cuts a file into `$n` blocks. `terminated` tells whether the text ended with a newline. */
function blocks(lines: string[], what: string): Result<{ list: Block[]; terminated: boolean }> {
  let n = lines.length;
  const terminated = n > 1 && lines[n - 1] === '';
  if (terminated) n--;
  const list: Block[] = [];
  const seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const t = lines[i] === '' ? '' : lines[i].trim();
    if (t.startsWith('$')) {
      const m = /^\$\s*([0-9]{1,9})$/.exec(t);
      if (!m) return fail('ERR_SYNTAX', `bad puzzle marker ${q(t)}: expected '$' and a number`, i + 1);
      const num = Number(m[1]);
      const prev = seen.get(num);
      if (prev !== undefined) return fail('ERR_SYNTAX', `puzzle $${num} appears twice (first on line ${prev + 1})`, i + 1);
      seen.set(num, i);
      if (list.length > 0) list[list.length - 1].to = i;
      list.push({ number: num, at: i, from: i + 1, to: n });
    } else if (list.length === 0 && t !== '') return fail('ERR_SYNTAX', `expected a '$<number>' line before the ${what}, got ${q(t)}`, i + 1);
  }
  if (list.length === 0) return fail('ERR_EMPTY', `no '$<number>' line: no ${what}`, 1);
  return ok({ list, terminated });
}

/** The tokens of a line, at most `max` (a clue line of n cells holds at most ceil(n / 2) numbers). */
const tokensOf = (line: string, max?: number): string[] => {
  const t = line.trim();
  return t === '' ? [] : t.split(/[\t ]+/, max);
};

/** Reads a question file, keeping each puzzle's number. */
export function parseTaaiSet(text: string): Result<{ number: number; puzzle: Nonogram }[]> {
  const lines = splitLines(text);
  const b = blocks(lines, 'puzzles');
  if (!b.ok) return b;
  const { list, terminated } = b.value;
  const out: { number: number; puzzle: Nonogram }[] = [];
  for (let k = 0; k < list.length; k++) {
    const blk = list[k];
    const from = blk.from;
    let to = blk.to;
    if (k === list.length - 1) {
      // Only the end of the file is ambiguous: extra blank lines, or a last empty row with no final newline.
      const blank = (): boolean => to > from && lines[to - 1].trim() === '';
      const n0 = list.length > 1 ? list[0].to - list[0].from : Infinity;
      while (to - from > n0 && blank()) to--;
      if ((to - from) % 2 === 1) {
        if (blank()) to--;
        else if (terminated) to++;
      }
    }
    const count = to - from;
    const marker = blk.at + 1;
    if (count === 0) return fail('ERR_LINE_COUNT', `puzzle $${blk.number} has no clue lines`, marker);
    if (count % 2 === 1) {
      return fail('ERR_LINE_COUNT', `puzzle $${blk.number} has ${count} clue lines; a TAAI puzzle has 2N (N columns, then N rows)`, marker);
    }
    const n = count / 2;
    if (n > MAX_SIDE) return fail('ERR_SIZE', `puzzle $${blk.number} would be ${n}x${n}; the largest side is ${MAX_SIDE}`, marker);
    const cols: number[][] = [];
    const rows: number[][] = [];
    for (let i = 0; i < count; i++) {
      const isCol = i < n;
      const c = clueFromTokens(tokensOf(lines[from + i], Math.ceil(n / 2) + 1), isCol ? 'column' : 'row', isCol ? i : i - n, n, from + i + 1);
      if (!c.ok) return c;
      (isCol ? cols : rows).push(c.value);
    }
    const p = buildPuzzle(n, n, rows, cols, undefined, marker);
    if (!p.ok) return p;
    out.push({ number: blk.number, puzzle: p.value });
  }
  return ok(out);
}

/** Reads a question file; puzzles in file order (see parseTaaiSet for their `$n` numbers). */
export function parseTaai(text: string): Result<Nonogram[]> {
  const r = parseTaaiSet(text);
  return r.ok ? ok(r.value.map((e) => e.puzzle)) : r;
}

export interface TaaiWriteOptions {
  /** Line ending, LF by default. */
  crlf?: boolean;
  /** Number of the first puzzle, 1 by default. */
  first?: number;
}

/** Writes a question file (an empty line as `0`); refuses puzzles that are not square. Metadata and goals are dropped. */
export function makeTaai(puzzles: readonly Nonogram[], options: TaaiWriteOptions = {}): Result<string> {
  const ne = nonEmpty(puzzles);
  if (!ne.ok) return ne;
  const first = options.first ?? 1;
  const out: string[] = [];
  for (let k = 0; k < puzzles.length; k++) {
    const p = puzzles[k];
    if (p.width !== p.height) {
      return fail('ERR_SIZE', `puzzle ${k + 1} is ${p.width}x${p.height}; the TAAI format holds only square puzzles`);
    }
    out.push(`$${first + k}`);
    // An empty line is written `0`, never blank: blank lines at the end of a file are ambiguous (padding
    // or empty rows of the last puzzle), and a reader that trims them would read another puzzle.
    for (const line of [...p.cols, ...p.rows]) out.push(line.length === 0 ? '0' : line.join('\t'));
  }
  const eol = options.crlf ? '\r\n' : '\n';
  return ok(out.join(eol) + eol);
}

/** Reads a solution file: `$n` then N rows of N 0/1 values, as grids keyed by puzzle number. */
export function parseTaaiSolutions(text: string): Result<Map<number, Uint8Array>> {
  const lines = splitLines(text);
  const b = blocks(lines, 'solutions');
  if (!b.ok) return b;
  const out = new Map<number, Uint8Array>();
  for (const blk of b.value.list) {
    const rows: number[] = [];
    for (let i = blk.from; i < blk.to && rows.length <= MAX_SIDE; i++) if (lines[i] !== '' && lines[i].trim() !== '') rows.push(i);
    if (rows.length === 0) return fail('ERR_LINE_COUNT', `solution $${blk.number} has no rows`, blk.at + 1);
    const n = rows.length;
    if (n > MAX_SIDE) return fail('ERR_SIZE', `solution $${blk.number} has ${n} rows; the largest side is ${MAX_SIDE}`, blk.at + 1);
    const grid = new Uint8Array(n * n);
    for (let r = 0; r < n; r++) {
      let cells = tokensOf(lines[rows[r]], n + 1);
      if (cells.length === 1 && cells[0].length > 1) cells = cells[0].split('');
      if (cells.length !== n) {
        return fail('ERR_SOLUTION', `solution $${blk.number} row ${r + 1} has ${cells.length} values; the grid has ${n} rows, so ${n} are needed`, rows[r] + 1);
      }
      for (let c = 0; c < n; c++) {
        if (cells[c] === '1') grid[r * n + c] = 1;
        else if (cells[c] !== '0') return fail('ERR_SOLUTION', `solution $${blk.number} row ${r + 1}: ${q(cells[c])} is not 0 or 1`, rows[r] + 1);
      }
    }
    out.set(blk.number, grid);
  }
  return ok(out);
}

/** Writes a solution file from square 0/1 grids keyed by puzzle number (in the map's order). */
export function makeTaaiSolutions(grids: ReadonlyMap<number, Uint8Array>, options: { crlf?: boolean } = {}): Result<string> {
  if (grids.size === 0) return fail('ERR_EMPTY', 'no solutions to write');
  const out: string[] = [];
  for (const [num, g] of grids) {
    const n = Math.round(Math.sqrt(g.length));
    if (n < 1 || n * n !== g.length || !Number.isInteger(num) || num < 0) {
      return fail('ERR_SIZE', `solution $${num}: ${g.length} cells is not a square grid`);
    }
    out.push(`$${num}`);
    for (let r = 0; r < n; r++) out.push(Array.from(g.subarray(r * n, r * n + n), (v) => (v === 1 ? '1' : '0')).join('\t'));
  }
  const eol = options.crlf ? '\r\n' : '\n';
  return ok(out.join(eol) + eol);
}
