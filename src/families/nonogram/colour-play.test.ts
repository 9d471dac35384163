import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colourCluesOfPicture, makeColourNonogram, type ColourPuzzle } from './colour.ts';
import { countColour } from './colour-solver.ts';
import {
  applyMove,
  colourOfMark,
  isSolved,
  lineSatisfied,
  makeMove,
  makeState,
  markOfColour,
  mistakes,
  nonogramPlay,
  parseMove,
  parseState,
  startState,
} from './play.ts';
import { EMPTY, FILLED, UNKNOWN } from './types.ts';

// 1 black, 2 red; unique (its clues pin every cell: checked below).
const pic = ['1122', '0120', '2201'];
const clues = colourCluesOfPicture(Uint8Array.from(pic.join(''), Number), 4, 3);
const palette = [
  { name: 'white', rgb: 'ffffff' },
  { name: 'black', rgb: '000000' },
  { name: 'red', rgb: 'ff0000' },
];
const p = (makeColourNonogram(4, 3, palette, clues.rows, clues.cols) as { value: ColourPuzzle }).value;
const solution = Uint8Array.from(pic.join(''), Number);

const mv = (t: string) => {
  const m = parseMove(t, p);
  if (!m.ok) throw new Error(`${t}: ${m.error.message}`);
  return m.value;
};

describe('colour play rules', () => {
  it('a fill names its colour after @; colour 1 is written as in black and white', () => {
    expect(mv('f1.3@2')).toEqual({ op: 'fill', from: { row: 0, col: 2 }, to: { row: 0, col: 2 }, paint: false, colour: 2 });
    expect(makeMove(mv('f1.1@1'))).toBe('f1.1');
    expect(makeMove(mv('f1.1-1.4p@2+x2.1'))).toBe('f1.1-1.4p@2+x2.1');
    for (const bad of ['f1.1@3', 'f1.1@0', 'x1.1@2', 'c1.1@2', 'f1.1@', 'f1.1@2p']) expect(parseMove(bad, p).ok, bad).toBe(false);
  });
  it('move strings round-trip', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('f', 'x', 'c'),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 2 }),
        (op, r, c1, c2, paint, colour) => {
          const text = `${op}${r}.${c1}${c1 === c2 ? '' : `-${r}.${c2}`}${paint ? 'p' : ''}${op === 'f' && colour > 1 ? `@${colour}` : ''}`;
          const m = parseMove(text, p);
          return m.ok && makeMove(m.value) === text;
        },
      ),
    );
  });
  it('fills in colours, paints around other marks, and never mutates the old state', () => {
    const s0 = startState(p);
    expect(s0.colours).toBe(2);
    const s1 = applyMove(s0, mv('f1.1-1.4@2'));
    expect(Array.from(s1.marks.slice(0, 4))).toEqual([markOfColour(2), markOfColour(2), markOfColour(2), markOfColour(2)]);
    expect(s0.marks.every((v) => v === UNKNOWN)).toBe(true);
    const s2 = applyMove(applyMove(s1, mv('c1.1-1.2')), mv('x1.1'));
    // A paint of colour 1 over the row leaves the cross and the red cells alone, and fills the cleared cell.
    const s3 = applyMove(s2, mv('f1.1-1.4p'));
    expect(Array.from(s3.marks.slice(0, 4))).toEqual([EMPTY, FILLED, markOfColour(2), markOfColour(2)]);
    expect(s3.colours).toBe(2);
    expect([0, 1, 2, 3, 4].map((v) => colourOfMark(v))).toEqual([0, 1, 0, 2, 3]);
  });
  it('board text writes colours as characters and reads them back', () => {
    const s = applyMove(applyMove(applyMove(startState(p), mv('f1.1-1.2')), mv('f1.3-1.4@2')), mv('x2.1'));
    const text = makeState(s);
    expect(text).toBe('1122/x???/????');
    const back = parseState(text, p);
    expect(back.ok && Array.from(back.value.marks)).toEqual(Array.from(s.marks));
    expect(back.ok && back.value.colours).toBe(2);
    // `#` is colour 1; a colour past the palette, or a letter, is refused.
    expect(parseState('##22/x???/????', p).ok && makeState((parseState('##22/x???/????', p) as { value: typeof s }).value)).toBe('1122/x???/????');
    expect(parseState('1132/????/????', p).ok).toBe(false);
    expect(parseState('11A2/????/????', p).ok).toBe(false);
  });
  it('won by the clues in colour; a wrong colour is a mistake', () => {
    expect(countColour(p, { limit: 2 }).kind).toBe('unique');
    const moves = nonogramPlay.solutionMoves(p, solution);
    const won = moves.reduce((s, m) => applyMove(s, m), startState(p));
    expect(isSolved(p, won)).toBe(true);
    expect(mistakes(p, won, solution)).toEqual([]);
    expect(lineSatisfied(p, won, 'row', 0)).toBe(true);
    // Row 1 filled all black: the shape fits a black-and-white reading but not the colours.
    const wrong = applyMove(won, mv('f1.3-1.4'));
    expect(isSolved(p, wrong)).toBe(false);
    expect(lineSatisfied(p, wrong, 'row', 0)).toBe(false);
    expect(mistakes(p, wrong, solution)).toEqual([2, 3]);
    const crossed = applyMove(won, mv('x1.1'));
    expect(mistakes(p, crossed, solution)).toEqual([0]);
    // Every move of the replay round-trips through its text.
    for (const m of moves) expect(makeMove(mv(makeMove(m)))).toBe(makeMove(m));
  });
  it('black-and-white boards are unchanged: no colours, # fills, @ refused beyond colour 1', () => {
    const bw = { width: 2, height: 1, rows: [[1]], cols: [[1], []] };
    const s = startState(bw);
    expect('colours' in s).toBe(false);
    expect(parseMove('f1.1@2', bw).ok).toBe(false);
    const f = parseMove('f1.1@1', bw);
    expect(f.ok && makeMove(f.value)).toBe('f1.1');
    expect(f.ok && makeState(applyMove(s, f.value))).toBe('#?');
  });
});

describe('colour clue cues', () => {
  it('a clue is done when its fills spell it in colour, red when its marks fit no placement', async () => {
    const { colourClueState } = await import('./colour-play.ts');
    let s = startState(p);
    expect(colourClueState(p, s, 'row', 0)).toEqual({ red: false, done: false });
    s = applyMove(applyMove(s, mv('f1.1-1.2')), mv('f1.3-1.4@2'));
    expect(colourClueState(p, s, 'row', 0)).toEqual({ red: false, done: true });
    // Column 1 is black, blank, red: black at its foot cannot fit.
    s = applyMove(s, mv('f3.1'));
    expect(colourClueState(p, s, 'col', 0)).toEqual({ red: true, done: false });
    // Crossing every cell of row 2 cannot fit its two blocks.
    expect(colourClueState(p, applyMove(startState(p), mv('x2.1-2.4')), 'row', 1).red).toBe(true);
  });
});
