import fc from 'fast-check';
import { parseLetters } from '../src/families/numberlink/formats/index.ts';
import { applyMove, parseMove, type NumberlinkState } from '../src/families/numberlink/play.ts';
import type { Numberlink, Rule } from '../src/families/numberlink/types.ts';

/** A planted puzzle: a snake through the grid (along rows or columns) cut into paths of 2+ cells. */
export const plantedArb = fc
  .record({
    w: fc.integer({ min: 2, max: 6 }),
    h: fc.integer({ min: 2, max: 6 }),
    byCols: fc.boolean(),
    cuts: fc.array(fc.integer({ min: 2, max: 7 }), { minLength: 1, maxLength: 20 }),
  })
  .map(({ w, h, byCols, cuts }) => {
    const order: number[] = [];
    if (!byCols) for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) order.push(r * w + (r % 2 ? w - 1 - c : c));
    else for (let c = 0; c < w; c++) for (let r = 0; r < h; r++) order.push((c % 2 ? h - 1 - r : r) * w + c);
    const paths: number[][] = [];
    let at = 0;
    for (let t = 0; at < order.length; t++) {
      let len = cuts[t % cuts.length];
      if (order.length - (at + len) < 2) len = order.length - at;
      paths.push(order.slice(at, at + len));
      at += len;
    }
    const cells: (string | null)[] = new Array(w * h).fill(null);
    paths.forEach((path, k) => {
      cells[path[0]] = `p${k}`;
      cells[path[path.length - 1]] = `p${k}`;
    });
    return { w, h, cells, paths };
  });

/** Random endpoints on small grids (up to `maxPicks` endpoint cells): mostly no solution, some with one or several. */
export function randomEndpointsArb(maxPicks: number) {
  return fc
    .record({ w: fc.integer({ min: 2, max: 5 }), h: fc.integer({ min: 2, max: 5 }), picks: fc.array(fc.nat(), { minLength: 2, maxLength: maxPicks }) })
    .map(({ w, h, picks }) => {
      const cells: (string | null)[] = new Array(w * h).fill(null);
      const free = Array.from({ length: w * h }, (_, i) => i);
      const n = Math.min(picks.length - (picks.length % 2), free.length - (free.length % 2));
      for (let t = 0; t < n; t++) {
        const i = free.splice(picks[t] % free.length, 1)[0];
        cells[i] = `q${t >> 1}`;
      }
      return { w, h, cells };
    });
}

/** One puzzle from a letter grid (a test fixture: a bad grid throws). */
export function one(text: string, rule: Rule = 'strict'): Numberlink {
  const r = parseLetters(text, rule);
  if (!r.ok) throw new Error(r.error.message);
  return r.value[0];
}

/** Plays a move string (a test fixture: a bad move throws). */
export function play(p: Numberlink, s: NumberlinkState, text: string): NumberlinkState {
  const m = parseMove(text, p);
  if (!m.ok) throw new Error(m.error.message);
  return applyMove(s, m.value);
}
