/**
 * Reading a catalogue back out of its store: opening a file for reading with clear refusals, the
 * catalogue's puzzles under filters (in cell then place order, as `Store.catalogue`), and a puzzle's
 * provenance as one JSON object. Node only; nothing here writes to the store.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { sqliteDatabase } from '../packages.ts';
import { CELL_ORDER, damagedFile, isCorruption, LEVEL_RANK_SQL, openStore, SCHEMA_VERSION, StoreError, type CatalogueRow, type Store } from './store.ts';

/** The 16 bytes every SQLite 3 database file starts with. */
export const SQLITE_HEADER = 'SQLite format 3\0';

/** True when `path` is a readable file that starts with the SQLite header. */
export function isSqliteFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(16);
      const n = readSync(fd, buf, 0, 16, 0);
      return n === 16 && buf.toString('latin1') === SQLITE_HEADER;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/**
 * Opens a catalogue for reading, or throws a StoreError that says what is wrong: no such file, not an
 * SQLite file, an SQLite file that is no proofgrid catalogue, a schema this proofgrid does not read.
 */
export function openCatalogueForReading(path: string): Store {
  if (!existsSync(path)) throw new StoreError(`${path}: no such file`);
  if (statSync(path).isDirectory()) throw new StoreError(`${path}: is a directory, not a catalogue file`);
  if (!isSqliteFile(path)) throw new StoreError(`${path}: not a catalogue (not an SQLite database file)`);
  const Sqlite = sqliteDatabase();
  let version: number;
  let hasJobs: boolean;
  try {
    const db = new Sqlite(path, { readonly: true, fileMustExist: true });
    try {
      version = db.pragma('user_version', { simple: true }) as number;
      hasJobs = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'jobs'").get() !== undefined;
    } finally {
      db.close();
    }
  } catch (e) {
    if (isCorruption(e)) throw damagedFile(path, (e as Error).message);
    throw new StoreError(`cannot read ${path}: ${(e as Error).message}`);
  }
  if (version === 0 || !hasJobs)
    throw new StoreError(`${path}: an SQLite database but not a proofgrid catalogue (no catalogue schema; make one with "proofgrid catalogue build")`);
  if (version > SCHEMA_VERSION)
    throw new StoreError(`${path} has catalogue schema version ${version}, newer than this proofgrid's ${SCHEMA_VERSION}: read it with a newer proofgrid`);
  return openStore(path, { readonly: true });
}

/** What selects catalogue puzzles: each field given narrows the choice. */
export interface CatalogueFilter {
  family?: string;
  width?: number;
  height?: number;
  /** The measured level of the puzzle (its grade, `grade_level`). */
  level?: string;
  /** The level the cell asked for (`level`). */
  asked?: string;
  /** The cell's base seed. */
  seed?: string;
}

/**
 * The SQL condition and parameters of a filter over the `jobs` columns (or a view of them), with
 * `extra` conditions. Over `cells` (`over: 'cells'`), which hold no grade, the measured level selects
 * the cells whose catalogue holds a puzzle measured at it.
 */
export function filterSql(
  filter: CatalogueFilter,
  extra: readonly string[] = [],
  over: 'jobs' | 'cells' = 'jobs',
): { where: string; params: Record<string, string | number> } {
  const parts: string[] = [...extra];
  const params: Record<string, string | number> = {};
  const add = (column: string, value: string | number | undefined): void => {
    if (value === undefined) return;
    parts.push(`${column} = @${column}`);
    params[column] = value;
  };
  add('family', filter.family);
  add('width', filter.width);
  add('height', filter.height);
  add('level', filter.asked);
  add('base_seed', filter.seed);
  if (filter.level !== undefined) {
    parts.push(
      over === 'jobs'
        ? 'grade_level = @grade_level'
        : 'EXISTS (SELECT 1 FROM catalogue k WHERE k.family = cells.family AND k.generator_version = cells.generator_version AND k.params = cells.params AND k.base_seed = cells.base_seed AND k.grade_level = @grade_level)',
    );
    params.grade_level = filter.level;
  }
  return { where: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The order of the catalogue: cell (family, seed, version, size, params) then place. */
export const CATALOGUE_ORDER = `${CELL_ORDER}, place`;

/** The catalogue's puzzles that pass the filter, in cell then place order. */
export function catalogueRows(store: Store, filter: CatalogueFilter = {}): CatalogueRow[] {
  const { where, params } = filterSql(filter);
  return store.db.prepare(`SELECT * FROM catalogue ${where} ORDER BY ${CATALOGUE_ORDER}`).all(params) as CatalogueRow[];
}

/** What the store holds, for a message when a filter matches nothing: `nonogram 5x5 easy, ...`. */
export function cellsText(store: Store): string {
  const cells = store.db
    .prepare(`SELECT DISTINCT family, width, height, level, base_seed FROM cells ORDER BY family, width, height, ${LEVEL_RANK_SQL}, base_seed`)
    .all() as {
    family: string;
    width: number;
    height: number;
    level: string;
    base_seed: string;
  }[];
  if (cells.length === 0) return 'no cells';
  const seeds = new Set(cells.map((c) => c.base_seed));
  return cells.map((c) => `${c.family} ${c.width}x${c.height} ${c.level}${seeds.size > 1 ? ` (seed ${c.base_seed})` : ''}`).join(', ');
}

const parseJson = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/** One catalogue puzzle with its provenance, as `catalogue export --format json` writes it. */
export interface PuzzleRecord {
  family: string;
  params: string;
  width: number;
  height: number;
  /** The level the cell asked for; the measured one is `grade.level`. */
  requestedLevel: string;
  rule: string | null;
  generatorVersion: number;
  baseSeed: string;
  jobIndex: number;
  seed: string;
  /** 1-based position in its cell's catalogue. */
  place: number;
  seededId: string;
  id: string;
  certificate: { kind: string | null; stop: string | null; budgetMs: number | null; nodes: number | null; ms: number | null };
  grade: { level: string | null; score: number | null; metrics: unknown };
  diagnostics: { path: string | null; attempts: number | null; nodes: number | null; ms: number | null; rejected: unknown };
  canonicalHash: string;
  createdAt: string;
}

export function puzzleRecord(r: CatalogueRow): PuzzleRecord {
  return {
    family: r.family,
    params: r.params,
    width: r.width,
    height: r.height,
    requestedLevel: r.level,
    rule: r.rule,
    generatorVersion: r.generator_version,
    baseSeed: r.base_seed,
    jobIndex: r.job_index,
    seed: r.seed,
    place: r.place,
    seededId: r.seeded_id,
    id: r.puzzle_id as string,
    certificate: { kind: r.cert_kind, stop: r.cert_stop, budgetMs: r.cert_budget_ms, nodes: r.cert_nodes, ms: r.cert_ms },
    grade: { level: r.grade_level, score: r.grade_score, metrics: parseJson(r.grade_metrics) },
    diagnostics: { path: r.diag_path, attempts: r.diag_attempts, nodes: r.diag_nodes, ms: r.diag_ms, rejected: parseJson(r.diag_rejected) },
    canonicalHash: r.canonical_hash as string,
    createdAt: r.created_at,
  };
}

/** A JSON array with one puzzle object per line: valid JSON, and still a line per puzzle for grep. */
export function recordsJson(rows: readonly CatalogueRow[]): string {
  if (rows.length === 0) return '[]\n';
  return `[\n${rows.map((r) => JSON.stringify(puzzleRecord(r))).join(',\n')}\n]\n`;
}
