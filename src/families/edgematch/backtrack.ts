/**
 * Edge matching, the backtracking paradigm: cells filled in a fixed scan-row order (left to right, top
 * to bottom), so when a cell is reached its west and north neighbours are placed and its east and
 * south ones are not (except clue cells). Each cell looks its candidates up in a table keyed by the
 * colours its west and north neighbours show and by its rim sides: every (piece, rotation) is
 * pre-rotated once, and the table holds, per rim class (which sides lie on the frame) and per
 * (west colour, north colour), the list of entries that fit. Pieces in use are marked in a byte set;
 * everything lives in typed arrays, and the search is an explicit stack (no recursion).
 *
 * Three entry points share that search:
 * - `countBacktrack`: the whole tree in table order, counting solutions to a limit: a certificate of
 *   another paradigm than Algorithm C and SAT;
 * - `solveBacktrack`: randomised restarts (each restart shuffles every candidate list from the seed
 *   and runs to a node cap growing by the Luby sequence); a restart that exhausts its tree within its
 *   cap proves there is no solution;
 * - `bestBacktrack`: the same restarts under a schedule of allowed mismatches (how many joints may
 *   show different colours up to each cell), keeping the board with the best score seen.
 *
 * A node is one placement. The meter is told in batches of 1024 placements, so a node limit may be
 * passed by up to 1023 before the search stops (the count reported is exact).
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { Rng } from '../../core/rng.ts';
import { verdictFromCount, type FindResult, type SolveStats, type StopReason, type Verdict } from '../../core/verdict.ts';
import { greyMask, rimMask, shownColour } from './puzzle.ts';
import type { Board, Instance, Placement, Rotation } from './types.ts';

const BATCH = 1024;

/** The pre-rotated pieces and the candidate tables of an instance. */
export class BacktrackTables {
  readonly n: number;
  readonly width: number;
  /** Colours renumbered densely (grey stays 0); `colours` of them. */
  readonly colours: number;
  /** Shown colours of entry q = 4·piece + rotation, side d: side[4q + d] (dense colours). */
  readonly side: Int32Array;
  /** Rim class of each cell (bits of the sides on the frame). */
  readonly rim: Int32Array;
  /** Candidates of (class, west, north): entries[start[k] .. start[k+1]), k = (class·C + west)·C + north. */
  readonly start: Int32Array;
  readonly entries: Int32Array;
  /** All entries of a rim class, for mismatch runs: classEntries[classStart[c] .. classStart[c+1]). */
  readonly classStart: Int32Array;
  readonly classEntries: Int32Array;
  /** Clue entry of each cell, -1 none; pieces given by clues. */
  readonly fixed: Int32Array;
  readonly clued: Uint8Array;
  /** Colour a cell's east / south side must show because a clue sits there, -1 none. */
  readonly needE: Int32Array;
  readonly needS: Int32Array;

  constructor(readonly inst: Instance) {
    const { width, height, pieces } = inst;
    const n = (this.n = width * height);
    this.width = width;
    // Dense colour numbers, grey first.
    const dense = new Map<number, number>([[0, 0]]);
    for (const p of pieces) for (const c of p) if (!dense.has(c)) dense.set(c, dense.size);
    const C = (this.colours = dense.size);
    const q4 = 4 * pieces.length;
    this.side = new Int32Array(4 * q4);
    for (let p = 0; p < pieces.length; p++) {
      for (let r = 0; r < 4; r++) for (let d = 0; d < 4; d++) this.side[4 * (4 * p + r) + d] = dense.get(shownColour(pieces[p], r, d))!;
    }
    this.rim = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rim[i] = rimMask(width, height, i);
    const grey = new Int32Array(q4);
    for (let q = 0; q < q4; q++) grey[q] = greyMask(pieces[q >> 2], q & 3);
    // Candidates: an entry fits class c when its grey sides are exactly the rim sides.
    const keys = 16 * C * C;
    const counts = new Int32Array(keys + 1);
    const key = (c: number, q: number): number => (c * C + this.side[4 * q + 3]) * C + this.side[4 * q];
    for (let q = 0; q < q4; q++) counts[key(grey[q], q) + 1]++;
    for (let k = 0; k < keys; k++) counts[k + 1] += counts[k];
    this.start = counts.slice();
    this.entries = new Int32Array(q4);
    const fill = counts.slice();
    for (let q = 0; q < q4; q++) this.entries[fill[key(grey[q], q)]++] = q;
    this.classStart = new Int32Array(17);
    for (let q = 0; q < q4; q++) this.classStart[grey[q] + 1]++;
    for (let c = 0; c < 16; c++) this.classStart[c + 1] += this.classStart[c];
    this.classEntries = new Int32Array(q4);
    const cfill = this.classStart.slice();
    for (let q = 0; q < q4; q++) this.classEntries[cfill[grey[q]]++] = q;
    this.fixed = new Int32Array(n).fill(-1);
    this.clued = new Uint8Array(pieces.length);
    this.needE = new Int32Array(n).fill(-1);
    this.needS = new Int32Array(n).fill(-1);
    for (const cl of inst.clues) {
      const q = 4 * cl.piece + cl.rotation;
      this.fixed[cl.cell] = q;
      this.clued[cl.piece] = 1;
      if (cl.cell % width > 0) this.needE[cl.cell - 1] = this.side[4 * q + 3];
      if (cl.cell >= width) this.needS[cl.cell - width] = this.side[4 * q];
    }
  }

  /** Shuffles every candidate list (within its key) and every class list, from `rng`. */
  shuffle(rng: Rng): void {
    const lists = [
      [this.start, this.entries],
      [this.classStart, this.classEntries],
    ] as const;
    for (const [start, entries] of lists) {
      for (let k = 0; k + 1 < start.length; k++) {
        for (let i = start[k + 1] - 1; i > start[k]; i--) {
          const j = start[k] + rng.int(i - start[k] + 1);
          const t = entries[i];
          entries[i] = entries[j];
          entries[j] = t;
        }
      }
    }
  }

  board(placed: Int32Array): Board {
    return Array.from(placed, (q): Placement | null => (q < 0 ? null : { piece: q >> 2, rotation: (q & 3) as Rotation }));
  }
}

interface RunResult {
  /** 'completed' when the tree was exhausted (or the solution limit reached); else why it stopped. */
  stop: StopReason | 'cap';
  solutions: Board[];
}

/**
 * One depth-first run. `allow[i]`: mismatches allowed among the joints of cells 0..i (null: none, the
 * exact search). `cap`: placements this run may make (Infinity for none). Calls `best` with the score
 * of each new best state in mismatch runs.
 */
function run(
  t: BacktrackTables,
  meter: Meter,
  limit: number,
  cap: number,
  allow: Int32Array | null,
  best: ((score: number, placed: Int32Array) => void) | null,
): RunResult {
  const { n, width, side, rim, start, entries, classStart, classEntries, fixed, needE, needS, colours: C } = t;
  const used = t.clued.slice();
  const placed = new Int32Array(n).fill(-1);
  // Per depth: the candidate list being walked [cursor, end), and for mismatch runs the mismatches so far.
  const cursor = new Int32Array(n + 1);
  const end = new Int32Array(n + 1);
  const listOf = new Uint8Array(n + 1); // 0: key list; 1: class list; 2: the clue entry
  const miss = new Int32Array(n + 1);
  const matched = new Int32Array(n + 1);
  const solutions: Board[] = [];
  let batch = 0;
  let spent = 0;
  let bestScore = -1;
  const open = (i: number): void => {
    const west = i % width === 0 ? 0 : side[4 * placed[i - 1] + 1];
    const north = i < width ? 0 : side[4 * placed[i - width] + 2];
    if (fixed[i] >= 0) {
      listOf[i] = 2;
      cursor[i] = 0;
      end[i] = 1;
    } else if (allow !== null && allow[i] > miss[i]) {
      listOf[i] = 1;
      cursor[i] = classStart[rim[i]];
      end[i] = classStart[rim[i] + 1];
    } else {
      const k = (rim[i] * C + west) * C + north;
      listOf[i] = 0;
      cursor[i] = start[k];
      end[i] = start[k + 1];
    }
  };
  let i = 0;
  open(0);
  for (;;) {
    // Next candidate at depth i.
    let q = -1;
    let extra = 0;
    while (cursor[i] < end[i]) {
      const c = listOf[i] === 2 ? fixed[i] : listOf[i] === 1 ? classEntries[cursor[i]] : entries[cursor[i]];
      cursor[i]++;
      if (listOf[i] !== 2 && used[c >> 2]) continue;
      const s = 4 * c;
      if (needE[i] >= 0 && side[s + 1] !== needE[i] && allow === null) continue;
      if (needS[i] >= 0 && side[s + 2] !== needS[i] && allow === null) continue;
      if (listOf[i] !== 0) {
        // The clue entry, or a class list in a mismatch run: check the west and north joints here.
        const west = i % width === 0 ? 0 : side[4 * placed[i - 1] + 1];
        const north = i < width ? 0 : side[4 * placed[i - width] + 2];
        extra = (side[s + 3] !== west ? 1 : 0) + (side[s] !== north ? 1 : 0);
        if (extra > 0 && (allow === null || miss[i] + extra > allow[i])) continue;
      }
      q = c;
      break;
    }
    if (q < 0) {
      // Exhausted at depth i: back to i - 1.
      if (i === 0) {
        meter.nodes += batch;
        return { stop: 'completed', solutions };
      }
      i--;
      used[placed[i] >> 2] = t.clued[placed[i] >> 2];
      placed[i] = -1;
      continue;
    }
    if (++batch === BATCH) {
      batch = 0;
      spent += BATCH;
      if (!meter.tick(BATCH)) return { stop: meter.stopped!, solutions };
      if (spent >= cap) return { stop: 'cap', solutions };
    }
    placed[i] = q;
    used[q >> 2] = 1;
    miss[i + 1] = miss[i] + extra;
    if (best !== null) {
      // Matched joints so far: the west and north joints of this cell that are interior and match.
      const m = (i % width === 0 ? 0 : 1) + (i < width ? 0 : 1) - extra;
      matched[i + 1] = matched[i] + m;
      if (matched[i + 1] > bestScore) {
        bestScore = matched[i + 1];
        best(bestScore, placed);
      }
    }
    if (i + 1 === n) {
      // A full board; in a mismatch run only a perfect one is a solution (the rest only scored).
      if (miss[i + 1] === 0) solutions.push(t.board(placed));
      if (solutions.length >= limit) {
        meter.nodes += batch;
        return { stop: 'completed', solutions };
      }
      used[q >> 2] = t.clued[q >> 2];
      placed[i] = -1;
      continue;
    }
    i++;
    open(i);
  }
}

function statsOf(meter: Meter): SolveStats {
  return meter.stats();
}

export interface BacktrackOptions {
  budget?: Budget;
  /** Count solutions up to this many (default 2: proves uniqueness or its absence). */
  limit?: number;
}

/**
 * Counts the solutions of an instance by exhaustive backtracking in table order, up to `limit`.
 * Distinct solutions are distinct boards (piece and rotation per cell).
 */
export function countBacktrack(inst: Instance, opts: BacktrackOptions = {}): Verdict<Board> {
  const meter = new Meter(opts.budget);
  const t = new BacktrackTables(inst);
  const r = run(t, meter, Math.max(2, opts.limit ?? 2), Infinity, null, null);
  return verdictFromCount(r.solutions, r.stop === 'cap' ? 'completed' : r.stop, statsOf(meter));
}

/** The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (k from 1). */
export function luby(k: number): number {
  for (let size = 1; ; size = 2 * size + 1) {
    if (k === size) return (size + 1) / 2;
    if (k < size) return luby(k - (size - 1) / 2);
  }
}

export interface RestartOptions {
  budget?: Budget;
  /** Seed of the shuffles (restarts are deterministic given it). */
  seed?: string;
  /** Placements of the first restart; restart k gets restartBase·luby(k). Default 100,000. */
  restartBase?: number;
}

/** Restarts and what they found, shared by the find and best-score runs. */
function restarts(
  inst: Instance,
  opts: RestartOptions,
  allow: Int32Array | null,
  best: ((score: number, placed: Int32Array, t: BacktrackTables) => void) | null,
): { result: RunResult; meter: Meter; restarts: number } {
  const meter = new Meter(opts.budget);
  const t = new BacktrackTables(inst);
  const base = opts.restartBase ?? 100_000;
  for (let k = 1; ; k++) {
    if (k > 1) t.shuffle(new Rng(`${opts.seed ?? 'edgematch'}/restart-${k}`));
    const r = run(t, meter, 1, base * luby(k), allow, best && ((s, placed) => best(s, placed, t)));
    if (r.stop !== 'cap') return { result: r, meter, restarts: k };
  }
}

/**
 * Finds one solution by randomised restarts. `none` only when a restart exhausted its whole tree.
 */
export function solveBacktrack(inst: Instance, opts: RestartOptions = {}): FindResult<Board> & { restarts: number } {
  const { result, meter, restarts: k } = restarts(inst, opts, null, null);
  const stats = statsOf(meter);
  if (result.solutions.length > 0) return { kind: 'found', solution: result.solutions[0], stats, restarts: k };
  if (result.stop === 'completed') return { kind: 'none', stats, restarts: k };
  return { kind: 'inconclusive', stop: result.stop as Exclude<StopReason, 'completed'>, stats, restarts: k };
}

export interface BestOptions extends RestartOptions {
  /**
   * Mismatched joints allowed among the joints of cells 0..i, per cell i in scan order (non-decreasing;
   * shorter than the board: the last value holds on). Default: none (an exact search).
   */
  schedule?: readonly number[];
}

export interface BestResult {
  /** A full solution with every joint matched, if one was found. */
  result: FindResult<Board>;
  /** The best board seen (possibly partial) and its score (matched interior joints). */
  best: { board: Board; score: number };
  restarts: number;
}

/**
 * A best-score run: randomised restarts under a mismatch schedule, keeping the board with the most
 * matched joints seen (its score is recounted by `scoreBoard` in tests). Stops at a perfect board or
 * when the budget runs out.
 */
export function bestBacktrack(inst: Instance, opts: BestOptions = {}): BestResult {
  const n = inst.width * inst.height;
  const sched = opts.schedule ?? [0];
  const allow = new Int32Array(n);
  for (let i = 0; i < n; i++) allow[i] = sched[Math.min(i, sched.length - 1)];
  let bestBoard: Board = new Array(n).fill(null);
  let bestScore = -1;
  const { result, meter, restarts: k } = restarts(inst, opts, allow.some((x) => x > 0) ? allow : null, (score, placed, t) => {
    if (score > bestScore) {
      bestScore = score;
      bestBoard = t.board(placed);
    }
  });
  const stats = statsOf(meter);
  // A restart that exhausted its tree without a perfect board proves there is none (the tree of a
  // mismatch run holds every perfect board too).
  const found: FindResult<Board> =
    result.solutions.length > 0
      ? { kind: 'found', solution: result.solutions[0], stats }
      : result.stop === 'completed'
        ? { kind: 'none', stats }
        : { kind: 'inconclusive', stop: result.stop as Exclude<StopReason, 'completed'>, stats };
  return { result: found, best: { board: bestBoard, score: Math.max(0, bestScore) }, restarts: k };
}
