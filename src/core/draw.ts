/**
 * Plain-string helpers for drawing puzzles in a terminal, shared by the families' `render` members
 * (terminal drawing is strings, so it lives in the pure engine; only choosing colours is the CLI's).
 */

/** How a family draws: plain ASCII instead of box-drawing characters, ANSI colours. */
export interface DrawOptions {
  /** Plain ASCII instead of box-drawing characters. */
  ascii?: boolean;
  /** ANSI colours. */
  color?: boolean;
}

/** ANSI colour codes (`ESC[...m`). */
const ANSI = /\x1b\[[0-9;]*m/g;

/** How many columns a line takes on a terminal: its length without ANSI colour codes. */
/** The ANSI foreground colours terminal drawings cycle through (labels, path and edge colours). */
export const ANSI_COLORS: readonly number[] = [31, 32, 33, 34, 35, 36, 91, 92, 93, 94, 95, 96];

export function visibleLength(line: string): number {
  return line.replace(ANSI, '').length;
}

/**
 * Grids side by side, separated by a few spaces (for witnesses). Each grid's column is as wide as its
 * widest line as seen on a terminal (colour codes take no room), so coloured and ragged grids align.
 */
export function sideBySide(grids: string[][], gap = '   '): string[] {
  if (grids.length === 0) return [];
  const h = Math.max(...grids.map((g) => g.length));
  const widths = grids.map((g) => Math.max(0, ...g.map(visibleLength)));
  const out: string[] = [];
  for (let r = 0; r < h; r++) {
    const cells = grids.map((g, k) => {
      const line = g[r] ?? '';
      return line + ' '.repeat(widths[k] - visibleLength(line));
    });
    out.push(cells.join(gap).trimEnd());
  }
  return out;
}
