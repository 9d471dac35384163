import { describe, expect, it } from 'vitest';
import { cluesPart, expectError, fixture, randomPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { FORMATS, detectFormat, isFormatName, makePuzzles, parsePuzzles, type FormatName } from './index.ts';

const FIXTURES: [string, FormatName, number][] = [
  ['heart.non', 'non', 1],
  ['simpson.non', 'non', 1],
  ['blank-lines.non', 'non', 1],
  ['bundle.nonpack', 'non', 2],
  ['set.xml', 'xml', 2],
  ['house.nin', 'nin', 1],
  ['tournament.txt', 'taai', 3],
  ['tatham.txt', 'tatham', 5],
  ['ids.txt', 'id', 3],
];

describe('format registry', () => {
  it('lists the formats', () => {
    expect(FORMATS).toEqual(['non', 'xml', 'nin', 'taai', 'tatham', 'id', 'g', 'cnon', 'cjson', 'csv']);
    expect(isFormatName('xml')).toBe(true);
    expect(isFormatName('svg')).toBe(false);
  });

  for (const [name, format, count] of FIXTURES) {
    it(`detects and reads ${name} as ${format}, with and without the file name`, () => {
      const text = fixture(name);
      expect(detectFormat(text)).toBe(format);
      expect(detectFormat(text, `some/dir/${name}`)).toBe(format);
      expect(value(parsePuzzles(text)).length).toBe(count);
      expect(value(parsePuzzles(text, format))).toEqual(value(parsePuzzles(text)));
    });
  }

  it('lets a known extension decide, and gives up on unknown text', () => {
    expect(detectFormat('5 5\n', 'x.NON')).toBe('non');
    expect(detectFormat('anything', 'puzzle.pbn')).toBe('xml');
    expect(detectFormat('hello world')).toBeUndefined();
    expect(detectFormat('')).toBeUndefined();
    expectError(parsePuzzles('hello world'), 'ERR_FORMAT', 1);
    expectError(parsePuzzles('  '), 'ERR_EMPTY', 1);
    expectError(parsePuzzles('', undefined, 'a.nin'), 'ERR_EMPTY', 1);
  });

  it('round-trips random puzzles through every format (TAAI: square ones)', () => {
    const rect = randomPuzzles('index-rect', 40);
    const square = randomPuzzles('index-square', 40, true);
    for (const f of FORMATS) {
      const ps = f === 'taai' ? square : rect;
      if (f === 'nin' || f === 'g' || f === 'cnon' || f === 'cjson' || f === 'csv') {
        for (const p of ps) expect(value(parsePuzzles(value(makePuzzles([p], f)), f)).map(cluesPart)).toEqual([cluesPart(p)]);
      } else {
        const text = value(makePuzzles(ps, f));
        expect(detectFormat(text)).toBe(f);
        expect(value(parsePuzzles(text)).map(cluesPart)).toEqual(ps.map(cluesPart));
      }
    }
  });

  it('is stable on every fixture in its own format', () => {
    for (const [name, format] of FIXTURES) {
      const a = value(parsePuzzles(fixture(name), format));
      const text = value(makePuzzles(a, format));
      const b = value(parsePuzzles(text, format));
      expect(b.map(cluesPart)).toEqual(a.map(cluesPart));
      expect(value(makePuzzles(b, format))).toBe(text);
    }
  });

  it('writes awkward metadata safely in the formats that keep it', () => {
    const [p] = randomPuzzles('index-meta', 1);
    const nasty = 'a\u0001b\r\n"c" &amp; <d> ]]> \ufeff\u00e9\u{1f600} ====';
    p.meta = { ...p.meta, title: nasty, author: '"', copyright: '&', catalogue: '<', license: 'x y' };
    for (const f of ['non', 'xml'] as const) {
      const [q] = value(parsePuzzles(value(makePuzzles([p], f)), f));
      expect(cluesPart(q)).toEqual(cluesPart(p));
      expect(q.meta?.goal).toEqual(p.meta.goal);
      expect(q.meta?.title).toContain('\u00e9\u{1f600}');
      expect(q.meta?.author).toBe('"');
      expect(q.meta?.copyright).toBe('&');
      expect(q.meta?.catalogue).toBe('<');
    }
  });

  it('ignores a byte-order mark', () => {
    for (const [name, format] of FIXTURES) {
      expect(value(parsePuzzles(`\ufeff${fixture(name)}`, format)), name).toEqual(value(parsePuzzles(fixture(name), format)));
    }
  });

  it('says when a format cannot hold the puzzles', () => {
    const ps = randomPuzzles('index-refuse', 2);
    expectError(makePuzzles(ps, 'nin'), 'ERR_FORMAT');
    const rect = ps.find((p) => p.width !== p.height)!;
    expectError(makePuzzles([rect], 'taai'), 'ERR_SIZE');
    for (const f of FORMATS) expectError(makePuzzles([], f), 'ERR_EMPTY');
  });
});
