/**
 * Routing a label grid: which links make each label's cells one path between its endpoints.
 *
 * A grid of labels (which pair owns each cell) is a solution when some routing of each label's cells
 * is a path from one of its endpoints to the other under the puzzle's rule set. Where a path runs
 * beside itself the labels allow several routings, or none that a greedy walk finds, so this is
 * decided exactly: for each label, a small Hamiltonian-path question, answered by the solver's own
 * search (`NumberlinkSearch`) on that label's bounding box, with every cell of another label a hole
 * (each cell restricted to its label), under the puzzle's rule, within a budget. Running out of it
 * is `inconclusive`, never "not a solution".
 */
import { Meter, type Budget } from '../../core/budget.ts';
import type { BudgetStop } from '../../core/verdict.ts';
import { NumberlinkSearch } from './solver.ts';
import type { Numberlink, Solution } from './types.ts';

/** Search nodes a label grid's routing may take in all, unless the budget says otherwise. */
export const ROUTE_NODES = 2_000_000;

export type Routing =
  | { kind: 'found'; links: Solution; nodes: number }
  /** No routing of pair `pair`'s cells is a path between its endpoints under the rule. */
  | { kind: 'none'; pair: number; nodes: number }
  | { kind: 'inconclusive'; stop: BudgetStop; pair: number; nodes: number };

/**
 * Links making each pair's cells (`owner[i]` = the pair of cell i, every cell owned) one path between
 * its endpoints under `p.rule`; the endpoints must be owned by their pair. The budget's nodes default
 * to ROUTE_NODES; its deadline and signal are the caller's.
 */
export function routeLabels(p: Numberlink, owner: ArrayLike<number>, budget: Budget = {}): Routing {
  const meter = new Meter({ ...budget, maxNodes: budget.maxNodes ?? ROUTE_NODES });
  const w = p.width;
  const K = p.pairs.length;
  // Each pair's bounding box.
  const top = new Int32Array(K).fill(p.height);
  const left = new Int32Array(K).fill(w);
  const bottom = new Int32Array(K).fill(-1);
  const right = new Int32Array(K).fill(-1);
  for (let i = 0; i < owner.length; i++) {
    const k = owner[i];
    const r = Math.floor(i / w);
    const c = i - r * w;
    top[k] = Math.min(top[k], r);
    bottom[k] = Math.max(bottom[k], r);
    left[k] = Math.min(left[k], c);
    right[k] = Math.max(right[k], c);
  }
  const links = new Uint8Array(owner.length);
  for (let k = 0; k < K; k++) {
    const bw = right[k] - left[k] + 1;
    const bh = bottom[k] - top[k] + 1;
    const toBox = (i: number): number => (Math.floor(i / w) - top[k]) * bw + ((i % w) - left[k]);
    const within = new Uint8Array(bw * bh);
    for (let r = 0; r < bh; r++) for (let c = 0; c < bw; c++) within[r * bw + c] = owner[(top[k] + r) * w + left[k] + c] === k ? 1 : 0;
    const [a, b] = p.pairs[k];
    const sub: Numberlink = { width: bw, height: bh, rule: p.rule, pairs: [[toBox(a), toBox(b)]], labels: [p.labels[k]] };
    const search = new NumberlinkSearch(sub, within);
    const r = search.run(1, meter);
    if (r.found.length === 0) {
      if (r.stop === 'completed') return { kind: 'none', pair: k, nodes: meter.nodes };
      return { kind: 'inconclusive', stop: r.stop, pair: k, nodes: meter.nodes };
    }
    // The box's links are the grid's: a box cell's directions are the same on the grid.
    const got = r.found[0];
    for (let i = 0; i < got.length; i++) {
      if (!got[i]) continue;
      const cell = (top[k] + Math.floor(i / bw)) * w + left[k] + (i % bw);
      links[cell] |= got[i];
    }
  }
  return { kind: 'found', links, nodes: meter.nodes };
}
