import { describe, expect, it } from 'vitest';
import { expectError, randomColourPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { verifySolution } from '../puzzle.ts';
import { makeXml, parseXml } from './xml.ts';

const WOLTER = `<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>webpbn.com</source>
<puzzle type="grid" defaultcolor="black">
<title>Flag</title>
<color name="white" char=".">FFFFFF</color>
<color name="black" char="X">000000</color>
<color name="red" char="*">F00</color>
<clues type="columns">
<line><count>1</count><count color="red">1</count></line>
<line><count color="red">2</count></line>
<line></line>
</clues>
<clues type="rows">
<line><count>1</count><count color="red">1</count></line>
<line><count color="red">2</count></line>
</clues>
<solution type="goal"><image>
|X*.|
|**.|
</image></solution>
</puzzle>
</puzzleset>
`;

/** number-loom's way: defaultcolor the background, a color on every count, white's char a space, rows first. */
const LOOM = `<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" defaultcolor="white">
<color name="white" char=" ">FFFFFF</color>
<color name="aFFAC2B" char="a">FFAC2B</color>
<color name="b313131" char="b">313131</color>
<clues type="rows"><line><count color="aFFAC2B">1</count><count color="b313131">1</count></line>
<line></line>
</clues>
<clues type="columns"><line><count color="aFFAC2B">1</count></line>
<line><count color="b313131">1</count></line>
</clues>
<solution type="goal"><image>
|ab|
|  |
</image></solution>
</puzzle>
</puzzleset>
`;

describe('webpbn XML, colour puzzles', () => {
  it("reads Wolter's colour puzzles: counts without color are the default colour", () => {
    const [p] = value(parseXml(WOLTER));
    expect(p.colour?.palette).toEqual([
      { name: 'white', rgb: 'ffffff' },
      { name: 'black', rgb: '000000' },
      { name: 'red', rgb: 'ff0000' },
    ]);
    expect(p.rows).toEqual([[1, 1], [2]]);
    expect(p.colour?.rows).toEqual([[1, 2], [2]]);
    expect(p.cols).toEqual([[1, 1], [2], []]);
    expect(p.colour?.cols).toEqual([[1, 2], [2], []]);
    expect(p.meta?.title).toBe('Flag');
    expect(Array.from(p.meta?.goal ?? [])).toEqual([1, 2, 0, 2, 2, 0]);
    expect(verifySolution(p, p.meta!.goal!)).toEqual({ ok: true });
  });

  it("reads number-loom's: explicit colours, rows before columns, a space as a colour's char", () => {
    const [p] = value(parseXml(LOOM));
    expect(p.colour?.palette.map((c) => c.name)).toEqual(['white', 'aFFAC2B', 'b313131']);
    expect(p.colour?.rows).toEqual([[1, 2], []]);
    expect(verifySolution(p, p.meta!.goal!)).toEqual({ ok: true });
  });

  it('writes colour puzzles back: parse(make(p)) = p, names, RGB and goal kept', () => {
    const puzzles = randomColourPuzzles('xml-colour', 30, true);
    const text = value(makeXml(puzzles));
    expect(value(parseXml(text))).toEqual(puzzles);
    const [w] = value(parseXml(WOLTER));
    expect(value(parseXml(value(makeXml([w]))))).toEqual([w]);
  });

  const bad: [string, string, string, number, RegExp][] = [
    [
      'an undeclared colour',
      WOLTER.replace('<count color="red">2</count></line>\n<line></line>', '<count color="teal">2</count></line>\n<line></line>'),
      'ERR_CLUE',
      12,
      /column 2: a count in colour 'teal', which no <color> declares/,
    ],
    [
      'a block of the background colour',
      WOLTER.replace('<count color="red">2</count></line>\n</clues>', '<count color="white">2</count></line>\n</clues>'),
      'ERR_CLUE',
      17,
      /row 2: a count in the background colour 'white'/,
    ],
    ['a colour without an RGB value', WOLTER.replace('F00</color>', 'reddish</color>'), 'ERR_FORMAT', 9, /colour 'red': 'reddish' is not an RGB value/],
    [
      'a colour declared twice',
      WOLTER.replace('<color name="red" char="*">F00</color>', '<color name="red" char="*">F00</color><color name="red">0F0</color>'),
      'ERR_FORMAT',
      9,
      /declared twice/,
    ],
    ['a goal image with a row too few', WOLTER.replace('|**.|\n', ''), 'ERR_SOLUTION', 19, /goal image has 1 rows, the puzzle has 2/],
    ['a goal image with an unknown char', WOLTER.replace('|**.|', '|*?.|'), 'ERR_SOLUTION', 19, /cell 2 is '\?', the char of no colour/],
    [
      'a clue too long for its line',
      WOLTER.replace('<line><count color="red">2</count></line>\n</clues>', '<line><count color="red">2</count><count color="red">1</count></line>\n</clues>'),
      'ERR_CLUE',
      5,
      /row 2: its blocks need 4 cells but the row has 3/,
    ],
    [
      'a zero among blocks',
      WOLTER.replace('<line><count color="red">2</count></line>\n</clues>', '<line><count>0</count><count color="red">1</count></line>\n</clues>'),
      'ERR_CLUE',
      17,
      /0 may only stand alone/,
    ],
  ];
  for (const [what, text, code, line, msg] of bad) {
    it(`refuses ${what} (${code}, line ${line})`, () => {
      expect(expectError(parseXml(text), code, line)).toMatch(msg);
    });
  }
});
