/**
 * Numberlink find-one on large boards under the plain rule (strict), issue 18 item 3: CPU time (user
 * seconds, `process.cpuUsage()`) and peak memory (the process's resident high-water mark,
 * `process.resourceUsage().maxRSS`, read after each group; groups run from small to large, so each
 * figure bounds that size) of `findSolution`, which sends boards above LARGE_FROM_CELLS to the corner
 * sweeps from the four corners in turns (`corners.ts`) then the large search (`large.ts`). Boards are planted (bench/numberlink-planted.ts), paths
 * that never touch themselves: eleven 50x50 at 30–45 pairs (the generator's cover builder, then end
 * moves down to the count: Ahle's density), the same eleven covers before those moves (75–150 pairs),
 * three 100x100 at about 143 pairs (one per 70 cells); one 122x123 and three 1002x1002 from the
 * linear-time builder asked for one pair per 70 cells, which gets stuck at about one per 15–18 (denser
 * than asked; a few single cells on 10⁶ cells join a path beside itself); three 1000x1000 at Ahle's
 * density, 20x20 tiles each one of the eleven 50x50 covers turned or mirrored (a seeded draw; the end
 * moves are too slow at 10⁶ cells). Pairs per board are recorded. Thomas Ahle's public inputs (inputs*.txt, up to 40x20) go through the large
 * search alone. Ahle's own figures are quoted from the issue (his Go solver, this machine kind).
 *   npx tsx bench/numberlink-large.ts [--ms MS] [--big-ms MS] [--ahle-ms MS] [--quick]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { parsePuzzles } from '../src/families/numberlink/formats/index.ts';
import { findLarge } from '../src/families/numberlink/large.ts';
import { findSolution } from '../src/families/numberlink/solver.ts';
import type { Numberlink } from '../src/families/numberlink/types.ts';
import { machine, requireData, RESULTS } from './lib.ts';
import { boardOf, generatorCover, sparserCover, sweepCover, tiledCover } from './numberlink-planted.ts';

const opts = new Command()
  .option('--ms <ms>', 'deadline (wall clock, a safety cap) per board up to 122x123', (v) => Number(v), 120_000)
  .option('--big-ms <ms>', 'deadline per board of 10⁶ cells', (v) => Number(v), 300_000)
  .option('--ahle-ms <ms>', "deadline per board of Ahle's inputs", (v) => Number(v), 30_000)
  .option('--nodes <n>', 'node budget per board up to 122x123 (the budget that binds: load-independent)', (v) => Number(v), 100_000_000)
  .option('--big-nodes <n>', 'node budget per board of 10⁶ cells', (v) => Number(v), 50_000_000)
  .option('--ahle-nodes <n>', "node budget per board of Ahle's inputs", (v) => Number(v), 2_000_000)
  .option('--keep-ahle', "keep the Ahle inputs' group of the results file written before (the large search alone: for runs that change only the sweeps)")
  .option('--quick', 'two boards of each small group, no 10⁶ cells (a smoke run, not written)')
  .parse()
  .opts<{ ms: number; bigMs: number; ahleMs: number; nodes: number; bigNodes: number; ahleNodes: number; quick?: boolean; keepAhle?: boolean }>();

const peakMB = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

interface Row {
  board: string;
  pairs: number;
  kind: string;
  stop?: string;
  nodes: number;
  userS: number;
}

function solve(name: string, p: Numberlink, ms: number, nodes: number, large = false): Row {
  const t = process.cpuUsage();
  const budget = { deadlineMs: ms, maxNodes: nodes };
  const r = large ? findLarge(p, budget) : findSolution(p, { budget });
  const userS = Math.round(process.cpuUsage(t).user / 1000) / 1000;
  const row: Row = { board: name, pairs: p.pairs.length, kind: r.kind, nodes: r.stats.nodes, userS };
  if (r.kind === 'inconclusive') row.stop = r.stop;
  console.error(`${name}: ${p.width}x${p.height} ${p.pairs.length} pairs ${r.kind}${row.stop ? ` (${row.stop})` : ''} ${userS} s user, peak ${peakMB()} MB`);
  return row;
}

/** A board, built when its turn comes (so a group's peak memory holds only the boards before it). */
type Board = { name: string; make: () => Numberlink };

function group(name: string, boards: Board[], [ms, nodes]: [number, number], target: string, quoted: string, large = false) {
  const rows = boards.map((b) => solve(b.name, b.make(), ms, nodes, large));
  const found = rows.filter((r) => r.kind === 'found').length;
  return {
    group: name,
    boards: rows.length,
    found,
    userS: Math.round(rows.reduce((a, r) => a + r.userS, 0) * 1000) / 1000,
    maxUserS: Math.max(...rows.map((r) => r.userS)),
    peakRssMB: peakMB(),
    deadlineMs: ms,
    maxNodes: nodes,
    target,
    quotedAhle: quoted,
    rows,
  };
}

const q = opts.quick ? 2 : Infinity;
const wants = Array.from({ length: 11 }, (_, i) => 30 + Math.round((i * 15) / 10)).slice(0, q);
// Ahle's density: the generator's cover, then end moves (joins and backbites) down to 30–45 pairs.
const fiftyCovers = new Map<number, number[][]>();
const fiftyCover = (i: number): number[][] => {
  let c = fiftyCovers.get(i);
  if (!c) {
    const want = wants[i];
    c = sparserCover(`large-50-${i}`, generatorCover(`large-50-${i}`, 50, 50, want), 50, 50, want);
    fiftyCovers.set(i, c);
  }
  return c;
};
const fifty = wants.map(
  (want, i): Board => ({
    name: `50x50 #${i + 1} (${want} pairs asked)`,
    make: () => boardOf(50, 50, fiftyCover(i)),
  }),
);
// The generator's cover alone, asked for the same: its touch-free joins run out at 75–150 pairs.
const fiftyDense = wants.map(
  (want, i): Board => ({
    name: `50x50 dense #${i + 1} (${want} pairs asked)`,
    make: () => boardOf(50, 50, generatorCover(`large-50-${i}`, 50, 50, want)),
  }),
);
const hundred = Array.from({ length: 3 }, (_, i) => i)
  .slice(0, q)
  .map(
    (i): Board => ({
      name: `100x100 #${i + 1}`,
      make: () => boardOf(100, 100, sparserCover(`large-100-${i}`, sweepCover(`large-100-${i}`, 100, 100, 70), 100, 100, 143, 400_000)),
    }),
  );
const odd: Board[] = [{ name: '122x123', make: () => boardOf(122, 123, sweepCover('large-122', 122, 123, 70)) }];
// The 10⁶-cell builder lets a single cell that fits nowhere else join a path beside itself (strict allows it).
const big: Board[] = opts.quick
  ? []
  : Array.from({ length: 3 }, (_, i) => ({
      name: `1002x1002 #${i + 1}`,
      make: () => boardOf(1002, 1002, sweepCover(`large-1002-${i}`, 1002, 1002, 70, true)),
    }));

// Ahle's density at 10⁶ cells: 20x20 tiles, each one of the eleven 50x50 covers above turned or mirrored.
const thousand: Board[] = opts.quick
  ? []
  : Array.from({ length: 3 }, (_, i) => ({
      name: `1000x1000 tiled #${i + 1}`,
      make: () =>
        boardOf(
          1000,
          1000,
          tiledCover(
            `large-1000-${i}`,
            wants.map((_, j) => fiftyCover(j)),
            50,
            20,
            20,
          ),
        ),
    }));

const root = requireData('numberlink');
const ahleBoards = ['ahle/inputs1.txt', 'ahle/inputs5.txt', 'ahle/inputs9.txt'].flatMap((f) => {
  const r = parsePuzzles(readFileSync(join(root, f), 'utf8'), undefined, 'strict');
  if (!r.ok) throw new Error(`${f}: ${r.error.message}`);
  return r.value.slice(0, q).map((p, i): Board => ({ name: `${f} #${i + 1}`, make: () => p }));
});

const small: [number, number] = [opts.ms, opts.nodes];
const large: [number, number] = [opts.bigMs, opts.bigNodes];
const resultsFile = join(RESULTS, 'numberlink-large.json');
/** The Ahle group as the results file has it, marked with the commit it was measured at. */
function keptAhle() {
  const before = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const g = before.groups.find((x: { group: string }) => x.group.startsWith('ahle'));
  if (!g) throw new Error(`${resultsFile} has no Ahle group to keep`);
  const at = before.machine.commit;
  return { ...g, group: g.group.includes('kept from') ? g.group : `${g.group}, kept from ${at}` };
}
type Group = ReturnType<typeof group>;
const runs: (() => Group)[] = [
  () =>
    opts.keepAhle
      ? keptAhle()
      : group('ahle inputs*.txt (large search alone)', ahleBoards, [opts.ahleMs, opts.ahleNodes], '—', '101 boards of 40x20 (inputs9) in 0.08 s', true),
  () => group('50x50 (30–45 pairs)', fifty, small, 'each under 1 s, eleven under 6.4 s; memory under 1 GB', 'eleven in 6.4 s'),
  () => group('50x50 dense (generator cover)', fiftyDense, small, '—', '—'),
  () => group('100x100', hundred, small, 'memory under 1 GB', '—'),
  () => group('122x123', odd, small, '—', 'with the three 1002x1002: 1.0 s'),
  ...(thousand.length ? [() => group('1000x1000 (tiles of the 50x50 covers)', thousand, large, 'each under 5 s; memory under 4 GB', '—')] : []),
  ...(big.length ? [() => group('1002x1002', big, large, 'each under 5 s; memory under 4 GB', 'three with the 122x123: 1.0 s')] : []),
];

// The Ahle group is read (when kept) before anything is written.
const groups: Group[] = [runs[0]()];
const note =
  'find one under strict; each board within a node budget (the one that binds: the machine is shared, so its wall-clock deadline is only a safety cap); user CPU seconds of this process; peak = resident high-water mark after the group (cumulative); Ahle figures quoted from issue 18, measured by its author on this machine kind, not here';
/** Written after every group, so a run stopped halfway keeps the groups it measured (`partial` until the last). */
function write(partial: boolean): void {
  const out = { machine: machine(), note, ...(partial ? { partial: true } : {}), groups };
  if (opts.quick) {
    if (!partial) console.log(JSON.stringify(out, null, 2));
    return;
  }
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(out, null, 2)}\n`);
  console.error(`wrote ${resultsFile}${partial ? ' (partial)' : ''}`);
}
for (let i = 1; i < runs.length; i++) {
  groups.push(runs[i]());
  write(i < runs.length - 1);
}
