/**
 * Catalogue build throughput: certified catalogue puzzles per second with 1 and 2 workers, per family
 * and size at one level (medium), through the real build path (src/catalogue/build.ts: per-cell
 * scheduling, worker-thread pool, one durable SQLite INSERT per job). Each (family, size) is built
 * twice from scratch with the same seed, once per worker count, into a fresh store; the two
 * catalogues are checked equal. The pool is started and warmed up (tsx and the JIT in each thread, a
 * second of jobs of another seed) before the clock starts, so the figures are steady-state
 * throughput; pool start-up and warm-up are reported on their own.
 *   npx tsx bench/catalogue.ts                       the full part (about 5 minutes here; run on a quiet machine)
 *   npx tsx bench/catalogue.ts --quick               a smoke run: few jobs per cell, written to a temp file
 *   npx tsx bench/catalogue.ts --families nonogram --scale 0.5 --workers 1,2,4
 *   npx tsx bench/catalogue.ts --queue redis://127.0.0.1:6379   the same through the Redis queue: the build
 *       as coordinator and K `catalogue worker` processes of one thread each on this machine, to
 *       catalogue-queue.json (not part of npm run bench; it needs a redis-server)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { jobPool, runBuild, type JobRunner } from '../src/catalogue/build.ts';
import { jobOf, type CellSpec } from '../src/catalogue/jobs.ts';
import { openQueueRunner } from '../src/catalogue/queue.ts';
import { cellRow, openStore } from '../src/catalogue/store.ts';
import { catalogueRows } from '../src/catalogue/export.ts';
import { planCells } from '../src/cli/catalogue.ts';
import type { FamilyName } from '../src/families/index.ts';
import { defaultRule } from '../src/families/numberlink/generator.ts';
import { fmtMs, machine, RESULTS } from './lib.ts';

/**
 * The sizes measured and the catalogue puzzles wanted per cell at each: about 10–25 s with one worker
 * on the machine of bench/RESULTS.md (from the one-core generation figures there), so that the
 * pool's warm-up and the last slow jobs weigh little and the whole part stays well under 10 minutes.
 */
const PLAN: Record<FamilyName, [size: string, perCell: number][]> = {
  nonogram: [
    ['10x10', 1500],
    ['15x15', 1000],
    ['20x20', 500],
  ],
  numberlink: [
    ['10x10', 300],
    ['15x15', 1000],
    ['20x20', 500],
  ],
  edgematch: [
    ['5x5', 300],
    ['6x6', 40],
    ['7x7', 24],
  ],
};

const opts = new Command()
  .option('--families <list>', 'families to measure', Object.keys(PLAN).join(','))
  .option('--workers <list>', 'worker counts', '1,2')
  .option('--level <level>', 'the requested level of every cell', 'medium')
  .option('--scale <f>', 'multiply every per-cell count', (v) => Number(v), 1)
  .option('--quick', 'smoke run: 2–10 puzzles per cell, results to a temp file unless --out')
  .option('--dir <dir>', 'where the stores are written (their fsyncs are part of the cost)')
  .option('--queue <url>', 'run the jobs through a BullMQ queue on this Redis, on K worker processes of one thread each')
  .option('--out <file>', 'results file (default bench/results/catalogue.json, or catalogue-queue.json with --queue)')
  .parse()
  .opts<{ families: string; workers: string; level: string; scale: number; quick?: boolean; dir?: string; queue?: string; out?: string }>();

const workerCounts = opts.workers.split(',').map(Number);
const families = opts.families.split(',') as FamilyName[];
for (const f of families) if (!(f in PLAN)) throw new Error(`unknown family ${f}`);
const perCellOf = (n: number): number => (opts.quick ? Math.max(2, Math.min(10, Math.round(n / 100))) : Math.max(1, Math.round(n * opts.scale)));
const dir = mkdtempSync(join(opts.dir ?? tmpdir(), 'proofgrid-bench-catalogue-'));
let fsType = 'unknown';
try {
  fsType = execFileSync('stat', ['-f', '-c', '%T', dir], { encoding: 'utf8' }).trim();
} catch {
  /* not Linux */
}

const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

interface Run {
  workers: number;
  /** Seconds from the first job issued to the last row written. */
  seconds: number;
  /** Catalogue puzzles (distinct ok, at most N) per second. */
  puzzlesPerSecond: number;
  /** Jobs run per second (ok, failed and duplicates, and any issued beyond the cell's need). */
  jobsPerSecond: number;
  jobs: number;
  failures: number;
  duplicates: number;
  /** Median of the jobs' own generation time (diagnostics ms). */
  medianJobMs: number | null;
  /** Sum of the jobs' generation time over workers × wall time: how busy the workers were. */
  busy: number;
  /** Starting and warming up the pool (not in `seconds`). */
  poolStartSeconds: number;
  catalogue: string[];
}

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'proofgrid.js');

/** Where the jobs run: K threads of a local pool, or K worker processes behind the Redis queue. */
async function startRunner(workers: number, path: string): Promise<{ runner: JobRunner; stop: () => Promise<void> }> {
  if (opts.queue === undefined) {
    const pool = jobPool(workers);
    return { runner: { slots: workers, run: (job) => pool.run(job) }, stop: () => pool.destroy() };
  }
  // Twice as many jobs queued as workers, so that none waits for a round trip to the coordinator.
  const runner = await openQueueRunner(opts.queue, path, 2 * workers);
  const url = opts.queue;
  const children: ChildProcess[] = [];
  await Promise.all(
    Array.from({ length: workers }, () => {
      const child = spawn(process.execPath, [BIN, 'catalogue', 'worker', '--queue', url, '--concurrency', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
      children.push(child);
      return new Promise<void>((resolve, reject) => {
        let seen = '';
        child.stderr?.on('data', (d: Buffer) => {
          seen += d.toString();
          if (seen.includes('serving build queue')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`catalogue worker exited (${code}): ${seen}`)));
      });
    }),
  );
  return {
    runner,
    stop: async () => {
      await runner.close();
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

async function measure(cell: CellSpec, perCell: number, workers: number): Promise<Run> {
  const path = join(dir, `${cell.family}-${cell.params}-${workers}.db`);
  const t0 = performance.now();
  const { runner, stop } = await startRunner(workers, path);
  // Warm-up: jobs of the same cell under another seed (nothing of them is stored), in one chain per
  // job slot, each until a second has passed (at least 2 jobs, at most 100).
  const warm = { ...cell, baseSeed: 'bench-warm-up' };
  let next = 0;
  const t1 = performance.now();
  const chain = async (): Promise<void> => {
    for (let j = 0; j < 100 && (j < 2 || performance.now() - t1 < 1000); j++) await runner.run(jobOf(warm, next++));
  };
  await Promise.all(Array.from({ length: runner.slots }, chain));
  const poolStartSeconds = (performance.now() - t0) / 1000;
  const store = openStore(path);
  try {
    const buildId = store.startBuild(
      {
        family: cell.family,
        base_seed: cell.baseSeed,
        generator_version: cell.generatorVersion,
        per_cell: perCell,
        budget_ms: null,
        cells: [cell.params],
        workers,
        options: { bench: true },
        proofgrid_version: 'bench',
      },
      [cellRow(cell, perCell)],
    );
    const t = performance.now();
    const result = await runBuild(store, { cells: [cell], perCell, workers, buildId, runner });
    const seconds = (performance.now() - t) / 1000;
    const s = result.cells[0];
    const jobMs = (store.db.prepare('SELECT diag_ms AS ms FROM jobs').all() as { ms: number | null }[]).map((r) => r.ms ?? 0);
    const puzzles = Math.min(s.distinct, perCell);
    return {
      workers,
      seconds: round(seconds, 3),
      puzzlesPerSecond: round(puzzles / seconds),
      jobsPerSecond: round(result.ran / seconds),
      jobs: result.ran,
      failures: s.failures,
      duplicates: s.duplicates,
      medianJobMs: s.medianMs,
      busy: round(jobMs.reduce((a, b) => a + b, 0) / 1000 / (workers * seconds), 3),
      poolStartSeconds: round(poolStartSeconds, 2),
      catalogue: catalogueRows(store).map((r) => `${r.job_index} ${r.canonical_hash}`),
    };
  } finally {
    store.close();
    await stop();
    rmSync(path, { force: true });
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
  }
}

const rows: Record<string, unknown>[] = [];
for (const family of families) {
  for (const [size, n] of PLAN[family]) {
    const perCell = perCellOf(n);
    const [cell] = planCells({ family, sizes: size, levels: opts.level, seed: 'bench-catalogue' });
    const runs: Run[] = [];
    for (const k of workerCounts) {
      const r = await measure(cell, perCell, k);
      runs.push(r);
      console.log(
        `${family}\t${cell.params}\tN ${perCell}\t${k} worker${k === 1 ? ' ' : 's'}\t${r.puzzlesPerSecond} puzzles/s\t${r.jobsPerSecond} jobs/s\t${r.seconds} s\tmedian job ${r.medianJobMs === null ? '-' : fmtMs(r.medianJobMs)}\tbusy ${Math.round(r.busy * 100)}%\tfailed ${r.failures}\tduplicates ${r.duplicates}\tpool start ${r.poolStartSeconds} s`,
      );
    }
    const same = runs.every((r) => JSON.stringify(r.catalogue) === JSON.stringify(runs[0].catalogue));
    if (!same) throw new Error(`${family} ${cell.params}: the catalogues of ${workerCounts.join(' and ')} workers differ`);
    const base = runs[0];
    rows.push({
      family,
      size,
      params: cell.params,
      // Numberlink's rule set: the generator's default for the size when none is asked.
      rule: cell.rule ?? (family === 'numberlink' ? defaultRule(cell.width, cell.height) : null),
      perCell,
      runs: runs.map(({ catalogue: _, ...r }) => r),
      // Throughput with each worker count over the first's.
      speedup: runs.map((r) => round(r.puzzlesPerSecond / base.puzzlesPerSecond)),
      sameCatalogue: same,
    });
  }
}
rmSync(dir, { recursive: true, force: true });

const name = opts.queue === undefined ? 'catalogue' : 'catalogue-queue';
const out = opts.out ?? (opts.quick ? join(tmpdir(), `proofgrid-bench-${name}-quick.json`) : join(RESULTS, `${name}.json`));
if (opts.out === undefined && !opts.quick) mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ machine: machine(), level: opts.level, workers: workerCounts, quick: opts.quick ?? false, storeFs: fsType, through: opts.queue === undefined ? 'threads' : 'redis-queue', rows }, null, 2)}\n`,
);
console.log(`wrote ${out}`);
