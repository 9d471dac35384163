/**
 * FROZEN (numberlink generator versions 1–4): the candidate builder, copied from generator.ts at
 * commit a58a316: the pair count K, the cover grown path by path (`growCover`), the joins towards K
 * (`mergeCover`), the puzzle of a cover, and the path splits of the repair (where a second solution
 * differs) and of version 4's easing (where deduction needed trials). Every draw from the seeded stream
 * happens here, so any change moves every later draw. Never edit this file to change behaviour.
 */
import { isqrt } from '../../../../core/int.ts';
import type { Level } from '../../../../core/family.ts';
import type { Rng } from '../../../../core/rng.ts';
import { directionTo, makeNumberlink, neighbour } from '../../puzzle.ts';
import { DIRS, type Numberlink, type Rule, type Solution } from '../../types.ts';

const ALPHA: Record<Level, number> = { easy: 50, medium: 70, hard: 85, expert: 100 };


/** The number of pairs for a size and level: round(α·√(W·H)·β), in integers. */
export function pairCount(width: number, height: number, level: Level): number {
  const lo = Math.min(width, height);
  const hi = Math.max(width, height);
  const root = isqrt(width * height * 100_000_000); // √(WH)·10^4
  const num = ALPHA[level] * (100 * hi + 15 * (hi - lo)) * root;
  const den = 100 * 100 * hi * 10_000;
  return Math.max(2, Math.floor((2 * num + den) / (2 * den)));
}

type Grid = Pick<Numberlink, 'width' | 'height'>;
const adjacent = (a: number, b: number, g: Grid): boolean => directionTo(g, a, b) !== 0;

/**
 * A random cover of the board by long paths that never touch themselves, grown one path at a time:
 * each starts at a free cell with the fewest free neighbours and walks, while it can and is shorter
 * than its drawn length (about W·H/k), to a free neighbour that does not touch the path so far,
 * preferring the neighbour with the fewest free neighbours (so paths hug the walls and each other and
 * leave few holes); then it grows from its other end the same way. Paths shorter than 3 cells are
 * joined to a neighbouring path's end where that keeps it touch-free. Null when some path stays
 * shorter than 3 cells or has its two ends side by side (no unique puzzle has such a path).
 */
export function growCover(rng: Rng, w: number, h: number, k: number): number[][] | null {
  const grid = { width: w, height: h };
  const n = w * h;
  const owner = new Int32Array(n).fill(-1);
  const nbs: number[][] = [];
  for (let c = 0; c < n; c++) nbs.push(DIRS.map((d) => neighbour(grid, c, d)).filter((x) => x >= 0));
  const freeDegree = (c: number): number => nbs[c].reduce((t, x) => t + (owner[x] < 0 ? 1 : 0), 0);
  const paths: number[][] = [];
  const mean = Math.max(3, Math.floor(n / Math.max(1, k)));
  let freeLeft = n;
  while (freeLeft > 0) {
    // Start where the fewest free neighbours are (ties at random): corners and pockets first.
    let best = 5;
    let starts: number[] = [];
    for (let c = 0; c < n; c++) {
      if (owner[c] >= 0) continue;
      const f = freeDegree(c);
      if (f < best) {
        best = f;
        starts = [c];
      } else if (f === best) starts.push(c);
    }
    const id = paths.length;
    const start = rng.pick(starts);
    const path = [start];
    owner[start] = id;
    freeLeft--;
    const want = Math.max(3, Math.floor((mean * (50 + rng.int(101))) / 100));
    for (let side = 0; side < 2; side++) {
      for (;;) {
        if (path.length >= want) break;
        const head = path[path.length - 1];
        let fewest = 5;
        let options: number[] = [];
        for (const y of nbs[head]) {
          if (owner[y] >= 0) continue;
          // No touch: y's only neighbour on this path may be the head.
          if (nbs[y].some((z) => z !== head && owner[z] === id)) continue;
          const f = freeDegree(y);
          if (f < fewest) {
            fewest = f;
            options = [y];
          } else if (f === fewest) options.push(y);
        }
        if (options.length === 0) break;
        const y = rng.pick(options);
        path.push(y);
        owner[y] = id;
        freeLeft--;
      }
      path.reverse();
    }
    paths.push(path);
  }
  const merged = absorbShort(rng, mergeCover(rng, paths, 0, grid, 3), grid);
  if (merged.some((p) => p.length < 3 || !apart(p[0], p[p.length - 1], w))) return null;
  return merged;
}

const apart = (a: number, b: number, w: number): boolean => Math.abs((a % w) - (b % w)) + Math.abs(Math.floor(a / w) - Math.floor(b / w)) >= 2;

/**
 * Paths shorter than 3 cells taken into a neighbouring path: that path is cut beside the short one,
 * and one of its parts takes the short path onto its cut end, where both parts keep 3+ cells, the
 * joined part stays touch-free and every part's ends stay apart. The number of paths stays the same.
 */
function absorbShort(rng: Rng, cover: number[][], grid: Grid): number[][] {
  const w = grid.width;
  const paths = cover.map((p) => p.slice());
  const owner = new Int32Array(w * grid.height);
  const reown = (): void => paths.forEach((p, id) => p.forEach((c) => (owner[c] = id)));
  reown();
  const touchFree = (p: number[]): boolean => {
    const at = new Map<number, number>();
    p.forEach((c, t) => at.set(c, t));
    for (let t = 0; t < p.length; t++) {
      for (const d of DIRS) {
        const u = at.get(neighbour(grid, p[t], d));
        if (u !== undefined && Math.abs(u - t) !== 1) return false;
      }
    }
    return true;
  };
  for (let id = 0; id < paths.length; id++) {
    const s = paths[id];
    if (s.length >= 3) continue;
    const tries: [number, number[], number[]][] = [];
    for (const x of [s[0], s[s.length - 1]]) {
      const fromX = x === s[0] ? s.slice() : s.slice().reverse();
      for (const d of DIRS) {
        const m = neighbour(grid, x, d);
        if (m < 0 || owner[m] === id) continue;
        const pid = owner[m];
        const p = paths[pid];
        const i = p.indexOf(m);
        // Part up to m takes the short path; the rest stands alone (both orientations of p).
        for (const [keep, rest] of [
          [p.slice(0, i + 1), p.slice(i + 1)],
          [p.slice(i).reverse(), p.slice(0, i)],
        ]) {
          const joined = keep.concat(fromX);
          if (rest.length < 3 || joined.length < 3) continue;
          if (!apart(rest[0], rest[rest.length - 1], w) || !apart(joined[0], joined[joined.length - 1], w)) continue;
          if (!touchFree(joined)) continue;
          tries.push([pid, joined, rest]);
        }
      }
    }
    if (tries.length === 0) continue;
    const [pid, joined, rest] = rng.pick(tries);
    paths[pid] = joined;
    paths[id] = rest;
    reown();
  }
  return paths;
}

/**
 * Fewer, longer paths: joins two paths whose ends are side by side, in random order, as long as the
 * joined path still never runs beside itself (so the cover stays a no-touch covering), keeps its two
 * ends apart (Manhattan distance 2 or more), and the count stays above `k`; with `onlyShorterThan`,
 * only paths shorter than that are joined (to others). Pure geometry, no solving.
 */
export function mergeCover(rng: Rng, cover: number[][], k: number, grid: Grid, onlyShorterThan = Infinity): number[][] {
  const n = grid.width * grid.height;
  const paths: (number[] | null)[] = cover.map((p) => p.slice());
  const owner = new Int32Array(n);
  paths.forEach((p, id) => p!.forEach((c) => (owner[c] = id)));
  let count = paths.length;
  const isEnd = (c: number): boolean => {
    const p = paths[owner[c]]!;
    return p[0] === c || p[p.length - 1] === c;
  };
  /** Joining path a (at its end cell x) to path b (at its end cell y) keeps it free of touches. */
  const joinable = (x: number, y: number): boolean => {
    const a = paths[owner[x]]!;
    const b = paths[owner[y]]!;
    const farA = a[0] === x ? a[a.length - 1] : a[0];
    const farB = b[0] === y ? b[b.length - 1] : b[0];
    if (Math.abs((farA % grid.width) - (farB % grid.width)) + Math.abs(Math.floor(farA / grid.width) - Math.floor(farB / grid.width)) < 2) return false;
    const [short, longId] = a.length <= b.length ? [a, owner[y]] : [b, owner[x]];
    for (const c of short) {
      for (const d of DIRS) {
        const nb = neighbour(grid, c, d);
        if (nb < 0 || owner[nb] !== longId) continue;
        if ((c === x && nb === y) || (c === y && nb === x)) continue;
        return false;
      }
    }
    return true;
  };
  for (let progress = true; progress && count > k; ) {
    progress = false;
    const ends = rng.shuffle(paths.flatMap((p) => (p ? [p[0], p[p.length - 1]] : [])));
    for (const x of ends) {
      if (count <= k) break;
      if (!isEnd(x) || paths[owner[x]]!.length >= onlyShorterThan) continue;
      const options = DIRS.map((d) => neighbour(grid, x, d)).filter((y) => y >= 0 && owner[y] !== owner[x] && isEnd(y) && joinable(x, y));
      if (options.length === 0) continue;
      const y = rng.pick(options);
      const ia = owner[x];
      const ib = owner[y];
      const a = paths[ia]!;
      const b = paths[ib]!;
      if (a[a.length - 1] !== x) a.reverse();
      if (b[0] !== y) b.reverse();
      for (const c of b) {
        a.push(c);
        owner[c] = ia;
      }
      paths[ib] = null;
      count--;
      progress = true;
    }
  }
  return paths.filter((p): p is number[] => p !== null);
}

export function puzzleOf(w: number, h: number, cover: number[][], rule: Rule): Numberlink {
  const cells: (string | null)[] = new Array(w * h).fill(null);
  cover.forEach((path, i) => {
    cells[path[0]] = String(i + 1);
    cells[path[path.length - 1]] = String(i + 1);
  });
  const made = makeNumberlink(w, h, cells, rule);
  if (!made.ok) throw new Error(`generator built an invalid puzzle: ${made.error.message}`);
  return made.value;
}

/**
 * The cover with one path split in two at a cell where `other` differs from `planted`, so that the new
 * endpoints pin the planted route there; both parts keep 3+ cells and non-adjacent ends. Null if none.
 */
export function splitWhereDifferent(cover: number[][], planted: Solution, other: Solution, grid: Grid, rng: Rng): number[][] | null {
  const options: [number, number][] = [];
  cover.forEach((path, t) => {
    for (let i = 2; i + 3 < path.length; i++) {
      const x = path[i];
      if (planted[x] === other[x] && planted[path[i + 1]] === other[path[i + 1]]) continue;
      if (splittable(path, i, grid)) options.push([t, i]);
    }
  });
  if (options.length === 0) return null;
  return splitPaths(cover, new Map([rng.pick(options)]));
}

/**
 * Whether a path may be split after its cell i (parts path[0..i] and path[i+1..]): both parts keep 3+
 * cells and their ends 2+ apart (no unique puzzle has a shorter path or ends side by side).
 */
function splittable(path: readonly number[], i: number, grid: Grid): boolean {
  return i >= 2 && i + 3 < path.length && !adjacent(path[0], path[i], grid) && !adjacent(path[i + 1], path[path.length - 1], grid);
}

/** The cover with path t split after its cell i, for each (t, i) of `cut`; the parts take t's place. */
function splitPaths(cover: readonly number[][], cut: ReadonlyMap<number, number>): number[][] {
  const out: number[][] = [];
  cover.forEach((path, t) => {
    const i = cut.get(t);
    if (i === undefined) out.push(path);
    else out.push(path.slice(0, i + 1), path.slice(i + 1));
  });
  return out;
}

/**
 * The cover with paths split in two at the cells `at` (where the grader's deduction needed trials),
 * in their order, each path split once at most (after the cell, or else before it; see splittable):
 * the new endpoints tell the player what deduction could not. Null if no path can be split there.
 */
export function splitAt(cover: number[][], at: readonly number[], grid: Grid): number[][] | null {
  const owner = new Int32Array(grid.width * grid.height);
  const index = new Int32Array(grid.width * grid.height);
  cover.forEach((path, t) => path.forEach((c, i) => ((owner[c] = t), (index[c] = i))));
  const cut = new Map<number, number>();
  for (const c of at) {
    const t = owner[c];
    if (cut.has(t)) continue;
    const i = [index[c], index[c] - 1].find((j) => splittable(cover[t], j, grid));
    if (i !== undefined) cut.set(t, i);
  }
  return cut.size === 0 ? null : splitPaths(cover, cut);
}
