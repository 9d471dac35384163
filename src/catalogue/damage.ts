/**
 * Damaged catalogue files: telling them apart from good ones before reading them.
 * - The file: SQLite's own checks (`PRAGMA integrity_check`, or the cheaper `quick_check`, which skips
 *   comparing indexes with their tables); a file SQLite cannot read at all raises SQLITE_CORRUPT or
 *   SQLITE_NOTADB ("database disk image is malformed"), which `isCorruption` (store.ts) tells.
 * - The rows: every column of `jobs` and `cells` of the type the schema (store.ts) gives it, and the
 *   JSON columns JSON. SQLite keeps what it is given where a column's type cannot take it (a text in a
 *   REAL column), and a tampered file can hold anything, so the readers check before they use.
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

/** Columns and their kinds; `?` allows NULL. */
const JOB_COLUMNS: Record<string, `${Kind}${'' | '?'}`> = {
  id: 'int', family: 'text', generator_version: 'int', params: 'text', base_seed: 'text', job_index: 'int', seed: 'text',
  width: 'int', height: 'int', level: 'text', rule: 'text?', status: 'text', puzzle_id: 'text?', seeded_id: 'text',
  canonical_hash: 'text?', cert_kind: 'text?', cert_stop: 'text?', cert_budget_ms: 'int?', cert_nodes: 'int?', cert_ms: 'number?',
  grade_level: 'text?', grade_score: 'number?', grade_metrics: 'json?', diag_path: 'text?', diag_attempts: 'int?', diag_nodes: 'int?',
  diag_ms: 'number?', diag_rejected: 'json?', failure_reason: 'text?', failure_message: 'text?', build_id: 'int?', created_at: 'text',
};

const CELL_COLUMNS: Record<string, `${Kind}${'' | '?'}`> = {
  family: 'text', generator_version: 'int', params: 'text', base_seed: 'text', width: 'int', height: 'int', level: 'text',
  rule: 'text?', per_cell: 'int', budget_ms: 'int?',
};

const typeName = (v: unknown): string => (v === null ? 'NULL' : typeof v === 'string' ? 'text' : typeof v === 'number' ? 'a number' : v instanceof Uint8Array ? 'a blob' : typeof v);

/** What is wrong with a value of a column of this kind, or null. */
function valueProblem(v: unknown, spec: string): string | null {
  const nullable = spec.endsWith('?');
  const kind = (nullable ? spec.slice(0, -1) : spec) as Kind;
  if (v === null || v === undefined) return nullable ? null : 'is NULL';
  switch (kind) {
    case 'text':
      return typeof v === 'string' ? null : `is ${typeName(v)}, not text`;
    case 'int':
      return typeof v === 'number' && Number.isSafeInteger(v) ? null : `is ${typeName(v)}, not an integer`;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : `is ${typeName(v)}, not a number`;
    case 'json':
      if (typeof v !== 'string') return `is ${typeName(v)}, not JSON text`;
      try {
        JSON.parse(v);
        return null;
      } catch {
        return 'is not JSON';
      }
  }
}

function problemsOf(row: Record<string, unknown>, columns: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [c, spec] of Object.entries(columns)) {
    const p = valueProblem(row[c], spec);
    if (p) out.push(`${c} ${p}`);
  }
  return out;
}

/** What is wrong with a `jobs` row (as `SELECT *` reads it), beyond what SQLite checks: [] for nothing. */
export function jobRowProblems(row: Record<string, unknown>): string[] {
  const out = problemsOf(row, JOB_COLUMNS);
  if (row.status !== 'ok' && row.status !== 'failed') out.push(`status is ${typeof row.status === 'string' ? `"${row.status.slice(0, 20)}"` : typeName(row.status)}, not ok or failed`);
  else if (row.status === 'ok') {
    if (row.puzzle_id === null) out.push('puzzle_id is NULL in an ok row');
    if (row.canonical_hash === null) out.push('canonical_hash is NULL in an ok row');
  }
  return out;
}

/** A damaged row: where it is and what is wrong. */
export interface RowProblem {
  table: 'jobs' | 'cells';
  /** The `jobs` row's id (null for a cell). */
  id: number | null;
  /** The row's key as far as it reads: `family params #job_index` (jobs) or `family params` (cells). */
  where: string;
  problems: string[];
}

const keyText = (r: Record<string, unknown>, job: boolean): string =>
  `${String(r.family).slice(0, 40)} ${String(r.params).slice(0, 40)}${r.base_seed !== undefined ? ` (seed "${String(r.base_seed).slice(0, 40)}")` : ''}${job ? ` job ${String(r.job_index).slice(0, 20)}` : ''}`;

/** The damaged rows of `jobs` and `cells` in the filter, in table order. */
export function damagedRows(store: Store, filter: CatalogueFilter = {}): RowProblem[] {
  const { where, params } = filterSql(filter);
  return readingStore(store, () => {
    const out: RowProblem[] = [];
    for (const r of store.db.prepare(`SELECT * FROM cells ${where}`).all(params) as Record<string, unknown>[]) {
      const problems = problemsOf(r, CELL_COLUMNS);
      if (problems.length > 0) out.push({ table: 'cells', id: null, where: keyText(r, false), problems });
    }
    for (const r of store.db.prepare(`SELECT * FROM jobs ${where} ORDER BY id`).all(params) as Record<string, unknown>[]) {
      const problems = jobRowProblems(r);
      if (problems.length > 0) out.push({ table: 'jobs', id: typeof r.id === 'number' ? r.id : null, where: keyText(r, true), problems });
    }
    return out;
  });
}

/** One line per damaged row, at most `max` (and how many more). */
export function damagedRowsText(rows: readonly RowProblem[], max = 5): string {
  const shown = rows.slice(0, max).map((r) => `${r.table} row ${r.where}: ${r.problems.join(', ')}`);
  return shown.join('; ') + (rows.length > max ? `; and ${rows.length - max} more` : '');
}
