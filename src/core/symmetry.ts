/**
 * The symmetries of a rectangular grid (the dihedral group of the square, as cell maps), for puzzle
 * canonical forms: a puzzle and its turned or mirrored copy are one puzzle to a catalogue.
 * Grids are row-major, index = row * width + col.
 */

export interface GridSymmetry {
  /** Clockwise quarter turns applied after the mirror. */
  turns: 0 | 1 | 2 | 3;
  /** Mirrored left to right before turning. */
  mirrored: boolean;
  /** Size of the grid after the symmetry (turns by one or three quarters swap the sides). */
  width: number;
  height: number;
  /** Where cell `i` of the original grid goes. */
  cell(i: number): number;
}

function symmetry(width: number, height: number, turns: 0 | 1 | 2 | 3, mirrored: boolean): GridSymmetry {
  const odd = (turns & 1) === 1;
  const w2 = odd ? height : width;
  const h2 = odd ? width : height;
  return {
    turns,
    mirrored,
    width: w2,
    height: h2,
    cell(i) {
      let r = Math.floor(i / width);
      let c = i - r * width;
      if (mirrored) c = width - 1 - c;
      // One clockwise quarter turn of an h-by-w grid: (r, c) -> (c, h - 1 - r), the sides swap.
      let w = width;
      let h = height;
      for (let t = 0; t < turns; t++) {
        const nr = c;
        const nc = h - 1 - r;
        r = nr;
        c = nc;
        const s = w;
        w = h;
        h = s;
      }
      return r * w + c;
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
