import { describe, expect, it } from 'vitest';
import { cluesPart, expectError, fixture, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { makeNonogram } from '../puzzle.ts';
import { makeDesc, makeNonogramId, makeParams, parseDesc, parseIds, parseNonogramId, parseParams } from './id.ts';
import { makeTatham, parseTatham, parseTathamId } from './tatham.ts';

const puzzle = (w: number, h: number, rows: number[][], cols: number[][]) => value(makeNonogram(w, h, rows, cols));

describe("Tatham's Pattern game ids", () => {
  it('writes an empty line as nothing between slashes, as pattern.c does', () => {
    // First column and last row empty: a leading slash and a trailing slash.
    const p = puzzle(3, 2, [[2], []], [[], [1], [1]]);
    expect(makeTatham(p)).toBe('3x2:/1/1/2/');
    expect(makeTatham(puzzle(1, 1, [[]], [[]]))).toBe('1x1:/');
    expect(makeTatham(puzzle(3, 2, [[1, 1], []], [[1], [], [1]]))).toBe('3x2:1//1/1.1/');
    expect(cluesPart(value(parseTathamId('3x2:/1/1/2/')))).toEqual(cluesPart(p));
  });

  it('reads the fixture (several ids, a blank line, the square W form, a pre-filled cells suffix)', () => {
    const ps = value(parseTatham(fixture('tatham.txt')));
    expect(ps.map((p) => `${p.width}x${p.height}`)).toEqual(['7x6', '5x5', '6x6', '8x4', '5x5']);
    expect(ps[2].rows).toEqual([[], [1, 1], [], [1, 1], [4], []]);
    expect(ps[4]).toEqual(ps[1]);
  });

  it('round-trips random puzzles', () => {
    for (const p of randomPuzzles('tatham-roundtrip', 150)) {
      expect(cluesPart(value(parseTathamId(makeTatham(p))))).toEqual(cluesPart(p));
    }
  });

  it('is stable on the fixture', () => {
    const a = value(parseTatham(fixture('tatham.txt')));
    const text = a.map(makeTatham).join('\n');
    expect(value(parseTatham(text))).toEqual(a);
  });

  const cases: [string, string, string][] = [
    ['a 0 clue (Tatham: clues must be positive)', '2x1:0/1/1', 'ERR_CLUE'],
    ['too many lines', '2x1:1//1/', 'ERR_LINE_COUNT'],
    ['too few lines', '2x2:1/1/1', 'ERR_LINE_COUNT'],
    ['a clue longer than its line', '2x1:1/1/1.1', 'ERR_CLUE'],
    ['a dot with no number after it', '2x1:1./1/1', 'ERR_SYNTAX'],
    ['an unexpected character', '2x1:1/1/1x', 'ERR_SYNTAX'],
    ['spaces instead of dots', '2x1:1/1/1 1', 'ERR_SYNTAX'],
    ['a random-seed id', '10x10#12345', 'ERR_FORMAT'],
    ['parameters only', '10x10', 'ERR_MISSING'],
    ['bad parameters', '10by10:1', 'ERR_SYNTAX'],
    ['a zero size', '0x3:', 'ERR_SIZE'],
    ['a size over the limit', '1001x1:', 'ERR_SIZE'],
    ['a suffix with too little data', '2x1:1//1,a', 'ERR_SYNTAX'],
    ['a suffix with too much data', '2x1:1//1,cA', 'ERR_SYNTAX'],
    ['a suffix with a bad character', '2x1:1//1,1', 'ERR_SYNTAX'],
    ['empty input', ' \n', 'ERR_EMPTY'],
  ];
  for (const [what, text, code] of cases) {
    it(`rejects ${what} (${code})`, () => {
      expectError(parseTatham(text), code, 1);
    });
  }

  it('gives the line number in a multi-line input', () => {
    const msg = expectError(parseTatham('2x1:1//1\n\n2x1:1/1/1.1\n'), 'ERR_CLUE', 3);
    expect(msg).toContain('row 1');
  });

  it('accepts the suffix shapes Tatham accepts', () => {
    // 2x1: 'b' skips one cell and fixes the second; 'C' skips two (the whole grid).
    expect(value(parseTatham('2x1:1//1,aA'))[0].rows).toEqual([[1]]);
    expect(value(parseTatham('2x1:1//1,c'))[0].rows).toEqual([[1]]);
  });
});

describe('descriptive ids nonogram:WxH:<desc>', () => {
  it('uses the Tatham clue encoding, columns then rows', () => {
    const p = puzzle(3, 2, [[2], []], [[], [1], [1]]);
    expect(makeDesc(p)).toBe('/1/1/2/');
    expect(makeParams(p)).toBe('3x2');
    expect(makeNonogramId(p)).toBe('nonogram:3x2:/1/1/2/');
    expect(cluesPart(value(parseDesc('3x2', '/1/1/2/')))).toEqual(cluesPart(p));
    expect(value(parseParams('15x10'))).toEqual({ width: 15, height: 10 });
  });

  it('round-trips random puzzles and reads the fixture', () => {
    for (const p of randomPuzzles('id-roundtrip', 150)) {
      expect(cluesPart(value(parseNonogramId(makeNonogramId(p))))).toEqual(cluesPart(p));
    }
    const ps = value(parseIds(fixture('ids.txt')));
    expect(`${ps.map(makeNonogramId).join('\n')}\n`).toBe(fixture('ids.txt'));
  });

  it('rejects other families, seeded ids, bad params and the Tatham-only forms', () => {
    expectError(parseNonogramId('numberlink:3x2:/1/1/2/'), 'ERR_FAMILY');
    expectError(parseNonogramId('nonogram@1:10x10#abc'), 'ERR_FORMAT');
    expectError(parseNonogramId('nonogram:3:/1/1/2/'), 'ERR_SYNTAX');
    expectError(parseNonogramId('nonogram:3x2:/1/1/2/,a'), 'ERR_SYNTAX');
    expectError(parseNonogramId('nonogram:3x2'), 'ERR_SYNTAX');
    expectError(parseParams('0x2'), 'ERR_SIZE');
    expectError(parseDesc('2x1', '1/1/3'), 'ERR_CLUE');
    expectError(parseIds('nonogram:2x1:1//1\nnonogram:2x1:1/1\n'), 'ERR_LINE_COUNT', 2);
  });
});
