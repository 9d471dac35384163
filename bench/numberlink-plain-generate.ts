/**
 * Numberlink generation under the plain rule (`strict`), by default with the current generator
 * version (7: strict at every size; its certificate, as version 6's, is the plain-rule counter:
 * generate/versions.ts): per size and level, the CPU time of each generation (median, max), how many
 * succeeded within the budget, how many came out at the level asked (versions 5 on file a puzzle only
 * at the level asked; the other-level failure is counted apart), pairs, and what the candidates were
 * rejected for. Each puzzle is counted again with today's plain-rule counter (`plainCount`) as a
 * check. One core, CPU time (`process.cpuUsage`), so a busy machine reads fairly.
 *   npx tsx bench/numberlink-plain-generate.ts [--sizes 15x15,20x20] [--n 5] [--budget-s 60] [--version 7] [--out name]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS } from '../src/core/family.ts';
import { GENERATOR_VERSION, generateNumberlink } from '../src/families/numberlink/generator.ts';
import { plainCount } from '../src/families/numberlink/plain.ts';
import { machine, quantiles, RESULTS } from './lib.ts';

const opts = new Command()
  .option('--sizes <list>', 'WxH sizes', '15x15,20x20,20x30,30x30,40x40')
  .option('--levels <list>', 'levels', LEVELS.join(','))
  .option('--n <count>', 'seeds per size and level', (v) => Number(v), 5)
  .option('--budget-s <s>', 'wall-clock budget of one generation, seconds', (v) => Number(v), 60)
  .option('--version <n>', 'generator version (6 or 7; default the current one)', (v) => Number(v), GENERATOR_VERSION)
  .option('--out <name>', 'results file name (under bench/results, .json; default numberlink-plain-generate-v<version>)')
  .parse()
  .opts<{ sizes: string; levels: string; n: number; budgetS: number; version: number; out?: string }>();

const VERSION = opts.version;
const out = opts.out ?? `numberlink-plain-generate-v${VERSION}`;
const cpuS = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1e6;
for (let i = 0; i < 3; i++) generateNumberlink({ width: 10, height: 10, level: 'hard', rule: 'strict' }, `warm${i}`, {}, { version: VERSION });

const rows: Record<string, unknown>[] = [];
/** Written after every row, so a run stopped part way keeps what it measured. */
const save = (): void => {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    join(RESULTS, `${out}.json`),
    `${JSON.stringify({ machine: machine(), version: VERSION, budgetS: opts.budgetS, note: `CPU seconds per generation (one core); ok = generated within the wall-clock budget, at the level asked (version ${VERSION} files only that level)`, rows }, null, 2)}\n`,
  );
};
for (const size of opts.sizes.split(',')) {
  const [width, height] = size.split('x').map(Number);
  for (const level of opts.levels.split(',') as (typeof LEVELS)[number][]) {
    const times: number[] = [];
    const okTimes: number[] = [];
    const pairs: number[] = [];
    const failures: Record<string, number> = {};
    const rejected: Record<string, number> = {};
    let atLevel = 0;
    let recountUnique = 0;
    let recountOther = 0;
    for (let i = 0; i < opts.n; i++) {
      const c0 = process.cpuUsage();
      const r = generateNumberlink({ width, height, level, rule: 'strict' }, `bench${i}`, { deadlineMs: opts.budgetS * 1000 }, { version: VERSION });
      const t = cpuS(process.cpuUsage(c0));
      times.push(t);
      for (const [why, k] of Object.entries(r.diagnostics.rejected)) rejected[why] = (rejected[why] ?? 0) + k;
      if (!r.ok) {
        failures[r.reason] = (failures[r.reason] ?? 0) + 1;
        continue;
      }
      okTimes.push(t);
      pairs.push(r.puzzle.pairs.length);
      if (r.grade?.level === level) atLevel++;
      const again = plainCount(r.puzzle, { budget: { deadlineMs: 20_000 } });
      if (again.kind === 'unique') recountUnique++;
      else recountOther++;
      if (again.kind === 'multiple' || again.kind === 'none')
        throw new Error(`${size} ${level} bench${i}: certified, but today's plain counter says ${again.kind}`);
    }
    const q = quantiles(times);
    const row = {
      size,
      level,
      n: opts.n,
      ok: okTimes.length,
      atLevel,
      failures,
      cpuMedianS: Number(q.median.toFixed(3)),
      cpuMaxS: Number(q.max.toFixed(3)),
      cpuMedianOkS: okTimes.length ? Number(quantiles(okTimes).median.toFixed(3)) : null,
      pairsMedian: pairs.length ? quantiles(pairs).median : null,
      recount: { unique: recountUnique, undecided: recountOther },
      rejected,
    };
    rows.push(row);
    save();
    console.log(JSON.stringify(row));
  }
}
