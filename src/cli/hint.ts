/** `proofgrid hint`: the next deduction a person can make. */
import { Command, Option } from 'commander';
import { nonogram, nonogramHint } from '../families/nonogram/index.ts';
import { UNKNOWN } from '../families/nonogram/types.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { print, printJson, readText } from './io.ts';
import { addInputOptions, intArg, type InputFlags } from './options.ts';
import { describe, loadPuzzles, parseMarks } from './puzzles.ts';

interface HintFlags extends InputFlags {
  marks?: string;
  index?: number;
  json?: boolean;
}

export function hintCommand(): Command {
  const cmd = new Command('hint').description('show the next deduction a person can make, from an empty grid or from the marks in a file');
  addInputOptions(cmd);
  cmd
    .option('--marks <file>', 'the current marks: one line per row, ? unknown, # filled, x or . crossed (spaces ignored)')
    .addOption(new Option('--index <n>', 'which puzzle of the file (1-based), when it holds several').argParser(intArg(1)))
    .option('--json', 'print the hint as JSON: technique, message and focus (line and cells)')
    .addHelpText(
      'after',
      `
Techniques, simplest first: mistake (a mark no arrangement allows), completion, overlap,
unreachable, line logic, contradiction.

Exit codes: 0 a hint was given; 1 none follows (the grid is complete, or no single step
deduces anything); 2 bad input.

${EXIT_HELP}

Examples:
  proofgrid hint puzzle.non
  proofgrid hint puzzle.non --marks progress.txt --json`,
    )
    .action(async (file: string | undefined, flags: HintFlags) => {
      process.exitCode = await runHint(file, flags);
    });
  return cmd;
}

async function runHint(file: string | undefined, flags: HintFlags): Promise<number> {
  if (flags.marks !== undefined && flags.marks === '-' && (file === undefined || file === '-') && !flags.id) {
    throw new UserError('the puzzle and the marks cannot both come from standard input');
  }
  const loaded = await loadPuzzles(file, flags);
  if (flags.index !== undefined && flags.index > loaded.length) {
    throw new UserError(`--index ${flags.index}: the input holds ${loaded.length} puzzle${loaded.length === 1 ? '' : 's'}`);
  }
  if (flags.index === undefined && loaded.length > 1) {
    throw new UserError(`the input holds ${loaded.length} puzzles: choose one with --index N`);
  }
  const lp = loaded[(flags.index ?? 1) - 1];
  const p = lp.puzzle;
  let marks: Uint8Array = new Uint8Array(p.width * p.height);
  if (flags.marks !== undefined) {
    const { text, label } = await readText(flags.marks);
    marks = parseMarks(text, label, p);
  }
  const h = nonogramHint(p, marks);
  const complete = !marks.includes(UNKNOWN);
  const solved = nonogram.play.isSolved(p, { width: p.width, height: p.height, marks });
  if (flags.json) {
    printJson({ source: lp.label, width: p.width, height: p.height, hint: h, complete, solved });
  } else if (h) {
    print(`${h.technique}: ${h.message}`);
    const cells = (h.focus as { cells?: { row: number; col: number; value: string }[] }).cells ?? [];
    if (cells.length > 0) print(`  cells: ${cells.map((c) => `r${c.row + 1}c${c.col + 1}=${c.value}`).join(' ')}`);
  } else {
    print(`${describe(lp)}: no hint: ${solved ? 'the puzzle is solved' : complete ? 'every cell is marked' : 'no single step follows from these marks'}`);
  }
  return h ? EXIT.ok : EXIT.failed;
}
