/** `proofgrid solve`: one solution per puzzle (no uniqueness claim; `count` makes that). */
import { Command, Option } from 'commander';
import { findSolution, formats, type Nonogram } from '../families/nonogram/index.ts';
import { EXIT, EXIT_HELP, UserError, worst } from './exit.ts';
import { note, print, printJson } from './io.ts';
import { addBudgetOptions, addInputOptions, budgetOf, type BudgetFlags, type InputFlags } from './options.ts';
import { describe, loadPuzzles } from './puzzles.ts';
import { gridRows } from './render.ts';

export const SOLVE_FORMATS = ['grid', 'bits', 'non', 'xml'] as const;
type SolveFormat = (typeof SOLVE_FORMATS)[number];

interface SolveFlags extends InputFlags, BudgetFlags {
  format: SolveFormat;
  json?: boolean;
}

export function solveCommand(): Command {
  const cmd = new Command('solve').description('find a solution of every puzzle in a file (without checking that it is the only one)');
  addInputOptions(cmd);
  addBudgetOptions(cmd);
  cmd
    .addOption(
      new Option('--format <format>', 'how to print solutions: grid (rows of # and .), bits (one 0/1 line), non or xml (the puzzles with their solution as goal)')
        .choices(SOLVE_FORMATS)
        .default('grid'),
    )
    .addOption(new Option('--json', 'print the results as a JSON array (solutions as arrays of #/. rows)').conflicts('format'))
    .addHelpText(
      'after',
      `
Unsolved puzzles are reported on standard error. With several puzzles and --format grid, each
grid is preceded by a "puzzle N: ..." line and followed by a blank line.

Exit codes: 10 every puzzle solved, 20 some puzzle has no solution, 40 the budget ran out on some
puzzle, 2 bad input (the worst answer wins: 10 < 20 < 40 < 2).

${EXIT_HELP}

Examples:
  proofgrid solve puzzles.non
  proofgrid solve --id nonogram@1:15x15-hard#abc --format bits
  cat puzzles.xml | proofgrid solve --max-nodes 100000`,
    )
    .action(async (file: string | undefined, flags: SolveFlags) => {
      process.exitCode = await runSolve(file, flags);
    });
  return cmd;
}

async function runSolve(file: string | undefined, flags: SolveFlags): Promise<number> {
  const loaded = await loadPuzzles(file, flags);
  const budget = budgetOf(flags);
  const codes: number[] = [];
  const json: unknown[] = [];
  const solved: Nonogram[] = [];
  const many = loaded.length > 1;
  for (const lp of loaded) {
    const p = lp.puzzle;
    const r = findSolution(p, { budget });
    const stats = { nodes: r.stats.nodes, ms: Math.round(r.stats.ms * 10) / 10 };
    if (flags.json) {
      json.push({
        index: lp.index,
        source: lp.label,
        width: p.width,
        height: p.height,
        ...(lp.seededId ? { seededId: lp.seededId } : {}),
        kind: r.kind,
        ...(r.kind === 'inconclusive' ? { stop: r.stop } : {}),
        stats,
        ...(r.kind === 'found' ? { solution: gridRows(r.solution, p.width, p.height) } : {}),
      });
    }
    if (r.kind === 'found') {
      codes.push(EXIT.found);
      if (flags.json) continue;
      if (flags.format === 'grid') {
        if (many) print(`puzzle ${lp.index}: ${describe(lp)}`);
        print(gridRows(r.solution, p.width, p.height).join('\n'));
        if (many) print();
      } else if (flags.format === 'bits') {
        print(Array.from(r.solution).join(''));
      } else {
        solved.push({ ...p, meta: { ...p.meta, goal: r.solution } });
      }
    } else if (r.kind === 'none') {
      codes.push(EXIT.none);
      if (!flags.json) note(`proofgrid: ${describe(lp)}: no solution (${stats.nodes} nodes, ${stats.ms} ms)`);
    } else {
      codes.push(EXIT.inconclusive);
      if (!flags.json) note(`proofgrid: ${describe(lp)}: gave up (${r.stop}) after ${stats.nodes} nodes, ${stats.ms} ms`);
    }
  }
  if (flags.json) printJson(json);
  else if ((flags.format === 'non' || flags.format === 'xml') && solved.length > 0) {
    const out = formats.makePuzzles(solved, flags.format);
    if (!out.ok) throw new UserError(`cannot write the solutions as ${flags.format}: ${out.error.message}`);
    process.stdout.write(out.value);
  }
  return worst(codes);
}
