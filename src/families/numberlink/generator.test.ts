import { describe, expect, it } from 'vitest';
import { makeNumberlinkId } from './formats.ts';
import { generateNumberlink, makeParams, pairCount, parseParams, randomCover } from './generator.ts';
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

  it('random covers are exact covers by paths of 3+ cells with non-adjacent ends', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const cover = randomCover(new Rng(seed), 9, 7, 6);
      expect(cover).not.toBeNull();
      const cells = cover!.flat().sort((x, y) => x - y);
      expect(cells).toEqual(Array.from({ length: 63 }, (_, i) => i));
      for (const path of cover!) {
        expect(path.length).toBeGreaterThanOrEqual(3);
        for (let t = 0; t + 1 < path.length; t++) expect([1, 9]).toContain(Math.abs(path[t] - path[t + 1]));
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
    const h = generateNumberlink({ width: 10, height: 10, level: 'hard', rule: 'strict' }, 'x', {}, { maxAttempts: 1, maxRepairs: 0, certificateNodes: 10 });
    expect(h.ok).toBe(false);
    if (!h.ok) expect(h.diagnostics.attempts).toBe(1);
  });
});
