/**
 * The seed of the contract test over every registered family: each family's witness of another
 * paradigm (`family.witness`, a SAT problem built from its own CNF) agrees with its native `count` on
 * generated puzzles, through the generic path of `sat-count.ts` that the catalogue's check uses, and
 * never decides anything beyond its budget.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PuzzleFamily } from '../src/core/family.ts';
import { unwrap } from '../src/core/result.ts';
import type { Verdict } from '../src/core/verdict.ts';
import { SAT_MAX_CELLS } from '../src/catalogue/check.ts';
import { FAMILIES, type FamilyName } from '../src/families/index.ts';
import { satCountFamilySync } from '../src/witness/sat-count.ts';

/** Small params of each family (a Record, so a new family fails to compile here until it has some). */
const PARAMS: Record<FamilyName, readonly string[]> = {
  nonogram: ['5x5-easy', '6x6-hard'],
  numberlink: ['5x5-easy', '6x6-hard'],
  edgematch: ['4x4-easy', '4x4-medium'],
};
const SEEDS = ['w1', 'w2'];

type AnyFamily = PuzzleFamily<unknown, unknown, unknown>;
const families = (Object.keys(FAMILIES) as FamilyName[]).map((name) => [name, FAMILIES[name] as unknown as AnyFamily] as const);

const kindOf = (v: Verdict<unknown>): string => (v.kind === 'inconclusive' ? `inconclusive (${v.stop})` : v.kind);

describe('every family has a witness of another paradigm', () => {
  it('the registry has families, each with a SAT witness', () => {
    expect(families.length).toBeGreaterThanOrEqual(3);
    for (const [name, fam] of families) {
      expect(fam.witness.kind, name).toBe('sat');
      expect(fam.witness.cheapCells, name).toBeGreaterThan(0);
    }
  });

  for (const [name, fam] of families) {
    it(`${name}: the witness agrees with count on generated puzzles (same verdict, same solution)`, () => {
      let compared = 0;
      for (const text of PARAMS[name]) {
        const params = unwrap(fam.parseParams(text));
        for (const seed of SEEDS) {
          const g = fam.generate(params, seed);
          if (!g.ok) throw new Error(`${name} ${text} ${seed}: ${g.message}`);
          const native = fam.count(g.puzzle, { limit: 2 });
          const sat = satCountFamilySync(fam, g.puzzle, { limit: 2 });
          expect(kindOf(sat), `${g.id}`).toBe(kindOf(native));
          expect(native.kind).toBe('unique');
          if (sat.kind !== 'unique' || native.kind !== 'unique') continue;
          expect(fam.verify(g.puzzle, sat.solution), g.id).toEqual({ ok: true });
          expect(fam.makeSolution(sat.solution, g.puzzle), g.id).toBe(fam.makeSolution(native.solution, g.puzzle));
          expect(fam.makeSolution(sat.solution, g.puzzle), g.id).toBe(fam.makeSolution(g.solution, g.puzzle));
          compared++;
        }
      }
      expect(compared).toBe(PARAMS[name].length * SEEDS.length);
    });

    it(`${name}: one SAT call is not enough to decide uniqueness: inconclusive, never unique`, () => {
      const g = fam.generate(unwrap(fam.parseParams(PARAMS[name][0])), SEEDS[0]);
      if (!g.ok) throw new Error(g.message);
      const v = satCountFamilySync(fam, g.puzzle, { limit: 2, budget: { maxNodes: 1 } });
      expect(v.kind).toBe('inconclusive');
      if (v.kind === 'inconclusive') expect(v.stop).toBe('node-limit');
    });
  }

  it("the catalogue's SAT size limits are the witnesses' (values and order as before)", () => {
    expect(SAT_MAX_CELLS).toEqual({ nonogram: 400, numberlink: 144, edgematch: 36 });
    expect(Object.keys(SAT_MAX_CELLS)).toEqual(['nonogram', 'numberlink', 'edgematch']);
  });
});

describe('one family, one object', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
    });
  it('no switch on a family name outside the registry (src, web/src)', () => {
    const names = Object.keys(FAMILIES).map((n) => `case '${n}'`);
    const hits = [...files('src'), ...files('web/src')]
      .filter((f) => f !== join('src', 'families', 'index.ts'))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').flatMap((line, i) => (names.some((c) => line.includes(c)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
    expect(hits).toEqual([]);
  });
});
