/**
 * Generation throughput: certified puzzles per second and median/p95 time per size and level, one
 * core. Every puzzle returned is certified by a completed count inside the generator; this script
 * re-counts each one as a check.
 *   npx tsx bench/generate.ts [--sizes 10,15,20,30] [--n 20]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS } from '../src/core/family.ts';
import { generateNonogram } from '../src/families/nonogram/generator.ts';
import { countSolutions } from '../src/families/nonogram/solver.ts';
import { fmtMs, machine, quantiles, RESULTS } from './lib.ts';

const opts = new Command()
  .option('--sizes <list>', 'square sizes', '10,15,20,30')
  .option('--n <count>', 'puzzles per size and level', (v) => Number(v), 20)
  .parse()
  .opts<{ sizes: string; n: number }>();

// Warm up the JIT so the first cell is not charged for compilation.
for (let i = 0; i < 5; i++) generateNonogram({ width: 10, height: 10, level: 'hard' }, `warm${i}`);

const rows: Record<string, unknown>[] = [];
for (const size of opts.sizes.split(',').map(Number)) {
  for (const level of LEVELS) {
    const times: number[] = [];
    let failures = 0;
    let attempts = 0;
    const paths: Record<string, number> = {};
    const scores: number[] = [];
    for (let i = 0; i < opts.n; i++) {
      const t = performance.now();
      const r = generateNonogram({ width: size, height: size, level }, `bench-${i}`, { deadlineMs: 60_000 });
      times.push(performance.now() - t);
      attempts += r.diagnostics.attempts;
      if (!r.ok) {
        failures++;
        continue;
      }
      const path = r.diagnostics.path.startsWith('repair') ? 'repair' : 'direct';
      paths[path] = (paths[path] ?? 0) + 1;
      scores.push(r.grade.score);
      if (countSolutions(r.puzzle).kind !== 'unique') throw new Error(`uncertified puzzle ${size} ${level} ${i}`);
    }
    const q = quantiles(times);
    const row = {
      size: `${size}x${size}`,
      level,
      n: opts.n,
      failures,
      perSecond: Math.round(((opts.n - failures) / (q.total / 1000)) * 100) / 100,
      medianMs: Math.round(q.median * 10) / 10,
      p95Ms: Math.round(quantiles(times).p90 * 10) / 10,
      maxMs: Math.round(q.max),
      meanAttempts: Math.round((attempts / opts.n) * 10) / 10,
      paths,
      meanScore: Math.round(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length)),
    };
    row.p95Ms = Math.round([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(0.95 * times.length))] * 10) / 10;
    rows.push(row);
    console.log(
      `${row.size}\t${level}\t${row.perSecond}/s\tmedian ${fmtMs(row.medianMs)}\tp95 ${fmtMs(row.p95Ms)}\tfailures ${failures}\tattempts ${row.meanAttempts}\t${JSON.stringify(paths)}\tscore ${row.meanScore}`,
    );
  }
}
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'generate.json'), `${JSON.stringify({ machine: machine(), rows }, null, 2)}\n`);
