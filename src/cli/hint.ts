/** `proofgrid hint`: the next deduction a person can make. */
import { Command } from 'commander';
import type { Budget } from '../core/budget.ts';
import { DEFAULT_HINT_BUDGET, type Hint, type HintNone } from '../core/family.ts';
import { splitLines } from '../core/text.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { print, printJson, readText } from './io.ts';
import { addBudgetOptions, addInputOptions, budgetOf, indexOption, type BudgetFlags, type InputFlags } from './options.ts';
import { describe, loadOnePuzzle, type LoadedPuzzle } from './puzzles.ts';
import { allCliFamilies } from './families.ts';

interface HintFlags extends InputFlags, BudgetFlags {
  marks?: string;
  moves?: string;
  index?: number;
  json?: boolean;
}

export function hintCommand(): Command {
  const cmd = new Command('hint').description('show the next deduction a person can make, from an empty grid or from the progress in a file');
  addInputOptions(cmd);
  addBudgetOptions(cmd);
  cmd
    .option(
      '--marks <file>',
      `the current marks. ${allCliFamilies()
        .map((f) => `${f.name}: ${f.cli.marksHelp}`)
        .join('; ')}`,
    )
    .option(
      '--moves <file>',
      'the moves played so far, separated by spaces or lines (# comments): nonogram f3.4 (fill), x3.4-3.9 (cross), c3.4 (clear); numberlink s1.1-1.2-2.2 (a stroke through neighbouring cells), x2.3 (clear a piece); edgematch p7@2.3:1 (piece 7 on row 2 column 3 turned 1 clockwise, from the tray or another cell), r2.3 or r2.3+2 (turn clockwise), t2.3 (back to the tray)',
    )
    .addOption(indexOption())
    .option(
      '--json',
      'print the result as JSON: "result" (kind hint/none/inconclusive, the hint or the reason or the stop, stats) and "hint" (technique, message and focus, or null)',
    )
    .addHelpText(
      'after',
      `
Techniques, simplest first. nonogram: mistake (a mark no arrangement allows), completion, overlap,
unreachable, line logic, contradiction. numberlink: mistake (a link the solution does not have),
only way on, two ways in; each hint also shows the stroke that plays it (for --moves).
edgematch: mistake (a placement the solution does not have), only one fits, only one place,
nothing fits beside, trial, reveal; each hint also shows the move that plays it.

Budget: without --budget-ms or --max-nodes a hint searches for at most ${DEFAULT_HINT_BUDGET.deadlineMs! / 1000} s and
${DEFAULT_HINT_BUDGET.maxNodes!.toLocaleString('en')} nodes (nonogram: line solves; numberlink and edgematch: the certifying count's
nodes, then one per trial), then gives up: "inconclusive", no hint found in time, which says nothing
about whether one follows.

Exit codes: 0 a hint was given; 1 none follows (the puzzle is solved, or no single step
deduces anything, or it has not exactly one solution); 40 inconclusive (the budget ran out
before a hint was found); 2 bad input.

${EXIT_HELP}

Examples:
  proofgrid hint puzzle.non
  proofgrid hint puzzle.non --marks progress.txt --json
  proofgrid hint flow.nl --moves played.txt
  proofgrid hint pieces.txt --marks board.txt`,
    )
    .action(async (file: string | undefined, flags: HintFlags) => {
      process.exitCode = await runHint(file, flags);
    });
  return cmd;
}

/** Applies a moves file to the state; a bad move is a UserError naming the file and line. */
function playMoves(lp: LoadedPuzzle, state: unknown, text: string, label: string): unknown {
  const play = lp.family.play;
  let s = state;
  splitLines(text).forEach((line, i) => {
    for (const token of line.replace(/#.*/, '').trim().split(/\s+/)) {
      if (token === '') continue;
      const m = play.parseMove(token, lp.puzzle);
      if (!m.ok) throw new UserError(`${label}: line ${i + 1}: ${m.error.message} [${m.error.code}]`);
      s = play.apply(s, m.value);
    }
  });
  return s;
}

async function runHint(file: string | undefined, flags: HintFlags): Promise<number> {
  const stdinUsers = [flags.marks, flags.moves].filter((f) => f === '-').length + ((file === undefined || file === '-') && !flags.id ? 1 : 0);
  if (stdinUsers > 1) throw new UserError('only one of the puzzle, the marks and the moves can come from standard input');
  const lp = await loadOnePuzzle(file, flags);
  const { family, puzzle } = lp;
  const { width, height } = family.render.size(puzzle);
  let state = family.play.start(puzzle);
  if (flags.marks !== undefined) {
    const { text, label } = await readText(flags.marks);
    const marks = family.cli.readMarks(text, label, puzzle);
    if (!marks.ok) throw new UserError(marks.error);
    state = marks.value;
  }
  if (flags.moves !== undefined) {
    const { text, label } = await readText(flags.moves);
    state = playMoves(lp, state, text, label);
  }
  const given = budgetOf(flags);
  const budget = given.deadlineMs === undefined && given.maxNodes === undefined ? DEFAULT_HINT_BUDGET : given;
  const r = family.hint(puzzle, state, budget);
  const complete = family.cli.complete(state);
  const solved = family.play.isSolved(puzzle, state);
  if (flags.json) {
    // The hint as it always printed: its `says` (the message as data, for the player's languages) stays out.
    const result = r.kind === 'hint' ? { ...r, hint: withoutSays(r.hint) } : r;
    printJson({ source: lp.label, family: family.name, width, height, result, hint: result.kind === 'hint' ? result.hint : null, complete, solved });
  } else if (r.kind === 'hint') {
    print(`${r.hint.technique}: ${r.hint.message}`);
    const focus = family.render.focusText(r.hint, puzzle);
    if (focus) print(`  ${focus}`);
  } else if (r.kind === 'inconclusive') {
    print(
      `${describe(lp)}: inconclusive: no hint found within the budget (${r.stop} after ${r.stats.nodes} nodes, ${Math.round(r.stats.ms)} ms); try a larger --budget-ms or --max-nodes`,
    );
  } else {
    let why = NONE_TEXT[r.reason];
    if (r.reason === 'no-step' && complete) why = 'every cell is marked';
    else if (r.reason === 'no-step') {
      // Hints are checked against the one solution: say so when there is none, or several (a count on
      // what is left of the budget, so the command as a whole keeps to it).
      const left: Budget = {};
      if (budget.deadlineMs !== undefined) left.deadlineMs = Math.max(0, budget.deadlineMs - r.stats.ms);
      if (budget.maxNodes !== undefined) left.maxNodes = Math.max(0, budget.maxNodes - r.stats.nodes);
      const v = family.count(puzzle, { budget: left });
      if (v.kind === 'none' || v.kind === 'multiple') why = `the puzzle has ${v.kind === 'none' ? 'no solution' : 'several solutions'}`;
    }
    print(`${describe(lp)}: no hint: ${why}`);
  }
  return r.kind === 'hint' ? EXIT.ok : r.kind === 'inconclusive' ? EXIT.inconclusive : EXIT.failed;
}

/** A hint without its `says`: what `--json` prints (the message as data is the player's, for its languages). */
function withoutSays<H extends Hint>(h: H): Omit<H, 'says'> {
  const { says: _says, ...rest } = h;
  return rest;
}

const NONE_TEXT: Record<HintNone, string> = {
  solved: 'the puzzle is solved',
  'no-step': 'no single step follows from these marks',
  'no-solution': 'the puzzle has no solution',
  'several-solutions': 'the puzzle has several solutions',
  unsupported: 'hints do not cover this kind of puzzle yet',
};
