/**
 * Edge matching, counting that finishes (issue 19 item 4): every board-suite board up to --max whose
 * enumeration finished upstream (a `done` file), counted to the end (limit 100,000) through the entry
 * point `proofgrid count` runs (src/cli/engine.ts: `engineFor`, then `countBy`), solutions as
 * colourings, under --ms per board. Per board: the engine, the verdict, the count against the
 * suite's, and user CPU (this process plus its waited-for children, the SAT binaries, from /proc).
 * A decided count that differs from the suite's fails the run. The file is rewritten after every
 * board, so a cut-short run keeps what it measured.
 *   npx tsx bench/edgematch-count.ts [--max 8] [--ms 60000] [--engine backtrack] [--only 7/8,8/10]
 *     [--out edgematch-count.json]
 * --only keeps the folders named `n/C` (side / centre colours); without it every done board is run.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { countBy, engineFor } from '../src/cli/engine.ts';
import { type Verdict, verdictSolutions } from '../src/core/verdict.ts';
import { FAMILIES } from '../src/families/index.ts';
import { parseBoardSuite } from '../src/families/edgematch/formats/index.ts';
import { verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Board } from '../src/families/edgematch/types.ts';
import { machine, quantiles, RESULTS, requireData } from './lib.ts';

const opts = new Command()
  .option('--max <n>', 'largest board side', (v) => Number(v), 8)
  .option('--ms <ms>', 'time limit per board', (v) => Number(v), 60_000)
  .option('--engine <name>', 'the engine (default: what proofgrid count picks)')
  .option('--only <list>', 'folders n/C to run (default all)')
  .option('--out <name>', 'results file in bench/results', 'edgematch-count.json')
  .parse()
  .opts<{ max: number; ms: number; engine?: string; only?: string; out: string }>();

const ticks = (): number => {
  try {
    return Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[13]);
  } catch {
    return 0;
  }
};
const userMs = (): number => process.cpuUsage().user / 1000 + ticks() * 10;

const base = join(requireData('edgematch'), 'gallicchio', 'board_suite');
const only = opts.only === undefined ? undefined : new Set(opts.only.split(','));
const edgematch = FAMILIES.edgematch;
const rows: Record<string, unknown>[] = [];
const out = (): void => {
  const bySize = [...new Set(rows.map((r) => r.n as number))].map((n) => {
    const mine = rows.filter((r) => r.n === n);
    const decided = mine.filter((r) => r.verdict !== 'inconclusive');
    const q = quantiles(decided.map((r) => r.cpuMs as number));
    return { n, boards: mine.length, decided: decided.length, cpuMedianMs: q.median, cpuMaxMs: q.max };
  });
  writeFileSync(
    join(RESULTS, opts.out),
    `${JSON.stringify({ machine: machine(), limitMs: opts.ms, engine: opts.engine ?? 'default', only: opts.only ?? 'all', bySize, boards: rows }, null, 1)}\n`,
  );
};

for (const n of readdirSync(base)
  .map(Number)
  .filter((n) => n <= opts.max)
  .sort((a, b) => a - b)) {
  for (const c of readdirSync(join(base, String(n))).sort((a, b) => Number(a) - Number(b))) {
    if (only !== undefined && !only.has(`${n}/${c}`)) continue;
    for (const b of readdirSync(join(base, String(n), c)).sort()) {
      const dir = join(base, String(n), c, b);
      if (!existsSync(join(dir, 'done'))) continue;
      const inst = parseBoardSuite(readFileSync(join(dir, 'puzzle.puz'), 'utf8'), readFileSync(join(dir, 'puzzle.clue'), 'utf8'));
      if (!inst.ok) throw new Error(`${dir}: ${inst.error.message}`);
      const known = readdirSync(dir).filter((f) => f.endsWith('.sol')).length;
      const engine = engineFor(edgematch, inst.value, 'count', { engine: opts.engine });
      const t = userMs();
      const v = (await countBy(edgematch, inst.value, engine, { limit: 100_000, budget: { deadlineMs: opts.ms } })) as Verdict<Board>;
      const cpuMs = Math.round(userMs() - t);
      // A count the budget cut short is a lower bound, not the count: only a completed one is checked.
      const got = v.kind === 'inconclusive' ? null : verdictSolutions(v).length;
      const completed = v.stop === 'completed';
      if (got !== null && completed) {
        if (got !== known) throw new Error(`${dir}: counted ${got} colourings, the suite lists ${known}`);
        for (const s of verdictSolutions(v)) if (!verifyBoard(inst.value, s).ok) throw new Error(`${dir}: a solution that does not verify`);
      }
      const row = { n, c: Number(c), board: b, engine, verdict: v.kind, stop: v.stop, count: got, complete: completed, suite: known, cpuMs };
      rows.push(row);
      console.log(JSON.stringify(row));
      out();
    }
  }
}
out();
