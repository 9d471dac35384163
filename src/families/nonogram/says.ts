/**
 * A Nonogram hint's message as data (`Hint.says`), for a reader that words it in its own language.
 * Indices are 0-based, as in the focus (people count from 1); `clue` is the line's clue as written
 * (empty for a line with no filled cell); a line's cell positions count along the line. Kept apart
 * from hint.ts, like the focus, so the player's main thread reads it without the solver.
 */
import { isArrayOf, isIndex, isObject } from '../../core/shape.ts';

/** A row or a column by index (0-based). */
export interface NonogramSaysLine {
  kind: 'row' | 'column';
  index: number;
}

export type NonogramSays =
  /** The marks of `line` fit no arrangement of its clue (on a colour puzzle `colours` names each block's colour). */
  | { key: 'mistake'; line: NonogramSaysLine; clue: number[]; colours?: string[] }
  /** One arrangement fits the marks: complete the line. */
  | { key: 'completion'; line: NonogramSaysLine; clue: number[] }
  /** Block `block` (its length `clue[block]`) covers positions `from`–`to` in every placement. */
  | { key: 'overlap'; line: NonogramSaysLine; clue: number[]; block: number; from: number; to: number }
  /** No block can reach these positions: cross them out. */
  | { key: 'unreachable'; line: NonogramSaysLine; clue: number[]; cells: number[] }
  /** Every arrangement fills (or leaves empty) position `cell`, and `more` other positions. */
  | { key: 'line logic'; line: NonogramSaysLine; clue: number[]; cell: number; value: 'filled' | 'crossed'; more: number }
  /** Were the cell `tried`, line logic would reach an impossible line: so it is the other. */
  | { key: 'contradiction'; row: number; col: number; tried: 'filled' | 'empty' }
  /** Colour puzzles (colour-hint.ts), `colours` the palette names of the clue's blocks: one arrangement fits the marks. */
  | { key: 'colour completion'; line: NonogramSaysLine; clue: number[]; colours: string[] }
  /** On a line with no marks, block `block` (its colour `colours[block]`) covers positions `from`–`to` in every placement. */
  | { key: 'colour overlap'; line: NonogramSaysLine; clue: number[]; colours: string[]; block: number; from: number; to: number }
  /** Every arrangement makes position `cell` the colour `colour` (absent: leaves it empty), and settles `more` others. */
  | {
      key: 'colour line logic';
      line: NonogramSaysLine;
      clue: number[];
      colours: string[];
      cell: number;
      value: 'filled' | 'crossed';
      colour?: string;
      more: number;
    }
  /** Every value of the cell but one (`colour`, or empty when absent) makes line logic reach an impossible line. */
  | { key: 'colour contradiction'; row: number; col: number; colour?: string };

export type NonogramSaysKey = NonogramSays['key'];

/** Every key, in the order the hint search tries them (mistakes first). */
export const NONOGRAM_SAYS_KEYS: readonly NonogramSaysKey[] = [
  'mistake',
  'completion',
  'overlap',
  'unreachable',
  'line logic',
  'contradiction',
  'colour completion',
  'colour overlap',
  'colour line logic',
  'colour contradiction',
];

const isLine = (x: unknown): x is NonogramSaysLine => isObject(x) && (x.kind === 'row' || x.kind === 'column') && isIndex(x.index);
const isCounts = (x: unknown): x is number[] => isArrayOf(x, isIndex);
const isNames = (x: unknown): x is string[] => isArrayOf(x, (n): n is string => typeof n === 'string');
const isName = (x: unknown): boolean => x === undefined || typeof x === 'string';

/** Whether a value (a hint's `says` read back from JSON) is a NonogramSays. */
export function isNonogramSays(x: unknown): x is NonogramSays {
  if (!isObject(x)) return false;
  switch (x.key) {
    case 'mistake':
      return isLine(x.line) && isCounts(x.clue) && (x.colours === undefined || isNames(x.colours));
    case 'completion':
      return isLine(x.line) && isCounts(x.clue);
    case 'colour completion':
      return isLine(x.line) && isCounts(x.clue) && isNames(x.colours);
    case 'colour overlap':
      return isLine(x.line) && isCounts(x.clue) && isNames(x.colours) && isIndex(x.block) && isIndex(x.from) && isIndex(x.to);
    case 'colour line logic':
      return (
        isLine(x.line) &&
        isCounts(x.clue) &&
        isNames(x.colours) &&
        isIndex(x.cell) &&
        (x.value === 'filled' || x.value === 'crossed') &&
        isName(x.colour) &&
        isIndex(x.more)
      );
    case 'colour contradiction':
      return isIndex(x.row) && isIndex(x.col) && isName(x.colour);
    case 'overlap':
      return isLine(x.line) && isCounts(x.clue) && isIndex(x.block) && isIndex(x.from) && isIndex(x.to);
    case 'unreachable':
      return isLine(x.line) && isCounts(x.clue) && isCounts(x.cells);
    case 'line logic':
      return isLine(x.line) && isCounts(x.clue) && isIndex(x.cell) && (x.value === 'filled' || x.value === 'crossed') && isIndex(x.more);
    case 'contradiction':
      return isIndex(x.row) && isIndex(x.col) && (x.tried === 'filled' || x.tried === 'empty');
    default:
      return false;
  }
}
