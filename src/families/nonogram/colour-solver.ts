/**
 * Counting and finding solutions of colour nonograms (issue 20) under the budget semantics of every
 * solver here: colour line logic to a fixpoint (colour-propagate.ts), then probing at the root (each
 * value of each open cell tried; a value whose propagation contradicts is struck out, and propagation
 * runs again), then a depth-first search on the open cell with the fewest values left, propagating
 * at every node, until `limit` solutions are found or the space is exhausted. Every solution is
 * checked by `verifySolution` (the clues recomputed from the picture with colourClueOf) before it
 * counts. One node is one propagation to fixpoint (the root's, a probe's or a search node's); the
 * line solves inside it report their work to the meter, so a deadline is seen within one line solve.
 * Clause learning is for later: the colour CNF (colour-cnf.ts) is a witness, not a stage.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { verdictFromCount, type FindResult, type StopReason, type Verdict } from '../../core/verdict.ts';
import { colourLogicOf, type ColourPuzzle } from './colour.ts';
import { BACKGROUND } from './colour-line.ts';
import { pictureOf, propagateColour, type ColourNonogram } from './colour-propagate.ts';
import { verifySolution } from './puzzle.ts';
import type { Solution } from './types.ts';

export interface ColourSearchStats {
  nodes: number;
  ms: number;
  /** Line solves, in all propagations. */
  lines: number;
  /** Values struck out at the root by probing. */
  probed: number;
  /** Search nodes of the depth-first stage (after the root and its probes). */
  dfsNodes: number;
}

export interface ColourSolveOptions {
  /** Solutions wanted (count: at least 2). */
  limit?: number;
  budget?: Budget;
  /** Probe the root before searching (default true). */
  probe?: boolean;
}

const popcount = (m: number): number => {
  let x = m - ((m >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** The search itself: distinct, verified solutions up to `limit`, how it stopped, and its stats. */
export function colourSearch(p: ColourPuzzle, opts: ColourSolveOptions & { limit: number }): { found: Solution[]; stop: StopReason; stats: ColourSearchStats } {
  const meter = new Meter(opts.budget);
  const logic: ColourNonogram = colourLogicOf(p);
  const stats: ColourSearchStats = { nodes: 0, ms: 0, lines: 0, probed: 0, dfsNodes: 0 };
  const found: Solution[] = [];
  const done = (stop: StopReason) => {
    stats.nodes = meter.nodes;
    stats.ms = meter.elapsedMs();
    return { found, stop, stats };
  };
  /** One node: a propagation from `start`; null when the meter stopped it. */
  const node = (start: Uint32Array | undefined) => {
    if (!meter.tick(1)) return null;
    const r = propagateColour(logic, start, meter, 'work');
    stats.lines += r.lines;
    return r.state === 'stopped' ? null : r;
  };
  const accept = (cells: Uint32Array): void => {
    const picture = pictureOf(cells);
    const check = verifySolution(p, picture);
    if (!check.ok) throw new Error(`colour nonogram solver produced an invalid solution: ${check.reason}`);
    found.push(picture);
  };

  let root = node(undefined);
  if (root === null) return done(meter.stopped ?? 'node-limit');
  if (root.state === 'contradiction') return done('completed');
  // Probing: strike out every value of an open cell whose propagation contradicts, to a fixpoint.
  if ((opts.probe ?? true) && root.state === 'stuck') {
    let changed = true;
    while (changed && root.state === 'stuck') {
      changed = false;
      for (let i = 0; i < root.cells.length && root.state === 'stuck'; i++) {
        const m = root.cells[i];
        if (popcount(m) < 2) continue;
        for (let bit = 1; bit !== 0 && bit <= m; bit <<= 1) {
          if (!(m & bit) || !(root.cells[i] & bit)) continue;
          const trial = Uint32Array.from(root.cells);
          trial[i] = bit;
          const r = node(trial);
          if (r === null) return done(meter.stopped ?? 'node-limit');
          if (r.state !== 'contradiction') continue;
          const narrowed = Uint32Array.from(root.cells);
          narrowed[i] &= ~bit;
          stats.probed++;
          const again = node(narrowed);
          if (again === null) return done(meter.stopped ?? 'node-limit');
          root = again;
          changed = true;
          if (root.state !== 'stuck') break;
        }
      }
    }
    if (root.state === 'contradiction') return done('completed');
  }
  if (root.state === 'solved') {
    accept(root.cells);
    return done('completed');
  }
  // Depth-first search: branch on the open cell with the fewest values, the background first. The
  // stack holds states still to propagate (the root's is propagated already).
  const stack: { cells: Uint32Array; propagated: boolean }[] = [{ cells: root.cells, propagated: true }];
  while (stack.length > 0) {
    const e = stack.pop() as { cells: Uint32Array; propagated: boolean };
    let cells = e.cells;
    if (!e.propagated) {
      stats.dfsNodes++;
      const r = node(cells);
      if (r === null) return done(meter.stopped ?? 'node-limit');
      if (r.state === 'contradiction') continue;
      if (r.state === 'solved') {
        accept(r.cells);
        if (found.length >= opts.limit) return done('completed');
        continue;
      }
      cells = r.cells;
    }
    let best = -1;
    let bestCount = 33;
    for (let i = 0; i < cells.length && bestCount > 2; i++) {
      const c = popcount(cells[i]);
      if (c >= 2 && c < bestCount) {
        best = i;
        bestCount = c;
      }
    }
    const m = cells[best];
    const bits: number[] = [];
    for (let bit = BACKGROUND; bit !== 0 && bit <= m; bit <<= 1) if (m & bit) bits.push(bit);
    for (let k = bits.length - 1; k >= 0; k--) {
      const child = Uint32Array.from(cells);
      child[best] = bits[k];
      stack.push({ cells: child, propagated: false });
    }
  }
  return done('completed');
}

/**
 * Counts the solutions of a colour nonogram up to `limit` (default 2, at least 2): `unique`,
 * `multiple` (with two verified solutions), `none`, or `inconclusive` when the budget ran out.
 */
export function countColour(p: ColourPuzzle, opts: ColourSolveOptions = {}): Verdict<Solution> {
  const { found, stop, stats } = colourSearch(p, { ...opts, limit: Math.max(2, opts.limit ?? 2) });
  return verdictFromCount(found, stop, { nodes: stats.nodes, ms: stats.ms });
}

/** Finds one solution of a colour nonogram; says nothing about uniqueness. */
export function findColour(p: ColourPuzzle, opts: Omit<ColourSolveOptions, 'limit'> = {}): FindResult<Solution> {
  const { found, stop, stats } = colourSearch(p, { ...opts, limit: 1 });
  const st = { nodes: stats.nodes, ms: stats.ms };
  if (found.length > 0) return { kind: 'found', solution: found[0], stats: st };
  if (stop !== 'completed') return { kind: 'inconclusive', stop, stats: st };
  return { kind: 'none', stats: st };
}
