/**
 * Find-one speed on the TAAI/TCGA/ICGA tournament sets (1000 × 25×25 each), one core, as in the
 * tournaments. Per puzzle: the portfolio search under a deadline; every solution is re-verified.
 * Results go to bench/results/taai/<set>.jsonl (resumable) and a summary table.
 *   npx tsx bench/taai.ts [--sets a,b] [--first N] [--timeout-ms MS] [--fresh] [--retry]
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { verifySolution } from '../src/families/nonogram/puzzle.ts';
import { parseTaai } from '../src/families/nonogram/formats/index.ts';
import { hybridSearch } from '../src/families/nonogram/solver.ts';
import { fmtMs, machine, quantiles, requireData, RESULTS } from './lib.ts';

const program = new Command()
  .option('--sets <list>', 'comma-separated set names (default: all)')
  .option('--first <n>', 'only the first N puzzles of each set', (v) => Number(v))
  .option('--timeout-ms <ms>', 'deadline per puzzle', (v) => Number(v), 120_000)
  .option('--fresh', 'discard earlier results of these sets')
  .option('--out-dir <name>', 'folder under bench/results for the .jsonl files', 'taai')
  .option('--retry', "run again the puzzles an earlier run left inconclusive (with this run's deadline)")
  .parse();
const opts = program.opts<{ sets?: string; first?: number; timeoutMs: number; fresh?: boolean; retry?: boolean; outDir: string }>();

const dir = join(requireData('nonogram/taai'), 'question');
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => f.replace(/\.txt$/, ''))
  .sort();
const sets = opts.sets ? opts.sets.split(',') : all;
const outDir = join(RESULTS, opts.outDir);
mkdirSync(outDir, { recursive: true });

for (const set of sets) {
  const file = join(outDir, `${set}.jsonl`);
  if (opts.fresh && existsSync(file)) rmSync(file);
  const done = new Set<number>();
  if (!existsSync(file)) appendFileSync(file, `${JSON.stringify({ machine: machine() })}\n`);
  if (opts.retry) {
    // Keep every line but the inconclusive ones, which are run again below.
    const kept = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l && JSON.parse(l).kind !== 'inconclusive');
    writeFileSync(file, `${kept.join('\n')}\n`);
  }
  for (const line of readFileSync(file, 'utf8').split('\n')) if (line && JSON.parse(line).n) done.add(JSON.parse(line).n);
  const t0 = performance.now();
  const parsed = parseTaai(readFileSync(join(dir, `${set}.txt`), 'utf8'));
  if (!parsed.ok) throw new Error(`${set}: ${parsed.error.message}`);
  const puzzles = parsed.value.slice(0, opts.first ?? parsed.value.length);
  for (let i = 0; i < puzzles.length; i++) {
    if (done.has(i + 1)) continue;
    const t = performance.now();
    const c0 = process.cpuUsage().user;
    // findSolution's own call (limit 1), read here for its stage split.
    const h = hybridSearch(puzzles[i], { limit: 1, budget: { deadlineMs: opts.timeoutMs } });
    const cpuMs = (process.cpuUsage().user - c0) / 1000;
    const ms = performance.now() - t;
    const kind = h.found.length > 0 ? 'found' : h.stop === 'completed' ? 'none' : 'inconclusive';
    if (kind === 'found' && !verifySolution(puzzles[i], h.found[0]).ok) throw new Error(`${set} #${i + 1}: invalid solution`);
    appendFileSync(
      file,
      `${JSON.stringify({ n: i + 1, kind, ms: Math.round(ms * 100) / 100, cpuMs: Math.round(cpuMs * 100) / 100, stage: h.stats.stage, nodes: h.stats.nodes, conflicts: h.stats.conflicts, ...(opts.retry ? { retry: true, deadlineMs: opts.timeoutMs } : {}) })}\n`,
    );
    if ((i + 1) % 100 === 0) console.error(`${set}: ${i + 1}/${puzzles.length} (${fmtMs(performance.now() - t0)})`);
  }
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { n: number; kind: string; ms: number; cpuMs?: number; stage?: string })
    .filter((r) => r.n);
  const q = quantiles(rows.map((r) => r.ms));
  const solved = rows.filter((r) => r.kind === 'found').length;
  console.log(`${set}\t${solved}/${rows.length} solved\ttotal ${fmtMs(q.total)}\tmedian ${fmtMs(q.median)}\tp99 ${fmtMs(q.p99)}\tmax ${fmtMs(q.max)}`);
  if (rows.every((r) => r.cpuMs !== undefined)) {
    // CPU (user) time, one core: the tournament's measure. Stage split: which stage ended each search.
    const cpu = rows.map((r) => r.cpuMs ?? 0);
    const worst = rows.reduce((a, r) => ((r.cpuMs ?? 0) > (a.cpuMs ?? 0) ? r : a));
    const split = (st: string): string => {
      const rs = rows.filter((r) => r.stage === st);
      return `${st} ${rs.length} puzzles ${fmtMs(rs.reduce((a, r) => a + (r.cpuMs ?? 0), 0))}`;
    };
    console.log(`${set}\tCPU total ${fmtMs(cpu.reduce((a, b) => a + b, 0))}\tworst #${worst.n} ${fmtMs(worst.cpuMs ?? 0)}\t${split('dfs')}\t${split('cdcl')}`);
  }
}
