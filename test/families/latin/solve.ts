/**
 * The template family, part 2 of 3: what a puzzle DOES. A backtracking count (the first paradigm),
 * a SAT witness (the second, so tests can cross-check the first), a grader and hints from the same
 * two human techniques, and a seeded generator certified by a completed count.
 */
import { Meter, type Budget } from '../../../src/core/budget.ts';
import {
  DEFAULT_HINT_BUDGET,
  gradeStopped,
  hintAnswer,
  levelOfScore,
  uniqueForGrade,
  versionRefusal,
  type CountOptions,
  type GenerateResult,
  type GradeResult,
  type HintNone,
  type HintResult,
  type Hint,
} from '../../../src/core/family.ts';
import { makeId } from '../../../src/core/ids.ts';
import { Rng } from '../../../src/core/rng.ts';
import { verdictFromCount, type FindResult, type Verdict } from '../../../src/core/verdict.ts';
import type { SatWitness } from '../../../src/core/witness.ts';
import { makeParams, NAME, verify, type Latin, type LatinParams, type LatinSolution } from './rules.ts';

/** What a hint points at: one cell and the number it must hold. */
export interface LatinFocus {
  row: number;
  col: number;
  value: number;
}

/** Bit v (1..n) set when v is still free in a row / column. */
const full = (n: number): number => ((1 << n) - 1) << 1;
const bits = (m: number): number[] => [...Array(10).keys()].filter((v) => v > 0 && (m >> v) & 1);

/** The numbers cell `i` may still take, given the filled `cells`. */
function candidates(cells: ArrayLike<number>, n: number, i: number): number {
  const r = Math.floor(i / n);
  const c = i % n;
  let m = full(n);
  for (let k = 0; k < n; k++) m &= ~(1 << cells[r * n + k]) & ~(1 << cells[k * n + c]);
  return m;
}

/**
 * Counts solutions up to `limit` by backtracking, always on the empty cell with fewest candidates.
 * One node per cell tried; the meter alone decides when to stop, and a stopped search is
 * `inconclusive`, never `unique` (fast-check's lesson: interrupted is not success).
 */
export function count(p: Latin, options: CountOptions = {}): Verdict<LatinSolution> {
  const limit = options.limit ?? 2;
  const meter = new Meter(options.budget);
  const n = p.n;
  const cells = Uint8Array.from(p.givens);
  const found: LatinSolution[] = [];
  // Givens that clash (two 3s in a row) leave no solution.
  const clash = [...cells.keys()].some(
    (i) =>
      cells[i] !== 0 &&
      !(
        (candidates(
          cells.map((v, j) => (j === i ? 0 : v)),
          n,
          i,
        ) >>
          cells[i]) &
        1
      ),
  );
  const search = (): boolean => {
    if (!meter.tick()) return false;
    let best = -1;
    let bestMask = 0;
    for (let i = 0; i < n * n; i++) {
      if (cells[i] !== 0) continue;
      const m = candidates(cells, n, i);
      if (best < 0 || bits(m).length < bits(bestMask).length) [best, bestMask] = [i, m];
      if (m === 0) return true;
    }
    if (best < 0) {
      found.push(Uint8Array.from(cells));
      return found.length < limit;
    }
    for (const v of bits(bestMask)) {
      cells[best] = v;
      const go = search();
      cells[best] = 0;
      if (!go) return false;
    }
    return true;
  };
  if (!clash) search();
  return verdictFromCount(found, meter.stopped ?? 'completed', meter.stats());
}

/** One solution, or none (a count to 1). */
export function find(p: Latin, budget: Budget): FindResult<LatinSolution> {
  const v = count(p, { limit: 1, budget });
  if (v.kind === 'inconclusive')
    return v.found.length > 0 ? { kind: 'found', solution: v.found[0], stats: v.stats } : { kind: 'inconclusive', stop: v.stop, stats: v.stats };
  if (v.kind === 'none') return { kind: 'none', stats: v.stats };
  return { kind: 'found', solution: v.kind === 'unique' ? v.solution : v.solutions[0], stats: v.stats };
}

/**
 * The SAT witness: variable i·n + v means "cell i holds v". Each cell holds at least and at most one
 * number, each number sits somewhere in each row and each column (with one number per cell, that
 * makes each row and column a permutation), and each given is a unit clause. It shares nothing with
 * `count` but the puzzle and `verify`.
 */
export const witness: SatWitness<Latin, LatinSolution> = {
  kind: 'sat',
  cheapCells: 36,
  problem(p) {
    const n = p.n;
    const x = (i: number, v: number): number => i * n + v;
    const clauses: number[][] = [];
    for (let i = 0; i < n * n; i++) {
      clauses.push(Array.from({ length: n }, (_, k) => x(i, k + 1)));
      for (let a = 1; a <= n; a++) for (let b = a + 1; b <= n; b++) clauses.push([-x(i, a), -x(i, b)]);
      if (p.givens[i] !== 0) clauses.push([x(i, p.givens[i])]);
    }
    for (let k = 0; k < n; k++) {
      for (let v = 1; v <= n; v++) {
        clauses.push(Array.from({ length: n }, (_, j) => x(k * n + j, v)));
        clauses.push(Array.from({ length: n }, (_, j) => x(j * n + k, v)));
      }
    }
    return {
      cnf: { numVars: n * n * n, clauses },
      comment: `proofgrid latin ${n}x${n}; var i*${n}+v: cell i (row-major) holds v`,
      interpret(model, _found, backend) {
        const s = new Uint8Array(n * n);
        for (const lit of model) if (lit > 0) s[Math.floor((lit - 1) / n)] = ((lit - 1) % n) + 1;
        const check = verify(p, s);
        if (!check.ok) throw new Error(`latin SAT witness (${backend}): the model does not verify: ${check.reason}`);
        return { solution: s, block: Array.from(s, (v, i) => -x(i, v)) };
      },
    };
  },
};

/**
 * The two techniques a person uses: a cell with one candidate left (a naked single), and a number
 * with one place left in a row or column (a hidden single). The first step found, or why none.
 */
function nextStep(cells: Uint8Array, n: number, meter: Meter): Hint<LatinFocus> | HintNone {
  if (!cells.includes(0)) return 'solved';
  const at = (i: number, v: number): LatinFocus => ({ row: Math.floor(i / n), col: i % n, value: v });
  for (let i = 0; i < n * n; i++) {
    if (!meter.tick()) return 'no-step';
    const m = cells[i] === 0 ? bits(candidates(cells, n, i)) : [];
    if (m.length === 1)
      return {
        technique: 'single',
        message: `Row ${Math.floor(i / n) + 1}, column ${(i % n) + 1} can only hold ${m[0]}.`,
        focus: at(i, m[0]),
        says: { key: 'single', ...at(i, m[0]) },
      };
  }
  for (const line of ['row', 'column'] as const) {
    for (let k = 0; k < n; k++) {
      if (!meter.tick()) return 'no-step';
      const idx = Array.from({ length: n }, (_, j) => (line === 'row' ? k * n + j : j * n + k));
      for (let v = 1; v <= n; v++) {
        if (idx.some((i) => cells[i] === v)) continue;
        const places = idx.filter((i) => cells[i] === 0 && (candidates(cells, n, i) >> v) & 1);
        if (places.length === 1)
          return {
            technique: 'hidden-single',
            message: `In ${line} ${k + 1}, only one cell can hold ${v}.`,
            focus: at(places[0], v),
            says: { key: 'hidden-single', line, index: k, value: v },
          };
      }
    }
  }
  return 'no-step';
}

/** The next deduction from the player's cells (givens included). */
export function hint(p: Latin, cells: Uint8Array, budget: Budget = DEFAULT_HINT_BUDGET): HintResult<LatinFocus> {
  const meter = new Meter(budget);
  return hintAnswer(meter, nextStep(Uint8Array.from(cells), p.n, meter));
}

/**
 * The grade: play the puzzle with the two techniques, filling the solution's number (a "guess") when
 * they stall. Singles alone are easy, hidden singles medium, guesses hard and beyond. Integers only,
 * so every machine computes the same score.
 */
export function grade(p: Latin, budget?: Budget): GradeResult {
  const cert = uniqueForGrade(count(p, { limit: 2, budget }));
  if (!cert.ok) return cert;
  const meter = new Meter(budget);
  const cells = Uint8Array.from(p.givens);
  const used = { single: 0, 'hidden-single': 0, guess: 0 };
  for (;;) {
    const step = nextStep(cells, p.n, meter);
    if (meter.stopped) return gradeStopped(meter.stopped);
    if (step === 'solved') break;
    if (typeof step === 'object') {
      used[step.technique as 'single' | 'hidden-single']++;
      cells[step.focus.row * p.n + step.focus.col] = step.focus.value;
    } else {
      used.guess++;
      const i = cells.indexOf(0);
      cells[i] = cert.solution[i];
    }
  }
  const score =
    used.guess > 0 ? Math.min(100, 45 + 10 * used.guess) : used['hidden-single'] > 0 ? Math.min(44, 25 + used['hidden-single']) : Math.min(24, used.single);
  return {
    ok: true,
    grade: { level: levelOfScore(score), score, metrics: { singles: used.single, hiddenSingles: used['hidden-single'], guesses: used.guess } },
  };
}

/** Every generator version this build can run; bump on ANY change of output, and keep the old one. */
export const VERSIONS = [1] as const;
export const VERSION = 1;

/** Share of the cells emptied per level (the rest stay given); hard and expert empty all they can. */
const EMPTIED: Record<LatinParams['level'], number> = { easy: 45, medium: 60, hard: 100, expert: 100 };

/**
 * Version 1: a random Latin square (the cyclic one with rows, columns and numbers shuffled by the
 * seeded Rng), then its cells emptied in a seeded order while the puzzle stays unique. Every decision
 * is integer arithmetic on the seed's stream, so the same seed gives the same puzzle everywhere; a
 * count stopped by the budget fails the generation instead of changing the puzzle.
 */
export function generate(params: LatinParams, seed: string, budget: Budget = {}, options: { version?: number } = {}): GenerateResult<Latin, LatinSolution> {
  const version = options.version ?? VERSION;
  const refused = versionRefusal(NAME, version, VERSIONS);
  if (refused) return refused;
  const n = params.n;
  const rng = new Rng(`${NAME}@${version}:${makeParams(params)}#${seed}`);
  const [rows, cols, nums] = [0, 1, 2].map(() => rng.shuffle([...Array(n).keys()]));
  const solution = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) solution[r * n + c] = nums[(rows[r] + cols[c]) % n] + 1;
  const givens = Uint8Array.from(solution);
  const diagnostics = { attempts: 1, ms: 0, nodes: 0, path: 'direct', rejected: {} as Record<string, number> };
  let emptied = 0;
  for (const i of rng.shuffle([...Array(n * n).keys()])) {
    if (emptied * 100 >= EMPTIED[params.level] * n * n) break;
    givens[i] = 0;
    const v = count({ n, givens }, { limit: 2, budget });
    diagnostics.nodes += v.stats.nodes;
    diagnostics.ms += v.stats.ms;
    if (v.kind === 'inconclusive') return { ok: false, reason: v.stop, message: `a uniqueness count stopped (${v.stop})`, diagnostics };
    if (v.kind === 'unique') emptied++;
    else givens[i] = solution[i];
  }
  const puzzle = { n, givens };
  const certificate = count(puzzle, { limit: 2, budget });
  if (certificate.kind !== 'unique')
    return {
      ok: false,
      reason: certificate.kind === 'inconclusive' ? certificate.stop : 'attempts-exhausted',
      message: `the certificate is ${certificate.kind}`,
      diagnostics,
    };
  const g = grade(puzzle, budget);
  if (!g.ok) return { ok: false, reason: g.stop === 'not-unique' ? 'attempts-exhausted' : g.stop, message: g.message, diagnostics };
  const id = makeId({ kind: 'seeded', family: NAME, version, params: makeParams(params), seed });
  return { ok: true, puzzle, solution, id, grade: g.grade, certificate, diagnostics };
}
