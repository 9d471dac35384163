import type { CheckablePlayRules } from '../../core/family.ts';
import { makeGridText, parseGridText } from '../../core/grid-text.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { excerpt } from '../../core/text.ts';
import { lineClue, sameClue, verifySolution } from './puzzle.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

/** A player's board: one mark per cell (UNKNOWN, FILLED or EMPTY = crossed). */
export interface NonogramState {
  width: number;
  height: number;
  marks: Uint8Array;
}

export type MarkOp = 'fill' | 'cross' | 'clear';

/**
 * A move marks a straight run of cells (a click is a run of one; a drag along a row or column is
 * longer). `paint` moves leave cells already marked otherwise untouched, as a drag does.
 * String form: `f3.4` (fill row 3, column 4; 1-based), `x3.4-3.9` (cross a run), `c2.2`, and
 * with a `p` suffix for paint: `f3.4-3.9p`. A move may carry more runs after `+`, marked in the same
 * step (one undo takes them all back): `f3.4-3.9p+x3.1-3.3+x3.10` is a fill and the crosses the
 * player's "auto-cross finished lines" adds to it.
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
  const m = /^([fxc])(\d+)\.(\d+)(?:-(\d+)\.(\d+))?(p?)$/.exec(part);
  if (!m) return err(parseError('ERR_MOVE', `bad move "${excerpt(text)}" (expected e.g. f3.4 or x3.4-3.9)`));
  const from = { row: Number(m[2]) - 1, col: Number(m[3]) - 1 };
  const to = m[4] === undefined ? { ...from } : { row: Number(m[4]) - 1, col: Number(m[5]) - 1 };
  for (const c of [from, to]) {
    if (c.row < 0 || c.row >= p.height || c.col < 0 || c.col >= p.width) {
      return err(parseError('ERR_MOVE', `move "${excerpt(text)}" leaves the ${p.width}x${p.height} grid`));
    }
  }
  if (from.row !== to.row && from.col !== to.col) return err(parseError('ERR_MOVE', `move "${excerpt(text)}" is not along one row or column`));
  return ok({ op: OPS[m[1]], from, to, paint: m[6] === 'p' });
}

function makeRun(m: NonogramRun): string {
  const a = `${m.from.row + 1}.${m.from.col + 1}`;
  const b = m.from.row === m.to.row && m.from.col === m.to.col ? '' : `-${m.to.row + 1}.${m.to.col + 1}`;
  return `${CODES[m.op]}${a}${b}${m.paint ? 'p' : ''}`;
}

export function makeMove(m: NonogramMove): string {
  return [m, ...(m.also ?? [])].map(makeRun).join('+');
}

export function startState(p: Nonogram): NonogramState {
  return { width: p.width, height: p.height, marks: new Uint8Array(p.width * p.height) };
}

/** Applies a move (its runs in order), returning a new state (states are never mutated). */
export function applyMove(s: NonogramState, m: NonogramMove): NonogramState {
  const marks = Uint8Array.from(s.marks);
  markRun(marks, s.width, m);
  for (const r of m.also ?? []) markRun(marks, s.width, r);
  return { width: s.width, height: s.height, marks };
}

function markRun(marks: Uint8Array, width: number, m: NonogramRun): void {
  const v = VALUE[m.op];
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
  const grid = Uint8Array.from(s.marks, (v) => (v === FILLED ? 1 : 0));
  return verifySolution(p, grid).ok;
}

const MARK_CHARS = ['?', '#', 'x'];

/** Marks as rows of `?` (unknown), `#` (filled) and `x` (crossed), separated by `/`. */
export function makeState(s: NonogramState): string {
  return makeGridText(s.marks, s.width, s.height, (v) => MARK_CHARS[v]);
}

export function parseState(text: string, p: Nonogram): Result<NonogramState> {
  const marks = parseGridText(
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
  return marks.ok ? ok({ width: p.width, height: p.height, marks: marks.value }) : marks;
}

/** Whether a line's filled cells already spell its clue (a player's view greys such clues). */
export function lineSatisfied(p: Nonogram, s: NonogramState, line: 'row' | 'col', index: number): boolean {
  const n = line === 'row' ? p.width : p.height;
  const filled = new Uint8Array(n);
  for (let i = 0; i < n; i++) filled[i] = s.marks[line === 'row' ? index * p.width + i : i * p.width + index] === FILLED ? 1 : 0;
  return sameClue(lineClue(filled), line === 'row' ? p.rows[index] : p.cols[index]);
}

/** Cells marked against the solution: filled where it is empty, crossed where it is filled. */
export function mistakes(_p: Nonogram, s: NonogramState, solution: Solution): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.marks.length; i++) {
    const m = s.marks[i];
    if ((m === FILLED && solution[i] !== 1) || (m === EMPTY && solution[i] === 1)) out.push(i);
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
  // One mark per cell: fill the solution's filled cells, cross the others.
  solutionMoves: (p, s) =>
    Array.from(s, (v, i) => {
      const at = { row: Math.floor(i / p.width), col: i % p.width };
      return { op: v === 1 ? 'fill' : 'cross', from: at, to: { ...at }, paint: false };
    }),
};
