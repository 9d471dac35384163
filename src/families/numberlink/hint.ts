/**
 * Numberlink hints: the next forced move from the links a player has drawn, with why.
 * 1. A drawn link that the (unique) solution does not have is a mistake, named first.
 * 2. "Only way on": an open path end (an endpoint not yet joined, or the end of a path drawn from an
 *    endpoint) with a single neighbour it can continue into.
 * 3. "Two ways in": an empty cell with exactly two neighbours that could link to it: both links are forced.
 * 4. "Paths hug": a link the corner rule forces (see deduce.ts), where it is sound for the puzzle.
 * 5. "Trial": a link that follows once assuming some other link leads to a contradiction.
 * Every hint given is checked against the solution, so a deduction that a player's floating pieces
 * could mislead is never offered. `none` when the puzzle is solved, has not exactly one solution, or
 * no single step follows.
 *
 * Budget (default DEFAULT_HINT_BUDGET): the certifying count (when no solution is handed in) runs on
 * what is left of it and charges its nodes; each trial tried is then one node, the meter's clock read
 * between trials. Out of budget, the answer is `inconclusive`.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import type { GridCell } from '../../core/shape.ts';
import { DEFAULT_HINT_BUDGET, hintAnswer, type Hint, type HintNone, type HintResult } from '../../core/family.ts';
import type { NumberlinkFocus } from './focus.ts';
import type { NumberlinkSays, NumberlinkSaysLink } from './says.ts';
import { isSolved, type NumberlinkState } from './play.ts';
import { Deducer } from './deduce.ts';
import { cornerRuleHolds } from './grader.ts';
import { directionTo, linkCount, neighbour, nextLinked } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import { DIRS, type Numberlink, type Solution } from './types.ts';
import { cellWords, rowCol } from '../../core/grid.ts';

const at = (i: number, w: number): string => cellWords(i, w);
const rc = (i: number, w: number): GridCell => rowCol(i, w);

export interface NumberlinkHintOptions {
  /** The puzzle's unique solution, when the caller has it (else a count certifies it). */
  solution?: Solution;
  budget?: Budget;
}

export function numberlinkHint(p: Numberlink, state: NumberlinkState, options: NumberlinkHintOptions = {}): HintResult<NumberlinkFocus, NumberlinkSays> {
  const meter = new Meter(options.budget ?? DEFAULT_HINT_BUDGET);
  if (isSolved(p, state)) return hintAnswer(meter, 'solved');
  let sol = options.solution;
  if (!sol) {
    const v = countSolutions(p, { budget: meter.remaining() });
    meter.tick(v.stats.nodes);
    if (v.kind === 'inconclusive') return { kind: 'inconclusive', stop: v.stop, stats: meter.stats() };
    if (v.kind !== 'unique') return hintAnswer(meter, v.kind === 'none' ? 'no-solution' : 'several-solutions');
    sol = v.solution;
  }
  return hintAnswer(meter, search(p, state, sol, meter));
}

function search(p: Numberlink, state: NumberlinkState, sol: Solution, meter: Meter): Hint<NumberlinkFocus, NumberlinkSays> | HintNone {
  const w = p.width;
  const n = w * p.height;
  const links = state.links;
  const link = (a: number, b: number): NumberlinkFocus => ({ cells: [rc(a, w), rc(b, w)] });
  const pair = (a: number, b: number): NumberlinkSaysLink => ({ a: rc(a, w), b: rc(b, w) });
  // 1. Mistakes.
  for (let i = 0; i < n; i++) {
    for (const d of DIRS) {
      if (links[i] & d && !(sol[i] & d)) {
        const j = neighbour(p, i, d);
        return {
          technique: 'mistake',
          message: `The link between ${at(i, w)} and ${at(j, w)} is not part of the solution.`,
          focus: link(i, j),
          says: { key: 'mistake', ...pair(i, j) },
        };
      }
    }
  }
  const degree = (i: number): number => linkCount(links[i]);
  const ends = state.ends;
  // Open ends: walk from each endpoint along drawn links to where the drawing stops.
  const openEnds: { cell: number; pair: number }[] = [];
  /** The pair whose open end a cell is, -1 none. */
  const openPair = new Int32Array(n).fill(-1);
  p.pairs.forEach(([a, b], k) => {
    for (const start of [a, b]) {
      let prev = -1;
      let cur = start;
      for (;;) {
        const next = nextLinked(p, links, cur, prev);
        if (next < 0 || (cur !== start && ends[cur] >= 0)) break;
        prev = cur;
        cur = next;
      }
      const cap = ends[cur] >= 0 ? 1 : 2;
      if (degree(cur) < cap) {
        openEnds.push({ cell: cur, pair: k });
        openPair[cur] = k;
      }
    }
  });
  const free = (c: number): boolean => degree(c) === 0 && ends[c] < 0;
  const sameEnd = (c: number, k: number, self: number): boolean => c !== self && openPair[c] === k;
  // 2. Only way on.
  for (const { cell, pair } of openEnds) {
    const ways: number[] = [];
    for (const d of DIRS) {
      const c = neighbour(p, cell, d);
      if (c >= 0 && !(links[cell] & d) && (free(c) || sameEnd(c, pair, cell))) ways.push(c);
    }
    if (ways.length === 1 && sol[cell] & directionTo(p, cell, ways[0])) {
      return {
        technique: 'only way on',
        message: `The ${p.labels[pair]} path at ${at(cell, w)} has only one way on: into ${at(ways[0], w)}.`,
        focus: { ...link(cell, ways[0]), pair: p.labels[pair] },
        says: { key: 'only way on', label: p.labels[pair], from: rc(cell, w), into: rc(ways[0], w) },
      };
    }
  }
  // 3. Two ways in.
  for (let c = 0; c < n; c++) {
    if (!free(c)) continue;
    const ways: number[] = [];
    for (const d of DIRS) {
      const j = neighbour(p, c, d);
      if (j >= 0 && (free(j) || openPair[j] >= 0)) ways.push(j);
    }
    if (ways.length === 2 && ways.every((j) => sol[c] & directionTo(p, c, j))) {
      return {
        technique: 'two ways in',
        message: `${at(c, w)} can be reached from two sides only (${at(ways[0], w)} and ${at(ways[1], w)}); its path uses both.`,
        focus: { cells: [rc(ways[0], w), rc(c, w), rc(ways[1], w)] },
        says: { key: 'two ways in', cell: rc(c, w), from: [rc(ways[0], w), rc(ways[1], w)] },
      };
    }
  }
  // 4-5. Deduction beyond single cells: the corner rule, then a trial.
  const corners = cornerRuleHolds(p, sol);
  for (const trials of [false, true]) {
    const dd = new Deducer(p, corners);
    // One node per trial tried; the clock is read whenever a trial was tried since the last ask.
    let seen = 0;
    const stop = (): boolean => {
      const k = dd.trialsTried - seen;
      if (k === 0) return meter.stopped !== null;
      seen = dd.trialsTried;
      return !(meter.tick(k) && meter.check());
    };
    const found = dd.next(links, trials, stop);
    if (!found && meter.stopped) return 'no-step';
    const pick = found?.links.find(([a, b]) => sol[a] & directionTo(p, a, b));
    if (!found || !pick) continue;
    const [a, b] = pick;
    if (!found.trial) {
      if (!corners) continue;
      return {
        technique: 'paths hug',
        message: `The link between ${at(a, w)} and ${at(b, w)} is forced: a path may turn a corner only where another path or an endpoint sits inside the bend, all the way along the diagonal to an endpoint, and no other way fits here.`,
        focus: link(a, b),
        says: { key: 'paths hug', ...pair(a, b) },
      };
    }
    const t = found.trial;
    return {
      technique: 'trial',
      message: `Suppose the link between ${at(t.a, w)} and ${at(t.b, w)} were ${t.on ? 'drawn' : 'left out'}: the paths around it run into a contradiction. So it is ${t.on ? 'left out' : 'drawn'}, and then the link between ${at(a, w)} and ${at(b, w)} follows.`,
      focus: { ...link(a, b), trial: link(t.a, t.b).cells },
      says: { key: 'trial', tried: pair(t.a, t.b), on: t.on, ...pair(a, b) },
    };
  }
  return 'no-step';
}
