/**
 * Colour nonograms, two paradigms: the native colour search (colour-solver.ts) against the colour CNF
 * (colour-cnf.ts) counted by logic-solver in process and by the cadical and minisat binaries. Quick:
 * crafted unique, multiple and contradictory puzzles and random small ones. Long: every public colour
 * puzzle of the shared data (../shared/bench-data/nonogram/colour, skipped when absent), decided by
 * both, with the same verdict and solution, and the solution where the data gives one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.ts';
import type { Verdict } from '../src/core/verdict.ts';
import { isColourPuzzle, makeColourNonogram, type ColourPuzzle } from '../src/families/nonogram/colour.ts';
import { countColour } from '../src/families/nonogram/colour-solver.ts';
import { parsePuzzles } from '../src/families/nonogram/formats/index.ts';
import type { Nonogram, Solution } from '../src/families/nonogram/types.ts';
import { satCount, satCountLogicSolver } from '../src/witness/nonogram-sat.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';
import { BENCH } from './fixtures/nonogram/formats/helpers.ts';
import { LONG, longIt } from './long.ts';
import { colourFromPicture, colourFromRows, colourPalette } from './fixtures/nonogram/colour.ts';

const palette = colourPalette;
const fromPicture = colourFromPicture;
const fromRows = colourFromRows;

/** The verdict and its solutions as plain data, solutions sorted (the two searches meet them in different orders). */
function summary(v: Verdict<Solution>): { kind: string; solutions: string[] } {
  const sols = v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : [];
  return { kind: v.kind, solutions: v.kind === 'multiple' ? [] : sols.map((s) => s.join(',')) };
}

const contradiction = (() => {
  const r = makeColourNonogram(
    2,
    2,
    palette(2),
    [
      { lengths: [1, 1], colours: [1, 2] },
      { lengths: [], colours: [] },
    ],
    [
      { lengths: [1], colours: [1] },
      { lengths: [1], colours: [1] },
    ],
  );
  if (!r.ok || !isColourPuzzle(r.value)) throw new Error('fixture');
  return r.value;
})();

const CRAFTED: [string, ColourPuzzle, string][] = [
  ['unique, blocks of two colours touching', fromRows(['1122', '0120', '2201']), 'unique'],
  ['unique, five colours', fromRows(['12345', '23451', '34512'], 5), 'unique'],
  ['multiple, the diagonals of one colour', fromRows(['10', '01']), 'multiple'],
  ['multiple, two colours each on its diagonals', fromRows(['1020', '0102']), 'multiple'],
  ['none, a row wants red where the columns have black', contradiction, 'none'],
];

function randomSmall(seed: string, n: number): ColourPuzzle[] {
  const rng = new Rng(seed);
  return Array.from({ length: n }, () => {
    const w = rng.range(1, 7);
    const h = rng.range(1, 7);
    const colours = rng.range(2, 4);
    const grid = Uint8Array.from({ length: w * h }, () => (rng.chance(1, 3) ? 0 : rng.range(1, colours)));
    return fromPicture(grid, w, h, colours);
  });
}

const binaries = availableBinaries();
if (binaries.length === 0) console.warn('nonogram-colour-crosscheck: no cadical or minisat on PATH; only logic-solver checks the colour CNF');

describe('colour nonograms: native search against the colour CNF', () => {
  for (const [what, p, want] of CRAFTED) {
    it(`${what}: ${want} both ways`, async () => {
      const native = countColour(p);
      expect(native.kind).toBe(want);
      expect(summary(satCountLogicSolver(p))).toEqual(summary(native));
      if (binaries.length > 0) expect(summary(await satCount(p, binaries[0]))).toEqual(summary(native));
    });
  }

  it('agrees with logic-solver on random small colour boards', () => {
    for (const p of randomSmall('colour-crosscheck', LONG ? 200 : 12)) expect(summary(satCountLogicSolver(p))).toEqual(summary(countColour(p)));
  });
});

/** Every standard-grid colour puzzle of the shared data's public half: its file, and the format when the extension does not say. */
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
const COLOUR = join(BENCH, 'colour');

/** The solution the data ships (`_computed/solutions/<path>.txt`: `.` then a, b, ... in palette order), or undefined. */
function shippedSolution(path: string, p: Nonogram): string | undefined {
  const f = join(COLOUR, '_computed', 'solutions', `${path}.txt`);
  if (!existsSync(f)) return p.meta?.goal ? Array.from(p.meta.goal).join(',') : undefined;
  const lines = readFileSync(f, 'utf8').split('\n');
  const at = lines.indexOf('solution 1');
  const rows = lines.slice(at + 1, at + 1 + p.height);
  return Array.from(rows.join(''), (c) => (c === '.' ? 0 : c.charCodeAt(0) - 96)).join(',');
}

describe.runIf(existsSync(COLOUR))('the public colour puzzles (shared data)', () => {
  longIt(
    'all 22 are decided unique by the colour search and by cadical and minisat, with one solution',
    async () => {
      const rows: string[] = [];
      let colourCount = 0;
      for (const [path, format] of PUBLIC) {
        const r = parsePuzzles(readFileSync(join(COLOUR, path), 'utf8'), format as never, path);
        expect(r.ok, `${path}: ${r.ok ? '' : r.error.message}`).toBe(true);
        if (!r.ok) continue;
        for (const p of r.value.filter(isColourPuzzle)) {
          colourCount++;
          const t0 = process.cpuUsage();
          const native = countColour(p);
          const cpu = process.cpuUsage(t0);
          expect(native.kind, path).toBe('unique');
          const want = shippedSolution(path, p);
          if (want !== undefined && native.kind === 'unique') expect(native.solution.join(','), path).toBe(want);
          for (const b of binaries) expect(summary(await satCount(p, b)), `${path} ${b}`).toEqual(summary(native));
          rows.push(
            `${path} ${p.width}x${p.height} ${p.colour.palette.length - 1} colours: ${native.kind}, ${native.stats.nodes} nodes, ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms CPU`,
          );
        }
      }
      console.log(`colour puzzles:\n${rows.join('\n')}`);
      expect(colourCount).toBe(22);
    },
    240_000,
  );
});
