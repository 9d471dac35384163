/**
 * `tableFromRows` on its own, with a toy family whose puzzles are strings: what it derives from rows
 * (names, help, detection, the checks of a format's name, refusing a list in a one-puzzle format)
 * and what it refuses to build. The real families' tables are checked in test/family-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type FormatRow, rowOfFile, tableFromRows } from './family-cli.ts';
import { err, ok, parseError } from './result.ts';

/** Lines of words; `one` holds a single word after "ONE ", `list` one word per line, `out` is only written. */
const ROWS: FormatRow<string>[] = [
  {
    name: 'one',
    extensions: ['one'],
    help: 'a single word\nafter ONE',
    many: 'one',
    detect: (t) => (t.startsWith('ONE ') ? 2 : 0),
    parse: (t) => ok([t.slice(4).trim()]),
    make: (ps) => ok(`ONE ${ps[0]}\n`),
  },
  {
    name: 'list',
    extensions: ['txt', 'lst'],
    help: 'words, one per line',
    many: 'many',
    detect: (t) => (/^[a-z]+$/m.test(t) ? 1 : 0),
    parse: (t) => {
      const words = t.split('\n').filter((l) => l !== '');
      return words.length > 0 ? ok(words) : err(parseError('ERR_EMPTY', 'no words', 1));
    },
    make: (ps) => ok(`${ps.join('\n')}\n`),
    lost: (ps) => (ps.some((p) => p.includes('\n')) ? 'line breaks inside a word are lost' : undefined),
  },
  { name: 'out', extensions: [], help: 'upper case, written only', many: 'many', detect: () => 0, make: (ps) => ok(ps.join(' ').toUpperCase()) },
];

const table = tableFromRows('toy', ROWS, { parseId: (id) => (id.startsWith('toy:') ? ok(id.slice(4)) : err(parseError('ERR_SYNTAX', 'not a toy id'))) });

describe('tableFromRows', () => {
  it('derives names and help (continuation lines under the first, names padded to the longest + 2)', () => {
    expect(table.rows).toBe(ROWS);
    expect(table.names).toEqual(['one', 'list', 'out']);
    expect(table.help).toBe('  one   a single word\n        after ONE\n  list  words, one per line\n  out   upper case, written only');
    expect(tableFromRows('toy', ROWS, { parseId: table.parseId, helpColumn: 5, note: 'Words only.' }).help.split('\n').slice(-2)).toEqual([
      '  out  upper case, written only',
      'Words only.',
    ]);
    expect(table.rules).toEqual([]);
  });

  it('detects a format by extension (any case), else by the highest detect score, else says it cannot tell', () => {
    expect(table.sniff('', 'a.LST')).toBe(3);
    expect(table.sniff('ONE x')).toBe(2);
    expect(table.sniff('12')).toBe(0);
    expect(rowOfFile(ROWS, 'dir.one/x.txt')?.name).toBe('list');
    expect(rowOfFile(ROWS, 'x.out')).toBeUndefined();
    // The extension wins over the text; the text's best row otherwise ('one' scores 2, 'list' 1 here).
    expect(table.parse('ONE x\n', { filename: 'w.txt' })).toEqual(ok(['ONE x']));
    expect(table.parse('ONE x\nab\n', { filename: 'w.dat' })).toEqual(ok(['x\nab']));
    const reversed = tableFromRows('toy', [ROWS[1], ROWS[0]], { parseId: table.parseId });
    expect(reversed.parse('ONE x\nab\n', {})).toEqual(ok(['x\nab']));
    expect(reversed.parse('ab\n', {})).toEqual(ok(['ab']));
    expect(table.parse('a\nb\n', {})).toEqual(ok(['a', 'b']));
    expect(table.parse('12', {})).toEqual(err(parseError('ERR_FORMAT', 'cannot tell the format of this text; name one of: one, list, out', 1)));
    expect(table.parse(' \n', {})).toEqual(err(parseError('ERR_EMPTY', 'empty input', 1)));
  });

  it('checks format names and dispatches to the row', () => {
    expect(table.parse('x', { format: 'nope' })).toEqual(err(parseError('ERR_FORMAT', 'toy puzzles have no format "nope"')));
    expect(table.parse('x', { format: 'out' })).toEqual(err(parseError('ERR_FORMAT', 'toy puzzles are written in out, not read from it')));
    expect(table.parse('ONE y', { format: 'list' })).toEqual(ok(['ONE y']));
    expect(table.make(['a', 'b'], 'nope')).toEqual(err(parseError('ERR_FORMAT', 'toy puzzles cannot be written as nope (formats: one, list, out)')));
    expect(table.make(['a', 'b'], 'out')).toEqual(ok('A B'));
    expect(table.make([], 'list')).toEqual(err(parseError('ERR_EMPTY', 'no puzzles to write')));
    expect(table.lost(['a\nb'], 'list')).toBe('line breaks inside a word are lost');
    expect(table.lost(['a\nb'], 'one')).toBeUndefined();
    expect(table.parseId('toy:w')).toEqual(ok('w'));
  });

  it('refuses a list in a one-puzzle format, in make and beforehand in checkWrite', () => {
    expect(table.make(['a'], 'one')).toEqual(ok('ONE a\n'));
    expect(table.make(['a', 'b'], 'one')).toEqual(err(parseError('ERR_FORMAT', 'a one file holds one puzzle, not 2')));
    const size = { width: 1, height: 1 };
    expect(table.checkWrite('one', 1, size)).toBeUndefined();
    expect(table.checkWrite('one', 3, size)).toBe('a one file holds one toy puzzle, not 3: write one, or use a format that holds many (list, out)');
    expect(table.checkWrite('list', 3, size)).toBeUndefined();
  });

  it('uses formatOfText when given, and refuses rows it cannot tell apart', () => {
    const ordered = tableFromRows('toy', ROWS, { parseId: table.parseId, formatOfText: (t) => (t === '?' ? 'gone' : 'list') });
    expect(ordered.parse('ONE x', {})).toEqual(ok(['ONE x']));
    expect(() => ordered.parse('?', {})).toThrow('formatOfText answered "gone", which is no row');
    expect(() => tableFromRows('toy', [ROWS[0], ROWS[0]], { parseId: table.parseId })).toThrow('two rows have the same name');
    expect(() => tableFromRows('toy', [ROWS[0], { ...ROWS[1], extensions: ['one'] }], { parseId: table.parseId })).toThrow('"one"');
    expect(() => tableFromRows('toy', [{ ...ROWS[1], extensions: ['.TXT'] }], { parseId: table.parseId })).toThrow('not lower case');
  });
});
