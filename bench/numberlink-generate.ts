/**
 * Numberlink generation throughput: certified puzzles per second and median/p95 time per size and
 * level, one core, with the current generator version and its default rule (strict at every size
 * since version 7; versions 1-6 defaulted to no-2x2 over 100 cells). Also the pair counts against K
 * and the grader's levels, and how pairs per √cells relate to the measured score (does a puzzle with
 * fewer pairs grade harder?). Each puzzle is re-counted as a check. Then generation under strict with
 * version 5 (whose certificate is the corner sweep, the path search and clause learning): the figures
 * behind the old no-2x2 default over 100 cells. Generation under the plain rule with today's versions:
 * bench/numberlink-plain-generate.ts.
 *   npx tsx bench/numberlink-generate.ts [--sizes 5x5,10x15,...] [--n 10]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS } from '../src/core/family.ts';
import { numberlink } from '../src/families/numberlink/index.ts';
import { defaultRule, GENERATOR_VERSION, generateNumberlink, pairCount } from '../src/families/numberlink/generator.ts';
import { countSolutions } from '../src/families/numberlink/solver.ts';
import { fmtMs, machine, quantiles, RESULTS } from './lib.ts';

const opts = new Command()
  .option('--sizes <list>', 'WxH sizes', '5x5,7x10,8x12,10x10,10x15,15x15,20x20,30x30')
  .option('--n <count>', 'puzzles per size and level', (v) => Number(v), 10)
  .option('--strict-sizes <list>', 'sizes at which strict certification is measured', '7x7,8x8,10x10,10x15,15x15,20x20')
  .option('--strict-n <count>', 'strict generations per size', (v) => Number(v), 5)
  .parse()
  .opts<{ sizes: string; n: number; strictSizes: string; strictN: number }>();

for (let i = 0; i < 5; i++) numberlink.generate({ width: 10, height: 10, level: 'hard', rule: 'strict' }, `warm${i}`);

/** The version the strict section measures: the last one whose strict certificate was not the plain-rule counter. */
const STRICT_VERSION = 5;
const rows: Record<string, unknown>[] = [];
const ratios: number[] = [];
const scores: number[] = [];
for (const size of opts.sizes.split(',')) {
  const [width, height] = size.split('x').map(Number);
  const rule = defaultRule(width, height);
  for (const level of LEVELS) {
    const times: number[] = [];
    const pairs: number[] = [];
    const cellScores: number[] = [];
    const graded: Record<string, number> = {};
    let failures = 0;
    let attempts = 0;
    for (let i = 0; i < opts.n; i++) {
      const t = performance.now();
      const r = numberlink.generate({ width, height, level, rule }, `bench-${i}`, { deadlineMs: 60_000 });
      times.push(performance.now() - t);
      attempts += r.diagnostics.attempts;
      if (!r.ok) {
        failures++;
        continue;
      }
      if (countSolutions(r.puzzle, { budget: { deadlineMs: 60_000 } }).kind !== 'unique') throw new Error(`uncertified puzzle ${size} ${level} ${i}`);
      pairs.push(r.puzzle.pairs.length);
      cellScores.push(r.grade.score);
      graded[r.grade.level] = (graded[r.grade.level] ?? 0) + 1;
      ratios.push(r.puzzle.pairs.length / Math.sqrt(width * height));
      scores.push(r.grade.score);
    }
    const q = quantiles(times);
    const sorted = [...times].sort((a, b) => a - b);
    const mean = (xs: number[]): number => Math.round((xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)) * 10) / 10;
    const row = {
      size,
      level,
      rule,
      n: opts.n,
      failures,
      perSecond: Math.round(((opts.n - failures) / (q.total / 1000)) * 100) / 100,
      medianMs: Math.round(q.median * 10) / 10,
      p95Ms: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] * 10) / 10,
      maxMs: Math.round(q.max),
      meanAttempts: mean([attempts / opts.n]),
      meanPairs: mean(pairs),
      K: pairCount(width, height, level),
      graded,
      meanScore: mean(cellScores),
    };
    rows.push(row);
    console.log(
      `${size}\t${level}\t${rule}\t${row.perSecond}/s\tmedian ${fmtMs(row.medianMs)}\tp95 ${fmtMs(row.p95Ms)}\tfailures ${failures}\tpairs ${row.meanPairs}/K ${row.K}\t${JSON.stringify(graded)}\tscore ${row.meanScore}`,
    );
  }
}
// Strict certification per size with version 5 (why versions 1-6 defaulted to no-2x2 over 100 cells):
// success within 20 s, time, and how candidates fared (certified directly, repaired, or rejected:
// several solutions / out of nodes).
const strictRows: Record<string, unknown>[] = [];
for (const size of opts.strictSizes.split(',')) {
  const [width, height] = size.split('x').map(Number);
  const times: number[] = [];
  const outcome: Record<string, number> = {};
  let ok = 0;
  for (let i = 0; i < opts.strictN; i++) {
    const t = performance.now();
    const r = generateNumberlink({ width, height, level: 'medium', rule: 'strict' }, `strict-${i}`, { deadlineMs: 20_000 }, { version: STRICT_VERSION });
    times.push(performance.now() - t);
    if (r.ok) ok++;
    const key = r.ok ? (r.diagnostics.path.startsWith('repair') ? 'repaired' : 'direct') : r.reason;
    outcome[key] = (outcome[key] ?? 0) + 1;
    for (const [why, k] of Object.entries(r.diagnostics.rejected)) outcome[`rejected ${why}`] = (outcome[`rejected ${why}`] ?? 0) + k;
  }
  const q = quantiles(times);
  const row = { size, n: opts.strictN, certified: ok, medianMs: Math.round(q.median), maxMs: Math.round(q.max), outcome };
  strictRows.push(row);
  console.log(`strict ${size}\tcertified ${ok}/${opts.strictN}\tmedian ${fmtMs(row.medianMs)}\tmax ${fmtMs(row.maxMs)}\t${JSON.stringify(outcome)}`);
}

const pearson = (xs: number[], ys: number[]): number => {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return Math.round((sxy / Math.sqrt(sxx * syy)) * 100) / 100;
};
const pairRatioVsScore = pearson(ratios, scores);
console.log(`pairs per √cells vs score: r = ${pairRatioVsScore}`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  join(RESULTS, 'numberlink-generate.json'),
  `${JSON.stringify({ machine: machine(), version: GENERATOR_VERSION, strictVersion: STRICT_VERSION, rows, pairRatioVsScore, strict: strictRows }, null, 2)}\n`,
);
console.log('wrote bench/results/numberlink-generate.json');
