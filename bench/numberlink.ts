/**
 * Numberlink: find one solution and certify (count to 2) on the public sets, with the CNF model on the
 * Debian cadical binary side by side where it is quick (the Flow puzzles). Thomas Ahle's Go solver and
 * mzucker's flow_solver, the references, are not installable here (no network beyond npm and
 * Debian): their figures are quoted from the issue.
 * Find one is timed twice per set: cold (the first pass in a fresh process, code not yet compiled by
 * the JIT) and warm (after a warm-up on generated puzzles, none from the measured sets), since the
 * reference is a compiled Go binary. The issue sets no time for deciding Janko under strict; that
 * count gets its own, longer deadline (--certify-strict-ms).
 *   npx tsx bench/numberlink.ts [--solve-ms MS] [--certify-ms MS] [--certify-strict-ms MS]
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS } from '../src/core/family.ts';
import { parsePuzzles } from '../src/families/numberlink/formats/index.ts';
import { generateNumberlink } from '../src/families/numberlink/generator.ts';
import { countSolutions, findSolution } from '../src/families/numberlink/solver.ts';
import type { Numberlink, Rule } from '../src/families/numberlink/types.ts';
import { satCountNumberlink } from '../src/witness/numberlink-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import { machine, quantiles, requireData, RESULTS } from './lib.ts';

const opts = new Command()
  .option('--solve-ms <ms>', 'deadline per puzzle to find one solution', (v) => Number(v), 5_000)
  .option('--certify-ms <ms>', 'deadline per puzzle to count to 2 under no-2x2 and no-touch', (v) => Number(v), 10_000)
  .option('--certify-strict-ms <ms>', 'deadline per puzzle to count to 2 under strict', (v) => Number(v), 30_000)
  .parse()
  .opts<{ solveMs: number; certifyMs: number; certifyStrictMs: number }>();

const root = requireData('numberlink');
const load = (file: string, rule: Rule): Numberlink[] => {
  const r = parsePuzzles(readFileSync(join(root, file), 'utf8'), undefined, rule);
  if (!r.ok) throw new Error(`${file}: ${r.error.message}`);
  return r.value;
};
const flowFiles = readdirSync(join(root, 'flow'))
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => `flow/${f}`);
const SETS: { name: string; files: string[]; quotedSolve?: string; strict?: false }[] = [
  { name: 'flow (19)', files: flowFiles, quotedSolve: 'Ahle 4 ms; flow_solver 0.85 s' },
  { name: 'janko (135)', files: ['janko/janko-even.txt'], quotedSolve: 'Ahle 58 ms' },
  // Certifying under strict is not run on 40x20 (the general stages take seconds each there).
  { name: 'ahle 40x20 (101)', files: ['ahle/inputs9.txt'], quotedSolve: 'Ahle 203 ms', strict: false },
  { name: 'ahle flow 8x8 (10)', files: ['ahle/inputs1.txt'] },
  { name: 'ahle edge cases (20)', files: ['ahle/inputs5.txt'] },
];

function summarise(ms: number[], kinds: string[]) {
  const q = quantiles(ms);
  const counts: Record<string, number> = {};
  for (const k of kinds) counts[k] = (counts[k] ?? 0) + 1;
  return { n: ms.length, totalMs: Math.round(ms.reduce((a, b) => a + b, 0)), medianMs: q.median, p99Ms: q.p99, maxMs: q.max, counts };
}

// Find one, under no-touch (what Ahle's solver assumes: full cover, no path touching itself).
function findAll(set: (typeof SETS)[number]) {
  const ms: number[] = [];
  const kinds: string[] = [];
  for (const f of set.files) {
    for (const p of load(f, 'no-touch')) {
      const t = performance.now();
      const r = findSolution(p, { budget: { deadlineMs: opts.solveMs } });
      ms.push(performance.now() - t);
      kinds.push(r.kind === 'inconclusive' ? r.stop : r.kind);
    }
  }
  return summarise(ms, kinds);
}

// Cold: each set's first pass, before anything else ran in this process.
const cold = new Map(SETS.map((set) => [set.name, findAll(set)]));
// Warm-up on generated puzzles of several sizes and rules (not the measured ones).
for (let i = 0; i < 40; i++) {
  const size = 6 + (i % 15);
  const r = generateNumberlink({ width: size, height: size + (i % 3), level: LEVELS[i % 4], rule: size * size > 100 ? 'no-2x2' : 'strict' }, `warm-${i}`);
  if (r.ok) for (const rule of ['no-touch', 'no-2x2'] as const) findSolution({ ...r.puzzle, rule });
}

const rows: Record<string, unknown>[] = [];
const bins = availableBinaries();
for (const set of SETS) {
  const solve = findAll(set);
  const solveCold = cold.get(set.name)!;
  console.log(`${set.name}\tsolve cold\t${JSON.stringify(solveCold)}\n${set.name}\tsolve warm\t${JSON.stringify(solve)}`);
  const certify: Record<string, unknown> = {};
  for (const rule of set.strict === false ? (['no-2x2', 'no-touch'] as const) : (['strict', 'no-2x2', 'no-touch'] as const)) {
    const ms: number[] = [];
    const kinds: string[] = [];
    const cad: number[] = [];
    const cadKinds: string[] = [];
    const withCadical = bins.includes('cadical') && set.name.startsWith('flow');
    for (const f of set.files) {
      for (const p of load(f, rule)) {
        const t = performance.now();
        const v = countSolutions(p, { budget: { deadlineMs: rule === 'strict' ? opts.certifyStrictMs : opts.certifyMs } });
        ms.push(performance.now() - t);
        kinds.push(v.kind);
        if (withCadical) {
          const t2 = performance.now();
          const c = await satCountNumberlink(p, 'cadical', { budget: { deadlineMs: rule === 'strict' ? opts.certifyStrictMs : opts.certifyMs } });
          cad.push(performance.now() - t2);
          cadKinds.push(c.kind);
          if (c.kind !== 'inconclusive' && v.kind !== 'inconclusive' && c.kind !== v.kind)
            throw new Error(`disagreement with cadical on ${f}: ${v.kind} vs ${c.kind}`);
        }
      }
    }
    certify[rule] = { ours: summarise(ms, kinds), ...(withCadical ? { cadical: summarise(cad, cadKinds) } : {}) };
    console.log(`${set.name}\tcertify ${rule}\t${JSON.stringify(certify[rule])}`);
  }
  rows.push({ set: set.name, quotedSolve: set.quotedSolve ?? null, solve, solveCold, certify });
}

mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  join(RESULTS, 'numberlink.json'),
  `${JSON.stringify({ machine: machine(), solveMs: opts.solveMs, certifyMs: opts.certifyMs, certifyStrictMs: opts.certifyStrictMs, rows }, null, 2)}\n`,
);
console.log('wrote bench/results/numberlink.json');
