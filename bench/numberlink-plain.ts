/**
 * Numberlink: certify (count to 2) under each rule set with the plain-rule counter (`plain.ts`), on
 * the public Flow, Janko and Ahle sets and on generated 20x20 and 30x30 boards (made by the current
 * generator under no-2x2, then counted under every rule set, strict included), with CPU time per
 * puzzle (user + system of this process: the machine is shared, so wall time says little).
 * Verdicts are checked against each other: the rule sets nest (no-touch ⊆ no-2x2 ⊆ strict), so a
 * unique strict puzzle cannot be multiple under no-2x2, and two unique verdicts must share their
 * solution; any disagreement fails the run.
 * With --nodes, every budget is that many nodes instead of a wall-clock deadline (on a loaded machine
 * a deadline gives each puzzle what the other processes leave it; nodes give each the same work).
 *   npx tsx bench/numberlink-plain.ts [--ms MS] [--ahle-strict-ms MS] [--generated-ms MS] [--nodes N] [--n20 N] [--n30 N] [--only SET]
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { LEVELS } from '../src/core/family.ts';
import type { Verdict } from '../src/core/verdict.ts';
import { parsePuzzles } from '../src/families/numberlink/formats/index.ts';
import { generateNumberlink } from '../src/families/numberlink/generator.ts';
import { plainCount, type PlainCountStats } from '../src/families/numberlink/plain.ts';
import { RULES, type Numberlink, type Rule, type Solution } from '../src/families/numberlink/types.ts';
import { machine, quantiles, requireData, RESULTS } from './lib.ts';

const opts = new Command()
  .option('--ms <ms>', 'deadline (wall) per puzzle and rule on the public sets', (v) => Number(v), 10_000)
  .option('--ahle-strict-ms <ms>', 'deadline per puzzle under strict on the 101 Ahle 40x20 boards', (v) => Number(v), 3_000)
  .option('--generated-ms <ms>', 'deadline per puzzle and rule on the generated boards', (v) => Number(v), 20_000)
  .option('--n20 <n>', 'generated 20x20 boards', (v) => Number(v), 12)
  .option('--n30 <n>', 'generated 30x30 boards', (v) => Number(v), 8)
  .option('--nodes <n>', 'a node budget per puzzle and rule instead of the deadlines', (v) => Number(v))
  .option('--only <set>', 'only the sets whose name starts with this (flow, janko, ahle, generated)')
  .parse()
  .opts<{ ms: number; ahleStrictMs: number; generatedMs: number; nodes?: number; n20: number; n30: number; only?: string }>();

const root = requireData('numberlink');
const load = (file: string): Numberlink[] => {
  const r = parsePuzzles(readFileSync(join(root, file), 'utf8'), undefined, 'strict');
  if (!r.ok) throw new Error(`${file}: ${r.error.message}`);
  return r.value;
};
const flowFiles = readdirSync(join(root, 'flow'))
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => `flow/${f}`);

/** Generated boards: the current generator under no-2x2 (its default above 100 cells), levels in turn. */
function generated(size: number, n: number): Numberlink[] {
  const out: Numberlink[] = [];
  for (let i = 0; out.length < n && i < 3 * n; i++) {
    const g = generateNumberlink({ width: size, height: size, level: LEVELS[i % 4], rule: 'no-2x2' }, `plain-bench-${i}`, { deadlineMs: 30_000 });
    if (g.ok) out.push(g.puzzle);
  }
  return out;
}

const SETS: { name: string; puzzles: () => Numberlink[]; ms: (rule: Rule) => number }[] = [
  { name: 'flow (19)', puzzles: () => flowFiles.flatMap(load), ms: () => opts.ms },
  { name: 'janko (135)', puzzles: () => load('janko/janko-even.txt'), ms: () => opts.ms },
  { name: 'ahle 40x20 (101)', puzzles: () => load('ahle/inputs9.txt'), ms: (r) => (r === 'strict' ? opts.ahleStrictMs : opts.ms) },
  { name: 'ahle flow 8x8 (10)', puzzles: () => load('ahle/inputs1.txt'), ms: () => opts.ms },
  { name: 'ahle edge cases (20)', puzzles: () => load('ahle/inputs5.txt'), ms: () => opts.ms },
  { name: `generated 20x20 (${opts.n20})`, puzzles: () => generated(20, opts.n20), ms: () => opts.generatedMs },
  { name: `generated 30x30 (${opts.n30})`, puzzles: () => generated(30, opts.n30), ms: () => opts.generatedMs },
];

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const key = (s: Solution): string => Array.from(s).join(',');

// Warm-up (the JIT) on small generated boards, none from the measured sets.
for (let i = 0; i < 20; i++) {
  const g = generateNumberlink({ width: 8 + (i % 6), height: 8 + (i % 5), level: LEVELS[i % 4], rule: 'strict' }, `plain-warm-${i}`);
  if (g.ok) for (const rule of RULES) plainCount(g.puzzle, { rule });
}

const rows: Record<string, unknown>[] = [];
for (const set of SETS) {
  if (opts.only && !set.name.startsWith(opts.only)) continue;
  const puzzles = set.puzzles();
  const byRule: Record<string, Verdict<Solution>[]> = {};
  const certify: Record<string, unknown> = {};
  for (const rule of RULES) {
    const ms: number[] = [];
    const kinds: Record<string, number> = {};
    const stages: Record<string, number> = {};
    let within50 = 0;
    let within1s = 0;
    let within5s = 0;
    let within10s = 0;
    const verdicts: Verdict<Solution>[] = [];
    for (const p of puzzles) {
      const stats = {} as PlainCountStats;
      const t = cpuMs();
      const v = plainCount(p, { rule, budget: opts.nodes ? { maxNodes: opts.nodes } : { deadlineMs: set.ms(rule) } }, stats);
      const cpu = cpuMs() - t;
      ms.push(cpu);
      verdicts.push(v);
      const kind = v.kind === 'inconclusive' ? `inconclusive (${v.stop})` : v.kind;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      stages[stats.stage] = (stages[stats.stage] ?? 0) + 1;
      if (v.kind !== 'inconclusive') {
        if (cpu < 50) within50++;
        if (cpu < 1000) within1s++;
        if (cpu < 5000) within5s++;
        if (cpu < 10_000) within10s++;
      }
    }
    byRule[rule] = verdicts;
    const q = quantiles(ms);
    certify[rule] = {
      n: ms.length,
      cpuTotalMs: Math.round(ms.reduce((a, b) => a + b, 0)),
      cpuMedianMs: Math.round(10 * q.median) / 10,
      cpuMaxMs: Math.round(10 * q.max) / 10,
      verdicts: kinds,
      decidedUnder: { '50ms': within50, '1s': within1s, '5s': within5s, '10s': within10s },
      stages,
      ...(opts.nodes ? { maxNodes: opts.nodes } : { deadlineMs: set.ms(rule) }),
    };
    console.log(`${set.name}\t${rule}\t${JSON.stringify(certify[rule])}`);
  }
  // The rule sets nest: check every pair of verdicts of a puzzle for consistency.
  puzzles.forEach((p, i) => {
    for (const [wide, narrow] of [
      ['strict', 'no-2x2'],
      ['no-2x2', 'no-touch'],
      ['strict', 'no-touch'],
    ] as const) {
      const a = byRule[wide][i];
      const b = byRule[narrow][i];
      if (a.kind === 'inconclusive' || b.kind === 'inconclusive') continue;
      const bad =
        (a.kind === 'none' && b.kind !== 'none') ||
        (a.kind === 'unique' && b.kind === 'multiple') ||
        (a.kind === 'unique' && b.kind === 'unique' && key(a.solution) !== key(b.solution)) ||
        (b.kind === 'multiple' && a.kind !== 'multiple');
      if (bad) throw new Error(`${set.name} #${i + 1} ${p.width}x${p.height}: ${wide} ${a.kind} but ${narrow} ${b.kind}`);
    }
  });
  rows.push({ set: set.name, certify });
}

mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  join(RESULTS, opts.only || opts.nodes ? `numberlink-plain${opts.only ? `-${opts.only}` : ''}${opts.nodes ? '-nodes' : ''}.json` : 'numberlink-plain.json'),
  `${JSON.stringify({ machine: machine(), cpu: 'user + system of the process, per puzzle', rows }, null, 2)}\n`,
);
console.log('wrote the results under bench/results/');
