import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../core/rng.ts';
import { cluesOf, makeNonogram, unwrapNonogram, verifySolution } from './puzzle.ts';
import { GENERATOR_V1_COUNT } from './ladder.ts';
import { countByBranching } from './portfolio.ts';
import { countSolutions, findSolution, hybridSearch } from './solver.ts';
import type { Nonogram } from './types.ts';
import { randomGrid } from '../../../test/random.ts';
import { LONG } from '../../../test/long.ts';

const P = (w: number, h: number, rows: number[][], cols: number[][]): Nonogram => unwrapNonogram(makeNonogram(w, h, rows, cols));

/** Brute-force count for tiny puzzles: an independent witness. */
function bruteCount(p: Nonogram): number {
  const n = p.width * p.height;
  let count = 0;
  const g = new Uint8Array(n);
  for (let m = 0; m < 1 << n; m++) {
    for (let i = 0; i < n; i++) g[i] = (m >> i) & 1;
    if (verifySolution(p, g).ok) count++;
  }
  return count;
}

describe('countSolutions', () => {
  it('unique: a 5x5 picture', () => {
    const grid = Uint8Array.from('0010001110111110111000100'.split('').map(Number));
    const p = cluesOf(grid, 5, 5);
    const v = countSolutions(p);
    expect(v.kind).toBe('unique');
    if (v.kind === 'unique') expect(Array.from(v.solution)).toEqual(Array.from(grid));
  });
  it('multiple: the 2x2 diagonal gives two verified witnesses', () => {
    const v = countSolutions(P(2, 2, [[1], [1]], [[1], [1]]));
    expect(v.kind).toBe('multiple');
    if (v.kind === 'multiple') {
      expect(v.solutions[0]).not.toEqual(v.solutions[1]);
      for (const s of v.solutions) expect(verifySolution(P(2, 2, [[1], [1]], [[1], [1]]), s).ok).toBe(true);
    }
  });
  it('none: row and column totals differ', () => {
    expect(countSolutions(P(2, 2, [[2], [1]], [[1], [1]])).kind).toBe('none');
  });
  it('none: totals agree but the clues cannot meet', () => {
    // 3x3: rows 1 1 / 0 / 1 1 and columns 3 / 0 / 3 — row 2 must be empty but columns 1 and 3 are full.
    expect(countSolutions(P(3, 3, [[1, 1], [], [1, 1]], [[3], [], [3]])).kind).toBe('none');
  });
  it('a budget stop is inconclusive, never none or multiple', () => {
    // A 12x12 with many solutions made of independent 2x2 diagonal swaps needs branching.
    const w = 12;
    const grid = new Uint8Array(w * w);
    for (let r = 0; r < w; r++) for (let c = 0; c < w; c++) grid[r * w + c] = (r + c) % 2 === 0 && (r >> 1) % 2 === (c >> 1) % 2 ? 1 : 0;
    const p = cluesOf(grid, w, w);
    const v = countSolutions(p, { budget: { maxNodes: 1 } });
    expect(v.kind).toBe('inconclusive');
    if (v.kind === 'inconclusive') expect(v.stop).toBe('node-limit');
    expect(countSolutions(p).kind).toBe('multiple');
    const ac = new AbortController();
    ac.abort();
    const c = countSolutions(p, { budget: { signal: ac.signal } });
    expect(c.kind === 'inconclusive' && c.stop === 'cancelled').toBe(true);
    const d = countSolutions(p, { budget: { deadlineMs: 0 } });
    expect(d.kind === 'inconclusive' && d.stop === 'deadline').toBe(true);
  });
  it('agrees with brute force on random small puzzles (counts 0, 1, 2+)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), fc.string(), (w, h, seed) => {
        const rng = new Rng(seed);
        const p = cluesOf(randomGrid(rng, w, h, 50), w, h);
        // Perturb one clue sometimes to reach 'none' cases.
        if (rng.chance(1, 3) && p.rows[0].length > 0) p.rows[0] = [Math.max(1, Math.min(w, p.rows[0][0] + 1))];
        const n = bruteCount(p);
        const want = n === 0 ? 'none' : n === 1 ? 'unique' : 'multiple';
        return countSolutions(p).kind === want && countSolutions(p, { dfsNodes: 0 }).kind === want;
      }),
      { numRuns: LONG ? 400 : 100, seed: 5 },
    );
  });
  it('find and count agree with the planted picture on random 15x15 grids', () => {
    const rng = new Rng('planted');
    for (let t = 0; t < 20; t++) {
      const g = randomGrid(rng, 15, 15, 55);
      const p = cluesOf(g, 15, 15);
      const f = findSolution(p);
      expect(f.kind).toBe('found');
      if (f.kind === 'found') expect(verifySolution(p, f.solution).ok).toBe(true);
      const v = countSolutions(p);
      expect(['unique', 'multiple']).toContain(v.kind);
      if (v.kind === 'unique') expect(Array.from(v.solution)).toEqual(Array.from(g));
    }
  });
  it('works without probing too (pure branching)', () => {
    const rng = new Rng('noprobe');
    for (let t = 0; t < 10; t++) {
      const g = randomGrid(rng, 8, 8, 50);
      const p = cluesOf(g, 8, 8);
      expect(countSolutions(p, { probing: false }).kind).toBe(countSolutions(p).kind);
    }
  });
  it('hands over to the CDCL stage after dfsNodes branching nodes, and its budget stop is inconclusive', () => {
    const w = 12;
    const grid = new Uint8Array(w * w);
    for (let r = 0; r < w; r++) for (let c = 0; c < w; c++) grid[r * w + c] = (r + c) % 2 === 0 && (r >> 1) % 2 === (c >> 1) % 2 ? 1 : 0;
    const p = cluesOf(grid, w, w);
    const r = hybridSearch(p, { limit: 2, dfsNodes: 0 });
    expect(r.stats.stage).toBe('cdcl');
    expect(r.stop).toBe('completed');
    expect(r.found).toHaveLength(2);
    for (const g of r.found) expect(verifySolution(p, g).ok).toBe(true);
    // limit 40: more solutions than swaps alone reach, so the CDCL search runs after the first one
    const many = hybridSearch(p, { limit: 40, dfsNodes: 0 });
    expect(many.found).toHaveLength(40);
    expect(new Set(many.found.map((g) => g.join(''))).size).toBe(40);
    expect(many.stats.decisions).toBeGreaterThan(0);
    // a node limit inside the CDCL stage (the branching stage spends its 5 nodes first)
    const cut = hybridSearch(p, { limit: 1000, dfsNodes: 5, budget: { maxNodes: 60 } });
    expect(cut.stats.stage).toBe('cdcl');
    expect(cut.stop).toBe('node-limit');
    expect(cut.found.length).toBeLessThan(1000);
    const v = countSolutions(p, { limit: 1000, dfsNodes: 5, budget: { maxNodes: 60 } });
    expect(v.kind).toBe('inconclusive');
    // without the CDCL stage the branching search goes on to the caller's budget
    expect(hybridSearch(p, { limit: 2, cdcl: false, dfsNodes: 0 }).stats.stage).toBe('dfs');
  });
  it('the CDCL stage proves none and unique as the branching search does', () => {
    expect(countSolutions(P(3, 3, [[1, 1], [], [1, 1]], [[3], [], [3]]), { dfsNodes: 0 }).kind).toBe('none');
    const rng = new Rng('cdcl-unique');
    for (let t = 0; t < 10; t++) {
      const g = randomGrid(rng, 10, 10, 55);
      const p = cluesOf(g, 10, 10);
      const a = countSolutions(p, { dfsNodes: 0 });
      const b = countSolutions(p, { cdcl: false });
      const c = countSolutions(p, { dfsNodes: 0, beliefPhases: false });
      expect(a.kind).toBe(b.kind);
      expect(c.kind).toBe(b.kind);
      if (a.kind === 'unique' && b.kind === 'unique') expect(Array.from(a.solution)).toEqual(Array.from(b.solution));
      if (c.kind === 'unique' && b.kind === 'unique') expect(Array.from(c.solution)).toEqual(Array.from(b.solution));
    }
  });
  it('a shared root probe gives the same verdicts as one probe per heuristic, with fewer nodes', () => {
    const rng = new Rng('share-root');
    let fewer = 0;
    for (let t = 0; t < 12; t++) {
      // sparse pictures: ambiguous enough that both heuristics get to search
      const g = randomGrid(rng, 18, 18, 30);
      const p = cluesOf(g, 18, 18);
      const shared = countSolutions(p, { cdcl: false });
      const apart = countSolutions(p, { cdcl: false, shareRoot: false });
      expect(shared.kind).toBe(apart.kind);
      if (shared.kind === 'unique' && apart.kind === 'unique') expect(Array.from(shared.solution)).toEqual(Array.from(apart.solution));
      if (shared.stats.nodes < apart.stats.nodes) fewer++;
    }
    expect(fewer).toBeGreaterThan(0);
  });
  it("countByBranching (generator v1's count) is countSolutions without clause learning: same verdicts and nodes", () => {
    const rng = new Rng('by-branching');
    const kinds = new Set<string>();
    for (let t = 0; t < 6; t++) {
      const g = randomGrid(rng, 14, 14, 32);
      const p = cluesOf(g, 14, 14);
      for (const maxNodes of [200, 40_000]) {
        const opts = { budget: { maxNodes }, ...GENERATOR_V1_COUNT };
        const a = countByBranching(p, opts);
        const b = countSolutions(p, opts);
        kinds.add(a.kind);
        expect(a.kind).toBe(b.kind);
        expect(a.stats.nodes).toBe(b.stats.nodes);
        if (a.kind === 'unique' && b.kind === 'unique') expect(Array.from(a.solution)).toEqual(Array.from(b.solution));
        if (a.kind === 'multiple' && b.kind === 'multiple') expect(a.solutions.map((x) => x.join(''))).toEqual(b.solutions.map((x) => x.join('')));
      }
    }
    // Both a completed count and a budget stop were compared.
    expect(kinds.has('inconclusive')).toBe(true);
    expect(kinds.size).toBeGreaterThan(1);
  });
});
