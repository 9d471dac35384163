/**
 * Building a catalogue: jobs run in parallel on a worker-thread pool (piscina), or on the workers of a
 * job queue (queue.ts); the main thread alone writes their rows to the store, one transaction per job.
 *
 * Scheduling, per cell, in job order: job i of a cell is issued while the distinct ok puzzles already
 * known plus the jobs in flight fall short of N; jobs stored by an earlier run are not run again. A cell
 * is done when its jobs 0..p-1 are all stored and hold N distinct ok puzzles (by canonical hash), or when
 * it reached its cap (`jobCap`, 3N + 10 jobs) short of N. Its catalogue is then the first N distinct ok
 * puzzles in job order (the store's `catalogue` view): every job's row depends only on the job, so the
 * catalogue is the same whatever the number of workers, the order they finish in, or how often the build
 * was interrupted and resumed. Jobs issued beyond what turned out to be needed stay stored, unused.
 */
import type { Piscina } from 'piscina';
import { pluginModules } from '../families/index.ts';
import { piscinaPool } from '../packages.ts';
import { jobCap, jobOf, type CellSpec, type Job } from './jobs.ts';
import { median } from './stats.ts';
import type { JobRow, Store, StoredJob } from './store.ts';

const WORKER = new URL('./worker.mjs', import.meta.url).href;

/** A pool of `threads` worker threads, each running `runJob` (worker.ts) on the jobs it is given. */
export function jobPool(threads: number): Piscina<Job, JobRow> {
  const Pool = piscinaPool();
  // Plug-in families go to the threads as module specifiers (instructions, not objects): each loads them.
  return new Pool<Job, JobRow>({ filename: WORKER, minThreads: threads, maxThreads: threads, idleTimeout: 1000, workerData: { plugins: pluginModules() } });
}

/**
 * Where a build's jobs run: by default a local thread pool (`jobPool`); `catalogue build --queue`
 * hands them to a job queue instead (queue.ts). Either way the rows come back to the build, which
 * alone writes them.
 */
export interface JobRunner {
  /** Jobs the build keeps running (or queued) at once. */
  readonly slots: number;
  /** Runs a job: its row, or a rejection for a job that could not run (a bug, a lost queue). */
  run(job: Job): Promise<JobRow>;
}

export interface BuildOptions {
  cells: readonly CellSpec[];
  perCell: number;
  workers: number;
  /**
   * Runs the jobs instead of a local pool of `workers` threads (then `workers` is unused). The caller
   * made it and closes it; the build abandons its jobs in flight when it stops.
   */
  runner?: JobRunner;
  /** The `builds` row id the jobs are recorded under. */
  buildId: number | null;
  /** Stops the build: no new job starts, jobs in flight are abandoned (re-run to redo them). */
  signal?: AbortSignal;
  onEvent?: (e: BuildEvent) => void;
}

/** What a progress display is told. */
export type BuildEvent =
  | { kind: 'start'; target: number; done: number; cells: number }
  | { kind: 'job'; row: JobRow; totals: Totals }
  | { kind: 'cell'; summary: CellSummary; totals: Totals };

export interface Totals {
  /** Catalogue puzzles wanted: cells × N. */
  target: number;
  /** Catalogue puzzles in hand (distinct ok, at most N per cell), plus the shortfall of cells given up. */
  done: number;
  /** Jobs run by this build (stored ones from earlier runs not counted). */
  jobs: number;
  failures: number;
  duplicates: number;
}

export interface CellSummary {
  cell: CellSpec;
  /** Distinct ok puzzles in the cell's job prefix (its catalogue holds min(distinct, N)). */
  distinct: number;
  duplicates: number;
  failures: number;
  /** Jobs in the prefix that decides the catalogue. */
  jobs: number;
  /** Median generation time (diagnostics ms) of those jobs. */
  medianMs: number | null;
  short: boolean;
}

export interface BuildResult {
  cells: CellSummary[];
  interrupted: boolean;
  /** Jobs run (and stored) by this build. */
  ran: number;
}

/** A cell's state: the stored jobs and the prefix of them already decided. */
class CellState {
  readonly cell: CellSpec;
  readonly cap: number;
  readonly perCell: number;
  /** Stored jobs by index (from earlier runs and this one). */
  readonly done = new Map<number, StoredJob>();
  readonly inFlight = new Set<number>();
  /** Jobs 0..prefix-1 are all stored. */
  prefix = 0;
  /** Canonical hashes of the ok jobs in the prefix. */
  readonly hashes = new Set<string>();
  duplicates = 0;
  failures = 0;
  readonly ms: number[] = [];
  /** Ok jobs stored beyond the prefix (each may add a distinct puzzle). */
  okBeyond = 0;
  /** Where to look for the next job to issue. */
  private cursor = 0;
  finished = false;

  constructor(cell: CellSpec, perCell: number, stored: readonly StoredJob[]) {
    this.cell = cell;
    this.perCell = perCell;
    this.cap = jobCap(perCell);
    for (const j of stored) this.store(j);
  }

  store(j: StoredJob): void {
    this.done.set(j.job_index, j);
    if (j.job_index >= this.prefix && j.status === 'ok') this.okBeyond++;
    while (this.done.has(this.prefix)) {
      const d = this.done.get(this.prefix) as StoredJob;
      if (d.status === 'ok') {
        this.okBeyond--;
        if (this.hashes.has(d.canonical_hash as string)) this.duplicates++;
        else this.hashes.add(d.canonical_hash as string);
      } else this.failures++;
      if (d.diag_ms !== null) this.ms.push(d.diag_ms);
      this.prefix++;
    }
  }

  /** The next job to run, or null when none should start now. */
  next(): number | null {
    if (this.finished) return null;
    // With nothing in flight the decision is exact: the prefix reaches the first missing job.
    const enough = this.inFlight.size === 0 ? this.hashes.size >= this.perCell : this.hashes.size + this.okBeyond + this.inFlight.size >= this.perCell;
    if (enough) return null;
    this.cursor = Math.max(this.cursor, this.prefix);
    while (this.done.has(this.cursor) || this.inFlight.has(this.cursor)) this.cursor++;
    return this.cursor < this.cap ? this.cursor : null;
  }

  /** Done: nothing in flight and nothing more to issue. */
  settled(): boolean {
    return this.inFlight.size === 0 && this.next() === null;
  }

  /** Catalogue puzzles in hand for the progress display: distinct ok so far, at most N. */
  inHand(): number {
    return Math.min(this.perCell, this.hashes.size + this.okBeyond);
  }

  summary(): CellSummary {
    const medianMs = median([...this.ms].sort((a, b) => a - b));
    return {
      cell: this.cell,
      distinct: this.hashes.size,
      duplicates: this.duplicates,
      failures: this.failures,
      jobs: this.prefix,
      medianMs,
      short: this.hashes.size < this.perCell,
    };
  }
}

function storedOf(row: JobRow): StoredJob {
  return { job_index: row.job_index, status: row.status, canonical_hash: row.canonical_hash, diag_ms: row.diag_ms };
}

/**
 * Runs a build to its end (every cell done or short) or until `signal` aborts. Rows are written as
 * jobs finish. Throws only on store errors or a pool that cannot start.
 */
export async function runBuild(store: Store, options: BuildOptions): Promise<BuildResult> {
  const { perCell, onEvent } = options;
  const states = options.cells.map(
    (cell) =>
      new CellState(
        cell,
        perCell,
        store.jobsOfCell({ family: cell.family, generator_version: cell.generatorVersion, params: cell.params, base_seed: cell.baseSeed }),
      ),
  );
  const totals: Totals = { target: states.length * perCell, done: 0, jobs: 0, failures: 0, duplicates: 0 };
  // A cell given up short counts as done in full (the shortfall is reported, not waited for).
  const summaries = new Map<CellState, CellSummary>();
  const recount = (): void => {
    totals.done = states.reduce((n, s) => n + (summaries.get(s)?.short ? perCell : s.inHand()), 0);
  };
  recount();
  onEvent?.({ kind: 'start', target: totals.target, done: totals.done, cells: states.length });
  const result = (ran: number): BuildResult => ({
    cells: states.map((s) => summaries.get(s) ?? s.summary()),
    interrupted: options.signal?.aborted ?? false,
    ran,
  });

  const settle = (): void => {
    for (const s of states) {
      if (!s.finished && s.settled()) {
        s.finished = true;
        const summary = s.summary();
        summaries.set(s, summary);
        recount();
        onEvent?.({ kind: 'cell', summary, totals });
      }
    }
  };
  settle();
  if (states.every((s) => s.finished) || options.signal?.aborted) {
    return result(0);
  }

  const pool = options.runner === undefined ? jobPool(Math.max(1, options.workers)) : null;
  const runner: JobRunner = options.runner ?? { slots: Math.max(1, options.workers), run: (job) => pool!.run(job) };
  const workers = Math.max(1, runner.slots);
  let inFlight = 0;
  let stopped = false;
  let failure: unknown = null;

  return await new Promise<BuildResult>((resolve, reject) => {
    const finish = (): void => {
      options.signal?.removeEventListener('abort', onAbort);
      void (pool === null ? Promise.resolve() : pool.destroy()).then(
        () => {
          if (failure !== null) reject(failure);
          else resolve(result(totals.jobs));
        },
        (e: unknown) => reject(e),
      );
    };
    const onAbort = (): void => {
      if (stopped) return;
      stopped = true;
      finish();
    };
    options.signal?.addEventListener('abort', onAbort);

    const pump = (): void => {
      if (stopped) return;
      for (const s of states) {
        while (inFlight < workers) {
          const i = s.next();
          if (i === null) break;
          s.inFlight.add(i);
          inFlight++;
          runner.run(jobOf(s.cell, i)).then(
            (row) => landed(s, i, row),
            (e: unknown) => crashed(e),
          );
        }
        if (inFlight >= workers) break;
      }
      if (inFlight === 0) {
        stopped = true;
        finish();
      }
    };

    const landed = (s: CellState, i: number, row: JobRow): void => {
      if (stopped) return;
      try {
        store.addJob(row, options.buildId);
      } catch (e) {
        crashed(e);
        return;
      }
      s.inFlight.delete(i);
      inFlight--;
      const before = s.duplicates;
      s.store(storedOf(row));
      totals.jobs++;
      if (row.status === 'failed') totals.failures++;
      totals.duplicates += s.duplicates - before;
      recount();
      onEvent?.({ kind: 'job', row, totals });
      settle();
      pump();
    };

    const crashed = (e: unknown): void => {
      if (stopped) return;
      stopped = true;
      failure = e;
      finish();
    };

    pump();
  });
}
