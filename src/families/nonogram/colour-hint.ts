/**
 * Hints for colour nonograms (issue 20): the next deduction a person can make from the marks, with
 * the technique named, as nonogramHint does for black and white. Simplest first: a line whose marks
 * fit no placement of its colour clue (a mistake); a line whose marks leave one placement (completion);
 * on a line with no marks, a block that overlaps itself between its leftmost and rightmost places
 * (colour overlap: blocks pack with a gap only between two of one colour);
 * colour line logic (every placement of one line's clue that fits its marks agrees on a cell: its
 * colour, or empty); a colour contradiction (every value of a cell but one makes line logic on the
 * whole board reach an impossible line). `none` is `solved` when every cell is marked and no line is
 * broken, `no-step` when nothing single-step follows.
 *
 * A mark is a cell mask as colour-line.ts reads it: unknown is every value, crossed the background,
 * a fill its colour's bit. Budget: a node is one line solve, or one trial's propagation (whose line
 * solves report their work to the meter); a meter that stops answers `inconclusive`, never `none`.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { DEFAULT_HINT_BUDGET, hintAnswer, type Hint, type HintNone, type HintResult } from '../../core/family.ts';
import { colourLogicOf, type ColourPuzzle } from './colour.ts';
import { BACKGROUND, solveColourLine, type ColourClue } from './colour-line.ts';
import { allValues, propagateColour } from './colour-propagate.ts';
import type { NonogramCellChange, NonogramFocus, NonogramLine } from './focus.ts';
import { colourOfMark } from './play.ts';
import type { NonogramSays } from './says.ts';
import { EMPTY, UNKNOWN } from './types.ts';

type ColourHint = Hint<NonogramFocus, NonogramSays>;

const single = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;
const valueOfMask = (m: number): number => (m === BACKGROUND ? 0 : 31 - Math.clz32(m));

/** The cell masks of a board of marks. */
export function masksOfMarks(p: ColourPuzzle, marks: ArrayLike<number>): Uint32Array {
  const all = allValues(p.colour.palette.length - 1);
  return Uint32Array.from(marks, (v) => (v === UNKNOWN ? all : v === EMPTY ? BACKGROUND : (1 << colourOfMark(v)) >>> 0));
}

export function colourHint(p: ColourPuzzle, marks: Uint8Array, budget: Budget = DEFAULT_HINT_BUDGET): HintResult<NonogramFocus, NonogramSays> {
  const meter = new Meter(budget);
  return hintAnswer(meter, search(p, marks, meter));
}

/**
 * On a line of `n` cells with no marks, where each block overlaps itself: its leftmost place (the
 * blocks packed to the left, a gap only between two consecutive blocks of one colour) and its
 * rightmost place share cells `from` to `to`. Null when no block does.
 */
export function overlaps(clue: ColourClue, n: number): { block: number; from: number; to: number }[] | null {
  const { lengths, colours } = clue;
  const k = lengths.length;
  const left = new Array<number>(k);
  let at = 0;
  for (let b = 0; b < k; b++) {
    if (b > 0) at += lengths[b - 1] + (colours[b] === colours[b - 1] ? 1 : 0);
    left[b] = at;
  }
  const right = new Array<number>(k);
  at = n;
  for (let b = k - 1; b >= 0; b--) {
    at -= lengths[b] + (b < k - 1 && colours[b] === colours[b + 1] ? 1 : 0);
    right[b] = at;
  }
  const out: { block: number; from: number; to: number }[] = [];
  for (let b = 0; b < k; b++) {
    const from = right[b];
    const to = left[b] + lengths[b] - 1;
    if (from <= to) out.push({ block: b, from, to });
  }
  return out.length > 0 ? out : null;
}

function search(p: ColourPuzzle, marks: Uint8Array, meter: Meter): ColourHint | HintNone {
  const { width: W, height: H } = p;
  const step = (): boolean => meter.tick() && meter.check();
  const logic = colourLogicOf(p);
  const masks = masksOfMarks(p, marks);
  const names = p.colour.palette.map((c) => c.name);
  const nLines = H + W;
  const lineName = (l: number): NonogramLine =>
    l < H ? { kind: 'row', index: l, label: `row ${l + 1}` } : { kind: 'column', index: l - H, label: `column ${l - H + 1}` };
  const cellOf = (l: number, t: number): number => (l < H ? l * W + t : t * W + (l - H));
  const clueOf = (l: number) => (l < H ? logic.rows[l] : logic.cols[l - H]);
  const clueText = (l: number): string => {
    const c = clueOf(l);
    return c.lengths.length === 0 ? '0' : c.lengths.map((n, b) => `${n} ${names[c.colours[b]]}`).join(', ');
  };
  const says = (l: number) => {
    const nm = lineName(l);
    const c = clueOf(l);
    return { line: { kind: nm.kind, index: nm.index }, clue: [...c.lengths], colours: c.colours.map((k) => names[k]) };
  };
  const solveLine = (l: number): { before: Uint32Array; after: Uint32Array | null } => {
    const n = l < H ? W : H;
    const before = new Uint32Array(n);
    for (let t = 0; t < n; t++) before[t] = masks[cellOf(l, t)];
    return { before, after: solveColourLine(before, clueOf(l)) };
  };
  const change = (cell: number, m: number): NonogramCellChange => {
    const v = valueOfMask(m);
    const row = Math.floor(cell / W);
    const col = cell % W;
    return v === 0 ? { row, col, value: 'crossed' } : { row, col, value: 'filled', colour: v };
  };

  // 1. A line whose marks fit no placement of its clue.
  for (let l = 0; l < nLines; l++) {
    if (solveLine(l).after === null) {
      const nm = lineName(l);
      return {
        technique: 'mistake',
        message: `${nm.label}, clue ${clueText(l)}: the marks in this line cannot all be right.`,
        focus: { line: nm, cells: [] },
        says: { key: 'mistake', ...says(l) },
      };
    }
    if (!step()) return 'no-step';
  }
  if (marks.every((v) => v !== UNKNOWN)) return 'solved';

  // 2. Completion, then overlap on an empty line, then colour line logic: the line that settles the
  //    most unmarked cells, the simpler technique first.
  let best: { score: number; hint: ColourHint } | null = null;
  for (let l = 0; l < nLines; l++) {
    const { before, after } = solveLine(l);
    if (!step()) return best ? best.hint : 'no-step';
    if (after === null) continue;
    const cells: NonogramCellChange[] = [];
    for (let t = 0; t < before.length; t++) if (!single(before[t]) && single(after[t])) cells.push(change(cellOf(l, t), after[t]));
    if (cells.length === 0) continue;
    const nm = lineName(l);
    const complete = after.every(single) && before.some(single);
    const over = before.some(single) ? null : overlaps(clueOf(l), before.length);
    const score = cells.length + (complete ? 1000 : over ? 100 : 0);
    if (best && best.score >= score) continue;
    if (over && !complete) {
      const o = over[0];
      const clue = clueOf(l);
      const oc: NonogramCellChange[] = [];
      for (const { block, from, to } of over) for (let t = from; t <= to; t++) oc.push(change(cellOf(l, t), (1 << clue.colours[block]) >>> 0));
      const span = o.from === o.to ? `cell ${o.from + 1}` : `cells ${o.from + 1}–${o.to + 1}`;
      best = {
        score: oc.length + 100,
        hint: {
          technique: 'colour overlap',
          message: `${nm.label}, clue ${clueText(l)}: the ${clue.lengths[o.block]} ${names[clue.colours[o.block]]} overlaps itself in ${span}.`,
          focus: { line: nm, cells: oc },
          says: { key: 'colour overlap', ...says(l), block: o.block, from: o.from, to: o.to },
        },
      };
      continue;
    }
    if (complete) {
      best = {
        score,
        hint: {
          technique: 'colour completion',
          message: `${nm.label}, clue ${clueText(l)}: only one arrangement fits the marks; complete the line.`,
          focus: { line: nm, cells },
          says: { key: 'colour completion', ...says(l) },
        },
      };
      continue;
    }
    const c0 = cells[0];
    const pos = l < H ? c0.col : c0.row;
    const colour = c0.colour === undefined ? undefined : names[c0.colour];
    best = {
      score,
      hint: {
        technique: 'colour line logic',
        message: `${nm.label}, clue ${clueText(l)}: every arrangement that fits the marks ${colour === undefined ? 'leaves' : 'makes'} cell ${pos + 1} ${colour ?? 'empty'}${cells.length > 1 ? ` (and settles ${cells.length - 1} more)` : ''}.`,
        focus: { line: nm, cells },
        says: { key: 'colour line logic', ...says(l), cell: pos, value: c0.value, ...(colour === undefined ? {} : { colour }), more: cells.length - 1 },
      },
    };
  }
  if (best) return best.hint;

  // 3. A colour contradiction: every value of a cell but one breaks a line under line logic on the whole board.
  const trial = new Uint32Array(masks.length);
  for (let c = 0; c < masks.length; c++) {
    if (single(masks[c])) continue;
    let alive = 0;
    for (let v = 0; v < names.length && alive !== -1; v++) {
      const bit = (1 << v) >>> 0;
      if (!(masks[c] & bit)) continue;
      if (!meter.tick(1)) return 'no-step';
      trial.set(masks);
      trial[c] = bit;
      const r = propagateColour(logic, trial, meter, 'work');
      if (r.state === 'stopped' || !meter.check()) return 'no-step';
      if (r.state === 'contradiction') continue;
      // A second value survives: no single-cell step here.
      alive = alive === 0 ? bit : -1;
    }
    if (alive === 0 || alive === -1) continue;
    const row = Math.floor(c / W);
    const col = c % W;
    const v = valueOfMask(alive);
    const colour = v === 0 ? undefined : names[v];
    return {
      technique: 'colour contradiction',
      message:
        colour === undefined
          ? `If row ${row + 1}, column ${col + 1} were any colour, line logic would reach an impossible line; so it is empty.`
          : `If row ${row + 1}, column ${col + 1} were empty or another colour, line logic would reach an impossible line; so it is ${colour}.`,
      focus: { line: { kind: 'row', index: row, label: `row ${row + 1}` }, cells: [change(c, alive)] },
      says: { key: 'colour contradiction', row, col, ...(colour === undefined ? {} : { colour }) },
    };
  }
  return 'no-step';
}
