/**
 * `proofgrid catalogue`: catalogues of certified puzzles in an SQLite store (src/catalogue). The command
 * group holds `build` (here), `export` and `stats` (catalogue-report.ts); `proofgrid verify catalogue.db`
 * re-checks a store.
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Command, Option } from 'commander';
import { isLevel, LEVELS, type Level } from '../core/family.ts';
import { levelOffered } from '../families/index.ts';
import { runBuild, type CellSummary } from '../catalogue/build.ts';
import { DEFAULT_CATALOGUE_SEED, jobCap, type CellSpec } from '../catalogue/jobs.ts';
import { cellLine, buildProgress } from '../catalogue/progress.ts';
import { shownUrl } from '../catalogue/queue.ts';
import { assertSound, damagedFile, isCorruption } from '../catalogue/damage.ts';
import { cellRow, openStore, StoreError, type Store } from '../catalogue/store.ts';
import { exportCommand, statsCommand } from './catalogue-report.ts';
import { inFlightOption, openCoordinator, queueOption, queueFailure, workerCommand } from './catalogue-queue.ts';
import { EXIT, UserError } from './exit.ts';
import { note } from './io.ts';
import { checkRule, namedFamily } from './families.ts';
import { familyOption, intArg, parseSize, ruleOption } from './options.ts';

interface BuildFlags {
  family: string;
  sizes: string;
  levels: string;
  perCell: number;
  out: string;
  seed: string;
  workers: number;
  budgetMs?: number;
  rule?: string;
  quiet?: boolean;
  queue?: string;
  inFlight?: number;
}

function packageVersion(): string {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

const listOf = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The cells of a build from its flags, every one checked by the family; UserError on the first bad one. */
export function planCells(flags: Pick<BuildFlags, 'family' | 'sizes' | 'levels' | 'rule' | 'seed' | 'budgetMs'>): CellSpec[] {
  const family = namedFamily(flags.family);
  checkRule(family, flags.rule);
  const sizes = listOf(flags.sizes);
  if (sizes.length === 0) throw new UserError('--sizes: expected a list of sizes, e.g. 6x6,8x8');
  const levels = listOf(flags.levels);
  if (levels.length === 0) throw new UserError(`--levels: expected a list of levels from ${LEVELS.join(', ')}`);
  for (const l of levels) if (!isLevel(l)) throw new UserError(`--levels: unknown level "${l}" (expected ${LEVELS.join(', ')})`);
  if (flags.seed === '') throw new UserError('--seed: the seed must not be empty');
  const cells: CellSpec[] = [];
  const seen = new Set<string>();
  for (const size of sizes) {
    const parsedSize = parseSize(size, '--sizes');
    for (const level of levels) {
      const parsed = family.parseParams(`${parsedSize.text}-${level}${flags.rule !== undefined ? `-${flags.rule}` : ''}`);
      if (!parsed.ok) throw new UserError(`--sizes ${size}: ${parsed.error.message}`);
      const params = (family.makeParams as (p: unknown) => string)(parsed.value);
      if (seen.has(params)) continue;
      seen.add(params);
      const rule = (parsed.value as { rule?: unknown }).rule;
      cells.push({
        family: flags.family,
        params,
        width: parsedSize.width,
        height: parsedSize.height,
        level,
        rule: typeof rule === 'string' ? rule : null,
        generatorVersion: family.version,
        baseSeed: flags.seed,
        budgetMs: flags.budgetMs ?? null,
      });
    }
  }
  return cells;
}

/**
 * Resuming: a store row is keyed by its job (family, generator version, params, base seed, index), so
 * the same command, or one that adds sizes or levels or changes N, continues naturally. Refused: a cell
 * whose stored jobs ran under another deadline, since a deadline decides which jobs fail.
 */
function checkResume(store: Store, cells: readonly CellSpec[]): void {
  for (const c of cells) {
    const stored = store.cell({ family: c.family, generator_version: c.generatorVersion, params: c.params, base_seed: c.baseSeed });
    if (stored && stored.budget_ms !== c.budgetMs) {
      const was = (ms: number | null): string => (ms === null ? 'no --budget-ms' : `--budget-ms ${ms}`);
      throw new UserError(
        `${store.path} holds cell ${c.params} (seed "${c.baseSeed}") built with ${was(stored.budget_ms)}, not ${was(c.budgetMs)}: ` +
          'a deadline decides which jobs fail, so the catalogue would change. Re-run with the same --budget-ms, or use another --seed or --out',
      );
    }
  }
}

/**
 * Opens (or creates) the build's store. One being continued is checked first (SQLite's quick_check and
 * its rows' types, as export and stats do): a build must not add to a damaged file (exit 2).
 */
function openForBuild(path: string): Store {
  if (path === '-' || path === '') throw new UserError('--out: expected a database file name, e.g. catalogue.db');
  if (existsSync(path) && statSync(path).isDirectory()) throw new UserError(`--out ${path}: is a directory`);
  const resuming = existsSync(path);
  let store: Store | undefined;
  try {
    store = openStore(path);
    if (resuming) assertSound(store, path, {}, `; a build does not continue a damaged catalogue (see "proofgrid verify ${path}")`);
    return store;
  } catch (e) {
    store?.close();
    if (isCorruption(e)) throw new UserError(damagedFile(path, (e as Error).message).message);
    if (e instanceof StoreError) throw new UserError(e.message);
    throw e;
  }
}

function summaryText(cells: readonly CellSummary[], perCell: number, path: string): string {
  const total = cells.reduce((n, s) => n + Math.min(s.distinct, perCell), 0);
  const short = cells.filter((s) => s.short);
  return (
    cells.map((s) => cellLine(s, perCell)).join('\n') +
    `\n${total} puzzle${total === 1 ? '' : 's'} in ${cells.length} cell${cells.length === 1 ? '' : 's'} in ${path}` +
    (short.length > 0
      ? `; ${short.length} cell${short.length === 1 ? '' : 's'} short of ${perCell} after ${jobCap(perCell)} jobs: ${short.map((s) => s.cell.params).join(', ')}`
      : '') +
    '\n'
  );
}

async function runCatalogueBuild(flags: BuildFlags): Promise<number> {
  const cells = planCells(flags);
  // A cell at a level its family's table does not offer runs, but will mostly fail other-level: said first.
  const family = namedFamily(flags.family);
  const unlikely = cells.filter((c) => !levelOffered(family, c.width, c.height, c.level as Level));
  if (unlikely.length > 0 && !flags.quiet)
    note(
      `proofgrid: note: ${unlikely.map((c) => c.params).join(', ')}: not a level ${family.name} generator version ${family.version} was measured to make at that size ` +
        `(proofgrid generate ${family.name} --levels); most jobs will fail other-level and the cell may end short`,
    );
  // With --queue, Redis is checked (and the store's queue taken) before the store is created or opened.
  const runner = flags.queue === undefined ? undefined : await openCoordinator({ ...flags, queue: flags.queue });
  let store: Store;
  try {
    store = openForBuild(flags.out);
  } catch (e) {
    await runner?.close();
    throw e;
  }
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const bar = buildProgress(flags.quiet ?? false, flags.perCell);
  let buildId: number | null = null;
  try {
    checkResume(store, cells);
    const family = namedFamily(flags.family);
    buildId = store.startBuild(
      {
        family: flags.family,
        base_seed: flags.seed,
        generator_version: family.version,
        per_cell: flags.perCell,
        budget_ms: flags.budgetMs ?? null,
        cells: cells.map((c) => c.params),
        workers: runner?.slots ?? flags.workers,
        options: { ...flags, ...(flags.queue !== undefined ? { queue: shownUrl(flags.queue) } : {}) },
        proofgrid_version: packageVersion(),
      },
      cells.map((c) => cellRow(c, flags.perCell)),
    );
    const result = await runBuild(store, {
      cells,
      perCell: flags.perCell,
      workers: flags.workers,
      runner,
      buildId,
      signal: controller.signal,
      onEvent: (e) => bar.event(e),
    });
    bar.stop();
    if (result.interrupted) {
      store.finishBuild(buildId, 'interrupted');
      process.stderr.write(
        `proofgrid: interrupted; ${result.ran} job${result.ran === 1 ? '' : 's'} of this run stored in ${flags.out}: run the same command again to continue\n`,
      );
      return EXIT.interrupted;
    }
    const short = result.cells.some((s) => s.short);
    store.finishBuild(buildId, short ? 'short' : 'complete');
    process.stdout.write(summaryText(result.cells, flags.perCell, flags.out));
    return short ? EXIT.failed : EXIT.ok;
  } catch (e) {
    bar.stop();
    if (buildId !== null && store.db.open) {
      try {
        store.finishBuild(buildId, 'failed');
      } catch {
        // The store itself failed: nothing more to record.
      }
    }
    // The store found damaged while the build ran (SQLite cannot read a page): bad input, not a bug.
    if (isCorruption(e)) throw new UserError(damagedFile(flags.out, (e as Error).message).message);
    // Another build of the file runs (Store.startBuild), or the store cannot be used.
    if (e instanceof StoreError) throw new UserError(e.message);
    throw queueFailure(e);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await runner?.close();
    store.close();
  }
}

function buildCommand(): Command {
  return new Command('build')
    .description('generate a catalogue: per size and level, N distinct certified puzzles, in parallel, into an SQLite store (resumable)')
    .addOption(familyOption('the puzzle family').makeOptionMandatory())
    .requiredOption('--sizes <list>', 'sizes, comma-separated, WxH or N for NxN (e.g. 6x6,8x8 or 5,6x8)')
    .requiredOption('--levels <list>', `requested levels, comma-separated (${LEVELS.join(', ')})`)
    .addOption(new Option('--per-cell <n>', 'distinct puzzles wanted per size and level').argParser(intArg(1, 1_000_000)).makeOptionMandatory())
    .requiredOption('--out <file>', 'the SQLite catalogue file, created or continued')
    .option('--seed <seed>', `base seed of the jobs (any text); job i of a cell uses seed SEED/params/i`, DEFAULT_CATALOGUE_SEED)
    .addOption(
      new Option('--workers <k>', 'worker threads running the jobs')
        .argParser(intArg(1, 1024))
        .default(availableParallelism(), `the cores available, here ${availableParallelism()}`),
    )
    .addOption(
      new Option('--budget-ms <ms>', 'give up on a job after this many milliseconds (a failed row); makes the catalogue depend on machine speed').argParser(
        intArg(1),
      ),
    )
    .addOption(ruleOption("numberlink rule set the puzzles must be unique under (default: the generator's choice for the size)"))
    .option('-q, --quiet', 'no progress report on standard error')
    .addOption(queueOption())
    .addOption(inFlightOption())
    .addHelpText(
      'after',
      `
Each cell (size × level) runs jobs in seed order: job i generates with seed SEED/params/i (default
seed "${DEFAULT_CATALOGUE_SEED}"; seeded id e.g. nonogram@1:6x6-easy#${DEFAULT_CATALOGUE_SEED}/6x6-easy/0) until the
cell has N distinct puzzles; distinct means a different canonical hash, so turned and mirrored
copies count once (edge-matching pieces are never mirrored). A cell whose jobs fail or repeat
gets more jobs, up to 3N + 10, and is then reported short. Every job is stored, the failures and
duplicates too; the catalogue of a cell is its first N distinct puzzles in job order (the store's
"catalogue" view), so it does not depend on --workers nor on the order jobs finish. The measured
level of each puzzle is stored beside the level asked for.

Resumable: rows are keyed by job, each written in one transaction as it finishes; after an
interruption (Ctrl-C, kill, even kill -9) the same command skips what is stored and ends with the
same catalogue. More sizes, levels or a larger N continue the same store; another --seed makes
other cells in it. A cell built with another --budget-ms is refused. One build at a time per
file: while one runs on this host, another is refused (exit 2, naming its pid); a build killed
even by kill -9 holds nothing.

With --queue redis://HOST:PORT the jobs go through a BullMQ queue on that Redis to "proofgrid
catalogue worker" processes on any machines (see "proofgrid catalogue worker --help"); this process
still schedules them as above and alone writes the store, so the catalogue is the same. Its queue is
named after this host and the store's path and emptied at the start, so a killed build leaves
nothing that a re-run could take in.

Exit codes: 0 every cell full, 1 some cell short, 2 bad option, unusable or damaged store (a store
continued is checked first: SQLite's quick_check and its rows' types) or Redis unreachable,
3 internal error, 130 interrupted (the rows done are kept).

Examples:
  proofgrid catalogue build --family nonogram --sizes 6x6,8x8 --levels easy,medium --per-cell 100 --out nonograms.db
  proofgrid catalogue build --family numberlink --sizes 7,9 --levels easy,hard --rule no-2x2 --per-cell 50 --out flows.db
  proofgrid catalogue build --family edgematch --sizes 5x5 --levels medium --per-cell 20 --out em.db --workers 2 --seed v1`,
    )
    .action(async (flags: BuildFlags) => {
      process.exitCode = await runCatalogueBuild(flags);
    });
}

export function catalogueCommand(): Command {
  const cmd = new Command('catalogue').description(
    'catalogues of certified puzzles in an SQLite store: build, export, stats (and "proofgrid verify catalogue.db")',
  );
  return cmd.addCommand(buildCommand()).addCommand(exportCommand()).addCommand(statsCommand()).addCommand(workerCommand());
}
