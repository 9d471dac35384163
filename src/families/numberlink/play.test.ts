import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { one, plantedArb, play } from '../../../test/numberlink-helpers.ts';
import { applyMove, isSolved, makeMove, makeState, mistakes, parseMove, parseState, startState } from './play.ts';
import { linksFromPaths, makeNumberlink } from './puzzle.ts';

describe('numberlink play rules', () => {
  const p = one('A.B\n...\nA.B');
  it('move strings round-trip; bad moves are refused by name', () => {
    for (const t of ['s1.1-2.1-3.1', 'x2.2', 's3.3-3.2']) {
      const m = parseMove(t, p);
      expect(m.ok && makeMove(m.value)).toBe(t);
    }
    expect(parseMove('s1.1-2.2', p)).toMatchObject({ ok: false, error: { message: expect.stringContaining('not next to') } });
    expect(parseMove('s1.1', p)).toMatchObject({ ok: false, error: { code: 'ERR_MOVE' } });
    expect(parseMove('s1.1-1.9', p)).toMatchObject({ ok: false });
    expect(parseMove('q1.1', p)).toMatchObject({ ok: false });
  });
  it('drawing each planted path wins; the win is judged by the rules', () => {
    fc.assert(
      fc.property(plantedArb, ({ w, h, cells, paths }) => {
        const made = makeNumberlink(w, h, cells, 'strict');
        if (!made.ok) return false;
        let s = startState(made.value);
        for (const path of paths) s = applyMove(s, { kind: 'stroke', width: w, cells: path });
        return isSolved(made.value, s) && s.links.every((x, i) => x === linksFromPaths(made.value, paths)[i]);
      }),
      { seed: 8 },
    );
  });
  it('going back over the path shortens it; crossing another path cuts it; clear removes a piece', () => {
    let s = play(p, startState(p), 's1.1-2.1-2.2-2.3');
    // Link bits per cell in hex: 1 north, 2 east, 4 south, 8 west.
    expect(makeState(s)).toBe('400/3a8/000');
    s = play(p, s, 's2.3-2.2');
    expect(makeState(s)).toBe('400/380/000');
    s = play(p, s, 's1.3-2.3-3.3');
    expect(makeState(s)).toBe('404/385/001');
    // Across the middle row into 2.3, which has its two links: its link north is cut.
    s = play(p, s, 's2.2-2.3');
    expect(makeState(s)).toBe('400/3ac/001');
    // The piece through 2.1 now runs from 1.1 to 3.3: clearing it removes all of it.
    s = play(p, s, 'x2.1');
    expect(makeState(s)).toBe('000/000/000');
  });
  it('marks text round-trips and refuses damaged state; mistakes are links the solution lacks', () => {
    const s = play(p, startState(p), 's1.1-2.1-3.1');
    const back = parseState(makeState(s), p);
    expect(back.ok && makeState(back.value)).toBe(makeState(s));
    expect(parseState('400/000', p)).toMatchObject({ ok: false, error: { code: 'ERR_LINE_COUNT' } });
    expect(parseState('400/000/00g', p)).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX' } });
    expect(parseState('400/000/000', p)).toMatchObject({ ok: false, error: { message: expect.stringContaining('disagree') } });
    const solution = linksFromPaths(p, [
      [0, 3, 6],
      [2, 5, 8],
    ]);
    expect(mistakes(p, s, solution)).toEqual([]);
    expect(mistakes(p, play(p, s, 's2.2-2.3'), solution)).toEqual([4, 5]);
  });
});
