/**
 * The SAT witness for Numberlink: a CNF model of the puzzle with cycle elimination, solved by real
 * SAT solvers (logic-solver in process, or the cadical / minisat binaries), counting solutions up to
 * a limit. It shares nothing with the native search but the puzzle and the verifier.
 *
 * Variables: one per (cell, pair) ("cell i belongs to pair k") and one per pair of neighbouring cells
 * ("the path runs between them"). Clauses: every cell has exactly one pair, endpoints their own;
 * endpoints have exactly one link and every other cell exactly two (the paths cover the grid); linked
 * cells have the same pair; `no-2x2` forbids a 2×2 block of one pair, `no-touch` links any two
 * neighbouring cells of one pair. Such a model may still hold closed loops away from the endpoints:
 * each loop found is forbidden by a clause (not all of its links) and the solver runs again, so the
 * loops are cut lazily. Solutions are counted as distinct link sets, as the native solver counts them.
 */
import { Meter } from '../core/budget.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../core/verdict.ts';
import { neighbour, verifySolution } from '../families/numberlink/puzzle.ts';
import { DIRS, E, OPPOSITE, S, type Numberlink, type Solution } from '../families/numberlink/types.ts';
import { toDimacs } from '../families/nonogram/cnf.ts';
import { beforeCall, checkLimit, LogicSat, solveDimacs, type SatBackend, type SatCall, type SatCountOptions } from './sat-count.ts';

export interface NumberlinkCnf {
  numVars: number;
  clauses: number[][];
  /** Edges between neighbouring cells [a, b, dir from a to b], and the variable of each (1-based). */
  edges: [number, number, number][];
  edgeVar: number[];
}

/** The CNF model (without loop cuts). */
export function encodeNumberlink(p: Numberlink): NumberlinkCnf {
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
  for (let i = 0; i < n; i++) {
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
function readModel(p: Numberlink, cnf: NumberlinkCnf, model: Iterable<number>): { links: Solution; loops: number[][] } {
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
  const step = (cur: number, prev: number): number => {
    for (const d of DIRS) {
      if (!(links[cur] & d)) continue;
      const j = neighbour(p, cur, d);
      if (j !== prev) return j;
    }
    return -1;
  };
  for (const [a] of p.pairs) {
    let prev = -1;
    let cur = a;
    while (cur >= 0 && !onPath[cur]) {
      onPath[cur] = 1;
      const nx = step(cur, prev);
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
      const nx = step(cur, prev);
      if (nx >= 0) loop.push(varAt.get(`${cur},${nx}`)!);
      prev = cur;
      cur = nx;
    }
    loops.push(loop);
  }
  return { links, loops };
}

function blockingClause(cnf: NumberlinkCnf, model: Iterable<number>): number[] {
  const truth = new Set<number>();
  for (const v of model) if (v > 0) truth.add(v);
  return cnf.edgeVar.map((v) => (truth.has(v) ? -v : v));
}

/**
 * Counts solutions up to `limit` (at least 2) with the chosen back-end. Budget nodes count SAT calls
 * (loop cuts included). Every solution is checked by the verifier; a failure is an encoding bug and throws.
 */
export async function satCountNumberlink(p: Numberlink, backend: SatBackend = 'logic-solver', options: SatCountOptions = {}): Promise<Verdict<Solution>> {
  const limit = options.limit ?? 2;
  checkLimit(limit);
  const meter = new Meter(options.budget ?? {});
  const cnf = encodeNumberlink(p);
  const clauses = cnf.clauses.slice();
  const logic = backend === 'logic-solver' ? new LogicSat(cnf) : null;
  const add = (cl: number[]): void => {
    clauses.push(cl);
    logic?.addClause(cl);
  };
  const found: Solution[] = [];
  let stop: StopReason = 'completed';
  while (found.length < limit) {
    const s = beforeCall(meter);
    if (s) {
      stop = s;
      break;
    }
    let r: SatCall;
    if (logic) r = logic.solve();
    else {
      if (cnf.clauses.some((c) => c.length === 0) && clauses.length === cnf.clauses.length) r = { status: 'unsat' };
      else r = await solveDimacs(backend as 'cadical' | 'minisat', toDimacs({ numVars: cnf.numVars, clauses }, `proofgrid numberlink ${p.width}x${p.height} ${p.rule}`), { timeoutMs: meter.remaining().deadlineMs, signal: options.budget?.signal, binaryPath: options.binaryPath });
    }
    if (r.status === 'stopped') {
      stop = r.stop;
      break;
    }
    if (r.status === 'unsat') break;
    const { links, loops } = readModel(p, cnf, r.model);
    if (loops.length > 0) {
      for (const loop of loops) add(loop.map((v) => -v));
      continue;
    }
    const v = verifySolution(p, links);
    if (!v.ok) throw new Error(`numberlink SAT witness (${backend}): model does not verify (encoding bug?): ${v.reason}`);
    found.push(links);
    add(blockingClause(cnf, r.model));
  }
  return verdictFromCount(found, stop, meter.stats());
}
