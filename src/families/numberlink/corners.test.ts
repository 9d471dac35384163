import { describe, expect, it } from 'vitest';
import { Meter } from '../../core/budget.ts';
import { Rng } from '../../core/rng.ts';
import { orient, sweepCorners, unorient, type Orientation } from './corners.ts';
import { growCover, mergeCover } from './generator.ts';
import { makeNumberlink, verifySolution } from './puzzle.ts';
import { CornerSweep } from './sweep.ts';
import type { Numberlink, Solution } from './types.ts';

const ALL: Orientation[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** A board whose endpoints are the ends of a random touch-free cover (so it has a covering under every rule). */
function coverPuzzle(seed: string, w: number, h: number, k: number, rule: 'no-touch' | 'no-2x2'): Numberlink {
  const rng = new Rng(seed);
  for (;;) {
    const grown = growCover(rng, w, h, k);
    const cover = grown && mergeCover(rng, grown, k, { width: w, height: h });
    if (!cover) continue;
    const cells: (string | null)[] = new Array(w * h).fill(null);
    cover.forEach((path, i) => {
      cells[path[0]] = `p${i}`;
      cells[path[path.length - 1]] = `p${i}`;
    });
    const p = makeNumberlink(w, h, cells, rule);
    if (!p.ok) throw new Error(p.error.message);
    return p.value;
  }
}

const key = (s: Solution): string => Array.from(s).join(',');

describe('numberlink corner sweeps in turns', () => {
  it('every view counts the same coverings as the board itself, mapped back exactly', () => {
    for (let i = 0; i < 24; i++) {
      const w = 4 + (i % 4);
      const h = 3 + ((i >> 2) % 4);
      const rule = i % 2 ? 'no-touch' : 'no-2x2';
      const p = coverPuzzle(`views-${i}`, w, h, 2 + (i % 3), rule);
      const want = new CornerSweep(p, rule).run(100, new Meter({}));
      expect(want.stop).toBe('completed');
      const wantKeys = want.found.map(key).sort();
      for (const o of ALL) {
        const { board, from } = orient(p, o);
        expect([board.width, board.height]).toEqual(o & 4 ? [h, w] : [w, h]);
        const got = new CornerSweep(board, rule).run(100, new Meter({}));
        expect(got.stop).toBe('completed');
        const back = got.found.map((s) => unorient(s, board, from, w));
        for (const s of back) expect(verifySolution(p, s)).toEqual({ ok: true });
        expect(back.map(key).sort(), `${w}x${h} view ${o}`).toEqual(wantKeys);
      }
    }
  });

  it('a sweep resumed in slices makes the same nodes and the same covering as one run', () => {
    for (let i = 0; i < 6; i++) {
      const p = coverPuzzle(`resume-${i}`, 12, 10, 6, 'no-2x2');
      const whole = new CornerSweep(p, 'no-2x2');
      const one = whole.run(3, new Meter({}));
      const sliced = new CornerSweep(p, 'no-2x2');
      let r = sliced.run(3, new Meter({ maxNodes: 7 }));
      let calls = 1;
      while (r.stop === 'node-limit') {
        r = sliced.resume(3, new Meter({ maxNodes: 7 }));
        calls++;
      }
      expect(r.stop).toBe('completed');
      expect(calls).toBeGreaterThan(1);
      expect(sliced.stats.nodes).toBe(whole.stats.nodes);
      expect(r.found.map(key)).toEqual(one.found.map(key));
    }
  });

  it('finds a covering that verifies, the same one every time; exhausted means none; budgets stop it', () => {
    const p = coverPuzzle('turns', 30, 30, 40, 'no-2x2');
    const a = sweepCorners(p, 'no-2x2', new Meter({}), [0, 3, 5, 6], 16);
    const b = sweepCorners(p, 'no-2x2', new Meter({}), [0, 3, 5, 6], 16);
    expect(a.found).not.toBeNull();
    expect(verifySolution(p, a.found!)).toEqual({ ok: true });
    expect(key(b.found!)).toBe(key(a.found!));
    expect(b.nodes).toBe(a.nodes);
    // Two pairs that must cross: no covering, and the sweeps say so.
    const cells = ['A', null, 'B', null, null, null, 'B', null, 'A'];
    const cross = makeNumberlink(3, 3, cells, 'no-touch');
    if (!cross.ok) throw new Error(cross.error.message);
    expect(sweepCorners(cross.value, 'no-touch', new Meter({}), [0, 3], 16)).toMatchObject({ found: null, stop: 'completed' });
    expect(sweepCorners(p, 'no-2x2', new Meter({ maxNodes: 10 }), [0, 3, 5, 6], 16)).toMatchObject({ found: null, stop: 'node-limit' });
    expect(sweepCorners(p, 'no-2x2', new Meter({ signal: { aborted: true } }), [0, 3], 16)).toMatchObject({ found: null, stop: 'cancelled' });
  });
});
