/** Random pictures and partial grids for tests (seeded: the same on every run). */
import type { Rng } from '../src/core/rng.ts';
import { EMPTY, FILLED, UNKNOWN } from '../src/families/nonogram/types.ts';

/** A w×h 0/1 picture with each cell filled with probability pct/100. */
export function randomGrid(rng: Rng, w: number, h: number, pct: number): Uint8Array {
  return Uint8Array.from({ length: w * h }, () => (rng.int(100) < pct ? 1 : 0));
}

/** A partial grid (UNKNOWN / FILLED / EMPTY) showing each cell of `picture` with probability knownPct/100. */
export function partialGrid(rng: Rng, picture: Uint8Array, knownPct: number): Uint8Array {
  return Uint8Array.from(picture, (x) => (rng.int(100) < knownPct ? (x === 1 ? FILLED : EMPTY) : UNKNOWN));
}
