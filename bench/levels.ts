/**
 * What keeping only the level asked costs: numberlink v4 (nearest level) against v5 (exact) and
 * edgematch v1 against v2, per size and level: the share of seeds that came out at the level asked
 * and the generation time (median and max ms), one core, in process.
 *   npx tsx bench/levels.ts [--n 6] [--budget-ms 20000]
 * Writes bench/results/levels.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS } from '../src/core/family.ts';
import { FAMILIES } from '../src/families/index.ts';
import { machine, RESULTS, rowsJson } from './lib.ts';

const opts = new Command()
  .option('--n <count>', 'seeds per size, level and version', (v) => Number(v), 6)
  .option('--budget-ms <ms>', 'deadline of each generation', (v) => Number(v), 20_000)
  .parse()
  .opts<{ n: number; budgetMs: number }>();

const RUNS = [
  { family: 'numberlink', versions: [4, 5], sizes: [5, 7, 10, 20, 30] },
  { family: 'edgematch', versions: [1, 2], sizes: [4, 6, 8] },
] as const;

const rows: Record<string, unknown>[] = [];
for (const run of RUNS) {
  const family = FAMILIES[run.family];
  for (const side of run.sizes) {
    for (const level of LEVELS) {
      const params = family.parseParams(`${side}x${side}-${level}`);
      if (!params.ok) throw new Error(params.error.message);
      const line: string[] = [];
      for (const version of run.versions) {
        const ms: number[] = [];
        let atLevel = 0;
        for (let i = 0; i < opts.n; i++) {
          const t0 = performance.now();
          const r = (family.generate as any)(params.value, `bench-levels/${i}`, { deadlineMs: opts.budgetMs }, { version });
          ms.push(performance.now() - t0);
          if (r.ok && r.grade.level === level) atLevel++;
        }
        ms.sort((a, b) => a - b);
        const median = Math.round(ms[ms.length >> 1]);
        const max = Math.round(ms[ms.length - 1]);
        rows.push({ family: run.family, version, size: `${side}x${side}`, level, n: opts.n, atLevel, medianMs: median, maxMs: max });
        line.push(`v${version} ${atLevel}/${opts.n} at level, median ${median} ms, max ${max} ms`);
      }
      console.log(`${run.family} ${side}x${side} ${level}: ${line.join(' | ')}`);
    }
  }
}
writeFileSync(join(RESULTS, 'levels.json'), rowsJson({ machine: machine(), budgetMs: opts.budgetMs, rows }, 'rows'));
