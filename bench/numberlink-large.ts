/**
 * Numberlink find-one on large boards under the plain rule (strict), issue 18 item 3: CPU time (user
 * seconds, `process.cpuUsage()`) and peak memory (the process's resident high-water mark,
 * `process.resourceUsage().maxRSS`, read after each group; groups run from small to large, so each
 * figure bounds that size) of `findSolution`, which sends boards above LARGE_FROM_CELLS to the corner
 * sweep then the large search (`large.ts`). Boards are planted (bench/numberlink-planted.ts): eleven
 * 50x50 from the generator's cover builder asked for 30–45 pairs, 100x100, three 1002x1002 and one
 * 122x123 from the linear-time builder asked for one pair per 70 cells (the pairs each board really
 * has are recorded). Thomas Ahle's public inputs (inputs*.txt, up to 40x20) go through the large
 * search alone. Ahle's own figures are quoted from the issue (his Go solver, this machine kind).
 *   npx tsx bench/numberlink-large.ts [--ms MS] [--big-ms MS] [--quick]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { parsePuzzles } from '../src/families/numberlink/formats/index.ts';
import { findLarge } from '../src/families/numberlink/large.ts';
import { findSolution } from '../src/families/numberlink/solver.ts';
import type { Numberlink } from '../src/families/numberlink/types.ts';
import { machine, requireData, RESULTS } from './lib.ts';
import { boardOf, generatorCover, sweepCover } from './numberlink-planted.ts';

const opts = new Command()
  .option('--ms <ms>', 'deadline per board up to 122x123', (v) => Number(v), 10_000)
  .option('--big-ms <ms>', 'deadline per 1002x1002 board', (v) => Number(v), 30_000)
  .option('--quick', 'two boards of each small group, no 1002x1002 (a smoke run, not written)')
  .parse()
  .opts<{ ms: number; bigMs: number; quick?: boolean }>();

const peakMB = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

interface Row {
  board: string;
  pairs: number;
  kind: string;
  stop?: string;
  nodes: number;
  userS: number;
}

function solve(name: string, p: Numberlink, ms: number, large = false): Row {
  const t = process.cpuUsage();
  const r = large ? findLarge(p, { deadlineMs: ms }) : findSolution(p, { budget: { deadlineMs: ms } });
  const userS = Math.round(process.cpuUsage(t).user / 1000) / 1000;
  const row: Row = { board: name, pairs: p.pairs.length, kind: r.kind, nodes: r.stats.nodes, userS };
  if (r.kind === 'inconclusive') row.stop = r.stop;
  console.error(`${name}: ${p.width}x${p.height} ${p.pairs.length} pairs ${r.kind}${row.stop ? ` (${row.stop})` : ''} ${userS} s user, peak ${peakMB()} MB`);
  return row;
}

function group(name: string, boards: { name: string; p: Numberlink }[], ms: number, target: string, quoted: string, large = false) {
  const rows = boards.map((b) => solve(b.name, b.p, ms, large));
  const found = rows.filter((r) => r.kind === 'found').length;
  return {
    group: name,
    boards: rows.length,
    found,
    userS: Math.round(rows.reduce((a, r) => a + r.userS, 0) * 1000) / 1000,
    maxUserS: Math.max(...rows.map((r) => r.userS)),
    peakRssMB: peakMB(),
    deadlineMs: ms,
    target,
    quotedAhle: quoted,
    rows,
  };
}

const q = opts.quick ? 2 : Infinity;
const fifty = Array.from({ length: 11 }, (_, i) => i)
  .slice(0, q)
  .map((i) => {
    const want = 30 + Math.round((i * 15) / 10);
    const cover = generatorCover(`large-50-${i}`, 50, 50, want);
    return { name: `50x50 #${i + 1} (asked ${want} pairs)`, p: boardOf(50, 50, cover) };
  });
const hundred = Array.from({ length: 3 }, (_, i) => i)
  .slice(0, q)
  .map((i) => ({ name: `100x100 #${i + 1}`, p: boardOf(100, 100, sweepCover(`large-100-${i}`, 100, 100, 70)) }));
const odd = [{ name: '122x123', p: boardOf(122, 123, sweepCover('large-122', 122, 123, 70)) }];
const big = opts.quick
  ? []
  : Array.from({ length: 3 }, (_, i) => ({ name: `1002x1002 #${i + 1}`, p: boardOf(1002, 1002, sweepCover(`large-1002-${i}`, 1002, 1002, 70, true)) }));

const root = requireData('numberlink');
const ahleBoards = ['ahle/inputs1.txt', 'ahle/inputs5.txt', 'ahle/inputs9.txt'].flatMap((f) => {
  const r = parsePuzzles(readFileSync(join(root, f), 'utf8'), undefined, 'strict');
  if (!r.ok) throw new Error(`${f}: ${r.error.message}`);
  return r.value.slice(0, q).map((p, i) => ({ name: `${f} #${i + 1}`, p }));
});

const groups = [
  group('ahle inputs*.txt (large search alone)', ahleBoards, opts.ms, '—', '101 boards of 40x20 (inputs9) in 0.08 s', true),
  group('50x50', fifty, opts.ms, 'each under 1 s, eleven under 6.4 s; memory under 1 GB', 'eleven in 6.4 s'),
  group('100x100', hundred, opts.ms, 'memory under 1 GB', '—'),
  group('122x123', odd, opts.ms, '—', 'with the three 1002x1002: 1.0 s'),
  ...(big.length ? [group('1002x1002', big, opts.bigMs, 'each under 5 s; memory under 4 GB', 'three with the 122x123: 1.0 s')] : []),
];

const out = {
  machine: machine(),
  note: 'find one under strict; user CPU seconds of this process; peak = resident high-water mark after the group (cumulative); Ahle figures quoted from issue 18, measured by its author on this machine kind, not here',
  groups,
};
if (opts.quick) console.log(JSON.stringify(out, null, 2));
else {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'numberlink-large.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.error(`wrote ${join(RESULTS, 'numberlink-large.json')}`);
}
