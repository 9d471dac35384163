/**
 * `proofgrid catalogue export` and `proofgrid catalogue stats`: reading a catalogue store back out, as
 * puzzle files (the families' formats, or JSON with each puzzle's provenance) and as statistics (text,
 * JSON, or an HTML report with SVG plots). Both open the store read-only.
 */
import { existsSync, readdirSync } from 'node:fs';
import { Command, Option } from 'commander';
import { isLevel, LEVELS } from '../core/family.ts';
import { catalogueRows, cellsText, openCatalogueForReading, recordsJson, type CatalogueFilter } from '../catalogue/export.ts';
import { assertSound, readingStore } from '../catalogue/damage.ts';
import { reportData, reportHtml } from '../catalogue/report.ts';
import { catalogueStats, statsText } from '../catalogue/stats.ts';
import { StoreError, type Store } from '../catalogue/store.ts';
import { EXIT, UserError } from './exit.ts';
import { emit, note, printJson, writeDirectoryAtomic, writeFileAtomic } from './io.ts';
import { allFormats, familyByName, namedFamily } from './families.ts';
import { familyOption, parseSize } from './options.ts';

interface FilterFlags {
  family?: string;
  size?: string;
  level?: string;
  asked?: string;
  seed?: string;
}

interface ExportFlags extends FilterFlags {
  format: string;
  out?: string;
  quiet?: boolean;
}

interface StatsFlags extends FilterFlags {
  json?: boolean;
  html?: string;
}

/** Opens a catalogue read-only; its refusals become user errors (exit 2). */
export function openCatalogue(path: string): Store {
  try {
    return openCatalogueForReading(path);
  } catch (e) {
    if (e instanceof StoreError) throw new UserError(e.message);
    throw e;
  }
}

/**
 * Reads a catalogue with `f`, refusing a damaged one (exit 2, before anything is written): a file
 * SQLite's quick_check finds damaged or cannot read, or rows in the filter whose columns are not of
 * their types (`damage.ts`), named with a pointer to "proofgrid verify".
 */
function readCatalogue<T>(path: string, filter: CatalogueFilter, f: (store: Store) => T): T {
  const store = openCatalogue(path);
  try {
    assertSound(store, path, filter, ` (see "proofgrid verify ${path}")`);
    return readingStore(store, () => f(store));
  } catch (e) {
    if (e instanceof StoreError) throw new UserError(e.message);
    throw e;
  } finally {
    store.close();
  }
}

function filterOf(flags: FilterFlags): CatalogueFilter {
  const filter: CatalogueFilter = {};
  if (flags.family !== undefined) filter.family = flags.family;
  if (flags.size !== undefined) {
    const size = parseSize(flags.size, '--size');
    filter.width = size.width;
    filter.height = size.height;
  }
  if (flags.level !== undefined) {
    if (!isLevel(flags.level)) throw new UserError(`--level: unknown level "${flags.level}" (expected ${LEVELS.join(', ')})`);
    filter.level = flags.level;
  }
  if (flags.asked !== undefined) {
    if (!isLevel(flags.asked)) throw new UserError(`--asked: unknown level "${flags.asked}" (expected ${LEVELS.join(', ')})`);
    filter.asked = flags.asked;
  }
  if (flags.seed !== undefined) filter.seed = flags.seed;
  return filter;
}

function filterText(flags: FilterFlags): string {
  const parts = [
    flags.family !== undefined ? `--family ${flags.family}` : '',
    flags.size !== undefined ? `--size ${flags.size}` : '',
    flags.level !== undefined ? `--level ${flags.level}` : '',
    flags.asked !== undefined ? `--asked ${flags.asked}` : '',
    flags.seed !== undefined ? `--seed ${flags.seed}` : '',
  ].filter((p) => p !== '');
  return parts.join(' ');
}

/** The refusal for a filter that selects nothing: exit 1, naming what the store holds. */
function nothingMatches(path: string, store: Store, flags: FilterFlags, what: string): UserError {
  const f = filterText(flags);
  if (f === '') return new UserError(`${path} holds no ${what}s`, EXIT.failed);
  return new UserError(`no ${what} in ${path} matches ${f} (it holds: ${cellsText(store)})`, EXIT.failed);
}

function filterOptions(cmd: Command): Command {
  return cmd
    .addOption(familyOption('only this family'))
    .option('--size <WxH>', 'only this size, WxH or N for NxN')
    .addOption(new Option('--level <level>', 'only puzzles measured at this level (stats: cells holding one)').choices([...LEVELS]))
    .addOption(new Option('--asked <level>', 'only cells that asked for this level').choices([...LEVELS]))
    .option('--seed <seed>', 'only cells built with this base seed');
}

/**
 * Writes one file per puzzle into a new directory, atomically: the files go to a temporary directory
 * beside it, which is renamed to `dir` at the end (nothing is left half-written on an error).
 */
function writeDirectory(dir: string, files: { name: string; text: string }[]): void {
  if (existsSync(dir)) {
    let empty = false;
    try {
      empty = readdirSync(dir).length === 0;
    } catch {
      empty = false;
    }
    if (!empty)
      throw new UserError(
        `--out ${dir}: already exists; a format that holds one puzzle per file writes a new directory (or an empty one): remove it or choose another name`,
      );
  }
  writeDirectoryAtomic(dir, files);
}

function runExport(path: string, flags: ExportFlags): number {
  const filter = filterOf(flags);
  const rows = readCatalogue(path, filter, (store) => {
    const all = catalogueRows(store, filter);
    if (all.length === 0) throw nothingMatches(path, store, flags, 'catalogue puzzle');
    return all;
  });
  const toStdout = flags.out === undefined || flags.out === '-';
  const done = (n: number, where: string): void => {
    if (!flags.quiet && !toStdout) note(`proofgrid: ${n} puzzle${n === 1 ? '' : 's'} written to ${where}`);
  };
  if (flags.format === 'json') {
    emit(recordsJson(rows), flags.out);
    done(rows.length, flags.out as string);
    return EXIT.ok;
  }
  const families = [...new Set(rows.map((r) => r.family))];
  if (families.length > 1 && flags.format !== 'id') {
    const having = families.filter((f) => familyByName(f)?.formats.names.includes(flags.format) === true);
    throw new UserError(
      `--format ${flags.format}: the selected puzzles are of ${families.length} families (${families.join(', ')})` +
        (having.length > 0 ? `; ${flags.format} is a ${having.join('/')} format: add --family ${having[0]}` : '; choose one with --family') +
        ', or write id or json, which hold any family',
    );
  }
  for (const f of families) {
    if (familyByName(f) === undefined) throw new UserError(`${path} holds ${f} puzzles, a family this proofgrid does not know`);
    const family = namedFamily(f);
    if (!family.formats.names.includes(flags.format))
      throw new UserError(`--format ${flags.format}: ${f} puzzles are written as ${family.formats.names.join(', ')} or json`);
  }
  // Each family's puzzles, parsed from their stored ids, in catalogue order (rows are ordered by family first).
  const groups = families.map((f) => {
    const family = namedFamily(f);
    const of = rows.filter((r) => r.family === f);
    const puzzles = of.map((r) => {
      const p = family.formats.parseId(r.puzzle_id as string);
      if (!p.ok)
        throw new UserError(`${path}: the stored id of ${r.seeded_id} does not read: ${p.error.message} (check the store with "proofgrid verify ${path}")`);
      return p.value;
    });
    return { family, rows: of, puzzles };
  });
  // A format that holds one puzzle per file: one file per puzzle in a new directory (--out DIR).
  let perFile = false;
  for (const g of groups) {
    for (let i = 0; i < g.puzzles.length; i++) {
      const size = g.family.render.size(g.puzzles[i]);
      const alone = g.family.formats.checkWrite(flags.format, 1, size);
      if (alone) throw new UserError(`${g.rows[i].seeded_id}: ${alone}`);
      if (g.family.formats.checkWrite(flags.format, rows.length, size) !== undefined) perFile = true;
    }
  }
  if (perFile && rows.length > 1) {
    const refused = groups[0].family.formats.checkWrite(flags.format, rows.length, groups[0].family.render.size(groups[0].puzzles[0])) as string;
    if (toStdout) throw new UserError(`${refused}; or give --out DIR to write one file per puzzle into a new directory DIR`);
    const seeds = new Set(rows.map((r) => r.base_seed)).size > 1;
    const width = String(Math.max(...rows.map((r) => r.place))).length;
    // The format's first extension (a format told by its text alone is written as .txt).
    const ext = groups[0].family.formats.rows.find((r) => r.name === flags.format)?.extensions[0] ?? 'txt';
    const files = groups.flatMap((g) =>
      g.rows.map((r, i) => {
        const text = g.family.formats.make([g.puzzles[i]], flags.format);
        if (!text.ok) throw new UserError(`cannot write ${r.seeded_id} as ${flags.format}: ${text.error.message}`);
        const seed = seeds ? `${r.base_seed.replace(/[^A-Za-z0-9._-]+/g, '_')}-` : '';
        return { name: `${r.family}-${seed}${r.params}-${String(r.place).padStart(width, '0')}.${ext}`, text: text.value };
      }),
    );
    const lost = groups.map((g) => g.family.formats.lost(g.puzzles, flags.format)).find((l) => l !== undefined);
    if (lost && !flags.quiet) note(`proofgrid: note: ${lost}`);
    writeDirectory(flags.out as string, files);
    done(rows.length, `${flags.out as string}/ (one file per puzzle)`);
    return EXIT.ok;
  }
  const texts = groups.map((g) => {
    const text = g.family.formats.make(g.puzzles, flags.format);
    if (!text.ok) throw new UserError(`cannot write ${g.puzzles.length} ${g.family.name} puzzles as ${flags.format}: ${text.error.message}`);
    const lost = g.family.formats.lost(g.puzzles, flags.format);
    if (lost && !flags.quiet) note(`proofgrid: note: ${lost}`);
    return text.value;
  });
  emit(texts.join(''), flags.out);
  done(rows.length, flags.out as string);
  return EXIT.ok;
}

function runStats(path: string, flags: StatsFlags): number {
  const filter = filterOf(flags);
  const { stats, html } = readCatalogue(path, filter, (store) => {
    const stats = catalogueStats(store, filter);
    if (stats.cells.length === 0) throw nothingMatches(path, store, flags, 'cell');
    return { stats, html: flags.html !== undefined ? reportHtml(path, stats, reportData(store, filter)) : undefined };
  });
  if (flags.html !== undefined) writeFileAtomic(flags.html, html as string);
  if (flags.json) printJson({ file: path, ...stats });
  else process.stdout.write(statsText(stats, path));
  return EXIT.ok;
}

export function exportCommand(): Command {
  const cmd = new Command('export')
    .description("write a catalogue's puzzles in a family's file format, or as JSON with each puzzle's provenance")
    .argument('<catalogue>', 'the SQLite catalogue file (as "catalogue build --out" made it)')
    .addOption(
      new Option('--format <format>', 'a format of the puzzles\' family (see "proofgrid convert --help"), or json')
        .choices([...allFormats(), 'json'])
        .makeOptionMandatory(),
    );
  filterOptions(cmd);
  return cmd
    .option('--out <file>', 'write to this file (atomically) instead of standard output; a directory for one-puzzle-per-file formats')
    .option('-q, --quiet', 'no note on standard error')
    .addHelpText(
      'after',
      `
The puzzles are the catalogue's (per cell, its first N distinct puzzles), in cell then place order.
json writes one object per puzzle (an array, one object per line): family, params, size, requested
level, rule, generator version, base seed, job index, seed, place, seeded id, descriptive id,
certificate, grade and metrics, generation diagnostics, canonical hash.
Formats that hold many puzzles (nonogram non/xml/taai/tatham/id, numberlink grid/letters/numlin/id,
edgematch id) write one file. Formats that hold one puzzle per file (nonogram nin, edgematch
heule/puz/anjou/tud) write a new directory --out DIR with one file per puzzle, named
FAMILY-PARAMS-PLACE.EXT; to standard output they are refused for more than one puzzle.
Only id and json hold several families at once; otherwise choose one with --family.
--level selects the level each puzzle was measured at (its grade), --asked the level its cell asked
for; generator versions that keep only the level asked for make the two agree, older ones may not.
Files and directories are written atomically (a temporary one, renamed at the end).

Exit codes: 0 written; 1 the filters match no puzzle; 2 bad option, no such file, not a
catalogue, a damaged catalogue (SQLite's quick_check, or rows of the wrong types: see
"proofgrid verify"; nothing is written), a format the family does not have.

Examples:
  proofgrid catalogue export nonograms.db --format non --out nonograms.non
  proofgrid catalogue export nonograms.db --format json --size 8x8 --level medium --out medium8.json
  proofgrid catalogue export flows.db --format grid --level hard > hard.nl
  proofgrid catalogue export em.db --format heule --out em-boards/`,
    )
    .action((path: string, flags: ExportFlags) => {
      process.exitCode = runExport(path, flags);
    });
}

export function statsCommand(): Command {
  const cmd = new Command('stats')
    .description('counts, failure and fallback rates, time and grade distributions of a catalogue; an HTML report with plots')
    .argument('<catalogue>', 'the SQLite catalogue file');
  filterOptions(cmd);
  return cmd
    .option('--json', 'print the statistics as JSON')
    .option('--html <file>', 'also write a self-contained HTML report with SVG plots (no script, no external asset)')
    .addHelpText(
      'after',
      `
Per cell (family, size, requested level, seed): the catalogue's puzzles out of N, jobs stored,
distinct puzzles, duplicates (ok jobs less distinct ones), failures (their reasons and rate), fallbacks
(ok jobs whose generator left its direct path: repaired, eased, nearest level) and their share of
the ok jobs; generation time of every job (median, p90 nearest-rank, max, in ms); the measured
levels and grade scores (min, quartiles, median, max) of the catalogue's puzzles.
The HTML report shows per family grade-score histograms per requested level, generation time per
size (dots on a log scale, failures red, median marked) and measured score by requested level.

Exit codes: 0 done; 1 the filters match no cell; 2 bad option, no such file, not a catalogue,
a damaged catalogue (as for export).

Examples:
  proofgrid catalogue stats nonograms.db
  proofgrid catalogue stats nonograms.db --html report.html
  proofgrid catalogue stats flows.db --size 7 --json`,
    )
    .action((path: string, flags: StatsFlags) => {
      process.exitCode = runStats(path, flags);
    });
}
