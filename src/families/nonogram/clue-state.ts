import type { LineSolver } from './line.ts';
import { applyMove, type NonogramMove, type NonogramRun, type NonogramState } from './play.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram } from './types.ts';

/**
 * What a player's marks say about one line's clue, for the player's clue cues (filled = filled,
 * crossed = empty, the rest unknown):
 * - `red`: no way of filling the unknown cells fits the clue (the complete line solver finds a
 *   contradiction), so some mark in the line is wrong;
 * - `done`: the filled runs spell the clue exactly (then the only completion leaves every unknown
 *   cell empty, since one more filled cell would change a run or add one);
 * - `placed[j]`: clue number j is placed for sure, by this rule: from each end of the line, skip
 *   crosses; a run of fills that starts there and ends at a cross or the edge is the next block from
 *   that end (nothing before it can hold a block), so it greys that end's next number when its length
 *   matches; carry on past it the same way; stop at the first unknown cell, an unbounded run or a
 *   length that does not match. Everything placed when `done`; nothing when `red`.
 * Every placed number is at the same cells in every completion that fits the clue
 * (clue-state.test.ts checks this against every completion of random short lines).
 */
export interface ClueState {
  red: boolean;
  done: boolean;
  placed: boolean[];
}

/** Reads the clue state of a line's cells `cells[0..n)` (UNKNOWN/FILLED/EMPTY); `solver` is reused scratch. */
export function clueState(solver: LineSolver, clue: readonly number[], cells: ArrayLike<number>, n: number): ClueState {
  const k = clue.length;
  const copy = Uint8Array.from({ length: n }, (_, i) => cells[i]);
  if (solver.solve(clue, copy, n) < 0) return { red: true, done: false, placed: new Array<boolean>(k).fill(false) };
  if (spells(clue, cells, n)) return { red: false, done: true, placed: new Array<boolean>(k).fill(true) };
  const placed = new Array<boolean>(k).fill(false);
  // From the start: blocks 0, 1, ... while each is a run bounded by crosses or the edge.
  let j = 0;
  let i = 0;
  while (j < k) {
    while (i < n && cells[i] === EMPTY) i++;
    if (i >= n || cells[i] !== FILLED) break;
    let e = i;
    while (e < n && cells[e] === FILLED) e++;
    if ((e < n && cells[e] !== EMPTY) || e - i !== clue[j]) break;
    placed[j++] = true;
    i = e;
  }
  // From the end: blocks k-1, k-2, ... the same way.
  let b = k - 1;
  i = n - 1;
  while (b >= 0) {
    while (i >= 0 && cells[i] === EMPTY) i--;
    if (i < 0 || cells[i] !== FILLED) break;
    let s = i;
    while (s >= 0 && cells[s] === FILLED) s--;
    if ((s >= 0 && cells[s] !== EMPTY) || i - s !== clue[b]) break;
    placed[b--] = true;
    i = s;
  }
  return { red: false, done: false, placed };
}

/** Whether the filled runs of `cells[0..n)` are exactly `clue`. */
function spells(clue: readonly number[], cells: ArrayLike<number>, n: number): boolean {
  let j = 0;
  let run = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && cells[i] === FILLED) run++;
    else if (run > 0) {
      if (j >= clue.length || clue[j] !== run) return false;
      j++;
      run = 0;
    }
  }
  return j === clue.length;
}

/** A line of a board's marks: its clue, and its cells' indices in the row-major marks. */
export function lineIndices(p: Nonogram, kind: 'row' | 'col', index: number): { clue: readonly number[]; cells: number[] } {
  const n = kind === 'row' ? p.width : p.height;
  const cells = Array.from({ length: n }, (_, k) => (kind === 'row' ? index * p.width + k : k * p.width + index));
  return { clue: kind === 'row' ? p.rows[index] : p.cols[index], cells };
}

/**
 * The runs of unknown cells in a line whose fills spell its clue (what "auto-cross finished lines"
 * crosses), as [first, last] cell indices along the line; empty when the line is not finished.
 */
export function crossRuns(clue: readonly number[], cells: ArrayLike<number>, n: number): [number, number][] {
  if (!spells(clue, cells, n)) return [];
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    if (cells[i] !== UNKNOWN) continue;
    let e = i;
    while (e + 1 < n && cells[e + 1] === UNKNOWN) e++;
    out.push([i, e]);
    i = e;
  }
  return out;
}

/** The lines a run of a move crosses: its row or column, and each line across it. */
export function runLines(run: NonogramRun): { kind: 'row' | 'col'; index: number }[] {
  const out: { kind: 'row' | 'col'; index: number }[] = [];
  const [r0, r1] = [Math.min(run.from.row, run.to.row), Math.max(run.from.row, run.to.row)];
  const [c0, c1] = [Math.min(run.from.col, run.to.col), Math.max(run.from.col, run.to.col)];
  for (let r = r0; r <= r1; r++) out.push({ kind: 'row', index: r });
  for (let c = c0; c <= c1; c++) out.push({ kind: 'col', index: c });
  return out;
}

/**
 * The player's move with "auto-cross finished lines": when the move fills, every line it touches
 * whose fills then spell its clue has its unknown cells crossed, in the same move (so one undo takes
 * the fill and its crosses back). Other moves, and moves that finish no line, come back as they were.
 */
export function withAutoCross(p: Nonogram, before: NonogramState, move: NonogramMove): NonogramMove {
  if (move.op !== 'fill') return move;
  const after = applyMove(before, move);
  const also: NonogramRun[] = [...(move.also ?? [])];
  const seen = new Set<number>();
  for (const line of runLines(move)) {
    const { clue, cells } = lineIndices(p, line.kind, line.index);
    const marks = cells.map((i) => after.marks[i]);
    for (const [a, b] of crossRuns(clue, marks, cells.length)) {
      // A cell where a row and a column both finish is crossed once.
      const run = cells.slice(a, b + 1).filter((i) => !seen.has(i));
      for (const i of run) seen.add(i);
      for (const [x, y] of consecutive(run, line.kind === 'row' ? 1 : p.width)) {
        also.push({ op: 'cross', from: at(p, x), to: at(p, y), paint: false });
      }
    }
  }
  return also.length === (move.also?.length ?? 0) ? move : { ...move, also };
}

const at = (p: Nonogram, i: number) => ({ row: Math.floor(i / p.width), col: i % p.width });

/** Splits ascending cell indices into runs of `step`-spaced neighbours, as [first, last]. */
function consecutive(cells: number[], step: number): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 0; k < cells.length; k++) {
    let e = k;
    while (e + 1 < cells.length && cells[e + 1] === cells[e] + step) e++;
    out.push([cells[k], cells[e]]);
    k = e;
  }
  return out;
}
