/**
 * Algorithm C (src/core/xcc.ts) throughput: nodes per second on n-queens (8, 10, 12: every solution),
 * Langford pairs n = 11 (every solution) and planted 8×8 edge-matching models (4 border + 8 interior
 * colours, 1 clue) counted to 2 under a node budget, the way the playable generator certifies. Each
 * figure is the best of a few repetitions (wall clock, and the process's CPU time beside it, since
 * the machine may be shared); model construction is timed apart from the search. Node counts are part
 * of the output: they must not change when the engine gets faster (the search is fixed).
 *   npx tsx bench/xcc.ts [--models N] [--max-nodes N] [--reps N]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { XccProblem, type XccSpec } from '../src/core/xcc.ts';
import { generatePlanted } from '../src/families/edgematch/planted.ts';
import { edgematchModel } from '../src/families/edgematch/xcc-model.ts';
import { langford, queens } from '../test/xcc-problems.ts';
import { machine, RESULTS } from './lib.ts';

const opts = new Command()
  .option('--models <n>', 'edge-matching models (seeds xcc-bench-0 ..)', (v) => Number(v), 10)
  .option('--max-nodes <n>', 'node budget per edge-matching count', (v) => Number(v), 2_000_000)
  .option('--reps <n>', 'repetitions of the small problems (best kept)', (v) => Number(v), 5)
  .parse()
  .opts<{ models: number; maxNodes: number; reps: number }>();

interface Row {
  name: string;
  /** Solutions counted (or the verdicts, for the edge-matching models). */
  result: string;
  nodes: number;
  buildMs: number;
  searchMs: number;
  cpuMs: number;
  nodesPerSec: number;
}

const cpuMs = (): number => process.cpuUsage().user / 1000;
const round = (x: number, d = 1): number => Math.round(x * 10 ** d) / 10 ** d;

function enumerate(name: string, spec: XccSpec, expected: number, reps: number): Row {
  let best: Row | null = null;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    const p = new XccProblem(spec);
    const t1 = performance.now();
    const c1 = cpuMs();
    const e = p.countAll();
    const cpu = cpuMs() - c1;
    const ms = performance.now() - t1;
    if (e.stop !== 'completed' || e.count !== expected) throw new Error(`${name}: ${e.count} solutions (${e.stop}), expected ${expected}`);
    if (!best || ms < best.searchMs) {
      best = {
        name,
        result: `${e.count} solutions`,
        nodes: e.stats.nodes,
        buildMs: round(t1 - t0, 2),
        searchMs: round(ms, 2),
        cpuMs: round(cpu, 2),
        nodesPerSec: Math.round(e.stats.nodes / (ms / 1000)),
      };
    }
  }
  return best!;
}

function edgematch(models: number, maxNodes: number): Row {
  const instances = Array.from({ length: models }, (_, k) => {
    const r = generatePlanted({ width: 8, height: 8, borderColours: 4, interiorColours: 8, clues: 1 }, `xcc-bench-${k}`);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.instance;
  });
  let build = 0;
  let search = 0;
  let cpu = 0;
  let nodes = 0;
  const kinds: string[] = [];
  for (const inst of instances) {
    const t0 = performance.now();
    const model = edgematchModel(inst);
    const t1 = performance.now();
    const c1 = cpuMs();
    const v = model.problem.count({ limit: 2, budget: { maxNodes } });
    cpu += cpuMs() - c1;
    search += performance.now() - t1;
    build += t1 - t0;
    nodes += v.stats.nodes;
    kinds.push(`${v.kind}:${v.stats.nodes}`);
  }
  console.log(`  per model (verdict:nodes): ${kinds.join(' ')}`);
  return {
    name: `edgematch 8x8 b4 i8 k1 x${models}, count to 2, ${maxNodes} nodes`,
    result: kinds.join(' '),
    nodes,
    buildMs: round(build, 1),
    searchMs: round(search, 1),
    cpuMs: round(cpu, 1),
    nodesPerSec: Math.round(nodes / (search / 1000)),
  };
}

// Warm-up (JIT), on problems that are not measured.
for (let n = 4; n <= 9; n++) new XccProblem(queens(n)).countAll();
new XccProblem(langford(8)).countAll();

const rows: Row[] = [];
const show = (r: Row): void => {
  rows.push(r);
  console.log(
    `${r.name.padEnd(24)} ${String(r.nodes).padStart(9)} nodes  ${r.searchMs.toFixed(1).padStart(9)} ms (cpu ${r.cpuMs.toFixed(1)})  ${(r.nodesPerSec / 1e6).toFixed(3)} M nodes/s  build ${r.buildMs} ms  ${r.name.startsWith('edge') ? '' : r.result}`,
  );
};
show(enumerate('8-queens all', queens(8), 92, opts.reps));
show(enumerate('10-queens all', queens(10), 724, opts.reps));
show(enumerate('12-queens all', queens(12), 14200, Math.min(opts.reps, 3)));
show(enumerate('langford 11 all', langford(11), 35584, Math.min(opts.reps, 3)));
show(edgematch(opts.models, opts.maxNodes));

mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'xcc.json'), `${JSON.stringify({ machine: machine(), models: opts.models, maxNodes: opts.maxNodes, rows }, null, 2)}\n`);
console.log('wrote bench/results/xcc.json');
