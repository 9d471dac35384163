/** `proofgrid solve`: one solution per puzzle (no uniqueness claim; `count` makes that). */
import { Command, Option } from 'commander';
import { EXIT, EXIT_HELP, UserError, worst } from './exit.ts';
import type { Budget } from '../core/budget.ts';
import { print, printJson } from './io.ts';
import type { DrawOptions } from '../core/draw.ts';
import { addEngineOption, engineFor, findBy, type EngineFlags } from './engine.ts';
import { allCliFamilies, type AnyFamily } from './families.ts';
import { addBestOptions, bestOnly, runBest, type BestOnlyFlags } from './best.ts';
import { addBudgetOptions, addInputOptions, budgetOf, type BudgetFlags, type InputFlags } from './options.ts';
import { runProgress } from './progress.ts';
import { describe, jsonHead, loadPuzzles, type LoadedPuzzle } from './puzzles.ts';
import { useColor } from './render.ts';

export const SOLVE_FORMATS = ['grid', 'bits', 'non', 'xml', 'paths', 'sol', 'picture'] as const;
type SolveFormat = (typeof SOLVE_FORMATS)[number];

interface SolveFlags extends InputFlags, BudgetFlags, EngineFlags, BestOnlyFlags {
  format: SolveFormat;
  json?: boolean;
  quiet?: boolean;
}

export function solveCommand(): Command {
  const cmd = new Command('solve').description('find a solution of every puzzle in a file (without checking that it is the only one)');
  addInputOptions(cmd);
  addBudgetOptions(cmd);
  addEngineOption(cmd);
  cmd
    .addOption(
      new Option(
        '--format <format>',
        "how to print solutions: grid (nonogram: rows of # and .; numberlink: rows of labels; edgematch: the board text, a WxH line then piece:rotation per cell), bits (nonogram: one 0/1 line), non or xml (nonogram: the puzzles with their solution as goal), paths (numberlink: the paths drawn), sol (edgematch: the board suite's tile col row rot lines, rot anticlockwise), picture (edgematch: the board drawn)",
      )
        // The product's formats in their order, then any a plug-in family adds.
        .choices([...new Set([...SOLVE_FORMATS, ...allCliFamilies().flatMap((f) => f.render.solveFormats)])])
        .default('grid'),
    )
    .addOption(new Option('--json', 'print the results as a JSON array (solutions as in count --json)').conflicts('format'))
    .option('-q, --quiet', 'no progress report on standard error');
  addBestOptions(cmd);
  cmd
    .addHelpText(
      'after',
      `
Edge matching boards are solved by the backtracker, Algorithm C and SAT in turn (--engine turns:
doubling time slices from 25 ms, the first to finish answers), boards of more than 144 cells by the
backtracker alone; --engine backtrack, xcc or sat (the CNF on cadical or minisat) runs one alone, and --json
names the engine each puzzle ran.

--best (edge matching) searches for the board with the most matched joints instead (the Eternity II
score race), for --budget-ms or until Ctrl-C, which keeps and writes the best board (exit 0): see the
options --workers, --seed, --start, --keep, --order and --out.

Unsolved puzzles are reported on standard error. With several puzzles and --format grid, paths or picture,
each solution is preceded by a "puzzle N: ..." line and followed by a blank line. A file of several
puzzles shows its progress on standard error (a bar on a terminal, a line every 5 s in a log; -q
hides it).

Exit codes: 0 every puzzle solved, 20 some puzzle has no solution, 40 the budget ran out on some
puzzle, 2 bad input (the worst answer wins: 0 < 20 < 40 < 2). "solve ... && verify ..." runs
verify only when every puzzle was solved.

${EXIT_HELP}

Examples:
  proofgrid solve puzzles.non
  proofgrid solve --id nonogram@1:15x15-hard#abc --format bits
  cat puzzles.xml | proofgrid solve --max-nodes 100000
  proofgrid solve flows.nl --format paths
  proofgrid solve pieces.txt --format picture
  proofgrid solve --best e2pieces.txt --budget-ms 600000 --workers 2 --out best.txt
  proofgrid solve --best e2pieces.txt --start best.txt --out best.txt`,
    )
    .action(async (file: string | undefined, flags: SolveFlags) => {
      if (flags.best && flags.engine !== undefined) throw new UserError('--engine picks the engine of a plain solve; --best runs the best-score search');
      process.exitCode = flags.best ? await runBest(file, flags) : await runSolve(file, flags);
    });
  return cmd;
}

async function runSolve(file: string | undefined, flags: SolveFlags): Promise<number> {
  const stray = bestOnly(flags);
  if (stray !== undefined) throw new UserError(`${stray} goes with --best`);
  const loaded = await loadPuzzles(file, flags);
  if (!flags.json) {
    for (const lp of loaded) {
      if (!lp.family.render.solveFormats.includes(flags.format)) {
        throw new UserError(`${lp.family.name} solutions cannot be printed as ${flags.format} (--format ${lp.family.render.solveFormats.join(', ')})`);
      }
    }
  }
  const budget = budgetOf(flags);
  const codes: number[] = [];
  const json: unknown[] = [];
  const solved = new Map<AnyFamily, { puzzle: unknown; solution: unknown }[]>();
  const many = loaded.length > 1;
  const draw = { color: useColor() };
  const wholeFile = flags.format === 'non' || flags.format === 'xml';
  const bar = runProgress('solve', loaded.length, { quiet: flags.quiet ?? false, streaming: !flags.json && !wholeFile });
  try {
    for (const lp of loaded) {
      await solveOne(lp, flags, budget, { codes, json, solved, many, draw, note: bar.note });
      bar.step(lp.index);
    }
  } finally {
    bar.stop();
  }
  if (flags.json) printJson(json);
  for (const [family, list] of solved) {
    const out = family.render.solvedFile(list, flags.format);
    if (!out.ok) throw new UserError(`cannot write the solutions as ${flags.format}: ${out.error.message}`);
    process.stdout.write(out.value);
  }
  return worst(codes);
}

interface SolveRun {
  codes: number[];
  json: unknown[];
  /** Solutions kept for a whole-file format (non, xml), by family. */
  solved: Map<AnyFamily, { puzzle: unknown; solution: unknown }[]>;
  many: boolean;
  draw: DrawOptions;
  /** A line for standard error, kept clear of the progress bar. */
  note(line: string): void;
}

async function solveOne(lp: LoadedPuzzle, flags: SolveFlags, budget: Budget, run: SolveRun): Promise<void> {
  const { codes, json, solved, many, draw, note } = run;
  const { family, puzzle } = lp;
  const engine = engineFor(family, puzzle, 'find', flags);
  const r = await findBy(family, puzzle, engine, budget);
  const stats = { nodes: r.stats.nodes, ms: Math.round(r.stats.ms * 10) / 10 };
  if (flags.json) {
    json.push({
      ...jsonHead(lp),
      ...(engine !== undefined ? { engine } : {}),
      kind: r.kind,
      ...(r.kind === 'inconclusive' ? { stop: r.stop } : {}),
      stats,
      ...(r.kind === 'found' ? { solution: family.render.solutionJson(r.solution, puzzle) } : {}),
    });
  }
  if (r.kind === 'found') {
    codes.push(EXIT.ok);
    if (flags.json) return;
    const text = family.render.solutionText(r.solution, puzzle, flags.format, draw);
    if (text === undefined) {
      solved.set(family, [...(solved.get(family) ?? []), { puzzle, solution: r.solution }]);
      return;
    }
    const block = flags.format === 'grid' || flags.format === 'paths' || flags.format === 'picture';
    if (many && block) print(`puzzle ${lp.index}: ${describe(lp)}`);
    print(text);
    if (many && block) print();
  } else if (r.kind === 'none') {
    codes.push(EXIT.none);
    if (!flags.json) note(`proofgrid: ${describe(lp)}: no solution (${stats.nodes} nodes, ${stats.ms} ms)`);
  } else {
    codes.push(EXIT.inconclusive);
    if (!flags.json) note(`proofgrid: ${describe(lp)}: gave up (${r.stop}) after ${stats.nodes} nodes, ${stats.ms} ms`);
  }
}
