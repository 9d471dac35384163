/**
 * Edge matching, the best-score engine (the Eternity II score race: matched joints of a full board,
 * 480 on the official 16x16). In the style of Verhaard's eii and Blackwood's solvers:
 *
 * - **A fixed scan order** (`BestOrder`): `frame` places the rim first (clockwise from the top-left
 *   corner) and then the inside row by row; `rows` scans the whole board row by row, rim cells where
 *   the rows reach them. A cell's candidates come from tables keyed by its rim class (which sides
 *   lie on the frame) and the colours of up to two neighbours placed before it (pre-rotated
 *   entries, typed arrays, no allocation per node); further placed neighbours are checked one by one.
 * - **A mismatch schedule**: `allow[d]` mismatched joints may lie among the first d + 1 cells of the
 *   order; none early, more towards the end (`defaultSchedule`). Each cell tries its exact fits
 *   first, then the entries breaking one joint, then two (each entry once), within what the schedule
 *   leaves and below the best board's mismatches so far (branch and bound: only a better full
 *   board can be reached).
 * - **Restarts with node budgets**: each restart re-orders every candidate list from the seed and
 *   searches `restartNodes` placements (default `RESTART_NODES`) from the root.
 * - **Piece-colour preference** (`prefer`, default on): each restart draws a random half of the
 *   colours as "early" colours and tries pieces showing more of them first, so those pieces are used
 *   up in the exact part of the order and the pieces left for the end, where joints may break, share
 *   fewer colours and fit one another more often (Verhaard's uneven colour distribution).
 *
 * Only full boards are scored and reported (every piece placed once, every rim side grey: a
 * permutation of the pieces; `scoreBoard` recounts their score). A node is one placement; the meter
 * is told in batches of up to 1024, cut so that a node limit is exact: a (seed, maxNodes) run is
 * deterministic, whatever the machine.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { Rng } from '../../core/rng.ts';
import type { BudgetStop, SolveStats } from '../../core/verdict.ts';
import { greyMask, maxScore, rimMask, scoreBoard, shownColour, verifyBoard } from './puzzle.ts';
import type { Board, Instance, Placement, Rotation } from './types.ts';

const BATCH = 1024;

/** Scan orders of the best-score engine (see the module comment). */
export type BestOrder = 'frame' | 'rows';
export const BEST_ORDERS: readonly BestOrder[] = ['frame', 'rows'];

/**
 * Placements per restart. On the official 16x16 (5 s of CPU, free 60 %): 1 M 429, 4 M 434, 16 M 429.
 */
export const RESTART_NODES = 4_000_000;

/** The cells in scan order. */
export function bestOrder(width: number, height: number, name: BestOrder): Int32Array {
  const out = new Int32Array(width * height);
  let k = 0;
  if (name === 'rows') {
    for (let x = 0; x < width * height; x++) out[x] = x;
    return out;
  }
  for (let c = 0; c < width; c++) out[k++] = c;
  for (let r = 1; r < height; r++) out[k++] = r * width + width - 1;
  for (let c = width - 2; c >= 0; c--) out[k++] = (height - 1) * width + c;
  for (let r = height - 2; r >= 1; r--) out[k++] = r * width;
  for (let r = 1; r < height - 1; r++) for (let c = 1; c < width - 1; c++) out[k++] = r * width + c;
  return out;
}

/**
 * The default schedule: no mismatch among the first 75 % of the order's cells, then allowances
 * growing with the square of the distance into the rest, to a fifth of the joints at the last cell
 * (96 of 480 on 16x16: generous, so that early restarts complete boards; the best board's bound
 * soon takes over). Values are cumulative (mismatches among the first d + 1 cells). Measured on the
 * official 16x16, scan-row order, 5 s of CPU, seed s1 (s2): free 50 % 422, 60 % 428, 70 % 440 (435),
 * 75 % 444 (441), 80 % 442; the end at 15 % of the joints 422 and 30 % 415 (free 50 %); power 3
 * 434 (free 60 %).
 */
export function defaultSchedule(width: number, height: number, freeFraction = 0.75, endFraction = 0.2, power = 2): Int32Array {
  const n = width * height;
  const free = Math.floor(n * freeFraction);
  const end = Math.max(1, Math.round(maxScore(width, height) * endFraction));
  const allow = new Int32Array(n);
  for (let d = free; d < n; d++) allow[d] = Math.ceil(end * ((d + 1 - free) / (n - free)) ** power);
  return allow;
}

export interface BestScoreOptions {
  budget?: Budget;
  /** Seed of the restarts' orderings (default 'edgematch-best'). */
  seed?: string;
  /** Scan order (default rows: on the official 16x16, 5 s of CPU, 444 against 423 for frame). */
  order?: BestOrder;
  /**
   * Mismatches allowed among the first d + 1 cells of the order, per depth d (non-decreasing; a
   * shorter list: its last value holds on). Default `defaultSchedule`.
   */
  schedule?: readonly number[];
  /** Placements per restart (default RESTART_NODES). */
  restartNodes?: number;
  /** Piece-colour preference ordering (default true); false: plain shuffles. */
  prefer?: boolean;
  /**
   * A saved board to start from: its first `keep` cells in the scan order stay as they are (default:
   * the longest prefix with every joint among it matched, less one row), and a full board of it is
   * the best board to beat.
   */
  from?: { board: Board; keep?: number };
  /** Called with each better full board (a new array each time), in the order found. */
  onImprove?: (score: number, board: Board) => void;
}

export interface BestScoreStats extends SolveStats {
  restarts: number;
}

/**
 * A best-score run's answer:
 * - `solved`: a perfect board (every joint matched);
 * - `stopped`: the budget ran out (`stop` says which limit); `best` is the best full board found, null
 *   when none was completed;
 * - `exhausted`: a restart searched its whole tree within its budget: no board better than `best`
 *   exists under the schedule (not a proof of the best score unless the schedule allowed every joint
 *   to break).
 */
export type BestScoreResult = { maxScore: number; stats: BestScoreStats } & (
  | { kind: 'solved'; board: Board; score: number }
  | { kind: 'stopped'; stop: BudgetStop; best: { board: Board; score: number } | null }
  | { kind: 'exhausted'; best: { board: Board; score: number } | null }
);

/** What is wrong with a `from` board, or null: the checks of `verifyBoard` other than joints. */
export function fromBoardProblem(inst: Instance, board: Board): string | null {
  const check = verifyBoard(inst, board, { partial: true });
  const bad = check.problems.find((p) => p.kind !== 'joint');
  if (bad === undefined) return null;
  switch (bad.kind) {
    case 'length':
      return `it has ${bad.got} cells where the puzzle has ${bad.expected}`;
    case 'bad-piece':
      return `it names piece ${bad.piece}, which the puzzle does not have`;
    case 'bad-rotation':
      return `it turns a piece by ${bad.rotation}`;
    case 'duplicate':
      return `it places piece ${bad.piece} more than once`;
    case 'clue':
      return `it does not hold the clue at cell ${bad.cell}`;
    case 'frame':
      return `a piece at cell ${bad.cell} shows colour ${bad.colour} on the frame: not a board of this puzzle`;
    default:
      return `it is not a board of this puzzle (${bad.kind})`;
  }
}

/**
 * Runs the best-score search until a perfect board, the budget's end, or an exhausted tree. Throws
 * RangeError on a `from` board that does not belong to the instance (`fromBoardProblem` says why).
 */
export function bestScore(inst: Instance, opts: BestScoreOptions = {}): BestScoreResult {
  const { width, height, pieces } = inst;
  const n = width * height;
  const P = pieces.length;
  const Q = 4 * P;
  const meter = new Meter(opts.budget);
  const total = maxScore(width, height);
  const order = bestOrder(width, height, opts.order ?? 'rows');
  const pos = new Int32Array(n);
  for (let d = 0; d < n; d++) pos[order[d]] = d;

  // Dense colours, grey 0.
  const dense = new Map<number, number>([[0, 0]]);
  for (const p of pieces) for (const c of p) if (!dense.has(c)) dense.set(c, dense.size);
  const C = dense.size;
  const side = new Int32Array(4 * Q);
  const cls = new Int32Array(Q);
  for (let q = 0; q < Q; q++) {
    for (let s = 0; s < 4; s++) side[4 * q + s] = dense.get(shownColour(pieces[q >> 2], q & 3, s))!;
    cls[q] = greyMask(pieces[q >> 2], q & 3);
  }

  // Candidate lists, three regions in one array: pairs of known sides, one known side, none.
  const PAIRS: readonly (readonly [number, number])[] = [
    [0, 1],
    [0, 2],
    [0, 3],
    [1, 2],
    [1, 3],
    [2, 3],
  ];
  const pairIndex = new Int32Array(16).fill(-1);
  PAIRS.forEach(([a, b], i) => {
    pairIndex[4 * a + b] = i;
  });
  const base1 = 6 * 16 * C * C;
  const base0 = base1 + 4 * 16 * C;
  const keys = base0 + 16;
  const key2 = (pi: number, k: number, ca: number, cb: number): number => ((pi * 16 + k) * C + ca) * C + cb;
  const key1 = (s: number, k: number, c: number): number => base1 + (s * 16 + k) * C + c;
  const starts = new Int32Array(keys + 1);
  for (let q = 0; q < Q; q++) {
    const k = cls[q];
    for (let pi = 0; pi < 6; pi++) starts[key2(pi, k, side[4 * q + PAIRS[pi][0]], side[4 * q + PAIRS[pi][1]]) + 1]++;
    for (let s = 0; s < 4; s++) starts[key1(s, k, side[4 * q + s]) + 1]++;
    starts[base0 + k + 1]++;
  }
  for (let k = 0; k < keys; k++) starts[k + 1] += starts[k];
  const ents = new Int32Array(starts[keys]);
  const fill = new Int32Array(keys);
  /** Fills the lists with the entries in the order of `rank` (each list keeps that order). */
  const fillLists = (rank: Int32Array): void => {
    fill.set(starts.subarray(0, keys));
    for (let i = 0; i < Q; i++) {
      const q = rank[i];
      const k = cls[q];
      for (let pi = 0; pi < 6; pi++) ents[fill[key2(pi, k, side[4 * q + PAIRS[pi][0]], side[4 * q + PAIRS[pi][1]])]++] = q;
      for (let s = 0; s < 4; s++) ents[fill[key1(s, k, side[4 * q + s])]++] = q;
      ents[fill[base0 + k]++] = q;
    }
  };

  // Per cell: its neighbours (n: off the board) and rim class; per depth: the known sides.
  const nb = new Int32Array(4 * n);
  const rim = new Int32Array(n);
  for (let x = 0; x < n; x++) {
    const r = Math.floor(x / width);
    const c = x % width;
    nb[4 * x] = r > 0 ? x - width : n;
    nb[4 * x + 1] = c < width - 1 ? x + 1 : n;
    nb[4 * x + 2] = r < height - 1 ? x + width : n;
    nb[4 * x + 3] = c > 0 ? x - 1 : n;
    rim[x] = rimMask(width, height, x);
  }
  const known = new Int32Array(4 * n).fill(-1);
  const knownCount = new Int32Array(n);
  /** Joints between the first d cells of the order. */
  const joints = new Int32Array(n + 1);
  for (let d = 0; d < n; d++) {
    const x = order[d];
    let k = 0;
    for (let s = 0; s < 4; s++) if (nb[4 * x + s] < n && pos[nb[4 * x + s]] < d) known[4 * d + k++] = s;
    knownCount[d] = k;
    joints[d + 1] = joints[d] + k;
  }
  const fixed = new Int32Array(n).fill(-1);
  const used = new Uint8Array(P);
  const clued = new Uint8Array(P);
  for (const cl of inst.clues) {
    fixed[cl.cell] = 4 * cl.piece + cl.rotation;
    clued[cl.piece] = 1;
  }

  // The schedule, capped by the best full board: allow[d] mismatches among the first d + 1 cells.
  const allow = new Int32Array(n);
  if (opts.schedule !== undefined && opts.schedule.length > 0) {
    for (let d = 0; d < n; d++) allow[d] = opts.schedule[Math.min(d, opts.schedule.length - 1)];
  } else allow.set(defaultSchedule(width, height));
  for (let d = 1; d < n; d++) if (allow[d] < allow[d - 1]) allow[d] = allow[d - 1];

  // Search state.
  const placed = new Int32Array(n).fill(-1);
  const show = new Int32Array(4 * (n + 1));
  const miss = new Int32Array(n + 1);
  const phase = new Int32Array(n);
  const cursor = new Int32Array(n);
  const end = new Int32Array(n);
  const need = new Int32Array(4 * n);
  let bestMiss = total + 1;
  let bestBoard: Board | null = null;
  const toBoard = (): Board => Array.from(placed, (q): Placement => ({ piece: q >> 2, rotation: (q & 3) as Rotation }));
  const improve = (board: Board, m: number): void => {
    bestMiss = m;
    bestBoard = board;
    opts.onImprove?.(total - m, board);
  };

  // The kept prefix of a `from` board.
  let root = 0;
  for (let p = 0; p < P; p++) used[p] = clued[p];
  if (opts.from !== undefined) {
    const fb = opts.from.board;
    const problem = fromBoardProblem(inst, fb);
    if (problem !== null) throw new RangeError(`edgematch best: the starting board does not fit: ${problem}`);
    let keep = opts.from.keep;
    if (keep === undefined) {
      let k = 0;
      while (k < n && fb[order[k]] !== null) {
        const x = order[k];
        const q = 4 * fb[x]!.piece + fb[x]!.rotation;
        let ok = true;
        for (let i = 0; i < knownCount[k]; i++) {
          const s = known[4 * k + i];
          const y = fb[nb[4 * x + s]]!;
          if (shownColour(pieces[q >> 2], q & 3, s) !== shownColour(pieces[y.piece], y.rotation, (s + 2) & 3)) ok = false;
        }
        if (!ok) break;
        k++;
      }
      keep = Math.max(0, k - width);
    }
    keep = Math.max(0, Math.min(n, Math.floor(keep)));
    for (let d = 0; d < keep; d++) {
      const pl = fb[order[d]];
      if (pl === null) {
        keep = d;
        break;
      }
    }
    for (let d = 0; d < keep; d++) {
      const x = order[d];
      const q = 4 * fb[x]!.piece + fb[x]!.rotation;
      placed[x] = q;
      used[q >> 2] = 1;
      for (let s = 0; s < 4; s++) show[4 * x + s] = side[4 * q + s];
      let m = 0;
      for (let i = 0; i < knownCount[d]; i++) {
        const s = known[4 * d + i];
        if (side[4 * q + s] !== show[4 * nb[4 * x + s] + ((s + 2) & 3)]) m++;
      }
      miss[d + 1] = miss[d] + m;
    }
    root = keep;
    if (fb.every((c) => c !== null)) {
      const m = total - scoreBoard(inst, fb);
      bestMiss = m;
      bestBoard = fb.slice();
    }
  }
  const usedAtRoot = used.slice();
  const stats = (restarts: number): BestScoreStats => ({ ...meter.stats(), restarts });
  const answer = (k: number, stop: BudgetStop | 'completed' | 'exhausted'): BestScoreResult => {
    const best = bestBoard === null ? null : { board: bestBoard, score: total - bestMiss };
    if (best !== null && bestMiss === 0) return { kind: 'solved', board: best.board, score: best.score, maxScore: total, stats: stats(k) };
    if (stop === 'completed' || stop === 'exhausted') return { kind: 'exhausted', best, maxScore: total, stats: stats(k) };
    return { kind: 'stopped', stop, best, maxScore: total, stats: stats(k) };
  };
  if (bestMiss === 0 || root === n) return answer(0, 'exhausted');

  const prefer = opts.prefer ?? true;
  const cap = opts.restartNodes ?? RESTART_NODES;
  const seed = opts.seed ?? 'edgematch-best';
  const rank = new Int32Array(Q);
  const weight = new Int32Array(Q);
  const early = new Uint8Array(C);
  const sizeOf = (): number => {
    const max = meter.budget.maxNodes;
    if (max === undefined) return BATCH;
    const left = Math.floor(max - meter.nodes) + 1;
    return left < 1 ? 1 : Math.min(BATCH, left);
  };

  /** Sets up depth d's lists: phase 0 and the colours its known sides must show. */
  const open = (d: number): void => {
    const x = order[d];
    for (let i = 0; i < knownCount[d]; i++) {
      const s = known[4 * d + i];
      need[4 * d + i] = show[4 * nb[4 * x + s] + ((s + 2) & 3)];
    }
    phase[d] = 0;
    if (fixed[x] >= 0) {
      cursor[d] = 0;
      end[d] = 1;
      return;
    }
    const kc = knownCount[d];
    const k = rim[x];
    let key: number;
    if (kc >= 2) key = key2(pairIndex[4 * known[4 * d] + known[4 * d + 1]], k, need[4 * d], need[4 * d + 1]);
    else if (kc === 1) key = key1(known[4 * d], k, need[4 * d]);
    else key = base0 + k;
    cursor[d] = starts[key];
    end[d] = starts[key + 1];
  };

  // The deepest state of a restart, completed greedily when the restart ends: the rest of the
  // order filled cell by cell with the unused entry of the cell's rim class that breaks the fewest
  // joints (every cell gets one: the pieces left of each kind are as many as the cells left of it).
  // This makes a full board from the first restart on, where the schedule's exact part is hard.
  const deepPlaced = new Int32Array(n);
  let deepD = 0;
  const fillUsed = new Uint8Array(P);
  const complete = (): void => {
    fillUsed.set(usedAtRoot);
    for (let e = root; e < deepD; e++) fillUsed[deepPlaced[order[e]] >> 2] = 1;
    let m = 0;
    for (let e = 0; e < n; e++) {
      const x = order[e];
      let q = e < deepD ? deepPlaced[x] : -1;
      let qm = 0;
      if (q < 0) {
        const from = fixed[x] >= 0 ? -1 : starts[base0 + rim[x]];
        const to = fixed[x] >= 0 ? -1 : starts[base0 + rim[x] + 1];
        let bestM = 5;
        const one = (c: number): void => {
          let cm = 0;
          for (let i = 0; i < knownCount[e]; i++) {
            const s = known[4 * e + i];
            const y = deepPlaced[nb[4 * x + s]];
            if (side[4 * c + s] !== side[4 * y + ((s + 2) & 3)]) cm++;
          }
          if (cm < bestM) {
            bestM = cm;
            q = c;
          }
        };
        if (fixed[x] >= 0) one(fixed[x]);
        else for (let i = from; i < to && bestM > 0; i++) if (fillUsed[ents[i] >> 2] === 0) one(ents[i]);
        if (q < 0) return;
        qm = bestM;
        deepPlaced[x] = q;
        fillUsed[q >> 2] = 1;
      } else if (e >= root) {
        for (let i = 0; i < knownCount[e]; i++) {
          const s = known[4 * e + i];
          if (side[4 * q + s] !== side[4 * deepPlaced[nb[4 * x + s]] + ((s + 2) & 3)]) qm++;
        }
      }
      m += e < root ? 0 : qm;
    }
    m += miss[root];
    if (m < bestMiss)
      improve(
        Array.from(deepPlaced, (q): Placement => ({ piece: q >> 2, rotation: (q & 3) as Rotation })),
        m,
      );
  };

  for (let restart = 1; ; restart++) {
    // This restart's candidate order (without the colour preference, plain shuffles: 425 against
    // 428 on the official 16x16 in 5 s of CPU, free 60 %).
    const rng = new Rng(`${seed}/restart-${restart}`);
    for (let c = 1; c < C; c++) early[c] = prefer ? rng.int(2) : 0;
    for (let q = 0; q < Q; q++) {
      let w = 0;
      for (let s = 0; s < 4; s++) w += early[side[4 * q + s]];
      // Rotations of one piece share its tie-break, so a piece's turns stay together in a list.
      weight[q] = (q & 3) === 0 ? (w << 20) | rng.int(1 << 20) : (w << 20) | (weight[q & ~3] & 0xfffff);
      rank[q] = q;
    }
    rank.sort((a, b) => weight[b] - weight[a] || a - b);
    fillLists(rank);
    used.set(usedAtRoot);

    let spent = 0;
    let batch = 0;
    let size = sizeOf();
    let d = root;
    deepD = root;
    deepPlaced.set(placed);
    open(d);
    let outcome: 'cap' | 'exhausted' | 'solved' | BudgetStop | null = null;
    while (outcome === null) {
      const x = order[d];
      const lim = Math.min(allow[d], bestMiss - 1);
      const room = lim - miss[d];
      // The next candidate at depth d and the mismatches it adds.
      let q = -1;
      let extra = 0;
      const kc = knownCount[d];
      const d4 = 4 * d;
      if (fixed[x] >= 0) {
        if (phase[d] === 0) {
          phase[d] = 1;
          const c = fixed[x];
          let m = 0;
          for (let i = 0; i < kc; i++) if (side[4 * c + known[d4 + i]] !== need[d4 + i]) m++;
          if (m <= room) {
            q = c;
            extra = m;
          }
        }
      } else if (room >= 0) {
        const sa = known[d4];
        const sb = known[d4 + 1];
        for (;;) {
          if (cursor[d] < end[d]) {
            const c = ents[cursor[d]++];
            if (used[c >> 2] !== 0) continue;
            const c4 = 4 * c;
            const ph = phase[d];
            let m = 0;
            if (ph === 1) {
              if (side[c4 + sb] === need[d4 + 1]) continue;
              m = 1;
            } else if (ph === 2) {
              if (side[c4 + sa] === need[d4]) continue;
              m = 1;
            } else if (ph === 3) {
              if (side[c4 + sa] === need[d4]) continue;
              if (kc >= 2) {
                if (side[c4 + sb] === need[d4 + 1]) continue;
                m = 2;
              } else m = 1;
            }
            for (let i = 2; i < kc; i++) if (side[c4 + known[d4 + i]] !== need[d4 + i]) m++;
            if (m > room) continue;
            q = c;
            extra = m;
            break;
          }
          // The next phase: one joint broken (each of the two key sides), then both.
          const ph = ++phase[d];
          if (ph > 3 || kc === 0) break;
          const k = rim[x];
          if (ph === 1 || ph === 2) {
            if (kc < 2 || room < 1) continue;
            const key = ph === 1 ? key1(sa, k, need[d4]) : key1(sb, k, need[d4 + 1]);
            cursor[d] = starts[key];
            end[d] = starts[key + 1];
          } else {
            if (room < (kc >= 2 ? 2 : 1)) break;
            cursor[d] = starts[base0 + k];
            end[d] = starts[base0 + k + 1];
          }
        }
      }
      if (q < 0) {
        if (d === root) {
          outcome = 'exhausted';
          break;
        }
        d--;
        const y = order[d];
        used[placed[y] >> 2] = clued[placed[y] >> 2];
        placed[y] = -1;
        continue;
      }
      if (++batch === size) {
        spent += size;
        batch = 0;
        if (!meter.tick(size)) {
          outcome = meter.stopped!;
          break;
        }
        if (spent >= cap) {
          outcome = 'cap';
          break;
        }
        size = sizeOf();
      }
      placed[x] = q;
      const q4 = 4 * q;
      show[4 * x] = side[q4];
      show[4 * x + 1] = side[q4 + 1];
      show[4 * x + 2] = side[q4 + 2];
      show[4 * x + 3] = side[q4 + 3];
      used[q >> 2] = 1;
      miss[d + 1] = miss[d] + extra;
      if (d + 1 === n) {
        if (miss[n] < bestMiss) {
          improve(toBoard(), miss[n]);
          if (miss[n] === 0) {
            outcome = 'solved';
            break;
          }
        }
        used[q >> 2] = clued[q >> 2];
        placed[x] = -1;
        continue;
      }
      d++;
      if (d > deepD) {
        deepD = d;
        deepPlaced.set(placed);
      }
      open(d);
    }
    if (outcome !== 'solved') complete();
    if (outcome !== 'cap') {
      meter.nodes += batch;
      return answer(restart, outcome === 'solved' ? 'exhausted' : outcome);
    }
    for (let e = root; e < n; e++) placed[order[e]] = -1;
  }
}
