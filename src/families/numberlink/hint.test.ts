import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { one, plantedArb, play } from '../../../test/numberlink-helpers.ts';
import type { Hint } from '../../core/family.ts';
import { isNumberlinkFocus, type NumberlinkFocus } from './focus.ts';
import { numberlinkHint } from './hint.ts';
import { isSolved, startState, type NumberlinkState } from './play.ts';
import { makeNumberlink } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import { generateNumberlink } from './generator.ts';
import { Deducer } from './deduce.ts';
import { directionTo } from './puzzle.ts';
import { OPPOSITE, type Numberlink, type Solution } from './types.ts';

/** The hint under the old fixed budget (2M nodes, no deadline): never inconclusive on these boards. */
function hintOf(p: Numberlink, s: NumberlinkState, solution?: Solution): Hint<NumberlinkFocus> | null {
  const r = numberlinkHint(p, s, { solution, budget: { maxNodes: 2_000_000 } });
  expect(r.kind).not.toBe('inconclusive');
  // What the runner's wire carries (JSON) passes the guard the player reads it with.
  if (r.kind === 'hint') expect(isNumberlinkFocus(JSON.parse(JSON.stringify(r.hint.focus)))).toBe(true);
  return r.kind === 'hint' ? r.hint : null;
}

describe('numberlink hints', () => {
  it('names the only way on from an endpoint', () => {
    const p = one('ABC\n...\nABC');
    const h = hintOf(p, startState(p));
    expect(h).toMatchObject({ technique: 'only way on', message: 'The A path at row 1, column 1 has only one way on: into row 2, column 1.' });
  });
  it('names a mistake first', () => {
    const p = one('ABC\n...\nABC');
    const h = hintOf(p, play(p, startState(p), 's2.1-2.2'));
    expect(h).toMatchObject({ technique: 'mistake', message: expect.stringContaining('row 2, column 1 and row 2, column 2') });
  });
  it('following hints alone solves puzzles that forcing solves, and every hint is a link of the solution', () => {
    fc.assert(
      fc.property(plantedArb, ({ w, h, cells }) => {
        const made = makeNumberlink(w, h, cells, 'strict');
        if (!made.ok) return false;
        const p = made.value;
        const v = countSolutions(p);
        if (v.kind !== 'unique') return true;
        let s = startState(p);
        for (let step = 0; step < w * h * 2; step++) {
          const hint = hintOf(p, s, v.solution);
          if (!hint) break;
          if (hint.technique === 'mistake') return false;
          const cs = hint.focus.cells.map((c) => `${c.row + 1}.${c.col + 1}`);
          s = play(p, s, `s${cs.join('-')}`);
          // Each hinted link is in the solution.
          if (s.links.some((x, i) => (x & ~v.solution[i]) !== 0)) return false;
        }
        return true;
      }),
      { seed: 9, numRuns: 80 },
    );
    // On a puzzle forcing solves, the hints reach the win.
    const p = one('ABC\n...\nABC');
    let s = startState(p);
    for (let step = 0; step < 20 && !isSolved(p, s); step++) {
      const hint = hintOf(p, s);
      if (!hint) break;
      const cs = hint.focus.cells.map((c) => `${c.row + 1}.${c.col + 1}`);
      s = play(p, s, `s${cs.join('-')}`);
    }
    expect(isSolved(p, s)).toBe(true);
    expect(hintOf(p, s)).toBeNull();
  });

  it('on generated puzzles, following hints alone always reaches the win; beyond single cells they name the corner rule or a trial', () => {
    const techniques = new Set<string>();
    for (const [w, h, level, rule] of [
      [8, 8, 'expert', 'strict'],
      [10, 10, 'hard', 'strict'],
      [12, 12, 'expert', 'no-2x2'],
      [15, 12, 'hard', 'no-2x2'],
    ] as const) {
      // Version 4 (the nearest level where the one asked is out of reach): a puzzle for every case.
      const g = generateNumberlink({ width: w, height: h, level, rule }, 'hints', {}, { version: 4 });
      if (!g.ok) throw new Error(g.message);
      const p = g.puzzle;
      let s = startState(p);
      for (let step = 0; step < w * h * 2 && !isSolved(p, s); step++) {
        const hint = hintOf(p, s, g.solution);
        expect(hint, `${w}x${h} step ${step}: no hint before the win`).not.toBeNull();
        techniques.add(hint!.technique);
        const cs = hint!.focus.cells.map((c) => `${c.row + 1}.${c.col + 1}`);
        s = play(p, s, `s${cs.join('-')}`);
        expect(s.links.every((x, i) => (x & ~g.solution[i]) === 0)).toBe(true);
      }
      expect(isSolved(p, s)).toBe(true);
    }
    expect(techniques.has('paths hug')).toBe(true);
    // Where deduction with the corner rule stalls, a trial gets past it, with links of the solution.
    const g = generateNumberlink({ width: 15, height: 15, level: 'expert', rule: 'no-2x2' }, 'stall', {}, { version: 4 });
    if (!g.ok) throw new Error(g.message);
    const drawn = new Uint8Array(g.puzzle.width * g.puzzle.height);
    const draw = (links: [number, number][]): void => {
      for (const [a, b] of links) {
        const d = directionTo(g.puzzle, a, b);
        drawn[a] |= d;
        drawn[b] |= OPPOSITE[d];
      }
    };
    let stalled = false;
    for (let round = 0; round < 500 && !stalled; round++) {
      const plain = new Deducer(g.puzzle, true).next(drawn, false);
      if (plain) draw(plain.links);
      else stalled = true;
    }
    expect(stalled).toBe(true);
    const t = new Deducer(g.puzzle, true).next(drawn, true);
    expect(t?.trial).toBeDefined();
    for (const [a, b] of t!.links) expect(g.solution[a] & directionTo(g.puzzle, a, b)).not.toBe(0);
  }, 60_000);
});
