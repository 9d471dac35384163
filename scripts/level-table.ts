/**
 * `npm run level-table`: measures which (size, level) pairs each family's current generator version
 * produces, and writes the table the engine offers them from (`src/families/<family>/generate/level-table.ts`,
 * a `LevelTable` of core/family.ts) plus the timings behind it (`bench/results/level-table-<family>.json`).
 *
 * Per family, per square side the player's pickers offer, per level: `--seeds` generations (seeds
 * `level-table/<i>`), each under a deadline of `--budget-ms`; a seed counts for the level when it came
 * out certified at exactly that level. A pair is offered when at least half the seeds made it
 * (core `levelChoices`). The deadline makes the table depend on the machine it ran on (recorded in it).
 *
 *   npm run level-table -- [--family numberlink] [--seeds 6] [--budget-ms 20000] [--sides 5,7,10]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS, type Level, type LevelTable } from '../src/core/family.ts';
import { FAMILIES, type FamilyName } from '../src/families/index.ts';
import { machine, RESULTS, rowsJson } from '../bench/lib.ts';

/** The square sides the player's pickers offer (web/src/views/<family>.ts `sides`). */
const SIDES: Record<FamilyName, number[]> = {
  nonogram: [5, 10, 15, 20, 25, 30, 35, 40],
  numberlink: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 25, 30],
  edgematch: [4, 5, 6, 7, 8, 9, 10],
};

const opts = new Command()
  .option('--family <name>', 'one family (default: all three)')
  .option('--seeds <n>', 'generations per size and level', (v) => Number(v), 6)
  .option('--budget-ms <ms>', 'deadline of each generation', (v) => Number(v), 20_000)
  .option('--sides <list>', 'square sides (default: the pickers\u2019)')
  .option('--dry', 'print, write nothing')
  .option('--rewrite', 'write the modules again from bench/results/level-table-<family>.json, measuring nothing')
  .parse()
  .opts<{ family?: string; seeds: number; budgetMs: number; sides?: string; dry?: boolean; rewrite?: boolean }>();

/** The module the engine imports: the table, one line per size. */
function moduleText(table: LevelTable): string {
  const rows = Object.entries(table.sizes).map(([size, r]) => `    '${size}': { ${LEVELS.map((l) => `${l}: ${r[l]}`).join(', ')} },`);
  return `/**
 * Which (size, level) pairs ${table.family} generator version ${table.version} produces, as measured. Written by
 * \`npm run level-table\` (scripts/level-table.ts); do not edit. A pair is offered when at least half the seeds
 * came out at that level within the budget (core \`levelChoices\`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const LEVEL_TABLE: LevelTable = {
  family: '${table.family}',
  version: ${table.version},
  seeds: ${table.seeds},
  budgetMs: ${table.budgetMs},
  measured: ${JSON.stringify(table.measured)},
  sizes: {
${rows.join('\n')}
  },
};
`;
}

function write(table: LevelTable): void {
  const path = `src/families/${table.family}/generate/level-table.ts`;
  writeFileSync(path, moduleText(table));
  // Laid out as the formatter lays it out, so biome ci stays green.
  execFileSync('npx', ['biome', 'format', '--write', path], { stdio: 'ignore' });
  console.log(`wrote ${path}`);
}

const measuredOn = (m: Record<string, string | number>): string =>
  `${m.cores} cores (${m.cpu}), shared with other work, commit ${m.commit}, ${String(m.date).slice(0, 10)}`;

const names = (opts.family ? [opts.family] : Object.keys(FAMILIES)) as FamilyName[];
for (const name of names) {
  const family = FAMILIES[name];
  if (!family) throw new Error(`unknown family ${name}`);
  if (opts.rewrite) {
    // The module again from the stored results (its layout changed, not the measurement).
    const stored = JSON.parse(readFileSync(join(RESULTS, `level-table-${name}.json`), 'utf8')) as {
      machine: Record<string, string | number>;
      table: LevelTable;
    };
    write({ ...stored.table, measured: measuredOn(stored.machine) });
    continue;
  }
  const sides = opts.sides ? opts.sides.split(',').map(Number) : SIDES[name];
  const sizes: Record<string, Record<Level, number>> = {};
  const timings: { size: string; level: Level; made: number; outcomes: string[]; ms: number[] }[] = [];
  for (const side of sides) {
    const size = `${side}x${side}`;
    const row = { easy: 0, medium: 0, hard: 0, expert: 0 } as Record<Level, number>;
    for (const level of LEVELS) {
      const params = family.parseParams(`${size}-${level}`);
      if (!params.ok) throw new Error(`${name} ${size}-${level}: ${params.error.message}`);
      const outcomes: string[] = [];
      const ms: number[] = [];
      for (let i = 0; i < opts.seeds; i++) {
        const t0 = performance.now();
        // biome-ignore lint/suspicious/noExplicitAny: the registry's family types are per family
        const r = (family.generate as any)(params.value, `level-table/${i}`, { deadlineMs: opts.budgetMs });
        ms.push(Math.round(performance.now() - t0));
        const got = r.ok ? r.grade.level : r.reason === 'other-level' ? `other-level:${r.nearest?.grade.level}` : r.reason;
        outcomes.push(got);
        if (r.ok && r.grade.level === level) row[level]++;
      }
      timings.push({ size, level, made: row[level], outcomes, ms });
      const sorted = [...ms].sort((a, b) => a - b);
      console.log(
        `${name} ${size} ${level}: ${row[level]}/${opts.seeds}  median ${sorted[sorted.length >> 1]} ms, max ${sorted[sorted.length - 1]} ms  [${outcomes.join(' ')}]`,
      );
    }
    sizes[size] = row;
  }
  const m = machine();
  const table: LevelTable = { family: name, version: family.version, seeds: opts.seeds, budgetMs: opts.budgetMs, measured: measuredOn(m), sizes };
  if (opts.dry) continue;
  write(table);
  writeFileSync(join(RESULTS, `level-table-${name}.json`), rowsJson({ machine: m, table, timings }, 'timings'));
}
