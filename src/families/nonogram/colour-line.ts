/**
 * The complete line solver of colour nonograms (issue 20, its first piece). A colour line has blocks
 * each of one colour; two consecutive blocks of the same colour need at least one background cell
 * between them, blocks of different colours may touch. A cell is a set of what it may still be, as a
 * bit mask: bit 0 the background, bit c colour c (1 to 30). The solver answers, for every cell, the
 * union over all placements of the clue that fit the line of what the cell is in that placement (so a
 * cell that is the same in every placement is settled), or null when no placement fits.
 *
 * Two passes of dynamic programming over (blocks placed, cells read), one from each end, in O(n·k)
 * time for n cells and k blocks, with no search: a block is placed at s exactly when its colour is
 * allowed on all its cells, the blocks before it fit the prefix ending at s and those after it fit the
 * suffix starting after it, each with the separation its neighbours' colours ask for.
 */

/** Bit of the background in a cell mask. */
export const BACKGROUND = 1;

/** A colour line's clue: block lengths and their colours (1 to 30), in line order. */
export interface ColourClue {
  readonly lengths: readonly number[];
  readonly colours: readonly number[];
}

/** The clue of a line of colours (0 the background): each run of one colour is a block, a change of colour starts another. */
export function colourClueOf(line: ArrayLike<number>): ColourClue {
  const lengths: number[] = [];
  const colours: number[] = [];
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === 0) continue;
    if (i > 0 && line[i - 1] === c) lengths[lengths.length - 1]++;
    else {
      lengths.push(1);
      colours.push(c);
    }
  }
  return { lengths, colours };
}

/**
 * The prefix tables of a line: for j blocks placed in cells [0, i), `free[j][i]` when cell i-1 is
 * background (or i = 0), `ends[j][i]` when block j-1 ends exactly at cell i-1. Rows of n + 1.
 */
function prefix(cells: ArrayLike<number>, lengths: readonly number[], colours: readonly number[]): { free: Uint8Array[]; ends: Uint8Array[] } {
  const n = cells.length;
  const k = lengths.length;
  const free: Uint8Array[] = [];
  const ends: Uint8Array[] = [];
  for (let j = 0; j <= k; j++) {
    free.push(new Uint8Array(n + 1));
    ends.push(new Uint8Array(n + 1));
  }
  // run[i]: how many cells in a row up to cell i-1 allow the block's colour.
  const run = new Int32Array(n + 1);
  free[0][0] = 1;
  for (let i = 1; i <= n; i++) free[0][i] = cells[i - 1] & BACKGROUND && free[0][i - 1] ? 1 : 0;
  for (let j = 1; j <= k; j++) {
    const len = lengths[j - 1];
    const bit = 1 << colours[j - 1];
    const same = j >= 2 && colours[j - 2] === colours[j - 1];
    for (let i = 1; i <= n; i++) run[i] = cells[i - 1] & bit ? run[i - 1] + 1 : 0;
    for (let i = len; i <= n; i++) {
      const s = i - len;
      if (run[i] >= len && (free[j - 1][s] || (ends[j - 1][s] && !same))) ends[j][i] = 1;
    }
    for (let i = 1; i <= n; i++) free[j][i] = cells[i - 1] & BACKGROUND && (free[j][i - 1] || ends[j][i - 1]) ? 1 : 0;
  }
  return { free, ends };
}

/**
 * What each cell of the line may be, over every placement of the clue that fits: the masks narrowed
 * (a subset of `cells`, bit for bit), or null when no placement fits.
 */
export function solveColourLine(cells: ArrayLike<number>, clue: ColourClue): Uint32Array | null {
  const n = cells.length;
  const { lengths, colours } = clue;
  const k = lengths.length;
  const pre = prefix(cells, lengths, colours);
  if (!pre.free[k][n] && !pre.ends[k][n]) return null;
  // The suffix tables: the same on the reversed line with the reversed clue; suffix row m at cell i
  // (last m blocks in cells [i, n)) is the reversed tables' row m at n - i.
  const rev = Array.from({ length: n }, (_, i) => cells[n - 1 - i]);
  const suf = prefix(rev, [...lengths].reverse(), [...colours].reverse());
  const sufFree = (m: number, i: number): boolean => suf.free[m][n - i] === 1;
  const sufEnds = (m: number, i: number): boolean => suf.ends[m][n - i] === 1;

  const out = new Uint32Array(n);
  // Background: cell i is background in a placement when j blocks fit before it and k - j after it.
  for (let i = 0; i < n; i++) {
    if (!(cells[i] & BACKGROUND)) continue;
    for (let j = 0; j <= k; j++) {
      if ((pre.free[j][i] || pre.ends[j][i]) && (sufFree(k - j, i + 1) || sufEnds(k - j, i + 1))) {
        out[i] |= BACKGROUND;
        break;
      }
    }
  }
  // Blocks: block b at [s, s + len) when its colour fits there and both sides fit.
  const cover = new Int32Array(n + 1);
  for (let b = 0; b < k; b++) {
    const len = lengths[b];
    const c = colours[b];
    const bit = 1 << c;
    cover.fill(0);
    let run = 0;
    for (let e = 0; e < n; e++) {
      run = cells[e] & bit ? run + 1 : 0;
      if (run < len) continue;
      const s = e + 1 - len;
      const leftOk = pre.free[b][s] === 1 || (pre.ends[b][s] === 1 && colours[b - 1] !== c);
      if (!leftOk) continue;
      const m = k - b - 1;
      const rightOk = sufFree(m, e + 1) || (sufEnds(m, e + 1) && colours[b + 1] !== c);
      if (!rightOk) continue;
      cover[s]++;
      cover[e + 1]--;
    }
    let depth = 0;
    for (let i = 0; i < n; i++) {
      depth += cover[i];
      if (depth > 0) out[i] |= bit;
    }
  }
  return out;
}
