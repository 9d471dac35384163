/** `proofgrid count`: the uniqueness verdict of every puzzle, with SAT-style exit codes. */
import { Command, Option } from 'commander';
import { VERDICT_EXIT_CODES } from '../core/verdict.ts';
import { countSolutions, formats } from '../families/nonogram/index.ts';
import { EXIT_HELP, worst } from './exit.ts';
import { print, printJson } from './io.ts';
import { addBudgetOptions, addInputOptions, budgetOf, intArg, type BudgetFlags, type InputFlags } from './options.ts';
import { describe, loadPuzzles } from './puzzles.ts';
import { gridRows, sideBySide, verdictJson, verdictLine } from './render.ts';

interface CountFlags extends InputFlags, BudgetFlags {
  limit: number;
  show?: boolean;
  json?: boolean;
}

export function countCommand(): Command {
  const cmd = new Command('count').description('count the solutions of every puzzle (up to 2 by default) and give its verdict: unique, none, multiple or inconclusive');
  addInputOptions(cmd);
  addBudgetOptions(cmd);
  cmd
    .addOption(new Option('--limit <n>', 'count solutions up to n (2 is enough to decide uniqueness)').argParser(intArg(2, 1_000_000)).default(2))
    .option('--show', 'print the solution grids found (the unique solution, or the witnesses of several)')
    .option('--json', 'print the verdicts as a JSON array, one entry per puzzle (solutions as arrays of #/. rows)')
    .addHelpText(
      'after',
      `
One line per puzzle: where it came from, its size, then the verdict with the reason the search
stopped, the search nodes and the time. "inconclusive" means the budget ran out: it never means
unique.

${EXIT_HELP}

Examples:
  proofgrid count puzzle.non; echo $?          # 10 when unique
  proofgrid count --show --id nonogram:2x2:1/1/1/1
  proofgrid count --json --max-nodes 5000 bundle.non`,
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
  for (const lp of loaded) {
    const p = lp.puzzle;
    const v = countSolutions(p, { limit: flags.limit, budget });
    const code = VERDICT_EXIT_CODES[v.kind];
    codes.push(code);
    if (flags.json) {
      json.push({
        index: lp.index,
        source: lp.label,
        ...(p.meta?.title ? { title: p.meta.title } : {}),
        width: p.width,
        height: p.height,
        id: formats.makeNonogramId(p),
        ...(lp.seededId ? { seededId: lp.seededId } : {}),
        exitCode: code,
        verdict: verdictJson(v, p),
      });
      continue;
    }
    print(`${describe(lp)}: ${verdictLine(v, flags.limit)}`);
    if (flags.show) {
      const grids = v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : v.kind === 'inconclusive' ? v.found : [];
      if (grids.length > 0) {
        for (const line of sideBySide(grids.map((g) => gridRows(g, p.width, p.height)))) print(`  ${line}`);
        print();
      }
    }
  }
  if (flags.json) printJson(json);
  return worst(codes);
}
