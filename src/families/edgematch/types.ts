/**
 * Edge matching (Eternity II style): a W×H board of square cells, one piece per cell. A piece has four
 * edge colours; two touching sides must show the same colour, and every side on the board's rim shows
 * the grey frame colour 0 (no interior joint is grey). Pieces may be rotated, never flipped.
 *
 * Conventions, used everywhere in this family (the file formats convert at their boundary):
 * - Sides are numbered N = 0, E = 1, S = 2, W = 3 (north = up), clockwise.
 * - A piece is listed as its colours `[N, E, S, W]` as it sits unrotated.
 * - Rotation r ∈ {0, 1, 2, 3} turns the piece **clockwise** by r quarter turns, so the colour it shows on
 *   side d is `piece[(d - r) mod 4]` (`shownColour`). Example: `[0, 0, 1, 3]` (grey on N and E, a
 *   top-right corner as listed) with r = 3 shows N 0, E 1, S 3, W 0: the top-left corner.
 *   This is the convention of the `anjou/` JSON hints and of Heule's encoder; the board-suite `.sol`
 *   files count anticlockwise turns (`ours = (4 - theirs) mod 4`).
 * - Cells are row-major: cell = row × width + col, row 0 at the top, col 0 at the left.
 * - Pieces are numbered 0-based in list order.
 * - Colour 0 is grey (the frame). "Border colours" are the colours on joints between two rim cells that
 *   run along the rim (the sides of a rim piece perpendicular to the frame); "interior colours" are all
 *   other non-grey colours. Puzzles made here keep the two palettes disjoint (`paletteReport` tells).
 */
export const SIDES = ['N', 'E', 'S', 'W'] as const;
export type SideName = (typeof SIDES)[number];
/** A side index: 0 = N, 1 = E, 2 = S, 3 = W. */
export type Side = 0 | 1 | 2 | 3;
/** A rotation: clockwise quarter turns. */
export type Rotation = 0 | 1 | 2 | 3;

export const GREY = 0;

/** A piece's colours `[N, E, S, W]`, unrotated. */
export type Piece = readonly [number, number, number, number];

/** A piece fixed at a cell with a rotation (a clue, or the hints of Eternity II). */
export interface Clue {
  cell: number;
  piece: number;
  rotation: Rotation;
}

/** An edge-matching puzzle: the board size, the pieces and optional clues (ordered by cell). */
export interface Instance {
  width: number;
  height: number;
  pieces: readonly Piece[];
  clues: readonly Clue[];
}

/** One cell of a board: which piece, turned how. */
export interface Placement {
  piece: number;
  rotation: Rotation;
}

/**
 * A board: per cell (row-major) the placement, or null for an empty cell. A solution is a board with
 * no empty cell; partial boards (play states, search states) may have empty cells.
 */
export type Board = readonly (Placement | null)[];

export const isRotation = (n: number): n is Rotation => n === 0 || n === 1 || n === 2 || n === 3;
