/**
 * Edge-matching play rules, pure: the player's state is a partial board (a placement or nothing per
 * cell) and the tray of pieces not on it; moves are strings, so undo, redo, save and share are the move
 * list.
 *
 * Cells are named `row.col`, 1-based (`2.3` is row 2, column 3), as the hints name them; pieces by
 * their 0-based index, as the board text and the hints number them; rotations are clockwise quarter
 * turns (types.ts). Moves:
 * - `p7@2.3:1`: put piece 7 on cell 2.3 turned 1 (the rotation is absolute). The piece comes from the
 *   tray or from another cell. On an occupied cell: a piece from another cell **swaps** with the
 *   occupant (which moves to the cell the piece left, keeping its turn); a piece from the tray sends
 *   the occupant **back to the tray**. A piece put on the cell it is on is only turned.
 * - `r2.3` (one quarter turn) or `r2.3+2` (1 to 3 turns): turn the piece on a cell clockwise.
 * - `t2.3`: take the piece on a cell back to the tray.
 * Clues are fixed: the start state holds them and `parseMove` refuses, with a message, any move that
 * would move, turn, take or cover one. A turn or a take on an empty cell changes nothing.
 * The win is judged by the rules (`verifyBoard`: a full board, every joint matched, the frame grey, the
 * clues in place), never by comparison with a stored solution.
 */
import type { CheckablePlayRules } from '../../core/family.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { excerpt } from '../../core/text.ts';
import { boardRowTexts, parseBoardCell } from './formats/index.ts';
import { cellName, clueBoard, verifyBoard } from './puzzle.ts';
import { isRotation, type Board, type Instance, type Placement, type Rotation } from './types.ts';
import { cellDots } from '../../core/grid.ts';

export interface EdgematchState {
  width: number;
  height: number;
  /** Per cell (row-major) the placement, or null. Clue cells always hold their clue. */
  board: readonly (Placement | null)[];
  /** The pieces not on the board, ascending. */
  tray: readonly number[];
  /** The clue cells, ascending: fixed, never moved, turned or taken. */
  clues: readonly number[];
}

/** Cells are row-major indices on a board `width` wide. */
export type EdgematchMove =
  | { kind: 'place'; width: number; piece: number; cell: number; rotation: Rotation }
  | { kind: 'rotate'; width: number; cell: number; turns: 1 | 2 | 3 }
  | { kind: 'take'; width: number; cell: number };

const name = (cell: number, w: number): string => cellDots(cell, w);

function cellOf(row: string, col: string, p: Instance): number | null {
  const r = Number(row) - 1;
  const c = Number(col) - 1;
  if (r < 0 || r >= p.height || c < 0 || c >= p.width) return null;
  return r * p.width + c;
}

const MOVE_SYNTAX = 'expected p<piece>@<row>.<col>:<rotation> (place), r<row>.<col>[+<turns>] (turn) or t<row>.<col> (take)';

export function parseMove(text: string, p: Instance): Result<EdgematchMove> {
  const t = text.trim();
  const w = p.width;
  const bad = (why: string) => err(parseError('ERR_MOVE', `bad move "${excerpt(t)}": ${why}`));
  const offBoard = (r: string, c: string) =>
    bad(`${r}.${c} is not a cell of the ${p.width}x${p.height} board (rows 1 to ${p.height}, columns 1 to ${p.width})`);
  const clueAt = (cell: number) => p.clues.find((c) => c.cell === cell);
  let m = /^p(\d{1,6})@(\d{1,4})\.(\d{1,4}):(\d{1,2})$/.exec(t);
  if (m) {
    const piece = Number(m[1]);
    const rotation = Number(m[4]);
    if (piece >= p.pieces.length) return bad(`there is no piece ${piece} (pieces are 0 to ${p.pieces.length - 1})`);
    const cell = cellOf(m[2], m[3], p);
    if (cell === null) return offBoard(m[2], m[3]);
    if (!isRotation(rotation)) return bad(`rotation ${rotation} is not 0 to 3 (clockwise quarter turns)`);
    const own = p.clues.find((c) => c.piece === piece);
    if (own) return bad(`piece ${piece} is a clue, fixed at ${cellName(w, own.cell)}`);
    const clue = clueAt(cell);
    if (clue) return bad(`${cellName(w, cell)} holds a clue (piece ${clue.piece}), which cannot be covered`);
    return ok({ kind: 'place', width: w, piece, cell, rotation });
  }
  m = /^([rt])(\d{1,4})\.(\d{1,4})(?:\+(\d{1,2}))?$/.exec(t);
  if (m) {
    const cell = cellOf(m[2], m[3], p);
    if (cell === null) return offBoard(m[2], m[3]);
    if (m[1] === 't' && m[4] !== undefined) return bad('a take has no turns');
    const turns = m[4] === undefined ? 1 : Number(m[4]);
    if (turns < 1 || turns > 3) return bad(`${turns} turns: a turn is 1 to 3 clockwise quarter turns`);
    const clue = clueAt(cell);
    if (clue) return bad(`${cellName(w, cell)} holds a clue (piece ${clue.piece}), which cannot be ${m[1] === 'r' ? 'turned' : 'taken'}`);
    return ok(m[1] === 'r' ? { kind: 'rotate', width: w, cell, turns: turns as 1 | 2 | 3 } : { kind: 'take', width: w, cell });
  }
  return bad(MOVE_SYNTAX);
}

export function makeMove(m: EdgematchMove): string {
  switch (m.kind) {
    case 'place':
      return `p${m.piece}@${name(m.cell, m.width)}:${m.rotation}`;
    case 'rotate':
      return `r${name(m.cell, m.width)}${m.turns === 1 ? '' : `+${m.turns}`}`;
    case 'take':
      return `t${name(m.cell, m.width)}`;
  }
}

/** The pieces not on `board`, ascending. */
function trayOf(board: readonly (Placement | null)[], pieces: number): number[] {
  const on = new Uint8Array(pieces);
  for (const pl of board) if (pl) on[pl.piece] = 1;
  const tray: number[] = [];
  for (let k = 0; k < pieces; k++) if (!on[k]) tray.push(k);
  return tray;
}

export function startState(p: Instance): EdgematchState {
  const board = clueBoard(p);
  return { width: p.width, height: p.height, board, tray: trayOf(board, p.pieces.length), clues: p.clues.map((c) => c.cell) };
}

/**
 * Applies a move, returning a new state (states are never mutated). A move on a clue (which
 * `parseMove` refuses) changes nothing, nor does a turn or take on an empty cell.
 */
export function applyMove(s: EdgematchState, m: EdgematchMove): EdgematchState {
  const n = s.width * s.height;
  if (m.cell < 0 || m.cell >= n || s.clues.includes(m.cell)) return s;
  const board = s.board.slice();
  const here = board[m.cell];
  if (m.kind === 'rotate') {
    if (!here) return s;
    board[m.cell] = { piece: here.piece, rotation: ((here.rotation + m.turns) & 3) as Rotation };
    return { ...s, board };
  }
  if (m.kind === 'take') {
    if (!here) return s;
    board[m.cell] = null;
    return { ...s, board, tray: trayOf(board, n) };
  }
  if (m.piece < 0 || m.piece >= n) return s;
  const from = board.findIndex((pl) => pl !== null && pl.piece === m.piece);
  if (from >= 0 && s.clues.includes(from)) return s;
  // From another cell: the occupant (if any) takes its place; from the tray: the occupant goes back.
  if (from >= 0 && from !== m.cell) board[from] = here;
  board[m.cell] = { piece: m.piece, rotation: m.rotation };
  return { ...s, board, tray: trayOf(board, n) };
}

/** Solved by the rules: a full board, every joint matched, grey on the frame, the clues in place. */
export function isSolved(p: Instance, s: EdgematchState): boolean {
  return verifyBoard(p, s.board).ok;
}

/** Cells whose placement differs from the solution's (piece or turn); empty cells never count. */
export function mistakes(_p: Instance, s: EdgematchState, solution: Board): number[] {
  const out: number[] = [];
  s.board.forEach((pl, cell) => {
    const want = solution[cell];
    if (pl && (!want || want.piece !== pl.piece || want.rotation !== pl.rotation)) out.push(cell);
  });
  return out;
}

/**
 * The board as one line: rows top to bottom separated by `/`, cells left to right separated by
 * spaces, each `piece:rotation` or `.` when empty (the board text of formats/index.ts without its size
 * line), e.g. `3:0 . 5:2/. 1:1 .`. The tray is what the board leaves out.
 */
export function makeState(s: EdgematchState): string {
  return boardRowTexts(s.width, s.height, s.board).join('/');
}

export function parseState(text: string, p: Instance): Result<EdgematchState> {
  const bad = (code: 'ERR_LINE_COUNT' | 'ERR_SIZE' | 'ERR_SYNTAX' | 'ERR_NUMBER' | 'ERR_CLUE', why: string) => err(parseError(code, why));
  const rows = text.trim().split('/');
  if (rows.length !== p.height) return bad('ERR_LINE_COUNT', `the board has ${rows.length} rows, the puzzle ${p.height}`);
  const board: (Placement | null)[] = [];
  const seen = new Map<number, number>();
  for (let r = 0; r < p.height; r++) {
    const toks = rows[r].trim().split(/\s+/);
    if (toks.length !== p.width) return bad('ERR_SIZE', `row ${r + 1} of the board has ${toks.length} cells, the puzzle ${p.width}`);
    for (let c = 0; c < p.width; c++) {
      const cell = r * p.width + c;
      const parsed = parseBoardCell(toks[c], p.pieces.length);
      if (!parsed.ok) return bad(parsed.code, `${cellName(p.width, cell)}: ${parsed.why}`);
      board.push(parsed.value);
      if (parsed.value === null) continue;
      const { piece } = parsed.value;
      const prev = seen.get(piece);
      if (prev !== undefined) return bad('ERR_SYNTAX', `piece ${piece} is on the board twice (${cellName(p.width, prev)} and ${cellName(p.width, cell)})`);
      seen.set(piece, cell);
    }
  }
  for (const cl of p.clues) {
    const pl = board[cl.cell];
    if (!pl || pl.piece !== cl.piece || pl.rotation !== cl.rotation) {
      return bad(
        'ERR_CLUE',
        `${cellName(p.width, cl.cell)} must hold its clue, piece ${cl.piece} turned ${cl.rotation}; the board has ${pl ? `piece ${pl.piece} turned ${pl.rotation}` : 'nothing'} there`,
      );
    }
  }
  return ok({ width: p.width, height: p.height, board, tray: trayOf(board, p.pieces.length), clues: p.clues.map((c) => c.cell) });
}

export const edgematchPlay: CheckablePlayRules<Instance, Board, EdgematchState, EdgematchMove> = {
  start: startState,
  parseMove,
  makeMove,
  apply: applyMove,
  isSolved,
  makeState,
  parseState,
  mistakes,
  // Every piece the clues do not place, from the tray to its cell, turned as in the solution.
  solutionMoves: (p, s) => {
    const clued = new Set(p.clues.map((c) => c.cell));
    return s.flatMap((pl, cell) =>
      pl === null || clued.has(cell) ? [] : [{ kind: 'place' as const, width: p.width, piece: pl.piece, cell, rotation: pl.rotation }],
    );
  },
};
