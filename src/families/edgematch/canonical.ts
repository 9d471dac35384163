/**
 * The canonical form of an edge-matching puzzle for catalogue de-duplication. What a player gets is a
 * set of pieces (each may be turned, so a piece is its least rotation) and the clues fixed on the board:
 * the form is the sorted multiset of pieces in their least rotations, plus the clues (cell and the
 * colours shown there) under the board turns that keep its size (4 for a square, the half turn for other
 * rectangles), the least serialisation. Pieces are never flipped, so mirror images stay distinct; the
 * order of the piece list and colour names other than by number are not normalised further (two puzzles
 * that differ only by renaming colours are counted as different).
 */
import { gridSymmetries } from '../../core/symmetry.ts';
import { pieceKey, rotatePiece } from './puzzle.ts';
import type { Instance } from './types.ts';

export function canonicalEdgematch(puzzle: Instance): string {
  const { width, height } = puzzle;
  const pieces = puzzle.pieces.map(pieceKey).sort().join(';');
  let best: string | undefined;
  for (const sym of gridSymmetries(width, height, { mirrors: false })) {
    const clues = puzzle.clues
      .map((c) => ({ cell: sym.cell(c.cell), shown: rotatePiece(puzzle.pieces[c.piece], c.rotation + sym.turns).join(',') }))
      .sort((a, b) => a.cell - b.cell)
      .map((c) => `${c.cell}=${c.shown}`)
      .join(';');
    if (best === undefined || clues < best) best = clues;
  }
  return `edgematch:${width}x${height}:${pieces}|${best ?? ''}`;
}
