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
 * Scratch tables, reused between calls and grown as needed (one line is solved at a time): for j
 * blocks placed in cells [0, i), row j, column i (rows of n + 1): `free` when cell i-1 is background
 * (or i = 0), `ends` when block j-1 ends exactly at cell i-1. The prefix pair reads the line forward,
 * the suffix pair reads it backward (the reversed line with the reversed clue).
 */
let preFree = new Uint8Array(0);
let preEnds = new Uint8Array(0);
let sufFreeT = new Uint8Array(0);
let sufEndsT = new Uint8Array(0);
let runT = new Int32Array(0);

/** Fills one pair of tables for the line read forward (`rev` false) or backward. */
function prefix(
  cells: ArrayLike<number>,
  n: number,
  lengths: readonly number[],
  colours: readonly number[],
  rev: boolean,
  free: Uint8Array,
  ends: Uint8Array,
): void {
  const k = lengths.length;
  const w = n + 1;
  free.fill(0, 0, (k + 1) * w);
  ends.fill(0, 0, (k + 1) * w);
  const run = runT;
  const cell = (i: number): number => (rev ? cells[n - 1 - i] : cells[i]);
  free[0] = 1;
  for (let i = 1; i <= n; i++) free[i] = cell(i - 1) & BACKGROUND && free[i - 1] ? 1 : 0;
  for (let j = 1; j <= k; j++) {
    const b = rev ? k - j : j - 1;
    const len = lengths[b];
    const bit = 1 << colours[b];
    const same = j >= 2 && colours[rev ? b + 1 : b - 1] === colours[b];
    const row = j * w;
    const prev = row - w;
    run[0] = 0;
    for (let i = 1; i <= n; i++) run[i] = cell(i - 1) & bit ? run[i - 1] + 1 : 0;
    for (let i = len; i <= n; i++) {
      const s = i - len;
      if (run[i] >= len && (free[prev + s] || (ends[prev + s] && !same))) ends[row + i] = 1;
    }
    for (let i = 1; i <= n; i++) free[row + i] = cell(i - 1) & BACKGROUND && (free[row + i - 1] || ends[row + i - 1]) ? 1 : 0;
  }
}

/**
 * What each cell of the line may be, over every placement of the clue that fits: the masks narrowed
 * (a subset of `cells`, bit for bit), or null when no placement fits.
 */
export function solveColourLine(cells: ArrayLike<number>, clue: ColourClue): Uint32Array | null {
  const n = cells.length;
  const { lengths, colours } = clue;
  const k = lengths.length;
  const w = n + 1;
  const size = (k + 1) * w;
  if (preFree.length < size) {
    const grow = Math.max(size, 2 * preFree.length);
    preFree = new Uint8Array(grow);
    preEnds = new Uint8Array(grow);
    sufFreeT = new Uint8Array(grow);
    sufEndsT = new Uint8Array(grow);
  }
  if (runT.length < w) runT = new Int32Array(Math.max(w, 2 * runT.length));
  const pf = preFree;
  const pe = preEnds;
  const sf = sufFreeT;
  const se = sufEndsT;
  prefix(cells, n, lengths, colours, false, pf, pe);
  if (!pf[k * w + n] && !pe[k * w + n]) return null;
  // The suffix tables: the last m blocks in cells [i, n) are the reversed tables' row m at n - i.
  prefix(cells, n, lengths, colours, true, sf, se);

  const out = new Uint32Array(n);
  // Background: cell i is background in a placement when j blocks fit before it and k - j after it.
  for (let i = 0; i < n; i++) {
    if (!(cells[i] & BACKGROUND)) continue;
    const back = n - i - 1;
    for (let j = 0; j <= k; j++) {
      const a = j * w + i;
      const z = (k - j) * w + back;
      if ((pf[a] || pe[a]) && (sf[z] || se[z])) {
        out[i] |= BACKGROUND;
        break;
      }
    }
  }
  // Blocks: block b at [s, s + len) when its colour fits there and both sides fit.
  const cover = runT;
  for (let b = 0; b < k; b++) {
    const len = lengths[b];
    const c = colours[b];
    const bit = 1 << c;
    cover.fill(0, 0, w);
    const left = b * w;
    const m = k - b - 1;
    const right = m * w;
    let run = 0;
    let any = false;
    for (let e = 0; e < n; e++) {
      run = cells[e] & bit ? run + 1 : 0;
      if (run < len) continue;
      const s = e + 1 - len;
      const leftOk = pf[left + s] === 1 || (pe[left + s] === 1 && colours[b - 1] !== c);
      if (!leftOk) continue;
      const z = right + n - e - 1;
      const rightOk = sf[z] === 1 || (se[z] === 1 && colours[b + 1] !== c);
      if (!rightOk) continue;
      cover[s]++;
      cover[e + 1]--;
      any = true;
    }
    if (!any) continue;
    let depth = 0;
    for (let i = 0; i < n; i++) {
      depth += cover[i];
      if (depth > 0) out[i] |= bit;
    }
  }
  return out;
}
