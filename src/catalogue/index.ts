/**
 * `proofgrid/catalogue` (Node only): catalogues of certified puzzles in an SQLite file, what
 * `proofgrid catalogue build | export | stats` and `proofgrid verify FILE.db` run on. Opening a store
 * needs the optional dependency better-sqlite3; a build's thread pool runs the compiled worker entry
 * beside this module; the Redis queue needs the optional bullmq and ioredis.
 *
 * @packageDocumentation
 */
export {
  openStore,
  Store,
  StoreError,
  SCHEMA_VERSION,
  type OpenOptions,
  type JobRow,
  type CatalogueRow,
  type CellRow,
  type CellKey,
  type BuildRecord,
  type StoredJob,
} from './store.ts';
export { jobOf, jobSeed, jobCap, DEFAULT_CATALOGUE_SEED, type CellSpec, type Job } from './jobs.ts';
export { runBuild, type BuildOptions, type BuildEvent, type BuildResult, type CellSummary, type JobRunner, type Totals } from './build.ts';
export { openCatalogueForReading, catalogueRows, puzzleRecord, recordsJson, isSqliteFile, type CatalogueFilter, type PuzzleRecord } from './export.ts';
export { catalogueStats, statsText, type CatalogueStats, type CellStats } from './stats.ts';
export { reportData, reportHtml, type ReportData } from './report.ts';
export { checkCatalogue, checkPuzzle, CHECKS, SAT_MAX_CELLS, type CheckName, type CheckOptions, type CheckReport, type CheckFailure } from './check.ts';
export { canonicalHash, canonicalText } from './canonical.ts';
export { openQueueRunner, serveQueue, QueueError, type QueueRunner, type ServeOptions, type ServeResult } from './queue.ts';
