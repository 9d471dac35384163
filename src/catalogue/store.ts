/**
 * The catalogue store: an embedded SQLite database (better-sqlite3), one row per generation job.
 * Node only. Only the main thread of a build writes to it.
 *
 * Schema (version SCHEMA_VERSION, kept in `PRAGMA user_version`; MIGRATIONS below, in order, each in
 * its own transaction with the version bump, so a crash leaves the database at one version or the next):
 * - `builds`: one row per `catalogue build` run: its parameters, when it started and how it ended.
 * - `cells`: one row per (family, generator version, params, base seed): what a catalogue cell is
 *   (size, requested level, rule set), its per-cell target N and the deadline its jobs ran with.
 * - `jobs`: one row per finished job, keyed by (family, generator version, params, base seed, job
 *   index); the job's seed derives from those (`jobSeed` in jobs.ts). Failed jobs are rows too
 *   (status `failed`, with the reason), so a resumed build does not run them again.
 * - views `distinct_puzzles` (the ok rows that are the first of their canonical hash in their cell, in
 *   job order, numbered 1, 2, ... by `place`) and `catalogue` (those with `place` up to the cell's N).
 *
 * Durability: WAL journal with `synchronous = FULL`. Each finished job is one INSERT, its own
 * transaction; a commit returns only once its WAL frames are written and synced. A `kill -9` (or a
 * crash anywhere) therefore loses no committed row and never leaves part of one: an unfinished
 * transaction's frames have no commit record and are ignored when the database is next opened.
 * (NORMAL would already be safe against a killed process, since the WAL is in the OS's hands once
 * written; FULL also survives a power cut. A job takes tens of milliseconds or more, so one fsync per
 * row costs little.)
 */
import type Database from 'better-sqlite3';
import { LEVELS } from '../core/family.ts';
import type { CellSpec } from './jobs.ts';
import { holderRuns, thisHolder } from './lock.ts';
import { sqliteDatabase } from '../packages.ts';

export type DB = Database.Database;

/** A level's rank in SQL (easy first), so that cells sort as people read them. */
export const LEVEL_RANK_SQL = `CASE level ${LEVELS.map((l, i) => `WHEN '${l}' THEN ${i}`).join(' ')} ELSE ${LEVELS.length} END`;
/** Cells in the order people read them: by family, seed, version, size, then level easy to expert. */
export const CELL_ORDER = `family, base_seed, generator_version, width, height, ${LEVEL_RANK_SQL}, params`;

/** Raised for a database this build cannot use (newer schema, not a catalogue, unreadable). */
export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Whether an error is SQLite finding the file damaged (not a bug, not a busy database). */
export function isCorruption(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** The refusal of a file SQLite cannot read. */
export function damagedFile(path: string, reason: string): StoreError {
  return new StoreError(`${path}: the catalogue file is damaged (${reason}): restore it from a copy, or build it again`);
}

/** Migration k (0-based) takes a database from user_version k to k + 1. Never edit a released one. */
export const MIGRATIONS: readonly ((db: DB) => void)[] = [
  // 1: the tables.
  (db) => {
    db.exec(`
      CREATE TABLE builds (
        id INTEGER PRIMARY KEY,
        family TEXT NOT NULL,
        base_seed TEXT NOT NULL,
        generator_version INTEGER NOT NULL,
        per_cell INTEGER NOT NULL,
        budget_ms INTEGER,
        cells TEXT NOT NULL,
        workers INTEGER NOT NULL,
        options TEXT NOT NULL,
        proofgrid_version TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        outcome TEXT
      );
      CREATE TABLE cells (
        family TEXT NOT NULL,
        generator_version INTEGER NOT NULL,
        params TEXT NOT NULL,
        base_seed TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        level TEXT NOT NULL,
        rule TEXT,
        per_cell INTEGER NOT NULL,
        budget_ms INTEGER,
        PRIMARY KEY (family, generator_version, params, base_seed)
      );
      CREATE TABLE jobs (
        id INTEGER PRIMARY KEY,
        family TEXT NOT NULL,
        generator_version INTEGER NOT NULL,
        params TEXT NOT NULL,
        base_seed TEXT NOT NULL,
        job_index INTEGER NOT NULL,
        seed TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        level TEXT NOT NULL,
        rule TEXT,
        status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
        puzzle_id TEXT,
        seeded_id TEXT NOT NULL,
        canonical_hash TEXT,
        cert_kind TEXT,
        cert_stop TEXT,
        cert_budget_ms INTEGER,
        cert_nodes INTEGER,
        cert_ms REAL,
        grade_level TEXT,
        grade_score REAL,
        grade_metrics TEXT,
        diag_path TEXT,
        diag_attempts INTEGER,
        diag_nodes INTEGER,
        diag_ms REAL,
        diag_rejected TEXT,
        failure_reason TEXT,
        failure_message TEXT,
        build_id INTEGER REFERENCES builds(id),
        created_at TEXT NOT NULL,
        UNIQUE (family, generator_version, params, base_seed, job_index),
        CHECK (status = 'failed' OR (puzzle_id IS NOT NULL AND canonical_hash IS NOT NULL))
      );
    `);
  },
  // 2: the de-duplicated catalogue as views, and an index for finding copies of a puzzle.
  (db) => {
    db.exec(`
      CREATE INDEX jobs_by_hash ON jobs (canonical_hash);
      CREATE VIEW distinct_puzzles AS
        SELECT *, ROW_NUMBER() OVER (PARTITION BY family, generator_version, params, base_seed ORDER BY job_index) AS place
        FROM (
          SELECT *, ROW_NUMBER() OVER (PARTITION BY family, generator_version, params, base_seed, canonical_hash ORDER BY job_index) AS copy_no
          FROM jobs WHERE status = 'ok'
        )
        WHERE copy_no = 1;
      CREATE VIEW catalogue AS
        SELECT d.*, c.per_cell AS per_cell
        FROM distinct_puzzles d JOIN cells c USING (family, generator_version, params, base_seed)
        WHERE d.place <= c.per_cell;
    `);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** A job's row, as the `jobs` table has it (column names), less the id and the time stamp. */
export interface JobRow {
  family: string;
  generator_version: number;
  params: string;
  base_seed: string;
  job_index: number;
  seed: string;
  width: number;
  height: number;
  level: string;
  rule: string | null;
  status: 'ok' | 'failed';
  puzzle_id: string | null;
  seeded_id: string;
  canonical_hash: string | null;
  cert_kind: string | null;
  cert_stop: string | null;
  cert_budget_ms: number | null;
  cert_nodes: number | null;
  cert_ms: number | null;
  grade_level: string | null;
  grade_score: number | null;
  /** JSON of the grade's metrics. */
  grade_metrics: string | null;
  diag_path: string | null;
  diag_attempts: number | null;
  diag_nodes: number | null;
  diag_ms: number | null;
  /** JSON of the rejection counts by reason. */
  diag_rejected: string | null;
  failure_reason: string | null;
  failure_message: string | null;
}

const JOB_COLUMNS = [
  'family',
  'generator_version',
  'params',
  'base_seed',
  'job_index',
  'seed',
  'width',
  'height',
  'level',
  'rule',
  'status',
  'puzzle_id',
  'seeded_id',
  'canonical_hash',
  'cert_kind',
  'cert_stop',
  'cert_budget_ms',
  'cert_nodes',
  'cert_ms',
  'grade_level',
  'grade_score',
  'grade_metrics',
  'diag_path',
  'diag_attempts',
  'diag_nodes',
  'diag_ms',
  'diag_rejected',
  'failure_reason',
  'failure_message',
] as const satisfies readonly (keyof JobRow)[];

/** What identifies a catalogue cell. */
export interface CellKey {
  family: string;
  generator_version: number;
  params: string;
  base_seed: string;
}

export interface CellRow extends CellKey {
  width: number;
  height: number;
  level: string;
  rule: string | null;
  per_cell: number;
  budget_ms: number | null;
}

/** The store's row of a planned cell with its target N. */
export function cellRow(c: CellSpec, perCell: number): CellRow {
  return {
    family: c.family,
    generator_version: c.generatorVersion,
    params: c.params,
    base_seed: c.baseSeed,
    width: c.width,
    height: c.height,
    level: c.level,
    rule: c.rule,
    per_cell: perCell,
    budget_ms: c.budgetMs,
  };
}

export interface BuildRecord {
  family: string;
  base_seed: string;
  generator_version: number;
  per_cell: number;
  budget_ms: number | null;
  /** Params texts of the cells. */
  cells: string[];
  workers: number;
  /** The options as given, for the record (stored with `holder`, the process running the build: lock.ts). */
  options: Record<string, unknown>;
  proofgrid_version: string;
}

/** What a build needs to know of a stored job. */
export interface StoredJob {
  job_index: number;
  status: 'ok' | 'failed';
  canonical_hash: string | null;
  diag_ms: number | null;
}

/** A row of the `catalogue` view. */
export interface CatalogueRow extends JobRow {
  id: number;
  created_at: string;
  place: number;
  per_cell: number;
}

const now = (): string => new Date().toISOString();

/**
 * Migrates `db` to SCHEMA_VERSION, or refuses a database this build cannot read. The version and the
 * tables are read in one transaction (a consistent snapshot), and the migrations run under the write
 * lock after reading them again: two builds opening a new file at once see either an empty file or a
 * migrated one, never one's half-made catalogue ("version 0 but other tables").
 */
export function migrate(db: DB, label = 'the database'): void {
  const current = (): number => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new StoreError(`${label} has catalogue schema version ${version}, newer than this proofgrid's ${SCHEMA_VERSION}: open it with a newer proofgrid`);
    }
    if (version === 0) {
      const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").get() as { n: number };
      if (tables.n > 0) throw new StoreError(`${label} is an SQLite database but not a proofgrid catalogue (it has other tables)`);
    }
    return version;
  };
  if (db.transaction(current)() === SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let v = current(); v < SCHEMA_VERSION; v++) {
      MIGRATIONS[v](db);
      db.pragma(`user_version = ${v + 1}`);
    }
  }).immediate();
}

export interface OpenOptions {
  /** Create the file when it does not exist (default true). */
  create?: boolean;
  readonly?: boolean;
}

export class Store {
  readonly db: DB;
  readonly path: string;
  private readonly insertJob: Database.Statement;

  constructor(db: DB, path: string) {
    this.db = db;
    this.path = path;
    this.insertJob = db.prepare(
      `INSERT INTO jobs (${JOB_COLUMNS.join(', ')}, build_id, created_at) VALUES (${JOB_COLUMNS.map((c) => `@${c}`).join(', ')}, @build_id, @created_at)`,
    );
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Stores a finished job: one INSERT, one transaction (see the durability note above). */
  addJob(row: JobRow, buildId: number | null): void {
    this.insertJob.run({ ...row, build_id: buildId, created_at: now() });
  }

  cell(key: CellKey): CellRow | undefined {
    return this.db
      .prepare('SELECT * FROM cells WHERE family = @family AND generator_version = @generator_version AND params = @params AND base_seed = @base_seed')
      .get(key) as CellRow | undefined;
  }

  cells(): CellRow[] {
    return this.db.prepare(`SELECT * FROM cells ORDER BY ${CELL_ORDER}`).all() as CellRow[];
  }

  /**
   * Records a build starting: its cells (created, or their N updated to this build's) and a `builds` row
   * holding this process (lock.ts), in one transaction. Refused (StoreError, nothing written) while
   * another build of this file runs on this host. Returns the build's id.
   */
  startBuild(build: BuildRecord, cells: readonly CellRow[]): number {
    return this.db
      .transaction(() => {
        // The lock: checked and taken in this write transaction, so two starting builds are serialised.
        const unfinished = this.db.prepare('SELECT options, started_at FROM builds WHERE finished_at IS NULL ORDER BY id').all() as {
          options: string | null;
          started_at: string;
        }[];
        for (const b of unfinished) {
          const other = holderRuns(b.options);
          if (other)
            throw new StoreError(`${this.path} is in use by another build (pid ${other.pid}, started ${b.started_at}): wait for it to finish, or stop it`);
        }
        const upsert = this.db.prepare(
          `INSERT INTO cells (family, generator_version, params, base_seed, width, height, level, rule, per_cell, budget_ms)
           VALUES (@family, @generator_version, @params, @base_seed, @width, @height, @level, @rule, @per_cell, @budget_ms)
           ON CONFLICT (family, generator_version, params, base_seed) DO UPDATE SET per_cell = excluded.per_cell`,
        );
        for (const c of cells) upsert.run(c);
        const r = this.db
          .prepare(
            `INSERT INTO builds (family, base_seed, generator_version, per_cell, budget_ms, cells, workers, options, proofgrid_version, started_at)
             VALUES (@family, @base_seed, @generator_version, @per_cell, @budget_ms, @cells, @workers, @options, @proofgrid_version, @started_at)`,
          )
          .run({ ...build, cells: JSON.stringify(build.cells), options: JSON.stringify({ ...build.options, holder: thisHolder() }), started_at: now() });
        return Number(r.lastInsertRowid);
      })
      .immediate();
  }

  finishBuild(id: number, outcome: 'complete' | 'short' | 'interrupted' | 'failed'): void {
    this.db.prepare('UPDATE builds SET finished_at = ?, outcome = ? WHERE id = ?').run(now(), outcome, id);
  }

  /** The stored jobs of a cell, in job order. */
  jobsOfCell(key: CellKey): StoredJob[] {
    return this.db
      .prepare(
        `SELECT job_index, status, canonical_hash, diag_ms FROM jobs
         WHERE family = @family AND generator_version = @generator_version AND params = @params AND base_seed = @base_seed
         ORDER BY job_index`,
      )
      .all(key) as StoredJob[];
  }
}

/**
 * Opens (creating it unless `create` is false) and migrates a catalogue database. WAL journal,
 * synchronous FULL (see above). Throws StoreError for a database it cannot use.
 */
export function openStore(path: string, options: OpenOptions = {}): Store {
  const Sqlite = sqliteDatabase();
  let db: DB;
  try {
    db = new Sqlite(path, { fileMustExist: options.create === false || options.readonly === true, readonly: options.readonly ?? false });
  } catch (e) {
    throw new StoreError(`cannot open ${path}: ${(e as Error).message}`);
  }
  try {
    // First, so that every statement after it (switching to WAL among them) waits for another
    // process's lock instead of failing at once.
    db.pragma('busy_timeout = 5000');
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
    }
    db.pragma('foreign_keys = ON');
    if (options.readonly) {
      const v = db.pragma('user_version', { simple: true }) as number;
      if (v !== SCHEMA_VERSION)
        throw new StoreError(
          `${path} has catalogue schema version ${v}, this proofgrid reads ${SCHEMA_VERSION}${v < SCHEMA_VERSION ? ' (open it once for writing to migrate it)' : ''}`,
        );
    } else migrate(db, path);
  } catch (e) {
    db.close();
    if (e instanceof StoreError) throw e;
    if (isCorruption(e)) throw damagedFile(path, (e as Error).message);
    throw new StoreError(`cannot use ${path}: ${(e as Error).message}`);
  }
  return new Store(db, path);
}
