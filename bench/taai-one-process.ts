/** One process: parse a TAAI file, find one solution of each of its first N puzzles, print totals as JSON. */
import { readFileSync } from 'node:fs';
import { verifySolution } from '../src/families/nonogram/puzzle.ts';
import { parseTaai } from '../src/families/nonogram/formats/index.ts';
import { findSolution } from '../src/families/nonogram/solver.ts';

const [file, count] = process.argv.slice(2);
const parsed = parseTaai(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const puzzles = parsed.value.slice(0, Number(count ?? parsed.value.length));
let solved = 0;
let maxMs = 0;
const t0 = performance.now();
for (const p of puzzles) {
  const t = performance.now();
  const r = findSolution(p, { budget: { deadlineMs: 120_000 } });
  maxMs = Math.max(maxMs, performance.now() - t);
  if (r.kind === 'found' && verifySolution(p, r.solution).ok) solved++;
}
process.stdout.write(JSON.stringify({ solved, n: puzzles.length, solveMs: Math.round(performance.now() - t0), maxMs: Math.round(maxMs) }));
