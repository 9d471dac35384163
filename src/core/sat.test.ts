import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Meter } from './budget.ts';
import { CdclSolver } from './sat.ts';

type Cnf = number[][];

function satisfies(cnf: Cnf, assign: (v: number) => boolean): boolean {
  return cnf.every((cl) => cl.some((l) => assign(Math.abs(l)) === l > 0));
}

/** Number of models over variables 1..n, by enumeration. */
function bruteCount(cnf: Cnf, n: number): number {
  let count = 0;
  for (let m = 0; m < 1 << n; m++) if (satisfies(cnf, (v) => ((m >> (v - 1)) & 1) === 1)) count++;
  return count;
}

/** Counts models with the CDCL solver by blocking each model found (over variables 1..n). */
function cdclCount(cnf: Cnf, n: number, cap = Infinity): { count: number; modelsOk: boolean } {
  const s = new CdclSolver(n);
  for (const cl of cnf) s.addClause(cl);
  let count = 0;
  let modelsOk = true;
  while (count < cap) {
    const st = s.solve(new Meter());
    if (st !== 'sat') break;
    count++;
    if (!satisfies(cnf, (v) => s.modelValue(v))) modelsOk = false;
    const block: number[] = [];
    for (let v = 1; v <= n; v++) block.push(s.modelValue(v) ? -v : v);
    if (!s.addClause(block)) break;
  }
  return { count, modelsOk };
}

/** Pigeonhole: p pigeons in h holes (unsatisfiable when p > h). Variable of (i, j) is i*h + j + 1. */
function pigeonhole(p: number, h: number): Cnf {
  const cnf: Cnf = [];
  const x = (i: number, j: number) => i * h + j + 1;
  for (let i = 0; i < p; i++) cnf.push(Array.from({ length: h }, (_, j) => x(i, j)));
  for (let j = 0; j < h; j++) for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) cnf.push([-x(a, j), -x(b, j)]);
  return cnf;
}

const cnfArb = (maxVars: number) =>
  fc.integer({ min: 1, max: maxVars }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      cnf: fc.array(
        fc.array(
          fc.integer({ min: 1, max: n }).chain((v) => fc.constantFrom(v, -v)),
          { minLength: 1, maxLength: 4 },
        ),
        { minLength: 0, maxLength: 5 * n },
      ),
    }),
  );

describe('CdclSolver', () => {
  it('agrees with enumeration on random formulas: same satisfiability, and every model satisfies', () => {
    fc.assert(
      fc.property(cnfArb(10), ({ n, cnf }) => {
        const s = new CdclSolver(n);
        for (const cl of cnf) s.addClause(cl);
        const st = s.solve(new Meter());
        const brute = bruteCount(cnf, n);
        if (brute === 0) return st === 'unsat';
        return st === 'sat' && satisfies(cnf, (v) => s.modelValue(v));
      }),
      { numRuns: 400 },
    );
  });

  it('enumerates exactly the models, incrementally, with blocking clauses', () => {
    fc.assert(
      fc.property(cnfArb(8), ({ n, cnf }) => {
        const { count, modelsOk } = cdclCount(cnf, n);
        return modelsOk && count === bruteCount(cnf, n);
      }),
      { numRuns: 200 },
    );
  });

  it('counts the models of known formulas', () => {
    // x1 xor x2 xor x3 (4 models), at-most-one of 4 (5 models), a chain of implications (n + 1 models)
    const xor3 = [
      [1, 2, 3],
      [1, -2, -3],
      [-1, 2, -3],
      [-1, -2, 3],
    ];
    expect(cdclCount(xor3, 3).count).toBe(4);
    const amo: Cnf = [];
    for (let a = 1; a <= 4; a++) for (let b = a + 1; b <= 4; b++) amo.push([-a, -b]);
    expect(cdclCount(amo, 4).count).toBe(5);
    const chain: Cnf = [];
    for (let v = 1; v < 12; v++) chain.push([-v, v + 1]);
    expect(cdclCount(chain, 12).count).toBe(13);
  });

  it('proves pigeonhole formulas unsatisfiable and satisfies the ones with room', () => {
    expect(new CdclSolverFrom(pigeonhole(7, 6)).solve(new Meter())).toBe('unsat');
    const s = new CdclSolverFrom(pigeonhole(6, 6));
    expect(s.solve(new Meter())).toBe('sat');
    expect(satisfies(pigeonhole(6, 6), (v) => s.modelValue(v))).toBe(true);
  });

  it('stops on the budget with status stopped, and counts nodes', () => {
    const s = new CdclSolverFrom(pigeonhole(10, 9));
    const meter = new Meter({ maxNodes: 200 });
    expect(s.solve(meter)).toBe('stopped');
    expect(meter.stopped).toBe('node-limit');
    const aborted = new CdclSolverFrom(pigeonhole(10, 9)).solve(new Meter({ signal: { aborted: true } }));
    expect(aborted).toBe('stopped');
  });

  it('an empty clause or contradictory units make the formula unsatisfiable', () => {
    const s = new CdclSolver(2);
    expect(s.addClause([1])).toBe(true);
    expect(s.addClause([-1])).toBe(false);
    expect(s.solve(new Meter())).toBe('unsat');
    expect(new CdclSolverFrom([[]]).solve(new Meter())).toBe('unsat');
  });

  it('follows the phases it is given when they satisfy the formula', () => {
    const s = new CdclSolver(20);
    for (let v = 1; v < 20; v++) s.addClause([v, v + 1]);
    for (let v = 1; v <= 20; v++) s.setPhase(v, v % 2 === 0);
    expect(s.solve(new Meter())).toBe('sat');
    for (let v = 1; v <= 20; v++) expect(s.modelValue(v)).toBe(v % 2 === 0);
  });

  it('a forced phase outranks the saved one, lasts across models, and can be lifted', () => {
    const s = new CdclSolver(10);
    s.addClause([1, 2, 3]);
    for (let v = 1; v <= 10; v++) {
      s.setPhase(v, true);
      s.forcePhase(v, false);
    }
    // all-false violates the one clause: the solver must flip one of 1..3 and keep the rest forced
    expect(s.solve(new Meter())).toBe('sat');
    for (let v = 4; v <= 10; v++) expect(s.modelValue(v)).toBe(false);
    expect([1, 2, 3].filter((v) => s.modelValue(v))).toHaveLength(1);
    // a second model (block the first): forced phases still rule the free variables
    s.addClause(
      s
        .modelTrue()
        .map((v) => -v)
        .concat([4]),
    );
    expect(s.solve(new Meter())).toBe('sat');
    for (let v = 5; v <= 10; v++) expect(s.modelValue(v)).toBe(false);
    // lifted: the saved phase (the last model's values) applies again, so nothing changes...
    for (let v = 5; v <= 10; v++) s.forcePhase(v, null);
    s.setPhase(10, true);
    expect(s.solve(new Meter())).toBe('sat');
    // ...except variable 10, whose saved phase was set to true
    expect(s.modelValue(10)).toBe(true);
  });

  it('rejects literal 0 and non-integers', () => {
    const s = new CdclSolver(2);
    expect(() => s.addClause([0])).toThrow(RangeError);
    expect(() => s.addClause([1.5])).toThrow(RangeError);
  });
});

class CdclSolverFrom extends CdclSolver {
  constructor(cnf: Cnf) {
    super(0);
    for (const cl of cnf) this.addClause(cl);
  }
}
