import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LONG, longIt } from '../../../test/long.ts';
import { parsePuzzles } from './formats/index.ts';
import { one, plantedArb, randomEndpointsArb } from '../../../test/numberlink-helpers.ts';
import type { Verdict } from '../../core/verdict.ts';
import { satCountNumberlink } from '../../witness/numberlink-sat.ts';
import { availableBinaries } from '../../witness/sat-count.ts';
import { frontierCount, sweeps, type KnownLinks } from './frontier.ts';
import { generateNumberlink } from './generator.ts';
import { plainCount, type PlainCountStats } from './plain.ts';
import { LinkDeducer } from './probe.ts';
import { makeNumberlink, verifySolution } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import { E, N, RULES, S, W, type Numberlink, type Rule, type Solution } from './types.ts';

/** The path-growth search alone (no sweep, windows, frontier, split count or clause learning). */
const pathSearch = (p: Numberlink, limit: number): Verdict<Solution> =>
  countSolutions(p, { limit, cdcl: false, sweepNodes: 0, windowNodes: 0, frontierNodes: 0, splitNodes: 0 });

const keys = (v: Verdict<Solution>): string[] =>
  (v.kind === 'multiple' ? v.solutions : v.kind === 'unique' ? [v.solution] : []).map((s) => Array.from(s).join(',')).sort();
const count = (v: Verdict<Solution>): number => keys(v).length;

function sound(p: Numberlink, v: Verdict<Solution>, limit: number): void {
  const ks = keys(v);
  expect(new Set(ks).size).toBe(ks.length);
  expect(ks.length).toBeLessThanOrEqual(limit);
  for (const s of v.kind === 'multiple' ? v.solutions : v.kind === 'unique' ? [v.solution] : []) expect(verifySolution(p, s)).toEqual({ ok: true });
}

/** A solution's links as known links (every link on or off). */
function knownOf(s: Solution): KnownLinks {
  const on = s.slice();
  const off = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) off[i] = ~s[i] & (N | E | S | W);
  return { on, off };
}

describe('numberlink plain-rule counter', () => {
  it('counts crafted puzzles with none, one and several solutions under each rule set, as the path search does', () => {
    // [grid, strict, no-2x2, no-touch] (counts up to 50).
    const cases: [string, number, number, number][] = [
      ['AA', 1, 1, 1],
      ['A.A', 1, 1, 1],
      ['A...A\nB...B', 1, 1, 1],
      ['A.B\n...\nA.B', 0, 0, 0],
      ['AB\nBA', 0, 0, 0],
      ['A...\n....\n....\n...A', 0, 0, 0],
      ['A..\n...\n..A', 2, 0, 0],
      ['1..\n.2.\n.1.\n..2', 2, 1, 1],
      ['...C\n.BA.\n.BC.\n...A', 2, 2, 2],
      ['A..B\n....\n....\nA..B', 15, 0, 0],
    ];
    for (const [text, ...want] of cases) {
      RULES.forEach((rule, r) => {
        const p = one(text, rule);
        const v = plainCount(p, { limit: 50 });
        sound(p, v, 50);
        const where = `${JSON.stringify(text)} ${rule}`;
        expect(count(v), where).toBe(want[r]);
        expect(keys(v), where).toEqual(keys(pathSearch(p, 50)));
        // The rule switch: a puzzle read under strict, counted under another rule set.
        expect(count(plainCount(one(text), { limit: 50, rule })), `${where} by switch`).toBe(want[r]);
      });
    }
  });

  it('agrees with the frontier counter, the path search and the SAT model on random small boards under each rule set', async () => {
    const limit = 3;
    const seen: Record<Rule, Set<number>> = { strict: new Set(), 'no-2x2': new Set(), 'no-touch': new Set() };
    let branches = 0;
    // npm test runs 5 planted and 6 random; the long suite 150 of each.
    const corpus: { w: number; h: number; cells: (string | null)[] }[] = [
      ...fc.sample(plantedArb, { seed: 71, numRuns: LONG ? 150 : 5 }),
      ...fc.sample(randomEndpointsArb(10), { seed: 72, numRuns: LONG ? 150 : 6 }),
    ];
    // Random small boards rarely have two solutions without a 2x2 block of one path: two that do.
    for (const text of ['...C\n.BA.\n.BC.\n...A', '...A\n.CB.\n.CA.\n...B']) {
      const p = one(text);
      const cells: (string | null)[] = new Array(p.width * p.height).fill(null);
      p.pairs.forEach(([a, b], k) => (cells[a] = cells[b] = p.labels[k]));
      corpus.push({ w: p.width, h: p.height, cells });
    }
    for (const { w, h, cells } of corpus) {
      for (const rule of RULES) {
        const made = makeNumberlink(w, h, cells, rule);
        if (!made.ok) throw new Error(made.error.message);
        const p = made.value;
        const where = `${w}x${h} ${rule} ${JSON.stringify(cells)}`;
        const v = plainCount(p, { limit });
        sound(p, v, limit);
        const sat = await satCountNumberlink(p, 'logic-solver', { limit });
        const dfs = pathSearch(p, limit);
        expect(count(v), where).toBe(count(sat));
        expect(count(v), where).toBe(count(dfs));
        if (rule !== 'no-touch') expect(count(v), `${where} frontier`).toBe(count(frontierCount(p, { limit })));
        if (rule === 'strict') {
          // With tiny state caps the count branches on links down to where deduction settles all.
          const stats = {} as PlainCountStats;
          const branched = plainCount(p, { limit, states: { top: 20, branch: 20 } }, stats);
          sound(p, branched, limit);
          expect(count(branched), `${where} branched`).toBe(count(sat));
          if (count(v) < limit) expect(keys(branched), `${where} branched`).toEqual(keys(sat));
          branches += stats.branches ?? 0;
        }
        // Below the limit every count is complete: the same solutions.
        if (count(v) < limit) {
          expect(keys(v), where).toEqual(keys(sat));
          expect(keys(v), where).toEqual(keys(dfs));
        }
        seen[rule].add(Math.min(count(v), 2));
      }
    }
    for (const rule of RULES) expect([...seen[rule]].sort(), rule).toEqual([0, 1, 2]);
    expect(branches).toBeGreaterThan(0);
  }, 120_000);

  it('agrees with cadical on the CNF where it is installed', async () => {
    if (!availableBinaries().includes('cadical')) {
      console.warn('plain.test: cadical not installed; its cross-check skipped');
      return;
    }
    const corpus = fc.sample(plantedArb, { seed: 73, numRuns: LONG ? 60 : 3 });
    for (const { w, h, cells } of corpus) {
      for (const rule of RULES) {
        const made = makeNumberlink(w, h, cells, rule);
        if (!made.ok) throw new Error(made.error.message);
        const v = plainCount(made.value, { limit: 3 });
        const c = await satCountNumberlink(made.value, 'cadical', { limit: 3 });
        expect(count(v), `${w}x${h} ${rule}`).toBe(count(c));
      }
    }
  }, 60_000);

  it('restricts the frontier counter to known links in every sweep orientation', () => {
    // Unique, with a 2x2-free solution and room around it: the solution's own links keep it, one of
    // its links forced off (or a link it lacks forced on) leaves none.
    for (const text of ['A.....B\nA.....B', '1..\n.2.\n.1.\n..2', 'A..B\n....\n....\nA..B']) {
      const p = one(text);
      const all = frontierCount(p, { limit: 50 });
      const base = all.kind === 'unique' ? [all.solution] : all.kind === 'multiple' ? all.solutions : [];
      expect(base.length, text).toBeGreaterThan(0);
      const s = base[0];
      for (let sw = 0; sw < sweeps(p).length; sw++) {
        const v = frontierCount(p, { limit: 50, sweep: sw, known: knownOf(s) });
        expect(keys(v), `${text} sweep ${sw}`).toEqual([Array.from(s).join(',')]);
        // Some link of s off: only the other solutions, which lack it.
        const cell = s.findIndex((m) => m !== 0);
        const dir = s[cell] & -s[cell];
        const off = new Uint8Array(s.length);
        const other = dir === N ? cell - p.width : dir === S ? cell + p.width : dir === E ? cell + 1 : cell - 1;
        off[cell] = dir;
        off[other] = dir === N ? S : dir === S ? N : dir === E ? W : E;
        const without = frontierCount(p, { limit: 50, sweep: sw, known: { on: new Uint8Array(s.length), off } });
        const want = keys(all).filter((k) => (Number(k.split(',')[cell]) & dir) === 0);
        expect(keys(without), `${text} sweep ${sw} off`).toEqual(want);
      }
    }
  });

  it('settles generated boards by deduction, so the count is a few states a layer', () => {
    // A 20x20 board made under no-2x2 (the generator's own certificate), counted under strict.
    const g = generateNumberlink({ width: 20, height: 20, level: 'easy', rule: 'no-2x2' }, 'plain-0');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    const p: Numberlink = { ...g.puzzle, rule: 'strict' };
    const stats = {} as PlainCountStats;
    const v = plainCount(p, {}, stats);
    expect(v.kind).toBe('unique');
    if (v.kind === 'unique') expect(Array.from(v.solution)).toEqual(Array.from(g.solution));
    expect(stats.decidedShare).toBe(100);
    expect(Math.max(...(stats.frontier?.layerStates ?? [Infinity]))).toBe(1);
    // Deduction's known links hold in the solution.
    const d = new LinkDeducer(p);
    d.pushAll();
    expect(d.propagate() && d.probe(Infinity, () => false)).toBe(true);
    expect(d.settled).toBe(d.edges);
    const known = d.known();
    expect(Array.from(known.on)).toEqual(Array.from(g.solution));
    for (let i = 0; i < 400; i++) expect(known.off[i] & g.solution[i]).toBe(0);
  });

  it('answers inconclusive with the stop, never a count, when the budget runs out', () => {
    const p = one(
      '............\n.D.....F..E.\n...G........\n.........F..\n......E.....\n............\n.......B.B..\n....C.......\n............\n............\n........G.C.\n........D...',
    );
    const byNodes = plainCount(p, { budget: { maxNodes: 500 } });
    expect(byNodes.kind).toBe('inconclusive');
    expect(byNodes.kind === 'inconclusive' && byNodes.stop).toBe('node-limit');
    const byTime = plainCount(p, { budget: { deadlineMs: 0 } });
    expect(byTime.kind === 'inconclusive' && byTime.stop).toBe('deadline');
    const cancelled = plainCount(p, { budget: { signal: { aborted: true } } });
    expect(cancelled.kind === 'inconclusive' && cancelled.stop).toBe('cancelled');
    const byStates = plainCount(p, { budget: { maxStates: 2000 }, trialsPerCell: 0 });
    expect(byStates.kind === 'inconclusive' && byStates.stop).toBe('memory-limit');
    expect(plainCount(one('A.A\nB.B'), { budget: { maxNodes: 500 } }).kind).toBe('unique');
  });

  // The public sets (../shared/bench-data/numberlink, or PROOFGRID_BENCH_DATA; skipped without them).
  const DATA = join(
    process.env.PROOFGRID_BENCH_DATA ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'bench-data'),
    'numberlink',
  );
  const load = (file: string): Numberlink[] => {
    const r = parsePuzzles(readFileSync(join(DATA, file), 'utf8'), undefined, 'strict');
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  longIt('certifies the public Flow set under strict (cadical agrees) and decides Janko consistently with the exact no-2x2 sweep', async () => {
    if (!existsSync(DATA)) {
      console.warn(`plain.test: ${DATA} not found; the public sets skipped`);
      return;
    }
    const flow = readdirSync(join(DATA, 'flow'))
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .flatMap((f) => load(`flow/${f}`));
    const cad = availableBinaries().includes('cadical');
    for (const p of flow) {
      const v = plainCount(p, { budget: { deadlineMs: 10_000 } });
      expect(v.kind).toBe('unique');
      if (cad) expect((await satCountNumberlink(p, 'cadical', { limit: 2, budget: { deadlineMs: 30_000 } })).kind).toBe('unique');
    }
    // Janko: strict contains no-2x2, whose corner sweep is exact: a strict verdict must agree with it.
    let decided = 0;
    for (const p of load('janko/janko-even.txt')) {
      const v = plainCount(p, { budget: { deadlineMs: 5_000 } });
      const narrow = plainCount(p, { rule: 'no-2x2' });
      expect(narrow.kind).not.toBe('inconclusive');
      if (v.kind === 'inconclusive') continue;
      decided++;
      sound(p, v, 2);
      if (narrow.kind === 'multiple') expect(v.kind).toBe('multiple');
      if (v.kind === 'unique' && narrow.kind === 'unique') expect(Array.from(v.solution)).toEqual(Array.from(narrow.solution));
      if (v.kind === 'none') expect(narrow.kind).toBe('none');
    }
    expect(decided).toBeGreaterThanOrEqual(130);
    // Ahle's 8x8 and edge cases under each rule set, against the solver's own stages without this counter.
    for (const p of [...load('ahle/inputs1.txt'), ...load('ahle/inputs5.txt')]) {
      for (const rule of RULES) {
        const q = { ...p, rule };
        expect(plainCount(q).kind, `${p.width}x${p.height} ${rule}`).toBe(countSolutions(q, { plain: false }).kind);
      }
    }
  });
});
