/**
 * `npm run level-table`: measures which (size, level) pairs each family's current generator version
 * produces, and writes the table the engine offers them from (`src/families/<family>/generate/level-table.ts`,
 * a `LevelTable` of core/family.ts) plus the timings behind it (`bench/results/level-table-<family>.json`).
 *
 * Per family, per square side the player's pickers offer, per level: `--seeds` generations (seeds
 * `level-table/<i>`), each under a deadline of `--budget-ms`; a seed counts for the level when it came
 * out certified at exactly that level. A pair is offered when at least half the seeds made it
 * (core `levelChoices`).
 * The deadline makes the table depend on the machine it ran on (recorded in it).
 *
 * On a loaded machine wall time says little: `--cpu` counts a seed only when its generation also
 * took at most `--budget-ms` of CPU time (user + system of this process, which runs one generation at a
 * time), under a wall deadline of `--wall-ms` (default 10 times the budget), so the table does not
 * depend on how many other jobs share the cores. `--levels` measures only those levels (the others
 * are recorded as made by no seed, `not measured` in the timings: use it for levels known out of
 * reach, where every seed would spend the whole budget). Long runs can be split: `--part <name>`
 * writes `bench/results/level-table-<family>.part-<name>.json` and nothing else; `--merge` then
 * writes the table and results from all parts (each size from one part).
 *
 *   npm run level-table -- [--family numberlink] [--seeds 6] [--budget-ms 20000] [--sides 5,7,10]
 *                          [--cpu] [--wall-ms 200000] [--levels easy,medium] [--part a | --merge]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { isLevel, LEVELS, type Level, type LevelTable } from '../src/core/family.ts';
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
  .option('--cpu', 'the budget is CPU time (a seed counts only within it), under a wall deadline of --wall-ms')
  .option('--wall-ms <ms>', 'with --cpu: the wall deadline of each generation (default 10 times --budget-ms)', (v) => Number(v))
  .option('--levels <list>', 'measure only these levels (the others: made by no seed, not measured)')
  .option('--part <name>', 'write bench/results/level-table-<family>.part-<name>.json only (merge later with --merge)')
  .option('--merge', 'write the table and results from the parts, measuring nothing (the parts are removed)')
  .option('--dry', 'print, write nothing')
  .option('--rewrite', 'write the modules again from bench/results/level-table-<family>.json, measuring nothing')
  .parse()
  .opts<{
    family?: string;
    seeds: number;
    budgetMs: number;
    sides?: string;
    cpu?: boolean;
    wallMs?: number;
    levels?: string;
    part?: string;
    merge?: boolean;
    dry?: boolean;
    rewrite?: boolean;
  }>();

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

const measuredOn = (m: Record<string, string | number>, cpu = false): string =>
  `${m.cores} cores (${m.cpu}), shared with other work, commit ${m.commit}, ${String(m.date).slice(0, 10)}${cpu ? ', budget in CPU time' : ''}`;

interface Timing {
  size: string;
  level: Level;
  made: number;
  outcomes: string[];
  ms: number[];
  cpuMs?: number[];
}
interface Part {
  machine: Record<string, string | number>;
  table: LevelTable;
  cpu?: boolean;
  timings: Timing[];
}
const partPrefix = (name: string): string => `level-table-${name}.part-`;

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
    write({ ...stored.table, measured: measuredOn(stored.machine, stored.table.measured.endsWith('budget in CPU time')) });
    continue;
  }
  if (opts.merge) {
    // The parts of one measurement, each holding some sizes, as one table (sizes by area).
    const files = readdirSync(RESULTS).filter((f) => f.startsWith(partPrefix(name)) && f.endsWith('.json'));
    if (files.length === 0) throw new Error(`no ${partPrefix(name)}*.json in ${RESULTS}`);
    const parts = files.map((f) => JSON.parse(readFileSync(join(RESULTS, f), 'utf8')) as Part);
    const first = parts[0];
    for (const q of parts)
      if (q.table.version !== first.table.version || q.table.seeds !== first.table.seeds || q.table.budgetMs !== first.table.budgetMs || q.cpu !== first.cpu)
        throw new Error('the parts were measured with other settings (version, seeds, budget or --cpu)');
    const cells = (size: string): number => size.split('x').reduce((a, b) => a * Number(b), 1);
    const sizes: Record<string, Record<Level, number>> = {};
    for (const size of parts.flatMap((q) => Object.keys(q.table.sizes)).sort((a, b) => cells(a) - cells(b))) {
      const q = parts.find((x) => size in x.table.sizes)!;
      sizes[size] = q.table.sizes[size];
    }
    const timings = parts.flatMap((q) => q.timings).sort((a, b) => cells(a.size) - cells(b.size) || LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level));
    const m = first.machine;
    const table: LevelTable = { ...first.table, measured: measuredOn(m, first.cpu), sizes };
    if (opts.dry) continue;
    write(table);
    writeFileSync(join(RESULTS, `level-table-${name}.json`), rowsJson({ machine: m, table, timings }, 'timings'));
    for (const f of files) unlinkSync(join(RESULTS, f));
    continue;
  }
  const sides = opts.sides ? opts.sides.split(',').map(Number) : SIDES[name];
  const levels = opts.levels ? opts.levels.split(',') : [...LEVELS];
  for (const l of levels) if (!isLevel(l)) throw new Error(`--levels: unknown level ${l}`);
  const wallMs = opts.cpu ? (opts.wallMs ?? 10 * opts.budgetMs) : opts.budgetMs;
  const sizes: Record<string, Record<Level, number>> = {};
  const timings: Timing[] = [];
  for (const side of sides) {
    const size = `${side}x${side}`;
    const row = { easy: 0, medium: 0, hard: 0, expert: 0 } as Record<Level, number>;
    for (const level of LEVELS) {
      if (!levels.includes(level)) {
        timings.push({ size, level, made: 0, outcomes: ['not measured'], ms: [] });
        continue;
      }
      const params = family.parseParams(`${size}-${level}`);
      if (!params.ok) throw new Error(`${name} ${size}-${level}: ${params.error.message}`);
      const outcomes: string[] = [];
      const ms: number[] = [];
      const cpuMs: number[] = [];
      for (let i = 0; i < opts.seeds; i++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        // biome-ignore lint/suspicious/noExplicitAny: the registry's family types are per family
        const r = (family.generate as any)(params.value, `level-table/${i}`, { deadlineMs: wallMs });
        const c = process.cpuUsage(c0);
        ms.push(Math.round(performance.now() - t0));
        cpuMs.push(Math.round((c.user + c.system) / 1000));
        const within = !opts.cpu || cpuMs[cpuMs.length - 1] <= opts.budgetMs;
        const got = !within ? 'cpu-budget' : r.ok ? r.grade.level : r.reason === 'other-level' ? `other-level:${r.nearest?.grade.level}` : r.reason;
        outcomes.push(got);
        if (within && r.ok && r.grade.level === level) row[level]++;
      }
      timings.push({ size, level, made: row[level], outcomes, ms, ...(opts.cpu ? { cpuMs } : {}) });
      const sorted = [...(opts.cpu ? cpuMs : ms)].sort((a, b) => a - b);
      console.log(
        `${name} ${size} ${level}: ${row[level]}/${opts.seeds}  median ${sorted[sorted.length >> 1]} ms${opts.cpu ? ' CPU' : ''}, max ${sorted[sorted.length - 1]} ms  [${outcomes.join(' ')}]`,
      );
    }
    sizes[size] = row;
  }
  const m = machine();
  const table: LevelTable = { family: name, version: family.version, seeds: opts.seeds, budgetMs: opts.budgetMs, measured: measuredOn(m, opts.cpu), sizes };
  if (opts.dry) continue;
  if (opts.part) {
    const part: Part = { machine: m, table, cpu: opts.cpu ?? false, timings };
    writeFileSync(join(RESULTS, `${partPrefix(name)}${opts.part}.json`), rowsJson({ ...part }, 'timings'));
    console.log(`wrote ${join(RESULTS, `${partPrefix(name)}${opts.part}.json`)}`);
    continue;
  }
  write(table);
  writeFileSync(join(RESULTS, `level-table-${name}.json`), rowsJson({ machine: m, table, timings }, 'timings'));
}
