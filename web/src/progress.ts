/**
 * Progress counters shown beside a board, computed from the player's marks alone (never from a
 * solution): Numberlink's "pairs joined · filled", edge matching's "pieces placed · joints matched".
 * Pure, so Node tests hold them to their definitions.
 */
import { nextLinked } from '../../src/families/numberlink/puzzle.ts';
import type { Numberlink } from '../../src/families/numberlink/types.ts';

export interface NumberlinkProgress {
  /** Pairs whose two endpoints are joined by one drawn path. */
  joined: number;
  pairs: number;
  /** Cells with at least one link drawn (an endpoint counts once a path leaves it). */
  filled: number;
  cells: number;
  /** `filled` of `cells` in whole percent, rounded down: 100 only when every cell is on a path. */
  percent: number;
}

/** How far a Numberlink board is: pairs joined, and how much of the board the drawn paths cover. */
export function numberlinkProgress(p: Pick<Numberlink, 'width' | 'height' | 'pairs'>, links: ArrayLike<number>): NumberlinkProgress {
  const cells = p.width * p.height;
  let filled = 0;
  for (let i = 0; i < cells; i++) if (links[i] !== 0) filled++;
  let joined = 0;
  for (const [a, b] of p.pairs) {
    // From one endpoint along the links (cells have at most two, so this is a simple path) to its end.
    let prev = -1;
    let cur = a;
    for (let steps = 0; steps <= cells; steps++) {
      const next = nextLinked(p, links, cur, prev);
      if (next < 0) break;
      prev = cur;
      cur = next;
      if (cur === b || cur === a) break;
    }
    if (cur === b) joined++;
  }
  return { joined, pairs: p.pairs.length, filled, cells, percent: Math.floor((100 * filled) / cells) };
}

export interface EdgematchProgress {
  /** Cells holding a piece (clues among them). */
  placed: number;
  cells: number;
}

/** How many of an edge-matching board's cells hold a piece. */
export function edgematchProgress(board: readonly (unknown | null)[]): EdgematchProgress {
  return { placed: board.filter((x) => x !== null).length, cells: board.length };
}
