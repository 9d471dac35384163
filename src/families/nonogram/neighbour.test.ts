import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.ts';
import { cluesOf, verifySolution } from './puzzle.ts';
import { swapNeighbour } from './neighbour.ts';

describe('swapNeighbour', () => {
  it('finds the other diagonal of a 2x2 swap, and it solves the puzzle', () => {
    // 4x4 with one ambiguous 2x2 in the middle rows/columns: rows 1 and 2 are "#.#." / ".#.#" style
    const w = 4;
    const g = Uint8Array.from('1001010000101001'.split('').map(Number));
    const p = cluesOf(g, w, w);
    const alt = swapNeighbour(p, g);
    expect(alt).not.toBeNull();
    if (alt) {
      expect(verifySolution(p, alt).ok).toBe(true);
      expect(alt.join('')).not.toBe(g.join(''));
      expect([...alt].filter((x, i) => x !== g[i])).toHaveLength(4);
    }
  });
  it('returns null on a unique puzzle', () => {
    const g = Uint8Array.from('0010001110111110111000100'.split('').map(Number));
    expect(swapNeighbour(cluesOf(g, 5, 5), g)).toBeNull();
  });
  it('whatever it returns on random pictures is a different solution four cells away', () => {
    const rng = new Rng('swap');
    let hits = 0;
    for (let t = 0; t < 200; t++) {
      const w = rng.range(2, 9);
      const h = rng.range(2, 9);
      const g = Uint8Array.from({ length: w * h }, () => (rng.int(100) < 45 ? 1 : 0));
      const p = cluesOf(g, w, h);
      const alt = swapNeighbour(p, g);
      if (alt === null) continue;
      hits++;
      expect(verifySolution(p, alt).ok).toBe(true);
      expect([...alt].filter((x, i) => x !== g[i])).toHaveLength(4);
    }
    expect(hits).toBeGreaterThan(10);
  });
});
