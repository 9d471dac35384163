import { describe, expect, it } from 'vitest';
import { cluesPart, expectError, fixture, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { verifySolution } from '../puzzle.ts';
import { makeXml, parseXml } from './xml.ts';

const SET = fixture('set.xml');

/** A one-puzzle file: `body` goes inside <puzzle>, after the colours. */
const doc = (
  body: string,
  attrs = 'type="grid" defaultcolor="black"',
  colors = '<color name="white" char=".">fff</color>\n<color name="black" char="X">000</color>',
) => `<?xml version="1.0"?>\n<puzzleset>\n<puzzle ${attrs}>\n${colors}\n${body}\n</puzzle>\n</puzzleset>\n`;
const rows = (...ls: string[]) => `<clues type="rows">\n${ls.map((l) => `<line>${l}</line>`).join('\n')}\n</clues>`;
const cols = (...ls: string[]) => `<clues type="columns">\n${ls.map((l) => `<line>${l}</line>`).join('\n')}\n</clues>`;
const c = (n: number | string, color?: string) => `<count${color ? ` color="${color}"` : ''}>${n}</count>`;
const TWO_BY_ONE = `${cols(c(1), '')}\n${rows(c(1))}`;

describe('webpbn XML reading', () => {
  it('reads a puzzle set with metadata, entities, comments and a goal image', () => {
    const [a, b] = value(parseXml(SET));
    expect(cluesPart(a)).toEqual({
      width: 7,
      height: 6,
      rows: [[2, 2], [7], [7], [5], [3], [1]],
      cols: [[2], [4], [5], [5], [5], [4], [2]],
    });
    expect(a.meta).toMatchObject({ catalogue: 'proofgrid #1', title: 'Heart & Soul', author: 'proofgrid', copyright: '\u00a9 proofgrid contributors' });
    expect(verifySolution(a, a.meta!.goal!)).toEqual({ ok: true });
    expect(b.rows).toEqual([[1], [8], [1], []]);
    expect(b.meta).toEqual({ title: 'Arrow' });
  });

  it('reads defaultcolor="white" (the background) as the one other colour', () => {
    const [p] = value(parseXml(doc(TWO_BY_ONE, 'type="grid" defaultcolor="white"')));
    expect(p.cols).toEqual([[1], []]);
  });

  it('reads a bare <puzzle> root and custom colour characters in the goal', () => {
    const text = `<puzzle><color name="black" char="#">000</color>${TWO_BY_ONE}<solution><image>|#.|</image></solution></puzzle>`;
    const [p] = value(parseXml(text));
    expect(Array.from(p.meta!.goal!)).toEqual([1, 0]);
  });
});

describe('webpbn XML writing', () => {
  it('round-trips random puzzles (clues and goal)', () => {
    const ps = randomPuzzles('xml-roundtrip', 60);
    const back = value(parseXml(value(makeXml(ps))));
    expect(back.map(cluesPart)).toEqual(ps.map(cluesPart));
    expect(back.map((p) => p.meta?.goal)).toEqual(ps.map((p) => p.meta?.goal));
  });

  it('escapes metadata', () => {
    const [p] = randomPuzzles('xml-meta', 1);
    p.meta = { title: 'a < b & "c" > d', author: "O'Neil", copyright: '\u00a9 2025', catalogue: 'set #3' };
    const [q] = value(parseXml(value(makeXml(p))));
    expect(q.meta).toEqual(p.meta);
  });

  it('is stable on the fixture: parse, make, parse', () => {
    const a = value(parseXml(SET));
    const text = value(makeXml(a));
    const b = value(parseXml(text));
    expect(b).toEqual(a);
    expect(value(makeXml(b))).toBe(text);
  });

  it('refuses an empty list', () => {
    expectError(makeXml([]), 'ERR_EMPTY');
  });
});

describe('webpbn XML errors', () => {
  it('gives the line of an XML syntax error', () => {
    const msg = expectError(parseXml('<puzzleset>\n<puzzle>\n<title>x</titel>\n</puzzle>\n</puzzleset>'), 'ERR_SYNTAX', 3);
    expect(msg).toMatch(/title/);
  });

  it('reports the parser library limits (deep nesting) as syntax errors', () => {
    expectError(parseXml('<a>'.repeat(200) + '</a>'.repeat(200)), 'ERR_SYNTAX', 1);
  });

  it('rejects truncated XML', () => {
    expectError(parseXml(SET.slice(0, SET.length / 2)), 'ERR_SYNTAX');
  });

  it('reads a puzzle with two colours declared as a colour puzzle (xml-colour.test.ts has more)', () => {
    const colors = '<color name="white" char=".">fff</color>\n<color name="black" char="X">000</color>\n<color name="red" char="r">f00</color>';
    const [p] = value(parseXml(doc(TWO_BY_ONE, undefined, colors)));
    expect(p.colour?.palette.map((k) => k.name)).toEqual(['white', 'black', 'red']);
  });

  it('rejects a count in an undeclared colour, at its line', () => {
    const msg = expectError(parseXml(doc(`${cols(c(1), '')}\n${rows(c(1, 'red'))}`)), 'ERR_CLUE', 11);
    expect(msg).toMatch(/colour 'red', which no <color> declares/);
  });

  const cases: [string, string, string, number | undefined][] = [
    ['a count that is not a number', doc(`${cols(c(1), c('x'))}\n${rows(c(1))}`), 'ERR_NUMBER', 8],
    ['a clue longer than its row', doc(`${cols(c(1), '')}\n${rows(c(1) + c(1))}`), 'ERR_CLUE', 11],
    ['numbers written as text in a <line>', doc(`${cols(c(1), '')}\n${rows('1')}`), 'ERR_SYNTAX', 11],
    ['a count that is too large', doc(`${cols(c(1), '')}\n${rows(c('99999999999'))}`), 'ERR_CLUE', 11],
    ['missing row clues', doc(cols(c(1))), 'ERR_MISSING', 3],
    ['row clues without lines', doc(`${cols(c(1))}\n<clues type="rows"></clues>`), 'ERR_SIZE', 9],
    ['a goal image of the wrong size', doc(`${TWO_BY_ONE}\n<solution><image>|X|</image></solution>`), 'ERR_SOLUTION', 13],
    ['a goal image with a bad cell', doc(`${TWO_BY_ONE}\n<solution><image>|Xq|</image></solution>`), 'ERR_SOLUTION', 13],
    ['a triddler', doc(TWO_BY_ONE, 'type="triddler"'), 'ERR_FORMAT', 3],
    ['an empty puzzle set', '<puzzleset>\n</puzzleset>', 'ERR_MISSING', 1],
    ['another XML vocabulary', '<?xml version="1.0"?>\n<html><body/></html>', 'ERR_FORMAT', 2],
    ['text that is not XML', 'width 5', 'ERR_SYNTAX', 1],
    ['empty input', '', 'ERR_EMPTY', 1],
  ];
  for (const [what, text, code, line] of cases) {
    it(`rejects ${what} (${code})`, () => {
      expectError(parseXml(text), code, line);
    });
  }
});
