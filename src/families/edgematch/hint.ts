/**
 * Edge-matching hints: the next step from a player's partial board (which may hold mistakes), with why.
 * 1. A placement the (unique) solution does not have (wrong piece, wrong turn, or a piece the player
 *    placed twice) is a mistake, named first.
 * 2. "Only one fits this cell": an empty cell where one unplaced piece, in one rotation, matches the
 *    frame and the placed neighbours. "Only one place for this piece": an unplaced piece that fits one
 *    empty cell only, in one rotation.
 * 3. The same after rule (c) of deduce.ts: candidates that would leave nothing to fit beside them are
 *    set aside first ("nothing fits beside").
 * 4. "Trial": assuming some candidate runs into a contradiction; without it (and any further such
 *    trials, up to a few) a cell or a piece has one candidate left.
 * 5. "Reveal": when none of these finds a step, the solution's placement at the empty cell with the
 *    fewest candidates.
 * Every hint is checked against the solution before it is given. `none` when the board is solved, or
 * when the puzzle has not exactly one solution (none to compare with).
 *
 * Budget (default DEFAULT_HINT_BUDGET): the certifying count (when no solution is handed in) charges
 * the hint's meter; each trial tried is then one node, the clock read between trials. Out of budget,
 * the answer is `inconclusive`.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { DEFAULT_HINT_BUDGET, hintAnswer, type Hint, type HintNone, type HintResult } from '../../core/family.ts';
import { Deducer } from './deduce.ts';
import type { EdgematchCellPlacement, EdgematchFocus } from './focus.ts';
import type { EdgematchSays, EdgematchSaysPlacement } from './says.ts';
import { cellName, verifyBoard } from './puzzle.ts';
import type { Board, Instance, Placement } from './types.ts';
import { countBacktrack } from './backtrack.ts';

/** Trials a hint may try (a fixed cap). */
export const HINT_TRIALS_PER_CELL = 40;
/** Concluded trials a hint may chain before it reveals instead. */
export const HINT_MAX_CHAIN = 4;

/** A placement's turn in brackets, for the messages: "(not turned)", "(turned 1 quarter turn clockwise)". */
const turn = (r: number): string => (r === 0 ? '(not turned)' : `(turned ${r} quarter turn${r > 1 ? 's' : ''} clockwise)`);
const focusOf = (cell: number, w: number, pl: Placement): EdgematchFocus => ({
  cell,
  row: Math.floor(cell / w),
  col: cell % w,
  piece: pl.piece,
  rotation: pl.rotation,
});
/** A placement at a cell, as a hint's `says` names it. */
const placed = (cell: number, w: number, pl: Placement): EdgematchSaysPlacement => ({
  piece: pl.piece,
  rotation: pl.rotation,
  row: Math.floor(cell / w),
  col: cell % w,
});
type EdgematchHint = Hint<EdgematchFocus, EdgematchSays>;
/** What a trial hint adds to its focus. */
type TrialFocus = Pick<EdgematchFocus, 'trial' | 'trials'>;
const same = (a: Placement | null | undefined, b: Placement | null | undefined): boolean => !!a && !!b && a.piece === b.piece && a.rotation === b.rotation;

export interface EdgematchHintOptions {
  /** The puzzle's unique solution, when the caller has it (else a count certifies it). */
  solution?: Board;
  budget?: Budget;
}

export function edgematchHint(inst: Instance, board: Board, options: EdgematchHintOptions = {}): HintResult<EdgematchFocus, EdgematchSays> {
  const meter = new Meter(options.budget ?? DEFAULT_HINT_BUDGET);
  if (verifyBoard(inst, board).ok) return hintAnswer(meter, 'solved');
  let sol = options.solution;
  if (!sol) {
    const v = countBacktrack(inst, { budget: meter.remaining() });
    meter.tick(v.stats.nodes);
    if (v.kind === 'inconclusive') return { kind: 'inconclusive', stop: v.stop, stats: meter.stats() };
    if (v.kind !== 'unique') return hintAnswer(meter, v.kind === 'none' ? 'no-solution' : 'several-solutions');
    sol = v.solution;
  }
  return hintAnswer(meter, search(inst, board, sol, meter));
}

function search(inst: Instance, board: Board, sol: Board, meter: Meter): EdgematchHint | HintNone {
  const w = inst.width;
  const n = w * inst.height;
  // 1. Mistakes.
  for (let c = 0; c < n; c++) {
    const pl = board[c];
    if (pl && !same(pl, sol[c])) {
      return {
        technique: 'mistake',
        message: `Piece ${pl.piece} ${turn(pl.rotation)} at ${cellName(w, c)} is not part of the solution.`,
        focus: focusOf(c, w, pl),
        says: { key: 'mistake', ...placed(c, w, pl) },
      };
    }
  }
  if (board.length === n && board.every((p) => p)) return 'solved';
  /** `says` of a single: the placement's words, given its form (cell or piece) and where it stands. */
  type SaysOf = (form: 'cell' | 'piece', at: EdgematchSaysPlacement) => EdgematchSays;
  const hintOf = (d: Deducer, o: number, kind: 'cell' | 'piece', says: SaysOf, why: string, extra: TrialFocus = {}): EdgematchHint | null => {
    const { cell, piece, rotation } = d.option(o);
    if (!same({ piece, rotation }, sol[cell])) return null;
    const message =
      kind === 'cell'
        ? `Only piece ${piece} ${turn(rotation)} fits ${cellName(w, cell)}${why}.`
        : `Piece ${piece} fits only one place${why}: ${cellName(w, cell)} ${turn(rotation)}.`;
    const said = says(kind, placed(cell, w, { piece, rotation }));
    return { technique: said.key, message, focus: { ...focusOf(cell, w, { piece, rotation }), ...extra }, says: said };
  };
  const first = (d: Deducer, says: SaysOf, why: string, extra?: TrialFocus): EdgematchHint | null => {
    for (const s of d.singles()) {
      const h = hintOf(d, s.option, s.kind, says, why, extra);
      if (h) return h;
    }
    return null;
  };
  // 2. Singles from the frame and the placed neighbours alone.
  const plain = new Deducer(inst, { neighbourRule: false });
  if (!plain.load(board)) return 'no-step';
  const h2 = first(plain, (form, at) => ({ key: form === 'cell' ? 'only one fits' : 'only one place', ...at }), '');
  if (h2) return h2;
  // 3. After setting aside candidates with nothing to fit beside them.
  const d = new Deducer(inst);
  if (!d.load(board) || !d.narrow()) return 'no-step';
  const h3 = first(
    d,
    (form, at) => ({ key: 'nothing fits beside', form, ...at }),
    ' once candidates that would leave no piece to fit beside them are set aside',
  );
  if (h3) return h3;
  // 4. Trials.
  const refuted: Placement[] = [];
  let firstTrial: EdgematchCellPlacement | null = null;
  // One node per trial tried, the clock read before each.
  const stop = (): boolean => !(meter.tick() && meter.check());
  for (let chain = 0; chain < HINT_MAX_CHAIN; chain++) {
    const o = d.findTrial(HINT_TRIALS_PER_CELL * n, { n: 0 }, stop);
    if (o < 0 && meter.stopped) return 'no-step';
    if (o < 0) break;
    const t = d.option(o);
    if (same(t, sol[t.cell])) return 'no-step'; // cannot happen: trials are sound
    firstTrial ??= t;
    refuted.push(t);
    d.eliminate(o);
    if (!d.narrow()) return 'no-step';
    const ft = firstTrial;
    const why = ` (suppose piece ${ft.piece} ${turn(ft.rotation)} were at ${cellName(w, ft.cell)}: the pieces around it run into a contradiction, so it is not there${refuted.length > 1 ? `, and ${refuted.length - 1} more such trial${refuted.length > 2 ? 's' : ''}` : ''})`;
    const tried = placed(ft.cell, w, ft);
    const more = refuted.length - 1;
    const h4 = first(d, (form, at) => ({ key: 'trial', form, tried, more, ...at }), why, {
      trial: { cell: ft.cell, piece: ft.piece, rotation: ft.rotation },
      trials: refuted.length,
    });
    if (h4) return h4;
  }
  // 5. Reveal at the empty cell with the fewest candidates.
  let best = -1;
  let fewest = Infinity;
  for (let c = 0; c < n; c++) {
    if (board[c]) continue;
    const k = d.cellCandidates(c).length;
    if (k < fewest) {
      fewest = k;
      best = c;
    }
  }
  if (best < 0) return 'solved';
  const pl = sol[best]!;
  return {
    technique: 'reveal',
    message: `No short deduction is in sight; the solution has piece ${pl.piece} ${turn(pl.rotation)} at ${cellName(w, best)}.`,
    focus: focusOf(best, w, pl),
    says: { key: 'reveal', ...placed(best, w, pl) },
  };
}
