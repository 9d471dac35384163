/** The `proofgrid` command: its subcommands, and the mapping of every error to an exit code. */
import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { FAMILIES } from '../families/index.ts';
import { catalogueCommand } from './catalogue.ts';
import { convertCommand } from './convert.ts';
import { countCommand } from './count.ts';
import { demoCommand } from './demo.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { generateCommand } from './generate.ts';
import { gradeCommand } from './grade.ts';
import { hintCommand } from './hint.ts';
import { versionsText } from './families.ts';
import { loadPlugins, takePlugins } from './plugins.ts';
import { renderCommand } from './render-command.ts';
import { solveCommand } from './solve.ts';
import { verifyCommand } from './verify.ts';

function packageVersion(): string {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function buildProgram(): Command {
  const program = new Command('proofgrid')
    .description(
      'Logic puzzles that are proven good: solve, count, grade, hint, generate, convert, verify, render and catalogue Nonograms, Numberlink and edge-matching puzzles.',
    )
    .version(`proofgrid ${packageVersion()} (generator versions: ${versionsText()})`, '-V, --version', 'print the version and exit')
    .option(
      '--plugin <module>',
      'load a puzzle family from an ES module whose default export is the family (repeatable, anywhere on the line; also PROOFGRID_PLUGINS)',
    )
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command]', 'show help for a command')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ outputError: (s, write) => write(`proofgrid: ${s.replace(/^error: /, '')}`) })
    .addHelpText(
      'after',
      `
Puzzles are read from a file, from standard input ("-" or no file), or given with --id as a
descriptive id (nonogram:WxH:desc, numberlink:WxH-rule:body, edgematch:WxH:colours) or a seeded id
(nonogram@${FAMILIES.nonogram.version}:15x15-hard#seed, numberlink@${FAMILIES.numberlink.version}:10x10-medium#seed, edgematch@${FAMILIES.edgematch.version}:6x6-medium#seed).
The family and format of a file are detected, or named with --family and --from.
File formats: nonogram non, xml, nin, taai, tatham, g, cnon, cjson, csv, id (colour: xml, non, g, cnon, cjson,
csv, id); numberlink grid, letters, numlin, id;
edgematch heule, puz, anjou, tud, id.
Numberlink rule sets: strict (default), no-2x2, no-touch (--rule, for formats without one).

${EXIT_HELP}

Examples:
  proofgrid generate --size 15 --difficulty hard --seed abc --format non --out p.non
  proofgrid count p.non --show
  proofgrid hint p.non --marks progress.txt
  proofgrid generate numberlink --size 10x15 --level hard -n 3 --seed s --format grid --out f.nl
  proofgrid count f.nl --show
  proofgrid render f.nl
  proofgrid generate --family edgematch --size 6x6 --level hard --seed s --format heule --out e.txt
  proofgrid solve e.txt --format picture
  proofgrid catalogue build --family nonogram --sizes 6x6,8x8 --levels easy,medium --per-cell 100 --out nonograms.db`,
    );
  for (const cmd of [
    solveCommand(),
    countCommand(),
    generateCommand(),
    gradeCommand(),
    hintCommand(),
    convertCommand(),
    verifyCommand(),
    renderCommand(),
    catalogueCommand(),
    demoCommand(),
  ]) {
    // Settings a subcommand built on its own does not inherit: copy them from the program (and on to
    // the subcommands of a command group such as `catalogue`).
    cmd.copyInheritedSettings(program);
    for (const sub of cmd.commands) sub.copyInheritedSettings(cmd);
    program.addCommand(cmd);
  }
  return program;
}

/**
 * Runs the command line and returns the exit code. User errors print one clear message (no stack
 * trace) and give 2; unexpected exceptions give 3 with the stack only when PROOFGRID_DEBUG is set.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  try {
    process.exitCode = undefined;
    // Plug-in families first: the commands' choices and help texts are built from the registry.
    const { argv: rest, modules } = takePlugins(argv);
    await loadPlugins(modules);
    const program = buildProgram();
    await program.parseAsync(rest, { from: 'node' });
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
