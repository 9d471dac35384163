/**
 * Edge-matching generator version 3's puzzles re-counted by other paradigms than the backtracker that
 * certified them (counting colourings): the family's CNF on cadical (or minisat) where installed, else
 * logic-solver in process, and Algorithm C on the exact-cover model, each under a cap (one of them must
 * decide every board below expert; one-clue experts from 8x8 up may outlast both on this loaded
 * machine), and the backtracker reading placements. Each count that completes must find the puzzle
 * unique with the generator's very solution, the verifier must accept that solution, and
 * the grader, run again, must give the grade the generator reported. npm test checks a sample (5x5
 * and 6x6 hard); the long suite every size to 10x10 at every level.
 */
import { describe, expect, it } from 'vitest';
import { areaOf, sample } from './long.ts';
import { unwrap } from '../src/core/result.ts';
import type { Verdict } from '../src/core/verdict.ts';
import { parsePlayableParams } from '../src/families/edgematch/generator.ts';
import { gradeCertified } from '../src/families/edgematch/grader.ts';
import { edgematch } from '../src/families/edgematch/index.ts';
import { verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Board } from '../src/families/edgematch/types.ts';
import { countBacktrack } from '../src/families/edgematch/backtrack.ts';
import { countEdgematch } from '../src/families/edgematch/xcc-model.ts';
import { satCountEdgematch, satCountEdgematchSync } from '../src/witness/edgematch-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';

const SIZES = [5, 6, 7, 8, 9, 10];
const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
const CASES = sample(
  SIZES.flatMap((s) => LEVELS.map((l) => `${s}x${s}-${l}`)),
  (c) => areaOf(c) <= 25 || c === '6x6-hard',
);
const binary = availableBinaries()[0];

const sameBoard = (a: Board, b: Board): boolean => a.every((p, c) => p?.piece === b[c]?.piece && p?.rotation === b[c]?.rotation);
const uniqueAs = (v: Verdict<Board>, solution: Board, what: string): void => {
  expect(v.kind, what).toBe('unique');
  if (v.kind === 'unique') expect(sameBoard(v.solution, solution), what).toBe(true);
};

describe('edgematch generator v3: puzzles re-counted by SAT and Algorithm C', () => {
  for (const params of CASES) {
    it(`${params}: SAT${binary ? ` (${binary})` : ' (logic-solver)'} and Algorithm C (where they finish) and the backtracker on placements find it unique, with its solution and grade`, async () => {
      const p = unwrap(parsePlayableParams(params));
      const r = edgematch.generate(p, 'witness', {}, { version: 3 });
      // The other-level failure still carries a certified puzzle (its nearest): witnessed the same way.
      const got = r.ok ? r : r.nearest;
      if (!got) throw new Error(`${params}: ${r.ok ? '' : r.message}`);
      expect(got.certificate.kind).toBe('unique');
      expect(verifyBoard(got.puzzle, got.solution).ok).toBe(true);
      // Each paradigm under a cap (one-clue 9x9 and 10x10 experts outlast cadical's minutes here); a
      // count that completes must agree, and a board below expert must be decided by one of them.
      const sat = binary
        ? await satCountEdgematch(got.puzzle, binary, { limit: 2, budget: { deadlineMs: 60_000 } })
        : satCountEdgematchSync(got.puzzle, { limit: 2, budget: { deadlineMs: 60_000 } });
      if (sat.kind !== 'inconclusive') uniqueAs(sat, got.solution, `${params} SAT`);
      // Algorithm C runs at about 0.24 M nodes/s here: a node cap, and only a completed count speaks.
      const xcc = countEdgematch(got.puzzle, { limit: 2, budget: { maxNodes: 2_000_000 } });
      if (xcc.kind !== 'inconclusive') uniqueAs(xcc, got.solution, `${params} Algorithm C`);
      if (p.level !== 'expert') expect(sat.kind !== 'inconclusive' || xcc.kind !== 'inconclusive', `${params}: neither SAT nor Algorithm C decided`).toBe(true);
      // The backtracker reading placements (no symmetry broken, unlike the certificate's colourings) always.
      uniqueAs(countBacktrack(got.puzzle, { limit: 2, distinct: 'placements' }), got.solution, `${params} backtracker (placements)`);
      const g = gradeCertified(got.puzzle, got.solution);
      expect('grade' in g && g.grade).toEqual(got.grade);
    }, 300_000);
  }
});
