/**
 * A Numberlink hint's message as data (`Hint.says`), for a reader that words it in its own language.
 * Cells are 0-based `{ row, col }` (people count from 1); `label` is a pair's label as the puzzle
 * writes it. Kept apart from hint.ts, like the focus, so the player's main thread reads it without
 * the solver.
 */
import { isGridCell, isObject, type GridCell } from '../../core/shape.ts';

/** A link between two neighbouring cells. */
export interface NumberlinkSaysLink {
  a: GridCell;
  b: GridCell;
}

export type NumberlinkSays =
  /** The drawn link between `a` and `b` is not part of the solution. */
  | ({ key: 'mistake' } & NumberlinkSaysLink)
  /** The `label` path's open end `from` has one way on: into `into`. */
  | { key: 'only way on'; label: string; from: GridCell; into: GridCell }
  /** `cell` can be reached from two sides only (`from`): its path uses both. */
  | { key: 'two ways in'; cell: GridCell; from: [GridCell, GridCell] }
  /** The corner rule forces the link between `a` and `b`. */
  | ({ key: 'paths hug' } & NumberlinkSaysLink)
  /** Supposing `tried` drawn (`on`) or left out runs into a contradiction; then the link `a`–`b` follows. */
  | ({ key: 'trial'; tried: NumberlinkSaysLink; on: boolean } & NumberlinkSaysLink);

export type NumberlinkSaysKey = NumberlinkSays['key'];

/** Every key, in the order the hint search tries them (mistakes first). */
export const NUMBERLINK_SAYS_KEYS: readonly NumberlinkSaysKey[] = ['mistake', 'only way on', 'two ways in', 'paths hug', 'trial'];

const isLink = (x: { readonly [key: string]: unknown }): boolean => isGridCell(x.a) && isGridCell(x.b);

/** Whether a value (a hint's `says` read back from JSON) is a NumberlinkSays. */
export function isNumberlinkSays(x: unknown): x is NumberlinkSays {
  if (!isObject(x)) return false;
  switch (x.key) {
    case 'mistake':
    case 'paths hug':
      return isLink(x);
    case 'only way on':
      return typeof x.label === 'string' && isGridCell(x.from) && isGridCell(x.into);
    case 'two ways in':
      return isGridCell(x.cell) && Array.isArray(x.from) && x.from.length === 2 && x.from.every(isGridCell);
    case 'trial':
      return isLink(x) && isObject(x.tried) && isLink(x.tried) && typeof x.on === 'boolean';
    default:
      return false;
  }
}
