/**
 * The one reader of user inputs (src/api/load.ts): the family of a text and the puzzle of an id, as
 * the string API and the command line both use it. The CLI's messages on these paths are tested in
 * test/cli*.test.ts; here, the decisions.
 */
import { describe, expect, it } from 'vitest';
import { err, ok, parseError } from '../core/result.ts';
import { FAMILIES, registerFamily } from '../families/index.ts';
import { convert, generate, parseFile } from './index.ts';
import { detectFamily, isIdFailure, puzzleOfId, readPuzzles } from './load.ts';
import { parseText } from '../cli/puzzles.ts';

function generatedId(family: string, params: string): string {
  const g = generate(family, params, 'load');
  if (!g.ok || g.value.kind !== 'generated') throw new Error(`no ${family} puzzle`);
  return g.value.info.id;
}

describe('detectFamily', () => {
  it('takes a named family, a format only one family has, an extension, an id prefix; guessed only from the text', () => {
    const id = generatedId('nonogram', '5x5-easy');
    const by = (text: string, hints = {}) => {
      const r = detectFamily(text, hints);
      return r.ok ? `${r.value.family.name}${r.value.guessed ? '?' : ''}` : r.error.code;
    };
    expect(by('anything', { family: 'edgematch' })).toBe('edgematch');
    expect(by('anything', { format: 'heule' })).toBe('edgematch');
    expect(by('anything', { filename: 'x.non' })).toBe('nonogram');
    expect(by(`${id}\n`)).toBe('nonogram');
    expect(by('4 3\n1..1\n....\n2..2\n')).toBe('numberlink?');
    expect(by('sudoku:3x3:abc\n')).toBe('ERR_FAMILY');
    expect(by('hello', { family: 'sudoku' })).toBe('ERR_FAMILY');
    expect(by('1 . . 1\n')).toBe('ERR_FORMAT');
  });

  it('names the owner of a format the family has not', () => {
    const r = detectFamily('x', { family: 'nonogram', format: 'heule' });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.message).toBe(
        'nonogram puzzles have no format "heule" (it is a edgematch format; nonogram formats: non, xml, nin, taai, tatham, g, cnon, cjson, csv, id)',
      );
  });
});

describe('readPuzzles', () => {
  it('gives a weakly guessed text to the one family that reads it', () => {
    // A family whose formats recognise nothing by the text, and a numberlink board that nonogram
    // guesses weakly ("4 3" reads as a nonogram size line): only numberlink reads it.
    const text = '4 3\n1..1\n....\n2..2\n';
    const r = readPuzzles(text);
    expect(r.ok && r.value.family.name).toBe('numberlink');
    // A text the guess cannot read and no other family reads either: the guess's error, named as a guess.
    const bad = readPuzzles('3 3\n1 2 1\n');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ guessedFamily: 'nonogram', error: { code: 'ERR_LINE_COUNT' } });
  });

  it('falls back to the only reader when the guess is wrong', () => {
    // A plug-in whose formats never recognise a text by its look but read "ECHO" boards: nonogram
    // guesses the "3 3" size line weakly, cannot read the rest, and the one family that can gets it.
    const echo = {
      ...FAMILIES.numberlink,
      name: 'echo',
      formats: {
        ...FAMILIES.numberlink.formats,
        sniff: () => 0,
        parse: (text: string) => (text.includes('ECHO') ? ok([]) : err(parseError('ERR_SYNTAX', 'no echo'))),
      },
    };
    registerFamily(echo as never);
    const text = '3 3\n1 2 1\nECHO\n';
    const d = detectFamily(text);
    expect(d.ok && `${d.value.family.name} ${d.value.guessed}`).toBe('nonogram true');
    const r = readPuzzles(text);
    expect(r.ok && `${r.value.family.name} ${r.value.guessed}`).toBe('echo true');
    // Named, the family is not second-guessed.
    const named = readPuzzles(text, { family: 'nonogram' });
    expect(named.ok).toBe(false);
  });

  it('refuses a rule set for a family without rule sets before reading', () => {
    const r = readPuzzles('x', { family: 'nonogram', rule: 'no-2x2' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ refused: true, error: { code: 'ERR_FORMAT' } });
  });

  it('is the reader of both the API and the CLI: the same family for the same text', () => {
    const nl = generatedId('numberlink', '6x6-easy');
    const em = generatedId('edgematch', '4x4-easy');
    const heule = convert([em], 'heule');
    const grid = convert([nl], 'grid');
    if (!heule.ok || !grid.ok) throw new Error('convert');
    for (const text of [heule.value.text, grid.value.text, `${nl}\n`, '4 3\n1..1\n....\n2..2\n']) {
      const api = parseFile(text);
      const cli = parseText(text, '<stdin>', {});
      expect(api.ok && api.value.family).toBe(cli.family.name);
    }
  });
});

describe('puzzleOfId', () => {
  it('decodes descriptive ids and generates seeded ones, naming the seeded id', () => {
    const id = generatedId('nonogram', '5x5-easy');
    const d = puzzleOfId(id);
    expect(d.ok && d.value.family.name).toBe('nonogram');
    expect(d.ok && d.value.seededId).toBeUndefined();
    const s = puzzleOfId(`nonogram@${FAMILIES.nonogram.version}:5x5-easy#load`);
    expect(s.ok && s.value.seededId).toBe(`nonogram@${FAMILIES.nonogram.version}:5x5-easy#load`);
    expect(s.ok && FAMILIES.nonogram.makePuzzle(s.value.puzzle as never)).toBe(id);
  });

  it('refuses what is not for here, and says why a seeded id gives no puzzle', () => {
    const kind = (text: string, opts = {}) => {
      const r = puzzleOfId(text, opts);
      if (r.ok) return 'ok';
      return isIdFailure(r.error) ? r.error.kind : r.error.code;
    };
    expect(kind('nonogram@99:5x5-easy#s')).toBe('unsupported');
    expect(kind('sudoku:3x3:abc')).toBe('refused');
    expect(kind(`nonogram@${FAMILIES.nonogram.version}:5x5-easy#s`, { family: 'numberlink' })).toBe('refused');
    expect(kind(`nonogram@${FAMILIES.nonogram.version}:5x5-easy#s`, { rule: 'no-2x2' })).toBe('refused');
    expect(kind(`nonogram@${FAMILIES.nonogram.version}:30x30-expert#s`, { budget: { maxNodes: 1 } })).toBe('failed');
    expect(kind('nonogram:5x5:zz')).toMatch(/^ERR_/);
    expect(kind('not an id')).toMatch(/^ERR_/);
  });
});
