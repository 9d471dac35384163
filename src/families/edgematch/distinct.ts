/**
 * What a solution of an edge-matching board is, as counted by `count`'s engines (engines.ts):
 *
 * - `colourings` (the default of the engines): a solution is the picture the board shows, the four
 *   colours of every cell. A piece that looks the same turned half way (N = S and E = W) gives one
 *   solution in both turns, and two identical pieces (equal up to a turn) swapped give one solution.
 *   This is what the board suite lists, what the verifier accepts and what a player sees.
 * - `placements` (the strict reading, and what the family object's own `count` has always counted):
 *   a solution is a piece and a rotation per cell, so each of those gives two boards.
 *
 * On boards of distinct pieces with no rotational symmetry (everything the generators plant) the two
 * readings count the same. Each colouring has exactly one *canonical board* (`canonicalBoard`): the
 * pieces of a class of identical ones go to that class's cells in row-major order, each turned the
 * least rotation that shows the cell's colours; the engines counting colourings answer with those.
 */
import { pieceKey, rotatePiece, shownColour } from './puzzle.ts';
import type { Board, Instance, Placement, Rotation } from './types.ts';

export type Distinct = 'colourings' | 'placements';
export const DISTINCT_READINGS: readonly Distinct[] = ['colourings', 'placements'];
export const DEFAULT_DISTINCT: Distinct = 'colourings';

/** Pieces grouped into classes of identical ones (equal up to a turn). */
export interface PieceClasses {
  /** The class of each piece: the index of its first piece (its representative). */
  rep: Int32Array;
  /** Per class representative, its pieces in index order (empty for non-representatives). */
  members: number[][];
  /** Rotations of each piece that show colours no smaller rotation shows (1, 2 or 4 of them). */
  turns: Rotation[][];
}

export function pieceClasses(pieces: Instance['pieces']): PieceClasses {
  const first = new Map<string, number>();
  const rep = new Int32Array(pieces.length);
  const members: number[][] = pieces.map(() => []);
  pieces.forEach((p, i) => {
    const k = pieceKey(p);
    const r = first.get(k) ?? i;
    if (r === i) first.set(k, i);
    rep[i] = r;
    members[r].push(i);
  });
  const turns = pieces.map((p) => {
    const seen = new Set<string>();
    const out: Rotation[] = [];
    for (let r = 0; r < 4; r++) {
      const k = rotatePiece(p, r).join(',');
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(r as Rotation);
    }
    return out;
  });
  return { rep, members, turns };
}

/** True when the two readings count alike: no two identical pieces and no piece symmetric under a turn. */
export function readingsAgree(classes: PieceClasses): boolean {
  return classes.turns.every((t) => t.length === 4) && classes.members.every((m) => m.length <= 1);
}

/** The colours a full board shows, as text: equal exactly when two boards are the same colouring. */
export function colouringKey(inst: Instance, board: Board): string {
  return board.map((pl) => (pl === null ? '-' : rotatePiece(inst.pieces[pl.piece], pl.rotation).join(','))).join(';');
}

/** The least rotation of `piece` that shows `shown` ([N, E, S, W]), or -1. */
function turnShowing(piece: Instance['pieces'][number], shown: readonly number[]): number {
  for (let r = 0; r < 4; r++) {
    let ok = true;
    for (let d = 0; d < 4 && ok; d++) ok = shownColour(piece, r, d) === shown[d];
    if (ok) return r;
  }
  return -1;
}

/**
 * The canonical board of a full board's colouring (see the header): clue cells keep their clue; the
 * other cells of each class take its unclued pieces in index order, in row-major cell order.
 */
export function canonicalBoard(inst: Instance, board: Board, classes: PieceClasses = pieceClasses(inst.pieces)): Board {
  const clued = new Set(inst.clues.map((c) => c.cell));
  const cluedPieces = new Set(inst.clues.map((c) => c.piece));
  const next = new Map<number, number>();
  return board.map((pl, cell): Placement | null => {
    if (pl === null || clued.has(cell)) return pl;
    const shown = rotatePiece(inst.pieces[pl.piece], pl.rotation);
    const r = classes.rep[pl.piece];
    const pool = classes.members[r].filter((p) => !cluedPieces.has(p));
    const i = next.get(r) ?? 0;
    next.set(r, i + 1);
    const piece = pool[i];
    if (piece === undefined) throw new Error('edgematch canonicalBoard: a class used more often than it has pieces (not a solution)');
    return { piece, rotation: turnShowing(inst.pieces[piece], shown) as Rotation };
  });
}
