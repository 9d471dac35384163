import { describe, expect, it } from 'vitest';
import { Meter } from '../../core/budget.ts';
import { unwrap } from '../../core/result.ts';
import { CdclSolver } from '../../core/sat.ts';
import { CLAUSE_FAMILIES, edgematchCnf, makeDimacs, type EdgematchCnf } from './cnf.ts';
import { generatePlanted } from './planted.ts';
import { makeInstance, neighbour, verifyBoard } from './puzzle.ts';
import type { Board, Instance, Piece } from './types.ts';
import { edgematchModel } from './xcc-model.ts';

/** The engine's own CDCL solver on the CNF, with extra unit clauses; the board of a model or the status. */
function solveWith(cnf: EdgematchCnf, units: number[] = []): Board | 'unsat' {
  const s = new CdclSolver(cnf.numVars);
  for (const cl of cnf.clauses) s.addClause(cl);
  for (const u of units) s.addClause([u]);
  const st = s.solve(new Meter({}));
  if (st === 'stopped') throw new Error('stopped without a budget');
  return st === 'sat' ? cnf.decode(s.modelTrue()) : 'unsat';
}

/** The instance with one non-grey side of one piece changed to a colour no other side has: no solution. */
function broken(inst: Instance): Instance {
  const fresh = Math.max(...inst.pieces.flat()) + 1;
  const p = inst.pieces.findIndex((q) => q.every((c) => c !== 0));
  const k = Math.max(p, 0);
  const d = inst.pieces[k].findIndex((c) => c !== 0);
  const pieces = inst.pieces.map((q, i) => (i === k ? (q.map((c, e) => (e === d ? fresh : c)) as unknown as Piece) : q));
  return unwrap(makeInstance(inst.width, inst.height, pieces));
}

describe('edge matching as CNF', () => {
  it('has one placement variable per frame-fitting (cell, piece, rotation), in the XCC model order', () => {
    const { instance } = unwrap(generatePlanted({ width: 4, height: 3, borderColours: 2, interiorColours: 3, clues: 0 }, 'layout'));
    const cnf = edgematchCnf(instance);
    const m = edgematchModel(instance);
    expect(cnf.layout.placements).toBe(m.problem.optionCount);
    expect(Array.from(cnf.cell)).toEqual(Array.from(m.cell));
    expect(Array.from(cnf.piece)).toEqual(Array.from(m.piece));
    expect(Array.from(cnf.rotation)).toEqual(Array.from(m.rotation));
    for (let k = 0; k < cnf.layout.placements; k++) expect(cnf.varOf(cnf.cell[k], cnf.piece[k], cnf.rotation[k])).toBe(k + 1);
    const { placements, pairs, diamonds, auxiliaries } = cnf.layout;
    expect(cnf.numVars).toBe(placements + pairs + diamonds + auxiliaries);
    // 2 interior cells, 2 interior pieces: 4 pairs with 4 rotations each.
    expect(pairs).toBe(4);
    expect(CLAUSE_FAMILIES.reduce((s, f) => s + cnf.families[f], 0)).toBe(cnf.clauses.length);
    expect(cnf.families['cell-alo']).toBe(12);
    expect(cnf.families['piece-alo']).toBe(12);
    expect(cnf.families.clue).toBe(0);
    // One diamond clause per placement and side off the rim.
    let sides = 0;
    for (let k = 0; k < placements; k++) for (let d = 0; d < 4; d++) if (neighbour(4, 3, cnf.cell[k], d) >= 0) sides++;
    expect(cnf.families.diamond).toBe(sides);
    for (const cl of cnf.clauses) for (const l of cl) expect(Math.abs(l)).toBeGreaterThanOrEqual(1), expect(Math.abs(l)).toBeLessThanOrEqual(cnf.numVars);
  });

  it('the planted board is a model (the engine CDCL solver finds it when its placements are fixed), the broken instance has none', () => {
    for (const [w, h, seed] of [
      [3, 3, 'a'],
      [4, 4, 'b'],
      [5, 3, 'c'],
      [6, 6, 'd'],
    ] as const) {
      const { instance, solution } = unwrap(generatePlanted({ width: w, height: h, borderColours: 3, interiorColours: 6, clues: 2 }, seed));
      const cnf = edgematchCnf(instance);
      const units = solution.map((pl, c) => cnf.varOf(c, pl.piece, pl.rotation));
      expect(units.every((v) => v > 0)).toBe(true);
      expect(solveWith(cnf, units)).toEqual(solution);
      const free = solveWith(cnf);
      expect(free).not.toBe('unsat');
      if (free !== 'unsat') expect(verifyBoard(instance, free).ok).toBe(true);
      expect(solveWith(edgematchCnf(broken(instance)))).toBe('unsat');
      expect(solveWith(edgematchCnf(broken(instance), { redundant: false }))).toBe('unsat');
    }
  });

  it('blocks exactly the board it is given, and decodes literals or true variables alike', () => {
    const { instance, solution } = unwrap(generatePlanted({ width: 3, height: 3, borderColours: 2, interiorColours: 2, clues: 0 }, 'block'));
    const cnf = edgematchCnf(instance);
    const block = cnf.block(solution);
    expect(block.length).toBe(9);
    expect(block.every((l) => l < 0)).toBe(true);
    expect(cnf.decode(block.map((l) => -l))).toEqual(solution);
    expect(cnf.decode([...block.map((l) => -l), ...block.map((l) => -l - 1000)])).toEqual(solution);
    expect(() => cnf.block(solution.map((p, c) => (c === 4 ? null : p)))).toThrow(/empty cell/);
    const b = solveWith(cnf, []);
    expect(b).not.toBe('unsat');
    // With the found board blocked, the next model (if any) is another board.
    const s = new CdclSolver(cnf.numVars);
    for (const cl of cnf.clauses) s.addClause(cl);
    s.addClause(cnf.block(b as Board));
    if (s.solve(new Meter({})) === 'sat') expect(cnf.decode(s.modelTrue())).not.toEqual(b);
  });

  it('redundant clauses are optional and only add joint-alo and support clauses', () => {
    const { instance } = unwrap(generatePlanted({ width: 5, height: 4, borderColours: 2, interiorColours: 4, clues: 1 }, 'red'));
    const a = edgematchCnf(instance);
    const b = edgematchCnf(instance, { redundant: false });
    expect(b.families['joint-alo']).toBe(0);
    expect(b.families.support).toBe(0);
    expect(a.families['joint-alo']).toBeGreaterThan(0);
    expect(a.clauses.length - b.clauses.length).toBe(a.families['joint-alo'] + a.families.support);
    expect(a.numVars).toBe(b.numVars);
    expect(a.families.clue).toBe(1);
  });

  it('writes DIMACS with comment lines naming the instance', () => {
    const { instance } = unwrap(generatePlanted({ width: 3, height: 3, borderColours: 2, interiorColours: 2, clues: 1 }, 'dimacs'));
    const text = makeDimacs(instance);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^c proofgrid edgematch 3x3: 9 pieces, 1 clues$/);
    expect(lines[1]).toMatch(/^c id edgematch:3x3:\S+$/);
    const cnf = edgematchCnf(instance);
    expect(lines).toContain(`p cnf ${cnf.numVars} ${cnf.clauses.length}`);
  });
});
