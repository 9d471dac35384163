/**
 * What an edge-matching hint points at: one cell and the placement the hint is about there. Kept
 * apart from hint.ts so the player's main thread can read a hint off the wire without loading the
 * solver.
 */
import { isIndex, isObject } from '../../core/shape.ts';
import { isRotation, type Rotation } from './types.ts';

/** A piece placed at a cell (row-major index), as a hint names it. */
export interface EdgematchCellPlacement {
  cell: number;
  piece: number;
  rotation: Rotation;
}

export interface EdgematchFocus extends EdgematchCellPlacement {
  /** The cell's row and column (0-based), from `cell`. */
  row: number;
  col: number;
  /** "trial": the first placement supposed, which ran into a contradiction. */
  trial?: EdgematchCellPlacement;
  /** "trial": how many such trials the hint chained (1 to HINT_MAX_CHAIN). */
  trials?: number;
}

const isPlacement = (x: unknown): x is EdgematchCellPlacement =>
  isObject(x) && isIndex(x.cell) && isIndex(x.piece) && typeof x.rotation === 'number' && isRotation(x.rotation);

/**
 * Whether a value (a hint's focus read back from JSON) is an EdgematchFocus. For a mistake, `piece`
 * and `rotation` are the wrong placement on the board.
 */
export function isEdgematchFocus(x: unknown): x is EdgematchFocus {
  return (
    isPlacement(x) &&
    isObject(x) &&
    isIndex(x.row) &&
    isIndex(x.col) &&
    (x.trial === undefined || isPlacement(x.trial)) &&
    (x.trials === undefined || isIndex(x.trials))
  );
}
