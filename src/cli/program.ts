/** The `proofgrid` command: its subcommands, and the mapping of every error to an exit code. */
import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { GENERATOR_VERSION } from '../families/nonogram/index.ts';
import { convertCommand } from './convert.ts';
import { countCommand } from './count.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { generateCommand } from './generate.ts';
import { gradeCommand } from './grade.ts';
import { hintCommand } from './hint.ts';
import { solveCommand } from './solve.ts';

function packageVersion(): string {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function buildProgram(): Command {
  const program = new Command('proofgrid')
    .description('Logic puzzles that are proven good: solve, count, grade, hint, generate and convert Nonograms.')
    .version(`proofgrid ${packageVersion()} (nonogram generator version ${GENERATOR_VERSION})`, '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command]', 'show help for a command')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ outputError: (s, write) => write(`proofgrid: ${s.replace(/^error: /, '')}`) })
    .addHelpText(
      'after',
      `
Puzzles are read from a file, from standard input ("-" or no file), or given with --id as a
descriptive id (nonogram:WxH:desc) or a seeded id (nonogram@${GENERATOR_VERSION}:15x15-hard#seed).
File formats: non, xml, nin, taai, tatham, id (detected, or named with --from).

${EXIT_HELP}

Examples:
  proofgrid generate --size 15 --difficulty hard --seed abc --format non --out p.non
  proofgrid count p.non --show
  proofgrid hint p.non --marks progress.txt`,
    );
  for (const cmd of [solveCommand(), countCommand(), generateCommand(), gradeCommand(), hintCommand(), convertCommand()]) {
    // Settings a subcommand built on its own does not inherit: copy them from the program.
    cmd.copyInheritedSettings(program);
    program.addCommand(cmd);
  }
  return program;
}

/**
 * Runs the command line and returns the exit code. User errors print one clear message (no stack
 * trace) and give 2; unexpected exceptions give 3 with the stack only when PROOFGRID_DEBUG is set.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    process.exitCode = undefined;
    await program.parseAsync([...argv], { from: 'node' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version exit 0; every usage error (unknown option, bad value, missing argument) is bad input.
      return e.exitCode === 0 ? EXIT.ok : EXIT.badInput;
    }
    if (e instanceof UserError) {
      process.stderr.write(`proofgrid: ${e.message}\n`);
      return e.exitCode;
    }
    const err = e instanceof Error ? e : new Error(String(e));
    process.stderr.write(`proofgrid: internal error: ${err.message}\n`);
    if (process.env.PROOFGRID_DEBUG) process.stderr.write(`${err.stack ?? ''}\n`);
    else process.stderr.write('(set PROOFGRID_DEBUG=1 for the stack trace; please report this)\n');
    return EXIT.internal;
  }
}
