/**
 * A black-and-white nonogram. Clue lists run left to right for rows and top to bottom for columns;
 * an empty line has the empty list. Grids are row-major, index = row * width + col.
 */
export interface Nonogram {
  width: number;
  height: number;
  rows: number[][];
  cols: number[][];
  /**
   * Present only on a colour nonogram (colour.ts): the palette and the colour of every block. `rows`
   * and `cols` still hold the block lengths; a black-and-white puzzle never has this field.
   */
  colour?: NonogramColours;
  /** Optional metadata carried by file formats (title, author, copyright, licence, ...). */
  meta?: NonogramMeta;
}

/** One colour of a palette: its name (as the file spells it) and its RGB as six lower-case hex digits. */
export interface PaletteColour {
  name: string;
  rgb: string;
}

/**
 * The colours of a colour nonogram: `palette[0]` is the background, and each block's colour is an
 * index from 1 to `palette.length - 1` (at most 30 colours), `rows[i][b]` the colour of block b of
 * row i (the same shape as `Nonogram.rows`), `cols` likewise. Two consecutive blocks of one colour
 * need a background cell between them; blocks of different colours may touch.
 */
export interface NonogramColours {
  palette: PaletteColour[];
  rows: number[][];
  cols: number[][];
}

export interface NonogramMeta {
  title?: string;
  author?: string;
  copyright?: string;
  license?: string;
  catalogue?: string;
  /** A solution shipped with the file (0/1 row-major; palette indices for colour), not trusted: verify before use. */
  goal?: Uint8Array;
}

/** A full solution: one byte per cell, 1 = filled, 0 = empty (colour puzzles: the palette index, 0 the background). */
export type Solution = Uint8Array;

/** Cell states in partial grids used by solvers and play. */
export const UNKNOWN = 0;
export const FILLED = 1;
export const EMPTY = 2;
export type CellState = typeof UNKNOWN | typeof FILLED | typeof EMPTY;

export const MAX_SIDE = 1000;

/** The most colours (besides the background) a colour nonogram may have: one bit each in a 32-bit cell mask. */
export const MAX_COLOURS = 30;
