import { describe, expect, it } from 'vitest';
import { expectError, firstUseShape, randomColourPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { makeColourNonogram } from '../colour.ts';
import type { Nonogram } from '../types.ts';
import { makeCnon, parseCnon } from './cnon.ts';
import { makeColourJson, parseColourJson } from './cjson.ts';
import { makeCsv, parseCsv } from './csv.ts';
import { detectFormat, parsePuzzles } from './index.ts';
import { makeNon, parseNon } from './non.ts';

/** Each block's RGB, for the formats that keep colour values. */
const rgbShape = (p: Nonogram) => [
  ...p.rows.map((l, i) => l.map((n, b) => `${n}:${p.colour?.palette[p.colour.rows[i][b]].rgb}`)),
  ...p.cols.map((l, i) => l.map((n, b) => `${n}:${p.colour?.palette[p.colour.cols[i][b]].rgb}`)),
];

const CNON = '3 3 2\nA #E8AD00\nB #ffde0d\nC #187300\n1:A,2:B\n\n1:A\n1:B\n1:B\n';
const JSON_TEXT =
  '{"horizontal": [[{"v": 1, "c": "Red"}, {"v": 2, "c": "Yellow"}], []], "vertical": [[{"v": 1, "c": "Red"}], [{"v": 1, "c": "Yellow"}], [{"v": 1, "c": "Yellow"}]]}';
const CSV = '2,3\nO,1,B,2\n\nO,1\nB,1\nB,1';
const NONNY =
  'title "Test"\nby "someone"\nwidth 3\nheight 2\n\ncolor black 000000 X\ncolor red FF0000 #\n\nrows\nblack 1 red 2\n\n0\ncolumns\n1\nred 1\nred: 1\n';

describe('the other colour formats of the public data', () => {
  it('read their own samples, detected by text', () => {
    const want = { w: 3, h: 2, rows: ['1:1 2:2', ''], cols: ['1:1', '1:2', '1:2'] };
    for (const [text, format, parse] of [
      [CNON, 'cnon', parseCnon],
      [JSON_TEXT, 'cjson', parseColourJson],
      [CSV, 'csv', parseCsv],
      [NONNY, 'non', parseNon],
    ] as const) {
      const [p] = value(parse(text));
      expect(firstUseShape(p), format).toEqual(want);
      expect(detectFormat(text), format).toBe(format);
      expect(value(parsePuzzles(text))).toEqual([p]);
    }
    const [c] = value(parseCnon(CNON));
    expect(c.colour?.palette).toEqual([
      { name: 'white', rgb: 'ffffff' },
      { name: 'A', rgb: 'e8ad00' },
      { name: 'B', rgb: 'ffde0d' },
      { name: 'C', rgb: '187300' },
    ]);
    const [n] = value(parseNon(NONNY));
    expect(n.meta).toEqual({ title: 'Test', author: 'someone' });
    expect(n.colour?.palette.map((k) => k.name)).toEqual(['white', 'black', 'red']);
    const [j] = value(parseColourJson(JSON_TEXT));
    expect(j.colour?.palette).toEqual([
      { name: 'white', rgb: 'ffffff' },
      { name: 'Red', rgb: 'ff0000' },
      { name: 'Yellow', rgb: 'ffff00' },
    ]);
  });

  it('round-trip random colour puzzles (clues and colours; RGB where the format has it)', () => {
    const puzzles = randomColourPuzzles('colour-formats', 40, true);
    for (const p of puzzles) {
      const q = { ...p, meta: undefined };
      const [viaCnon] = value(parseCnon(makeCnon(p)));
      expect(firstUseShape(viaCnon)).toEqual(firstUseShape(p));
      expect(rgbShape(viaCnon)).toEqual(rgbShape(p));
      const [viaCsv] = value(parseCsv(makeCsv(p)));
      expect(firstUseShape(viaCsv)).toEqual(firstUseShape(p));
      const [viaNon] = value(parseNon(makeNon(q)));
      expect(firstUseShape(viaNon)).toEqual(firstUseShape(p));
      expect(rgbShape(viaNon)).toEqual(rgbShape(p));
    }
    // The JSON names its colours: a palette of colour names goes through exactly.
    const named = [
      { name: 'white', rgb: 'ffffff' },
      { name: 'Red', rgb: 'ff0000' },
      { name: 'Blue', rgb: '0000ff' },
    ];
    const r = makeColourNonogram(
      2,
      1,
      named,
      [{ lengths: [1, 1], colours: [1, 2] }],
      [
        { lengths: [1], colours: [1] },
        { lengths: [1], colours: [2] },
      ],
    );
    const p = value(r);
    expect(value(parseColourJson(value(makeColourJson(p))))).toEqual([p]);
    expect(expectError(makeColourJson(puzzles[0]), 'ERR_FORMAT')).toMatch(/not a colour name of its RGB/);
  });

  const bad: [string, string, (t: string) => ReturnType<typeof parseCnon>, string, number, RegExp][] = [
    ['cnon: an undeclared colour', CNON.replace('1:A,2:B', '1:A,2:Q'), parseCnon, 'ERR_CLUE', 5, /row 1: colour 'Q' is not declared/],
    ['cnon: a line too few', CNON.replace('1:B\n1:B\n', '1:B\n'), parseCnon, 'ERR_LINE_COUNT', 8, /lines/],
    ['cnon: a bad header', `x${CNON}`, parseCnon, 'ERR_NUMBER', 1, /number of colours/],
    ['cjson: an unknown colour name', JSON_TEXT.replace('"Yellow"}]', '"Ochre"}]'), parseColourJson, 'ERR_CLUE', 1, /'Ochre' is not a colour name/],
    ['cjson: not JSON', JSON_TEXT.slice(0, 30), parseColourJson, 'ERR_SYNTAX', 1, /JSON/],
    ['csv: an odd pair', CSV.replace('O,1,B,2', 'O,1,B'), parseCsv, 'ERR_SYNTAX', 2, /pairs/],
    ['csv: a clue too long', CSV.replace('O,1,B,2', 'O,2,O,2'), parseCsv, 'ERR_CLUE', 1, /row 1: its blocks need 5 cells/],
    ['non (Nonny): an undeclared colour', NONNY.replace('black 1 red 2', 'black 1 blue 2'), parseNon, 'ERR_CLUE', 10, /row 1: colour 'blue' is not declared/],
    ['non (Nonny): a block of the background', NONNY.replace('black 1 red 2', 'white 1 red 2'), parseNon, 'ERR_CLUE', 10, /background colour 'white'/],
    [
      'non (Nonny): a row too few (the columns line is read as a row)',
      NONNY.replace('\n\n0\ncolumns', '\ncolumns'),
      parseNon,
      'ERR_MISSING',
      1,
      /no "columns" section/,
    ],
  ];
  for (const [what, text, parse, code, line, msg] of bad) {
    it(`refuses ${what} (${code})`, () => {
      expect(expectError(parse(text), code, line)).toMatch(msg);
    });
  }
});
