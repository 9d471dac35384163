import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.ts';
import { Board } from './board.ts';
import { cluesOf } from './puzzle.ts';
import { EMPTY, FILLED } from './types.ts';
import { partialGrid, randomGrid } from '../../../test/random.ts';

describe('Board line cache', () => {
  it('changes nothing: propagation through a warm cache equals propagation on a fresh board', () => {
    const rng = new Rng('board-cache');
    for (let t = 0; t < 20; t++) {
      // long lines (multi-word solver) and short ones
      const w = t % 2 === 0 ? 40 + rng.int(30) : 5 + rng.int(20);
      const h = 5 + rng.int(40);
      const sol = randomGrid(rng, w, h, 55);
      const p = cluesOf(sol, w, h);
      const warm = new Board(p);
      const grids: Uint8Array[] = [];
      for (let k = 0; k < 30; k++) {
        // partial grids, some inconsistent with the clues (a random cell set against the picture)
        const g = partialGrid(rng, sol, 25);
        if (k % 3 === 0) g[rng.int(g.length)] = rng.int(2) === 0 ? FILLED : EMPTY;
        grids.push(g);
      }
      for (let pass = 0; pass < 2; pass++) {
        for (const g of grids) {
          const a = g.slice();
          const b = g.slice();
          const okWarm = warm.propagate(a, null);
          const okFresh = new Board(p).propagate(b, null);
          expect(okWarm).toBe(okFresh);
          if (okFresh) expect(Array.from(a)).toEqual(Array.from(b));
        }
      }
      expect(warm.cacheHits).toBeGreaterThan(0);
    }
  });
});
