/**
 * Numberlink (Flow, Arukone): pairs of equal labels on a grid are joined by paths along cell edges;
 * paths never cross or branch and together cover every cell. Grids are row-major, index = row * width + col.
 *
 * Rule sets, each stronger than the one before (so uniqueness under `strict` implies it under the others):
 * - `strict`: paths cover every cell; a path may run beside itself;
 * - `no-2x2`: additionally no 2×2 block of cells belongs to one path;
 * - `no-touch`: additionally two cells of one path are side by side only where they are consecutive on it.
 */
export const RULES = ['strict', 'no-2x2', 'no-touch'] as const;
export type Rule = (typeof RULES)[number];

export function isRule(s: string): s is Rule {
  return (RULES as readonly string[]).includes(s);
}

export interface Numberlink {
  width: number;
  height: number;
  rule: Rule;
  /** The two endpoint cells of each pair, the smaller index first; pairs are ordered by their first endpoint. */
  pairs: [number, number][];
  /** The label each pair had in its source (one character or a number), for writing it back. */
  labels: string[];
}

/** Directions as link bits: a cell's links say which neighbours its path continues to. */
export const N = 1;
export const E = 2;
export const S = 4;
export const W = 8;
export const DIRS = [N, E, S, W] as const;
export const OPPOSITE: Record<number, number> = { [N]: S, [E]: W, [S]: N, [W]: E };

/**
 * A solution: for every cell, the bits of the directions its path continues to (one bit at an
 * endpoint, two elsewhere). The links define the paths; which pair a cell belongs to follows from them.
 */
export type Solution = Uint8Array;
