/**
 * The canonical form of a Numberlink for catalogue de-duplication: the endpoint grid under the grid's
 * size-keeping symmetries (8 for a square, 4 for other rectangles), its pairs renumbered 1, 2, ... in
 * the order a row-major scan meets them (labels are names, not content), the least serialisation,
 * with the rule set (the same grid under another rule set is another puzzle).
 */
import { gridSymmetries } from '../../core/symmetry.ts';
import type { Numberlink } from './types.ts';

export function canonicalNumberlink(puzzle: Numberlink): string {
  const { width, height } = puzzle;
  const n = width * height;
  const grid = new Array<number>(n).fill(0);
  puzzle.pairs.forEach(([a, b], k) => {
    grid[a] = k + 1;
    grid[b] = k + 1;
  });
  let best: string | undefined;
  for (const sym of gridSymmetries(width, height)) {
    const moved = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) moved[sym.cell(i)] = grid[i];
    const renumber = new Map<number, number>();
    const text = moved
      .map((v) => {
        if (v === 0) return '0';
        let m = renumber.get(v);
        if (m === undefined) renumber.set(v, (m = renumber.size + 1));
        return String(m);
      })
      .join('.');
    if (best === undefined || text < best) best = text;
  }
  return `numberlink:${width}x${height}-${puzzle.rule}:${best ?? ''}`;
}
