/**
 * The grading ladder and the assessment built on it: line logic in rounds, single-cell contradictions,
 * the frozen reference search, the score, and `assessWith`, which adds a certificate by the count it is
 * given. grader.ts grades with today's solver; generator v1 assesses with its branching count, so this
 * module is pinned for v1 (generate/pins.json): before it changes behaviour, freeze its text for v1
 * (see generate/versions.ts).
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { levelOfScore, type Grade, type GradeResult, type Level } from '../../core/family.ts';
import { log2Exact } from '../../core/rng.ts';
import { Board } from './board.ts';
import { LineSolver, simpleLine } from './line.ts';
import type { Verdict } from '../../core/verdict.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

/**
 * The human-like ladder:
 *  1. line logic alone, swept in rounds (a round solves every line changed by the previous round);
 *  2. line logic plus single-cell contradiction (assume one cell, line logic, contradiction ⇒ the other value);
 *  3. deeper search (branching), as the counting solver does.
 * The score (0–100) comes from the rung needed and the measurements on it, never from a requested level.
 */
export interface LadderMetrics {
  /** Highest rung needed: 1 line logic, 2 contradiction, 3 search. */
  rung: 1 | 2 | 3;
  /** Rounds where the simple rules (overlap, unreachable) stalled and full line logic was needed. */
  complexRounds: number;
  complexCells: number;
  /** Line-logic rounds over the whole solve (rounds in rung 2 included). */
  rounds: number;
  /** Mean and minimum cells forced per line-logic round. */
  meanForcedPerRound: number;
  minForcedPerRound: number;
  /** Share of rounds that forced at most two cells (thin steps). */
  thinRounds: number;
  /** Contradiction probes tried and the cells they decided. */
  probes: number;
  contradictions: number;
  /** Share of cells known when line logic first stalled (1 when it never did). */
  firstStall: number;
  /** Share of cells known when the first branch was needed (1 when none was). */
  firstBranchPoint: number;
  /** Branching search: nodes and deepest branch, 0 when not needed. */
  searchNodes: number;
  branchDepth: number;
}

/**
 * Line logic in rounds on `grid`: the simple rules (overlap, unreachable) sweep every changed line
 * each round; only when they stall anywhere does a round use the complete line solver ("complex"
 * rounds). Returns false on a contradiction, or when `meter` ran out (then `meter.stopped` is set: no
 * contradiction). Each line reports its work to the meter, and with `lineNodes` also spends one node
 * per line solved. Counts into `m`.
 */
function lineRounds(board: Board, solver: LineSolver, grid: Uint8Array, dirty: Uint8Array, m: RoundCounts, meter: Meter, lineNodes: boolean): boolean {
  const scratch = new Uint8Array(Math.max(board.width, board.height));
  let current = dirty;
  let pending = new Uint8Array(board.nLines); // lines touched since the last complex round
  for (let l = 0; l < board.nLines; l++) pending[l] = current[l];
  for (;;) {
    const next = new Uint8Array(board.nLines);
    let forced = 0;
    for (let l = 0; l < board.nLines; l++) {
      if (!current[l]) continue;
      const n = board.readLine(grid, l, scratch);
      const before = scratch.slice(0, n);
      if (lineNodes && !meter.tick()) return false;
      if (simpleLine(solver, board.clues[l], scratch, n) === null || !meter.work(board.simpleWork[l])) return false;
      forced += writeBack(board, grid, l, scratch, before, n, next, pending);
    }
    if (forced > 0) {
      m.rounds++;
      m.forced.push(forced);
      current = next;
      continue;
    }
    // Simple rules stalled: one complex round over the lines touched since the last one.
    let complex = 0;
    const next2 = new Uint8Array(board.nLines);
    for (let l = 0; l < board.nLines; l++) {
      if (!pending[l]) continue;
      const n = board.readLine(grid, l, scratch);
      const before = scratch.slice(0, n);
      if (lineNodes && !meter.tick()) return false;
      if (solver.solve(board.clues[l], scratch, n) < 0 || !meter.work(board.lineWork[l])) return false;
      complex += writeBack(board, grid, l, scratch, before, n, next2, null);
    }
    pending = new Uint8Array(board.nLines);
    if (complex === 0) return true;
    for (let l = 0; l < board.nLines; l++) pending[l] = next2[l];
    m.complexRounds++;
    m.complexCells += complex;
    m.rounds++;
    m.forced.push(complex);
    current = next2;
  }
}

interface RoundCounts {
  rounds: number;
  forced: number[];
  complexRounds: number;
  complexCells: number;
}

/** Copies a solved line back into the grid, marking crossing lines in `next` (and `pending`). */
function writeBack(
  board: Board,
  grid: Uint8Array,
  l: number,
  scratch: Uint8Array,
  before: Uint8Array,
  n: number,
  next: Uint8Array,
  pending: Uint8Array | null,
): number {
  let changed = 0;
  for (let i = 0; i < n; i++) {
    if (scratch[i] === before[i]) continue;
    changed++;
    grid[board.cellOf(l, i)] = scratch[i];
    const cross = l < board.height ? board.height + i : i;
    next[cross] = 1;
    if (pending) pending[cross] = 1;
  }
  if (pending) pending[l] = pending[l] || (changed > 0 ? 1 : 0);
  return changed;
}

function allLines(board: Board): Uint8Array {
  return new Uint8Array(board.nLines).fill(1);
}

function known(grid: Uint8Array): number {
  let k = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] !== UNKNOWN) k++;
  return k;
}

/**
 * Runs rungs 1 and 2 on a grid under `budget`; returns the metrics and whether the grid got complete.
 * With `lineNodes`, every line solve of the line logic spends a node, so a caller's node limit bounds
 * the whole grading (on a 1000×1000 board line logic alone takes
 * minutes). The generator's path leaves it off: its node budgets were pinned counting only the
 * probes, and a seed must keep giving the same puzzle.
 */
export function climbLadder(
  p: Nonogram,
  budget?: Budget,
  lineNodes = false,
): {
  grid: Uint8Array;
  complete: boolean;
  contradiction: boolean;
  metrics: Omit<LadderMetrics, 'rung' | 'searchNodes' | 'branchDepth' | 'firstBranchPoint'>;
  meter: Meter;
} {
  const board = new Board(p);
  const solver = new LineSolver();
  const meter = new Meter(budget);
  board.meter = meter;
  const grid = board.newGrid();
  const m: RoundCounts = { rounds: 0, forced: [], complexRounds: 0, complexCells: 0 };
  let probes = 0;
  let contradictions = 0;
  let firstStall = -1;
  const stopped = () => ({ grid, complete: false, contradiction: false, metrics: summarize(), meter });
  let ok = lineRounds(board, solver, grid, allLines(board), m, meter, lineNodes);
  if (meter.stopped) return stopped();
  const trial = new Uint8Array(board.size);
  const seed = new Int32Array(1);
  let cursor = 0;
  while (ok && known(grid) < board.size) {
    if (firstStall < 0) firstStall = known(grid) / board.size;
    // Rung 2: find one cell whose assumption breaks line logic.
    let progressed = false;
    for (let step = 0; step < board.size && !progressed; step++) {
      const c = (cursor + step) % board.size;
      if (grid[c] !== UNKNOWN) continue;
      for (const v of [FILLED, EMPTY]) {
        if (!meter.tick() || !meter.work(board.size)) return stopped();
        probes++;
        trial.set(grid);
        trial[c] = v;
        seed[0] = c;
        const consistent = board.propagate(trial, seed);
        if (meter.stopped) return stopped();
        if (!consistent) {
          contradictions++;
          grid[c] = v === FILLED ? EMPTY : FILLED;
          const d2 = new Uint8Array(board.nLines);
          d2[Math.floor(c / board.width)] = 1;
          d2[board.height + (c % board.width)] = 1;
          ok = lineRounds(board, solver, grid, d2, m, meter, lineNodes);
          if (meter.stopped) return stopped();
          progressed = true;
          cursor = c;
          break;
        }
      }
    }
    if (!progressed) break;
  }
  function summarize() {
    const f = m.forced;
    const rounds = f.length;
    return {
      rounds,
      meanForcedPerRound: rounds ? f.reduce((a, b) => a + b, 0) / rounds : 0,
      minForcedPerRound: rounds ? Math.min(...f) : 0,
      thinRounds: rounds ? f.filter((x) => x <= 2).length / rounds : 0,
      probes,
      contradictions,
      firstStall: firstStall < 0 ? 1 : firstStall,
      complexRounds: m.complexRounds,
      complexCells: m.complexCells,
    };
  }
  return { grid, complete: ok && known(grid) === board.size, contradiction: !ok, metrics: summarize(), meter };
}

/**
 * Score from metrics only (0–100). Rung 1 spans 0–44 by the number of sweeps, thin sweeps and sweeps
 * that needed full line logic beyond the simple rules. Rung 2 spans 45–90 by how many contradictions were needed and how
 * early line logic stalled. Rung 3 spans 80–100 by search effort.
 */
export function scoreOf(metrics: LadderMetrics, width: number, height: number): number {
  // Exact arithmetic only, so every JS engine computes the same score.
  const side = (width + height) / 2;
  const clamp = (x: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, x));
  const length = clamp((metrics.rounds - 2) / (0.6 * side), 0, 1);
  const thin = clamp(metrics.thinRounds, 0, 1);
  const complex = clamp(log2Exact(1 + metrics.complexRounds) / log2Exact(1 + side / 3), 0, 1);
  if (metrics.rung === 1) return Math.round(clamp(2 + 42 * (0.55 * length + 0.2 * thin + 0.25 * complex), 0, 44));
  if (metrics.rung === 2) {
    const many = clamp(log2Exact(1 + metrics.contradictions) / log2Exact(1 + side), 0, 1);
    const early = clamp(1 - metrics.firstStall, 0, 1);
    return Math.round(clamp(45 + 45 * (0.6 * many + 0.3 * early + 0.1 * complex), 45, 90));
  }
  const nodes = clamp(log2Exact(1 + metrics.searchNodes) / log2Exact(1 + FROZEN_SEARCH_CAP), 0, 1);
  const early = clamp(1 - metrics.firstBranchPoint, 0, 1);
  return Math.round(clamp(80 + 20 * (0.6 * nodes + 0.4 * early), 80, 100));
}

/** Node cap of the grader's frozen search (its measure saturates there). */
export const FROZEN_SEARCH_CAP = 5_000;

/**
 * What an assessment found: a grade with its certificate, or, when a level was wanted and the ladder
 * alone shows the puzzle is at another level, only that level (`early`; no certificate was run).
 */
/** `nodes`: what the assessment spent (ladder, certificate and frozen search), for a caller's total. */
export type Graded = { grade: GradeResult; certificate: Verdict<Solution> | null; stall: Uint8Array | null; nodes: number; early?: undefined };
export type Assessment = Graded | { early: Level; stall: Uint8Array | null; nodes: number; grade?: undefined; certificate?: undefined };

/**
 * Solver options of generator v1's certificates (see `assessWith`): branching only, a probed root per
 * heuristic, the node limit checked between steps. With them, solver.ts's `countSolutions` and
 * portfolio.ts's `countByBranching` (the count generator v1 runs) give the same verdict.
 */
export const GENERATOR_V1_COUNT = { cdcl: false, shareRoot: false, exactNodes: false } as const;

/**
 * The count a certificate runs, to 2 solutions under `opts.budget` (with `GENERATOR_V1_COUNT` on the
 * generator's path): solver.ts's `countSolutions` for today's grader, portfolio.ts's
 * `countByBranching` for generator v1 (generate/frozen/pipeline-v1.ts).
 */
export type CertificateCount = (p: Nonogram, opts: { budget?: Budget; cdcl?: boolean; shareRoot?: boolean; exactNodes?: boolean }) => Verdict<Solution>;

/**
 * Certificate and grade together: the certificate is a completed count to 2 by the fast solver (a
 * `Verdict`); the grade comes from the ladder and, where it stalls, from a frozen reference search.
 * Neither the grade nor `stall` (the ladder's grid where it stalled) depends on how the fast solver
 * searches, so improving the solver does not change generated puzzles (unless a certificate runs out
 * of its own node budget, `certificateNodes`, which the generator makes large). `count` is the
 * certificate's solver; grader.ts's `assessNonogram` passes today's.
 */
export function assessWith(count: CertificateCount, p: Nonogram, budget?: Budget, certificateNodes?: number, wantLevel?: Level): Assessment {
  // Line solves spend nodes except on the generator's path (a certificate budget given).
  const ladder = climbLadder(p, budget, certificateNodes === undefined);
  // A caller's grade (no certificate budget) charges the certificate to the ladder's meter, so its node
  // limit bounds ladder, certificate and frozen search together; the generator's path counts apart.
  const charged = certificateNodes === undefined;
  const spent = (certificate: Verdict<Solution> | null): number => ladder.meter.nodes + (charged ? 0 : (certificate?.stats.nodes ?? 0));
  if (ladder.meter.stopped)
    return { grade: { ok: false, stop: ladder.meter.stopped, message: 'budget exhausted while grading' }, certificate: null, stall: null, nodes: spent(null) };
  const stall = ladder.complete ? null : ladder.grid;
  // When a level is wanted, a mismatch that the ladder alone proves needs no certificate: rungs 1–2
  // have their final score already, and rung 3 always scores as expert.
  if (wantLevel !== undefined && !ladder.contradiction) {
    if (!ladder.complete && wantLevel !== 'expert') return { early: 'expert', stall, nodes: spent(null) };
    if (ladder.complete) {
      const level = makeGrade(p, ladder, 1, 0, 0).level;
      if (level !== wantLevel) return { early: level, stall, nodes: spent(null) };
    }
  }
  const rest = ladder.meter.remaining();
  // With a certificate budget (the generator's path) the count runs as generator v1 was pinned with
  // (branching only, one root probe per heuristic): a stronger count could turn an inconclusive one
  // within that budget into a certificate and change which puzzle a seed gives. Without a certificate
  // budget, the full solver runs.
  const certificate =
    certificateNodes === undefined ? count(p, { budget: rest }) : count(p, { budget: { ...rest, maxNodes: certificateNodes }, ...GENERATOR_V1_COUNT });
  if (charged) ladder.meter.tick(certificate.stats.nodes);
  if (certificate.kind !== 'unique') {
    const grade: GradeResult =
      certificate.kind === 'inconclusive'
        ? { ok: false, stop: certificate.stop, message: 'budget exhausted while certifying' }
        : { ok: false, stop: 'not-unique', message: certificate.kind === 'none' ? 'the puzzle has no solution' : 'the puzzle has several solutions' };
    return { grade, certificate, stall, nodes: spent(certificate) };
  }
  let searchNodes = 0;
  let branchDepth = 0;
  let firstBranchPoint = 1;
  if (!ladder.complete) {
    firstBranchPoint = known(ladder.grid) / (p.width * p.height);
    const f = frozenSearch(p, ladder.grid, FROZEN_SEARCH_CAP, ladder.meter);
    if (ladder.meter.stopped)
      return { grade: { ok: false, stop: ladder.meter.stopped, message: 'budget exhausted while grading' }, certificate, stall, nodes: spent(certificate) };
    searchNodes = f.nodes;
    branchDepth = f.depth;
  }
  return { grade: { ok: true, grade: makeGrade(p, ladder, firstBranchPoint, searchNodes, branchDepth) }, certificate, stall, nodes: spent(certificate) };
}

function makeGrade(p: Nonogram, ladder: ReturnType<typeof climbLadder>, firstBranchPoint: number, searchNodes: number, branchDepth: number): Grade {
  const rung: 1 | 2 | 3 = !ladder.complete ? 3 : ladder.metrics.contradictions > 0 ? 2 : 1;
  const metrics: LadderMetrics = { rung, ...ladder.metrics, firstBranchPoint, searchNodes, branchDepth };
  const score = scoreOf(metrics, p.width, p.height);
  return {
    level: levelOfScore(score),
    score,
    metrics: {
      technique: rung === 1 ? 'line logic' : rung === 2 ? 'line logic + contradiction' : 'search',
      ...metrics,
      meanForcedPerRound: Math.round(metrics.meanForcedPerRound * 100) / 100,
      thinRounds: Math.round(metrics.thinRounds * 1000) / 1000,
      firstStall: Math.round(metrics.firstStall * 1000) / 1000,
      firstBranchPoint: Math.round(firstBranchPoint * 1000) / 1000,
    },
  };
}

/**
 * The grader's reference search, frozen as part of its definition: from the grid where the ladder
 * stalled, depth-first on the first unknown cell in reading order (filled first), line propagation at
 * each node, until two solutions or exhaustion, at most `cap` nodes. Line propagation reaches the same
 * fixpoint whatever the order lines are solved in, so the node count is a property of the puzzle.
 */
export function frozenSearch(p: Nonogram, start: Uint8Array, cap: number, meter: Meter): { nodes: number; depth: number; solutions: number } {
  const board = new Board(p);
  board.meter = meter;
  const seed = new Int32Array(1);
  let nodes = 0;
  let depth = 0;
  let solutions = 0;
  const visit = (grid: Uint8Array, d: number): void => {
    if (nodes >= cap || solutions >= 2 || meter.stopped) return;
    if (d > depth) depth = d;
    let cell = -1;
    for (let i = 0; i < grid.length; i++) {
      if (grid[i] === UNKNOWN) {
        cell = i;
        break;
      }
    }
    if (cell < 0) {
      solutions++;
      return;
    }
    for (const v of [FILLED, EMPTY]) {
      if (nodes >= cap || solutions >= 2 || !meter.tick()) return;
      nodes++;
      const child = Uint8Array.from(grid);
      child[cell] = v;
      seed[0] = cell;
      if (board.propagate(child, seed) && !meter.stopped) visit(child, d + 1);
    }
  };
  visit(Uint8Array.from(start), 0);
  return { nodes, depth, solutions };
}
