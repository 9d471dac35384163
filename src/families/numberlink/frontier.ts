/**
 * An exact frontier-based counter for Numberlink under the `strict` rules: a dynamic programme over
 * the cells in row-major order whose state is what crosses the frontier between processed and
 * unprocessed cells: for each column the link going down from the last processed cell of that column,
 * and the link going right from the last processed cell. A link carries the pair of the path piece it
 * belongs to, or, for a piece not yet joined to an endpoint, a tag shared by that piece's two open ends.
 * States with equal frontiers are merged and their counts added (capped at the limit), so the count is
 * exact without enumerating solutions; back-pointers give up to `limit` distinct solutions.
 * It is a different paradigm from the depth-first search and serves as its exact witness; it sweeps
 * along the shorter side, and its work grows with the number of frontier states, not of solutions.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../../core/verdict.ts';
import { E, S, type Numberlink, type Solution } from './types.ts';

interface Entry {
  count: number;
  /** Up to `limit` derivations: previous state key and the choice made at this cell (bit 0 down, bit 1 right). */
  from: [string, number][];
}

export interface FrontierOptions {
  limit?: number;
  budget?: Budget;
  /** Stop (inconclusive, node-limit) when the states kept for all layers exceed this. */
  maxStates?: number;
}

/** Counts `strict` solutions exactly up to `limit` (default 2); nodes count state transitions. */
export function frontierCount(p: Numberlink, options: FrontierOptions = {}): Verdict<Solution> {
  const limit = Math.max(2, options.limit ?? 2);
  const meter = new Meter(options.budget ?? {});
  if (p.rule !== 'strict') throw new RangeError(`frontier counter: the ${p.rule} rule set is not supported (strict only)`);
  // Sweep along the shorter side: transpose when the grid is wider than tall.
  const flip = p.width > p.height;
  const W = flip ? p.height : p.width;
  const H = flip ? p.width : p.height;
  const n = W * H;
  const toT = (i: number): number => (flip ? (i % p.width) * W + Math.floor(i / p.width) : i);
  const pairOf = new Int32Array(n).fill(-1);
  p.pairs.forEach(([a, b], k) => {
    pairOf[toT(a)] = k;
    pairOf[toT(b)] = k;
  });
  const K = p.pairs.length;
  const maxStates = options.maxStates ?? 4_000_000;
  // Slot values: 0 none, 1..K pair k-1, K+1.. untagged piece tags (canonical: numbered by first appearance).
  const layers: Map<string, Entry>[] = [];
  const start = String.fromCharCode(...new Array(W + 1).fill(0));
  let cur = new Map<string, Entry>([[start, { count: 1, from: [] }]]);
  let kept = 1;
  let stop: StopReason = 'completed';
  const slots = new Int32Array(W + 1);
  const canon = (s: Int32Array): string => {
    const map = new Map<number, number>();
    let next = K + 1;
    let key = '';
    for (let i = 0; i <= W; i++) {
      let v = s[i];
      if (v > K) {
        let m = map.get(v);
        if (m === undefined) {
          m = next++;
          map.set(v, m);
        }
        v = m;
      }
      key += String.fromCharCode(v);
    }
    return key;
  };
  outer: for (let i = 0; i < n; i++) {
    const r = Math.floor(i / W);
    const c = i - r * W;
    const next = new Map<string, Entry>();
    const k = pairOf[i];
    const canDown = r < H - 1;
    const canRight = c < W - 1;
    for (const [key, entry] of cur) {
      if (!meter.tick()) {
        stop = meter.stopped ?? 'node-limit';
        break outer;
      }
      for (let t = 0; t <= W; t++) slots[t] = key.charCodeAt(t);
      const up = slots[c];
      const left = slots[W];
      const emit = (down: number, right: number, choice: number, rewrite?: (s: Int32Array) => void): void => {
        const s = Int32Array.from(slots);
        if (rewrite) rewrite(s);
        s[c] = down;
        s[W] = right;
        const nk = canon(s);
        let e = next.get(nk);
        if (!e) {
          e = { count: 0, from: [] };
          next.set(nk, e);
        }
        e.count = Math.min(limit, e.count + entry.count);
        if (e.from.length < limit) e.from.push([key, choice]);
      };
      /** Joins two piece ends (values a, b) at this cell; null when the join is not allowed. */
      const join = (a: number, b: number): ((s: Int32Array) => void) | null => {
        if (a <= K && b <= K) return a === b ? () => {} : null; // same pair: path complete; else two pairs meet
        if (a > K && b > K) {
          if (a === b) return null; // the two ends of one piece: a loop
          return (s) => {
            for (let t = 0; t <= W; t++) if (s[t] === b) s[t] = a;
          };
        }
        const pair = a <= K ? a : b;
        const tag = a <= K ? b : a;
        return (s) => {
          for (let t = 0; t <= W; t++) if (s[t] === tag) s[t] = pair;
        };
      };
      if (k >= 0) {
        // An endpoint: exactly one link.
        const own = k + 1;
        if (up && left) continue;
        const inn = up || left;
        if (inn) {
          const j = join(inn, own);
          if (j) emit(0, 0, 0, j);
        } else {
          if (canDown) emit(own, 0, 1);
          if (canRight) emit(0, own, 2);
        }
        continue;
      }
      // Any other cell: exactly two links.
      if (up && left) {
        const j = join(up, left);
        if (j) emit(0, 0, 0, j);
      } else if (up || left) {
        const v = up || left;
        if (canDown) emit(v, 0, 1);
        if (canRight) emit(0, v, 2);
      } else if (canDown && canRight) {
        const tag = 2 * K + 2 * W + 8; // fresh, renumbered by canon
        emit(tag, tag, 3);
      }
    }
    layers.push(cur);
    cur = next;
    kept += next.size;
    if (kept > maxStates) {
      stop = 'node-limit';
      break;
    }
    if (cur.size === 0) break;
  }
  const found: Solution[] = [];
  if (stop === 'completed') {
    const final = cur.get(start);
    if (final && layers.length === n) {
      for (const choices of derivations(layers, final, n, limit)) found.push(linksOf(choices, W, H, p, flip));
    }
  }
  return verdictFromCount(found, stop, { nodes: meter.nodes, ms: meter.elapsedMs() });
}

/**
 * Up to `limit` distinct choice sequences (one choice per cell) reaching `entry`, the state after the
 * last cell. `layers[i]` holds the states before cell i; an entry's back-pointers name states there.
 */
function derivations(layers: Map<string, Entry>[], entry: Entry, cells: number, limit: number): number[][] {
  const out: number[][] = [];
  const choices = new Array<number>(cells);
  const walk = (cell: number, e: Entry): void => {
    for (const [prev, choice] of e.from) {
      if (out.length >= limit) return;
      choices[cell] = choice;
      if (cell === 0) out.push(choices.slice());
      else {
        const pe = layers[cell].get(prev);
        if (pe) walk(cell - 1, pe);
      }
    }
  };
  walk(cells - 1, entry);
  return out;
}

function linksOf(choices: number[], W: number, H: number, p: Numberlink, flip: boolean): Solution {
  const links = new Uint8Array(W * H);
  for (let i = 0; i < choices.length; i++) {
    if (choices[i] & 1) {
      links[i] |= S;
      links[i + W] |= 1; // N
    }
    if (choices[i] & 2) {
      links[i] |= E;
      links[i + 1] |= 8; // W
    }
  }
  if (!flip) return links;
  // Transpose back: (r, c) in the swept grid is (c, r) in the puzzle; S↔E and N↔W swap.
  const out = new Uint8Array(p.width * p.height);
  const swap = (m: number): number => ((m & 1) << 3) | ((m & 8) >> 3) | ((m & 2) << 1) | ((m & 4) >> 1);
  for (let i = 0; i < W * H; i++) {
    const r = Math.floor(i / W);
    const c = i % W;
    out[c * p.width + r] = swap(links[i]);
  }
  return out;
}
