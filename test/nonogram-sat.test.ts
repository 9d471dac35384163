/**
 * The SAT witness (src/families/nonogram/cnf.ts + src/witness/nonogram-sat.ts, sat-count.ts) and the known-answer
 * corpus (test/fixtures/nonogram/corpus.ts).
 *
 * The corpus answers are established here by code that shares nothing with the solvers under test:
 * an exhaustive enumerator for small puzzles, and a reference line solver + search with explicit
 * certificates for the larger ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONG, sample } from './long.ts';
import { verdictSolutions, type Verdict } from '../src/core/verdict.ts';
import { cluesOf, makeNonogram, verifySolution } from '../src/families/nonogram/puzzle.ts';
import { blockingClause, CNF_ENCODINGS, cnfSize, encodeCnf, modelToGrid } from '../src/families/nonogram/cnf.ts';
import { toDimacs } from '../src/core/sat.ts';
import type { Nonogram } from '../src/families/nonogram/types.ts';
import { unwrap } from '../src/core/result.ts';
import { satCount, satCountBinary, satCountLogicSolver } from '../src/witness/nonogram-sat.ts';
import { availableBinaries, solveDimacs, type SatBinary } from '../src/witness/sat-count.ts';
import { CORPUS, type CorpusEntry, type Expected } from './fixtures/nonogram/corpus.ts';

// ------------------------------------------------------------------------------------------------
// Independent references

/** Run lengths of a 0/1 line (written here, not taken from puzzle.ts). */
function runs(cells: ArrayLike<number>): number[] {
  const out: number[] = [];
  let run = 0;
  for (let i = 0; i <= cells.length; i++) {
    if (i < cells.length && cells[i] === 1) run++;
    else if (run > 0) {
      out.push(run);
      run = 0;
    }
  }
  return out;
}

const sameList = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Exhaustive enumeration: every row is tried as each of its 2^W bit patterns that match its clue,
 * every combination of rows is checked column by column. Equivalent to trying all 2^(W*H) grids
 * (grids with a wrong row are skipped). Returns the solutions (up to `cap`), or null when the
 * product of row candidates exceeds `maxProduct`.
 */
function enumerate(p: Nonogram, cap = Infinity, maxProduct = 300_000): Uint8Array[] | null {
  const W = p.width;
  const H = p.height;
  if (W > 14) return null;
  const cands: number[][] = [];
  let product = 1;
  const line = new Uint8Array(W);
  for (let r = 0; r < H; r++) {
    const cs: number[] = [];
    for (let m = 0; m < 1 << W; m++) {
      for (let c = 0; c < W; c++) line[c] = (m >> c) & 1;
      if (sameList(runs(line), p.rows[r])) cs.push(m);
    }
    if (cs.length === 0) return [];
    cands.push(cs);
    product *= cs.length;
    if (product > maxProduct) return null;
  }
  const out: Uint8Array[] = [];
  const pick = new Array<number>(H);
  const col = new Uint8Array(H);
  const rec = (r: number): void => {
    if (out.length >= cap) return;
    if (r === H) {
      for (let c = 0; c < W; c++) {
        for (let i = 0; i < H; i++) col[i] = (pick[i] >> c) & 1;
        if (!sameList(runs(col), p.cols[c])) return;
      }
      const g = new Uint8Array(W * H);
      for (let i = 0; i < H; i++) for (let c = 0; c < W; c++) g[i * W + c] = (pick[i] >> c) & 1;
      out.push(g);
      return;
    }
    for (const m of cands[r]) {
      pick[r] = m;
      rec(r + 1);
    }
  };
  rec(0);
  return out;
}

const UNK = 0;
const FIL = 1;
const EMP = 2;

/**
 * Reference line solver: all placements of the clue consistent with the known cells; returns the
 * line with every cell that all placements agree on set, or null if no placement exists.
 */
function refLine(cells: number[], clue: readonly number[]): number[] | null {
  const n = cells.length;
  const k = clue.length;
  const memo = new Map<number, boolean>();
  const canF = new Array<boolean>(n).fill(false);
  const canE = new Array<boolean>(n).fill(false);
  // Can blocks j.. be placed in cells i.. (cell i free to be the first one)?
  const fits = (i: number, j: number): boolean => {
    const key = i * 64 + j;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let res = false;
    if (j === k) {
      res = true;
      for (let c = i; c < n; c++) if (cells[c] === FIL) res = false;
    } else {
      for (let s = i; s + clue[j] <= n && !res; s++) {
        if (s > i && cells[s - 1] === FIL) break;
        if (placeOk(s, j) && fits(Math.min(n, s + clue[j] + 1), j + 1)) res = true;
      }
    }
    memo.set(key, res);
    return res;
  };
  const placeOk = (s: number, j: number): boolean => {
    for (let c = s; c < s + clue[j]; c++) if (cells[c] === EMP) return false;
    return !(s + clue[j] < n && cells[s + clue[j]] === FIL);
  };
  const seen = new Set<number>();
  const mark = (i: number, j: number): void => {
    const key = i * 64 + j;
    if (seen.has(key)) return;
    seen.add(key);
    if (j === k) {
      for (let c = i; c < n; c++) canE[c] = true;
      return;
    }
    for (let s = i; s + clue[j] <= n; s++) {
      if (s > i && cells[s - 1] === FIL) break;
      const next = Math.min(n, s + clue[j] + 1);
      if (!placeOk(s, j) || !fits(next, j + 1)) continue;
      for (let c = i; c < s; c++) canE[c] = true;
      for (let c = s; c < s + clue[j]; c++) canF[c] = true;
      if (s + clue[j] < n) canE[s + clue[j]] = true;
      mark(next, j + 1);
    }
  };
  if (!fits(0, 0)) return null;
  mark(0, 0);
  return cells.map((_, c) => (canF[c] && canE[c] ? UNK : canF[c] ? FIL : EMP));
}

/** Line solving to a fixpoint from `grid` (modified in place); false on contradiction. */
function propagate(p: Nonogram, grid: number[]): boolean {
  const W = p.width;
  const H = p.height;
  const lines: { idx: number[]; clue: number[] }[] = [];
  for (let r = 0; r < H; r++) lines.push({ idx: Array.from({ length: W }, (_, c) => r * W + c), clue: p.rows[r] });
  for (let c = 0; c < W; c++) lines.push({ idx: Array.from({ length: H }, (_, r) => r * W + c), clue: p.cols[c] });
  for (let changed = true; changed; ) {
    changed = false;
    for (const { idx, clue } of lines) {
      const res = refLine(
        idx.map((i) => grid[i]),
        clue,
      );
      if (!res) return false;
      idx.forEach((i, t) => {
        if (grid[i] !== res[t]) {
          grid[i] = res[t];
          changed = true;
        }
      });
    }
  }
  return true;
}

type LineSolveOutcome = { status: 'solved'; grid: Uint8Array } | { status: 'stuck' } | { status: 'contradiction' };

function refLineSolve(p: Nonogram): LineSolveOutcome {
  const grid = new Array<number>(p.width * p.height).fill(UNK);
  if (!propagate(p, grid)) return { status: 'contradiction' };
  if (grid.includes(UNK)) return { status: 'stuck' };
  return { status: 'solved', grid: Uint8Array.from(grid, (v) => (v === FIL ? 1 : 0)) };
}

function checkGrid(p: Nonogram, g: ArrayLike<number>): boolean {
  const W = p.width;
  for (let r = 0; r < p.height; r++) if (!sameList(runs(Array.from({ length: W }, (_, c) => g[r * W + c])), p.rows[r])) return false;
  for (let c = 0; c < W; c++) if (!sameList(runs(Array.from({ length: p.height }, (_, r) => g[r * W + c])), p.cols[c])) return false;
  return true;
}

/** Reference search: line solving + branching on the first open cell; counts up to `cap`. */
function refSearchCount(p: Nonogram, cap: number): number {
  let count = 0;
  const rec = (grid: number[]): void => {
    if (count >= cap || !propagate(p, grid)) return;
    const open = grid.indexOf(UNK);
    if (open < 0) {
      if (
        checkGrid(
          p,
          grid.map((v) => (v === FIL ? 1 : 0)),
        )
      )
        count++;
      return;
    }
    for (const v of [FIL, EMP]) {
      const g = grid.slice();
      g[open] = v;
      rec(g);
    }
  };
  rec(new Array<number>(p.width * p.height).fill(UNK));
  return count;
}

const kindOfCount = (n: number): Expected => (n === 0 ? 'none' : n === 1 ? 'unique' : 'multiple');
const total = (lines: number[][]): number => lines.flat().reduce((a, b) => a + b, 0);
const sameGrid = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
  a.length === b.length && Array.prototype.every.call(a, (x: number, i: number) => x === b[i]);

/** Checks a verdict against a corpus entry: kind, verified and distinct solutions, the known picture. */
function expectMatches(e: CorpusEntry, v: Verdict<Uint8Array>): void {
  expect(v.kind, e.name).toBe(e.expected);
  const sols = verdictSolutions(v);
  for (const s of sols) expect(verifySolution(e.puzzle, s).ok, e.name).toBe(true);
  for (let i = 0; i < sols.length; i++) for (let j = i + 1; j < sols.length; j++) expect(sameGrid(sols[i], sols[j]), e.name).toBe(false);
  if (v.kind === 'unique' && e.solutions) expect(sameGrid(v.solution, e.solutions[0]), e.name).toBe(true);
}

// ------------------------------------------------------------------------------------------------

describe('nonogram corpus (known answers)', () => {
  it('has enough entries of each kind and a range of sizes', () => {
    const by = (k: Expected): number => CORPUS.filter((e) => e.expected === k).length;
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(by('unique')).toBeGreaterThanOrEqual(8);
    expect(by('multiple')).toBeGreaterThanOrEqual(8);
    expect(by('none')).toBeGreaterThanOrEqual(8);
    expect(new Set(CORPUS.map((e) => e.name)).size).toBe(CORPUS.length);
    expect(CORPUS.some((e) => e.puzzle.width === 1 && e.puzzle.height === 1)).toBe(true);
    expect(CORPUS.some((e) => e.puzzle.width === 25 && e.puzzle.height === 25)).toBe(true);
    expect(CORPUS.filter((e) => e.puzzle.width !== e.puzzle.height).length).toBeGreaterThanOrEqual(8);
    for (const k of ['unique', 'multiple', 'none'] as const) {
      expect(
        CORPUS.some((e) => e.expected === k && e.puzzle.width * e.puzzle.height >= 400),
        `a large ${k}`,
      ).toBe(true);
    }
  });

  it('every puzzle passes the validating constructor unchanged', () => {
    for (const e of CORPUS) {
      const p = unwrap(makeNonogram(e.puzzle.width, e.puzzle.height, e.puzzle.rows, e.puzzle.cols));
      expect([p.rows, p.cols], e.name).toEqual([e.puzzle.rows, e.puzzle.cols]);
    }
  });

  for (const e of CORPUS) {
    it(`${e.name}: ${e.expected} (${e.why})`, () => {
      const p = e.puzzle;
      for (const s of e.solutions ?? []) expect(checkGrid(p, s), 'stored solution fits the clues').toBe(true);
      const all = enumerate(p);
      if (p.width * p.height <= 36) expect(all, 'small entries are enumerated').not.toBeNull();
      if (all) {
        // Exhaustive: the exact count.
        expect(kindOfCount(all.length)).toBe(e.expected);
        if (e.count !== undefined) expect(all.length).toBe(e.count);
        if (e.expected === 'unique' && e.solutions) expect(sameGrid(all[0], e.solutions[0])).toBe(true);
        return;
      }
      expect(e.count, 'counts are only claimed for enumerated entries').toBeUndefined();
      // Larger entries: a certificate, then the reference search agrees.
      const ls = refLineSolve(p);
      if (e.expected === 'unique') {
        expect(e.solutions?.length).toBe(1);
        if (ls.status === 'solved') expect(sameGrid(ls.grid, e.solutions![0])).toBe(true);
        else expect(ls.status).toBe('stuck');
      } else if (e.expected === 'multiple') {
        const sols = e.solutions ?? [];
        expect(sols.length).toBeGreaterThanOrEqual(2);
        expect(sameGrid(sols[0], sols[1])).toBe(false);
      } else {
        expect(total(p.rows) !== total(p.cols) || ls.status === 'contradiction').toBe(true);
      }
      expect(kindOfCount(refSearchCount(p, 2))).toBe(e.expected);
    });
  }
});

describe('CNF encoding', () => {
  const small = unwrap(makeNonogram(3, 2, [[2], [1, 1]], [[2], [1], [1]]));

  it('numbers the cells 1..W*H row-major', () => {
    for (const encoding of CNF_ENCODINGS) {
      const cnf = encodeCnf(small, { encoding });
      expect(cnf.cellVar(0, 0)).toBe(1);
      expect(cnf.cellVar(0, 2)).toBe(3);
      expect(cnf.cellVar(1, 0)).toBe(4);
      expect(cnf.cellVar(1, 2)).toBe(6);
      expect(() => cnf.cellVar(2, 0)).toThrow(RangeError);
      expect(() => cnf.cellVar(0, 3)).toThrow(RangeError);
      expect(cnf.numVars).toBeGreaterThanOrEqual(6);
      for (const cl of cnf.clauses) {
        expect(cl.length).toBeGreaterThan(0);
        for (const l of cl) expect(Number.isInteger(l) && l !== 0 && Math.abs(l) <= cnf.numVars).toBe(true);
      }
    }
  });

  it('forces empty lines empty with unit clauses', () => {
    const p = unwrap(makeNonogram(2, 2, [[], [1]], [[1], []]));
    const cnf = encodeCnf(p);
    for (const v of [1, 2, 4]) expect(cnf.clauses).toContainEqual([-v]);
  });

  it('modelToGrid and blockingClause work on cell variables only', () => {
    const g = modelToGrid([1, -2, -3, 4, 5, -6, 7, 8, -9], small);
    expect(Array.from(g)).toEqual([1, 0, 0, 1, 1, 0]);
    expect(Array.from(modelToGrid([2, 6], small))).toEqual([0, 1, 0, 0, 0, 1]);
    expect(blockingClause(Uint8Array.from([1, 0, 0, 1, 1, 0]))).toEqual([-1, 2, 3, -4, -5, 6]);
  });

  it('a clue too long for its line (not constructible, tolerated) gives an unsatisfiable formula', () => {
    const bad: Nonogram = { width: 2, height: 1, rows: [[3]], cols: [[1], [1]] };
    for (const encoding of CNF_ENCODINGS) {
      expect(encodeCnf(bad, { encoding }).clauses).toEqual(expect.arrayContaining([[1], [-1]]));
      expect(satCountLogicSolver(bad, { encoding }).kind).toBe('none');
    }
  });

  it('exports DIMACS that parses back to the same formula', () => {
    for (const e of CORPUS.filter((x) => x.puzzle.width * x.puzzle.height <= 400)) {
      for (const encoding of CNF_ENCODINGS) {
        const cnf = encodeCnf(e.puzzle, { encoding });
        const text = toDimacs(cnf, [`corpus: ${e.name}`, 'two\nlines']);
        const lines = text.trimEnd().split('\n');
        expect(lines.slice(0, 3)).toEqual([`c corpus: ${e.name}`, 'c two', 'c lines']);
        const header = lines[3].split(/\s+/);
        expect(header.slice(0, 2)).toEqual(['p', 'cnf']);
        expect(Number(header[2])).toBe(cnf.numVars);
        expect(Number(header[3])).toBe(cnf.clauses.length);
        const body = lines.slice(4).map((l) => l.trim().split(/\s+/).map(Number));
        expect(body.length).toBe(cnf.clauses.length);
        for (const cl of body) expect(cl[cl.length - 1]).toBe(0);
        expect(body.map((cl) => cl.slice(0, -1))).toEqual(cnf.clauses);
        let maxVar = 0;
        for (const cl of body) for (const l of cl) maxVar = Math.max(maxVar, Math.abs(l));
        expect(maxVar).toBeLessThanOrEqual(cnf.numVars);
      }
    }
  });

  it('stays compact: order encoding of the 25x25 corpus entries', () => {
    for (const e of CORPUS.filter((x) => x.puzzle.width === 25 && x.puzzle.height === 25)) {
      const order = cnfSize(encodeCnf(e.puzzle));
      const direct = cnfSize(encodeCnf(e.puzzle, { encoding: 'direct' }));
      expect(order.clauses, e.name).toBeLessThan(40_000);
      expect(order.clauses, e.name).toBeLessThanOrEqual(direct.clauses);
      for (const cl of encodeCnf(e.puzzle).clauses) expect(cl.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('SAT witness: logic-solver (MiniSat in JS)', () => {
  it('reproduces every expected verdict of the corpus', () => {
    for (const e of CORPUS) expectMatches(e, satCountLogicSolver(e.puzzle));
  });

  it('the direct encoding agrees with the order encoding on the corpus (npm test: every third entry)', () => {
    for (const e of sample(CORPUS, (_, k) => k % 3 === 0)) expectMatches(e, satCountLogicSolver(e.puzzle, { encoding: 'direct' }));
  });

  it('enumerates exactly the known number of solutions', () => {
    for (const e of CORPUS.filter((x) => x.count !== undefined && x.count >= 2)) {
      const v = satCountLogicSolver(e.puzzle, { limit: e.count! + 1 });
      expect(verdictSolutions(v).length, e.name).toBe(e.count);
    }
  });

  it('a node budget (SAT calls) or a spent deadline gives inconclusive, never a wrong answer', () => {
    const twoSols = CORPUS.find((e) => e.name === '2x2 diagonal')!.puzzle;
    const v = satCountLogicSolver(twoSols, { budget: { maxNodes: 1 } });
    expect(v.kind).toBe('inconclusive');
    expect(v.stop).toBe('node-limit');
    expect(verdictSolutions(v).length).toBe(1);
    const d = satCountLogicSolver(CORPUS.find((e) => e.name === '25x25 castle')!.puzzle, { budget: { deadlineMs: 0 } });
    expect(d).toMatchObject({ kind: 'inconclusive', stop: 'deadline', found: [] });
    expect(satCountLogicSolver(twoSols, { budget: { signal: { aborted: true } } })).toMatchObject({ kind: 'inconclusive', stop: 'cancelled' });
  });

  it('rejects limits below 2 and reports SAT calls as nodes', async () => {
    const p = CORPUS[0].puzzle;
    expect(() => satCountLogicSolver(p, { limit: 1 })).toThrow(RangeError);
    const v = satCountLogicSolver(CORPUS.find((e) => e.name === '3x3 plus')!.puzzle);
    expect(v.kind).toBe('unique');
    expect(v.stats.nodes).toBe(2); // one call finds it, one proves there is no other
    expect((await satCount(p)).kind).toBe('unique');
  });
});

const binaries = availableBinaries();
for (const bin of ['cadical', 'minisat'] as SatBinary[]) {
  const available = binaries.includes(bin);
  if (!available) console.log(`note: ${bin} is not installed; its SAT witness tests are skipped (apt-get install ${bin})`);
  describe(`SAT witness: ${bin} binary`, () => {
    // npm test runs the corpus on cadical; the long suite (test/long.ts) on each binary.
    it.skipIf(!available || (!LONG && bin !== 'cadical'))('reproduces every expected verdict of the corpus', async () => {
      // A few processes at a time: each SAT call is one run of the binary.
      const queue = CORPUS.slice();
      const worker = async (): Promise<void> => {
        for (let e = queue.shift(); e; e = queue.shift()) expectMatches(e, await satCountBinary(e.puzzle, bin));
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
    });

    it.skipIf(!available)('enumerates exactly the known number of solutions', async () => {
      const e = CORPUS.find((x) => x.name === '3x3 permutations')!;
      const v = await satCount(e.puzzle, bin, { limit: 10 });
      expect(verdictSolutions(v).length).toBe(6);
    });

    it.skipIf(!available)('a deadline kills the process: inconclusive with stop deadline', async () => {
      // Pigeonhole 11 -> 10 is hard for resolution; no solver answers it in 300 ms.
      const r = await solveDimacs(bin, pigeonhole(11, 10), { timeoutMs: 300 });
      expect(r).toEqual({ status: 'stopped', stop: 'deadline' });
      const signal = { aborted: false };
      setTimeout(() => (signal.aborted = true), 100);
      expect(await solveDimacs(bin, pigeonhole(11, 10), { signal })).toEqual({ status: 'stopped', stop: 'cancelled' });
      const v = await satCountBinary(CORPUS.find((e) => e.name === '25x25 castle')!.puzzle, bin, { budget: { deadlineMs: 0 } });
      expect(v).toMatchObject({ kind: 'inconclusive', stop: 'deadline' });
    });
  });
}

/** DIMACS for the pigeonhole principle: p pigeons into h holes (unsatisfiable when p > h). */
function pigeonhole(p: number, h: number): string {
  const v = (i: number, j: number): number => i * h + j + 1;
  const clauses: number[][] = [];
  for (let i = 0; i < p; i++) clauses.push(Array.from({ length: h }, (_, j) => v(i, j)));
  for (let j = 0; j < h; j++) for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) clauses.push([-v(a, j), -v(b, j)]);
  return toDimacs({ numVars: p * h, clauses });
}

describe('SAT witness: properties over random grids', () => {
  const gridArb = (maxSide: number, maxCells: number) =>
    fc
      .tuple(fc.integer({ min: 1, max: maxSide }), fc.integer({ min: 1, max: maxSide }), fc.integer({ min: 0, max: 100 }))
      .filter(([w, h]) => w * h <= maxCells)
      .chain(([w, h, density]) =>
        fc.tuple(
          fc.constant(w),
          fc.constant(h),
          fc.array(fc.integer({ min: 0, max: 99 }), { minLength: w * h, maxLength: w * h }).map((xs) => Uint8Array.from(xs, (x) => (x < density ? 1 : 0))),
        ),
      );

  it('the puzzle of a random grid is satisfiable and SAT solutions verify (up to 10x10)', () => {
    fc.assert(
      fc.property(gridArb(10, 100), ([w, h, grid]) => {
        const p = cluesOf(grid, w, h);
        const v = satCountLogicSolver(p);
        expect(v.kind === 'unique' || v.kind === 'multiple').toBe(true);
        for (const s of verdictSolutions(v)) expect(verifySolution(p, s).ok).toBe(true);
        if (v.kind === 'unique') expect(sameGrid(v.solution, grid)).toBe(true);
      }),
      { seed: 20240611, numRuns: 60 },
    );
  });

  it('the SAT count equals the exhaustive count for W*H <= 16, both encodings', () => {
    fc.assert(
      fc.property(gridArb(8, 16), fc.constantFrom(...CNF_ENCODINGS), ([w, h, grid], encoding) => {
        const p = cluesOf(grid, w, h);
        const all = enumerate(p, Infinity, Infinity)!;
        expect(all.length).toBeGreaterThanOrEqual(1);
        const v = satCountLogicSolver(p, { limit: Math.max(2, all.length + 1), encoding });
        expect(v.kind).toBe(kindOfCount(all.length));
        const sols = verdictSolutions(v);
        expect(sols.length).toBe(all.length);
        const key = (g: Uint8Array): string => g.join('');
        expect(new Set(sols.map(key))).toEqual(new Set(all.map(key)));
      }),
      { seed: 7031, numRuns: LONG ? 150 : 50 },
    );
  });

  it('mixed clue sets (rows of one grid, columns of another): SAT agrees with enumeration, none included', () => {
    let nones = 0;
    fc.assert(
      fc.property(gridArb(5, 16), fc.integer({ min: 0, max: 2 ** 16 - 1 }), ([w, h, g1], bits) => {
        const g2 = Uint8Array.from({ length: w * h }, (_, i) => (bits >> i) & 1);
        const p: Nonogram = { width: w, height: h, rows: cluesOf(g1, w, h).rows, cols: cluesOf(g2, w, h).cols };
        const all = enumerate(p, 3, Infinity)!;
        if (all.length === 0) nones++;
        const v = satCountLogicSolver(p);
        expect(v.kind).toBe(kindOfCount(all.length));
        for (const s of verdictSolutions(v)) expect(verifySolution(p, s).ok).toBe(true);
      }),
      { seed: 99, numRuns: LONG ? 150 : 60 },
    );
    expect(nones).toBeGreaterThan(LONG ? 10 : 4);
  });
});
