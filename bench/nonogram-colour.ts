/**
 * The colour nonogram benchmark (issue 20, item 3), one core, CPU time (user + system of this
 * process; the machine is shared, so figures run a little high):
 *
 * 1. every public colour puzzle of the shared data (bench-data/nonogram/colour) decided by the colour
 *    search (count to 2), and by the colour CNF on the Debian cadical binary, side by side (cadical
 *    is another process: its time is wall time of the call);
 * 2. generation of certified colour puzzles (generator version 2) at 15×15 and 30×30, per level and
 *    number of colours, each puzzle re-counted on cadical (the witness of another paradigm).
 *
 *   npx tsx bench/nonogram-colour.ts [--seeds15 8] [--seeds30 4] [--deadline-ms 300000]
 *   (npm run bench -- --only nonogram-colour)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import type { Level } from '../src/core/family.ts';
import type { Verdict } from '../src/core/verdict.ts';
import { isColourPuzzle } from '../src/families/nonogram/colour.ts';
import { countColour } from '../src/families/nonogram/colour-solver.ts';
import { parsePuzzles } from '../src/families/nonogram/formats/index.ts';
import { nonogram } from '../src/families/nonogram/index.ts';
import type { Solution } from '../src/families/nonogram/types.ts';
import { satCount } from '../src/witness/nonogram-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import { machine, quantiles, requireData, RESULTS, rowsJson } from './lib.ts';

const opts = new Command()
  .option('--seeds15 <n>', 'generations per level and colours at 15x15', (v) => Number(v), 8)
  .option('--seeds30 <n>', 'generations per level and colours at 30x30', (v) => Number(v), 4)
  .option('--deadline-ms <ms>', 'deadline of each count and generation (wall time: generous, the machine is shared)', (v) => Number(v), 300_000)
  .parse()
  .opts<{ seeds15: number; seeds30: number; deadlineMs: number }>();

/** The public colour puzzles (as test/nonogram-colour-crosscheck.test.ts reads them): file, and format when the extension does not say. */
const PUBLIC: [string, string?][] = [
  ['color-nonogram-solver/puzzle1.json'],
  ['color-nonogram-solver/puzzle2.json'],
  ['color-nonogram-solver/puzzle4.json'],
  ['color-nonogram-solver/puzzle5.json'],
  ['colored-nonogram-solver/nonograms/0.cnon'],
  ['colored-nonogram-solver/nonograms/yoshi.cnon'],
  ['nonny/data/puzzles/color/test.non'],
  ['nonny/data/puzzles/color/tree.non'],
  ['nonogram_solver/nonogram_solver/input/krtek.txt', 'csv'],
  ['nonograms/puzzles/easy.pbn'],
  ['number-loom/converted/bill_jeb_and_bob.xml'],
  ['number-loom/converted/shirt_and_tie_no_button.xml'],
  ['number-loom/examples/wolter/webpbn-color-00047.xml'],
  ['number-loom/examples/wolter/webpbn-color-00220.xml'],
  ['number-loom/puzzles/little_hauler.xml'],
  ['number-loom/puzzles/look_sharp.xml'],
  ['number-loom/puzzles/not_invented_yet_1.xml'],
  ['number-loom/puzzles/not_invented_yet_3.xml'],
  ['pbnsolve/examples/acorn.g'],
  ['pbnsolve/examples/dvekocky.g'],
  ['pbnsolve/examples/raketa.g'],
  ['pbnsolve/examples/ruze.g'],
];

const cpuMs = <T>(f: () => T): { value: T; ms: number } => {
  const t0 = process.cpuUsage();
  const value = f();
  const d = process.cpuUsage(t0);
  return { value, ms: Math.round((d.user + d.system) / 100) / 10 };
};
const solText = (v: Verdict<Solution>): string => (v.kind === 'unique' ? Array.from(v.solution).join('') : '');
const median = (xs: number[]): number => quantiles(xs).median;

const dir = requireData('nonogram/colour');
const binaries = availableBinaries();
const cadical = binaries.includes('cadical') ? 'cadical' : binaries[0];
if (!cadical) console.warn('no cadical or minisat on PATH: the witness columns stay empty');

// 1. The public puzzles.
const publicRows: Record<string, unknown>[] = [];
for (const [path, format] of PUBLIC) {
  const r = parsePuzzles(readFileSync(join(dir, path), 'utf8'), format as never, path);
  if (!r.ok) {
    publicRows.push({ path, error: r.error.message });
    continue;
  }
  for (const [k, p] of r.value.filter(isColourPuzzle).entries()) {
    const native = cpuMs(() => countColour(p, { budget: { deadlineMs: opts.deadlineMs } }));
    const t0 = performance.now();
    const sat = cadical ? await satCount(p, cadical, { budget: { deadlineMs: opts.deadlineMs } }) : undefined;
    const satMs = Math.round(performance.now() - t0);
    const agree = sat ? sat.kind === native.value.kind && solText(sat) === solText(native.value) : null;
    publicRows.push({
      path: r.value.length > 1 ? `${path}#${k + 1}` : path,
      size: `${p.width}x${p.height}`,
      colours: p.colour.palette.length - 1,
      verdict: native.value.kind,
      cpuMs: native.ms,
      nodes: native.value.stats.nodes,
      witness: sat?.kind ?? null,
      witnessWallMs: sat ? satMs : null,
      agree,
    });
    console.log(
      `${path}: ${native.value.kind} in ${native.ms} ms CPU; ${cadical ?? 'no SAT'}: ${sat?.kind ?? '-'} in ${satMs} ms wall${agree === false ? '  DISAGREE' : ''}`,
    );
  }
}

// 2. Generation, re-counted on cadical.
const genRows: Record<string, unknown>[] = [];
const LEVELS_MADE: Level[] = ['easy', 'medium', 'hard'];
const all: Record<string, number[]> = { '15x15': [], '30x30': [] };
let recounted = 0;
let disagreements = 0;
for (const [size, seeds] of [
  ['15x15', opts.seeds15],
  ['30x30', opts.seeds30],
] as const) {
  for (const colours of [2, 3, 4, 5, 6]) {
    for (const level of LEVELS_MADE) {
      const params = nonogram.parseParams(`${size}-${level}-c${colours}`);
      if (!params.ok) throw new Error(params.error.message);
      const ms: number[] = [];
      let failures = 0;
      let attempts = 0;
      const reasons: Record<string, number> = {};
      for (let i = 0; i < seeds; i++) {
        const g = cpuMs(() => nonogram.generate(params.value, `bench/${i}`, { deadlineMs: opts.deadlineMs }));
        ms.push(g.ms);
        all[size].push(g.ms);
        attempts += g.value.diagnostics.attempts;
        if (!g.value.ok || g.value.grade.level !== level) {
          failures++;
          const why = g.value.ok ? `level-${g.value.grade.level}` : g.value.reason;
          reasons[why] = (reasons[why] ?? 0) + 1;
          continue;
        }
        if (cadical) {
          const v = await satCount(g.value.puzzle, cadical, { budget: { deadlineMs: opts.deadlineMs } });
          recounted++;
          if (v.kind !== 'unique' || Array.from(v.solution).join('') !== Array.from(g.value.solution).join('')) disagreements++;
        }
      }
      const { median: med, p90, max } = quantiles(ms);
      genRows.push({
        size,
        colours,
        level,
        seeds,
        failures,
        reasons,
        medianMs: med,
        p90Ms: p90,
        maxMs: max,
        meanAttempts: Math.round((10 * attempts) / seeds) / 10,
      });
      console.log(`${size} c${colours} ${level}: median ${med} ms, p90 ${p90} ms, max ${max} ms CPU, ${failures} failed`);
    }
  }
}

const out = {
  machine: machine(),
  deadlineMs: opts.deadlineMs,
  witness: cadical ?? null,
  public: {
    puzzles: publicRows.length,
    decided: publicRows.filter((r) => r.verdict === 'unique' || r.verdict === 'multiple' || r.verdict === 'none').length,
    agree: publicRows.filter((r) => r.agree === true).length,
    disagree: publicRows.filter((r) => r.agree === false).length,
    totalCpuMs: Math.round(publicRows.reduce((s, r) => s + ((r.cpuMs as number) ?? 0), 0)),
  },
  generation: {
    median15Ms: median(all['15x15']),
    median30Ms: median(all['30x30']),
    recounted,
    disagreements,
  },
  generationRows: genRows,
  rows: publicRows,
};
writeFileSync(join(RESULTS, 'nonogram-colour.json'), rowsJson(out, 'rows'));
console.log(`wrote ${join(RESULTS, 'nonogram-colour.json')}`);
