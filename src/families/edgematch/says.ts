/**
 * An edge-matching hint's message as data (`Hint.says`), for a reader that words it in its own
 * language. A placement is a piece (its number, as the puzzle numbers them), its turn (clockwise
 * quarter turns) and its cell by 0-based row and column (people count from 1). Kept apart from
 * hint.ts, like the focus, so the player's main thread reads it without the solver.
 */
import { isIndex, isObject } from '../../core/shape.ts';
import { isRotation, type Rotation } from './types.ts';

/** A piece at a cell, turned. */
export interface EdgematchSaysPlacement {
  piece: number;
  rotation: Rotation;
  row: number;
  col: number;
}

/** Whether a single names the cell ("only this piece fits here") or the piece ("only this place fits it"). */
export type EdgematchSaysForm = 'cell' | 'piece';

export type EdgematchSays =
  /** The placement on the board is not part of the solution. */
  | ({ key: 'mistake' } & EdgematchSaysPlacement)
  /** Only this piece, so turned, fits the cell (frame and placed neighbours). */
  | ({ key: 'only one fits' } & EdgematchSaysPlacement)
  /** The piece fits this one cell only, so turned. */
  | ({ key: 'only one place' } & EdgematchSaysPlacement)
  /** The same, once candidates that would leave no piece to fit beside them are set aside. */
  | ({ key: 'nothing fits beside'; form: EdgematchSaysForm } & EdgematchSaysPlacement)
  /** The same after supposing `tried` and seeing it fail, and `more` such trials after it. */
  | ({ key: 'trial'; form: EdgematchSaysForm; tried: EdgematchSaysPlacement; more: number } & EdgematchSaysPlacement)
  /** No short deduction in sight: the solution's placement. */
  | ({ key: 'reveal' } & EdgematchSaysPlacement);

export type EdgematchSaysKey = EdgematchSays['key'];

/** Every key, in the order the hint search tries them (mistakes first). */
export const EDGEMATCH_SAYS_KEYS: readonly EdgematchSaysKey[] = ['mistake', 'only one fits', 'only one place', 'nothing fits beside', 'trial', 'reveal'];

const isPlaced = (x: { readonly [key: string]: unknown }): boolean =>
  isIndex(x.piece) && typeof x.rotation === 'number' && isRotation(x.rotation) && isIndex(x.row) && isIndex(x.col);
const isForm = (x: unknown): x is EdgematchSaysForm => x === 'cell' || x === 'piece';

/** Whether a value (a hint's `says` read back from JSON) is an EdgematchSays. */
export function isEdgematchSays(x: unknown): x is EdgematchSays {
  if (!isObject(x) || !isPlaced(x)) return false;
  switch (x.key) {
    case 'mistake':
    case 'only one fits':
    case 'only one place':
    case 'reveal':
      return true;
    case 'nothing fits beside':
      return isForm(x.form);
    case 'trial':
      return isForm(x.form) && isObject(x.tried) && isPlaced(x.tried) && isIndex(x.more);
    default:
      return false;
  }
}
