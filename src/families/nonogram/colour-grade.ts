/**
 * The grade of colour nonograms (issue 20): a three-rung ladder of techniques a person uses, each
 * rung tried only when the ones below it are stuck, and the level read from the highest rung the
 * puzzle needed (a measurement of the puzzle alone):
 *
 * 1. line logic: each line solved from its clue and its settled cells only (a colour, or a cross);
 *    what every placement agrees on is settled. What a player with colour and cross marks sees.
 * 2. colour line logic: the same with what each open cell may still be (not the background but red
 *    or blue, never green) carried from line to line, the complete colour line solver's masks.
 * 3. contradiction: a value of an open cell whose colour line logic runs into a line with no
 *    placement is struck out.
 *
 * Needing none of them past the first: easy (score 5 to 24, by line solves a line); the second:
 * medium (25 to 44, by the share of cells it settled); the third: hard (45 to 69, by the values
 * struck out); stuck after all three, so only search decides: expert (70 up, by the digits of the
 * search nodes the certificate needed). Every run is certified unique by the colour search counting
 * to 2 (colour-solver.ts) under the same budget. Integer arithmetic only, no clock but the meter's.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { gradeStopped, levelOfScore, uniqueForGrade, type GradeResult, type Level } from '../../core/family.ts';
import { verdictFromCount, type BudgetStop, type Verdict } from '../../core/verdict.ts';
import { colourLogicOf, type ColourPuzzle } from './colour.ts';
import { solveColourLine } from './colour-line.ts';
import { allValues, type ColourNonogram } from './colour-propagate.ts';
import { colourSearch } from './colour-solver.ts';
import type { Solution } from './types.ts';

/** The rungs, 1 to 3; 4 stands for search (none of them finished the puzzle). */
export type ColourRung = 1 | 2 | 3 | 4;

export const RUNG_NAMES: Readonly<Record<ColourRung, string>> = { 1: 'line logic', 2: 'colour line logic', 3: 'contradiction', 4: 'search' };

/** The rung a level needs at most. */
export const RUNG_OF_LEVEL: Readonly<Record<Level, ColourRung>> = { easy: 1, medium: 2, hard: 3, expert: 4 };

/** What the ladder made of a colour puzzle. */
export interface ColourLadderRun {
  /** `solved`: every cell settled; `contradiction`: no solution; `stuck`: the three rungs left cells open; `above`: it needed a rung above `maxRung`; `stopped`: the meter ran out. */
  outcome: 'solved' | 'contradiction' | 'stuck' | 'above' | 'stopped';
  stop?: BudgetStop;
  /** The highest rung used (1 when line logic alone did it; 4 when stuck). */
  rung: ColourRung;
  /** Cells settled by each rung. */
  settled: [number, number, number];
  /** Values struck out by contradiction. */
  struck: number;
  /** Line solves, probes' included. */
  lineSolves: number;
  /** The cell masks when it ended (row-major; bit 0 the background, bit c colour c). */
  cells: Uint32Array;
}

const single = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;

/**
 * Line logic from dirty lines to a fixpoint. `settledOnly` reads a line's settled cells alone (rung
 * 1) and writes only cells the line settles; otherwise it reads and narrows the masks (rung 2). Every
 * change marks the crossing line in `dirty` and `also` (the other rung's queue). `firstSettle` makes
 * it return as soon as a line settled a cell (the ladder goes back to rung 1). One line solve is one
 * node of `meter`.
 */
function fixpoint(
  p: ColourNonogram,
  cells: Uint32Array,
  dirty: Uint8Array,
  also: Uint8Array | null,
  settledOnly: boolean,
  meter: Meter,
  count: { lines: number; settled: number },
  firstSettle: boolean,
): 'ok' | 'contradiction' | 'stopped' {
  const { width: W, height: H } = p;
  const all = allValues(p.colours);
  const line = new Uint32Array(Math.max(W, H));
  let l = 0;
  let idle = 0;
  // Round robin over the lines, from where the last solve left, until a whole round is clean.
  while (idle < H + W) {
    if (!dirty[l]) {
      idle++;
      l = l + 1 === H + W ? 0 : l + 1;
      continue;
    }
    idle = 0;
    dirty[l] = 0;
    if (!meter.tick(1)) return 'stopped';
    const isRow = l < H;
    const n = isRow ? W : H;
    const at = (t: number): number => (isRow ? l * W + t : t * W + (l - H));
    for (let t = 0; t < n; t++) {
      const m = cells[at(t)];
      line[t] = settledOnly && !single(m) ? all : m;
    }
    count.lines++;
    const got = solveColourLine(line.subarray(0, n), isRow ? p.rows[l] : p.cols[l - H]);
    if (got === null) return 'contradiction';
    let settledHere = false;
    for (let t = 0; t < n; t++) {
      const i = at(t);
      const was = cells[i];
      let next = got[t] & was;
      if (settledOnly && !single(got[t])) next = was;
      if (next === was) continue;
      if (next === 0) return 'contradiction';
      cells[i] = next;
      if (single(next)) {
        count.settled++;
        settledHere = true;
      }
      const cross = isRow ? H + t : t;
      dirty[cross] = 1;
      if (also) {
        also[cross] = 1;
        also[l] = 1;
      }
    }
    if (firstSettle && settledHere) return 'ok';
    l = l + 1 === H + W ? 0 : l + 1;
  }
  return 'ok';
}

/**
 * Climbs the ladder on a colour puzzle under `meter` (a node is a line solve), stopping early with
 * `above` once it needs a rung over `maxRung` (default: climb them all).
 */
export function colourLadder(puzzle: ColourPuzzle, meter: Meter, maxRung: ColourRung = 4): ColourLadderRun {
  const p = colourLogicOf(puzzle);
  const { width: W, height: H } = p;
  const N = W * H;
  const cells = new Uint32Array(N).fill(allValues(p.colours));
  const dirty1 = new Uint8Array(H + W).fill(1);
  const dirty2 = new Uint8Array(H + W).fill(1);
  const c1 = { lines: 0, settled: 0 };
  const c2 = { lines: 0, settled: 0 };
  const c3 = { lines: 0, settled: 0 };
  let rung: ColourRung = 1;
  let struck = 0;
  let probeAt = 0;
  const run = (outcome: ColourLadderRun['outcome']): ColourLadderRun => ({
    outcome,
    ...(outcome === 'stopped' ? { stop: meter.stopped ?? 'node-limit' } : {}),
    rung: outcome === 'stuck' ? 4 : rung,
    settled: [c1.settled, c2.settled, c3.settled],
    struck,
    lineSolves: c1.lines + c2.lines + c3.lines,
    cells,
  });
  const countOpen = (): number => {
    let k = 0;
    for (let i = 0; i < N; i++) if (!single(cells[i])) k++;
    return k;
  };
  const climb = (to: ColourRung): boolean => {
    if (to > maxRung) return false;
    if (to > rung) rung = to;
    return true;
  };
  for (;;) {
    const r1 = fixpoint(p, cells, dirty1, dirty2, true, meter, c1, false);
    if (r1 !== 'ok') return run(r1);
    if (countOpen() === 0) return run('solved');
    if (dirty2.includes(1)) {
      // Rung 2 until it settles a cell (then back to rung 1) or reaches its fixpoint.
      const before = c2.settled;
      const r2 = fixpoint(p, cells, dirty2, dirty1, false, meter, c2, true);
      if (r2 === 'stopped') return run(r2);
      if (r2 === 'contradiction') return climb(2) ? run(r2) : run('above');
      if (c2.settled > before) {
        if (!climb(2)) return run('above');
        continue;
      }
    }
    // Both rungs are at their fixpoint: try each value of each open cell, from where the last try left.
    if (!climb(3)) return run('above');
    let found = false;
    for (let k = 0; k < N && !found; k++) {
      const i = (probeAt + k) % N;
      const m = cells[i];
      if (single(m)) continue;
      for (let bit = 1; bit !== 0 && bit <= m; bit <<= 1) {
        if (!(m & bit)) continue;
        const trial = Uint32Array.from(cells);
        trial[i] = bit;
        const d = new Uint8Array(H + W);
        d[Math.floor(i / W)] = 1;
        d[H + (i % W)] = 1;
        const r = fixpoint(p, trial, d, null, false, meter, c3, false);
        if (r === 'stopped') return run('stopped');
        if (r !== 'contradiction') continue;
        cells[i] = m & ~bit;
        struck++;
        if (single(cells[i])) c3.settled++;
        dirty1[Math.floor(i / W)] = 1;
        dirty1[H + (i % W)] = 1;
        dirty2[Math.floor(i / W)] = 1;
        dirty2[H + (i % W)] = 1;
        probeAt = i;
        found = true;
        break;
      }
    }
    // Stuck after all three rungs: only search decides (above a cap under 4).
    if (!found) return maxRung < 4 ? run('above') : run('stuck');
  }
}

/** The ladder's nodes when a grade is given no node limit of its own: far above any generated puzzle's. */
export const GRADE_LADDER_NODES = 2_000_000;

/** The score of a ladder run that finished (solved or stuck), with the certificate's search nodes for expert. */
export function colourScore(run: ColourLadderRun, width: number, height: number, searchNodes: number): number {
  const cells = width * height;
  const lines = width + height;
  if (run.rung === 4) return Math.min(100, 70 + 5 * String(searchNodes).length);
  if (run.rung === 3) return Math.min(69, 45 + Math.floor((24 * Math.min(cells, 20 * run.struck)) / cells));
  if (run.rung === 2) return Math.min(44, 25 + Math.floor((19 * Math.min(cells, 4 * run.settled[1])) / cells));
  return Math.min(24, 5 + Math.floor((19 * Math.max(0, run.lineSolves - lines)) / (4 * lines)));
}

/** The grade's metrics, named. */
function metricsOf(run: ColourLadderRun, colours: number, searchNodes: number): Record<string, number | string> {
  return {
    grader: 'colour-ladder',
    stage: RUNG_NAMES[run.rung],
    lineSolves: run.lineSolves,
    settledByLineLogic: run.settled[0],
    settledByColourLineLogic: run.settled[1],
    struckByContradiction: run.struck,
    searchNodes,
    colours,
  };
}

/**
 * The ladder and the certificate of a colour puzzle: `maxRung` stops the ladder early (the
 * generator's cheap rejection of a puzzle above the level asked); `ladderNodes` and `certificateNodes`
 * bound each, both inside `budget`.
 */
export function assessColour(
  p: ColourPuzzle,
  budget: Budget = {},
  opts: { ladderNodes?: number; certificateNodes?: number; maxRung?: ColourRung } = {},
): { run: ColourLadderRun; certificate?: Verdict<Solution>; grade?: GradeResult; nodes: number } {
  const outer = new Meter(budget);
  const ladderMeter = new Meter({
    ...outer.remaining(),
    maxNodes: Math.min(opts.ladderNodes ?? GRADE_LADDER_NODES, budget.maxNodes ?? Number.POSITIVE_INFINITY),
  });
  const run = colourLadder(p, ladderMeter, opts.maxRung ?? 4);
  let nodes = ladderMeter.nodes;
  if (run.outcome === 'stopped') return { run, grade: gradeStopped(run.stop ?? 'node-limit'), nodes };
  if (run.outcome === 'above') return { run, nodes };
  if (run.outcome === 'contradiction') return { run, grade: { ok: false, stop: 'not-unique', message: 'the puzzle has no solution' }, nodes };
  const certBudget: Budget = { ...outer.remaining(), ...(opts.certificateNodes !== undefined ? { maxNodes: opts.certificateNodes } : {}) };
  const { found, stop, stats } = colourSearch(p, { limit: 2, budget: certBudget });
  nodes += stats.nodes;
  const certificate = verdictFromCount(found, stop, { nodes: stats.nodes, ms: stats.ms });
  const u = uniqueForGrade(certificate);
  if (!u.ok) return { run, certificate, grade: u, nodes };
  const searchNodes = run.rung === 4 ? stats.dfsNodes : 0;
  const score = colourScore(run, p.width, p.height, searchNodes);
  return {
    run,
    certificate,
    grade: { ok: true, grade: { level: levelOfScore(score), score, metrics: metricsOf(run, p.colour.palette.length - 1, searchNodes) } },
    nodes,
  };
}

/** Grades a colour puzzle: the ladder's level, certified unique by the colour search, under `budget`. */
export function gradeColour(p: ColourPuzzle, budget?: Budget): GradeResult {
  const r = assessColour(p, budget);
  // No rung cap: `above` cannot happen here.
  return r.grade ?? gradeStopped('node-limit');
}
