import { describe, expect, it } from 'vitest';
import { Meter } from '../../core/budget.ts';
import { Rng } from '../../core/rng.ts';
import { CdclSolver } from '../../core/sat.ts';
import { cellBeliefs, lineMarginals, startExclusions, startPhases } from './belief.ts';
import { cluesOf, lineClue } from './puzzle.ts';
import { encodeCnf, startAtOrBefore, TRUE_LIT, type OrderLine } from './cnf.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram } from './types.ts';
import { partialGrid, randomGrid } from '../../../test/random.ts';

/** Every filling of a line of n cells with its blocks (start, length), for brute force. */
function fillings(n: number): { cells: number[]; clue: number[]; starts: number[] }[] {
  const out: { cells: number[]; clue: number[]; starts: number[] }[] = [];
  for (let m = 0; m < 1 << n; m++) {
    const cells = Array.from({ length: n }, (_, i) => (m >> i) & 1);
    const starts: number[] = [];
    for (let i = 0; i < n; i++) if (cells[i] === 1 && (i === 0 || cells[i - 1] === 0)) starts.push(i);
    out.push({ cells, clue: lineClue(cells), starts });
  }
  return out;
}

const sameClue = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

describe('lineMarginals', () => {
  it('matches brute-force enumeration of weighted completions (cells and block starts)', () => {
    const rng = new Rng('line-marginals');
    for (let t = 0; t < 300; t++) {
      const n = 1 + rng.int(9);
      const all = fillings(n);
      const clue = all[rng.int(all.length)].clue;
      // weights: some cells known (0 or 1), the rest fractional
      const q = Array.from({ length: n }, () => {
        const k = rng.int(6);
        return k === 0 ? 0 : k === 1 ? 1 : (1 + rng.int(99)) / 100;
      });
      let Z = 0;
      const filled = new Array<number>(n).fill(0);
      const starts = clue.map(() => new Array<number>(n).fill(0));
      for (const f of all) {
        if (!sameClue(f.clue, clue)) continue;
        let w = 1;
        for (let i = 0; i < n; i++) w *= f.cells[i] === 1 ? q[i] : 1 - q[i];
        Z += w;
        for (let i = 0; i < n; i++) if (f.cells[i] === 1) filled[i] += w;
        f.starts.forEach((s, j) => (starts[j][s] += w));
      }
      const m = lineMarginals(clue, q);
      if (Z === 0) {
        expect(m).toBeNull();
        continue;
      }
      expect(m).not.toBeNull();
      for (let i = 0; i < n; i++) expect(m!.filled[i]).toBeCloseTo(filled[i] / Z, 9);
      for (let j = 0; j < clue.length; j++) for (let s = 0; s < n; s++) expect(m!.starts[j][s]).toBeCloseTo(starts[j][s] / Z, 9);
    }
  });

  it('an empty clue forces every cell empty; a clue that cannot fit has no completion', () => {
    expect(Array.from(lineMarginals([], [0.3, 0.9])!.filled)).toEqual([0, 0]);
    expect(lineMarginals([], [1, 0.5])).toBeNull();
    expect(lineMarginals([2, 2], [0.5, 0.5, 0.5, 0.5])).toBeNull();
  });
});

/** Brute force: the (block, start) pairs some completion of the line allows under the known cells. */
function feasibleStarts(line: OrderLine, grid: ArrayLike<number>): Set<string> {
  const n = line.cells.length;
  const ok = new Set<string>();
  for (const f of fillings(n)) {
    if (!sameClue(f.clue, line.clue)) continue;
    const fits = line.cells.every((v, t) => grid[v - 1] === UNKNOWN || (grid[v - 1] === FILLED) === (f.cells[t] === 1));
    if (fits) f.starts.forEach((s, j) => ok.add(`${j}:${s}`));
  }
  return ok;
}

/** Number of models of a CNF over its first `cells` variables (blocking clauses enumerate them). */
function countCellModels(clauses: readonly number[][], cells: number, limit = 200): number {
  const s = new CdclSolver(cells);
  for (const c of clauses) s.addClause(c);
  let count = 0;
  while (count < limit && s.solve(new Meter()) === 'sat') {
    count++;
    const block: number[] = [];
    for (let v = 1; v <= cells; v++) block.push(s.modelValue(v) ? -v : v);
    s.addClause(block);
  }
  return count;
}

describe('startExclusions', () => {
  it('rules out exactly the block starts that no completion allows, and keeps every solution', () => {
    const rng = new Rng('start-exclusions');
    let excluded = 0;
    for (let t = 0; t < 40; t++) {
      const w = 3 + rng.int(4);
      const h = 3 + rng.int(4);
      const sol = randomGrid(rng, w, h, 55);
      const p = cluesOf(sol, w, h);
      const grid = partialGrid(rng, sol, 35);
      const cnf = encodeCnf(p);
      for (const line of cnf.lines) {
        const feasible = feasibleStarts(line, grid);
        const clauses = startExclusions([line], grid);
        // the expected clause for every infeasible start that has a variable on either side
        const want: string[] = [];
        for (let j = 0; j < line.clue.length; j++) {
          for (let s = line.lo[j]; s <= line.lo[j] + line.slack; s++) {
            if (feasible.has(`${j}:${s}`)) continue;
            const lits = [-startAtOrBefore(line, j, s), startAtOrBefore(line, j, s - 1)].filter((l) => l !== -TRUE_LIT);
            if (lits.includes(TRUE_LIT)) continue;
            want.push(lits.join(' '));
          }
        }
        expect(clauses.map((c) => c.join(' ')).sort()).toEqual(want.sort());
        excluded += clauses.length;
      }
      // implied: the solutions consistent with the known cells are the same with the clauses added
      const units = Array.from(grid, (g, i) => (g === FILLED ? [i + 1] : g === EMPTY ? [-(i + 1)] : [])).filter((c) => c.length > 0);
      const base = [...cnf.clauses, ...units];
      expect(countCellModels([...base, ...startExclusions(cnf.lines, grid)], w * h)).toBe(countCellModels(base, w * h));
    }
    expect(excluded).toBeGreaterThan(0);
  });
});

describe('cellBeliefs', () => {
  const knot: Nonogram = cluesOf(Uint8Array.from([1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1]), 4, 4);

  it('gives known cells exactly and every belief within [0, 1], the same on every run', () => {
    const rng = new Rng('beliefs');
    for (let t = 0; t < 10; t++) {
      const sol = randomGrid(rng, 10, 10, 50);
      const p = cluesOf(sol, 10, 10);
      const grid = partialGrid(rng, sol, 30);
      const b = cellBeliefs(p, grid);
      expect(Array.from(cellBeliefs(p, grid))).toEqual(Array.from(b));
      for (let i = 0; i < b.length; i++) {
        expect(b[i]).toBeGreaterThanOrEqual(0);
        expect(b[i]).toBeLessThanOrEqual(1);
        if (grid[i] !== UNKNOWN) expect(b[i]).toBe(grid[i] === FILLED ? 1 : 0);
      }
    }
    const full = Uint8Array.from([1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1], (x) => (x === 1 ? FILLED : EMPTY));
    expect(Array.from(cellBeliefs(knot, full))).toEqual([1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1]);
  });

  it('leans towards the picture: from no known cell, most beliefs round to the planted picture', () => {
    const rng = new Rng('lean');
    let agree = 0;
    let total = 0;
    for (let t = 0; t < 5; t++) {
      const sol = randomGrid(rng, 15, 15, 60);
      const p = cluesOf(sol, 15, 15);
      const b = cellBeliefs(p, new Uint8Array(225));
      for (let i = 0; i < 225; i++) {
        total++;
        if ((b[i] > 0.5 ? 1 : 0) === sol[i]) agree++;
      }
    }
    expect(agree / total).toBeGreaterThan(0.8);
  });

  it('a stopped meter ends the rounds early', () => {
    const meter = new Meter({ maxNodes: 0 });
    meter.tick(1);
    const b = cellBeliefs(knot, new Uint8Array(16), { meter });
    expect(Array.from(b)).toEqual(new Array(16).fill(0.5));
  });
});

describe('startPhases', () => {
  it('hints the starts of the solution when the beliefs are the solution', () => {
    const rng = new Rng('start-phases');
    for (let t = 0; t < 10; t++) {
      const sol = randomGrid(rng, 8, 8, 50);
      const p = cluesOf(sol, 8, 8);
      const cnf = encodeCnf(p);
      const s = new CdclSolver(cnf.numVars);
      for (const c of cnf.clauses) s.addClause(c);
      for (let i = 0; i < 64; i++) s.addClause([sol[i] === 1 ? i + 1 : -(i + 1)]);
      expect(s.solve(new Meter())).toBe('sat');
      const hints = startPhases(cnf.lines, new Uint8Array(64), Float64Array.from(sol));
      expect(hints.length).toBeGreaterThan(0);
      for (const [v, value] of hints) expect(value).toBe(s.modelValue(v));
    }
  });
});
