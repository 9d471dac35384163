/**
 * The template family, part 1 of 3: what a puzzle IS. Start a new family by copying this folder.
 *
 * A Latin square puzzle: an N×N grid, some cells given; fill every cell with 1..N so that each row
 * and each column holds every number once. Here live the family's types, its strings (params, the
 * descriptive id, the grid text, solutions) and the independent check of a solution. Rules of thumb
 * every proofgrid family keeps (Simon Tatham's `validate_desc` gate): parsers return a `Result` with a
 * coded error and never throw, and a puzzle a parser accepted never makes any later function throw.
 */
import { isLevel, type Level } from '../../../src/core/family.ts';
import { makeId, parseId } from '../../../src/core/ids.ts';
import { err, ok, parseError, type Result } from '../../../src/core/result.ts';

/** The family's name: the prefix of its ids (`latin:4x4:...`) and its name on the command line. */
export const NAME = 'latin';

/** A puzzle: the side `n` and the givens, row-major, 0 for an empty cell. */
export interface Latin {
  n: number;
  givens: Uint8Array;
}
/** A solution: every cell's number, row-major. */
export type LatinSolution = Uint8Array;
/** What `generate` is asked for: the side and a level (the id of a generated puzzle holds only the side). */
export interface LatinParams {
  n: number;
  level: Level;
}

/** Sides a text may have (one digit per cell), and sides the generator makes. */
export const MAX_SIDE = 9;
export const GEN_SIDES = [3, 6] as const;

/** `5x5-hard`, `5x5` or `5` (level medium). Squares only. */
export function parseParams(text: string): Result<LatinParams> {
  const m = /^(\d{1,2})(?:x(\d{1,2}))?(?:-([a-z]+))?$/.exec(text.trim());
  if (!m) return err(parseError('ERR_SYNTAX', `latin params are NxN-level, not "${text.slice(0, 40)}"`));
  const n = Number(m[1]);
  if (m[2] !== undefined && Number(m[2]) !== n) return err(parseError('ERR_SIZE', 'latin squares are square (NxN)'));
  if (n < GEN_SIDES[0] || n > GEN_SIDES[1]) return err(parseError('ERR_SIZE', `latin sides run from ${GEN_SIDES[0]} to ${GEN_SIDES[1]}, not ${n}`));
  const level = m[3] ?? 'medium';
  if (!isLevel(level)) return err(parseError('ERR_SYNTAX', `unknown level "${level}"`));
  return ok({ n, level });
}

export const makeParams = (p: LatinParams): string => `${p.n}x${p.n}-${p.level}`;

/** The grid as rows of digits, `.` for an empty cell. */
export function gridRows(cells: ArrayLike<number>, n: number): string[] {
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    let s = '';
    for (let c = 0; c < n; c++) s += cells[r * n + c] === 0 ? '.' : String(cells[r * n + c]);
    rows.push(s);
  }
  return rows;
}

/**
 * Rows of digits (and `.` where `empty` allows it) as cells. `line` is the 1-based line of the first
 * row in the input, for messages. Refuses a grid that is not square or holds a number above its side.
 */
export function parseRows(rows: readonly string[], empty: boolean, line = 1): Result<{ n: number; cells: Uint8Array }> {
  const n = rows.length;
  if (n < 1 || n > MAX_SIDE) return err(parseError('ERR_SIZE', `a latin grid has 1 to ${MAX_SIDE} rows, not ${n}`, line));
  const cells = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    if (rows[r].length !== n) return err(parseError('ERR_SIZE', `row ${r + 1} has ${rows[r].length} cells; a latin grid of ${n} rows is ${n} wide`, line + r));
    for (let c = 0; c < n; c++) {
      const ch = rows[r][c];
      const v = ch === '.' && empty ? 0 : ch >= '1' && ch <= '9' ? Number(ch) : -1;
      if (v < 0 || v > n)
        return err(parseError('ERR_SYNTAX', `row ${r + 1}, cell ${c + 1}: '${ch}' is not ${empty ? '. or ' : ''}a number from 1 to ${n}`, line + r));
      cells[r * n + c] = v;
    }
  }
  return ok({ n, cells });
}

/** The descriptive id: `latin:4x4:1.../..2./....`, rows separated by `/`. */
export const makeLatinId = (p: Latin): string =>
  makeId({ kind: 'descriptive', family: NAME, params: `${p.n}x${p.n}`, desc: gridRows(p.givens, p.n).join('/') });

export function parseLatinId(text: string, line?: number): Result<Latin> {
  const id = parseId(text);
  if (!id.ok) return err({ ...id.error, ...(line !== undefined ? { line } : {}) });
  if (id.value.family !== NAME) return err(parseError('ERR_FAMILY', `a ${id.value.family} id, not a latin one`, line));
  if (id.value.kind !== 'descriptive') return err(parseError('ERR_SYNTAX', 'a seeded id; a descriptive one (latin:NxN:rows) is needed here', line));
  const rows = parseRows(id.value.desc.split('/'), true, line);
  if (!rows.ok) return rows;
  if (id.value.params !== `${rows.value.n}x${rows.value.n}`)
    return err(parseError('ERR_SIZE', `the params say ${id.value.params}, the rows are ${rows.value.n}x${rows.value.n}`, line));
  return ok({ n: rows.value.n, givens: rows.value.cells });
}

/** A solution: rows of digits, one per line (or separated by `/`). */
export function parseSolution(text: string, p: Latin): Result<LatinSolution> {
  const rows = text
    .split(/\r\n|\r|\n|\//)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const r = parseRows(rows, false);
  if (!r.ok) return r;
  if (r.value.n !== p.n) return err(parseError('ERR_SIZE', `the solution is ${r.value.n}x${r.value.n}, the puzzle ${p.n}x${p.n}`));
  return ok(r.value.cells);
}

export const makeSolution = (s: LatinSolution, p: Latin): string => gridRows(s, p.n).join('\n');

/** The independent check, by the rules alone: givens kept, every row and column a permutation. */
export function verify(p: Latin, s: LatinSolution): { ok: true } | { ok: false; reason: string } {
  const n = p.n;
  if (s.length !== n * n) return { ok: false, reason: `the solution has ${s.length} cells, the puzzle ${n * n}` };
  for (let i = 0; i < n * n; i++) {
    if (s[i] < 1 || s[i] > n) return { ok: false, reason: `cell r${Math.floor(i / n) + 1}c${(i % n) + 1} holds ${s[i]}, not 1..${n}` };
    if (p.givens[i] !== 0 && p.givens[i] !== s[i])
      return { ok: false, reason: `cell r${Math.floor(i / n) + 1}c${(i % n) + 1} is given ${p.givens[i]}, not ${s[i]}` };
  }
  for (let k = 0; k < n; k++) {
    const row = new Set<number>();
    const col = new Set<number>();
    for (let j = 0; j < n; j++) {
      row.add(s[k * n + j]);
      col.add(s[j * n + k]);
    }
    if (row.size !== n) return { ok: false, reason: `row ${k + 1} repeats a number` };
    if (col.size !== n) return { ok: false, reason: `column ${k + 1} repeats a number` };
  }
  return { ok: true };
}

/**
 * The canonical form, for de-duplicating catalogues: the smallest text among the puzzle and its
 * transpose, each with its numbers relabelled in order of first appearance. (Row and column swaps
 * are symmetries too; a family declares the ones it folds, here these two.)
 */
export function canonical(p: Latin): string {
  const n = p.n;
  const transposed = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) transposed[(i % n) * n + Math.floor(i / n)] = p.givens[i];
  const relabel = (cells: Uint8Array): string => {
    const map = new Map<number, number>();
    return Array.from(cells, (v) => (v === 0 ? '.' : String(map.get(v) ?? (map.set(v, map.size + 1), map.size)))).join('');
  };
  const a = relabel(p.givens);
  const b = relabel(transposed);
  // biome-ignore lint/complexity/useMathMinMax: a and b are strings, compared as texts.
  return `${n}:${a < b ? a : b}`;
}
