/**
 * The canonical form of a Nonogram for catalogue de-duplication: its solution grid under the grid's
 * size-keeping symmetries (8 for a square, 4 for other rectangles), the least serialisation. A unique
 * puzzle is determined by its solution (the clues are read off it), and turning or mirroring the grid
 * turns or mirrors the clues, so two puzzles with the same form are one puzzle seen differently.
 */
import { gridSymmetries } from '../../core/symmetry.ts';
import { canonicalColour, isColourPuzzle } from './colour.ts';
import type { Nonogram, Solution } from './types.ts';

export function canonicalNonogram(puzzle: Nonogram, solution: Solution): string {
  if (isColourPuzzle(puzzle)) return canonicalColour(puzzle, solution);
  const { width, height } = puzzle;
  let best: string | undefined;
  for (const sym of gridSymmetries(width, height)) {
    const cells = new Array<string>(width * height);
    for (let i = 0; i < width * height; i++) cells[sym.cell(i)] = solution[i] === 1 ? '#' : '.';
    const text = cells.join('');
    if (best === undefined || text < best) best = text;
  }
  return `nonogram:${width}x${height}:${best ?? ''}`;
}
