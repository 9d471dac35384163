import { describe, expect, it } from 'vitest';
import { cluesPart, expectError, fixture, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { verifySolution } from '../puzzle.ts';
import { makeNon, parseNon } from './non.ts';

const HEART = fixture('heart.non');

describe('.non reading', () => {
  it('reads a nonogram-db file with metadata, entities and goal', () => {
    const [p] = value(parseNon(HEART));
    expect(cluesPart(p)).toEqual({
      width: 7,
      height: 6,
      rows: [[2, 2], [7], [7], [5], [3], [1]],
      cols: [[2], [4], [5], [5], [5], [4], [2]],
    });
    expect(p.meta).toMatchObject({
      catalogue: 'proofgrid fixtures #1',
      title: 'Heart & Soul',
      author: 'proofgrid',
      copyright: '\u00a9 proofgrid contributors',
      license: 'CC0-1.0',
    });
    expect(verifySolution(p, p.meta!.goal!)).toEqual({ ok: true });
  });

  it("reads Simpson's dialect: `rows h`/`columns w` sizes, unquoted values, blank lines ignored, 0 = empty", () => {
    const [p] = value(parseNon(fixture('simpson.non')));
    expect(p.rows).toEqual([[1], [3], [5], [], [1, 1, 1]]);
    expect(p.cols).toEqual([[1, 1], [2], [3, 1], [2], [1, 1]]);
    expect(p.meta).toEqual({ title: 'A small house', author: 'proofgrid' });
  });

  it('reads the nonogram-db dialect where a blank line is an empty row', () => {
    const [p] = value(parseNon(fixture('blank-lines.non')));
    expect(p.rows).toEqual([[], [1, 1], [], [1, 1], [4], []]);
    expect(verifySolution(p, p.meta!.goal!)).toEqual({ ok: true });
  });

  it('reads a .nonpack bundle', () => {
    const ps = value(parseNon(fixture('bundle.nonpack')));
    expect(ps.map((p) => [p.meta?.title, p.width, p.height])).toEqual([
      ['Kite', 6, 6],
      ['Arrow', 8, 4],
    ]);
    expect(ps[1].rows).toEqual([[1], [8], [1], []]);
  });

  it('accepts CRLF, a goal without quotes, and ignores unknown keys and colour definitions', () => {
    const text = 'width 2\r\nheight 1\r\ncolor a #ff0000\r\nfoo bar\r\n# a comment\r\nrows\r\n1\r\ncolumns\r\n1\r\n0\r\ngoal 10\r\n';
    const [p] = value(parseNon(text));
    expect(p.rows).toEqual([[1]]);
    expect(Array.from(p.meta!.goal!)).toEqual([1, 0]);
  });
});

describe('.non writing', () => {
  it('round-trips random puzzles (clues and goal)', () => {
    for (const p of randomPuzzles('non-roundtrip', 150)) {
      const [q] = value(parseNon(makeNon(p)));
      expect(cluesPart(q)).toEqual(cluesPart(p));
      expect(q.meta?.goal).toEqual(p.meta?.goal);
    }
  });

  it('round-trips a bundle', () => {
    const ps = randomPuzzles('non-bundle', 5);
    expect(value(parseNon(makeNon(ps))).map(cluesPart)).toEqual(ps.map(cluesPart));
  });

  it('keeps metadata, escaping quotes and ampersands; newlines become spaces', () => {
    const [p] = value(parseNon(HEART));
    p.meta = { ...p.meta, title: 'Say "hi" & <bye>', author: 'two\nlines', license: 'a licence with spaces' };
    const [q] = value(parseNon(makeNon(p)));
    expect(q.meta).toMatchObject({ title: 'Say "hi" & <bye>', author: 'two lines', license: 'a licence with spaces' });
  });

  it('is stable on the fixtures: parse, make, parse gives the same puzzles and the same text', () => {
    for (const name of ['heart.non', 'simpson.non', 'blank-lines.non', 'bundle.nonpack']) {
      const a = value(parseNon(fixture(name)));
      const text = makeNon(a);
      const b = value(parseNon(text));
      expect(b).toEqual(a);
      expect(makeNon(b)).toBe(text);
    }
  });
});

describe('.non errors', () => {
  const base = (rows: string, cols = '1\n1') => `width 2\nheight 2\nrows\n${rows}\ncolumns\n${cols}\n`;
  const cases: [string, string, string, number | undefined][] = [
    ['empty input', '  \n', 'ERR_EMPTY', 1],
    ['a width that is not a number', 'width x\nheight 2\n', 'ERR_NUMBER', 1],
    ['a zero height', 'width 2\nheight 0\n', 'ERR_SIZE', 2],
    ['a width given twice', 'width 2\nwidth 3\n', 'ERR_SYNTAX', 2],
    ['no width', 'height 1\nrows\n1\ncolumns\n1\n', 'ERR_MISSING', 5],
    ['no columns section', 'width 1\nheight 1\nrows\n1\n', 'ERR_MISSING', 4],
    ['a clue that is not a number', base('1\n1,x'), 'ERR_NUMBER', 5],
    ['an empty clue between commas', base('1,,1\n1'), 'ERR_NUMBER', 4],
    ['a clue longer than its row', base('1,1\n1'), 'ERR_CLUE', 4],
    ['a 0 next to other blocks', base('0,1\n1'), 'ERR_CLUE', 4],
    ['a multi-colour clue', base('1\n1a'), 'ERR_FORMAT', 5],
    ['too few row lines', 'width 2\nheight 3\nrows\n1\n1\ncolumns\n1\n1\n', 'ERR_LINE_COUNT', 6],
    ['too many row lines', 'width 2\nheight 2\nrows\n1\n1\n1\ncolumns\n1\n1\n', 'ERR_LINE_COUNT', 6],
    ['a clue line outside a section', 'width 2\n3,4\n', 'ERR_SYNTAX', 2],
    ['a goal of the wrong length', `${base('1\n1')}goal "101"\n`, 'ERR_SOLUTION', 9],
    ['a goal with a bad cell', `${base('1\n1')}goal "1012"\n`, 'ERR_SOLUTION', 9],
    ['an unterminated quoted title', 'title "abc\n', 'ERR_SYNTAX', 1],
    ['text after a closing quote', 'title "abc" d\n', 'ERR_SYNTAX', 1],
    ['a second rows section', `${base('1\n1')}rows\n1\n1\n`, 'ERR_SYNTAX', 9],
  ];
  for (const [what, text, code, line] of cases) {
    it(`rejects ${what} (${code})`, () => {
      expectError(parseNon(text), code, line);
    });
  }

  it('names the line and the problem', () => {
    const msg = expectError(parseNon(base('1\n1,x')), 'ERR_NUMBER', 5);
    expect(msg).toContain("row 2: 'x' is not a number");
  });

  it('rejects a truncated file', () => {
    const lines = HEART.split('\n');
    const cut = lines.slice(0, lines.indexOf('columns') + 3).join('\n');
    expectError(parseNon(cut), 'ERR_LINE_COUNT');
  });
});
