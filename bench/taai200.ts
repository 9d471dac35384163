/**
 * The comparison the reference figure allows: the first 200 puzzles of each TAAI/TCGA/ICGA set, one
 * process per set, timed whole (process start to exit, like the LalaFrogKK reference) and in process.
 * Writes bench/results/taai200.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, requireData, RESULTS } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(requireData('nonogram/taai'), 'question');
const sets = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => f.replace(/\.txt$/, ''))
  .sort();
const rows: Record<string, unknown>[] = [];
for (const set of sets) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'taai-one-process.ts'), join(dir, `${set}.txt`), '200'], { encoding: 'utf8' });
  const wall = performance.now() - t;
  if (r.status !== 0) throw new Error(`${set}: ${r.stderr}`);
  const res = JSON.parse(r.stdout) as {
    solved: number;
    n: number;
    solveMs: number;
    cpuMs: number;
    maxMs: number;
    maxCpuMs: number;
    stageCpuMs: Record<string, number>;
  };
  rows.push({ set, ...res, wholeProcessMs: Math.round(wall) });
  console.log(
    `${set}\t${res.solved}/${res.n}\tin process ${(res.solveMs / 1000).toFixed(2)} s\twhole process ${(wall / 1000).toFixed(2)} s\tworst ${res.maxMs.toFixed(0)} ms\tCPU ${(res.cpuMs / 1000).toFixed(2)} s (worst ${res.maxCpuMs} ms; dfs ${res.stageCpuMs.dfs} ms, cdcl ${res.stageCpuMs.cdcl} ms)`,
  );
}
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'taai200.json'), `${JSON.stringify({ machine: machine(), rows }, null, 2)}\n`);
