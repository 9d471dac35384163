/**
 * Planted Numberlink boards for the large find-one benchmark and its tests: a cover of the board by
 * paths, the paths' ends as the pairs. Two builders:
 * - `generatorCover`: the generator's own (growCover then mergeCover, generate/frozen/cover-v1.ts)
 *   towards a pair count; it scans the board for each path's start, so it is for boards up to ~20,000
 *   cells;
 * - `sweepCover`: linear time for 10⁶ cells: each path starts at the first free cell in row-major order
 *   and walks to free neighbours that keep it from touching itself (fewest free neighbours first, ties
 *   drawn), up to a drawn length; a path left with one cell is taken into a neighbouring path.
 * Both give paths that never touch themselves, so the planted covering holds under every rule set.
 */
import { Rng } from '../src/core/rng.ts';
import { growCover, mergeCover } from '../src/families/numberlink/generator.ts';
import { makeNumberlink } from '../src/families/numberlink/puzzle.ts';
import type { Numberlink, Rule } from '../src/families/numberlink/types.ts';

export function boardOf(w: number, h: number, cover: number[][], rule: Rule = 'strict'): Numberlink {
  const cells: (string | null)[] = new Array(w * h).fill(null);
  cover.forEach((path, i) => {
    cells[path[0]] = String(i + 1);
    cells[path[path.length - 1]] = String(i + 1);
  });
  const made = makeNumberlink(w, h, cells, rule);
  if (!made.ok) throw new Error(`planted board is invalid: ${made.error.message}`);
  return made.value;
}

/** The generator's cover builder towards `pairs` pairs (it may keep a few more). */
export function generatorCover(seed: string, w: number, h: number, pairs: number): number[][] {
  const rng = new Rng(seed);
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = growCover(rng, w, h, pairs);
    if (first) return mergeCover(rng, first, pairs, { width: w, height: h });
  }
  throw new Error(`no cover for ${w}x${h} from seed ${seed}`);
}

/**
 * A cover with about one path per `cellsPerPair` cells (lengths drawn from half to 1.5 times that).
 * With `allowTouch` false, redrawn until no path runs beside itself (then the planted covering holds
 * under every rule); with true (for 10⁶ cells, where some single cell always needs it), a single cell
 * that fits nowhere else joins a path beside itself.
 */
export function sweepCover(seed: string, w: number, h: number, cellsPerPair: number, allowTouch = false): number[][] {
  for (let attempt = 0; attempt < 100; attempt++) {
    const c = sweepOnce(`${seed}/${attempt}`, w, h, cellsPerPair, allowTouch);
    if (c) return c;
  }
  throw new Error(`sweepCover ${w}x${h} ${seed}: no touch-free cover in 100 draws`);
}

function sweepOnce(seed: string, w: number, h: number, cellsPerPair: number, allowTouch: boolean): number[][] | null {
  const rng = new Rng(seed);
  const n = w * h;
  const owner = new Int32Array(n).fill(-1);
  const paths: number[][] = [];
  const nbs = (c: number): number[] => {
    const r = Math.floor(c / w);
    const x = c % w;
    const out: number[] = [];
    if (r > 0) out.push(c - w);
    if (x + 1 < w) out.push(c + 1);
    if (r + 1 < h) out.push(c + w);
    if (x > 0) out.push(c - 1);
    return out;
  };
  const freeDeg = (c: number): number => nbs(c).filter((y) => owner[y] < 0).length;
  /** Extends `path` from its last cell while it can, up to `len` cells. */
  const walk = (id: number, path: number[], len: number): void => {
    while (path.length < len) {
      const end = path[path.length - 1];
      const prev = path.length > 1 ? path[path.length - 2] : -1;
      let best: number[] = [];
      let bestDeg = 9;
      for (const y of nbs(end)) {
        if (owner[y] >= 0) continue;
        // No touching: y's neighbours of this path are only the end.
        if (nbs(y).some((z) => owner[z] === id && z !== end)) continue;
        const f = freeDeg(y);
        if (f < bestDeg) {
          bestDeg = f;
          best = [y];
        } else if (f === bestDeg) best.push(y);
      }
      if (best.length === 0 || prev === -2) return;
      const y = best[rng.int(best.length)];
      owner[y] = id;
      path.push(y);
    }
  };
  let next = 0;
  for (;;) {
    while (next < n && owner[next] >= 0) next++;
    if (next >= n) break;
    const id = paths.length;
    const path = [next];
    owner[next] = id;
    const len = Math.max(3, Math.floor(cellsPerPair / 2) + rng.int(cellsPerPair + 1));
    walk(id, path, len);
    path.reverse();
    walk(id, path, len);
    paths.push(path);
  }
  // Singles: into a neighbouring path, at its end or by splitting it beside the single cell, where no
  // part then runs beside itself.
  const touchFree = (path: number[]): boolean => {
    const at = new Map<number, number>();
    path.forEach((c, i) => at.set(c, i));
    return path.every((c, i) => nbs(c).every((y) => !at.has(y) || Math.abs(at.get(y)! - i) === 1));
  };
  /** Whether only touch-free fits are taken (the first try for each single). */
  let picky = true;
  for (let id = 0; id < paths.length; id++) {
    const p = paths[id];
    if (p.length !== 1) continue;
    const x = p[0];
    let placed = false;
    for (const y of nbs(x)) {
      const j = owner[y];
      if (j === id) continue;
      const q = paths[j];
      const i = q.indexOf(y);
      const splits: [number[], number[] | null][] = [];
      if (i === q.length - 1) splits.push([[...q, x], null]);
      if (i === 0) splits.push([[x, ...q], null]);
      if (i > 0 && i <= q.length - 3) splits.push([[...q.slice(0, i + 1), x], q.slice(i + 1)]);
      if (i >= 2 && i < q.length - 1) splits.push([q.slice(0, i), [x, ...q.slice(i)]]);
      const fit = splits.find(([a, b]) => touchFree(a) && (b === null || touchFree(b))) ?? (picky ? undefined : splits[0]);
      if (!fit) continue;
      paths[j] = fit[0];
      for (const c of fit[0]) owner[c] = j;
      if (fit[1]) {
        paths[id] = fit[1];
        for (const c of fit[1]) owner[c] = id;
      } else paths[id] = [];
      placed = true;
      break;
    }
    if (!placed && picky && allowTouch) {
      // Beside itself where nothing else fits (the plain rule allows it): rare, needed on 10⁶ cells.
      picky = false;
      id--;
      continue;
    }
    if (!placed) return null;
    picky = true;
  }
  return joinEnds(
    rng,
    paths.filter((p) => p.length > 0),
    w,
    h,
    Math.round(n / cellsPerPair),
  );
}

/**
 * Fewer, longer paths: joins paths whose ends are side by side, in a random order, while there are more
 * than `target` and the joined path neither runs beside itself nor has its ends side by side.
 */
export function joinEnds(rng: Rng, cover: number[][], w: number, h: number, target: number): number[][] {
  const n = w * h;
  const paths: (number[] | null)[] = cover.map((p) => p.slice());
  const owner = new Int32Array(n);
  paths.forEach((p, id) => {
    for (const c of p!) owner[c] = id;
  });
  let count = paths.length;
  const ends: number[] = [];
  for (const p of paths) ends.push(p![0], p![p!.length - 1]);
  rng.shuffle(ends);
  for (let pass = 0; pass < 3 && count > target; pass++) {
    for (const a of ends) {
      if (count <= target) break;
      const i = owner[a];
      const p = paths[i]!;
      if (p[0] !== a && p[p.length - 1] !== a) continue;
      const r = Math.floor(a / w);
      const x = a % w;
      const nbs = [r > 0 ? a - w : -1, x + 1 < w ? a + 1 : -1, r + 1 < h ? a + w : -1, x > 0 ? a - 1 : -1];
      for (const b of nbs) {
        if (b < 0) continue;
        const j = owner[b];
        if (j === i) continue;
        const q = paths[j]!;
        if (q[0] !== b && q[q.length - 1] !== b) continue;
        const left = p[0] === a ? p.slice().reverse() : p;
        const right = q[0] === b ? q : q.slice().reverse();
        const joined = [...left, ...right];
        // Ends side by side would make a pair with nothing to join.
        const e0 = joined[0];
        const e1 = joined[joined.length - 1];
        if (Math.abs((e0 % w) - (e1 % w)) + Math.abs(Math.floor(e0 / w) - Math.floor(e1 / w)) < 2) continue;
        // Never beside itself: a cell of one part beside the other only at the junction.
        let touches = false;
        for (const c of right) {
          const cr = Math.floor(c / w);
          const cx = c % w;
          for (const y of [cr > 0 ? c - w : -1, cx + 1 < w ? c + 1 : -1, cr + 1 < h ? c + w : -1, cx > 0 ? c - 1 : -1]) {
            if (y >= 0 && owner[y] === i && !(c === b && y === a)) touches = true;
          }
          if (touches) break;
        }
        if (touches) continue;
        paths[i] = joined;
        paths[j] = null;
        for (const c of right) owner[c] = i;
        count--;
        break;
      }
    }
  }
  return paths.filter((p): p is number[] => p !== null);
}

/**
 * Sparser covers: from `cover` (paths that never touch themselves), random end moves until at most
 * `target` paths remain or `rounds` moves were tried. A move takes a path's end `a` and a neighbour `y`
 * of it on another path: when `y` is an end, the two paths are joined; otherwise the other path is cut at
 * `y` and its part up to `y` is taken onto the end (a backbite, the count stays). Every move is kept only
 * when no path then touches itself, every path keeps 3+ cells and its two ends apart.
 */
export function sparserCover(seed: string, cover: number[][], w: number, h: number, target: number, rounds = 200_000): number[][] {
  const rng = new Rng(seed);
  const paths: number[][] = cover.map((p) => p.slice());
  const nbs = (c: number): number[] => {
    const r = Math.floor(c / w);
    const x = c % w;
    return [r > 0 ? c - w : -1, x + 1 < w ? c + 1 : -1, r + 1 < h ? c + w : -1, x > 0 ? c - 1 : -1].filter((y) => y >= 0);
  };
  const owner = new Int32Array(w * h);
  const index = new Int32Array(w * h);
  const reown = (id: number): void => {
    paths[id].forEach((c, i) => {
      owner[c] = id;
      index[c] = i;
    });
  };
  paths.forEach((_, id) => reown(id));
  const good = (p: number[]): boolean => {
    if (p.length < 3) return false;
    const a = p[0];
    const b = p[p.length - 1];
    if (Math.abs((a % w) - (b % w)) + Math.abs(Math.floor(a / w) - Math.floor(b / w)) < 2) return false;
    const at = new Map<number, number>();
    p.forEach((c, i) => at.set(c, i));
    return p.every((c, i) => nbs(c).every((y) => !at.has(y) || Math.abs(at.get(y)! - i) === 1));
  };
  for (let round = 0; round < rounds && paths.length > target; round++) {
    const i = rng.int(paths.length);
    const p = paths[i];
    const front = rng.int(2) === 0;
    const a = front ? p[0] : p[p.length - 1];
    const ys = nbs(a).filter((y) => owner[y] !== i);
    if (ys.length === 0) continue;
    const y = ys[rng.int(ys.length)];
    const j = owner[y];
    const q = paths[j];
    const at = index[y];
    const base = front ? p.slice().reverse() : p; // ends at a
    if (at === 0 || at === q.length - 1) {
      const joined = [...base, ...(at === 0 ? q : q.slice().reverse())];
      if (!good(joined)) continue;
      paths[i] = joined;
      const last = paths.length - 1;
      paths[j] = paths[last];
      paths.pop();
      if (j !== last) reown(j);
      reown(i === last ? j : i);
      continue;
    }
    // Backbite: take q's cells up to y (either side, drawn) onto a.
    const towardsStart = rng.int(2) === 0;
    const taken = towardsStart ? q.slice(0, at + 1).reverse() : q.slice(at);
    const rest = towardsStart ? q.slice(at + 1) : q.slice(0, at);
    const grown = [...base, ...taken];
    if (!good(grown) || !good(rest)) continue;
    paths[i] = grown;
    paths[j] = rest;
    reown(i);
    reown(j);
  }
  return paths;
}

/**
 * A cover of a (tilesX·s) x (tilesY·s) board by tiles: each tile one of `covers` (covers of an s x s
 * board), drawn with a turn or mirror, by a seeded stream. Its pairs are the tiles' (the density of
 * the covers given); its paths stay inside their tiles, the search is not told so.
 */
export function tiledCover(seed: string, covers: number[][][], s: number, tilesX: number, tilesY: number): number[][] {
  const rng = new Rng(seed);
  const w = tilesX * s;
  const out: number[][] = [];
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      const cover = covers[rng.int(covers.length)];
      const o = rng.int(8);
      const map = (c: number): number => {
        let r = Math.floor(c / s);
        let x = c % s;
        if (o & 1) x = s - 1 - x;
        if (o & 2) r = s - 1 - r;
        if (o & 4) [r, x] = [x, r];
        return (ty * s + r) * w + tx * s + x;
      };
      for (const path of cover) out.push(path.map(map));
    }
  }
  return out;
}
