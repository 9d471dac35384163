/**
 * Edge matching, the backtracking paradigm: cells filled in a fixed order (scan-row, or growing squares
 * from a corner: `CellOrder`) in which a cell's west and north neighbours are placed before it and its
 * east and south ones after it (except clue cells, placed where the order reaches them). Each cell looks its candidates up in a table keyed by the
 * colours its west and north neighbours show and by its rim sides: every (piece, rotation) is
 * pre-rotated once, and the table holds, per rim class (which sides lie on the frame) and per
 * (west colour, north colour), the list of entries that fit. Pieces in use are marked in a byte set;
 * everything lives in typed arrays, and the search is an explicit stack (no recursion). The exact
 * search looks one cell ahead: when the next cell in the order touches the cell being filled, a piece
 * that leaves it no unused candidate is not placed (on planted boards this halves the placements and
 * saves about a tenth of the time).
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
import { luby } from '../../core/grid.ts';
import { verdictFromCount, type FindResult, type StopReason, type Verdict } from '../../core/verdict.ts';
import { canonicalBoard, type Distinct, type PieceClasses, pieceClasses } from './distinct.ts';
import { greyMask, rimMask, shownColour } from './puzzle.ts';
import type { Board, Instance, Placement, Rotation } from './types.ts';

const BATCH = 1024;

/**
 * Orders in which cells are filled; in both, a cell's west and north neighbours come before it and its
 * east and south ones after it, so the (west, north) tables serve both.
 * - `rows`: scan-row, left to right, top to bottom;
 * - `shells`: growing squares from the top-left corner: shell k is column k from the top down to row
 *   k − 1, then row k from the left to column k (on a rectangle, the parts that exist). Only two cells
 *   per shell (on the top and left rim) have one placed neighbour; every other has two, so a choice on
 *   the rim is tested at once by the cells below or beside it, where a whole top row of scan-row order
 *   is chosen before any cell checks it.
 */
export type CellOrder = 'rows' | 'shells';

export function cellOrder(width: number, height: number, name: CellOrder): Int32Array {
  const out = new Int32Array(width * height);
  let k = 0;
  if (name === 'rows') {
    for (let x = 0; x < width * height; x++) out[x] = x;
    return out;
  }
  for (let s = 0; s < Math.max(width, height); s++) {
    if (s < width) for (let r = 0; r < Math.min(s, height); r++) out[k++] = r * width + s;
    if (s < height) for (let c = 0; c <= Math.min(s, width - 1); c++) out[k++] = s * width + c;
  }
  return out;
}

/** The pre-rotated pieces and the candidate tables of an instance. */
class BacktrackTables {
  readonly n: number;
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
  /**
   * How many more times each piece's entries may be placed: 1 per unclued piece; counting colourings,
   * a class of identical pieces is its first piece's entries (its distinct turns only) with room for
   * every unclued piece of the class, and the other pieces have none.
   */
  readonly room: Int32Array;
  /** The piece classes when counting colourings (boards are then given canonically), else null. */
  readonly classes: PieceClasses | null;
  /** Colour a cell's east / south side must show because a clue sits there, -1 none. */
  readonly needE: Int32Array;
  readonly needS: Int32Array;
  /** The cells in the order they are filled, and each cell's west and north neighbours (n, off the board, on the rim). */
  readonly order: Int32Array;
  readonly westOf: Int32Array;
  readonly northOf: Int32Array;
  /** Joints among the first d cells of the order (each cell's west and north ones on the board). */
  readonly joints: Int32Array;
  /**
   * Look-ahead of the exact search: how the cell after depth d in the order touches the cell at depth
   * d (1: it lies east of it, 2: south of it, 0: neither, or it holds a clue). Its other neighbour
   * towards the west or north is placed by then, so both colours it must show are known once depth d
   * holds a piece, and a piece that leaves that cell no unused candidate is not placed at all.
   */
  readonly lookMode: Uint8Array;

  private readonly inst: Instance;

  constructor(inst: Instance, orderName: CellOrder = 'shells', distinct: Distinct = 'placements') {
    const { width, height, pieces } = inst;
    this.inst = inst;
    const classes = (this.classes = distinct === 'colourings' ? pieceClasses(pieces) : null);
    // The entries searched: all, or per class its first piece in its distinct turns.
    const keep = (q: number): boolean => classes === null || (classes.rep[q >> 2] === q >> 2 && classes.turns[q >> 2].includes((q & 3) as Rotation));
    const n = (this.n = width * height);
    // Dense colour numbers, grey first.
    const dense = new Map<number, number>([[0, 0]]);
    for (const p of pieces) for (const c of p) if (!dense.has(c)) dense.set(c, dense.size);
    const C = (this.colours = dense.size);
    const q4 = 4 * pieces.length;
    this.side = new Int32Array(4 * q4);
    for (let p = 0; p < pieces.length; p++) {
      for (let r = 0; r < 4; r++) for (let d = 0; d < 4; d++) this.side[4 * (4 * p + r) + d] = dense.get(shownColour(pieces[p], r, d))!;
    }
    this.order = cellOrder(width, height, orderName);
    this.westOf = new Int32Array(n);
    this.northOf = new Int32Array(n);
    for (let x = 0; x < n; x++) {
      this.westOf[x] = x % width === 0 ? n : x - 1;
      this.northOf[x] = x < width ? n : x - width;
    }
    this.joints = new Int32Array(n + 1);
    for (let d = 0; d < n; d++) {
      const x = this.order[d];
      this.joints[d + 1] = this.joints[d] + (this.westOf[x] === n ? 0 : 1) + (this.northOf[x] === n ? 0 : 1);
    }
    this.rim = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rim[i] = rimMask(width, height, i);
    const clueAt = new Set(inst.clues.map((cl) => cl.cell));
    this.lookMode = new Uint8Array(n);
    for (let d = 0; d + 1 < n; d++) {
      const x = this.order[d];
      const nx = this.order[d + 1];
      if (clueAt.has(nx)) continue;
      this.lookMode[d] = this.westOf[nx] === x ? 1 : this.northOf[nx] === x ? 2 : 0;
    }
    const grey = new Int32Array(q4);
    for (let q = 0; q < q4; q++) grey[q] = greyMask(pieces[q >> 2], q & 3);
    // Candidates: an entry fits class c when its grey sides are exactly the rim sides.
    const keys = 16 * C * C;
    const counts = new Int32Array(keys + 1);
    const key = (c: number, q: number): number => (c * C + this.side[4 * q + 3]) * C + this.side[4 * q];
    for (let q = 0; q < q4; q++) if (keep(q)) counts[key(grey[q], q) + 1]++;
    for (let k = 0; k < keys; k++) counts[k + 1] += counts[k];
    this.start = counts.slice();
    this.entries = new Int32Array(counts[keys]);
    const fill = counts.slice();
    for (let q = 0; q < q4; q++) if (keep(q)) this.entries[fill[key(grey[q], q)]++] = q;
    this.classStart = new Int32Array(17);
    for (let q = 0; q < q4; q++) if (keep(q)) this.classStart[grey[q] + 1]++;
    for (let c = 0; c < 16; c++) this.classStart[c + 1] += this.classStart[c];
    this.classEntries = new Int32Array(this.classStart[16]);
    const cfill = this.classStart.slice();
    for (let q = 0; q < q4; q++) if (keep(q)) this.classEntries[cfill[grey[q]]++] = q;
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
    this.room = new Int32Array(pieces.length);
    for (let p = 0; p < pieces.length; p++) if (!this.clued[p]) this.room[classes === null ? p : classes.rep[p]]++;
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
    const b = Array.from(placed, (q): Placement | null => (q < 0 ? null : { piece: q >> 2, rotation: (q & 3) as Rotation }));
    return this.classes === null ? b : canonicalBoard(this.inst, b, this.classes);
  }
}

interface RunResult {
  /** 'completed' when the tree was exhausted (or the solution limit reached); else why it stopped. */
  stop: StopReason | 'cap';
  solutions: Board[];
}

/**
 * One depth-first run over the cells in `t.order`. `allow[d]`: mismatches allowed among the joints
 * of the first d + 1 cells placed (null: none, the exact search). `cap`: placements this run may
 * make (Infinity for none). Calls `best` with the score of each new best state in mismatch runs.
 */
function run(
  t: BacktrackTables,
  meter: Meter,
  limit: number,
  cap: number,
  allow: Int32Array | null,
  best: ((score: number, placed: Int32Array) => void) | null,
  lookAhead: boolean,
): RunResult {
  const { n, side, rim, start, entries, classStart, classEntries, fixed, needE, needS, colours: C, order, westOf, northOf } = t;
  const room = t.room.slice();
  // Exact search only: the look-ahead to the next cell.
  const look = allow === null && lookAhead ? t.lookMode : null;
  const placed = new Int32Array(n).fill(-1);
  // The colours each placed piece shows east and south; index n is off the board (grey).
  const eastOf = new Int32Array(n + 1);
  const southOf = new Int32Array(n + 1);
  // Per depth: the candidate list being walked [cursor, end), and for mismatch runs the mismatches so far.
  const cursor = new Int32Array(n + 1);
  const end = new Int32Array(n + 1);
  const listOf = new Uint8Array(n + 1); // 0: key list; 1: class list; 2: the clue entry
  const miss = new Int32Array(n + 1);
  const solutions: Board[] = [];
  let batch = 0;
  let spent = 0;
  let bestScore = -1;
  // Nodes go to the meter in batches of BATCH, the last one ending at the node past `maxNodes`, so a
  // node limit is exact (as in core/xcc.ts).
  const sizeOf = (): number => {
    const max = meter.budget.maxNodes;
    if (max === undefined) return BATCH;
    const left = Math.floor(max - meter.nodes) + 1;
    return left < 1 ? 1 : Math.min(BATCH, left);
  };
  let size = sizeOf();
  // The colours the placed west and north neighbours of cell x show towards it (grey on the rim).
  const westColour = (x: number): number => eastOf[westOf[x]];
  const northColour = (x: number): number => southOf[northOf[x]];
  // The candidate list of cell x showing colours w and nn towards its west and north neighbours.
  const listKey = (x: number, w: number, nn: number): number => (rim[x] * C + w) * C + nn;
  // The candidate list the look-ahead found for the next cell: where its first unused entry is.
  let lookFrom = -1;
  let lookEnd = -1;
  const open = (d: number): void => {
    const x = order[d];
    if (fixed[x] >= 0) {
      listOf[d] = 2;
      cursor[d] = 0;
      end[d] = 1;
    } else if (allow !== null && allow[d] > miss[d]) {
      listOf[d] = 1;
      cursor[d] = classStart[rim[x]];
      end[d] = classStart[rim[x] + 1];
    } else if (look !== null && d > 0 && look[d - 1] !== 0) {
      listOf[d] = 0;
      cursor[d] = lookFrom;
      end[d] = lookEnd;
    } else {
      const k = listKey(x, westColour(x), northColour(x));
      listOf[d] = 0;
      cursor[d] = start[k];
      end[d] = start[k + 1];
    }
  };
  let d = 0;
  open(0);
  for (;;) {
    // Next candidate at depth d, for cell x.
    const x = order[d];
    let q = -1;
    let extra = 0;
    while (cursor[d] < end[d]) {
      const c = listOf[d] === 2 ? fixed[x] : listOf[d] === 1 ? classEntries[cursor[d]] : entries[cursor[d]];
      cursor[d]++;
      if (listOf[d] !== 2 && room[c >> 2] === 0) continue;
      const s4 = 4 * c;
      if (allow === null && ((needE[x] >= 0 && side[s4 + 1] !== needE[x]) || (needS[x] >= 0 && side[s4 + 2] !== needS[x]))) continue;
      if (listOf[d] !== 0) {
        // The clue entry, or a class list in a mismatch run: check the west and north joints here.
        extra = (side[s4 + 3] !== westColour(x) ? 1 : 0) + (side[s4] !== northColour(x) ? 1 : 0);
        if (extra > 0 && (allow === null || miss[d] + extra > allow[d])) continue;
      }
      if (look !== null && look[d] !== 0) {
        // The next cell must keep an unused candidate (this piece's own rotations still count).
        const nx = order[d + 1];
        const k = look[d] === 1 ? listKey(nx, side[s4 + 1], northColour(nx)) : listKey(nx, westColour(nx), side[s4 + 2]);
        let i = start[k];
        const e = start[k + 1];
        while (i < e && room[entries[i] >> 2] === 0) i++;
        if (i === e) continue;
        lookFrom = i;
        lookEnd = e;
      }
      q = c;
      break;
    }
    if (q < 0) {
      // Exhausted at depth d: back to d - 1.
      if (d === 0) {
        meter.nodes += batch;
        return { stop: 'completed', solutions };
      }
      d--;
      const y = order[d];
      if (fixed[y] < 0) room[placed[y] >> 2]++;
      placed[y] = -1;
      continue;
    }
    if (++batch === size) {
      batch = 0;
      spent += size;
      if (!meter.tick(size)) return { stop: meter.stopped!, solutions };
      if (spent >= cap) return { stop: 'cap', solutions };
      size = sizeOf();
    }
    placed[x] = q;
    eastOf[x] = side[4 * q + 1];
    southOf[x] = side[4 * q + 2];
    if (fixed[x] < 0) room[q >> 2]--;
    miss[d + 1] = miss[d] + extra;
    if (best !== null) {
      // Matched joints so far: the joints among the first d + 1 cells, less the mismatched ones.
      const matched = t.joints[d + 1] - miss[d + 1];
      if (matched > bestScore) {
        bestScore = matched;
        best(bestScore, placed);
      }
    }
    if (d + 1 === n) {
      // A full board; in a mismatch run only a perfect one is a solution (the rest only scored).
      if (miss[d + 1] === 0) solutions.push(t.board(placed));
      if (solutions.length >= limit) {
        meter.nodes += batch;
        return { stop: 'completed', solutions };
      }
      if (fixed[x] < 0) room[q >> 2]++;
      placed[x] = -1;
      continue;
    }
    d++;
    open(d);
  }
}

export interface BacktrackOptions {
  budget?: Budget;
  /** Cell order (default shells). */
  order?: CellOrder;
  /** Look one cell ahead in exact searches (default true); the same solutions and verdicts either way. */
  lookAhead?: boolean;
  /** Count solutions up to this many (default 2: proves uniqueness or its absence). */
  limit?: number;
  /**
   * What a distinct solution is (distinct.ts): `placements` (the default here, a piece and a rotation
   * per cell) or `colourings` (symmetry broken in the search: a class of identical pieces is placed as
   * one piece with room for each, in its distinct turns only; boards come canonical).
   */
  distinct?: Distinct;
}

/**
 * Counts the solutions of an instance by exhaustive backtracking in table order, up to `limit`.
 * Distinct solutions are distinct boards (piece and rotation per cell) unless `distinct` says colourings.
 */
export function countBacktrack(inst: Instance, opts: BacktrackOptions = {}): Verdict<Board> {
  const meter = new Meter(opts.budget);
  const t = new BacktrackTables(inst, opts.order, opts.distinct);
  const r = run(t, meter, Math.max(2, opts.limit ?? 2), Infinity, null, null, opts.lookAhead ?? true);
  if (r.stop === 'cap') throw new Error('edgematch backtracker: an uncapped run stopped at a cap (bug)');
  return verdictFromCount(r.solutions, r.stop, meter.stats());
}

export interface RestartOptions {
  budget?: Budget;
  /** Cell order (default shells). */
  order?: CellOrder;
  /** Look one cell ahead in exact searches (default true); the same solutions and verdicts either way. */
  lookAhead?: boolean;
  /** Seed of the shuffles (restarts are deterministic given it). */
  seed?: string;
  /**
   * Placements of the first restart; restart k gets restartBase·luby(k). Default 1,000,000: on ten
   * planted 14x14 boards at 26 interior colours (seeds other than the benchmark's) it took 22 s in
   * all against 35 s with 100,000, and it did as well at 13x13 with 22 colours.
   */
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
  const t = new BacktrackTables(inst, opts.order);
  const base = opts.restartBase ?? 1_000_000;
  for (let k = 1; ; k++) {
    if (k > 1) t.shuffle(new Rng(`${opts.seed ?? 'edgematch'}/restart-${k}`));
    const r = run(t, meter, 1, base * luby(k), allow, best && ((s, placed) => best(s, placed, t)), opts.lookAhead ?? true);
    if (r.stop !== 'cap') return { result: r, meter, restarts: k };
  }
}

/**
 * Finds one solution by randomised restarts. `none` only when a restart exhausted its whole tree.
 */
export function solveBacktrack(inst: Instance, opts: RestartOptions = {}): FindResult<Board> & { restarts: number } {
  const { result, meter, restarts: k } = restarts(inst, opts, null, null);
  const stats = meter.stats();
  if (result.solutions.length > 0) return { kind: 'found', solution: result.solutions[0], stats, restarts: k };
  if (result.stop === 'completed') return { kind: 'none', stats, restarts: k };
  return { kind: 'inconclusive', stop: result.stop as Exclude<StopReason, 'completed'>, stats, restarts: k };
}

export interface BestOptions extends RestartOptions {
  /**
   * Mismatched joints allowed among the joints of the first d + 1 cells placed, per depth d in the cell
   * order (non-decreasing; shorter than the board: the last value holds on). Default: none (exact).
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
  const {
    result,
    meter,
    restarts: k,
  } = restarts(inst, opts, allow.some((x) => x > 0) ? allow : null, (score, placed, t) => {
    if (score > bestScore) {
      bestScore = score;
      bestBoard = t.board(placed);
    }
  });
  const stats = meter.stats();
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
