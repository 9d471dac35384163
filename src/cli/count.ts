/** `proofgrid count`: the uniqueness verdict of every puzzle, with SAT-style exit codes. */
import { Command, Option } from 'commander';
import type { Budget } from '../core/budget.ts';
import { VERDICT_EXIT_CODES, verdictSolutions } from '../core/verdict.ts';
import { addEngineOption, countBy, engineFor, type EngineFlags } from './engine.ts';
import { EXIT_HELP, UserError, worst } from './exit.ts';
import { print, printJson } from './io.ts';
import { addBudgetOptions, addInputOptions, budgetOf, intArg, type BudgetFlags, type InputFlags } from './options.ts';
import { runProgress } from './progress.ts';
import { describe, jsonHead, loadPuzzles, type LoadedPuzzle } from './puzzles.ts';
import { useColor, verdictJson, verdictLine } from './render.ts';

interface CountFlags extends InputFlags, BudgetFlags, EngineFlags {
  limit: number;
  show?: boolean;
  paths?: boolean;
  json?: boolean;
  quiet?: boolean;
  distinct?: 'colourings' | 'placements';
}

export function countCommand(): Command {
  const cmd = new Command('count').description(
    'count the solutions of every puzzle (up to 2 by default) and give its verdict: unique, none, multiple or inconclusive',
  );
  addInputOptions(cmd);
  addBudgetOptions(cmd);
  addEngineOption(cmd);
  cmd
    .addOption(new Option('--limit <n>', 'count solutions up to n (2 is enough to decide uniqueness)').argParser(intArg(2, 1_000_000)).default(2))
    .option(
      '--show',
      'print the solutions found (the unique solution, or the witnesses of several): #/. grids for nonograms, label grids for numberlink, piece:rotation grids for edgematch',
    )
    .addOption(
      new Option(
        '--distinct <reading>',
        'what a distinct solution is, for edge matching: colourings (the default: the colours every cell shows, so a piece that looks the same turned and identical pieces swapped are one solution) or placements (a piece and a rotation per cell)',
      ).choices(['colourings', 'placements']),
    )
    .option('--paths', 'with --show, draw numberlink solutions as paths (done anyway when two witnesses have the same label grid)')
    .option('-q, --quiet', 'no progress report on standard error')
    .option(
      '--json',
      'print the verdicts as a JSON array, one entry per puzzle (nonogram solutions as arrays of #/. rows, numberlink ones as label rows and link rows, edgematch ones as board rows and placements)',
    )
    .addHelpText(
      'after',
      `
One line per puzzle: where it came from, its size (and rule set), then the verdict with the reason
the search stopped, the search nodes and the time. "inconclusive" means the budget ran out: it
never means unique. A file of several puzzles shows its progress on standard error (a bar on a
terminal, a line every 5 s in a log; -q hides it).

Edge matching boards are counted by the backtracker, Algorithm C and SAT in turn (--engine turns:
doubling time slices from 25 ms, the first to finish answers); --engine backtrack, xcc or sat (the
CNF on cadical or minisat) runs one alone, and --json names the engine each puzzle ran. Their
solutions are distinct colourings unless --distinct placements says otherwise; the line says which
("as colourings") and --json gives it as "distinct".

${EXIT_HELP}

Examples:
  proofgrid count puzzle.non; echo $?          # 10 when unique
  proofgrid count --show --id nonogram:2x2:1/1/1/1
  proofgrid count --json --max-nodes 5000 bundle.non
  proofgrid count --show flows.nl --rule no-2x2`,
    )
    .action(async (file: string | undefined, flags: CountFlags) => {
      process.exitCode = await runCount(file, flags);
    });
  return cmd;
}

async function runCount(file: string | undefined, flags: CountFlags): Promise<number> {
  const loaded = await loadPuzzles(file, flags);
  const budget = budgetOf(flags);
  const codes: number[] = [];
  const json: unknown[] = [];
  const bar = runProgress('count', loaded.length, { quiet: flags.quiet ?? false, streaming: !flags.json });
  try {
    for (const lp of loaded) {
      await countOne(lp, flags, budget, codes, json);
      bar.step(lp.index);
    }
  } finally {
    bar.stop();
  }
  if (flags.json) printJson(json);
  return worst(codes);
}

async function countOne(lp: LoadedPuzzle, flags: CountFlags, budget: Budget, codes: number[], json: unknown[]): Promise<void> {
  const { family, puzzle } = lp;
  const engine = engineFor(family, puzzle, 'count', flags);
  const readings = family.cli.engines?.distinct;
  if (flags.distinct !== undefined && !readings?.includes(flags.distinct))
    throw new UserError(`--distinct ${flags.distinct}: ${family.name} has one reading of a distinct solution; leave --distinct out`);
  // The reading used: the one asked for, else the family's default (none for a family with one reading).
  const distinct = readings === undefined ? undefined : (flags.distinct ?? readings[0]);
  const v = await countBy(family, puzzle, engine, { limit: flags.limit, budget, distinct });
  const code = VERDICT_EXIT_CODES[v.kind];
  codes.push(code);
  if (flags.json) {
    json.push({
      ...jsonHead(lp),
      ...(engine !== undefined ? { engine } : {}),
      ...(distinct !== undefined ? { distinct } : {}),
      exitCode: code,
      verdict: verdictJson(v, (s) => family.render.solutionJson(s, puzzle)),
    });
    return;
  }
  print(`${describe(lp)}: ${verdictLine(v, flags.limit)}${distinct !== undefined ? ` as ${distinct}` : ''}`);
  if (flags.show) {
    const solutions = verdictSolutions(v);
    if (solutions.length > 0) {
      for (const line of family.render.showSolutions(solutions, puzzle, { paths: flags.paths, color: useColor() })) print(`  ${line}`);
      print();
    }
  }
}
