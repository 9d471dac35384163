import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../core/result.ts';
import { Rng } from '../../core/rng.ts';
import { verdictSolutions } from '../../core/verdict.ts';
import { generatePlanted } from './planted.ts';
import { greyMask, makeInstance, neighbour, rimMask, rotatePiece, shownColour, verifyBoard } from './puzzle.ts';
import type { Board, Clue, Instance, Piece, Placement, Rotation } from './types.ts';
import { countEdgematch, edgematchModel, findEdgematch, forEachEdgematch, pieceSymmetries } from './xcc-model.ts';

/**
 * Every solving board by plain backtracking over cells in row-major order: every unused piece in every
 * rotation, kept when it shows grey exactly on the rim, matches its west and north neighbours and its
 * clue. Independent of the XCC model (no items, no options).
 */
function bruteForce(inst: Instance): Board[] {
  const { width: w, height: h, pieces } = inst;
  const n = w * h;
  const clueAt = new Map(inst.clues.map((c) => [c.cell, c]));
  const board: (Placement | null)[] = new Array(n).fill(null);
  const used = new Array<boolean>(n).fill(false);
  const out: Board[] = [];
  const go = (cell: number): void => {
    if (cell === n) {
      out.push(board.map((p) => ({ ...p! })));
      return;
    }
    for (let p = 0; p < n; p++) {
      if (used[p]) continue;
      for (let r = 0; r < 4; r++) {
        const cl = clueAt.get(cell);
        if (cl && (cl.piece !== p || cl.rotation !== r)) continue;
        let fits = true;
        for (let d = 0; d < 4 && fits; d++) {
          const c = shownColour(pieces[p], r, d);
          const j = neighbour(w, h, cell, d);
          if (j < 0) fits = c === 0;
          else if (c === 0) fits = false;
          else if (j < cell) {
            const q = board[j]!;
            fits = shownColour(pieces[q.piece], q.rotation, (d + 2) & 3) === c;
          }
        }
        if (!fits) continue;
        used[p] = true;
        board[cell] = { piece: p, rotation: r as Rotation };
        go(cell + 1);
        board[cell] = null;
        used[p] = false;
      }
    }
  };
  go(0);
  return out;
}

const key = (b: Board): string => b.map((p) => `${p!.piece}:${p!.rotation}`).join(' ');

/** A planted instance, optionally with one colour of one interior joint side changed (often no solution) and some clues. */
const instanceArb = fc
  .record({
    width: fc.integer({ min: 2, max: 3 }),
    height: fc.integer({ min: 2, max: 3 }),
    b: fc.integer({ min: 1, max: 3 }),
    i: fc.integer({ min: 1, max: 3 }),
    seed: fc.string({ maxLength: 6 }),
    perturb: fc.boolean(),
    clues: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ width, height, b, i, seed, perturb, clues }) => {
    const { instance, solution } = unwrap(generatePlanted({ width, height, borderColours: b, interiorColours: i, clues: 0 }, seed));
    const rng = new Rng(`xcc-test/${seed}`);
    let pieces: Piece[] = instance.pieces.map((p) => [...p] as unknown as Piece);
    if (perturb) {
      const p = rng.int(pieces.length);
      const sides = [0, 1, 2, 3].filter((d) => pieces[p][d] !== 0);
      const d = rng.pick(sides);
      const copy = [...pieces[p]];
      copy[d] = copy[d] === 1 ? 2 : copy[d] - 1;
      pieces = pieces.map((q, k) => (k === p ? (copy as unknown as Piece) : q));
    }
    const cells = rng.shuffle(Array.from({ length: width * height }, (_, c) => c)).slice(0, clues);
    const cl: Clue[] = cells.map((cell) => ({ cell, piece: solution[cell]!.piece, rotation: solution[cell]!.rotation }));
    const made = makeInstance(width, height, pieces, cl);
    return made.ok ? made.value : unwrap(makeInstance(width, height, pieces, []));
  });

describe('edge matching as exact cover with colours', () => {
  it('builds one option per (cell, piece, rotation) fitting the frame and the clues', () => {
    const { instance } = unwrap(generatePlanted({ width: 4, height: 3, borderColours: 2, interiorColours: 3, clues: 1 }, 'model'));
    const m = edgematchModel(instance);
    const n = 12;
    const clue = instance.clues[0];
    let expected = 0;
    for (let c = 0; c < n; c++) {
      for (let p = 0; p < n; p++) {
        for (let r = 0; r < 4; r++) {
          if (greyMask(instance.pieces[p], r) !== rimMask(4, 3, c)) continue;
          if ((c === clue.cell || p === clue.piece) && !(c === clue.cell && p === clue.piece && r === clue.rotation)) continue;
          expected++;
        }
      }
    }
    expect(m.problem.optionCount).toBe(expected);
    expect(m.problem.primary).toBe(2 * n);
    // Interior joints: all joints minus none (every joint between two cells is a secondary item).
    expect(m.joints).toBe(4 * 2 + 3 * 3);
    for (let k = 0; k < m.problem.optionCount; k++) expect(greyMask(instance.pieces[m.piece[k]], m.rotation[k])).toBe(rimMask(4, 3, m.cell[k]));
  });

  it('finds the planted solution and certifies uniqueness of a distinct-piece instance; every board passes the verifier', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const { instance, solution } = unwrap(generatePlanted({ width: 5, height: 5, borderColours: 4, interiorColours: 9, clues: 2 }, seed));
      const v = countEdgematch(instance, { limit: 2 });
      expect(v.stop).toBe('completed');
      for (const b of verdictSolutions(v)) expect(verifyBoard(instance, b).ok).toBe(true);
      if (v.kind === 'unique') expect(v.solution).toEqual(solution);
      const f = findEdgematch(instance);
      expect(f.kind).toBe('found');
      if (f.kind === 'found') expect(verifyBoard(instance, f.solution).ok).toBe(true);
    }
  });

  it('counts boards: a symmetric piece in two rotations and swapped duplicates are distinct solutions', () => {
    // 2x2: four corners. Solved listed: [0,1,2,0] [0,0,1,1]... build from a coloured 2x2 board.
    // Joints: top E = 1, bottom E = 1, left S = 2, right S = 2: corners TL [0,1,2,0], TR [0,0,2,1], BL [2,1,0,0], BR [2,0,0,1].
    const pieces: Piece[] = [
      [0, 1, 2, 0],
      [0, 0, 2, 1],
      [2, 1, 0, 0],
      [2, 0, 0, 1],
    ];
    const inst = unwrap(makeInstance(2, 2, pieces));
    const all = bruteForce(inst);
    // TL and BR are the same piece up to rotation (a half turn), as are TR and BL: the board turned
    // by a half turn and the swaps of the duplicate pairs all solve it.
    expect(pieceSymmetries(inst.pieces).duplicates).toEqual([
      [0, 3],
      [1, 2],
    ]);
    const v = countEdgematch(inst, { limit: 100 });
    expect(v.kind).toBe('multiple');
    if (v.kind === 'multiple') expect(v.solutions.map(key).sort()).toEqual(all.map(key).sort());
    // A half-turn-symmetric interior piece: N = S and E = W.
    expect(
      pieceSymmetries([
        [3, 4, 3, 4],
        [0, 0, 1, 2],
        [5, 5, 5, 5],
      ]).symmetric,
    ).toEqual([0, 2]);
    expect(rotatePiece([3, 4, 3, 4], 2)).toEqual([3, 4, 3, 4]);
  });

  it('agrees exactly with a brute-force enumeration of boards on random 2x2 to 3x3 instances', () => {
    const kinds = { none: 0, one: 0, several: 0 };
    fc.assert(
      fc.property(instanceArb, (inst) => {
        const brute = bruteForce(inst);
        const seen: string[] = [];
        const e = forEachEdgematch(inst, (b) => {
          seen.push(key(b));
          expect(verifyBoard(inst, b).ok).toBe(true);
        });
        expect(e.stop).toBe('completed');
        expect(seen.sort()).toEqual(brute.map(key).sort());
        const v = countEdgematch(inst, { limit: 2 });
        expect(v.kind).toBe(brute.length === 0 ? 'none' : brute.length === 1 ? 'unique' : 'multiple');
        kinds[brute.length === 0 ? 'none' : brute.length === 1 ? 'one' : 'several']++;
      }),
      { seed: 17, numRuns: 150 },
    );
    // The generator of instances covers all three cases.
    expect(kinds.none).toBeGreaterThan(5);
    expect(kinds.one).toBeGreaterThan(5);
    expect(kinds.several).toBeGreaterThan(5);
  });

  it('a budget stop is inconclusive, never none or unique', () => {
    const { instance } = unwrap(generatePlanted({ width: 6, height: 6, borderColours: 2, interiorColours: 3, clues: 0 }, 'budget'));
    const v = countEdgematch(instance, { budget: { maxNodes: 5 } });
    expect(v.kind).toBe('inconclusive');
    if (v.kind === 'inconclusive') expect(v.stop).toBe('node-limit');
    expect(findEdgematch(instance, { budget: { maxNodes: 1 } }).kind).not.toBe('none');
  });
});
