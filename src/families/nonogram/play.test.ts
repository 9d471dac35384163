import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeNonogram, unwrapNonogram } from './puzzle.ts';
import { applyMove, isSolved, lineSatisfied, makeMove, makeState, mistakes, parseMove, parseState, startState } from './play.ts';
import { EMPTY, FILLED, UNKNOWN } from './types.ts';

const p = unwrapNonogram(makeNonogram(3, 2, [[2], [1, 1]], [[2], [1], [1]]));

describe('nonogram play rules', () => {
  it('move strings round-trip', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('f', 'x', 'c'),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (op, r, c1, c2, paint) => {
          const text = `${op}${r}.${c1}${c1 === c2 ? '' : `-${r}.${c2}`}${paint ? 'p' : ''}`;
          const m = parseMove(text, p);
          return m.ok && makeMove(m.value) === text;
        },
      ),
    );
  });
  it('rejects moves off the grid or not in a line', () => {
    for (const bad of ['', 'f0.1', 'f3.1', 'f1.4', 'q1.1', 'f1.1-2.2', 'f1,1']) expect(parseMove(bad, p).ok).toBe(false);
  });
  it('applies fill, cross, clear and paint without mutating the old state', () => {
    const s0 = startState(p);
    const mv = (t: string) => {
      const m = parseMove(t, p);
      if (!m.ok) throw new Error(t);
      return m.value;
    };
    const s1 = applyMove(s0, mv('f1.1-1.3'));
    expect(Array.from(s1.marks.slice(0, 3))).toEqual([FILLED, FILLED, FILLED]);
    expect(s0.marks.every((v) => v === UNKNOWN)).toBe(true);
    const s2 = applyMove(s1, mv('x1.3'));
    // Paint does not overwrite cells marked otherwise.
    const s3 = applyMove(s2, mv('f1.1-1.3p'));
    expect(s3.marks[2]).toBe(EMPTY);
    const s4 = applyMove(s3, mv('c1.1'));
    expect(s4.marks[0]).toBe(UNKNOWN);
  });
  it('a move with more runs after + marks them all in one step, and round-trips', () => {
    const m = parseMove('f1.1-1.2+x1.3+x2.1-2.3', p);
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    expect(m.value.also?.length).toBe(2);
    expect(makeMove(m.value)).toBe('f1.1-1.2+x1.3+x2.1-2.3');
    expect(Array.from(applyMove(startState(p), m.value).marks)).toEqual([FILLED, FILLED, EMPTY, EMPTY, EMPTY, EMPTY]);
    // A plain run has no `also`; a bad part spoils the whole move.
    const plain = parseMove('f1.1', p);
    expect(plain.ok && 'also' in plain.value).toBe(false);
    for (const bad of ['f1.1+', '+f1.1', 'f1.1+x3.1', 'f1.1+q1.1', 'f1.1++x1.2']) expect(parseMove(bad, p).ok).toBe(false);
  });
  it('judges the win by the clues', () => {
    let s = startState(p);
    expect(isSolved(p, s)).toBe(false);
    for (const t of ['f1.1-1.2', 'f2.1', 'f2.3']) {
      const m = parseMove(t, p);
      if (m.ok) s = applyMove(s, m.value);
    }
    expect(isSolved(p, s)).toBe(true);
  });
  it('marks text round-trips and refuses malformed marks by name', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(UNKNOWN, FILLED, EMPTY), { minLength: 6, maxLength: 6 }), (arr) => {
        const s = { width: 3, height: 2, marks: Uint8Array.from(arr) };
        const back = parseState(makeState(s), p);
        return back.ok && back.value.marks.every((v, i) => v === arr[i]);
      }),
    );
    expect(makeState({ width: 3, height: 2, marks: Uint8Array.from([1, 1, 2, 0, 0, 1]) })).toBe('##x/??#');
    expect(parseState('##x', p)).toMatchObject({ ok: false, error: { code: 'ERR_LINE_COUNT' } });
    expect(parseState('##x/??', p)).toMatchObject({ ok: false, error: { message: expect.stringContaining('row 2 has 2 cells') } });
    expect(parseState('##x/??o', p)).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX' } });
  });
  it('tells satisfied lines and mistakes against a solution', () => {
    const s = unwrapState('##x/x??');
    expect(lineSatisfied(p, s, 'row', 0)).toBe(true);
    expect(lineSatisfied(p, s, 'row', 1)).toBe(false);
    expect(lineSatisfied(p, s, 'col', 1)).toBe(true);
    expect(lineSatisfied(p, s, 'col', 0)).toBe(false);
    // Solution ##. / #.#: the cross at row 2, column 1 is wrong; unknown cells never count.
    expect(mistakes(p, s, Uint8Array.from([1, 1, 0, 1, 0, 1]))).toEqual([3]);
    expect(mistakes(p, unwrapState('###/???'), Uint8Array.from([1, 1, 0, 1, 0, 1]))).toEqual([2]);
  });
});

function unwrapState(text: string) {
  const r = parseState(text, p);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
