/**
 * `npx tsx scripts/colour-level-table.ts`: measures which (size, level) pairs nonogram generator
 * version 2 (colour puzzles) produces per number of colours besides the background, and writes the
 * tables the engine offers them from (src/families/nonogram/generate/colour-level-table.ts, one
 * core `LevelTable` per colour count) plus the timings behind them
 * (bench/results/level-table-nonogram-colour.json), as scripts/level-table.ts does for the
 * black-and-white generator.
 *
 * Per colour count, per square side, per level: `--seeds` generations (seeds `level-table/<i>`),
 * each under a deadline of `--budget-ms` (wall time, so the table depends on the machine it ran on,
 * recorded in it); a seed counts when it came out certified at exactly that level. Each colour
 * count's tables are written as soon as it is measured, so an interrupted run keeps what it did.
 *
 *   npx tsx scripts/colour-level-table.ts [--colours 2,3,4,5,6] [--sides 5,10,15,20,25,30] [--seeds 4] [--budget-ms 4000]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS, type Level, type LevelTable } from '../src/core/family.ts';
import { nonogram } from '../src/families/nonogram/index.ts';
import { machine, RESULTS, rowsJson } from '../bench/lib.ts';

const opts = new Command()
  .option('--colours <list>', 'colour counts besides the background', '2,3,4,5,6')
  .option('--sides <list>', 'square sides', '5,10,15,20,25,30')
  .option('--seeds <n>', 'generations per size and level', (v) => Number(v), 4)
  .option('--budget-ms <ms>', 'deadline of each generation', (v) => Number(v), 4000)
  .option('--rewrite', 'write the module again from the stored results, measuring nothing')
  .parse()
  .opts<{ colours: string; sides: string; seeds: number; budgetMs: number; rewrite?: boolean }>();

const MODULE = 'src/families/nonogram/generate/colour-level-table.ts';
const STORED = join(RESULTS, 'level-table-nonogram-colour.json');

interface Timing {
  colours: number;
  size: string;
  level: Level;
  made: number;
  outcomes: string[];
  ms: number[];
}
interface Stored {
  machine: Record<string, string | number>;
  tables: Record<string, LevelTable>;
  timings: Timing[];
}

function moduleText(tables: Record<string, LevelTable>): string {
  const body = Object.entries(tables)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([colours, t]) => {
      const rows = Object.entries(t.sizes).map(([size, r]) => `      '${size}': { ${LEVELS.map((l) => `${l}: ${r[l]}`).join(', ')} },`);
      return `  ${colours}: {
    family: 'nonogram',
    version: ${t.version},
    seeds: ${t.seeds},
    budgetMs: ${t.budgetMs},
    measured: ${JSON.stringify(t.measured)},
    sizes: {
${rows.join('\n')}
    },
  },`;
    });
  return `/**
 * Which (size, level) pairs nonogram generator version 2 (colour puzzles) produces, per number of
 * colours besides the background, as measured. Written by \`npx tsx scripts/colour-level-table.ts\`; do
 * not edit. A pair is offered when at least half the seeds came out at that level within the budget
 * (core \`levelChoices\`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const COLOUR_LEVEL_TABLES: Readonly<Record<number, LevelTable>> = {
${body.join('\n')}
};
`;
}

function write(stored: Stored): void {
  writeFileSync(MODULE, moduleText(stored.tables));
  execFileSync('npx', ['biome', 'format', '--write', MODULE], { stdio: 'ignore' });
  writeFileSync(STORED, rowsJson(stored, 'timings'));
  console.log(`wrote ${MODULE} and ${STORED}`);
}

const measuredOn = (m: Record<string, string | number>): string =>
  `${m.cores} cores (${m.cpu}), shared with other work, commit ${m.commit}, ${String(m.date).slice(0, 10)}`;

const stored: Stored = existsSync(STORED) ? (JSON.parse(readFileSync(STORED, 'utf8')) as Stored) : { machine: machine(), tables: {}, timings: [] };
if (opts.rewrite) {
  write(stored);
} else {
  const m = machine();
  stored.machine = m;
  for (const colours of opts.colours.split(',').map(Number)) {
    const sizes: Record<string, Record<Level, number>> = {};
    stored.timings = stored.timings.filter((t) => t.colours !== colours);
    let version = 2;
    for (const side of opts.sides.split(',').map(Number)) {
      const size = `${side}x${side}`;
      const row = { easy: 0, medium: 0, hard: 0, expert: 0 } as Record<Level, number>;
      for (const level of LEVELS) {
        const params = nonogram.parseParams(`${size}-${level}-c${colours}`);
        if (!params.ok) throw new Error(`${size}-${level}-c${colours}: ${params.error.message}`);
        version = nonogram.versionOf?.(params.value) ?? nonogram.version;
        const outcomes: string[] = [];
        const ms: number[] = [];
        for (let i = 0; i < opts.seeds; i++) {
          const t0 = performance.now();
          const r = nonogram.generate(params.value, `level-table/${i}`, { deadlineMs: opts.budgetMs });
          ms.push(Math.round(performance.now() - t0));
          outcomes.push(r.ok ? r.grade.level : r.reason);
          if (r.ok && r.grade.level === level) row[level]++;
        }
        stored.timings.push({ colours, size, level, made: row[level], outcomes, ms });
        const sorted = [...ms].sort((a, b) => a - b);
        console.log(
          `c${colours} ${size} ${level}: ${row[level]}/${opts.seeds}  median ${sorted[sorted.length >> 1]} ms, max ${sorted[sorted.length - 1]} ms  [${outcomes.join(' ')}]`,
        );
      }
      sizes[size] = row;
    }
    stored.tables[String(colours)] = { family: 'nonogram', version, seeds: opts.seeds, budgetMs: opts.budgetMs, measured: measuredOn(m), sizes };
    write(stored);
  }
}
