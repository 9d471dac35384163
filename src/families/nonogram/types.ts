/**
 * A black-and-white nonogram. Clue lists run left to right for rows and top to bottom for columns;
 * an empty line has the empty list. Grids are row-major, index = row * width + col.
 */
export interface Nonogram {
  width: number;
  height: number;
  rows: number[][];
  cols: number[][];
  /** Optional metadata carried by file formats (title, author, copyright, licence, ...). */
  meta?: NonogramMeta;
}

export interface NonogramMeta {
  title?: string;
  author?: string;
  copyright?: string;
  license?: string;
  catalogue?: string;
  /** A solution shipped with the file (0/1 row-major), not trusted: verify before use. */
  goal?: Uint8Array;
}

/** A full solution: one byte per cell, 1 = filled, 0 = empty. */
export type Solution = Uint8Array;

/** Cell states in partial grids used by solvers and play. */
export const UNKNOWN = 0;
export const FILLED = 1;
export const EMPTY = 2;
export type CellState = typeof UNKNOWN | typeof FILLED | typeof EMPTY;

export const MAX_SIDE = 1000;
