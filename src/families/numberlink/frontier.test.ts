import { describe, expect, it } from 'vitest';
import { LONG } from '../../../test/long.ts';
import fc from 'fast-check';
import { one, plantedArb, randomEndpointsArb } from '../../../test/numberlink-helpers.ts';
import { frontierCount, strictWindows, sweeps, type FrontierStats } from './frontier.ts';
import { Meter } from '../../core/budget.ts';
import { makeNumberlink, verifySolution } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import type { Numberlink, Rule, Solution } from './types.ts';
import { satCountNumberlink } from '../../witness/numberlink-sat.ts';
import { availableBinaries } from '../../witness/sat-count.ts';
import type { Verdict } from '../../core/verdict.ts';

const RULES2 = ['strict', 'no-2x2'] as const;

/** The path-growth search alone (countSolutions runs this counter first under strict). */
const pathSearch = (p: Numberlink, limit: number): Verdict<Solution> =>
  countSolutions(p, { limit, cdcl: false, sweepNodes: 0, windowNodes: 0, frontierNodes: 0, splitNodes: 0 });

/** The solutions a verdict carries, as sorted comparable strings. */
const keys = (v: Verdict<Solution>): string[] =>
  (v.kind === 'multiple' ? v.solutions : v.kind === 'unique' ? [v.solution] : v.kind === 'inconclusive' ? v.found : [])
    .map((s) => Array.from(s).join(','))
    .sort();
const count = (v: Verdict<Solution>): number => keys(v).length;

const randomEndpoints = randomEndpointsArb(10);

function puzzle(w: number, h: number, cells: (string | null)[], rule: Rule): Numberlink {
  const r = makeNumberlink(w, h, cells, rule);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Checks a frontier verdict: every solution verifies, they are distinct, the count is capped. */
function sound(p: Numberlink, v: Verdict<Solution>, limit: number): void {
  const ks = keys(v);
  expect(new Set(ks).size).toBe(ks.length);
  expect(ks.length).toBeLessThanOrEqual(limit);
  for (const s of v.kind === 'multiple' ? v.solutions : v.kind === 'unique' ? [v.solution] : []) expect(verifySolution(p, s)).toEqual({ ok: true });
}

describe('numberlink frontier counter', () => {
  it('agrees with the path-growth search alone and the SAT model on random small puzzles, under strict and no-2x2, from every sweep', async () => {
    const limit = 4;
    const seen: Record<string, Set<number>> = { strict: new Set(), 'no-2x2': new Set() };
    const corpus: { w: number; h: number; cells: (string | null)[] }[] = [
      // npm test runs 15 of each; the long suite (test/long.ts) 40.
      ...fc.sample(plantedArb, { seed: 31, numRuns: LONG ? 40 : 15 }),
      ...fc.sample(randomEndpoints, { seed: 32, numRuns: LONG ? 40 : 15 }),
    ];
    // Random small puzzles rarely have two solutions without a 2x2 block of one path: two that do.
    for (const text of ['...C\n.BA.\n.BC.\n...A', '...A\n.CB.\n.CA.\n...B']) {
      const p = one(text);
      const cells: (string | null)[] = new Array(p.width * p.height).fill(null);
      p.pairs.forEach(([a, b], k) => (cells[a] = cells[b] = p.labels[k]));
      corpus.push({ w: p.width, h: p.height, cells });
    }
    for (const { w, h, cells } of corpus) {
      for (const rule of RULES2) {
        const p = puzzle(w, h, cells, rule);
        const dfs = pathSearch(p, limit);
        const sat = await satCountNumberlink(p, 'logic-solver', { limit });
        const dp = frontierCount(p, { limit });
        const where = `${w}x${h} ${rule} ${JSON.stringify(cells)}`;
        sound(p, dp, limit);
        expect(dp.kind, where).toBe(dfs.kind);
        expect(count(dp), where).toBe(count(dfs));
        expect(count(dp), where).toBe(count(sat));
        // Below the limit every count is complete, so the solution sets are the same.
        if (count(dp) < limit) {
          expect(keys(dp), where).toEqual(keys(dfs));
          expect(keys(dp), where).toEqual(keys(sat));
        }
        // With the early exits from the start (witness search, and under strict the no-2x2 sweep and
        // windows around its solution), the same count; below the limit, the same solutions.
        const early = frontierCount(p, { limit, tuning: { witnessAfter: 0, shortcutAfter: 1 } });
        sound(p, early, limit);
        expect(count(early), `${where} early`).toBe(count(dp));
        if (count(dp) < limit) expect(keys(early), `${where} early`).toEqual(keys(dp));
        // Each orientation alone gives the same answer (solutions mapped back to the puzzle).
        for (let sw = 0; sw < sweeps(p).length; sw++) {
          const one = frontierCount(p, { limit, sweep: sw });
          expect(count(one), `${where} sweep ${sw}`).toBe(count(dp));
          if (count(dp) < limit) expect(keys(one), `${where} sweep ${sw}`).toEqual(keys(dp));
        }
        seen[rule].add(Math.min(count(dp), 2));
      }
    }
    for (const rule of RULES2) expect([...seen[rule]].sort(), rule).toEqual([0, 1, 2]);
  }, 120_000);

  it('counts crafted puzzles with none, one and several solutions under each rule', () => {
    // [grid, strict count, no-2x2 count]: corner to corner fills a 3x3 grid in 2 ways, each with a
    // 2x2 block of one path; two pairs down the sides of a 4x4 grid: 15 ways, none without a block.
    const cases: [string, number, number][] = [
      ['AA', 1, 1],
      ['A.A', 1, 1],
      ['A...A\nB...B', 1, 1],
      ['A.B\n...\nA.B', 0, 0],
      ['AB\nBA', 0, 0],
      ['A...\n....\n....\n...A', 0, 0],
      ['A..\n...\n..A', 2, 0],
      ['1..\n.2.\n.1.\n..2', 2, 1],
      ['...C\n.BA.\n.BC.\n...A', 2, 2],
      ['...A\n.CB.\n.CA.\n...B', 2, 2],
      ['A..B\n....\n....\nA..B', 15, 0],
    ];
    for (const [text, strict, no2x2] of cases) {
      for (const rule of RULES2) {
        const p = one(text, rule);
        const v = frontierCount(p, { limit: 50 });
        sound(p, v, 50);
        expect(count(v), `${JSON.stringify(text)} ${rule}`).toBe(rule === 'strict' ? strict : no2x2);
        const dfs = pathSearch(p, 50);
        expect(keys(v), `${JSON.stringify(text)} ${rule}`).toEqual(keys(dfs));
      }
    }
    // Wider than tall: swept along the short side and transposed back.
    const wide = one('A.....B\nA.....B');
    expect(keys(frontierCount(wide, { limit: 10 }))).toEqual(keys(pathSearch(wide, 10)));
  });

  it('stops early with distinct verified solutions when a puzzle has many (the witness search)', () => {
    // Corner to corner through every cell: 104 ways on a 5x5 grid, thousands on 7x7. With the witness
    // search from the start, the sweep ends at the first row boundary with `limit` distinct solutions.
    const all = new Set(keys(pathSearch(one('A....\n.....\n.....\n.....\n....A'), 1000)));
    expect(all.size).toBe(104);
    for (const text of ['A....\n.....\n.....\n.....\n....A', 'A......\n.......\n.......\n.......\n.......\n.......\n......A']) {
      {
        const p = one(text);
        for (const limit of [2, 3, 20]) {
          const stats = {} as FrontierStats;
          const v = frontierCount(p, { limit, tuning: { witnessAfter: 0 } }, stats);
          sound(p, v, limit);
          expect(v.kind).toBe('multiple');
          expect(count(v)).toBe(limit);
          expect(stats.layerStates.length).toBeLessThan(p.width * p.height);
          if (p.width === 5) for (const k of keys(v)) expect(all.has(k)).toBe(true);
        }
      }
    }
    // Two pairs down the sides of a 4x4 grid: 15 solutions; 2 found early, all 15 by the full sweep.
    const p = one('A..B\n....\n....\nA..B');
    expect(count(frontierCount(p, { limit: 2, tuning: { witnessAfter: 0 } }))).toBe(2);
    expect(count(frontierCount(p, { limit: 50, tuning: { witnessAfter: 0 } }))).toBe(15);
  });

  it('finds strict solutions in windows around a no-2x2 solution (the strict shortcut)', () => {
    // One solution under no-2x2, two under strict: the second differs from the first in a window.
    const text = '1..\n.2.\n.1.\n..2';
    const q = frontierCount(one(text, 'no-2x2'));
    expect(q.kind).toBe('unique');
    if (q.kind !== 'unique') return;
    const p = one(text);
    const found = strictWindows(p, q.solution, 2, 1_000_000, new Meter());
    expect(found.length).toBe(2);
    for (const s of found) expect(verifySolution(p, s)).toEqual({ ok: true });
    expect(found.map((s) => Array.from(s).join(',')).sort()).toEqual(keys(pathSearch(p, 3)));
    // Fewer than the limit: all there are, nothing decided by it.
    expect(strictWindows(p, q.solution, 5, 1_000_000, new Meter()).length).toBe(2);
    // With the shortcut from the start, counts stay exact.
    expect(count(frontierCount(p, { limit: 5, tuning: { shortcutAfter: 1 } }))).toBe(2);
    expect(count(frontierCount(one('A..B\n....\n....\nA..B'), { limit: 50, tuning: { shortcutAfter: 1 } }))).toBe(15);
  });

  it('gives inconclusive, never a count, when the budget or the state cap runs out', () => {
    const p = one(
      '............\n.D.....F..E.\n...G........\n.........F..\n......E.....\n............\n.......B.B..\n....C.......\n............\n............\n........G.C.\n........D...',
    );
    const byNodes = frontierCount(p, { budget: { maxNodes: 500 } });
    expect(byNodes.kind).toBe('inconclusive');
    expect(byNodes.stop).toBe('node-limit');
    const byTime = frontierCount(p, { budget: { deadlineMs: 0 } });
    expect(byTime.kind).toBe('inconclusive');
    expect(byTime.stop).toBe('deadline');
    const cancelled = frontierCount(p, { budget: { signal: { aborted: true } } });
    expect(cancelled.stop).toBe('cancelled');
    const byStates = frontierCount(p, { maxStates: 2000 });
    expect(byStates.kind).toBe('inconclusive');
    expect(byStates.stop).toBe('node-limit');
    // The same puzzle with room to finish is decided.
    expect(frontierCount(one('A.A\nB.B'), { budget: { maxNodes: 500 } }).kind).toBe('unique');
  });

  it('grows its state cap instead of giving up (grow): the same counts, one sweep resumed, still bounded', () => {
    // A unique 9x9 board (generated under strict) that outgrows 300 states, decided once the cap may grow.
    const p = one('........A\n.B...BC..\n....DE.F.\n.......C.\n......FG.\nA...H..I.\n.....HG..\n.E......I\n........D');
    const full = frontierCount(p);
    expect(full.kind).toBe('unique');
    expect(frontierCount(p, { maxStates: 300 }).kind).toBe('inconclusive');
    const asked: number[] = [];
    const grown = frontierCount(p, { maxStates: 300, grow: (cap) => (asked.push(cap), 4 * cap) });
    expect(keys(grown)).toEqual(keys(full));
    expect(asked[0]).toBe(300);
    expect(keys(frontierCount(p, { maxStates: 300, grow: 100_000_000 }))).toEqual(keys(full));
    // A grow that stops, or the budget's state cap, still bounds it: inconclusive, never a count.
    expect(frontierCount(p, { maxStates: 300, grow: () => 0 }).stop).toBe('node-limit');
    const bounded = frontierCount(p, { maxStates: 300, grow: 100_000_000, budget: { maxStates: 320 } });
    expect(bounded.kind).toBe('inconclusive');
    expect(bounded.stop).toBe('memory-limit');
    // Random small boards from a cap of one state: every count as without a cap (and cadical's: below).
    const corpus = [...fc.sample(plantedArb, { seed: 41, numRuns: LONG ? 60 : 10 }), ...fc.sample(randomEndpoints, { seed: 42, numRuns: LONG ? 60 : 10 })];
    for (const { w, h, cells } of corpus) {
      for (const rule of RULES2) {
        const q = puzzle(w, h, cells, rule);
        const where = `${w}x${h} ${rule} ${JSON.stringify(cells)}`;
        const v = frontierCount(q, { limit: 3, maxStates: 1, grow: 1_000_000 });
        sound(q, v, 3);
        expect(keys(v), where).toEqual(keys(frontierCount(q, { limit: 3 })));
      }
    }
  }, 120_000);

  it('agrees with cadical on the CNF on random small boards, as it is and from a state cap of one that grows', async () => {
    if (!availableBinaries().includes('cadical')) {
      console.warn('frontier.test: cadical not installed; its cross-check skipped');
      return;
    }
    // bench/numberlink-agree.ts runs the same on thousands of boards with every counter.
    const corpus = [...fc.sample(plantedArb, { seed: 51, numRuns: LONG ? 80 : 5 }), ...fc.sample(randomEndpoints, { seed: 52, numRuns: LONG ? 80 : 5 })];
    for (const { w, h, cells } of corpus) {
      for (const rule of RULES2) {
        const p = puzzle(w, h, cells, rule);
        const where = `${w}x${h} ${rule} ${JSON.stringify(cells)}`;
        const c = await satCountNumberlink(p, 'cadical', { limit: 3 });
        for (const v of [frontierCount(p, { limit: 3 }), frontierCount(p, { limit: 3, maxStates: 1, grow: 1_000_000 })]) {
          sound(p, v, 3);
          expect(count(v), where).toBe(count(c));
          if (count(c) < 3) expect(keys(v), where).toEqual(keys(c));
        }
      }
    }
  }, 120_000);

  it('returns a solution that verifies, and refuses the no-touch rule set', () => {
    const p = one('A...A\nB...B');
    const v = frontierCount(p);
    expect(v.kind).toBe('unique');
    if (v.kind === 'unique') expect(verifySolution(p, v.solution)).toEqual({ ok: true });
    expect(() => frontierCount(one('A.A', 'no-touch'))).toThrow(RangeError);
  });
});
