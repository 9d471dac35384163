import { describe, expect, it } from 'vitest';
import { cluesPart, expectError, fixture, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { makeNin, parseNin } from './nin.ts';

const HOUSE = fixture('house.nin');

describe('.nin', () => {
  it('reads the fixture', () => {
    const [p] = value(parseNin(HOUSE));
    expect(cluesPart(p)).toEqual({
      width: 5,
      height: 5,
      rows: [[1], [3], [5], [], [1, 1, 1]],
      cols: [[1, 1], [2], [3, 1], [2], [1, 1]],
    });
  });

  it('accepts CRLF, extra spaces, trailing blank lines, and blank lines for empty lines', () => {
    const a = value(parseNin(`${HOUSE.replace(/\n/g, '\r\n').replace('1 1 1', ' 1   1 1 ')}\r\n\r\n`));
    expect(a).toEqual(value(parseNin(HOUSE)));
    const blank = value(parseNin(HOUSE.replace('\n0\n', '\n\n')));
    expect(blank).toEqual(value(parseNin(HOUSE)));
  });

  it('ignores blank separator lines when the non-blank ones are exactly the clues', () => {
    const spaced = HOUSE.replace('1 1 1\n', '1 1 1\n\n');
    expect(value(parseNin(spaced))).toEqual(value(parseNin(HOUSE)));
  });

  it('round-trips random puzzles', () => {
    for (const p of randomPuzzles('nin-roundtrip', 150)) {
      const [q] = value(parseNin(makeNin(p)));
      expect(cluesPart(q)).toEqual(cluesPart(p));
    }
  });

  it('is stable on the fixture', () => {
    const a = value(parseNin(HOUSE));
    const text = makeNin(a[0]);
    expect(text).toBe(HOUSE);
    expect(value(parseNin(text))).toEqual(a);
  });

  const cases: [string, string, string, number][] = [
    ['empty input', '\n\n', 'ERR_EMPTY', 1],
    ['a header with one number', '5\n1\n', 'ERR_SYNTAX', 1],
    ['a header that is not numbers', 'a b\n', 'ERR_NUMBER', 1],
    ['a zero size', '0 5\n', 'ERR_SIZE', 1],
    ['a truncated file', HOUSE.split('\n').slice(0, 8).join('\n'), 'ERR_LINE_COUNT', 9],
    ['a line too many', `${HOUSE}1\n`, 'ERR_LINE_COUNT', 12],
    ['a clue that is not a number', HOUSE.replace('3 1', '3 x'), 'ERR_NUMBER', 9],
    ['a comma-separated clue', HOUSE.replace('3 1', '3,1'), 'ERR_NUMBER', 9],
    ['a clue longer than its row', HOUSE.replace('1 1 1', '1 1 1 1'), 'ERR_CLUE', 6],
    ['a 0 next to other blocks', HOUSE.replace('\n0\n', '\n0 1\n'), 'ERR_CLUE', 5],
  ];
  for (const [what, text, code, line] of cases) {
    it(`rejects ${what} (${code})`, () => {
      expectError(parseNin(text), code, line);
    });
  }
});
