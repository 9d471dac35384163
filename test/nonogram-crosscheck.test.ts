import { describe, expect, it } from 'vitest';
import { sample } from './long.ts';
import { Rng } from '../src/core/rng.ts';
import { cluesOf } from '../src/families/nonogram/puzzle.ts';
import { generateNonogram } from '../src/families/nonogram/generator.ts';
import { countSolutions } from '../src/families/nonogram/solver.ts';
import type { Nonogram } from '../src/families/nonogram/types.ts';
import { satCount, satCountLogicSolver } from '../src/witness/nonogram-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import { CORPUS } from './fixtures/nonogram/corpus.ts';
import { randomGrid } from './random.ts';

/**
 * Two witnesses of different kinds: the native solver (line logic, probing, branching) against a CNF
 * model solved by MiniSat (in process) and by the Debian cadical/minisat binaries when installed.
 */
const bins = availableBinaries();
if (bins.length === 0) console.warn('nonogram-crosscheck: no cadical/minisat binary found; only the in-process SAT witness runs');

const same = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

function agree(p: Nonogram, label: string): string {
  const native = countSolutions(p);
  const sat = satCountLogicSolver(p);
  expect(native.kind, label).toBe(sat.kind);
  if (native.kind === 'unique' && sat.kind === 'unique') expect(same(native.solution, sat.solution), label).toBe(true);
  return native.kind;
}

/** 40 random pictures of 3 to maxSide cells a side; every fourth gets the columns of another picture (mostly none). */
function randomCases(seed: string, maxSide: number): Nonogram[] {
  const rng = new Rng(seed);
  const out: Nonogram[] = [];
  for (let t = 0; t < 40; t++) {
    const w = rng.range(3, maxSide);
    const h = rng.range(3, maxSide);
    const p = cluesOf(randomGrid(rng, w, h, 50), w, h);
    if (t % 4 === 3) p.cols = cluesOf(randomGrid(rng, w, h, 50), w, h).cols;
    out.push(p);
  }
  return out;
}

describe('native solver vs SAT witness', () => {
  it('has a corpus with every verdict', () => {
    const kinds = new Set(CORPUS.map((c) => c.expected));
    expect([...kinds].sort()).toEqual(['multiple', 'none', 'unique']);
  });
  for (const entry of CORPUS) {
    it(`corpus ${entry.name}: ${entry.expected}`, () => {
      expect(countSolutions(entry.puzzle).kind).toBe(entry.expected);
      expect(agree(entry.puzzle, entry.name)).toBe(entry.expected);
    });
  }
  it('the CDCL stage alone (no branching first) gives the corpus verdicts and verified witnesses', () => {
    for (const entry of CORPUS) {
      const v = countSolutions(entry.puzzle, { dfsNodes: 0 });
      expect(v.kind, entry.name).toBe(entry.expected);
      const dfsOnly = countSolutions(entry.puzzle, { cdcl: false });
      if (v.kind === 'unique' && dfsOnly.kind === 'unique') expect(same(v.solution, dfsOnly.solution), entry.name).toBe(true);
    }
  });
  it('the CDCL stage alone agrees with the SAT witness on random pictures', () => {
    const kinds: Record<string, number> = {};
    randomCases('crosscheck-cdcl', 14).forEach((p, t) => {
      const v = countSolutions(p, { dfsNodes: 0 });
      expect(v.kind, `random ${t}`).toBe(satCountLogicSolver(p).kind);
      kinds[v.kind] = (kinds[v.kind] ?? 0) + 1;
    });
    expect(Object.keys(kinds).length).toBeGreaterThanOrEqual(2);
  });
  it('agree on random pictures (unique and multiple) and on mixed-up clues (mostly none)', () => {
    const kinds: Record<string, number> = {};
    randomCases('crosscheck', 12).forEach((p, t) => {
      const k = agree(p, `random ${t}`);
      kinds[k] = (kinds[k] ?? 0) + 1;
    });
    expect(Object.keys(kinds).length).toBeGreaterThanOrEqual(2);
  });
  it('agree on generated puzzles of every level', () => {
    for (const level of ['easy', 'medium', 'hard', 'expert'] as const) {
      const r = generateNonogram({ width: 12, height: 12, level }, 'x');
      expect(r.ok).toBe(true);
      if (r.ok) expect(agree(r.puzzle, level)).toBe('unique');
    }
  });
  it.skipIf(bins.length === 0)('agree with the Debian SAT binaries on the corpus', async () => {
    // npm test asks the first binary; the long suite (test/long.ts) each.
    for (const bin of sample(bins, (_, i) => i === 0)) {
      for (const entry of CORPUS) {
        const v = await satCount(entry.puzzle, bin, { budget: { deadlineMs: 20_000 } });
        expect(v.kind, `${bin} ${entry.name}`).toBe(entry.expected);
      }
    }
  });
});
