/**
 * Damaged catalogue files: telling them apart from good ones before reading them.
 * - The file: SQLite's own checks (`PRAGMA integrity_check`, or the cheaper `quick_check`, which skips
 *   comparing indexes with their tables); a file SQLite cannot read at all raises SQLITE_CORRUPT or
 *   SQLITE_NOTADB ("database disk image is malformed"), which `isCorruption` (store.ts) tells.
 * - The rows: every column of `jobs` and `cells` of the type the schema (store.ts) gives it, and the
 *   JSON columns JSON, checked in SQL (typeof, json_valid). SQLite keeps what it is given where a
 *   column's type cannot take it (a text in a REAL column), and a tampered file can hold anything, so
 *   the readers check before they use.
 * Node only; nothing here writes.
 */
import { filterSql, type CatalogueFilter } from './export.ts';
import { damagedFile, isCorruption, StoreError, type Store } from './store.ts';

export { damagedFile, isCorruption };

/** Runs `f`, turning SQLite's finding of a damaged file into a StoreError naming it. */
export function readingStore<T>(store: Store, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isCorruption(e)) throw damagedFile(store.path, (e as Error).message);
    throw e;
  }
}

/** At most this many of SQLite's integrity messages are kept. */
const MAX_MESSAGES = 20;

/**
 * SQLite's own check of the file: its problems ([] for none), at most MAX_MESSAGES. `full` runs
 * integrity_check (indexes against their tables too), otherwise quick_check. A file too damaged to be
 * checked is a StoreError.
 */
export function integrityProblems(store: Store, full: boolean): string[] {
  const rows = readingStore(store, () => store.db.pragma(`${full ? 'integrity_check' : 'quick_check'}(${MAX_MESSAGES})`) as Record<string, string>[]);
  const lines = rows.flatMap((r) => String(Object.values(r)[0]).split('\n'));
  if (lines.length === 1 && lines[0] === 'ok') return [];
  return lines.filter((l) => l !== '' && !l.startsWith('*** in database'));
}

type Kind = 'text' | 'int' | 'number' | 'json';
type Spec = `${Kind}${'' | '?'}`;

/** Columns and their kinds; `?` allows NULL. */
const JOB_COLUMNS: Record<string, Spec> = {
  id: 'int',
  family: 'text',
  generator_version: 'int',
  params: 'text',
  base_seed: 'text',
  job_index: 'int',
  seed: 'text',
  width: 'int',
  height: 'int',
  level: 'text',
  rule: 'text?',
  status: 'text',
  puzzle_id: 'text?',
  seeded_id: 'text',
  canonical_hash: 'text?',
  cert_kind: 'text?',
  cert_stop: 'text?',
  cert_budget_ms: 'int?',
  cert_nodes: 'int?',
  cert_ms: 'number?',
  grade_level: 'text?',
  grade_score: 'number?',
  grade_metrics: 'json?',
  diag_path: 'text?',
  diag_attempts: 'int?',
  diag_nodes: 'int?',
  diag_ms: 'number?',
  diag_rejected: 'json?',
  failure_reason: 'text?',
  failure_message: 'text?',
  build_id: 'int?',
  created_at: 'text',
};

const CELL_COLUMNS: Record<string, Spec> = {
  family: 'text',
  generator_version: 'int',
  params: 'text',
  base_seed: 'text',
  width: 'int',
  height: 'int',
  level: 'text',
  rule: 'text?',
  per_cell: 'int',
  budget_ms: 'int?',
};

/**
 * SQL naming what is wrong with column `c` of a kind (NULL for nothing), e.g. "grade_score is text, not
 * a number". In SQL, so that a large catalogue is checked at SQLite's speed (50,000 rows in well under
 * a second) and only damaged rows come back. Integers must be safe in JavaScript, numbers finite.
 */
function problemSql(c: string, spec: Spec): string {
  const nullable = spec.endsWith('?');
  const kind = (nullable ? spec.slice(0, -1) : spec) as Kind;
  const is = `'${c} is ' || typeof(${c})`;
  const when = {
    text: `WHEN typeof(${c}) <> 'text' THEN ${is} || ', not text'`,
    int: `WHEN typeof(${c}) <> 'integer' THEN ${is} || ', not an integer' WHEN ${c} NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN '${c} is too large an integer'`,
    number: `WHEN typeof(${c}) NOT IN ('integer', 'real') THEN ${is} || ', not a number' WHEN ${c} NOT BETWEEN -1.7976931348623157e308 AND 1.7976931348623157e308 THEN '${c} is not a finite number'`,
    json: `WHEN typeof(${c}) <> 'text' THEN ${is} || ', not JSON text' WHEN NOT json_valid(${c}) THEN '${c} is not JSON'`,
  }[kind];
  return `CASE WHEN ${c} IS NULL THEN ${nullable ? 'NULL' : `'${c} is NULL'`} ${when} END`;
}

/** The SQL of a row's problems, joined with the unit separator U+001F ('' for none). */
const problemsSql = (columns: Record<string, Spec>, extra: readonly string[] = []): string =>
  `concat_ws(char(31), ${[...Object.entries(columns).map(([c, spec]) => problemSql(c, spec)), ...extra].join(', ')})`;

/** Beyond the column types: the status, and what an ok row must hold (the schema's CHECK, which a read-only check skips). */
const JOB_EXTRA = [
  `CASE WHEN typeof(status) = 'text' AND status NOT IN ('ok', 'failed') THEN 'status is "' || substr(status, 1, 20) || '", not ok or failed' END`,
  `CASE WHEN status = 'ok' AND puzzle_id IS NULL THEN 'puzzle_id is NULL in an ok row' END`,
  `CASE WHEN status = 'ok' AND canonical_hash IS NULL THEN 'canonical_hash is NULL in an ok row' END`,
];

/** A damaged row: where it is and what is wrong. */
export interface RowProblem {
  table: 'jobs' | 'cells';
  /** The `jobs` row's id (null for a cell). */
  id: number | null;
  /** The row's key as far as it reads: `family params (seed "s") job i` (jobs), without the job (cells). */
  where: string;
  problems: string[];
}

/** A row's key for a message, each part cut short: `family params (seed "s") job i`. */
const part = (c: string, n: number): string => `ifnull(substr(CAST(${c} AS TEXT), 1, ${n}), 'NULL')`;
const keySql = (job: boolean): string =>
  `${part('family', 40)} || ' ' || ${part('params', 40)} || ' (seed "' || ${part('base_seed', 40)} || '")'${job ? ` || ' job ' || ${part('job_index', 20)}` : ''}`;

/** The damaged rows of `cells` then `jobs` in the filter, in table order. */
export function damagedRows(store: Store, filter: CatalogueFilter = {}): RowProblem[] {
  // The measured level is a job's, not a cell's: the rows checked are those of the other filters.
  const { where, params } = filterSql({ ...filter, level: undefined });
  const bad = (table: 'cells' | 'jobs', columns: Record<string, Spec>, extra: readonly string[]): RowProblem[] => {
    const rows = store.db
      .prepare(
        `SELECT * FROM (SELECT ${table === 'jobs' ? 'id' : 'NULL'} AS row_id, ${keySql(table === 'jobs')} AS row_key, ${problemsSql(columns, extra)} AS problems FROM ${table} ${where} ORDER BY rowid) WHERE problems <> ''`,
      )
      .all(params) as { row_id: unknown; row_key: string | null; problems: string }[];
    return rows.map((r) => ({ table, id: typeof r.row_id === 'number' ? r.row_id : null, where: String(r.row_key), problems: r.problems.split('\u001f') }));
  };
  return readingStore(store, () => [...bad('cells', CELL_COLUMNS, []), ...bad('jobs', JOB_COLUMNS, JOB_EXTRA)]);
}

/** One line per damaged row, at most `max` (and how many more). */
export function damagedRowsText(rows: readonly RowProblem[], max = 5): string {
  const shown = rows.slice(0, max).map((r) => `${r.table} row ${r.where}: ${r.problems.join(', ')}`);
  return shown.join('; ') + (rows.length > max ? `; and ${rows.length - max} more` : '');
}

/**
 * Refuses a damaged catalogue before it is read on or written to: SQLite's quick_check fails, or rows
 * (in `filter`) hold values not of their column's type. `what` ends the rows' message (why it stops).
 */
export function assertSound(store: Store, path: string, filter: CatalogueFilter, what: string): void {
  const problems = integrityProblems(store, false);
  if (problems.length > 0) throw damagedFile(path, problems.slice(0, 3).join('; '));
  const rows = damagedRows(store, filter);
  if (rows.length > 0) throw new StoreError(`${path}: ${rows.length} damaged row${rows.length === 1 ? '' : 's'}: ${damagedRowsText(rows, 3)}${what}`);
}
