/**
 * What a solution is (src/families/edgematch/distinct.ts): on crafted boards whose colouring is
 * unique, one with a piece that looks the same turned half way and one with two identical pieces,
 * every engine counts one solution as colourings (the default) and two as placements, and the boards
 * it gives verify. A board of distinct asymmetric pieces counts alike under both readings.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/core/result.ts';
import type { Verdict } from '../src/core/verdict.ts';
import { countBy } from '../src/cli/engine.ts';
import { FAMILIES } from '../src/families/index.ts';
import { countBacktrack } from '../src/families/edgematch/backtrack.ts';
import { canonicalBoard, colouringKey, pieceClasses, readingsAgree } from '../src/families/edgematch/distinct.ts';
import { generatePlanted } from '../src/families/edgematch/planted.ts';
import { makeInstance, verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Board, Instance, Piece } from '../src/families/edgematch/types.ts';
import { countEdgematch } from '../src/families/edgematch/xcc-model.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';

const edgematch = FAMILIES.edgematch;
const ENGINES = ['backtrack', 'xcc', ...(availableBinaries().length > 0 ? ['sat'] : []), 'turns'];

/**
 * A board from its joints' colours: `across[r][c]` between cells (r, c) and (r, c + 1), `down[r][c]`
 * between (r, c) and (r + 1, c); every piece listed as it sits (rotation 0), the top-left corner clued.
 */
function fromJoints(width: number, height: number, across: number[][], down: number[][]): Instance {
  const pieces: Piece[] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      pieces.push([r > 0 ? down[r - 1][c] : 0, c + 1 < width ? across[r][c] : 0, r + 1 < height ? down[r][c] : 0, c > 0 ? across[r][c - 1] : 0]);
    }
  }
  return unwrap(makeInstance(width, height, pieces, [{ cell: 0, piece: 0, rotation: 0 }]));
}

// 3x3, distinct border colours 1..8; the centre shows 9 north and south, 10 east and west.
const SYMMETRIC = fromJoints(
  3,
  3,
  [
    [1, 2],
    [10, 10],
    [3, 4],
  ],
  [
    [5, 9, 6],
    [7, 9, 8],
  ],
);
// 3x3 whose north and south edge pieces are the same piece turned: [0, 1, 9, 2] and [9, 2, 0, 1].
const DUPLICATE = fromJoints(
  3,
  3,
  [
    [2, 1],
    [10, 11],
    [1, 2],
  ],
  [
    [5, 9, 6],
    [7, 9, 8],
  ],
);

const total = (v: Verdict<unknown>): number => (v.kind === 'unique' ? 1 : v.kind === 'multiple' ? v.solutions.length : -1);
const boards = (v: Verdict<unknown>): Board[] => (v.kind === 'unique' ? [v.solution as Board] : v.kind === 'multiple' ? (v.solutions as Board[]) : []);

describe('edge matching: what a distinct solution is', () => {
  it('the crafted boards are what they say', () => {
    expect(pieceClasses(SYMMETRIC.pieces).turns[4]).toEqual([0, 1]);
    expect(readingsAgree(pieceClasses(SYMMETRIC.pieces))).toBe(false);
    const dup = pieceClasses(DUPLICATE.pieces);
    expect(dup.members[1]).toEqual([1, 7]);
    expect(dup.turns.every((t) => t.length === 4)).toBe(true);
    // The library's Algorithm C counts placements, as it always has.
    expect(total(countEdgematch(SYMMETRIC, { limit: 10 }))).toBe(2);
    expect(total(countEdgematch(DUPLICATE, { limit: 10 }))).toBe(2);
  });

  for (const [name, inst] of [
    ['a half-turn-symmetric piece', SYMMETRIC],
    ['two identical pieces', DUPLICATE],
  ] as const) {
    for (const engine of ENGINES) {
      it(`${name}, ${engine}: one colouring, two placements`, async () => {
        const col = await countBy(edgematch, inst, engine, { limit: 10 });
        expect(total(col)).toBe(1);
        const strict = await countBy(edgematch, inst, engine, { limit: 10, distinct: 'placements' });
        expect(total(strict)).toBe(2);
        for (const b of [...boards(col), ...boards(strict)]) expect(verifyBoard(inst, b).ok).toBe(true);
        const [a, b] = boards(strict);
        expect(colouringKey(inst, a)).toBe(colouringKey(inst, b));
        expect(canonicalBoard(inst, a)).toEqual(canonicalBoard(inst, b));
      });
    }
  }

  it('boards of distinct asymmetric pieces count alike under both readings, with the same boards; others no more as colourings', () => {
    let agreeing = 0;
    let differing = 0;
    for (let s = 0; s < 8; s++) {
      const { instance } = unwrap(generatePlanted({ width: 4, height: 4, borderColours: 3, interiorColours: 2 + s, clues: 0 }, `distinct-${s}`));
      const a = countBacktrack(instance, { limit: 50 });
      const b = countBacktrack(instance, { limit: 50, distinct: 'colourings' });
      for (const x of boards(b)) expect(verifyBoard(instance, x).ok).toBe(true);
      expect(new Set(boards(b).map((x) => colouringKey(instance, x))).size).toBe(total(b));
      if (readingsAgree(pieceClasses(instance.pieces))) {
        agreeing++;
        expect(b.kind).toBe(a.kind);
        expect(boards(b)).toEqual(boards(a));
      } else {
        differing++;
        expect(total(b)).toBeLessThanOrEqual(total(a));
        // A placement count that finished holds every colouring: as many as the colouring count.
        if (total(a) < 50) expect(new Set(boards(a).map((x) => colouringKey(instance, x))).size).toBe(total(b));
      }
    }
    expect(agreeing).toBeGreaterThan(0);
    expect(differing).toBeGreaterThan(0);
  });
});
