import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/rng.ts';
import { growCover, mergeCover } from './generator.ts';
import { makeNumberlink } from './puzzle.ts';
import { countSolutions, findSolution } from './solver.ts';
import { sweepCount } from './sweep.ts';
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
  it.each(['no-touch', 'no-2x2'] as const)('counts exactly like the path-growth search under %s on covers of 5x5 to 8x9 boards, with the same solutions', (rule) => {
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
      seen.add(sw.kind);
    }
    expect(seen.has('none') && seen.has('unique')).toBe(true);
  }, 60_000);

  it.each(['no-touch', 'no-2x2'] as const)("under %s the corner theorem holds on every solution the independent search finds (so the sweep's corner rules cut nothing)", (rule) => {
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
  });

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
        expect(sw.kind === 'multiple' && dfs.kind === 'multiple' && sw.solutions.map(key).sort()).toEqual(dfs.kind === 'multiple' && dfs.solutions.map(key).sort());
      }
    }
  });

  it('a budget that runs out is inconclusive', () => {
    const p = coverPuzzle('budget', 9, 9)!;
    expect(sweepCount(p, { budget: { maxNodes: 3 } })).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
  });

  it('finding one under strict: a no-touch covering when the sweep finds one, else the general search', () => {
    const touching = findSolution(one('A.\nA.', 'strict'));
    expect(touching.solution && Array.from(touching.solution)).toEqual([E, W | S, E, W | N]);
    let t = 0;
    let p = coverPuzzle('find-0', 12, 10);
    while (!p || sweepCount(p).kind === 'none') p = coverPuzzle(`find-${++t}`, 12, 10);
    const strict = { ...p, rule: 'strict' as const };
    const r = findSolution(strict);
    expect(r.solution).not.toBeNull();
    expect(cornersMeetEndpoints(p, r.solution!)).toBe(true); // it is a no-touch covering
  });
});
