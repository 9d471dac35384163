import { describe, expect, it } from 'vitest';
import { LONG } from './long.ts';
import fc from 'fast-check';
import { parseLetters } from '../src/families/numberlink/formats/index.ts';
import { plantedArb, randomEndpointsArb } from './numberlink-helpers.ts';
import { makeNumberlink } from '../src/families/numberlink/puzzle.ts';
import { countSolutions } from '../src/families/numberlink/solver.ts';
import { frontierCount } from '../src/families/numberlink/frontier.ts';
import { sweepCount } from '../src/families/numberlink/sweep.ts';
import { RULES, type Numberlink, type Rule } from '../src/families/numberlink/types.ts';
import { satCountNumberlink } from '../src/witness/numberlink-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import type { Verdict } from '../src/core/verdict.ts';

/** Verdict and count (up to the limit) as one comparable string. */
const summary = (v: Verdict<unknown>): string => (v.kind === 'multiple' ? `multiple:${v.solutions.length}` : v.kind);
const sameLinks = (a: Uint8Array[], b: Uint8Array[]): boolean => {
  const key = (s: Uint8Array) => Array.from(s).join(',');
  return JSON.stringify(a.map(key).sort()) === JSON.stringify(b.map(key).sort());
};

const randomEndpoints = randomEndpointsArb(8);

/** Every stage before the path search and clause learning switched off. */
const ALONE = { sweepNodes: 0, windowNodes: 0, frontierNodes: 0, splitNodes: 0 };

async function crossCheck(p: Numberlink): Promise<string> {
  const native = countSolutions(p, { limit: 3 });
  const sat = await satCountNumberlink(p, 'logic-solver', { limit: 3 });
  expect(summary(native), `${p.width}x${p.height} ${p.rule}`).toBe(summary(sat));
  // The solver's stages agree with each other: search alone, clause learning alone, and under
  // no-touch and no-2x2 the corner sweep alone (its corner rules are a theorem of those rule sets, so
  // they must cut nothing).
  expect(summary(countSolutions(p, { limit: 3, cdcl: false, ...ALONE })), 'search alone').toBe(summary(native));
  expect(summary(countSolutions(p, { limit: 3, dfsNodes: 0, ...ALONE })), 'clause learning alone').toBe(summary(native));
  if (p.rule === 'strict') {
    // The split count alone: no-2x2 coverings by the corner sweep plus, by clause learning, those with
    // a one-path 2x2 block.
    expect(summary(countSolutions(p, { limit: 3, ...ALONE, splitNodes: undefined, dfsNodes: 0, cdcl: false })), 'split count').toBe(summary(native));
  }
  if (p.rule !== 'strict') {
    const sw = sweepCount(p, { limit: 3 });
    expect(summary(sw), `${p.width}x${p.height} sweep`).toBe(summary(sat));
    if (sw.kind === 'unique' && sat.kind === 'unique') expect(Array.from(sw.solution)).toEqual(Array.from(sat.solution));
    if (sw.kind === 'multiple' && sat.kind === 'multiple' && sw.solutions.length < 3) expect(sameLinks(sw.solutions, sat.solutions)).toBe(true);
  }
  if (p.rule === 'strict') {
    // The exact frontier counter, a third paradigm (it is also what answers `native` on small strict
    // boards, so it is compared with the SAT model and the path search alone, not with `native`).
    const dp = frontierCount(p, { limit: 3 });
    const dfs = countSolutions(p, { limit: 3, cdcl: false, ...ALONE });
    expect(summary(dp), `${p.width}x${p.height} frontier`).toBe(summary(sat));
    expect(summary(dp), `${p.width}x${p.height} frontier vs search`).toBe(summary(dfs));
    if (dp.kind === 'unique' && sat.kind === 'unique') expect(Array.from(dp.solution)).toEqual(Array.from(sat.solution));
    if (dp.kind === 'multiple' && dfs.kind === 'multiple' && dp.solutions.length < 3) expect(sameLinks(dp.solutions, dfs.solutions)).toBe(true);
  }
  // Below the limit both counts are complete, so both found the same solutions.
  if (native.kind === 'multiple' && sat.kind === 'multiple' && native.solutions.length < 3) expect(sameLinks(native.solutions, sat.solutions)).toBe(true);
  if (native.kind === 'unique' && sat.kind === 'unique') expect(Array.from(native.solution)).toEqual(Array.from(sat.solution));
  return native.kind;
}

describe('numberlink: native search against the SAT model (another paradigm)', () => {
  it('agree on planted and random puzzles under every rule set, a corpus with none, unique and multiple under each', async () => {
    const seen: Record<Rule, Set<string>> = { strict: new Set(), 'no-2x2': new Set(), 'no-touch': new Set() };
    const corpus: { w: number; h: number; cells: (string | null)[] }[] = [
      // npm test runs 20 of each; the long suite (test/long.ts) 60.
      ...fc.sample(plantedArb, { seed: 21, numRuns: LONG ? 60 : 10 }),
      ...fc.sample(randomEndpoints, { seed: 22, numRuns: LONG ? 60 : 10 }),
    ];
    // Crafted: several solutions even without 2x2 blocks or self-touching (the last two).
    for (const text of [
      'AA',
      'A..\n...\n..A',
      'A.B\n...\nA.B',
      'AB.\n...\n.AB',
      'A..B\n....\n....\nA..B',
      '...C\n.BA.\n.BC.\n...A',
      '...A\n.CB.\n.CA.\n...B',
    ]) {
      const r = parseLetters(text);
      if (r.ok) corpus.push({ w: r.value[0].width, h: r.value[0].height, cells: cellsOf(r.value[0]) });
    }
    for (const { w, h, cells } of corpus) {
      for (const rule of RULES) {
        const p = makeNumberlink(w, h, cells, rule);
        if (!p.ok) throw new Error(p.error.message);
        seen[rule].add(await crossCheck(p.value));
      }
    }
    for (const rule of RULES) expect([...seen[rule]].sort(), rule).toEqual(['multiple', 'none', 'unique']);
  }, 60_000);

  it('the frontier counter counts exactly past the limit of the others (snakes on small boards)', () => {
    // Corner to corner through every cell of a 3x3 grid: 2 ways; two pairs down the sides of a 4x4 grid: 15.
    for (const [text, count] of [
      ['A..\n...\n..A', 2],
      ['A..B\n....\n....\nA..B', 15],
    ] as const) {
      const r = parseLetters(text);
      if (!r.ok) throw new Error(r.error.message);
      const dp = frontierCount(r.value[0], { limit: 50 });
      const dfs = countSolutions(r.value[0], { limit: 50, cdcl: false, ...ALONE });
      expect(dp.kind === 'multiple' && dp.solutions.length).toBe(count);
      expect(dfs.kind === 'multiple' && sameLinks(dfs.solutions, dp.kind === 'multiple' ? dp.solutions : [])).toBe(true);
    }
    // Wider than tall is swept along the short side and transposed back.
    const wide = parseLetters('A.....B\nA.....B');
    if (!wide.ok) throw new Error(wide.error.message);
    expect(frontierCount(wide.value[0]).kind).toBe(countSolutions(wide.value[0], { cdcl: false, ...ALONE }).kind);
  });

  const bins = availableBinaries();
  if (bins.length === 0) console.warn('\n*** cadical/minisat not installed: the numberlink cross-check with the Debian SAT binaries is skipped ***\n');
  it.skipIf(bins.length === 0)(
    'agree with the Debian SAT binaries on a sample',
    async () => {
      for (const { w, h, cells } of fc.sample(plantedArb, { seed: 23, numRuns: 8 })) {
        for (const rule of RULES) {
          const p = makeNumberlink(w, h, cells, rule);
          if (!p.ok) throw new Error(p.error.message);
          const native = countSolutions(p.value, { limit: 3 });
          for (const b of bins) expect(summary(await satCountNumberlink(p.value, b, { limit: 3 })), `${b} ${rule}`).toBe(summary(native));
        }
      }
      // A cell with one neighbour that is not an endpoint: the CNF holds an empty clause.
      const stuck = parseLetters('.AA');
      if (!stuck.ok) throw new Error(stuck.error.message);
      for (const b of bins) expect((await satCountNumberlink(stuck.value[0], b)).kind, b).toBe('none');
    },
    60_000,
  );
});

function cellsOf(p: Numberlink): (string | null)[] {
  const cells: (string | null)[] = new Array(p.width * p.height).fill(null);
  p.pairs.forEach(([a, b], k) => {
    cells[a] = p.labels[k];
    cells[b] = p.labels[k];
  });
  return cells;
}
