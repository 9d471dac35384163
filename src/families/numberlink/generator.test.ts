import { describe, expect, it } from 'vitest';
import { makeNumberlinkId } from './formats.ts';
import { generateNumberlink, makeParams, noTouchCover, pairCount, parseParams, randomHamiltonianPath } from './generator.ts';
import { verifySolution } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import { Rng } from '../../core/rng.ts';

describe('numberlink generator (experimental)', () => {
  it('parses and makes params; pair counts follow the formula', () => {
    expect(parseParams('10x15-hard')).toMatchObject({ ok: true, value: { width: 10, height: 15, level: 'hard', rule: 'strict' } });
    const r = parseParams('10x15-hard-no-2x2');
    expect(r.ok && makeParams(r.value)).toBe('10x15-hard-no-2x2');
    for (const bad of ['', '4x4', '10x15-insane', '10x15-hard-loose', '100x5']) expect(parseParams(bad).ok).toBe(false);
    // round(α √(WH) β): 10x10 → 5, 7, 9 (8.5 rounds up), 10; 10x15 expert → round(12.25 · 1.05) = 13.
    expect(['easy', 'medium', 'hard', 'expert'].map((l) => pairCount(10, 10, l as never))).toEqual([5, 7, 9, 10]);
    expect(pairCount(10, 15, 'expert')).toBe(13);
  });

  it('random Hamiltonian paths visit every cell once; no-touch covers are exact covers by paths that never touch themselves', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const path = randomHamiltonianPath(new Rng(seed), 9, 7);
      expect([...path].sort((x, y) => x - y)).toEqual(Array.from({ length: 63 }, (_, i) => i));
      for (let t = 0; t + 1 < path.length; t++) expect([1, 9]).toContain(Math.abs(path[t] - path[t + 1]));
      const cover = noTouchCover(new Rng(seed), 9, 7);
      if (!cover) continue;
      expect(cover.flat().sort((x, y) => x - y)).toEqual(Array.from({ length: 63 }, (_, i) => i));
      for (const piece of cover) {
        expect(piece.length).toBeGreaterThanOrEqual(3);
        const at = new Map(piece.map((c, t) => [c, t]));
        // Side by side only where consecutive (pieces of under 3 cells joined to the one before may touch).
        let touching = 0;
        for (const [c, t] of at) for (const d of [1, 9]) if (at.has(c + d) && Math.abs(at.get(c + d)! - t) !== 1 && (d === 9 || (c % 9) !== 8)) touching++;
        expect(touching).toBeLessThanOrEqual(2);
      }
    }
  });

  it('returns only puzzles certified unique whose solution verifies; the same seed gives the same puzzle', () => {
    for (const level of ['easy', 'expert'] as const) {
      const g = generateNumberlink({ width: 7, height: 7, level, rule: 'strict' }, 'cert');
      if (!g.ok) throw new Error(g.message);
      expect(g.certificate.kind).toBe('unique');
      expect(verifySolution(g.puzzle, g.solution).ok).toBe(true);
      expect(countSolutions(g.puzzle).kind).toBe('unique');
      const again = generateNumberlink({ width: 7, height: 7, level, rule: 'strict' }, 'cert');
      expect(again.ok && makeNumberlinkId(again.puzzle)).toBe(makeNumberlinkId(g.puzzle));
      expect(g.id).toBe(`numberlink@0:7x7-${level}#cert`);
    }
  });

  it('a budget that runs out is a typed failure, never an exception or an uncertified puzzle', () => {
    const g = generateNumberlink({ width: 20, height: 20, level: 'hard', rule: 'strict' }, 'x', { deadlineMs: 1 });
    expect(g).toMatchObject({ ok: false, reason: 'deadline' });
    const h = generateNumberlink({ width: 10, height: 10, level: 'hard', rule: 'strict' }, 'x', {}, { maxAttempts: 1, maxRepairs: 0, certificateNodes: 1 });
    expect(h.ok).toBe(false);
    if (!h.ok) expect(h.diagnostics.attempts).toBe(1);
  });
});
