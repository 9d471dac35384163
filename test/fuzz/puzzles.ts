/**
 * Seeded random valid puzzles of every family, small enough for the engine checks: the fuzz harness
 * writes them with each format's own writer and mutates the text.
 */
import type { Rng } from '../../src/core/rng.ts';
import { randomPuzzle } from '../fixtures/nonogram/formats/helpers.ts';
import type { Nonogram } from '../../src/families/nonogram/types.ts';
import { makeNumberlink } from '../../src/families/numberlink/puzzle.ts';
import { RULES, type Numberlink } from '../../src/families/numberlink/types.ts';
import { makeInstance } from '../../src/families/edgematch/puzzle.ts';
import type { Clue, Instance, Piece, Rotation } from '../../src/families/edgematch/types.ts';

/** A random picture's clues (density varies), the picture as goal, sometimes a title; `square` for the TAAI format. */
export function randomNonogram(rng: Rng, maxSide = 12, square = false): Nonogram {
  const p = randomPuzzle(rng, maxSide, maxSide, square);
  if (rng.chance(1, 3)) p.meta!.title = rng.pick(['Heart', 'a "quoted" & <tagged> title', 'Zeichen ü', 'x']);
  return p;
}

/**
 * A Numberlink puzzle with a solution: each row is cut into straight segments of two cells or more,
 * each segment one pair (a covering routing exists); with some chance a few pairs are then dropped, so
 * some puzzles have no full cover.
 */
export function randomNumberlink(rng: Rng, maxSide = 8): Numberlink {
  for (;;) {
    const width = rng.range(2, maxSide);
    const height = rng.range(1, maxSide);
    const cells: (string | null)[] = new Array(width * height).fill(null);
    let label = 0;
    for (let r = 0; r < height; r++) {
      let c = 0;
      while (c < width) {
        const left = width - c;
        const len = left <= 3 ? left : rng.range(2, left - 2);
        if (len < 2) break;
        if (!rng.chance(1, 8)) {
          label++;
          cells[r * width + c] = String(label);
          cells[r * width + c + len - 1] = String(label);
        }
        c += len;
      }
    }
    const made = makeNumberlink(width, height, cells, rng.pick(RULES));
    if (made.ok && made.value.pairs.length > 0) return made.value;
  }
}

/**
 * An edge-matching instance from a random solved board (grey rim, border and interior colours on the
 * joints), its pieces shuffled and turned, a few of them kept as clues.
 */
export function randomEdgematch(rng: Rng, maxSide = 4): Instance {
  for (;;) {
    const width = rng.range(2, maxSide);
    const height = rng.range(2, maxSide);
    const border = rng.range(1, 3);
    const interior = rng.range(1, 4);
    const colour = (isBorder: boolean): number => (isBorder ? rng.range(1, border) : border + rng.range(1, interior));
    const n = width * height;
    // h[r][c]: joint between (r,c) and (r,c+1); v[r][c]: between (r,c) and (r+1,c).
    const onRim = (r: number, c: number): boolean => r === 0 || c === 0 || r === height - 1 || c === width - 1;
    const h = Array.from({ length: height }, (_, r) => Array.from({ length: width - 1 }, (_, c) => colour(onRim(r, c) && onRim(r, c + 1))));
    const v = Array.from({ length: height - 1 }, (_, r) => Array.from({ length: width }, (_, c) => colour(onRim(r, c) && onRim(r + 1, c))));
    const shown: Piece[] = [];
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        shown.push([r === 0 ? 0 : v[r - 1][c], c === width - 1 ? 0 : h[r][c], r === height - 1 ? 0 : v[r][c], c === 0 ? 0 : h[r][c - 1]]);
      }
    }
    const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
    const pieces: Piece[] = new Array(n);
    const clues: Clue[] = [];
    const nClues = rng.range(0, Math.min(3, n - 1));
    order.forEach((cell, k) => {
      const rot = rng.int(4) as Rotation;
      const s = shown[cell];
      pieces[k] = [s[rot & 3], s[(1 + rot) & 3], s[(2 + rot) & 3], s[(3 + rot) & 3]];
      if (k < nClues) clues.push({ cell, piece: k, rotation: rot });
    });
    const made = makeInstance(width, height, pieces, clues);
    if (made.ok) return made.value;
  }
}
