import type { CheckablePlayRules } from '../../core/family.ts';
import { makeGridText, parseGridText } from '../../core/grid-text.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { excerpt } from '../../core/text.ts';
import { colourClueOf } from './colour-line.ts';
import { lineClue, sameClue, verifySolution } from './puzzle.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

/**
 * A player's board: one mark per cell (UNKNOWN, FILLED or EMPTY = crossed). On a colour puzzle a
 * fill carries its colour: colour 1 is FILLED as in black and white, colour c >= 2 is the mark
 * c + 1 (markOfColour / colourOfMark), so a black-and-white board is the same bytes as before.
 */
export interface NonogramState {
  width: number;
  height: number;
  marks: Uint8Array;
  /** Present only on a colour puzzle's board: how many colours its fills may take (2 to 30). */
  colours?: number;
}

/** The mark of a fill in colour `c` (1 to 30): FILLED for colour 1, c + 1 above. */
export const markOfColour = (c: number): number => (c <= 1 ? FILLED : c + 1);

/** The colour a mark fills with (1 to 30), or 0 for an unknown or crossed cell. */
export const colourOfMark = (v: number): number => (v === FILLED ? 1 : v > EMPTY ? v - 1 : 0);

/** Whether a mark is a fill (of any colour). */
export const isFill = (v: number): boolean => v === FILLED || v > EMPTY;

/** How many colours a puzzle's fills take: 1 for black and white. */
export const coloursOf = (p: Nonogram): number => (p.colour ? p.colour.palette.length - 1 : 1);

/** A colour's character in board text: 1 to 9, then A to U (10 to 30). */
export const colourChar = (c: number): string => (c <= 9 ? String(c) : String.fromCharCode(55 + c));
/** The colour of a board-text character (1 to 9, A to U), or 0 for any other. */
export const colourOfChar = (ch: string): number => (/^[1-9]$/.test(ch) ? Number(ch) : /^[A-U]$/.test(ch) ? ch.charCodeAt(0) - 55 : 0);

export type MarkOp = 'fill' | 'cross' | 'clear';

/**
 * A move marks a straight run of cells (a click is a run of one; a drag along a row or column is
 * longer). `paint` moves leave cells already marked otherwise untouched, as a drag does.
 * String form: `f3.4` (fill row 3, column 4; 1-based), `x3.4-3.9` (cross a run), `c2.2`, and
 * with a `p` suffix for paint: `f3.4-3.9p`. A move may carry more runs after `+`, marked in the same
 * step (one undo takes them all back): `f3.4-3.9p+x3.1-3.3+x3.10` is a fill and the crosses the
 * player's "auto-cross finished lines" adds to it. On a colour puzzle a fill names its colour
 * after `@`: `f3.4@2`, `f3.4-3.9p@3` (colour 1, and every black-and-white fill, is written without it).
 */
export interface NonogramMove extends NonogramRun {
  /** Further runs marked in the same move, in order (absent for a plain run). */
  also?: NonogramRun[];
}

/** One straight run of a move. */
export interface NonogramRun {
  op: MarkOp;
  from: { row: number; col: number };
  to: { row: number; col: number };
  paint: boolean;
  /** A fill's colour when it is 2 or more (absent: colour 1, the only one of black and white). */
  colour?: number;
}

const OPS: Record<string, MarkOp> = { f: 'fill', x: 'cross', c: 'clear' };
const CODES: Record<MarkOp, string> = { fill: 'f', cross: 'x', clear: 'c' };
const VALUE: Record<MarkOp, number> = { fill: FILLED, cross: EMPTY, clear: UNKNOWN };

export function parseMove(text: string, p: Nonogram): Result<NonogramMove> {
  const parts = text.trim().split('+');
  const runs: NonogramRun[] = [];
  for (const part of parts) {
    const r = parseRun(part, text, p);
    if (!r.ok) return r;
    runs.push(r.value);
  }
  const [first, ...also] = runs;
  return ok(also.length === 0 ? first : { ...first, also });
}

function parseRun(part: string, text: string, p: Nonogram): Result<NonogramRun> {
  const m = /^([fxc])(\d+)\.(\d+)(?:-(\d+)\.(\d+))?(p?)(?:@(\d+))?$/.exec(part);
  if (!m) return err(parseError('ERR_MOVE', `bad move "${excerpt(text)}" (expected e.g. f3.4 or x3.4-3.9)`));
  let colour: number | undefined;
  if (m[7] !== undefined) {
    const c = Number(m[7]);
    const most = coloursOf(p);
    if (m[1] !== 'f') return err(parseError('ERR_MOVE', `move "${excerpt(text)}": only a fill has a colour`));
    if (c < 1 || c > most) return err(parseError('ERR_MOVE', `move "${excerpt(text)}": colour ${c} is not one of the puzzle's 1 to ${most}`));
    if (c > 1) colour = c;
  }
  const from = { row: Number(m[2]) - 1, col: Number(m[3]) - 1 };
  const to = m[4] === undefined ? { ...from } : { row: Number(m[4]) - 1, col: Number(m[5]) - 1 };
  for (const c of [from, to]) {
    if (c.row < 0 || c.row >= p.height || c.col < 0 || c.col >= p.width) {
      return err(parseError('ERR_MOVE', `move "${excerpt(text)}" leaves the ${p.width}x${p.height} grid`));
    }
  }
  if (from.row !== to.row && from.col !== to.col) return err(parseError('ERR_MOVE', `move "${excerpt(text)}" is not along one row or column`));
  const run: NonogramRun = { op: OPS[m[1]], from, to, paint: m[6] === 'p' };
  if (colour !== undefined) run.colour = colour;
  return ok(run);
}

function makeRun(m: NonogramRun): string {
  const a = `${m.from.row + 1}.${m.from.col + 1}`;
  const b = m.from.row === m.to.row && m.from.col === m.to.col ? '' : `-${m.to.row + 1}.${m.to.col + 1}`;
  const c = m.op === 'fill' && m.colour !== undefined && m.colour > 1 ? `@${m.colour}` : '';
  return `${CODES[m.op]}${a}${b}${m.paint ? 'p' : ''}${c}`;
}

export function makeMove(m: NonogramMove): string {
  return [m, ...(m.also ?? [])].map(makeRun).join('+');
}

export function startState(p: Nonogram): NonogramState {
  return withColours({ width: p.width, height: p.height, marks: new Uint8Array(p.width * p.height) }, p);
}

function withColours(s: NonogramState, p: Nonogram): NonogramState {
  if (p.colour) s.colours = coloursOf(p);
  return s;
}

/** Applies a move (its runs in order), returning a new state (states are never mutated). */
export function applyMove(s: NonogramState, m: NonogramMove): NonogramState {
  const marks = Uint8Array.from(s.marks);
  markRun(marks, s.width, m);
  for (const r of m.also ?? []) markRun(marks, s.width, r);
  const out: NonogramState = { width: s.width, height: s.height, marks };
  if (s.colours !== undefined) out.colours = s.colours;
  return out;
}

function markRun(marks: Uint8Array, width: number, m: NonogramRun): void {
  const v = m.op === 'fill' ? markOfColour(m.colour ?? 1) : VALUE[m.op];
  const dr = Math.sign(m.to.row - m.from.row);
  const dc = Math.sign(m.to.col - m.from.col);
  const len = Math.max(Math.abs(m.to.row - m.from.row), Math.abs(m.to.col - m.from.col)) + 1;
  for (let k = 0; k < len; k++) {
    const i = (m.from.row + dr * k) * width + (m.from.col + dc * k);
    if (m.paint && marks[i] !== UNKNOWN && marks[i] !== v && v !== UNKNOWN) continue;
    marks[i] = v;
  }
}

/** Won when the filled cells satisfy every clue (any such grid wins, not only the stored one). */
export function isSolved(p: Nonogram, s: NonogramState): boolean {
  const grid = p.colour ? Uint8Array.from(s.marks, colourOfMark) : Uint8Array.from(s.marks, (v) => (v === FILLED ? 1 : 0));
  return verifySolution(p, grid).ok;
}

const MARK_CHARS = ['?', '#', 'x'];

/**
 * Marks as rows of `?` (unknown), `#` (filled) and `x` (crossed), separated by `/`; a colour
 * puzzle's board writes each fill as its colour's character instead (1 to 9, then A to U).
 */
export function makeState(s: NonogramState): string {
  if (s.colours !== undefined) return makeGridText(s.marks, s.width, s.height, (v) => (v === UNKNOWN ? '?' : v === EMPTY ? 'x' : colourChar(colourOfMark(v))));
  return makeGridText(s.marks, s.width, s.height, (v) => MARK_CHARS[v]);
}

export function parseState(text: string, p: Nonogram): Result<NonogramState> {
  const most = coloursOf(p);
  const marks = p.colour
    ? parseGridText(
        text,
        p.width,
        p.height,
        'marks',
        (ch) => {
          if (ch === '?') return UNKNOWN;
          if (ch === 'x') return EMPTY;
          // `#` is colour 1, as a black-and-white board writes it.
          const c = ch === '#' ? 1 : colourOfChar(ch);
          return c >= 1 && c <= most ? markOfColour(c) : null;
        },
        `one of ? x or a colour 1 to ${colourChar(most)}`,
      )
    : parseGridText(
        text,
        p.width,
        p.height,
        'marks',
        (ch) => {
          const v = MARK_CHARS.indexOf(ch);
          return v < 0 ? null : v;
        },
        'one of ? # x',
      );
  return marks.ok ? ok(withColours({ width: p.width, height: p.height, marks: marks.value }, p)) : marks;
}

/** Whether a line's filled cells already spell its clue (a player's view greys such clues); on a colour puzzle, in their colours. */
export function lineSatisfied(p: Nonogram, s: NonogramState, line: 'row' | 'col', index: number): boolean {
  const n = line === 'row' ? p.width : p.height;
  const at = (i: number) => s.marks[line === 'row' ? index * p.width + i : i * p.width + index];
  if (p.colour) {
    const got = colourClueOf(Array.from({ length: n }, (_, i) => colourOfMark(at(i))));
    const [lengths, colours] = line === 'row' ? [p.rows[index], p.colour.rows[index]] : [p.cols[index], p.colour.cols[index]];
    return sameClue(got.lengths, lengths) && sameClue(got.colours, colours);
  }
  const filled = new Uint8Array(n);
  for (let i = 0; i < n; i++) filled[i] = at(i) === FILLED ? 1 : 0;
  return sameClue(lineClue(filled), line === 'row' ? p.rows[index] : p.cols[index]);
}

/**
 * Cells marked against the solution: filled where it is empty, crossed where it is filled, and on
 * a colour puzzle filled in another colour than the solution's.
 */
export function mistakes(p: Nonogram, s: NonogramState, solution: Solution): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.marks.length; i++) {
    const m = s.marks[i];
    if (p.colour) {
      if ((isFill(m) && colourOfMark(m) !== solution[i]) || (m === EMPTY && solution[i] !== 0)) out.push(i);
    } else if ((m === FILLED && solution[i] !== 1) || (m === EMPTY && solution[i] === 1)) out.push(i);
  }
  return out;
}

export const nonogramPlay: CheckablePlayRules<Nonogram, Solution, NonogramState, NonogramMove> = {
  start: startState,
  parseMove,
  makeMove,
  apply: applyMove,
  isSolved,
  makeState,
  parseState,
  mistakes,
  // One mark per cell: fill the solution's filled cells (in their colours), cross the others.
  solutionMoves: (p, s) =>
    Array.from(s, (v, i) => {
      const at = { row: Math.floor(i / p.width), col: i % p.width };
      const run: NonogramMove = { op: v === 0 ? 'cross' : 'fill', from: at, to: { ...at }, paint: false };
      if (v > 1) run.colour = v;
      return run;
    }),
};
