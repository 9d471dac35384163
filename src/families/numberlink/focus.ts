/**
 * What a Numberlink hint points at. Kept apart from hint.ts so the player's main thread can read a
 * hint off the wire without loading the solver.
 */
import { isArrayOf, isGridCell, isObject, type GridCell } from '../../core/shape.ts';

export interface NumberlinkFocus {
  /**
   * The cells of the link(s) the hint names, in path order: two cells for one link (a mistake, "only
   * way on", "paths hug", a trial's conclusion), three for "two ways in" (the cell between its two
   * forced neighbours).
   */
  cells: GridCell[];
  /** "only way on": the label of the pair whose path goes on. */
  pair?: string;
  /** "trial": the two cells of the link supposed (drawn or left out) to reach the contradiction. */
  trial?: GridCell[];
}

/** Whether a value (a hint's focus read back from JSON) is a NumberlinkFocus. */
export function isNumberlinkFocus(x: unknown): x is NumberlinkFocus {
  return (
    isObject(x) &&
    isArrayOf(x.cells, isGridCell) &&
    (x.pair === undefined || typeof x.pair === 'string') &&
    (x.trial === undefined || isArrayOf(x.trial, isGridCell))
  );
}
