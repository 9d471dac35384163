/**
 * Numberlink: zero wrong verdicts (issue 18). Random small boards (2x2 to 6x6, seeded: a third planted
 * coverings cut into paths, a third random endpoints, a third few pairs on open boards) counted under each rule set (strict, no-2x2,
 * no-touch) by every counter, up to LIMIT solutions, against cadical on the CNF (`cnf.ts`, one
 * process per SAT call, solutions blocked in turn: another paradigm):
 * - the frontier counter (`frontier.ts`; strict and no-2x2, it refuses no-touch), and the same with
 *   a state cap of one that grows (`grow`), so the resumed sweeps are checked too;
 * - the plain-rule counter (`plain.ts`);
 * - the corner sweep (`sweep.ts`; exact under no-2x2 and no-touch, it refuses strict);
 * - the path-growth search alone (`solver.ts` with every other stage off);
 * - `countSolutions`, what `count` runs (the stages in turn).
 * Every counter must give cadical's count (capped at LIMIT) and, below LIMIT, the same solutions;
 * every solution is checked by the verifier. Any disagreement is written to the results and fails
 * the run.
 * With --workers W the boards are split among W child processes (cadical's process starts dominate
 * the wall clock; the results are merged).
 *   npx tsx bench/numberlink-agree.ts [--boards N] [--seed S] [--workers W]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import fc from 'fast-check';
import { Meter } from '../src/core/budget.ts';
import { verdictFromCount, type Verdict } from '../src/core/verdict.ts';
import { frontierCount } from '../src/families/numberlink/frontier.ts';
import { plainCount } from '../src/families/numberlink/plain.ts';
import { makeNumberlink, verifySolution } from '../src/families/numberlink/puzzle.ts';
import { countSolutions } from '../src/families/numberlink/solver.ts';
import { CornerSweep, type SweepRule } from '../src/families/numberlink/sweep.ts';
import { RULES, type Numberlink, type Rule, type Solution } from '../src/families/numberlink/types.ts';
import { satCountNumberlink } from '../src/witness/numberlink-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import { plantedArb, randomEndpointsArb } from '../test/numberlink-helpers.ts';
import { machine, RESULTS } from './lib.ts';

const opts = new Command()
  .option('--boards <n>', 'random boards (each counted under every rule set)', (v) => Number(v), 10_000)
  .option('--seed <s>', 'seed of the boards', (v) => Number(v), 2026)
  .option('--workers <w>', 'child processes to split the boards among', (v) => Number(v), 1)
  .option('--shard <k/n>', '(a worker) count only the boards b with b % n === k, write to --out')
  .option('--out <file>', '(a worker) where to write its part')
  .parse()
  .opts<{ boards: number; seed: number; workers: number; shard?: string; out?: string }>();

if (!availableBinaries().includes('cadical')) throw new Error('numberlink-agree: cadical is not installed (apt-get install cadical)');

/** Counts up to this many solutions: 0, 1, 2 and "3 or more" are told apart. */
const LIMIT = 3;

type Counter = { name: string; rules: readonly Rule[]; count: (p: Numberlink) => Verdict<Solution> };
const COUNTERS: Counter[] = [
  { name: 'frontier', rules: ['strict', 'no-2x2'], count: (p) => frontierCount(p, { limit: LIMIT }) },
  { name: 'frontier-grow', rules: ['strict', 'no-2x2'], count: (p) => frontierCount(p, { limit: LIMIT, maxStates: 1, grow: 1_000_000 }) },
  { name: 'plain', rules: RULES, count: (p) => plainCount(p, { limit: LIMIT }) },
  {
    name: 'sweep',
    rules: ['no-2x2', 'no-touch'],
    count: (p) => {
      const meter = new Meter();
      const r = new CornerSweep(p, p.rule as SweepRule).run(LIMIT, meter);
      return verdictFromCount(r.found, r.stop, { nodes: meter.nodes, ms: 0 });
    },
  },
  {
    name: 'path-search',
    rules: RULES,
    count: (p) => countSolutions(p, { limit: LIMIT, cdcl: false, sweepNodes: 0, windowNodes: 0, frontierNodes: 0, splitNodes: 0 }),
  },
  { name: 'countSolutions', rules: RULES, count: (p) => countSolutions(p, { limit: LIMIT }) },
];

const solutionsOf = (v: Verdict<Solution>): Solution[] => (v.kind === 'multiple' ? v.solutions : v.kind === 'unique' ? [v.solution] : []);
const keys = (v: Verdict<Solution>): string[] =>
  solutionsOf(v)
    .map((s) => Array.from(s).join(','))
    .sort();

type Part = {
  comparisons: number;
  disagreements: string[];
  cpu: Record<string, number>;
  perRule: Record<string, { boards: number; counts: Record<string, number>; checks: Record<string, number> }>;
};

if (opts.workers > 1) {
  // The parent: W workers, then the merged results.
  const files = Array.from({ length: opts.workers }, (_, k) => join(tmpdir(), `numberlink-agree-${process.pid}-${k}.json`));
  const args = (k: number): string[] => [
    '--import',
    'tsx',
    process.argv[1],
    ...['--boards', String(opts.boards), '--seed', String(opts.seed), '--shard', `${k}/${opts.workers}`, '--out', files[k]],
  ];
  const codes = await Promise.all(
    files.map((_, k) => new Promise<number>((done) => spawn(process.execPath, args(k), { stdio: 'inherit' }).on('exit', (c) => done(c ?? 1)))),
  );
  const parts = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Part);
  for (const f of files) rmSync(f, { force: true });
  const merged: Part = { comparisons: 0, disagreements: [], cpu: {}, perRule: {} };
  for (const part of parts) {
    merged.comparisons += part.comparisons;
    merged.disagreements.push(...part.disagreements);
    for (const [k, v] of Object.entries(part.cpu)) merged.cpu[k] = (merged.cpu[k] ?? 0) + v;
    for (const [rule, r] of Object.entries(part.perRule)) {
      const m = (merged.perRule[rule] ??= { boards: 0, counts: {}, checks: {} });
      m.boards += r.boards;
      for (const [k, v] of Object.entries(r.counts)) m.counts[k] = (m.counts[k] ?? 0) + v;
      for (const [k, v] of Object.entries(r.checks)) m.checks[k] = (m.checks[k] ?? 0) + v;
    }
  }
  finish(merged);
  process.exit(codes.some((c) => c !== 0) || merged.disagreements.length ? 1 : 0);
}

/** Writes the results and the summary line. */
function finish(part: Part): void {
  const out = {
    machine: machine(),
    cpu: `user + system of the counting process${opts.workers > 1 ? 'es' : ''}, per counter (cadical: the parent's side of its calls; its own CPU, in child processes, is not in it)`,
    boards: opts.boards,
    seed: opts.seed,
    limit: LIMIT,
    comparisons: part.comparisons,
    disagreements: part.disagreements.length,
    cpuMsByCounter: Object.fromEntries(Object.entries(part.cpu).map(([k, v]) => [k, Math.round(v)])),
    perRule: part.perRule,
    ...(part.disagreements.length ? { firstDisagreements: part.disagreements.slice(0, 50) } : {}),
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'numberlink-agree.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`${opts.boards} boards x ${RULES.length} rule sets: ${part.comparisons} comparisons with cadical, ${part.disagreements.length} disagreements`);
  console.log('wrote bench/results/numberlink-agree.json');
}

const [shardK, shardN] = opts.shard ? opts.shard.split('/').map(Number) : [0, 1];
/** Few pairs (2 to 4) on open boards of 3x3 to 6x6: where no-2x2 and no-touch have several solutions too. */
const sparseArb = fc
  .record({ w: fc.integer({ min: 3, max: 6 }), h: fc.integer({ min: 3, max: 6 }), picks: fc.array(fc.nat(), { minLength: 4, maxLength: 8 }) })
  .map(({ w, h, picks }) => {
    const cells: (string | null)[] = new Array(w * h).fill(null);
    const free = Array.from({ length: w * h }, (_, i) => i);
    for (let t = 0; t < picks.length - (picks.length % 2); t++) cells[free.splice(picks[t] % free.length, 1)[0]] = `s${t >> 1}`;
    return { w, h, cells };
  });
const third = Math.floor(opts.boards / 3);
const boards = [
  ...fc.sample(plantedArb, { seed: opts.seed, numRuns: opts.boards - 2 * third }),
  ...fc.sample(randomEndpointsArb(12), { seed: opts.seed + 1, numRuns: third }),
  ...fc.sample(sparseArb, { seed: opts.seed + 2, numRuns: third }),
];

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const perRule: Record<string, { boards: number; counts: Record<string, number>; checks: Record<string, number> }> = {};
const cpu: Record<string, number> = {};
const disagreements: string[] = [];
let checks = 0;
const t0 = cpuMs();
for (const [b, { w, h, cells }] of boards.entries()) {
  if (b % shardN !== shardK) continue;
  for (const rule of RULES) {
    const made = makeNumberlink(w, h, cells, rule);
    if (!made.ok) throw new Error(made.error.message);
    const p = made.value;
    const where = `board ${b} ${w}x${h} ${rule} ${JSON.stringify(cells)}`;
    let t = cpuMs();
    const sat = await satCountNumberlink(p, 'cadical', { limit: LIMIT });
    cpu.cadical = (cpu.cadical ?? 0) + cpuMs() - t;
    if (sat.kind === 'inconclusive') throw new Error(`${where}: cadical inconclusive (${sat.stop})`);
    const want = keys(sat);
    const row = (perRule[rule] ??= { boards: 0, counts: {}, checks: {} });
    row.boards++;
    const n = Math.min(want.length, LIMIT);
    row.counts[n === LIMIT ? `${LIMIT}+` : String(n)] = (row.counts[n === LIMIT ? `${LIMIT}+` : String(n)] ?? 0) + 1;
    for (const c of COUNTERS) {
      if (!c.rules.includes(rule)) continue;
      t = cpuMs();
      const v = c.count(p);
      cpu[c.name] = (cpu[c.name] ?? 0) + cpuMs() - t;
      checks++;
      row.checks[c.name] = (row.checks[c.name] ?? 0) + 1;
      const got = keys(v);
      const bad =
        v.kind === 'inconclusive'
          ? `inconclusive (${v.stop})`
          : new Set(got).size !== got.length
            ? 'repeated solutions'
            : solutionsOf(v).some((s) => !verifySolution(p, s).ok)
              ? 'a solution that does not verify'
              : got.length !== want.length
                ? `${got.length} solutions, cadical ${want.length}`
                : want.length < LIMIT && got.join(';') !== want.join(';')
                  ? 'other solutions than cadical'
                  : null;
      if (bad) {
        disagreements.push(`${c.name}: ${where}: ${bad}`);
        console.error(`DISAGREEMENT ${c.name}: ${where}: ${bad}`);
      }
    }
  }
  if ((b + 1) % 500 === 0)
    console.log(
      `${opts.shard ?? ''} ${b + 1}/${boards.length} boards, ${checks} checks, ${disagreements.length} disagreements, ${((cpuMs() - t0) / 1000).toFixed(0)} s CPU`,
    );
}

const part: Part = { comparisons: checks, disagreements, cpu, perRule };
if (opts.out) writeFileSync(opts.out, JSON.stringify(part));
else finish(part);
if (disagreements.length) process.exit(1);
