/**
 * Counting under Nikoli's rule ("cover-not-required"): each pair of equal labels is joined by a path
 * along cell edges, paths never cross, branch or share cells, but cells may stay empty. (Nikoli also
 * expects a puzzle to avoid needless detours; that is NOT checked here.) Every `strict` solution is a
 * Nikoli solution, so the Nikoli solutions are a superset of the strict ones: a board unique under
 * Nikoli has at most one strict solution, but a board unique under strict may have many Nikoli ones.
 * Nikoli is therefore weaker than every rule set in `types.ts`'s RULES and is not (yet) one of them.
 *
 * This module is standalone: a depth-first count over the pairs' simple paths (exact, exponential)
 * with a node cap, for small boards and as a witness; it is not wired into the solver, CLI or CNF.
 * A solution is link bits per cell as elsewhere, 0 on an empty cell.
 */
import { endpointGrid, linkCount, neighbour, nextLinked } from './puzzle.ts';
import { DIRS, OPPOSITE, type Numberlink, type Solution } from './types.ts';

export interface NikoliCount {
  /** Solutions found (at most `limit`), each verified by `verifyNikoli`. */
  found: Solution[];
  /** 'completed': the count is exact up to the limit; 'node-limit': the cap ran out (inconclusive). */
  stop: 'completed' | 'node-limit';
  nodes: number;
}

/** Counts Nikoli-rule solutions up to `limit` (default 2) within `maxNodes` search steps. */
export function countNikoli(p: Numberlink, limit = 2, maxNodes = 10_000_000): NikoliCount {
  const n = p.width * p.height;
  const ends = endpointGrid(p);
  const used = new Uint8Array(n);
  for (const [a, b] of p.pairs) {
    used[a] = 1;
    used[b] = 1;
  }
  const links = new Uint8Array(n);
  const found: Solution[] = [];
  let nodes = 0;
  let stopped = false;
  const pair = (k: number): void => {
    if (stopped || found.length >= limit) return;
    if (k === p.pairs.length) {
      found.push(links.slice());
      return;
    }
    const [a, b] = p.pairs[k];
    const walk = (cur: number): void => {
      if (stopped || found.length >= limit) return;
      if (++nodes > maxNodes) {
        stopped = true;
        return;
      }
      for (const d of DIRS) {
        const j = neighbour(p, cur, d);
        if (j < 0) continue;
        if (j === b) {
          links[cur] |= d;
          links[j] |= OPPOSITE[d];
          pair(k + 1);
          links[cur] &= ~d;
          links[j] &= ~OPPOSITE[d];
        } else if (!used[j] && ends[j] < 0) {
          used[j] = 1;
          links[cur] |= d;
          links[j] |= OPPOSITE[d];
          walk(j);
          links[cur] &= ~d;
          links[j] &= ~OPPOSITE[d];
          used[j] = 0;
        }
        if (stopped || found.length >= limit) return;
      }
    };
    walk(a);
  };
  pair(0);
  for (const s of found) {
    const v = verifyNikoli(p, s);
    if (!v.ok) throw new Error(`nikoli count produced an invalid solution: ${v.reason}`);
  }
  return { found, stop: stopped ? 'node-limit' : 'completed', nodes };
}

/** Independent check under Nikoli's rule: endpoints one link, other cells none or two, no loops, each path joins its pair. */
export function verifyNikoli(p: Numberlink, links: Solution): { ok: true } | { ok: false; reason: string } {
  const n = p.width * p.height;
  if (links.length !== n) return { ok: false, reason: `solution has ${links.length} cells, the puzzle ${n}` };
  const ends = endpointGrid(p);
  for (let i = 0; i < n; i++) {
    const m = links[i];
    if (m > 15) return { ok: false, reason: `cell ${i} has link bits ${m}` };
    for (const d of DIRS) {
      if (!(m & d)) continue;
      const j = neighbour(p, i, d);
      if (j < 0 || !(links[j] & OPPOSITE[d])) return { ok: false, reason: `cell ${i}'s link does not match` };
    }
    const deg = linkCount(m);
    if (ends[i] >= 0 ? deg !== 1 : deg !== 0 && deg !== 2) return { ok: false, reason: `cell ${i} has ${deg} links` };
  }
  const owned = new Uint8Array(n);
  for (let k = 0; k < p.pairs.length; k++) {
    const [a, b] = p.pairs[k];
    let prev = -1;
    let cur = a;
    for (;;) {
      owned[cur] = 1;
      if (cur !== a && ends[cur] >= 0) {
        if (cur !== b) return { ok: false, reason: `the path from ${p.labels[k]} ends at another label` };
        break;
      }
      const next = nextLinked(p, links, cur, prev);
      prev = cur;
      cur = next;
    }
  }
  for (let i = 0; i < n; i++) if (links[i] !== 0 && !owned[i]) return { ok: false, reason: `cell ${i} is on a loop` };
  return { ok: true };
}
