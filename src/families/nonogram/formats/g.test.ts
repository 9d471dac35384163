import { describe, expect, it } from 'vitest';
import { expectError, randomColourPuzzles, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import type { Nonogram } from '../types.ts';
import { gLoses, makeG, parseG } from './g.ts';
import { detectFormat, parsePuzzles } from './index.ts';

const ROCKET = `Rocket (a comment: lines before the first # or : line)
#declarations
   r:&  red    the suffix r
   0:   white  the background
   1:*  black  numbers without a suffix
:rows
1 1r 1

2r 1
:columns
1 1
1r 1r

:end
anything after the end is ignored
`;

/** What survives every format: the clues, their colours and the palette's RGB values. */
const shape = (p: Nonogram) => ({
  w: p.width,
  h: p.height,
  rows: p.rows,
  cols: p.cols,
  colour: p.colour && { rows: p.colour.rows, cols: p.colour.cols, rgb: p.colour.palette.map((c) => c.rgb) },
});

describe("Olšák's .g format", () => {
  it('reads colour declarations, suffixes, the default colour 1 and empty lines', () => {
    const [p] = value(parseG(ROCKET));
    expect(p.colour?.palette).toEqual([
      { name: 'white', rgb: 'ffffff' },
      { name: 'red', rgb: 'ff0000' },
      { name: 'black', rgb: '000000' },
    ]);
    expect([p.width, p.height]).toEqual([3, 3]);
    expect(p.rows).toEqual([[1, 1, 1], [], [2, 1]]);
    expect(p.colour?.rows).toEqual([[2, 1, 2], [], [1, 2]]);
    expect(p.colour?.cols).toEqual([[2, 2], [1, 1], []]);
    expect(detectFormat(ROCKET)).toBe('g');
    expect(detectFormat(ROCKET, 'rocket.g')).toBe('g');
  });

  it('reads a file without declarations, or with one colour, as black and white', () => {
    const [p] = value(parseG('cat\n: rows\n1 1\n3\n: columns\n2\n1\n2\n'));
    expect(p).toEqual({ width: 3, height: 2, rows: [[1, 1], [3]], cols: [[2], [1], [2]] });
    const [q] = value(parseG('#d\n 0:  white\n 1:* black\n:\n1\n:\n1\n'));
    expect(q).toEqual({ width: 1, height: 1, rows: [[1]], cols: [[1]] });
  });

  it('round-trips colour puzzles: clues, colours and RGB always, names when they fit', () => {
    for (const p of randomColourPuzzles('g-colour', 80, true)) {
      const [back] = value(parseG(makeG(p)));
      expect(shape(back)).toEqual(shape(p));
      // Only the goal (in meta) is dropped when every name survives.
      if (!gLoses({ ...p, meta: undefined })) expect(back).toEqual({ ...p, meta: undefined });
    }
    // Letters and colour names survive.
    const [p] = value(parseG(ROCKET));
    expect(value(parseG(makeG(p)))).toEqual([p]);
    expect(gLoses(p)).toBe(false);
  });

  it('round-trips black-and-white puzzles', () => {
    for (const p of randomPuzzles('g-bw', 40)) expect(value(parsePuzzles(makeG(p), 'g'))).toEqual([{ ...p, meta: undefined }].map(({ meta: _, ...q }) => q));
  });

  const bad: [string, string, string, number, RegExp][] = [
    ['an undeclared colour', ROCKET.replace('2r 1\n', '2q 1\n'), 'ERR_CLUE', 9, /row 3: block '2q': colour 'q' is not declared/],
    ['an unknown colour word', ROCKET.replace('red  ', 'rouge'), 'ERR_FORMAT', 3, /'rouge' is neither a colour name nor #RRGGBB/],
    ['a triangle colour', ROCKET.replace('red  ', 'red/black'), 'ERR_FORMAT', 3, /triangle cell/],
    ['a triddler', `#t\n${ROCKET}`, 'ERR_FORMAT', 1, /triddler/],
    [
      'no colour 1 for a plain number',
      ROCKET.replace('   1:*  black  numbers without a suffix\n', '   b:*  black\n'),
      'ERR_CLUE',
      7,
      /row 1: block '1' has no colour, and no colour 1 is declared/,
    ],
    ['a colour declared twice', ROCKET.replace('   0:   white', '   r:r  blue\n   0:   white'), 'ERR_FORMAT', 4, /declared twice/],
    ['a clue too long for its line', ROCKET.replace('2r 1\n', '2r 2r\n'), 'ERR_CLUE', 9, /row 3: its blocks need 5 cells but the row has 3/],
    ['no columns', 'x\n: rows\n1\n', 'ERR_MISSING', 2, /no second ":" line/],
    ['a block that is not a number', ROCKET.replace('2r 1\n', '2rr 1\n'), 'ERR_NUMBER', 9, /'2rr' is not a block/],
  ];
  for (const [what, text, code, line, msg] of bad) {
    it(`refuses ${what} (${code})`, () => {
      expect(expectError(parseG(text), code, line)).toMatch(msg);
    });
  }
});
