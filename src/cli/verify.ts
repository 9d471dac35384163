/**
 * `proofgrid verify`: checks a solution against a puzzle's rules, with the family's independent
 * verifier; or, given a catalogue file (an SQLite database, told by its header), re-checks every stored
 * puzzle's certificate (src/catalogue/check.ts).
 */
import { availableParallelism } from 'node:os';
import { cliProgress } from '../packages.ts';
import { Command, Option } from 'commander';
import { checkCatalogue, type CheckReport } from '../catalogue/check.ts';
import { isSqliteFile } from '../catalogue/export.ts';
import { StoreError, type Store } from '../catalogue/store.ts';
import { openCatalogue } from './catalogue-report.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { allCliFamilies } from './families.ts';
import { printJson } from './io.ts';
import { addInputOptions, indexOption, intArg, type InputFlags } from './options.ts';
import { runVerifyPuzzles } from './verify-puzzles.ts';

interface VerifyFlags extends InputFlags {
  solution?: string;
  index?: number;
  json?: boolean;
  budgetMs?: number;
  regenerate?: true | number;
  sat: boolean;
  satMaxCells?: number;
  workers?: number;
  quiet?: boolean;
}

/** The default deadline of each search when re-checking a catalogue. */
const CATALOGUE_BUDGET_MS = 10_000;

export function verifyCommand(): Command {
  const cmd = new Command('verify').description(
    "check a solution against a puzzle's rules (an independent verifier; it makes no uniqueness claim), or re-check every puzzle of a catalogue.db",
  );
  addInputOptions(cmd);
  const file = cmd.registeredArguments[0];
  file.description = `${file.description}; or a catalogue file (SQLite, told by its header) to re-check every stored puzzle`;
  cmd
    .option(
      '--solution <file>',
      'the solution, as "solve --format grid" prints it (edgematch: also the board suite\'s .sol lines); for a file of several puzzles, their solutions in order, as solve writes them; "-" reads standard input',
    )
    .addOption(indexOption().default(undefined, 'every puzzle, each against its solution'))
    .option(
      '--json',
      'print the answer as JSON: ok, and the reason when it is not a solution (several puzzles: an array of those; a catalogue: the counts and every failure)',
    )
    .addOption(
      new Option(
        '--budget-ms <ms>',
        `deadline of each search: a catalogue's (the count to 2, the SAT witness) per puzzle; a Numberlink label grid's routing into paths`,
      )
        .argParser(intArg(1))
        .default(CATALOGUE_BUDGET_MS),
    )
    .addOption(
      new Option('--regenerate [n]', 'catalogue: also regenerate each puzzle from its seeded id (or an evenly spread sample of n) and compare').argParser(
        intArg(1),
      ),
    )
    .option('--no-sat', 'catalogue: skip the SAT witness (the second paradigm)')
    .addOption(
      new Option(
        '--sat-max-cells <n>',
        `catalogue: run the SAT witness on puzzles of at most n cells (default ${allCliFamilies()
          .map((f) => `${f.name} ${f.witness.cheapCells}`)
          .join(', ')})`,
      ).argParser(intArg(1)),
    )
    .addOption(
      new Option(
        '--workers <k>',
        `catalogue: worker threads checking puzzles (default: the cores available, here ${availableParallelism()}; this thread alone under 100 puzzles)`,
      ).argParser(intArg(1, 1024)),
    )
    .option('-q, --quiet', 'catalogue: no progress report on standard error')
    .addHelpText(
      'after',
      `
A file of several puzzles is checked against a solution file of as many, in order: solve's output
("puzzle N: ..." lines before each solution, N the puzzle's number), solutions separated by blank
lines, or one a line (nonogram bits). A different number of solutions is refused (exit 2) naming
both counts; otherwise one line per puzzle says whether its solution holds. --index N checks
puzzle N alone against a solution file of one.

A catalogue file (SQLite, as "proofgrid catalogue build" writes it) is recognised by its header.
The file is first checked by SQLite (PRAGMA integrity_check) and every row's columns for their
types (and JSON where JSON): a damaged file or row is reported (DAMAGED) and fails the check.
Every stored ok puzzle is then read back from its descriptive id and checked again: its seeded
id and seed are its job's; its stored certificate says unique; the family's solver counts it to 2
within --budget-ms and finds exactly one solution, which the family's independent verifier
accepts; its canonical hash recomputes; where cheap, the SAT witness (logic-solver, a second
paradigm) finds the same single solution (undecided within the budget is reported, not a
failure; larger puzzles are skipped); with --regenerate, its seeded id generates the same
descriptive id again. Each puzzle that fails is printed with the check and why. --family
narrows the check to one family's puzzles; --workers checks on several threads.

Exit codes: 0 the solution satisfies every rule (several puzzles: every solution does; a catalogue:
every puzzle passed); 1 it does not, the first problem is named (a catalogue: some puzzle failed,
or the file or a row is damaged); 2 bad input (the puzzles or a solution cannot be read, the
numbers of puzzles and solutions differ; a catalogue file SQLite cannot read at all); 40
undecided (routing a Numberlink label grid into paths, a small search, ran out of its budget).
With several puzzles the worst answer wins: 0 < 1 < 40 < 2.

${EXIT_HELP}

Examples:
  proofgrid solve pieces.txt > board.txt && proofgrid verify pieces.txt --solution board.txt
  proofgrid solve set.non > sols.txt && proofgrid verify set.non --solution sols.txt   # every puzzle
  proofgrid verify --id 'edgematch@1:6x6-medium#s' --solution board.txt
  proofgrid verify nonograms.db
  proofgrid verify flows.db --regenerate 50 --json > check.json`,
    )
    .action(async (file: string | undefined, flags: VerifyFlags) => {
      if (file !== undefined && file !== '-' && isSqliteFile(file)) {
        process.exitCode = await runVerifyCatalogue(file, flags);
        return;
      }
      const catalogueOnly = { regenerate: '--regenerate', satMaxCells: '--sat-max-cells', workers: '--workers', quiet: '--quiet' } as const;
      for (const [o, name] of Object.entries(catalogueOnly)) {
        if (flags[o as keyof typeof catalogueOnly] !== undefined) throw new UserError(`${name} applies to catalogue files (SQLite), not to puzzle files`);
      }
      if (flags.solution === undefined) throw new UserError('--solution is required to verify a puzzle (or give a catalogue file to re-check it)');
      process.exitCode = await runVerifyPuzzles(file, { ...flags, solution: flags.solution });
    });
  return cmd;
}

/** Progress of a catalogue check on standard error: a bar on a terminal, a line every 5 s in a log. */
function checkProgress(quiet: boolean): { update(done: number, total: number, failed: number): void; stop(): void } {
  if (quiet) return { update: () => {}, stop: () => {} };
  if (process.stderr.isTTY) {
    const { SingleBar, Presets } = cliProgress();
    const bar = new SingleBar(
      {
        format: 'verify [{bar}] {value}/{total} puzzles | {duration_formatted} | ETA {eta_formatted} | {failed} failed',
        hideCursor: true,
        clearOnComplete: false,
        fps: 5,
      },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total, failed) {
        if (!started) {
          bar.start(total, 0, { failed: 0 });
          started = true;
        }
        bar.update(done, { failed });
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
  let last = Date.now();
  return {
    update(done, total, failed) {
      if (Date.now() - last < 5000 && done < total) return;
      last = Date.now();
      process.stderr.write(`verify: ${done}/${total} puzzles, ${failed} failed\n`);
    },
    stop: () => {},
  };
}

function reportText(path: string, r: CheckReport): string {
  if (r.integrity.length > 0) {
    const lines = r.integrity.map((m) => `DAMAGED file: ${m}`);
    lines.push(`${path}: the file is damaged (SQLite's integrity check, above); no puzzle was checked: restore it from a copy, or build it again`);
    return `${lines.join('\n')}\n`;
  }
  const lines = r.damaged.map((d) => `DAMAGED ${d.table} row ${d.where}: ${d.problems.join(', ')}`);
  lines.push(...r.failures.map((f) => `FAIL ${f.family} ${f.params} job ${f.jobIndex} (${f.seededId}): ${f.check}: ${f.reason}`));
  const sat = r.sat.off
    ? 'SAT witness off'
    : `SAT witness ${r.sat.checked}${r.sat.undecided > 0 ? `, ${r.sat.undecided} undecided in the budget` : ''}${r.sat.tooLarge > 0 ? `, ${r.sat.tooLarge} too large (skipped)` : ''}`;
  lines.push(
    `${path}: ${r.puzzles} stored puzzle${r.puzzles === 1 ? '' : 's'} checked: ${r.passed} passed, ${r.failed} failed ` +
      `(count to 2 and verifier ${r.ran.verify}, canonical hash ${r.ran.hash}, ${sat}, regenerated ${r.ran.regenerate})` +
      (r.damaged.length > 0 ? `; ${r.damaged.length} damaged row${r.damaged.length === 1 ? '' : 's'} (not checked)` : ''),
  );
  return `${lines.join('\n')}\n`;
}

async function runVerifyCatalogue(path: string, flags: VerifyFlags): Promise<number> {
  const puzzleOnly: [string, boolean][] = [
    ['--solution', flags.solution !== undefined],
    ['--id', flags.id !== undefined],
    ['--from', flags.from !== undefined],
    ['--index', flags.index !== undefined],
    ['--rule', flags.rule !== undefined],
  ];
  const given = puzzleOnly.filter(([, on]) => on).map(([o]) => o);
  if (given.length > 0) throw new UserError(`${path} is a catalogue: ${given.join(', ')} appl${given.length === 1 ? 'ies' : 'y'} to puzzle files`);
  const store = openCatalogue(path);
  const bar = checkProgress(flags.quiet === true || flags.json === true);
  try {
    return await verifyStore(store, path, flags, bar);
  } catch (e) {
    // A file SQLite cannot read (truncated, overwritten): bad input, with what SQLite said.
    if (e instanceof StoreError) throw new UserError(e.message);
    throw e;
  } finally {
    bar.stop();
    store.close();
  }
}

async function verifyStore(store: Store, path: string, flags: VerifyFlags, bar: ReturnType<typeof checkProgress>): Promise<number> {
  const budgetMs = flags.budgetMs ?? CATALOGUE_BUDGET_MS;
  const report = await checkCatalogue(store, {
    budgetMs,
    sat: flags.sat,
    satMaxCells: flags.satMaxCells,
    workers: flags.workers ?? availableParallelism(),
    regenerate: flags.regenerate === undefined ? 0 : flags.regenerate === true ? 'all' : flags.regenerate,
    filter: flags.family !== undefined ? { family: flags.family } : {},
    onProgress: (done, total, failed) => bar.update(done, total, failed),
  });
  bar.stop();
  const damaged = report.integrity.length > 0 || report.damaged.length > 0;
  if (report.puzzles === 0 && !damaged)
    throw new UserError(`${path} holds no stored puzzle${flags.family !== undefined ? ` of the ${flags.family} family` : ''} to check`, EXIT.failed);
  if (flags.json) printJson({ file: path, budgetMs, ...report });
  else process.stdout.write(reportText(path, report));
  return report.failed > 0 || damaged ? EXIT.failed : EXIT.ok;
}
