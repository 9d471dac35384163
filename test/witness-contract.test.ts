/**
 * What the registry promises about witnesses as a whole: every family has a SAT witness, and the
 * catalogue's size limits are the witnesses' own. That each witness agrees with its family's `count`
 * and never decides beyond its budget is part of the family contract (test/family-contract.test.ts),
 * run over every registered family, plug-ins included.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PuzzleFamily } from '../src/core/family.ts';
import { SAT_MAX_CELLS } from '../src/catalogue/check.ts';
import { FAMILIES, type FamilyName } from '../src/families/index.ts';

type AnyFamily = PuzzleFamily<unknown, unknown, unknown>;
const families = (Object.keys(FAMILIES) as FamilyName[]).map((name) => [name, FAMILIES[name] as unknown as AnyFamily] as const);

describe('every family has a witness of another paradigm', () => {
  it('the registry has families, each with a SAT witness', () => {
    expect(families.length).toBeGreaterThanOrEqual(3);
    for (const [name, fam] of families) {
      expect(fam.witness.kind, name).toBe('sat');
      expect(fam.witness.cheapCells, name).toBeGreaterThan(0);
    }
  });

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
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (names.some((c) => line.includes(c)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(hits).toEqual([]);
  });
});
