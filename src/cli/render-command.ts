/** `proofgrid render`: puzzles drawn for a terminal, with their solution (the paths, for Numberlink). */
import { Command, Option } from 'commander';
import { EXIT, EXIT_HELP } from './exit.ts';
import { note, print } from './io.ts';
import { addBudgetOptions, addInputOptions, budgetOf, type BudgetFlags, type InputFlags } from './options.ts';
import { describe, loadPuzzles } from './puzzles.ts';
import { useColor } from './render.ts';

interface RenderFlags extends InputFlags, BudgetFlags {
  solution: boolean;
  ascii?: boolean;
  color: 'auto' | 'always' | 'never';
}

export function renderCommand(): Command {
  const cmd = new Command('render').description(
    'draw every puzzle in the terminal, solved: nonograms with their clues, numberlink puzzles with their paths, edge-matching boards with the colours on each side',
  );
  addInputOptions(cmd);
  addBudgetOptions(cmd);
  cmd
    .option('--no-solution', 'draw the puzzle only, unsolved')
    .option('--ascii', 'plain ASCII (| - +) instead of box-drawing characters')
    .addOption(
      new Option(
        '--color <when>',
        'colour each numberlink path and edgematch colour: auto (when standard output is a terminal and NO_COLOR is unset), always or never',
      )
        .choices(['auto', 'always', 'never'])
        .default('auto'),
    )
    .addHelpText(
      'after',
      `
Each puzzle is drawn under a line naming it. The solution drawn is the first one found (render
makes no uniqueness claim; count does); a puzzle without one found is drawn unsolved, with the
reason on standard error.

Exit codes: 0 every puzzle drawn as asked; 1 some solution was not found (none, or the budget ran
out); 2 bad input.

${EXIT_HELP}

Examples:
  proofgrid render flows.nl
  proofgrid render --id numberlink:5x5-strict:g1j2g3g1g4h243m --ascii
  proofgrid render --no-solution puzzle.non`,
    )
    .action(async (file: string | undefined, flags: RenderFlags) => {
      process.exitCode = await runRender(file, flags);
    });
  return cmd;
}

async function runRender(file: string | undefined, flags: RenderFlags): Promise<number> {
  const loaded = await loadPuzzles(file, flags);
  const budget = budgetOf(flags);
  const draw = { ascii: flags.ascii, color: useColor(flags.color) };
  let code: number = EXIT.ok;
  for (const lp of loaded) {
    const { family, puzzle } = lp;
    let solution: unknown;
    if (flags.solution) {
      const r = family.find(puzzle, budget);
      if (r.kind === 'found') solution = r.solution;
      else {
        code = EXIT.failed;
        note(`proofgrid: ${describe(lp)}: ${r.kind === 'none' ? 'no solution' : `no solution found (${r.stop})`}; drawn unsolved`);
      }
    }
    print(describe(lp));
    print(family.render.picture(puzzle, solution, draw));
    print();
  }
  return code;
}
