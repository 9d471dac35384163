/**
 * Start-up of the `proofgrid` command (issue 16: `--help` under 150 ms): the compiled command as the
 * package installs it (dist/cli/main.js, built first by scripts/build.mjs) beside the old launcher
 * that runs the sources through tsx (bin/proofgrid.js; tsx's transform cache warm after the warm-up
 * runs), and bare Node (`node -e 0`) as the floor, run in turn (A B C A B C ...) so that a drift of the
 * machine's speed touches all alike. Wall time of the whole process, from spawn to exit.
 *   npx tsx bench/cli-startup.ts [--runs N]     writes bench/results/cli-startup.json
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { machine, quantiles } from './lib.ts';

const ROOT = join(import.meta.dirname, '..');
const at = process.argv.indexOf('--runs');
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 30;
const WARMUP = 3;
const round = (x: number): number => Math.round(x * 10) / 10;

const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const ID = 'nonogram:5x5:3/3.1/3/2/2/4/4/3/1/2'; // proofgrid generate --size 5 --seed bench --level easy
const COMMANDS: { name: string; args: string[]; expect: number }[] = [
  { name: 'node -e 0 (floor)', args: ['-e', '0'], expect: 0 },
  { name: 'compiled --help', args: ['dist/cli/main.js', '--help'], expect: 0 },
  { name: 'tsx bin --help', args: ['bin/proofgrid.js', '--help'], expect: 0 },
  { name: 'compiled count --id', args: ['dist/cli/main.js', 'count', '--id', ID], expect: 10 },
  { name: 'tsx bin count --id', args: ['bin/proofgrid.js', 'count', '--id', ID], expect: 10 },
];

function once(args: string[], expect: number): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== expect) throw new Error(`node ${args.join(' ')}: exit ${r.status}, expected ${expect}\n${r.stderr}`);
  return ms;
}

const loadBefore = loadavg().map((x) => round(x));
for (let i = 0; i < WARMUP; i++) for (const c of COMMANDS) once(c.args, c.expect);
const times = COMMANDS.map(() => [] as number[]);
for (let i = 0; i < RUNS; i++) COMMANDS.forEach((c, k) => times[k].push(once(c.args, c.expect)));

const rows = COMMANDS.map((c, k) => {
  const q = quantiles(times[k]);
  return {
    command: c.name,
    argv: ['node', ...c.args],
    runs: q.n,
    minMs: round(Math.min(...times[k])),
    medianMs: round(q.median),
    p90Ms: round(q.p90),
    maxMs: round(q.max),
  };
});
/** Median of the run-by-run ratios a/b (the runs were paired in time). */
const pairedRatio = (a: number, b: number): number => {
  const r = times[a].map((x, i) => x / times[b][i]).sort((x, y) => x - y);
  return Math.round(r[Math.floor(r.length / 2)] * 1000) / 1000;
};
const ratios = { helpCompiledOverTsx: pairedRatio(1, 2), countCompiledOverTsx: pairedRatio(3, 4) };
for (const r of rows) console.log(`${r.command.padEnd(24)} median ${String(r.medianMs).padStart(7)} ms  min ${r.minMs}  p90 ${r.p90Ms}  max ${r.maxMs}`);
console.log(`compiled / tsx (median of paired runs): --help ${ratios.helpCompiledOverTsx}, count ${ratios.countCompiledOverTsx}`);
const out = join(import.meta.dirname, 'results', 'cli-startup.json');
writeFileSync(
  out,
  `${JSON.stringify({ machine: machine(), loadavg: { before: loadBefore, after: loadavg().map((x) => round(x)) }, runs: RUNS, warmup: WARMUP, targetMs: 150, rows, ratios }, null, 2)}\n`,
);
console.log(`wrote ${out}`);
