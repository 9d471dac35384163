/**
 * Adversarial boards for budgets (issue 15): boards where an unbounded search (count, grade, hint)
 * runs for seconds to minutes. Built from their rules, never generated, so they cost nothing to make.
 */
import { makeNonogram, unwrapNonogram } from '../src/families/nonogram/puzzle.ts';
import type { Nonogram } from '../src/families/nonogram/types.ts';
import { makeNumberlink } from '../src/families/numberlink/puzzle.ts';
import type { Numberlink } from '../src/families/numberlink/types.ts';
import { makeInstance } from '../src/families/edgematch/puzzle.ts';
import type { Instance, Piece } from '../src/families/edgematch/types.ts';
import type { PuzzleFamily } from '../src/core/family.ts';
import { edgematch } from '../src/families/edgematch/index.ts';
import { nonogram } from '../src/families/nonogram/index.ts';
import { numberlink } from '../src/families/numberlink/index.ts';

/** An n×n nonogram whose every line is `1,1,…` (n/2 ones): one cell of slack per line, hard to propagate. */
export function onesNonogram(n: number): Nonogram {
  const line = Array.from({ length: n / 2 }, () => 1);
  const lines = Array.from({ length: n }, () => line);
  return unwrapNonogram(makeNonogram(n, n, lines, lines));
}

/**
 * A W×H strict Numberlink with few pairs: none at all (the issue's `numlin/1000/40/`), or one pair on
 * two neighbouring corner cells. Neither is decided in seconds: the search is vast.
 */
export function sparseNumberlink(width: number, height: number, pairs: 0 | 1): Numberlink {
  const cells: (string | null)[] = Array.from({ length: width * height }, () => null);
  if (pairs === 1) cells[0] = cells[1] = 'A';
  const r = makeNumberlink(width, height, cells, 'strict');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * A 6×6 edge-matching board with no clues: 4 corner, 16 edge and 16 interior pieces of random colours
 * (3 rim, 5 interior; a fixed LCG from `seed`). Counting it to 2 runs for many seconds.
 */
export function uncluedEdgematch(seed = 7): Instance {
  let x = seed;
  const rnd = (n: number): number => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x % n;
  };
  const rim = (): number => 1 + rnd(3);
  const inner = (): number => 4 + rnd(5);
  const pieces: Piece[] = [];
  for (let k = 0; k < 4; k++) pieces.push([0, 0, rim(), rim()]);
  for (let k = 0; k < 16; k++) pieces.push([0, rim(), inner(), rim()]);
  for (let k = 0; k < 16; k++) pieces.push([inner(), inner(), inner(), inner()]);
  const r = makeInstance(6, 6, pieces, []);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A wide-open strict board: two pairs side by side in opposite corners, every other cell to cover. */
export function openNumberlink(width: number, height: number): Numberlink {
  const cells: (string | null)[] = Array.from({ length: width * height }, () => null);
  cells[0] = cells[1] = 'A';
  cells[width * height - 2] = cells[width * height - 1] = 'B';
  const r = makeNumberlink(width, height, cells, 'strict');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

type AnyFamily = PuzzleFamily<any, any, any, any, any>;

/** The hint boards of the issue, by name, with their family (the hint test and bench/hint.ts). */
export const HINT_BOARDS: readonly [string, AnyFamily, () => unknown][] = [
  ['nonogram 60x60 1,1,…', nonogram, () => onesNonogram(60)],
  ['nonogram 200x200 1,1,…', nonogram, () => onesNonogram(200)],
  ['nonogram 1000x1000 1,1,…', nonogram, () => onesNonogram(1000)],
  ['numberlink 1000x40 no pairs (numlin/1000/40/)', numberlink, () => sparseNumberlink(1000, 40, 0)],
  ['numberlink 200x200 one pair', numberlink, () => sparseNumberlink(200, 200, 1)],
  ['edgematch 6x6 unclued', edgematch, () => uncluedEdgematch()],
];
