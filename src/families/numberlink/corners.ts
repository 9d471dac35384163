/**
 * The corner sweep from several corners in turns, for finding one covering of a large board. The
 * sweep's run time on one board swings by orders of magnitude with the corner it starts from and the
 * way it walks each diagonal (a wrong early choice is found only far down the board): measured on
 * the eleven planted 50x50 boards of the large benchmark, the best of eight starts took 0.2–7 M nodes
 * where the first alone took 0.2 M to over 10 M. So the sweeps of the board seen in each of its
 * `orientations` run in turns, each resumed where it stopped (`CornerSweep.resume`, no work lost),
 * with a slice of nodes doubling every round: the first to find a covering ends them all, and the
 * whole costs about the number of sweeps times the quickest one's nodes.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import type { StopReason } from '../../core/verdict.ts';
import { CornerSweep, type SweepRule } from './sweep.ts';
import { E, N, S, W, type Numberlink, type Solution } from './types.ts';

/**
 * A view of the board: bit 1 mirrors it left to right, bit 2 top to bottom, bit 4 then transposes
 * it (so 0–3 start the sweep from each of the four corners, 4–7 the same corners walking each
 * diagonal the other way).
 */
export type Orientation = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The board seen in orientation `o`, and for each of its cells the cell of `p` it is. */
export function orient(p: Numberlink, o: Orientation): { board: Numberlink; from: Int32Array } {
  const { width: w, height: h } = p;
  const tw = o & 4 ? h : w;
  const th = o & 4 ? w : h;
  const to = (c: number): number => {
    let r = (c / w) | 0;
    let x = c - r * w;
    if (o & 1) x = w - 1 - x;
    if (o & 2) r = h - 1 - r;
    return o & 4 ? x * tw + r : r * tw + x;
  };
  const from = new Int32Array(w * h);
  for (let c = 0; c < w * h; c++) from[to(c)] = c;
  const pairs = p.pairs.map(([a, b]): [number, number] => {
    const x = to(a);
    const y = to(b);
    return x < y ? [x, y] : [y, x];
  });
  const order = pairs.map((_, i) => i).sort((i, j) => pairs[i][0] - pairs[j][0]);
  return { board: { width: tw, height: th, rule: p.rule, pairs: order.map((i) => pairs[i]), labels: order.map((i) => p.labels[i]) }, from };
}

/** A covering of an oriented board as one of the original board (`from` as `orient` gave it, `w` the original width). */
export function unorient(links: Solution, board: Numberlink, from: Int32Array, w: number): Solution {
  const out = new Uint8Array(links.length);
  const tw = board.width;
  for (let x = 0; x < links.length; x++) {
    const m = links[x];
    const c = from[x];
    for (const [bit, y] of [
      [N, x - tw],
      [E, x + 1],
      [S, x + tw],
      [W, x - 1],
    ] as const) {
      if ((m & bit) === 0) continue;
      const d = from[y] - c;
      out[c] |= d === -w ? N : d === w ? S : d === 1 ? E : W;
    }
  }
  return out;
}

/** The first slice of nodes each sweep gets; it doubles every round. */
export const FIRST_SLICE = 1 << 15;

export interface CornersResult {
  /** A covering of `p` under the sweep's rule, when one was found. */
  found: Solution | null;
  /** `completed`: a sweep was exhausted (no covering under its rule) or one was found; else what stopped them. */
  stop: StopReason;
  /** Nodes of all the sweeps. */
  nodes: number;
}

/**
 * Runs the sweeps of `p` in `orientations` in turns (conflict sets of `window` words) within the
 * meter's budget, ticking it with their nodes. Deterministic for a node budget: the slices are
 * counted in nodes.
 */
export function sweepCorners(p: Numberlink, rule: SweepRule, meter: Meter, orientations: readonly Orientation[], window: number): CornersResult {
  const views = orientations.map((o) => {
    const v = o === 0 ? { board: p, from: null } : orient(p, o);
    return { ...v, sweep: new CornerSweep(v.board, rule, { window }), started: false };
  });
  let nodes = 0;
  for (let slice = FIRST_SLICE; ; slice = Math.min(2 * slice, 1 << 30)) {
    for (const v of views) {
      const left: Budget = meter.remaining();
      const sub = new Meter({ ...left, maxNodes: Math.min(slice, left.maxNodes ?? Infinity) });
      const before = v.sweep.stats.nodes;
      const r = v.started ? v.sweep.resume(1, sub) : v.sweep.run(1, sub);
      v.started = true;
      const used = v.sweep.stats.nodes - before;
      nodes += used;
      meter.tick(used);
      if (r.found.length > 0) {
        const s = r.found[0];
        return { found: v.from ? unorient(s, v.board, v.from, p.width) : s, stop: 'completed', nodes };
      }
      if (r.stop === 'completed') return { found: null, stop: 'completed', nodes };
      if (r.stop !== 'node-limit' || !meter.check() || (meter.remaining().maxNodes ?? 1) <= 0) {
        return { found: null, stop: meter.stopped ?? (r.stop === 'node-limit' ? 'node-limit' : r.stop), nodes };
      }
    }
  }
}
