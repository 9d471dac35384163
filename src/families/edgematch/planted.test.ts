import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../core/result.ts';
import { Rng } from '../../core/rng.ts';
import { makeEdgematchId } from './formats/index.ts';
import {
  clueCells,
  COLOUR_PROFILES,
  E2_PARAMS,
  generatePlanted,
  makeGeneratorParams,
  paramsProblem,
  parseGeneratorParams,
  profileParams,
  type EdgematchParams,
} from './planted.ts';
import { maxScore, paletteReport, pieceKey, verifyBoard } from './puzzle.ts';
import type { Instance } from './types.ts';

/** How many piece sides show each colour. */
function sideCounts(inst: Instance): Map<number, number> {
  const m = new Map<number, number>();
  for (const p of inst.pieces) for (const c of p) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

const spread = (counts: number[]): number => Math.max(...counts) - Math.min(...counts);

describe('planted edge-matching generator', () => {
  it('is deterministic: same params and seed, same puzzle (golden)', () => {
    const params = { width: 4, height: 3, borderColours: 2, interiorColours: 3, clues: 2 };
    const a = unwrap(generatePlanted(params, 'golden'));
    expect(unwrap(generatePlanted(params, 'golden'))).toEqual(a);
    expect(makeEdgematchId(unwrap(generatePlanted(params, 'golden2')).instance)).not.toBe(makeEdgematchId(a.instance));
    expect(makeEdgematchId(a.instance)).toBe('edgematch:4x3:001202201410543342012520021023100110023132013455.5-11-3.10-9-2');
    expect(a.solution.map((p) => `${p.piece}:${p.rotation}`).join(' ')).toBe('1:0 4:2 2:1 6:1 7:0 11:3 3:3 10:3 0:2 5:3 9:2 8:2');
  });

  it('plants a solution with full score: 2N(N-1) on N×N boards, 264 at 12×12 and 480 at 16×16', () => {
    for (const [params, full] of [
      [profileParams('official', 12), 264],
      [E2_PARAMS, 480],
      [profileParams('interior-22', 16), 480],
      [{ width: 7, height: 3, borderColours: 2, interiorColours: 4 }, 32],
    ] as const) {
      const { instance, solution } = unwrap(generatePlanted(params, 'full'));
      expect(verifyBoard(instance, solution)).toEqual({ ok: true, score: full, maxScore: full, problems: [] });
      expect(maxScore(instance.width, instance.height)).toBe(full);
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 30 }),
        fc.string({ maxLength: 6 }),
        (width, height, b, i, seed) => {
          const { instance, solution } = unwrap(generatePlanted({ width, height, borderColours: b, interiorColours: i }, seed));
          const v = verifyBoard(instance, solution);
          return v.ok && v.score === width * (height - 1) + height * (width - 1) && instance.clues.length === Math.min(5, width * height);
        },
      ),
      { seed: 5, numRuns: 80 },
    );
  });

  it('uses each colour of a palette about equally (joint counts differ by at most 1)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 16 }),
        fc.integer({ min: 3, max: 16 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 25 }),
        fc.string({ maxLength: 6 }),
        (width, height, b, i, seed) => {
          const { instance } = unwrap(generatePlanted({ width, height, borderColours: b, interiorColours: i }, seed));
          const counts = sideCounts(instance);
          const pal = paletteReport(instance.pieces);
          if (pal.shared.length > 0) return false;
          // Every border colour is one of 1..b, every interior colour one of b+1..b+i.
          if (!pal.border.every((c) => c >= 1 && c <= b) || !pal.interior.every((c) => c > b && c <= b + i)) return false;
          const of = (first: number, n: number) => Array.from({ length: n }, (_, k) => counts.get(first + k) ?? 0);
          // Each joint shows its colour on two sides: a difference of one joint is two sides.
          return spread(of(1, b)) <= 2 && spread(of(b + 1, i)) <= 2;
        },
      ),
      { seed: 9, numRuns: 100 },
    );
  });

  it('gives the Eternity II profile at 16×16 with 5 + 17 colours, and the other reading of "22 colours"', () => {
    const { instance } = unwrap(generatePlanted(E2_PARAMS, 'e2'));
    const counts = sideCounts(instance);
    const pal = paletteReport(instance.pieces);
    expect(pal.border).toEqual([1, 2, 3, 4, 5]);
    expect(pal.interior.length).toBe(17);
    expect(pal.border.map((c) => counts.get(c))).toEqual([24, 24, 24, 24, 24]);
    const interiorCounts = pal.interior.map((c) => counts.get(c) ?? 0).sort((x, y) => x - y);
    expect(interiorCounts).toEqual([...new Array(5).fill(48), ...new Array(12).fill(50)]);
    expect(counts.get(0)).toBe(64);
    expect(instance.clues.map((c) => c.cell)).toEqual([34, 45, 135, 210, 221]);
    const other = unwrap(generatePlanted(profileParams('interior-22', 16), 'e2'));
    expect(paletteReport(other.instance.pieces).interior.length).toBe(22);
    expect(COLOUR_PROFILES.official.borderColours + COLOUR_PROFILES.official.interiorColours).toBe(22);
    // Most E2-profile pieces are distinct up to rotation, as in the real set.
    expect(new Set(instance.pieces.map(pieceKey)).size).toBeGreaterThan(240);
  });

  it('shuffles and turns the pieces, and fixes K clue cells from the solution', () => {
    const { instance, solution } = unwrap(generatePlanted({ ...E2_PARAMS, clues: 9 }, 'turns'));
    const rotations = new Set(solution.map((p) => p.rotation));
    expect([...rotations].sort()).toEqual([0, 1, 2, 3]);
    expect(solution.filter((p, cell) => p.piece === cell).length).toBeLessThan(20);
    expect(instance.clues.length).toBe(9);
    for (const c of instance.clues) expect(solution[c.cell]).toEqual({ piece: c.piece, rotation: c.rotation });
    expect(unwrap(generatePlanted({ ...E2_PARAMS, clues: 0 }, 'turns')).instance.clues).toEqual([]);
    // Small boards: the preferred cells collapse, random ones make up the count.
    expect(new Set(clueCells(3, 3, 5, new Rng('x'))).size).toBe(5);
    expect(clueCells(2, 2, 5, new Rng('x')).length).toBe(4);
  });

  it('reads and writes its params, and refuses impossible ones', () => {
    expect(makeGeneratorParams(E2_PARAMS)).toBe('16x16-b5-i17-k5');
    expect(unwrap(parseGeneratorParams('16x16-b5-i17-k5'))).toEqual(E2_PARAMS);
    expect(unwrap(parseGeneratorParams('12x8-b3-i9'))).toEqual({ width: 12, height: 8, borderColours: 3, interiorColours: 9, clues: 5 });
    expect(parseGeneratorParams('16x16-b0-i17')).toMatchObject({ ok: false, error: { message: 'at least one border colour is needed' } });
    expect(parseGeneratorParams('16x16')).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX' } });
    const bad = (p: Partial<EdgematchParams>) => paramsProblem({ ...E2_PARAMS, ...p });
    expect(bad({ width: 1 })).toContain('board sides must be');
    expect(bad({ interiorColours: 0 })).toContain('at least one interior colour');
    expect(bad({ width: 2, height: 2, interiorColours: 0, clues: 0 })).toBeNull();
    expect(bad({ clues: 300 })).toContain('do not fit');
    expect(generatePlanted({ ...E2_PARAMS, borderColours: 0 }, 's')).toMatchObject({ ok: false, error: { code: 'ERR_SIZE' } });
  });
});
