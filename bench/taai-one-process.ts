/** One process: parse a TAAI file, find one solution of each of its first N puzzles, print totals as JSON. */
import { readFileSync } from 'node:fs';
import { verifySolution } from '../src/families/nonogram/puzzle.ts';
import { parseTaai } from '../src/families/nonogram/formats/index.ts';
import { hybridSearch } from '../src/families/nonogram/solver.ts';

const [file, count] = process.argv.slice(2);
const parsed = parseTaai(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const puzzles = parsed.value.slice(0, Number(count ?? parsed.value.length));
let solved = 0;
let maxMs = 0;
let maxCpuMs = 0;
// CPU (user) ms spent in the puzzles each stage ended: the stage split.
const stageCpuMs: Record<string, number> = { dfs: 0, cdcl: 0 };
const stageCount: Record<string, number> = { dfs: 0, cdcl: 0 };
const t0 = performance.now();
const cpu0 = process.cpuUsage().user;
for (const p of puzzles) {
  const t = performance.now();
  const c = process.cpuUsage().user;
  // findSolution's own call (limit 1), read here for its stage.
  const r = hybridSearch(p, { limit: 1, budget: { deadlineMs: 120_000 } });
  const cpuMs = (process.cpuUsage().user - c) / 1000;
  maxMs = Math.max(maxMs, performance.now() - t);
  maxCpuMs = Math.max(maxCpuMs, cpuMs);
  stageCpuMs[r.stats.stage] += cpuMs;
  stageCount[r.stats.stage]++;
  if (r.found.length > 0 && verifySolution(p, r.found[0]).ok) solved++;
}
const round = (x: number): number => Math.round(x);
process.stdout.write(
  JSON.stringify({
    solved,
    n: puzzles.length,
    solveMs: Math.round(performance.now() - t0),
    cpuMs: round((process.cpuUsage().user - cpu0) / 1000),
    maxMs: Math.round(maxMs),
    maxCpuMs: round(maxCpuMs),
    stageCount,
    stageCpuMs: { dfs: round(stageCpuMs.dfs), cdcl: round(stageCpuMs.cdcl) },
  }),
);
