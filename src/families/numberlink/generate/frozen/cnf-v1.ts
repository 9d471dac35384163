/**
 * FROZEN (numberlink generator versions 1–4). A copy of src/families/numberlink/cnf.ts at commit a58a316 (the CNF the clause-learning stage of the certificate counts on); only its imports differ.
 * Never edit this file to change behaviour: a change that alters any output is a new generator version
 * with its own frozen modules (see ../versions.ts).
 */
/**
 * A CNF model of a Numberlink puzzle, shared by the solver's clause-learning stage and the SAT witness.
 *
 * Variables: one per (cell, pair) ("cell i belongs to pair k") and one per pair of neighbouring cells
 * ("the path runs between them"). Clauses: every cell has exactly one pair, endpoints their own;
 * endpoints have exactly one link and every other cell exactly two (the paths cover the grid); linked
 * cells have the same pair; the four links around a 2×2 block are never all on (the smallest loop);
 * `no-2x2` forbids a 2×2 block of one pair, `no-touch` links any two neighbouring cells of one pair.
 * A model may still hold longer closed loops away from the endpoints: `readModel` finds them, and a
 * clause per loop (not all of its links) cuts each, so loops are cut lazily.
 */
import type { Meter } from '../../../../core/generator-meter.ts';
import { neighbour, nextLinked } from '../../puzzle.ts';
import { E, OPPOSITE, S, type Numberlink, type Solution } from '../../types.ts';

export interface NumberlinkCnf {
  numVars: number;
  clauses: number[][];
  /** Edges between neighbouring cells [a, b, dir from a to b], and the variable of each (1-based). */
  edges: [number, number, number][];
  edgeVar: number[];
}

/**
 * An upper bound of the literals `encodeNumberlink` writes (the unit the CDCL stage holds against
 * `Budget.maxStates`): per cell, K pair literals, K² for at-most-one, and at most 40 for the degree,
 * link and 2×2 clauses plus 18 per pair for the link-pair clauses (measured: 21–28 per cell and pair
 * for K = 2–8).
 */
export function numberlinkCnfLiterals(p: Numberlink): number {
  const K = p.pairs.length;
  return p.width * p.height * (K * K + 18 * K + 40);
}

/**
 * The CNF model (without loop cuts). With a `meter`, each cell reports its work; once the meter
 * stops, the CNF is returned unfinished (the caller reads `meter.stopped` and must not solve it).
 */
export function encodeNumberlink(p: Numberlink, meter?: Meter): NumberlinkCnf {
  const n = p.width * p.height;
  const K = p.pairs.length;
  const x = (i: number, k: number): number => 1 + i * K + k;
  let next = n * K + 1;
  const edges: [number, number, number][] = [];
  const edgeVar: number[] = [];
  const incident: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    for (const d of [E, S]) {
      const j = neighbour(p, i, d);
      if (j < 0) continue;
      const v = next++;
      edges.push([i, j, d]);
      edgeVar.push(v);
      incident[i].push(v);
      incident[j].push(v);
    }
  }
  const clauses: number[][] = [];
  const ends = new Int32Array(n).fill(-1);
  p.pairs.forEach(([a, b], k) => {
    ends[a] = k;
    ends[b] = k;
  });
  const cellWork = 64 * (K * K + 4);
  for (let i = 0; i < n; i++) {
    if (meter !== undefined && !meter.work(cellWork)) return { numVars: next - 1, clauses, edges, edgeVar };
    // Exactly one pair per cell.
    clauses.push(Array.from({ length: K }, (_, k) => x(i, k)));
    for (let k = 0; k < K; k++) for (let l = k + 1; l < K; l++) clauses.push([-x(i, k), -x(i, l)]);
    if (ends[i] >= 0) clauses.push([x(i, ends[i])]);
    // Degree: exactly one at an endpoint, exactly two elsewhere.
    const inc = incident[i];
    const want = ends[i] >= 0 ? 1 : 2;
    if (inc.length < want) {
      clauses.push([]);
      continue;
    }
    // At most `want`: every (want + 1)-subset has a false link.
    for (const sub of subsets(inc, want + 1)) clauses.push(sub.map((v) => -v));
    // At least `want`: leaving out any want - 1 links, one of the rest is true.
    for (const sub of subsets(inc, want - 1)) clauses.push(inc.filter((v) => !sub.includes(v)));
  }
  // Linked cells belong to the same pair.
  edges.forEach(([a, b], t) => {
    const e = edgeVar[t];
    for (let k = 0; k < K; k++) {
      clauses.push([-e, -x(a, k), x(b, k)]);
      clauses.push([-e, x(a, k), -x(b, k)]);
      if (p.rule === 'no-touch') clauses.push([-x(a, k), -x(b, k), e]);
    }
  });
  // The smallest loops: the four links around each 2×2 block.
  const varOf = new Map<number, number>();
  edges.forEach(([a, , d], t) => varOf.set(2 * a + (d === E ? 0 : 1), edgeVar[t]));
  const linkVar = (a: number, b: number): number => varOf.get(2 * a + (b === a + 1 ? 0 : 1))!;
  for (let r = 0; r + 1 < p.height; r++) {
    for (let c = 0; c + 1 < p.width; c++) {
      const t = r * p.width + c;
      const w = p.width;
      clauses.push([-linkVar(t, t + 1), -linkVar(t + 1, t + w + 1), -linkVar(t + w, t + w + 1), -linkVar(t, t + w)]);
    }
  }
  if (p.rule === 'no-2x2') {
    for (let r = 0; r + 1 < p.height; r++) {
      for (let c = 0; c + 1 < p.width; c++) {
        const t = r * p.width + c;
        for (let k = 0; k < K; k++) clauses.push([-x(t, k), -x(t + 1, k), -x(t + p.width, k), -x(t + p.width + 1, k)]);
      }
    }
  }
  return { numVars: next - 1, clauses, edges, edgeVar };
}

function subsets(items: readonly number[], size: number): number[][] {
  if (size === 0) return [[]];
  if (size > items.length) return [];
  const out: number[][] = [];
  const rec = (start: number, acc: number[]): void => {
    if (acc.length === size) {
      out.push(acc.slice());
      return;
    }
    for (let i = start; i < items.length; i++) {
      acc.push(items[i]);
      rec(i + 1, acc);
      acc.pop();
    }
  };
  rec(0, []);
  return out;
}

/** The links of a model, and the loops in it (each as its edge variables). */
export function readModel(p: Numberlink, cnf: NumberlinkCnf, model: Iterable<number>): { links: Solution; loops: number[][] } {
  const truth = new Set<number>();
  for (const v of model) if (v > 0) truth.add(v);
  const links = new Uint8Array(p.width * p.height);
  const varAt = new Map<string, number>();
  cnf.edges.forEach(([a, b, d], t) => {
    varAt.set(`${a},${b}`, cnf.edgeVar[t]);
    varAt.set(`${b},${a}`, cnf.edgeVar[t]);
    if (truth.has(cnf.edgeVar[t])) {
      links[a] |= d;
      links[b] |= OPPOSITE[d];
    }
  });
  // Cells reached from the endpoints are on paths; the others are on loops.
  const onPath = new Uint8Array(links.length);
  for (const [a] of p.pairs) {
    let prev = -1;
    let cur = a;
    while (cur >= 0 && !onPath[cur]) {
      onPath[cur] = 1;
      const nx = nextLinked(p, links, cur, prev);
      prev = cur;
      cur = nx;
    }
  }
  const loops: number[][] = [];
  for (let i = 0; i < links.length; i++) {
    if (onPath[i]) continue;
    const loop: number[] = [];
    let prev = -1;
    let cur = i;
    while (cur >= 0 && !onPath[cur]) {
      onPath[cur] = 1;
      const nx = nextLinked(p, links, cur, prev);
      if (nx >= 0) loop.push(varAt.get(`${cur},${nx}`)!);
      prev = cur;
      cur = nx;
    }
    loops.push(loop);
  }
  return { links, loops };
}

/** The clause that rules out exactly these links (every link variable as it is not). */
export function blockingClause(cnf: NumberlinkCnf, links: Solution): number[] {
  return cnf.edges.map(([a, , d], t) => (links[a] & d ? -cnf.edgeVar[t] : cnf.edgeVar[t]));
}

/**
 * What a model means for a count: the clauses cutting its loops, or, when it has none, the solution it
 * holds and the clause that blocks it (so the next model is another solution).
 */
export function interpretModel(p: Numberlink, cnf: NumberlinkCnf, model: Iterable<number>): { cuts: number[][] } | { solution: Solution; block: number[] } {
  const { links, loops } = readModel(p, cnf, model);
  if (loops.length > 0) return { cuts: loops.map((loop) => loop.map((v) => -v)) };
  return { solution: links, block: blockingClause(cnf, links) };
}
