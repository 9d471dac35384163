/**
 * Numberlink play rules, pure: the player's state is the set of links drawn between neighbouring
 * cells, and moves are strings, so undo, redo, save and share are the move list.
 *
 * Moves (rows and columns 1-based):
 * - `s3.4-3.5-4.5`: a stroke through neighbouring cells, as a drag draws it. Each step links the two
 *   cells, except a step straight back over the link just drawn, which removes it (backtracking
 *   shortens the path). A cell that already has all its links (one at an endpoint, two elsewhere)
 *   loses the others when a new one arrives: crossing another path cuts it there.
 * - `x3.4`: removes every link of the path piece through that cell.
 * The win is judged by the rules (`verifySolution`), never by comparison with a stored solution.
 */
import type { CheckablePlayRules } from '../../core/family.ts';
import { makeGridText, parseGridText } from '../../core/grid-text.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { excerpt } from '../../core/text.ts';
import { directionTo, endpointGrid, linkCount, neighbour, nextLinked, verifySolution } from './puzzle.ts';
import { DIRS, OPPOSITE, type Numberlink, type Solution } from './types.ts';
import { cellDots } from '../../core/grid.ts';

export interface NumberlinkState {
  width: number;
  height: number;
  /** The pair of each endpoint cell, -1 elsewhere (endpoints take one link, other cells two). */
  ends: Int32Array;
  /** Link bits per cell, as in a solution. */
  links: Uint8Array;
}

/** Cells are row-major indices on a grid `width` wide. */
export type NumberlinkMove = { kind: 'stroke'; width: number; cells: number[] } | { kind: 'clear'; width: number; cell: number };

type Grid = Pick<Numberlink, 'width' | 'height'>;

function cellOf(text: string, p: Numberlink): number | null {
  const m = /^(\d+)\.(\d+)$/.exec(text);
  if (!m) return null;
  const r = Number(m[1]) - 1;
  const c = Number(m[2]) - 1;
  if (r < 0 || r >= p.height || c < 0 || c >= p.width) return null;
  return r * p.width + c;
}

const name = (i: number, w: number): string => cellDots(i, w);

export function parseMove(text: string, p: Numberlink): Result<NumberlinkMove> {
  const t = text.trim();
  const bad = (why: string) => err(parseError('ERR_MOVE', `bad move "${excerpt(t)}": ${why}`));
  if (t.startsWith('x')) {
    const c = cellOf(t.slice(1), p);
    return c === null ? bad(`expected x<row>.<col> inside the ${p.width}x${p.height} grid`) : ok({ kind: 'clear', width: p.width, cell: c });
  }
  if (!t.startsWith('s')) return bad('expected a stroke (s1.1-1.2) or a clear (x1.1)');
  const parts = t.slice(1).split('-');
  const cells: number[] = [];
  for (const part of parts) {
    const c = cellOf(part, p);
    if (c === null) return bad(`"${excerpt(part, 24)}" is not a cell of the ${p.width}x${p.height} grid`);
    if (cells.length > 0 && directionTo(p, cells[cells.length - 1], c) === 0) return bad(`${part} is not next to the cell before it`);
    cells.push(c);
  }
  if (cells.length < 2) return bad('a stroke needs two cells at least');
  return ok({ kind: 'stroke', width: p.width, cells });
}

export function makeMove(m: NumberlinkMove): string {
  return m.kind === 'clear' ? `x${name(m.cell, m.width)}` : `s${m.cells.map((c) => name(c, m.width)).join('-')}`;
}

export function startState(p: Numberlink): NumberlinkState {
  return { width: p.width, height: p.height, ends: endpointGrid(p), links: new Uint8Array(p.width * p.height) };
}

function unlink(p: Grid, links: Uint8Array, a: number, d: number): void {
  const b = neighbour(p, a, d);
  links[a] &= ~d;
  if (b >= 0) links[b] &= ~OPPOSITE[d];
}

/** Applies a move, returning a new state (states are never mutated). */
export function applyMove(s: NumberlinkState, m: NumberlinkMove): NumberlinkState {
  const p: Grid = s;
  const links = Uint8Array.from(s.links);
  const ends = s.ends;
  const capacity = (i: number): number => (ends[i] >= 0 ? 1 : 2);
  const degree = (i: number): number => linkCount(links[i]);
  if (m.kind === 'clear') {
    // Walk the piece through the cell, removing its links.
    const stack = [m.cell];
    while (stack.length > 0) {
      const x = stack.pop()!;
      for (const d of DIRS) {
        if (!(links[x] & d)) continue;
        stack.push(neighbour(p, x, d));
        unlink(p, links, x, d);
      }
    }
    return { ...s, links };
  }
  let lastAdded = -1;
  for (let t = 0; t + 1 < m.cells.length; t++) {
    const a = m.cells[t];
    const b = m.cells[t + 1];
    const d = directionTo(p, a, b);
    if (links[a] & d) {
      // Going back over a link: the path gets shorter.
      unlink(p, links, a, d);
      lastAdded = -1;
      continue;
    }
    // Make room: a full cell drops its other links (the stroke cuts through it).
    for (const x of [a, b]) {
      if (degree(x) < capacity(x)) continue;
      for (const e of DIRS) {
        if (!(links[x] & e)) continue;
        const y = neighbour(p, x, e);
        if (x === a && y === lastAdded) continue; // keep the link the stroke just drew
        unlink(p, links, x, e);
        if (degree(x) < capacity(x)) break;
      }
    }
    if (degree(a) < capacity(a) && degree(b) < capacity(b)) {
      links[a] |= d;
      links[b] |= OPPOSITE[d];
      lastAdded = a;
    }
  }
  return { ...s, links };
}

export function isSolved(p: Numberlink, s: NumberlinkState): boolean {
  return verifySolution(p, s.links).ok;
}

/** Cells with a link that the solution does not have. */
export function mistakes(_p: Numberlink, s: NumberlinkState, solution: Solution): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.links.length; i++) if (s.links[i] & ~solution[i]) out.push(i);
  return out;
}

/** Links as rows of hexadecimal digits (bit 1 north, 2 east, 4 south, 8 west), rows separated by `/`. */
export function makeState(s: NumberlinkState): string {
  return makeGridText(s.links, s.width, s.height, (v) => v.toString(16));
}

export function parseState(text: string, p: Numberlink): Result<NumberlinkState> {
  const r = parseGridText(text, p.width, p.height, 'links', (ch) => (/^[0-9a-f]$/.test(ch) ? parseInt(ch, 16) : null), 'a hexadecimal digit');
  if (!r.ok) return r;
  const links = r.value;
  // Links must agree on both sides and stay on the grid.
  for (let i = 0; i < links.length; i++) {
    for (const d of DIRS) {
      if (!(links[i] & d)) continue;
      const j = neighbour(p, i, d);
      if (j < 0 || !(links[j] & OPPOSITE[d])) return err(parseError('ERR_SYNTAX', `links at ${name(i, p.width)} disagree with their neighbour`));
    }
  }
  return ok({ width: p.width, height: p.height, ends: endpointGrid(p), links });
}

export const numberlinkPlay: CheckablePlayRules<Numberlink, Solution, NumberlinkState, NumberlinkMove> = {
  start: startState,
  parseMove,
  makeMove,
  apply: applyMove,
  isSolved,
  makeState,
  parseState,
  mistakes,
  // One stroke per pair, from its first endpoint along the solution's links to the other.
  solutionMoves: (p, s) =>
    p.pairs.map(([a, b]) => {
      const cells = [a];
      for (let prev = -1, cur = a; cur !== b && cells.length <= s.length; ) {
        const next = nextLinked(p, s, cur, prev);
        if (next < 0) break;
        [prev, cur] = [cur, next];
        cells.push(cur);
      }
      return { kind: 'stroke', width: p.width, cells };
    }),
};
