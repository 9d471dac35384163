import { err, ok, parseError, type Result } from '../../core/result.ts';
import { DIRS, E, OPPOSITE, S, type Numberlink, type Rule, type Solution } from './types.ts';
import { neighbourByBit } from '../../core/grid.ts';

/**
 * The largest board: its cells are bounded by memory, not by a side. The solvers' arrays take under
 * 700 bytes a cell (the large find-one: its four corner sweeps about 150 each, `corners.ts`, then its
 * path search about 80, `large.ts`; a parsed grid text holds a label slot a cell), so 2,000,000 cells
 * stay under 1.5 GB; a longer side is refused only as a safe bound on a row's length.
 */
export const MAX_SIDE = 20_000;
export const MAX_CELLS = 2_000_000;

/** Why a board of `w`×`h` is refused for its cell count (ERR_SIZE). */
export const sizeLimitMessage = (w: number, h: number): string =>
  `a ${w}x${h} board has ${w * h} cells, more than the limit of ${MAX_CELLS} cells (set by the memory the solvers need)`;

/**
 * A puzzle from a grid of labels (null = empty cell), validated: every label exactly twice.
 * Pairs are ordered by their first endpoint (row-major); `line` goes into error messages.
 */
export function makeNumberlink(width: number, height: number, cells: readonly (string | null)[], rule: Rule, line?: number): Result<Numberlink> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    return err(parseError('ERR_SIZE', `grid sides must be 1 to ${MAX_SIDE}, got ${width}x${height}`, line));
  }
  if (width * height > MAX_CELLS) return err(parseError('ERR_SIZE', sizeLimitMessage(width, height), line));
  if (cells.length !== width * height) return err(parseError('ERR_SIZE', `grid has ${cells.length} cells, expected ${width}x${height}`, line));
  const seen = new Map<string, number[]>();
  cells.forEach((c, i) => {
    if (c === null) return;
    const list = seen.get(c);
    if (list) list.push(i);
    else seen.set(c, [i]);
  });
  for (const [label, at] of seen) {
    if (at.length !== 2) {
      const where =
        at
          .slice(0, 4)
          .map((i) => `row ${Math.floor(i / width) + 1} column ${(i % width) + 1}`)
          .join(', ') + (at.length > 4 ? ', …' : '');
      return err(
        parseError(
          'ERR_CLUE',
          `label "${label}" appears ${at.length === 1 ? 'once' : `${at.length} times`} (${where}); each label marks exactly two endpoints`,
          line,
        ),
      );
    }
  }
  const entries = [...seen.entries()].sort((a, b) => a[1][0] - b[1][0]);
  return ok({ width, height, rule, pairs: entries.map(([, at]) => [at[0], at[1]] as [number, number]), labels: entries.map(([l]) => l) });
}

/** The neighbour of `cell` in direction `dir` (N, E, S or W), or -1 off the grid. */
export function neighbour(p: Pick<Numberlink, 'width' | 'height'>, cell: number, dir: number): number {
  return neighbourByBit(p.width, p.height, cell, dir);
}

/** Pair index at each endpoint cell, -1 elsewhere. */
export function endpointGrid(p: Numberlink): Int32Array {
  const g = new Int32Array(p.width * p.height).fill(-1);
  p.pairs.forEach(([a, b], k) => {
    g[a] = k;
    g[b] = k;
  });
  return g;
}

/** How many links a cell's link bits hold. */
export const linkCount = (m: number): number => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);

/** The direction from cell a to its neighbour b, or 0 when they are not neighbours. */
export function directionTo(p: Pick<Numberlink, 'width' | 'height'>, a: number, b: number): number {
  for (const d of DIRS) if (neighbour(p, a, d) === b) return d;
  return 0;
}

/** The cell that `cur`'s links lead to other than `prev` (the way on along a path), or -1. */
export function nextLinked(p: Pick<Numberlink, 'width' | 'height'>, links: ArrayLike<number>, cur: number, prev: number): number {
  for (const d of DIRS) {
    if (!(links[cur] & d)) continue;
    const j = neighbour(p, cur, d);
    if (j !== prev) return j;
  }
  return -1;
}

/**
 * Follows the links from each pair's first endpoint: the pair owning each cell (-1 when no path from
 * an endpoint reaches it), or a reason why the links do not form the pairs' paths.
 */
export function tracePaths(p: Numberlink, links: Solution): { ok: true; owner: Int32Array } | { ok: false; reason: string } {
  const n = p.width * p.height;
  if (links.length !== n) return { ok: false, reason: `solution has ${links.length} cells, the puzzle ${n}` };
  const at = (i: number) => `row ${Math.floor(i / p.width) + 1} column ${(i % p.width) + 1}`;
  const ends = endpointGrid(p);
  for (let i = 0; i < n; i++) {
    const m = links[i];
    if (m > 15) return { ok: false, reason: `cell ${at(i)} has link bits ${m}` };
    for (const d of DIRS) {
      if (!(m & d)) continue;
      const j = neighbour(p, i, d);
      if (j < 0) return { ok: false, reason: `cell ${at(i)} links off the grid` };
      if (!(links[j] & OPPOSITE[d])) return { ok: false, reason: `cells ${at(i)} and ${at(j)} disagree on their link` };
    }
    const deg = linkCount(m);
    if (ends[i] >= 0 && deg !== 1) return { ok: false, reason: `endpoint ${p.labels[ends[i]]} at ${at(i)} has ${deg} links, not 1` };
    if (ends[i] < 0 && deg !== 2) return { ok: false, reason: `cell ${at(i)} has ${deg} links, not 2 (every cell is on a path)` };
  }
  const owner = new Int32Array(n).fill(-1);
  for (let k = 0; k < p.pairs.length; k++) {
    const [a, b] = p.pairs[k];
    let prev = -1;
    let cur = a;
    for (;;) {
      owner[cur] = k;
      if (cur !== a && ends[cur] >= 0) {
        if (cur !== b) return { ok: false, reason: `the path from ${p.labels[k]} ends at ${p.labels[ends[cur]]} (${at(cur)})` };
        break;
      }
      const next = nextLinked(p, links, cur, prev);
      prev = cur;
      cur = next;
    }
  }
  for (let i = 0; i < n; i++) if (owner[i] < 0) return { ok: false, reason: `cell ${at(i)} is on a loop, not on a path between endpoints` };
  return { ok: true, owner };
}

/** Whether some 2x2 block of cells belongs to one path in this solution (true for a broken one). */
export function hasOnePathBlock(p: Numberlink, links: Solution): boolean {
  const t = tracePaths(p, links);
  if (!t.ok) return true;
  const w = p.width;
  for (let r = 0; r + 1 < p.height; r++) {
    for (let c = 0; c + 1 < w; c++) {
      const i = r * w + c;
      const k = t.owner[i];
      if (t.owner[i + 1] === k && t.owner[i + w] === k && t.owner[i + w + 1] === k) return true;
    }
  }
  return false;
}

/** Independent check of a solution under the puzzle's rule set. */
export function verifySolution(p: Numberlink, links: Solution): { ok: true } | { ok: false; reason: string } {
  const t = tracePaths(p, links);
  if (!t.ok) return t;
  const violation = ruleViolation(p, links, t.owner, p.rule);
  return violation ? { ok: false, reason: violation } : { ok: true };
}

/**
 * Where a full board breaks a rule set beyond the plain one, as data (cells 0-based): a 2×2 block of
 * one path (`no-2x2`, its top left cell), or a path beside itself (`no-touch`, the two cells). The
 * first in reading order; null when the board keeps the rule set.
 */
/** A cell by row and column (0-based): core/shape.ts's GridCell, kept here so the generators' module walk stays as it was. */
type GridCell = { row: number; col: number };

export type RuleBreak = { kind: 'block'; label: string; at: GridCell } | { kind: 'touch'; label: string; a: GridCell; b: GridCell };

export function ruleBreak(p: Pick<Numberlink, 'width' | 'height' | 'labels'>, links: Solution, owner: Int32Array, rule: Rule): RuleBreak | null {
  if (rule === 'strict') return null;
  const w = p.width;
  for (let r = 0; r < p.height; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      if (rule === 'no-2x2' && r + 1 < p.height && c + 1 < w) {
        const k = owner[i];
        if (owner[i + 1] === k && owner[i + w] === k && owner[i + w + 1] === k) return { kind: 'block', label: p.labels[k], at: { row: r, col: c } };
      }
      if (rule === 'no-touch') {
        const label = p.labels[owner[i]];
        if (c + 1 < w && owner[i + 1] === owner[i] && !(links[i] & E)) return { kind: 'touch', label, a: { row: r, col: c }, b: { row: r, col: c + 1 } };
        if (r + 1 < p.height && owner[i + w] === owner[i] && !(links[i] & S)) return { kind: 'touch', label, a: { row: r, col: c }, b: { row: r + 1, col: c } };
      }
    }
  }
  return null;
}

/** `ruleBreak` in words: "the 2x2 block at row 1 column 1 belongs to path A", "path B touches itself at …". */
export function ruleViolation(p: Pick<Numberlink, 'width' | 'height' | 'labels'>, links: Solution, owner: Int32Array, rule: Rule): string | null {
  const b = ruleBreak(p, links, owner, rule);
  if (!b) return null;
  const at = (x: GridCell) => `row ${x.row + 1} column ${x.col + 1}`;
  return b.kind === 'block' ? `the 2x2 block at ${at(b.at)} belongs to path ${b.label}` : `path ${b.label} touches itself at ${at(b.a)} and ${at(b.b)}`;
}

/** Links from cell paths (each a list of cells from one endpoint to the other). */
export function linksFromPaths(p: Pick<Numberlink, 'width' | 'height'>, paths: readonly (readonly number[])[]): Solution {
  const links = new Uint8Array(p.width * p.height);
  for (const path of paths) {
    for (let t = 0; t + 1 < path.length; t++) {
      const d = directionTo(p, path[t], path[t + 1]);
      links[path[t]] |= d;
      links[path[t + 1]] |= OPPOSITE[d];
    }
  }
  return links;
}
