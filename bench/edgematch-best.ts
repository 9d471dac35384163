/**
 * The best-score curve (issue 19 item 3): the official Eternity II board and E2-profile 16x16 boards,
 * the best-score engine (src/families/edgematch/best.ts) on one core or several, and the old
 * `bestBacktrack` beside it; best and mean of seeded runs at fixed CPU times.
 *
 *   npx tsx bench/edgematch-best.ts --minutes 1 --runs 3                    the 1-minute point
 *   npx tsx bench/edgematch-best.ts --minutes 60 --runs 5 --workers 1,2     the 1/10/60-minute curve
 *   npm run bench -- --only edgematch-best                                  the 1-minute point, 3 runs
 *
 * Each search runs in a child process of its own under a budget of CPU time (`process.cpuUsage` read
 * through the budget's abort signal, so a busy machine slows a run down but does not shorten it); a
 * run on W workers is W children at once with the seeds the CLI's workers get, its score at time t
 * the best any of them had at t of its own CPU time. A run of the new engine records every
 * improvement (score, CPU seconds, placements), so one long run gives every checkpoint up to its
 * length (CHECKPOINTS); the old engine has no callback, so its runs give their final score only
 * (the score of its best board, which may be partial: matched joints among the cells placed).
 * Every board a child reports is re-verified (a permutation of the pieces, every rim side grey, the
 * score recounted by `scoreBoard`).
 *
 * Writes bench/results/edgematch-best.json (with the machine) and bench/results/edgematch-best.svg
 * (the curve: score against CPU time, log scale, best and mean per board and engine); `--out NAME`
 * writes NAME.json and NAME.svg instead.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { unwrap } from '../src/core/result.ts';
import { bestBacktrack } from '../src/families/edgematch/backtrack.ts';
import { bestScore } from '../src/families/edgematch/best.ts';
import { parseHeule } from '../src/families/edgematch/formats/index.ts';
import { maxScore, scoreBoard, verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Board, Instance } from '../src/families/edgematch/types.ts';
import { machine, requireData, RESULTS } from './lib.ts';

const SELF = fileURLToPath(import.meta.url);
/** CPU seconds at which a run's best is read (those within the run's length). */
const CHECKPOINTS = [1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600];

/** The checkpoints of a run of `seconds`: those within it, and its end. */
const marksOf = (seconds: number): number[] => [...new Set([...CHECKPOINTS.filter((c) => c < seconds), seconds])];

const BOARDS: Record<string, string> = {
  official: 'edgematch/heule/e2/e2pieces.txt',
  'e2profile-0': 'edgematch/e2profile/EternityII_Generator0.txt',
  'e2profile-2': 'edgematch/e2profile/EternityII_Generator2.txt',
};

const load = (board: string): Instance => {
  const rel = BOARDS[board];
  if (rel === undefined) throw new Error(`unknown board ${board} (${Object.keys(BOARDS).join(', ')})`);
  return unwrap(parseHeule(readFileSync(requireData(rel), 'utf8')));
};

const cpuSince = (t0: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(t0);
  return (u.user + u.system) / 1e6;
};

/** A reported board, checked from scratch: its score, or an exception. */
function checked(inst: Instance, board: Board, score: number, partial: boolean): number {
  const v = verifyBoard(inst, board, { partial });
  const bad = v.problems.find((p) => p.kind !== 'joint');
  if (bad !== undefined) throw new Error(`a reported board does not check: ${bad.kind}`);
  const s = scoreBoard(inst, board);
  if (s !== score) throw new Error(`a reported board scores ${s}, reported ${score}`);
  return s;
}

/** One child: one seeded search under `seconds` of CPU time; JSON lines on stdout. */
function child(board: string, engine: string, seed: string, seconds: number): void {
  const inst = load(board);
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  const signal = {
    get aborted() {
      return cpuSince(t0) >= seconds;
    },
  };
  const line = (o: unknown): void => {
    process.stdout.write(`${JSON.stringify(o)}\n`);
  };
  if (engine === 'best') {
    const r = bestScore(inst, {
      seed,
      budget: { signal },
      onImprove: (score, b) => line({ score: checked(inst, b, score, false), cpu: cpuSince(t0), wall: (performance.now() - w0) / 1000 }),
    });
    line({ done: true, kind: r.kind, nodes: r.stats.nodes, restarts: r.stats.restarts, cpu: cpuSince(t0), wall: (performance.now() - w0) / 1000 });
  } else {
    const r = bestBacktrack(inst, { seed, budget: { signal } });
    const score = checked(inst, r.best.board, r.best.score, true);
    const full = r.best.board.every((c) => c !== null);
    line({ score, cpu: cpuSince(t0), wall: (performance.now() - w0) / 1000, full });
    line({ done: true, kind: r.result.kind, nodes: r.result.stats.nodes, restarts: r.restarts, cpu: cpuSince(t0), wall: (performance.now() - w0) / 1000 });
  }
}

interface Trace {
  points: { score: number; cpu: number; wall: number; full?: boolean }[];
  done: { kind: string; nodes: number; restarts: number; cpu: number; wall: number };
}

function spawnChild(board: string, engine: string, seed: string, seconds: number): Promise<Trace> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', board, engine, seed, String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    c.stdout.on('data', (d: Buffer) => (out += d.toString()));
    c.on('error', reject);
    c.on('close', (code) => {
      if (code !== 0) return reject(new Error(`child ${board} ${engine} ${seed} exited with ${code}`));
      const lines = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const done = lines.find((l) => l.done) as unknown as Trace['done'];
      resolve({ points: lines.filter((l) => !l.done) as unknown as Trace['points'], done });
    });
  });
}

/** The best score a set of traces (one run's workers) had by `t` CPU seconds of each; null before any. */
const scoreAt = (traces: Trace[], t: number): number | null => {
  let best: number | null = null;
  for (const tr of traces) for (const p of tr.points) if (p.cpu <= t && (best === null || p.score > best)) best = p.score;
  return best;
};

interface Series {
  board: string;
  engine: string;
  workers: number;
  runs: { seed: string; final: number | null; nodes: number; restarts: number; cpu: number; wall: number; full?: boolean; at: Record<string, number | null> }[];
  checkpoints: { seconds: number; best: number | null; mean: number | null }[];
}

/** Series by board (as BOARDS lists them), the new engine first, then by workers. */
const sortSeries = (series: Series[]): Series[] => {
  const boards = Object.keys(BOARDS);
  return [...series].sort(
    (a, b) => boards.indexOf(a.board) - boards.indexOf(b.board) || (a.engine === 'best' ? 0 : 1) - (b.engine === 'best' ? 0 : 1) || a.workers - b.workers,
  );
};

/** The curve as an SVG: score against CPU seconds (log), one colour per series, best solid, mean dashed. */
function svg(series: Series[], seconds: number, max: number): string {
  const W = 760;
  const H = 440;
  const L = 60;
  const R = 230;
  const T = 30;
  const B = 50;
  const all = series.flatMap((s) => s.checkpoints.flatMap((c) => [c.best, c.mean]).filter((v): v is number => v !== null));
  const lo = Math.max(0, Math.floor((Math.min(...all, max) - 5) / 10) * 10);
  const hi = Math.min(max, Math.ceil((Math.max(...all, lo + 10) + 5) / 10) * 10);
  const x0 = Math.log10(1);
  const x1 = Math.log10(Math.max(seconds, 10));
  const x = (t: number): number => L + ((Math.log10(Math.max(1, t)) - x0) / (x1 - x0)) * (W - L - R);
  const y = (s: number): number => T + ((hi - s) / (hi - lo)) * (H - T - B);
  const colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${L}" y="18" font-size="14">Best score (matched joints of ${max}) against CPU time per worker</text>`);
  for (let s = lo; s <= hi; s += 10) {
    out.push(`<line x1="${L}" x2="${W - R}" y1="${y(s)}" y2="${y(s)}" stroke="#ddd"/>`);
    out.push(`<text x="${L - 6}" y="${y(s) + 4}" text-anchor="end">${s}</text>`);
  }
  for (const t of marksOf(Math.max(seconds, 10))) {
    out.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${T}" y2="${H - B}" stroke="#eee"/>`);
    out.push(`<text x="${x(t)}" y="${H - B + 16}" text-anchor="middle">${t >= 60 ? `${t / 60} min` : `${t} s`}</text>`);
  }
  out.push(`<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">CPU seconds per worker (log scale)</text>`);
  series.forEach((s, i) => {
    const colour = colours[i % colours.length];
    for (const [key, dash] of [
      ['best', ''],
      ['mean', ' stroke-dasharray="5,4"'],
    ] as const) {
      const pts = s.checkpoints.filter((c) => c[key] !== null).map((c) => `${x(c.seconds).toFixed(1)},${y(c[key]!).toFixed(1)}`);
      if (pts.length > 1) out.push(`<polyline fill="none" stroke="${colour}" stroke-width="2"${dash} points="${pts.join(' ')}"/>`);
      for (const p of pts) out.push(`<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="2.5" fill="${colour}"/>`);
    }
    const ly = T + 16 + i * 34;
    out.push(`<line x1="${W - R + 12}" x2="${W - R + 36}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`);
    out.push(`<text x="${W - R + 42}" y="${ly + 4}">${s.board}, ${s.engine}${s.workers > 1 ? ` x${s.workers}` : ''}</text>`);
    out.push(`<text x="${W - R + 42}" y="${ly + 18}" fill="#555">best solid, mean dashed (${s.runs.length} runs)</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

async function main(): Promise<void> {
  const opts = new Command()
    .option('--minutes <m>', 'CPU minutes per run and worker', '1')
    .option('--runs <n>', 'seeded runs per board, engine and worker count', '3')
    .option('--workers <list>', 'worker counts, e.g. 1,2 (the new engine; the old one runs on one)', '1')
    .option('--boards <list>', `boards: ${Object.keys(BOARDS).join(', ')}`, Object.keys(BOARDS).join(','))
    .option('--engines <list>', 'best (the new engine), backtrack (the old bestBacktrack)', 'best,backtrack')
    .option('--parallel <n>', 'children at once (default: the largest worker count, at least 2)')
    .option('--out <name>', 'results name in bench/results', 'edgematch-best')
    .option('--replot', 'write the SVG again from the JSON, measuring nothing')
    .option('--child', 'internal: run one search')
    .allowExcessArguments()
    .parse()
    .opts<{
      minutes: string;
      runs: string;
      workers: string;
      boards: string;
      engines: string;
      parallel?: string;
      out: string;
      child?: boolean;
      replot?: boolean;
    }>();
  if (opts.replot) {
    // The SVG again from the JSON (no measuring).
    const data = JSON.parse(readFileSync(join(RESULTS, `${opts.out}.json`), 'utf8')) as { minutes: number; maxScore: number; series: Series[] };
    writeFileSync(join(RESULTS, `${opts.out}.svg`), svg(sortSeries(data.series), data.minutes * 60, data.maxScore));
    return;
  }
  if (opts.child) {
    const [board, engine, seed, seconds] = process.argv.slice(process.argv.indexOf('--child') + 1);
    child(board, engine, seed, Number(seconds));
    return;
  }
  const seconds = Number(opts.minutes) * 60;
  const runs = Number(opts.runs);
  const workerCounts = opts.workers.split(',').map(Number);
  const boards = opts.boards.split(',');
  const engines = opts.engines.split(',');
  const parallel = Number(opts.parallel ?? Math.max(2, ...workerCounts));
  // Jobs: one per (board, engine, workers, run); each is `workers` children at once.
  const jobs: { board: string; engine: string; workers: number; run: number }[] = [];
  for (const board of boards)
    for (const engine of engines)
      for (const workers of engine === 'best' ? workerCounts : [1]) for (let run = 0; run < runs; run++) jobs.push({ board, engine, workers, run });
  const results = new Map<string, Series>();
  let running = 0;
  const queue = [...jobs];
  await new Promise<void>((resolve, reject) => {
    const next = (): void => {
      if (queue.length === 0 && running === 0) {
        resolve();
        return;
      }
      while (queue.length > 0 && running + queue[0].workers <= Math.max(parallel, queue[0].workers)) {
        const job = queue.shift()!;
        running += job.workers;
        const seed = `bench-${job.run + 1}`;
        const seeds = Array.from({ length: job.workers }, (_, k) => (job.workers === 1 || k === 0 ? seed : `${seed}/worker-${k + 1}`));
        const t = performance.now();
        Promise.all(seeds.map((s) => spawnChild(job.board, job.engine, s, seconds)))
          .then((traces) => {
            running -= job.workers;
            const key = `${job.board}/${job.engine}/${job.workers}`;
            const s = results.get(key) ?? { board: job.board, engine: job.engine, workers: job.workers, runs: [], checkpoints: [] };
            const at: Record<string, number | null> = {};
            for (const c of marksOf(seconds)) at[String(c)] = job.engine === 'best' ? scoreAt(traces, c) : null;
            const final = scoreAt(traces, Infinity);
            s.runs.push({
              seed,
              final,
              nodes: traces.reduce((a, tr) => a + tr.done.nodes, 0),
              restarts: traces.reduce((a, tr) => a + tr.done.restarts, 0),
              cpu: Math.round(Math.max(...traces.map((tr) => tr.done.cpu)) * 10) / 10,
              wall: Math.round(Math.max(...traces.map((tr) => tr.done.wall)) * 10) / 10,
              ...(job.engine === 'backtrack' ? { full: traces[0].points[0]?.full ?? false } : {}),
              at,
            });
            results.set(key, s);
            console.error(`${key} ${seed}: ${final} (${((performance.now() - t) / 1000).toFixed(0)} s wall)`);
            next();
          })
          .catch(reject);
      }
    };
    next();
  });
  const series = sortSeries([...results.values()]);
  for (const s of series) {
    s.runs.sort((a, b) => a.seed.localeCompare(b.seed));
    const marks = s.engine === 'best' ? marksOf(seconds) : [seconds];
    s.checkpoints = marks.map((c) => {
      const vals = s.runs.map((r) => (s.engine === 'best' ? r.at[String(c)] : r.final)).filter((v): v is number => v !== null);
      return {
        seconds: c,
        best: vals.length ? Math.max(...vals) : null,
        mean: vals.length === s.runs.length && vals.length > 0 ? Math.round((vals.reduce((a, b) => a + b, 0) / vals.length) * 10) / 10 : null,
      };
    });
  }
  const max = maxScore(16, 16);
  const data = {
    machine: machine(),
    note: `CPU time per worker: ${opts.minutes} min; ${runs} seeded runs (seeds bench-1..); the old engine's scores count matched joints of its best board, which may be partial`,
    minutes: Number(opts.minutes),
    runs,
    maxScore: max,
    boards: Object.fromEntries(boards.map((b) => [b, basename(BOARDS[b])])),
    series,
  };
  writeFileSync(join(RESULTS, `${opts.out}.json`), `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(join(RESULTS, `${opts.out}.svg`), svg(series, seconds, max));
  for (const s of series) {
    const last = s.checkpoints.at(-1);
    console.log(`${s.board} ${s.engine} x${s.workers}: best ${last?.best} mean ${last?.mean} at ${last?.seconds} s`);
  }
}

await main();
