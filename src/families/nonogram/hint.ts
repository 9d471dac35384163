import { Meter, type Budget } from '../../core/budget.ts';
import { DEFAULT_HINT_BUDGET, hintAnswer, type Hint, type HintNone, type HintResult } from '../../core/family.ts';
import { Board } from './board.ts';
import type { NonogramCellChange, NonogramFocus, NonogramLine } from './focus.ts';
import type { NonogramSays, NonogramSaysLine } from './says.ts';
import { LineSolver, simpleLine } from './line.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram } from './types.ts';

const name = (board: Board, l: number): NonogramLine =>
  l < board.height ? { kind: 'row', index: l, label: `row ${l + 1}` } : { kind: 'column', index: l - board.height, label: `column ${l - board.height + 1}` };

const saysLine = (nm: NonogramLine): NonogramSaysLine => ({ kind: nm.kind, index: nm.index });

const clueText = (clue: ArrayLike<number>): string => (clue.length === 0 ? '0' : Array.from(clue).join(' '));

const span = (a: number, b: number): string => (a === b ? `cell ${a + 1}` : `cells ${a + 1}–${b + 1}`);

function changes(board: Board, l: number, before: Uint8Array, after: Uint8Array, n: number): NonogramCellChange[] {
  const out: NonogramCellChange[] = [];
  for (let i = 0; i < n; i++) {
    if (before[i] === after[i]) continue;
    const cell = board.cellOf(l, i);
    out.push({ row: Math.floor(cell / board.width), col: cell % board.width, value: after[i] === FILLED ? 'filled' : 'crossed' });
  }
  return out;
}

/**
 * The next deduction a person can make from the current marks (UNKNOWN/FILLED/EMPTY per cell):
 * simplest technique first (completion, overlap, unreachable cells), then full line logic, then a
 * single-cell contradiction. A mark that makes a line impossible is reported as a mistake. `none` is
 * `solved` when every cell is marked (and no line is broken), `no-step` when nothing single-step
 * follows.
 *
 * Budget: a node is one line solve (simple rules, full line logic) or one trial's propagation; the
 * meter is ticked and its clock read after each, and a trial's propagation reports its line solves to
 * it (`Board.meter`), so a hint stops within one line solve of its deadline and then answers
 * `inconclusive`. Default DEFAULT_HINT_BUDGET.
 */
export function nonogramHint(p: Nonogram, marks: Uint8Array, budget: Budget = DEFAULT_HINT_BUDGET): HintResult<NonogramFocus, NonogramSays> {
  const meter = new Meter(budget);
  return hintAnswer(meter, search(p, marks, meter));
}

type NonogramHint = Hint<NonogramFocus, NonogramSays>;

function search(p: Nonogram, marks: Uint8Array, meter: Meter): NonogramHint | HintNone {
  const step = (): boolean => meter.tick() && meter.check();
  const board = new Board(p);
  const solver = new LineSolver();
  const scratch = new Uint8Array(Math.max(p.width, p.height));
  const grid = Uint8Array.from(marks);
  // 1. Marks that no arrangement of a line's clue allows.
  for (let l = 0; l < board.nLines; l++) {
    const n = board.readLine(grid, l, scratch);
    if (solver.solve(board.clues[l], scratch.slice(0, n), n) < 0) {
      const nm = name(board, l);
      return {
        technique: 'mistake',
        message: `${nm.label}, clue ${clueText(board.clues[l])}: the marks in this line cannot all be right.`,
        focus: { line: nm, cells: [] },
        says: { key: 'mistake', line: saysLine(nm), clue: Array.from(board.clues[l]) },
      };
    }
    if (!step()) return 'no-step';
  }
  if (grid.every((v) => v !== UNKNOWN)) return 'solved';
  // 2. Simple rules, best line first: the most cells, completion before overlap before reach.
  let best: { l: number; score: number; hint: NonogramHint } | null = null;
  for (let l = 0; l < board.nLines; l++) {
    const n = board.readLine(grid, l, scratch);
    const before = scratch.slice(0, n);
    const work = scratch.slice(0, n);
    const d = simpleLine(solver, board.clues[l], work, n);
    // Stopped part way: the best line so far still gives a sound hint.
    if (!step()) return best ? best.hint : 'no-step';
    if (!d || (d.overlap.length === 0 && d.unreachable.length === 0)) continue;
    const cells = changes(board, l, before, work, n);
    const nm = name(board, l);
    const clue = board.clues[l];
    const complete = work.every((v, i) => v !== UNKNOWN || i >= n);
    const line = saysLine(nm);
    const clueList = Array.from(clue);
    let message: string;
    let says: NonogramSays;
    if (complete && before.some((v) => v !== UNKNOWN)) {
      message = `${nm.label}, clue ${clueText(clue)}: only one arrangement fits the marks; complete the line.`;
      says = { key: 'completion', line, clue: clueList };
    } else if (d.overlap.length > 0) {
      const o = d.overlap[0];
      message = `${nm.label}, clue ${clueText(clue)}: the ${clue[o.block]} overlaps itself in ${span(o.from, o.to)}.`;
      says = { key: 'overlap', line, clue: clueList, block: o.block, from: o.from, to: o.to };
    } else {
      const u = d.unreachable;
      message = `${nm.label}, clue ${clueText(clue)}: no block can reach ${u.length === 1 ? `cell ${u[0] + 1}` : `cells ${u.map((x) => x + 1).join(', ')}`}; cross ${u.length === 1 ? 'it' : 'them'} out.`;
      says = { key: 'unreachable', line, clue: clueList, cells: Array.from(u) };
    }
    const technique = says.key;
    const score = cells.length + (technique === 'completion' ? 1000 : technique === 'overlap' ? 100 : 0);
    if (!best || score > best.score) best = { l, score, hint: { technique, message, focus: { line: nm, cells }, says } };
  }
  if (best) return best.hint;
  // 3. Full line logic: every arrangement agrees on some cell.
  for (let l = 0; l < board.nLines; l++) {
    const n = board.readLine(grid, l, scratch);
    const before = scratch.slice(0, n);
    const work = scratch.slice(0, n);
    const fixed = solver.solve(board.clues[l], work, n);
    if (fixed <= 0 && !step()) return 'no-step';
    if (fixed > 0) {
      const cells = changes(board, l, before, work, n);
      const nm = name(board, l);
      const c0 = cells[0];
      const pos = l < board.height ? c0.col : c0.row;
      return {
        technique: 'line logic',
        message: `${nm.label}, clue ${clueText(board.clues[l])}: every arrangement that fits the marks ${c0.value === 'filled' ? 'fills' : 'leaves empty'} cell ${pos + 1}${cells.length > 1 ? ` (and ${cells.length - 1} more)` : ''}.`,
        focus: { line: nm, cells },
        says: { key: 'line logic', line: saysLine(nm), clue: Array.from(board.clues[l]), cell: pos, value: c0.value, more: cells.length - 1 },
      };
    }
  }
  // 4. Single-cell contradiction.
  const trial = new Uint8Array(board.size);
  const seed = new Int32Array(1);
  board.meter = meter;
  for (let c = 0; c < board.size; c++) {
    if (grid[c] !== UNKNOWN) continue;
    for (const v of [FILLED, EMPTY]) {
      if (!step()) return 'no-step';
      trial.set(grid);
      trial[c] = v;
      seed[0] = c;
      // A propagation the meter stopped is no contradiction.
      if (!board.propagate(trial, seed) && meter.stopped === null) {
        const row = Math.floor(c / p.width);
        const col = c % p.width;
        const other: NonogramCellChange = { row, col, value: v === FILLED ? 'crossed' : 'filled' };
        return {
          technique: 'contradiction',
          message: `If row ${row + 1}, column ${col + 1} were ${v === FILLED ? 'filled' : 'empty'}, line logic would reach an impossible line; so it is ${v === FILLED ? 'empty' : 'filled'}.`,
          focus: { line: { kind: 'row', index: row, label: `row ${row + 1}` }, cells: [other] },
          says: { key: 'contradiction', row, col, tried: v === FILLED ? 'filled' : 'empty' },
        };
      }
      if (meter.stopped !== null) return 'no-step';
    }
  }
  return 'no-step';
}
