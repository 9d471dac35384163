/**
 * Rectangular grids of cells numbered row-major (cell = row · width + column), shared by the families
 * that play on one (Numberlink, edge matching; Nonogram lines are rows and columns of the same).
 *
 * Sides are numbered clockwise from the top: N = 0, E = 1, S = 2, W = 3. A side's bit (`1 << side`:
 * 1, 2, 4, 8) is how link masks name it (a Numberlink cell's links are the bits of the sides its path
 * leaves by).
 */

export const NORTH = 0;
export const EAST = 1;
export const SOUTH = 2;
export const WEST = 3;
/** The four sides, clockwise from the top. */
export const SIDES4 = [NORTH, EAST, SOUTH, WEST] as const;

/** The side facing `side` (N ↔ S, E ↔ W). */
export const oppositeSide = (side: number): number => (side + 2) & 3;

/** The neighbour of `cell` across `side` (0–3, clockwise from the top), or -1 off the grid. */
export function neighbour(width: number, height: number, cell: number, side: number): number {
  const r = Math.floor(cell / width);
  const c = cell - r * width;
  if (side === NORTH) return r > 0 ? cell - width : -1;
  if (side === EAST) return c < width - 1 ? cell + 1 : -1;
  if (side === SOUTH) return r < height - 1 ? cell + width : -1;
  return c > 0 ? cell - 1 : -1;
}

/** The neighbour of `cell` across the side whose bit is `bit` (1 N, 2 E, 4 S, 8 W), or -1 off the grid. */
export function neighbourByBit(width: number, height: number, cell: number, bit: number): number {
  return neighbour(width, height, cell, 31 - Math.clz32(bit));
}

/** Row and column (from 0) of a cell. */
export const rowCol = (cell: number, width: number): { row: number; col: number } => ({ row: Math.floor(cell / width), col: cell % width });

/** A cell as players read it: "row 3, column 5" (from 1). */
export const cellWords = (cell: number, width: number): string => `row ${Math.floor(cell / width) + 1}, column ${(cell % width) + 1}`;

/** A cell as move texts write it: "3.5" (row.column, from 1). */
export const cellDots = (cell: number, width: number): string => `${Math.floor(cell / width) + 1}.${(cell % width) + 1}`;

/**
 * The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, … (k from 1): the restart lengths
 * (in units of a base) of the CDCL solver and the edge-matching backtracker.
 */
export function luby(k: number): number {
  for (let size = 1; ; size = 2 * size + 1) {
    if (k === size) return (size + 1) / 2;
    if (k < size) return luby(k - (size - 1) / 2);
  }
}
