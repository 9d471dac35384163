/**
 * The symmetries of a rectangular grid (the dihedral group of the square, as cell maps), for puzzle
 * canonical forms: a puzzle and its turned or mirrored copy are one puzzle to a catalogue.
 * Grids are row-major, index = row * width + col.
 */

export interface GridSymmetry {
  /** Clockwise quarter turns applied after the mirror (odd ones only on a square). */
  turns: 0 | 1 | 2 | 3;
  /** Mirrored left to right before turning. */
  mirrored: boolean;
  /** Where cell `i` of the original grid goes (the grid keeps its size). */
  cell(i: number): number;
}

function symmetry(width: number, height: number, turns: 0 | 1 | 2 | 3, mirrored: boolean): GridSymmetry {
  return {
    turns,
    mirrored,
    cell(i) {
      let r = Math.floor(i / width);
      let c = i - r * width;
      if (mirrored) c = width - 1 - c;
      // Clockwise turns (quarter turns only on a square, where height = width).
      if (turns === 1) [r, c] = [c, height - 1 - r];
      else if (turns === 2) [r, c] = [height - 1 - r, width - 1 - c];
      else if (turns === 3) [r, c] = [width - 1 - c, r];
      return r * width + c;
    },
  };
}

/**
 * The symmetries that keep the grid's size: all 8 for a square, the 4 that do not swap the sides for
 * other rectangles (identity, half turn, the two mirrors). `mirrors: false` keeps the turns only (4 for a
 * square, 2 otherwise). The identity comes first.
 */
export function gridSymmetries(width: number, height: number, options: { mirrors?: boolean } = {}): GridSymmetry[] {
  const out: GridSymmetry[] = [];
  for (const mirrored of options.mirrors === false ? [false] : [false, true]) {
    for (const turns of [0, 1, 2, 3] as const) {
      if ((turns & 1) === 1 && width !== height) continue;
      out.push(symmetry(width, height, turns, mirrored));
    }
  }
  return out;
}
