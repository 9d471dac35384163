/**
 * An edge-matching instance as an exact cover problem with colours (core `xcc.ts`, Knuth's Algorithm C).
 *
 * Items:
 * - primary: every cell (`0 .. n-1`) and every piece (`n .. 2n-1`): each covered exactly once;
 * - secondary: every interior joint (the touching sides of two cells), numbered in row-major order of
 *   the cell west or north of it, its E joint before its S joint; coloured by the colour shown across
 *   it. A joint is never grey, so colours are the puzzle's colours themselves (all ≥ 1).
 * Options: one per (cell, piece, rotation) that fits the frame (grey sides exactly on the cell's rim
 * sides, so rim cells take rim pieces turned the one right way) and the clues (a clued cell takes only
 * its clue, a clued piece goes only to its clue's cell). Each option covers its cell, its piece and the
 * cell's joints coloured by what the turned piece shows on them; Algorithm C's purification then keeps
 * only neighbours that show the same colour.
 *
 * What counts as a distinct solution: a **board**, i.e. per cell a piece index and a rotation. So
 * - two identical pieces (same colours up to rotation) swapped give two boards: such an instance is
 *   never unique;
 * - a piece with rotational symmetry (N = S and E = W, or all four sides equal) placed in two rotations
 *   that show the same colours gives two boards too: never unique either.
 * That is what the independent verifier checks and what a player enters, so counts agree with a plain
 * enumeration of boards. The playable generator plants only distinct, non-symmetric pieces (see
 * `pieceSymmetries`), for which a board and the picture it shows are the same thing.
 *
 * Every option is (cell, piece, rotation), so a solution decodes to a Board directly. Budget: the core
 * engine's nodes (one per option tried).
 */
import type { Budget, Meter } from '../../core/budget.ts';
import { XccProblem, type XccEnumeration } from '../../core/xcc.ts';
import type { FindResult, Verdict } from '../../core/verdict.ts';
import { framePlacements, jointSlot, neighbour, pieceKey, rotatePiece, shownColour } from './puzzle.ts';
import { isRotation, type Board, type Instance, type Placement, type Rotation } from './types.ts';

export interface EdgematchModel {
  problem: XccProblem;
  /** Option k places piece `piece[k]` at cell `cell[k]` turned `rotation[k]`. */
  cell: Int32Array;
  piece: Int32Array;
  rotation: Int32Array;
  /** Interior joints: `joint[2·cell + 0]` is the cell's E joint, `joint[2·cell + 1]` its S joint (-1 none). */
  joint: Int32Array;
  joints: number;
}

/** The secondary-item numbering of the interior joints (see the header). */
export function jointIndex(width: number, height: number): { joint: Int32Array; joints: number } {
  const n = width * height;
  const joint = new Int32Array(2 * n).fill(-1);
  let joints = 0;
  for (let c = 0; c < n; c++) {
    if (neighbour(width, height, c, 1) >= 0) joint[2 * c] = joints++;
    if (neighbour(width, height, c, 2) >= 0) joint[2 * c + 1] = joints++;
  }
  return { joint, joints };
}

/** Builds the XCC problem of an instance (options in order cell, piece, rotation). */
export function edgematchModel(inst: Instance): EdgematchModel {
  const { width, height, pieces } = inst;
  const n = width * height;
  const { joint, joints } = jointIndex(width, height);
  const placed = framePlacements(inst, true);
  // Option k: entries starts[k] .. starts[k+1]-1 of items (and colours), in the flat form of core xcc.
  const starts: number[] = [0];
  const items: number[] = [];
  const colours: number[] = [];
  for (let k = 0; k < placed.cell.length; k++) {
    const c = placed.cell[k];
    items.push(c, n + placed.piece[k]);
    colours.push(0, 0);
    for (let d = 0; d < 4; d++) {
      const slot = jointSlot(width, height, c, d);
      if (slot < 0) continue;
      items.push(2 * n + joint[slot]);
      colours.push(shownColour(pieces[placed.piece[k]], placed.rotation[k], d));
    }
    starts.push(items.length);
  }
  const problem = new XccProblem({ primary: 2 * n, secondary: joints, starts, items, colours });
  return { problem, cell: Int32Array.from(placed.cell), piece: Int32Array.from(placed.piece), rotation: Int32Array.from(placed.rotation), joint, joints };
}

/** The board of a solution (sorted option indices). */
export function decodeSolution(model: EdgematchModel, n: number, solution: readonly number[]): Board {
  const board: (Placement | null)[] = new Array(n).fill(null);
  for (const o of solution) {
    const r = model.rotation[o];
    if (!isRotation(r)) throw new Error('edgematch model: bad rotation (bug)');
    board[model.cell[o]] = { piece: model.piece[o], rotation: r as Rotation };
  }
  return board;
}

export interface EdgematchCountOptions {
  /** Count up to this many solutions (at least 2; default 2, enough to certify uniqueness). */
  limit?: number;
  budget?: Budget;
  /** A meter to charge instead of a fresh one. */
  meter?: Meter;
  /** A model already built for this instance. */
  model?: EdgematchModel;
}

/**
 * Counts the boards solving an instance up to `limit` (default 2) as a verdict with decoded boards:
 * `unique` and `none` only when the search completed; a budget stop is `inconclusive`.
 */
export function countEdgematch(inst: Instance, opts: EdgematchCountOptions = {}): Verdict<Board> {
  const model = opts.model ?? edgematchModel(inst);
  const n = inst.width * inst.height;
  const v = model.problem.count({ limit: opts.limit ?? 2, budget: opts.budget, meter: opts.meter });
  const dec = (s: number[]): Board => decodeSolution(model, n, s);
  switch (v.kind) {
    case 'unique':
      return { ...v, solution: dec(v.solution) };
    case 'multiple': {
      const [a, b, ...rest] = v.solutions;
      return { ...v, solutions: [dec(a), dec(b), ...rest.map(dec)] };
    }
    case 'inconclusive':
      return { ...v, found: v.found.map(dec) };
    case 'none':
      return v;
  }
}

/** One solving board (the first in search order), none, or a budget stop. */
export function findEdgematch(inst: Instance, opts: Omit<EdgematchCountOptions, 'limit'> = {}): FindResult<Board> {
  const model = opts.model ?? edgematchModel(inst);
  const r = model.problem.findOne({ budget: opts.budget, meter: opts.meter });
  return r.kind === 'found' ? { ...r, solution: decodeSolution(model, inst.width * inst.height, r.solution) } : r;
}

/** Visits every solving board in search order until the visitor returns false or the budget runs out. */
// biome-ignore lint/suspicious/noConfusingVoidType: a visitor that returns nothing goes on, one that returns true stops.
export function forEachEdgematch(inst: Instance, visit: (b: Board) => boolean | void, opts: Omit<EdgematchCountOptions, 'limit'> = {}): XccEnumeration {
  const model = opts.model ?? edgematchModel(inst);
  const n = inst.width * inst.height;
  return model.problem.forEachSolution((s) => visit(decodeSolution(model, n, s)), { budget: opts.budget, meter: opts.meter });
}

export interface PieceSymmetries {
  /** Groups (of 2 or more piece indices) of pieces equal up to rotation. */
  duplicates: number[][];
  /** Pieces equal to themselves turned a half turn (N = S and E = W; all-equal pieces included). */
  symmetric: number[];
}

/** Which pieces make an instance non-unique as boards whatever its colours (see the header). */
export function pieceSymmetries(pieces: Instance['pieces']): PieceSymmetries {
  const byKey = new Map<string, number[]>();
  const symmetric: number[] = [];
  pieces.forEach((p, i) => {
    const k = pieceKey(p);
    const list = byKey.get(k);
    if (list) list.push(i);
    else byKey.set(k, [i]);
    if (rotatePiece(p, 2).every((c, d) => c === p[d])) symmetric.push(i);
  });
  return { duplicates: [...byKey.values()].filter((g) => g.length > 1), symmetric };
}
