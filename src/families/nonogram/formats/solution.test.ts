import { describe, expect, it } from 'vitest';
import { expectError, fixture, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { verifySolution } from '../puzzle.ts';
import { parseNon } from './non.ts';
import { makeSolution, parseSolution } from './solution.ts';

const [HEART] = value(parseNon(fixture('heart.non')));
const SOL = fixture('heart-solution.txt');

describe('solution grids', () => {
  it('reads the fixture', () => {
    const g = value(parseSolution(SOL, HEART));
    expect(g).toEqual(HEART.meta!.goal);
    expect(verifySolution(HEART, g)).toEqual({ ok: true });
  });

  it('accepts 1/0, X, -, spaces, CRLF, blank lines and a single row-major line', () => {
    const want = value(parseSolution(SOL, HEART));
    const alt = SOL.replace(/#/g, 'X').replace(/\./g, '0').replace(/\n/g, '\r\n\r\n');
    expect(value(parseSolution(alt, HEART))).toEqual(want);
    expect(value(parseSolution(SOL.replace(/#/g, '1 ').replace(/\./g, '- '), HEART))).toEqual(want);
    expect(value(parseSolution(SOL.replace(/\n/g, ''), HEART))).toEqual(want);
  });

  it('round-trips random grids', () => {
    for (const p of randomPuzzles('solution-roundtrip', 100)) {
      expect(value(parseSolution(makeSolution(p.meta!.goal!, p), p))).toEqual(p.meta!.goal);
    }
    expect(makeSolution(value(parseSolution(SOL, HEART)), HEART)).toBe(SOL);
  });

  const cases: [string, string, string, number][] = [
    ['empty input', '\n', 'ERR_EMPTY', 1],
    ['a missing row', SOL.split('\n').slice(0, 5).join('\n'), 'ERR_LINE_COUNT', 6],
    ['a row too many', `${SOL}#######\n`, 'ERR_LINE_COUNT', 7],
    ['a short row', SOL.replace('.#####.', '.#####'), 'ERR_SOLUTION', 4],
    ['a bad character', SOL.replace('..###..', '..#?#..'), 'ERR_SOLUTION', 5],
  ];
  for (const [what, text, code, line] of cases) {
    it(`rejects ${what} (${code})`, () => {
      expectError(parseSolution(text, HEART), code, line);
    });
  }
});
