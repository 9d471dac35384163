/** `proofgrid verify`: checks a solution against a puzzle's rules, with the family's independent verifier. */
import { Command } from 'commander';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { print, printJson, readText } from './io.ts';
import { addInputOptions, indexOption, type InputFlags } from './options.ts';
import { describe, describeParseError, loadOnePuzzle } from './puzzles.ts';

interface VerifyFlags extends InputFlags {
  solution: string;
  index?: number;
  json?: boolean;
}

export function verifyCommand(): Command {
  const cmd = new Command('verify').description("check a solution against a puzzle's rules (an independent verifier; it makes no uniqueness claim)");
  addInputOptions(cmd);
  cmd
    .requiredOption('--solution <file>', 'the solution, as "solve --format grid" prints it (edgematch: also the board suite\'s .sol lines); "-" reads standard input')
    .addOption(indexOption())
    .option('--json', 'print the answer as JSON: ok, and the reason when it is not a solution')
    .addHelpText(
      'after',
      `
Exit codes: 0 the solution satisfies every rule; 1 it does not (the first problem is named);
2 bad input (the puzzle or the solution cannot be read).

${EXIT_HELP}

Examples:
  proofgrid solve pieces.txt > board.txt && proofgrid verify pieces.txt --solution board.txt
  proofgrid verify --id 'edgematch@1:6x6-medium#s' --solution board.txt`,
    )
    .action(async (file: string | undefined, flags: VerifyFlags) => {
      process.exitCode = await runVerify(file, flags);
    });
  return cmd;
}

async function runVerify(file: string | undefined, flags: VerifyFlags): Promise<number> {
  if (flags.solution === '-' && (file === undefined || file === '-') && !flags.id) throw new UserError('the puzzle and the solution cannot both come from standard input');
  const lp = await loadOnePuzzle(file, flags);
  const { kit, puzzle } = lp;
  const { text, label } = await readText(flags.solution);
  const s = kit.family.parseSolution(text, puzzle);
  if (!s.ok) throw new UserError(describeParseError(label, s.error, text));
  const v = kit.family.verify(puzzle, s.value);
  if (flags.json) printJson({ source: lp.label, family: kit.family.name, solution: label, ok: v.ok, ...(v.ok ? {} : { reason: v.reason }) });
  else print(`${describe(lp)}: ${v.ok ? 'a solution' : `not a solution: ${v.reason}`}`);
  return v.ok ? EXIT.ok : EXIT.failed;
}
