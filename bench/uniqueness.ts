/**
 * Uniqueness verdicts (count to 2) on the survey, picross-solver (including n-Dom) and nonogram-db
 * puzzles, side by side in one run with: the CNF model on the Debian cadical binary (another paradigm)
 * and the npm package nonogram-solver (find-one only). Peer timings from the survey's own results
 * (pbnsolve, nonosolve, ...) are quoted from its CSV, not measured here.
 *   npx tsx bench/uniqueness.ts [--timeout-ms MS]
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { Command } from 'commander';
import { makeNonogram, unwrapNonogram } from '../src/families/nonogram/puzzle.ts';
import { parsePuzzles } from '../src/families/nonogram/formats/index.ts';
import { countSolutions } from '../src/families/nonogram/solver.ts';
import type { Nonogram } from '../src/families/nonogram/types.ts';
import { satCount } from '../src/witness/nonogram-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import { BENCH_DATA, fmtMs, machine, requireData, RESULTS } from './lib.ts';
import { runNonogramSolver } from './peers.ts';

const opts = new Command()
  .option('--timeout-ms <ms>', 'deadline per puzzle and solver', (v) => Number(v), 60_000)
  .option('--only <substr>', 'only puzzles whose name contains this')
  .parse()
  .opts<{ timeoutMs: number; only?: string }>();

/** picross-solver's native format (GRID name / ROWS / [ a b ] ... / COLUMNS ...), for domino_logic.txt. */
function parseGrids(text: string): { name: string; puzzle: Nonogram }[] {
  const out: { name: string; puzzle: Nonogram }[] = [];
  let name = '';
  let rows: number[][] = [];
  let cols: number[][] = [];
  let cur: number[][] | null = null;
  const flush = (): void => {
    if (name) out.push({ name, puzzle: unwrapNonogram(makeNonogram(cols.length, rows.length, rows, cols)) });
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('GRID')) {
      flush();
      name = line.slice(4).trim();
      rows = [];
      cols = [];
      cur = null;
    } else if (line === 'ROWS') cur = rows;
    else if (line === 'COLUMNS') cur = cols;
    else if (cur)
      cur.push(
        line
          .replace(/[[\]]/g, ' ')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number)
          .filter((x) => x > 0),
      );
  }
  flush();
  return out;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const root = requireData('nonogram');
const items: { set: string; name: string; puzzle: Nonogram }[] = [];
for (const f of walk(join(root, 'survey'))
  .filter((f) => f.endsWith('.nin'))
  .sort()) {
  const r = parsePuzzles(readFileSync(f, 'utf8'), 'nin');
  if (r.ok) items.push({ set: 'survey', name: basename(f, '.nin'), puzzle: r.value[0] });
}
for (const f of walk(join(root, 'picross-solver'))
  .filter((f) => f.endsWith('.non'))
  .sort()) {
  const r = parsePuzzles(readFileSync(f, 'utf8'), 'non');
  if (r.ok) items.push({ set: 'picross-solver', name: relative(join(root, 'picross-solver'), f).replace(/\.non$/, ''), puzzle: r.value[0] });
}
for (const g of parseGrids(readFileSync(join(root, 'picross-solver', 'domino_logic.txt'), 'utf8')))
  items.push({ set: 'picross-solver', name: `domino/${g.name}`, puzzle: g.puzzle });
for (const f of walk(join(root, 'nonogram-db'))
  .filter((f) => f.endsWith('.non'))
  .sort()) {
  const r = parsePuzzles(readFileSync(f, 'utf8'), 'non');
  if (r.ok) items.push({ set: 'nonogram-db', name: relative(join(root, 'nonogram-db'), f).replace(/\.non$/, ''), puzzle: r.value[0] });
}

// Peer timings quoted from the survey source (measured elsewhere, on another machine).
const quoted = new Map<string, string>();
try {
  for (const line of readFileSync(join(root, 'survey', 'results', 'webpbn.csv'), 'utf8')
    .split(/\r?\n/)
    .slice(1)) {
    const [solver, puzzle, , cpu, , result] = line.split(',');
    if (solver === 'pbnsolve' || solver === 'nonosolve') quoted.set(`${solver}:${puzzle}`, result === 'solved' ? `${Number(cpu).toFixed(3)} s` : result);
  }
} catch {
  /* optional */
}

const bins = availableBinaries();
const rows: Record<string, unknown>[] = [];
const filtered = items.filter((i) => !opts.only || i.name.includes(opts.only));
for (const { set, name, puzzle } of filtered) {
  const t = performance.now();
  const v = countSolutions(puzzle, { budget: { deadlineMs: opts.timeoutMs } });
  const ours = performance.now() - t;
  // Warm: best of two more runs (JIT compiled), for runs short enough to repeat. The first run, cold,
  // is what one call in a fresh process costs; the warm one is the steady cost in a library or server.
  let warm = ours;
  if (ours < 2000) {
    for (let rep = 0; rep < 2; rep++) {
      const t1 = performance.now();
      countSolutions(puzzle, { budget: { deadlineMs: opts.timeoutMs } });
      warm = Math.min(warm, performance.now() - t1);
    }
  }
  let sat: { kind: string; ms: number } | null = null;
  if (bins.includes('cadical')) {
    const t2 = performance.now();
    const s = await satCount(puzzle, 'cadical', { budget: { deadlineMs: opts.timeoutMs } });
    sat = { kind: s.kind, ms: performance.now() - t2 };
  }
  const peer = await runNonogramSolver(puzzle, opts.timeoutMs);
  const row = {
    set,
    name,
    size: `${puzzle.width}x${puzzle.height}`,
    verdict: v.kind,
    stop: v.stop,
    ms: Math.round(ours * 10) / 10,
    msWarm: Math.round(warm * 100) / 100,
    nodes: v.stats.nodes,
    cadical: sat ? `${sat.kind} ${fmtMs(sat.ms)}` : 'absent',
    agree: sat ? sat.kind === v.kind || sat.kind === 'inconclusive' || v.kind === 'inconclusive' : null,
    nonogramSolver: `${peer.status}${peer.ms !== null ? ` ${fmtMs(peer.ms)}` : ''}`,
    pbnsolveQuoted: quoted.get(`pbnsolve:${name}`) ?? '',
    nonosolveQuoted: quoted.get(`nonosolve:${name}`) ?? '',
  };
  rows.push(row);
  console.log(
    `${set}\t${name}\t${row.size}\t${v.kind}\t${fmtMs(ours)} (warm ${fmtMs(warm)})\tcadical ${row.cadical}\tnonogram-solver ${row.nonogramSolver}\tpbnsolve(quoted) ${row.pbnsolveQuoted}`,
  );
}
mkdirSync(RESULTS, { recursive: true });
writeFileSync(
  join(RESULTS, 'uniqueness.json'),
  `${JSON.stringify({ machine: machine(), timeoutMs: opts.timeoutMs, data: BENCH_DATA.replace(/.*\/shared\//, 'shared/'), rows }, null, 2)}\n`,
);
