import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.ts';
import { growCover, mergeCover } from './generator.ts';
import { makeNumberlink } from './puzzle.ts';
import { countSolutions, findSolution } from './solver.ts';
import { CornerSweep, sweepCount } from './sweep.ts';
import { Meter } from '../../core/budget.ts';
import { E, N, S, W, type Numberlink, type Solution } from './types.ts';
import { one } from '../../../test/numberlink-helpers.ts';

/** A puzzle with `pairs` pairs of endpoints at random cells (often none, sometimes several solutions). */
function randomPuzzle(seed: string, w: number, h: number, pairs: number, rule: 'no-touch' | 'no-2x2'): Numberlink {
  const rng = new Rng(seed);
  const cells: (string | null)[] = new Array(w * h).fill(null);
  const spots = rng.shuffle(Array.from({ length: w * h }, (_, i) => i)).slice(0, 2 * pairs);
  spots.forEach((c, t) => (cells[c] = `q${t >> 1}`));
  const p = makeNumberlink(w, h, cells, rule);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** A puzzle whose endpoints are the ends of a random no-touch cover's pieces. */
function coverPuzzle(seed: string, w: number, h: number, rule: 'no-touch' | 'no-2x2' = 'no-touch'): Numberlink | null {
  // Few pairs (long paths) often leave several solutions; more pairs, one.
  const rng = new Rng(seed);
  const k = Math.ceil((w * h) / (seed.length % 2 ? 6 : 14));
  const grown = growCover(rng, w, h, k);
  const cover = grown && mergeCover(rng, grown, k, { width: w, height: h });
  if (!cover) return null;
  const cells: (string | null)[] = new Array(w * h).fill(null);
  cover.forEach((path, k) => {
    cells[path[0]] = `p${k}`;
    cells[path[path.length - 1]] = `p${k}`;
  });
  const p = makeNumberlink(w, h, cells, rule);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

const key = (s: Solution): string => Array.from(s).join(',');

/** The solutions the sweep finds up to `limit` with conflict sets one word wide (most reasons widened). */
function narrow(p: Numberlink, rule: 'no-touch' | 'no-2x2', limit: number): string[] {
  const r = new CornerSweep(p, rule, { window: 1 }).run(limit, new Meter({}));
  expect(r.stop).toBe('completed');
  return r.found.map(key).sort();
}

/** Two 4x4 blocks with exactly two solutions each, under no-touch and no-2x2. */
const BLOCKS = ['...C\n.BA.\n.BC.\n...A', '...A\n.CB.\n.CA.\n...B'];

/** A board of bw x bh blocks, each a BLOCKS entry turned or mirrored (from `seed`), labels kept apart. */
function tiledPuzzle(seed: number, bw: number, bh: number, rule: 'no-touch' | 'no-2x2'): Numberlink {
  const w = 4 * bw;
  const cells: (string | null)[] = new Array(w * 4 * bh).fill(null);
  let s = seed;
  for (let br = 0; br < bh; br++) {
    for (let bc = 0; bc < bw; bc++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const rows = BLOCKS[s % 2].split('\n');
      const k = (s >> 3) % 8;
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) {
          let [rr, cc] = [k & 2 ? 3 - r : r, k & 4 ? 3 - c : c];
          if (k & 1) [rr, cc] = [cc, rr];
          const ch = rows[rr][cc];
          cells[(4 * br + r) * w + 4 * bc + c] = ch === '.' ? null : `${br}${bc}${ch}`;
        }
      }
    }
  }
  const p = makeNumberlink(w, 4 * bh, cells, rule);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** Every corner's inside diagonal runs through corners of the same kind to an endpoint (the sweep's theorem). */
function cornersMeetEndpoints(p: Numberlink, links: Solution): boolean {
  const isEnd = new Set(p.pairs.flat());
  const kinds: [number, number, number][] = [
    [E | S, 1, 1],
    [S | W, 1, -1],
    [N | E, -1, 1],
    [N | W, -1, -1],
  ];
  for (let i = 0; i < links.length; i++) {
    for (const [m, dr, dc] of kinds) {
      if (links[i] !== m || isEnd.has(i)) continue;
      let r = Math.floor(i / p.width) + dr;
      let c = (i % p.width) + dc;
      for (;;) {
        if (r < 0 || c < 0 || r >= p.height || c >= p.width) return false;
        const j = r * p.width + c;
        if (isEnd.has(j)) break;
        if (links[j] !== m) return false;
        r += dr;
        c += dc;
      }
    }
  }
  return true;
}

describe('numberlink corner sweep', () => {
  it.each(['no-touch', 'no-2x2'] as const)(
    'counts exactly like the path-growth search under %s on covers of 5x5 to 8x9 boards, with the same solutions',
    (rule) => {
      const seen = new Set<string>();
      for (let t = 0; t < 60; t++) {
        const p = t % 3 === 0 ? randomPuzzle(`sweep-${t}`, 3 + (t % 2), 4, 1 + (t % 2), rule) : coverPuzzle(`sweep-${t}`, 5 + (t % 4), 5 + ((t * 3) % 5), rule);
        if (!p) continue;
        const sw = sweepCount(p, { limit: 3 });
        const dfs = countSolutions(p, { limit: 3, sweepNodes: 0, budget: { maxNodes: 5_000_000 } });
        expect(dfs.kind).not.toBe('inconclusive');
        expect(sw.kind, `seed sweep-${t}`).toBe(dfs.kind);
        const a = sw.kind === 'unique' ? [sw.solution] : sw.kind === 'multiple' ? sw.solutions : [];
        const b = dfs.kind === 'unique' ? [dfs.solution] : dfs.kind === 'multiple' ? dfs.solutions : [];
        if (a.length < 3) expect(a.map(key).sort()).toEqual(b.map(key).sort());
        expect(narrow(p, rule, 3), `seed sweep-${t}, window 1`).toEqual(a.map(key).sort());
        seen.add(sw.kind);
      }
      expect(seen.has('none') && seen.has('unique')).toBe(true);
    },
    60_000,
  );

  it.each(['no-touch', 'no-2x2'] as const)(
    "under %s the corner theorem holds on every solution the independent search finds (so the sweep's corner rules cut nothing)",
    (rule) => {
      let corners = 0;
      for (let t = 0; t < 40; t++) {
        const p = coverPuzzle(`theorem-${t}`, 6 + (t % 3), 6, rule);
        if (!p) continue;
        const v = countSolutions(p, { limit: 5, sweepNodes: 0 });
        const sols = v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : [];
        for (const s of sols) {
          expect(cornersMeetEndpoints(p, s)).toBe(true);
          corners += Array.from(s).filter((m) => m === (E | S) || m === (S | W) || m === (N | E) || m === (N | W)).length;
        }
      }
      expect(corners).toBeGreaterThan(100);
    },
  );

  it('knows none, unique and multiple; a strict-only covering is not a no-touch one; strict is refused', () => {
    expect(() => sweepCount(one('AB\nAB', 'strict'))).toThrow(/not strict/);
    // A U of one path fills a 2x2 block: strict only.
    expect(sweepCount(one('A.\nA.', 'no-2x2')).kind).toBe('none');
    expect(sweepCount(one('AB\nAB', 'no-touch')).kind).toBe('unique');
    // The only covering runs A round a U, touching itself: no no-touch solution.
    expect(sweepCount(one('A.\nA.', 'no-touch')).kind).toBe('none');
    expect(countSolutions(one('A.\nA.', 'strict')).kind).toBe('unique');
    // Several solutions with no 2x2 block and no path beside itself.
    for (const text of ['...C\n.BA.\n.BC.\n...A', '...A\n.CB.\n.CA.\n...B']) {
      for (const rule of ['no-touch', 'no-2x2'] as const) {
        const sw = sweepCount(one(text, rule), { limit: 5 });
        const dfs = countSolutions(one(text, rule), { limit: 5, sweepNodes: 0 });
        expect(sw.kind).toBe('multiple');
        expect(sw.kind === 'multiple' && dfs.kind === 'multiple' && sw.solutions.map(key).sort()).toEqual(
          dfs.kind === 'multiple' && dfs.solutions.map(key).sort(),
        );
      }
    }
  });

  it.each(['no-touch', 'no-2x2'] as const)(
    'under %s finds every solution of boards tiled with two-solution blocks (2^k of them), like the path-growth search',
    (rule) => {
      // After a leaf (a solution, or a covering the rule refuses) the sweep goes back one level at a
      // time: the blocks are independent, so a conflict set alone would jump over another block's choice.
      for (let t = 0; t < 12; t++) {
        const [bw, bh] = [
          [2, 1],
          [1, 2],
          [2, 2],
          [3, 1],
        ][t % 4];
        const p = tiledPuzzle(t + 1, bw, bh, rule);
        const sw = sweepCount(p, { limit: 40 });
        const dfs = countSolutions(p, { limit: 40, sweepNodes: 0, budget: { maxNodes: 5_000_000 } });
        expect(dfs.kind).toBe('multiple');
        expect(sw.kind === 'multiple' && sw.solutions.map(key).sort(), `tiling ${t}`).toEqual(dfs.kind === 'multiple' && dfs.solutions.map(key).sort());
        expect(sw.kind === 'multiple' && sw.solutions.length).toBe(2 ** (bw * bh));
        expect(narrow(p, rule, 40)).toEqual(sw.kind === 'multiple' && sw.solutions.map(key).sort());
      }
    },
  );

  it.each(['no-touch', 'no-2x2'] as const)(
    'under %s counts like the path-growth search on 10x10 to 14x13 boards (reasons older than the exact part of a conflict set)',
    (rule) => {
      const seen = new Set<string>();
      for (let t = 0; t < 26; t++) {
        // Covers of random paths (one solution, mostly), and 3x3 tilings of two-solution blocks.
        const p = t < 24 ? coverPuzzle(`big-${t}`, 10 + (t % 5), 10 + ((t * 2) % 4), rule) : tiledPuzzle(t, 3, 3, rule);
        if (!p) continue;
        const sw = sweepCount(p, { limit: 3 });
        const dfs = countSolutions(p, { limit: 3, sweepNodes: 0, budget: { maxNodes: 20_000_000 } });
        if (dfs.kind === 'inconclusive') continue;
        expect(sw.kind, `seed big-${t}`).toBe(dfs.kind);
        const a = sw.kind === 'unique' ? [sw.solution] : sw.kind === 'multiple' ? sw.solutions : [];
        const b = dfs.kind === 'unique' ? [dfs.solution] : dfs.kind === 'multiple' ? dfs.solutions : [];
        if (a.length < 3) expect(a.map(key).sort(), `seed big-${t}`).toEqual(b.map(key).sort());
        expect(narrow(p, rule, 3), `seed big-${t}, window 1`).toEqual(a.map(key).sort());
        seen.add(sw.kind);
      }
      expect(seen.has('unique') && seen.has('multiple')).toBe(true);
    },
    120_000,
  );

  it('a budget that runs out is inconclusive', () => {
    const p = coverPuzzle('budget', 9, 9)!;
    expect(sweepCount(p, { budget: { maxNodes: 3 } })).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
  });

  it('finding one under strict: a no-touch covering when the sweep finds one, else the general search', () => {
    const touching = findSolution(one('A.\nA.', 'strict'));
    expect(touching.kind === 'found' && Array.from(touching.solution)).toEqual([E, W | S, E, W | N]);
    let t = 0;
    let p = coverPuzzle('find-0', 12, 10);
    while ((!p || sweepCount(p).kind === 'none') && t < 50) p = coverPuzzle(`find-${++t}`, 12, 10);
    if (!p) throw new Error('no cover with a no-touch covering in 50 seeds');
    const strict = { ...p, rule: 'strict' as const };
    const r = findSolution(strict);
    if (r.kind !== 'found') throw new Error(`no solution found: ${r.kind}`);
    expect(cornersMeetEndpoints(p, r.solution)).toBe(true); // it is a no-touch covering
  });
});
