/** Pieces of the command line tested in-process: column layout, the one check of --rule, atomic writes. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/cli/exit.ts';
import { familyOf } from '../src/cli/generate.ts';
import { writeDirectoryAtomic, writeFileAtomic } from '../src/cli/io.ts';
import { checkRule } from '../src/cli/families.ts';
import { FAMILIES as KITS } from '../src/families/index.ts';
import { runCli } from '../src/cli/program.ts';
import { runProgress, type ProgressSink } from '../src/cli/progress.ts';
import { splitSolutions, verifyExit } from '../src/cli/verify-puzzles.ts';
import { sideBySide, visibleLength } from '../src/core/draw.ts';

const red = (s: string): string => `\x1b[31m${s}\x1b[0m`;
const plain = (lines: string[]): string[] => lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));

describe('sideBySide', () => {
  it('measures columns without ANSI colour codes: coloured grids align like plain ones', () => {
    // Path drawings trim their lines, so a grid's lines differ in length; colours add invisible bytes.
    const a = ['A-A', 'B'];
    const b = ['C-C', 'D'];
    const coloured = sideBySide([
      [`${red('A')}-${red('A')}`, red('B')],
      [`${red('C')}-${red('C')}`, red('D')],
    ]);
    expect(plain(coloured)).toEqual(sideBySide([a, b]));
    expect(plain(coloured)).toEqual(['A-A   C-C', 'B     D']);
  });
  it('pads short and missing lines to the widest line of their grid', () => {
    const coloured = sideBySide(
      [
        [red('AAAA'), red('B')],
        [red('X'), red('Y'), red('Z')],
      ],
      ' ',
    );
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

describe('atomic writes refuse a path under a regular file', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'proofgrid-io-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const refusal = (f: () => void): UserError => {
    try {
      f();
    } catch (e) {
      if (e instanceof UserError) return e;
      throw e;
    }
    throw new Error('no refusal');
  };

  it('writeFileAtomic and writeDirectoryAtomic: a user error (exit 2) naming the path, nothing written', () => {
    // `--out u.non/out.xml`: the temporary file's clean-up used to throw ENOTDIR (exit 3).
    const file = join(tmp, 'u.non');
    writeFileSync(file, 'kept\n');
    const e = refusal(() => writeFileAtomic(join(file, 'out.xml'), 'x'));
    expect(e.exitCode).toBe(2);
    expect(e.message).toBe(`cannot write ${join(file, 'out.xml')}: a part of the path is not a directory`);
    const d = refusal(() => writeDirectoryAtomic(join(file, 'out'), [{ name: 'a.non', text: 'x' }]));
    expect(d.exitCode).toBe(2);
    expect(d.message).toBe(`cannot write ${join(file, 'out')}: a part of the path is not a directory`);
    expect(readFileSync(file, 'utf8')).toBe('kept\n');
    expect(readdirSync(tmp)).toEqual(['u.non']);
  });

  it('a directory written whole, and none left behind when a file in it cannot be written', () => {
    const dir = join(tmp, 'set');
    writeDirectoryAtomic(dir, [
      { name: 'a.non', text: 'a' },
      { name: 'b.non', text: 'b' },
    ]);
    expect(readdirSync(dir).sort()).toEqual(['a.non', 'b.non']);
    mkdirSync(join(tmp, 'w'));
    const e = refusal(() =>
      writeDirectoryAtomic(join(tmp, 'w', 'bad'), [
        { name: 'a.non', text: 'a' },
        { name: 'no/such', text: 'b' },
      ]),
    );
    expect(e.exitCode).toBe(2);
    expect(readdirSync(join(tmp, 'w'))).toEqual([]);
  });
});

describe('generate: the family as a word or as --family', () => {
  it('takes either, or both when they agree; nonogram when neither', () => {
    expect(familyOf('edgematch', undefined)).toBe('edgematch');
    expect(familyOf(undefined, 'numberlink')).toBe('numberlink');
    expect(familyOf('numberlink', 'numberlink')).toBe('numberlink');
    expect(familyOf(undefined, undefined)).toBe('nonogram');
  });
  it('refuses an unknown word and two families that differ, naming both', () => {
    expect(() => familyOf('sudoku', undefined)).toThrow(/unknown puzzle family "sudoku" \(known: nonogram, numberlink, edgematch\)/);
    expect(() => familyOf('numberlink', 'edgematch')).toThrow(UserError);
    expect(() => familyOf('numberlink', 'edgematch')).toThrow('"numberlink" and --family edgematch');
  });
  it('the command line: an explicit --family is compared with the word, the default is not', async () => {
    const errors: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((s: string) => (errors.push(String(s)), true)) as typeof process.stderr.write;
    try {
      // Refused before anything is generated: exit 2, in process.
      expect(await runCli(['node', 'proofgrid', 'generate', 'numberlink', '--family', 'nonogram'])).toBe(2);
      expect(await runCli(['node', 'proofgrid', 'generate', 'sudoku'])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(errors.join('')).toContain('the family is given twice and differs: "numberlink" and --family nonogram');
    expect(errors.join('')).toContain('unknown puzzle family "sudoku"');
  });
});

describe('runProgress: count and solve over a file', () => {
  /** A standard error that records what is written, with a clock the test moves. */
  const sink = (isTTY: boolean): ProgressSink & { out: string; t: number } => {
    const s = { isTTY, out: '', t: 1000, write: (text: string) => (s.out += text), now: () => s.t };
    return s;
  };
  it('in a log: a plain line at most every 5 s, none for a short run; notes pass through', () => {
    const log = sink(false);
    const bar = runProgress('count', 100, { quiet: false, streaming: true, sink: log });
    log.t += 1000;
    bar.step(1);
    expect(log.out).toBe('');
    log.t += 4500;
    bar.step(40);
    bar.note('proofgrid: p.non #41: no solution');
    log.t += 1000;
    bar.step(50);
    bar.stop();
    expect(log.out).toBe('proofgrid: count: 40/100 puzzles, 5.5 s\nproofgrid: p.non #41: no solution\n');
  });
  it('on a terminal: a bar, wiped for a note and redrawn, wiped at the end', () => {
    const tty = sink(true);
    const bar = runProgress('solve', 4, { quiet: false, streaming: false, sink: tty });
    tty.t += 2000;
    bar.step(1);
    expect(tty.out).toMatch(/^\r\x1b\[Ksolve \[#{8}-{22}\] 1\/4 puzzles \| 2\.0 s \| ETA 6\.0 s$/);
    tty.out = '';
    bar.step(2); // within 200 ms of the last drawing: not redrawn
    expect(tty.out).toBe('');
    bar.note('proofgrid: x: no solution');
    expect(tty.out).toMatch(/^\r\x1b\[Kproofgrid: x: no solution\n\r\x1b\[Ksolve \[#{15}-{15}\] 2\/4/);
    tty.out = '';
    bar.stop();
    expect(tty.out).toBe('\r\x1b[K');
  });
  it('no bar with -q, for one puzzle, or between answers streamed to the same terminal', () => {
    for (const [total, opts] of [
      [10, { quiet: true, streaming: false }],
      [1, { quiet: false, streaming: false }],
      [10, { quiet: false, streaming: true, stdoutTTY: true }],
    ] as const) {
      const tty = sink(true);
      const bar = runProgress('count', total, { ...opts, sink: tty });
      tty.t += 10_000;
      bar.step(1);
      bar.note('a note');
      bar.stop();
      expect(tty.out).toBe('a note\n');
    }
    // Streamed answers going to a file: the bar is drawn.
    const tty = sink(true);
    runProgress('count', 10, { quiet: false, streaming: true, stdoutTTY: false, sink: tty }).step(1);
    expect(tty.out).toContain('count [###');
  });
});

describe('verify: splitting a file of several solutions', () => {
  const texts = (r: ReturnType<typeof splitSolutions>) => (r.ok ? r.blocks.map((b) => [b.number, b.line, b.text]) : r.message);
  it('after solve\'s "puzzle N:" lines, by number: a puzzle solve skipped is missing, not shifted', () => {
    const text = 'puzzle 1: a.non #1 2x1\n#.\n\npuzzle 3: a.non #3 2x1\n.#\n\n';
    expect(texts(splitSolutions(text, 3))).toEqual([
      [1, 2, '#.\n'],
      [3, 5, '.#\n'],
    ]);
  });
  it('by blank lines, else one a line', () => {
    expect(texts(splitSolutions('AB\nAB\n\n\nCC\nDD\n', 2))).toEqual([
      [1, 1, 'AB\nAB\n'],
      [2, 5, 'CC\nDD\n'],
    ]);
    expect(texts(splitSolutions('0110\n1001\n', 2))).toEqual([
      [1, 1, '0110\n'],
      [2, 2, '1001\n'],
    ]);
    // Two rows for three puzzles: one grid, not rows taken for puzzles.
    expect(texts(splitSolutions('0110\n1001\n', 3))).toEqual([[1, 1, '0110\n1001\n']]);
  });
  it('refuses solutions out of order and text before the first "puzzle N:" line', () => {
    expect(splitSolutions('puzzle 2: x\n#\npuzzle 1: y\n#\n', 2)).toEqual({
      ok: false,
      message: expect.stringContaining('line 3: "puzzle 1:" comes after puzzle 2'),
    });
    expect(splitSolutions('#.\npuzzle 1: x\n#.\n', 1)).toEqual({ ok: false, message: 'line 1: a solution before the first "puzzle N:" line' });
  });
  it('exits 0 only when every solution holds; else the worst: 2 unreadable > 40 undecided > 1 not one', () => {
    expect(verifyExit([0, 0])).toBe(0);
    expect(verifyExit([0, 1])).toBe(1);
    expect(verifyExit([1, 40, 0])).toBe(40);
    expect(verifyExit([40, 2, 1])).toBe(2);
  });
});
