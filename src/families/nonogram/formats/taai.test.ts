import { describe, expect, it } from 'vitest';
import { cluesPart, expectError, fixture, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { verifySolution } from '../puzzle.ts';
import { makeTaai, makeTaaiSolutions, parseTaai, parseTaaiSet, parseTaaiSolutions } from './taai.ts';

const Q = fixture('tournament.txt');
const S = fixture('tournament-solution.txt');

describe('TAAI question files', () => {
  it('reads the fixture: columns first, blank lines are empty lines, the last row may be empty', () => {
    const set = value(parseTaaiSet(Q));
    expect(set.map((e) => [e.number, e.puzzle.width, e.puzzle.height])).toEqual([
      [1, 5, 5],
      [2, 6, 6],
      [3, 6, 6],
    ]);
    expect(cluesPart(set[0].puzzle)).toEqual({
      width: 5,
      height: 5,
      cols: [[1, 1], [2], [3, 1], [2], [1, 1]],
      rows: [[1], [3], [5], [], [1, 1, 1]],
    });
    expect(set[1].puzzle.cols[5]).toEqual([]);
    expect(set[2].puzzle.rows).toEqual([[], [1, 1], [], [1, 1], [4], []]);
  });

  it('reads CRLF, a missing final newline and extra blank lines at the end alike', () => {
    const want = value(parseTaai(Q));
    expect(value(parseTaai(Q.replace(/\n/g, '\r\n')))).toEqual(want);
    expect(value(parseTaai(Q.slice(0, -1)))).toEqual(want);
    expect(value(parseTaai(Q.replace(/\n/g, '\r\n').slice(0, -2)))).toEqual(want);
    expect(value(parseTaai(`${Q}\n\n`))).toEqual(want);
    const last = Q.lastIndexOf('$');
    expect(value(parseTaai(`${Q.slice(last)}\n`))).toEqual(want.slice(2));
  });

  it('accepts spaces between numbers', () => {
    expect(value(parseTaai(Q.replace(/\t/g, ' ')))).toEqual(value(parseTaai(Q)));
  });

  it('matches the solution fixture', () => {
    const set = value(parseTaaiSet(Q));
    const sol = value(parseTaaiSolutions(S));
    expect([...sol.keys()]).toEqual([1, 2, 3]);
    for (const e of set) expect(verifySolution(e.puzzle, sol.get(e.number)!)).toEqual({ ok: true });
  });

  it('round-trips random square puzzles, LF and CRLF, and their solutions', () => {
    const ps = randomPuzzles('taai-roundtrip', 80, true);
    for (const crlf of [false, true]) {
      const back = value(parseTaai(value(makeTaai(ps, { crlf }))));
      expect(back.map(cluesPart)).toEqual(ps.map(cluesPart));
    }
    const grids = new Map(ps.map((p, i) => [i + 7, p.meta!.goal!]));
    const sol = value(parseTaaiSolutions(value(makeTaaiSolutions(grids))));
    expect(sol).toEqual(grids);
    const numbered = value(parseTaaiSet(value(makeTaai(ps.slice(0, 3), { first: 7 }))));
    expect(numbered.map((e) => e.number)).toEqual([7, 8, 9]);
  });

  it('writes an empty line as 0, so a last puzzle larger than the first and ending in empty rows reads back', () => {
    // Found by the fuzz run: blank lines at the end of a file read as padding, and the 7x7 came back 3x3.
    const [small] = randomPuzzles('taai-small', 1, true).map((p) => ({ ...p, width: 3, height: 3, rows: [[1], [], []], cols: [[], [], [1]] }));
    const empty = { width: 7, height: 7, rows: Array.from({ length: 7 }, () => []), cols: Array.from({ length: 7 }, () => []) };
    const text = value(makeTaai([small, empty] as never));
    expect(text).not.toMatch(/\n\n/);
    expect(value(parseTaai(text)).map(cluesPart)).toEqual([small, empty].map((p) => cluesPart(p as never)));
  });

  it('is stable on the fixtures', () => {
    const a = value(parseTaai(Q));
    const text = value(makeTaai(a));
    // The fixture writes empty lines blank (readers take both); the writer writes them `0`.
    expect(text).toBe(Q.replace(/^$/gm, '0').replace(/\n0$/, '\n'));
    expect(value(parseTaai(text))).toEqual(a);
    expect(value(makeTaaiSolutions(value(parseTaaiSolutions(S))))).toBe(S);
  });

  it('refuses to write a puzzle that is not square', () => {
    const [p] = randomPuzzles('taai-rect', 1);
    p.width = 3;
    p.height = 4;
    const msg = expectError(makeTaai([p]), 'ERR_SIZE');
    expect(msg).toMatch(/square/);
    expectError(makeTaai([]), 'ERR_EMPTY');
    expectError(makeTaaiSolutions(new Map([[1, new Uint8Array(3)]])), 'ERR_SIZE');
  });

  const one = '$1\n1\n1\t1\n\n2\n1\n2\n';
  const cases: [string, string, string, number][] = [
    ['empty input', '', 'ERR_EMPTY', 1],
    ['text before the first marker', `hello\n${one}`, 'ERR_SYNTAX', 1],
    ['a bad marker', '$x\n1\n1\n', 'ERR_SYNTAX', 1],
    ['a repeated number', `${one}${one}`, 'ERR_SYNTAX', 8],
    ['an odd number of clue lines', '$1\n1\n1\n1\n$2\n1\n1\n', 'ERR_LINE_COUNT', 1],
    ['a marker with no clues', '$1\n$2\n1\n1\n', 'ERR_LINE_COUNT', 1],
    ['a clue that is not a number', one.replace('2\n1', '2\nx'), 'ERR_NUMBER', 6],
    ['a clue longer than its line', one.replace('1\t1', '2\t1'), 'ERR_CLUE', 3],
  ];
  for (const [what, text, code, line] of cases) {
    it(`rejects ${what} (${code})`, () => {
      expectError(parseTaai(text), code, line);
    });
  }

  it('rejects a puzzle cut short (the clue count becomes odd)', () => {
    expectError(parseTaai(Q.split('\n').slice(0, 15).join('\n')), 'ERR_LINE_COUNT', 12);
  });
});

describe('TAAI solution files', () => {
  const cases: [string, string, string, number][] = [
    ['a short row', '$1\n1\t0\n1\n', 'ERR_SOLUTION', 3],
    ['a value other than 0 or 1', '$1\n1\t0\n1\t2\n', 'ERR_SOLUTION', 3],
    ['a marker with no rows', '$1\n$2\n1\n', 'ERR_LINE_COUNT', 1],
    ['no marker', '1\t0\n', 'ERR_SYNTAX', 1],
  ];
  for (const [what, text, code, line] of cases) {
    it(`rejects ${what} (${code})`, () => {
      expectError(parseTaaiSolutions(text), code, line);
    });
  }
  it('accepts compact rows', () => {
    expect(value(parseTaaiSolutions('$4\n10\n01\n')).get(4)).toEqual(new Uint8Array([1, 0, 0, 1]));
  });
});
