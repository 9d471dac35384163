/**
 * What a Nonogram hint points at: the line it reasons about and the cells it decides (none for a
 * mistake, which names the broken line). Kept apart from hint.ts so the player's main thread can
 * read a hint off the wire without loading the solver.
 */
import { isArrayOf, isIndex, isObject, type GridCell } from '../../core/shape.ts';

/** A row or a column, by index (0-based) and as people name it ("row 3", "column 1"). */
export interface NonogramLine {
  kind: 'row' | 'column';
  index: number;
  label: string;
}

/** A cell a hint decides, and the mark it gets (on a colour puzzle a fill's colour, 1 to 30). */
export interface NonogramCellChange extends GridCell {
  value: 'filled' | 'crossed';
  colour?: number;
}

export interface NonogramFocus {
  line: NonogramLine;
  cells: NonogramCellChange[];
}

const isLine = (x: unknown): x is NonogramLine => isObject(x) && (x.kind === 'row' || x.kind === 'column') && isIndex(x.index) && typeof x.label === 'string';

const isChange = (x: unknown): x is NonogramCellChange =>
  isObject(x) &&
  isIndex(x.row) &&
  isIndex(x.col) &&
  (x.value === 'filled' || x.value === 'crossed') &&
  (x.colour === undefined || (isIndex(x.colour) && x.colour >= 1 && x.colour <= 30));

/** Whether a value (a hint's focus read back from JSON) is a NonogramFocus. */
export function isNonogramFocus(x: unknown): x is NonogramFocus {
  return isObject(x) && isLine(x.line) && isArrayOf(x.cells, isChange);
}
