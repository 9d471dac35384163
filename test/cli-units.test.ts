/** Pieces of the command line tested in-process: column layout and the one check of --rule. */
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/cli/exit.ts';
import { checkRule, KITS } from '../src/cli/kits.ts';
import { sideBySide, visibleLength } from '../src/cli/render.ts';

const red = (s: string): string => `\x1b[31m${s}\x1b[0m`;
const plain = (lines: string[]): string[] => lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));

describe('sideBySide', () => {
  it('measures columns without ANSI colour codes: coloured grids align like plain ones', () => {
    // Path drawings trim their lines, so a grid's lines differ in length; colours add invisible bytes.
    const a = ['A-A', 'B'];
    const b = ['C-C', 'D'];
    const coloured = sideBySide([[`${red('A')}-${red('A')}`, red('B')], [red('C') + '-' + red('C'), red('D')]]);
    expect(plain(coloured)).toEqual(sideBySide([a, b]));
    expect(plain(coloured)).toEqual(['A-A   C-C', 'B     D']);
  });
  it('pads short and missing lines to the widest line of their grid', () => {
    const coloured = sideBySide([[red('AAAA'), red('B')], [red('X'), red('Y'), red('Z')]], ' ');
    expect(plain(coloured)).toEqual(['AAAA X', 'B    Y', '     Z']);
  });
  it('visibleLength counts what a terminal shows', () => {
    expect(visibleLength(red('abc'))).toBe(3);
    expect(visibleLength('\x1b[1;31mab\x1b[0m c')).toBe(4);
  });
});

describe('checkRule: the one check of --rule', () => {
  const message = (f: () => void): string => {
    try {
      f();
    } catch (e) {
      if (e instanceof UserError) return e.message;
      throw e;
    }
    return '';
  };
  it('accepts no rule, or a rule set of a family that has them', () => {
    expect(message(() => checkRule(KITS.nonogram, undefined))).toBe('');
    expect(message(() => checkRule(KITS.numberlink, 'no-2x2'))).toBe('');
  });
  it('refuses a rule for a family without rule sets, and an unknown rule set, with one wording', () => {
    expect(message(() => checkRule(KITS.nonogram, 'strict', 'p.non'))).toBe(
      'p.non: --rule applies to numberlink puzzles, not to nonogram puzzles (nonogram puzzles have no rule sets)',
    );
    expect(message(() => checkRule(KITS.numberlink, 'diagonal'))).toBe('unknown numberlink rule set "diagonal" (expected strict, no-2x2, no-touch)');
  });
});
