import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../core/result.ts';
import { verdictSolutions } from '../../core/verdict.ts';
import { luby } from '../../core/grid.ts';
import { bestBacktrack, cellOrder, countBacktrack, solveBacktrack } from './backtrack.ts';
import { generatePlanted } from './planted.ts';
import { maxScore, scoreBoard, verifyBoard } from './puzzle.ts';
import type { Board, Instance, Piece } from './types.ts';

/** Boards as comparable text, sorted. */
const keys = (boards: Board[]): string[] => boards.map((b) => b.map((p) => `${p!.piece}:${p!.rotation}`).join(' ')).sort();

/**
 * Brute force, written plainly: every assignment of pieces and rotations to cells in order, cut as soon
 * as the independent verifier finds a problem on the partial board.
 */
function bruteCount(inst: Instance): string[] {
  const n = inst.width * inst.height;
  const out: Board[] = [];
  const board: ({ piece: number; rotation: 0 | 1 | 2 | 3 } | null)[] = new Array(n).fill(null);
  const used = new Array<boolean>(n).fill(false);
  const go = (cell: number): void => {
    if (cell === n) {
      if (verifyBoard(inst, board).ok) out.push(board.slice());
      return;
    }
    for (let p = 0; p < n; p++) {
      if (used[p]) continue;
      used[p] = true;
      for (const rotation of [0, 1, 2, 3] as const) {
        board[cell] = { piece: p, rotation };
        if (verifyBoard(inst, board, { partial: true }).ok) go(cell + 1);
      }
      used[p] = false;
    }
    board[cell] = null;
  };
  go(0);
  return keys(out);
}

/** A planted instance with one interior-facing colour of one piece changed to a colour no other side has. */
function broken(inst: Instance): Instance {
  const pieces = inst.pieces.map((p) => [...p] as [number, number, number, number]);
  const fresh = Math.max(...pieces.flat()) + 1;
  const k = pieces.findIndex((p) => p.some((c) => c !== 0));
  const d = pieces[k].findIndex((c) => c !== 0);
  pieces[k][d] = fresh;
  return { ...inst, pieces: pieces as Piece[] };
}

describe('edge-matching backtracker', () => {
  it('counts exactly what a brute-force enumeration finds, on random small boards (0, 1 and several solutions)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 1 }),
        fc.boolean(),
        fc.string({ maxLength: 4 }),
        (w, h, b, i, clues, breakIt, seed) => {
          const planted = unwrap(generatePlanted({ width: w, height: h, borderColours: b, interiorColours: i, clues }, seed)).instance;
          const inst = breakIt ? broken(planted) : planted;
          const v = countBacktrack(inst, { limit: 100_000 });
          const want = bruteCount(inst);
          expect(keys(verdictSolutions(countBacktrack(inst, { limit: 100_000, order: 'rows' })))).toEqual(want);
          const plain = countBacktrack(inst, { limit: 100_000, lookAhead: false });
          expect(keys(verdictSolutions(plain))).toEqual(want);
          // The look-ahead only skips placements the plain search would undo at the next cell.
          expect(v.stats.nodes).toBeLessThanOrEqual(plain.stats.nodes);
          seen.add(want.length === 0 ? 'none' : want.length === 1 ? 'unique' : 'multiple');
          expect(v.stop).toBe('completed');
          expect(keys(verdictSolutions(v))).toEqual(want);
          return true;
        },
      ),
      { seed: 11, numRuns: 120 },
    );
    expect([...seen].sort()).toEqual(['multiple', 'none', 'unique']);
  });

  it('proves a planted board unique or not with limit 2, and every solution passes the verifier', () => {
    let unique = 0;
    for (let s = 0; s < 20; s++) {
      const { instance, solution } = unwrap(generatePlanted({ width: 5, height: 5, borderColours: 3, interiorColours: 8, clues: 1 }, `u${s}`));
      const v = countBacktrack(instance);
      expect(v.stop).toBe('completed');
      expect(v.kind === 'unique' || v.kind === 'multiple').toBe(true);
      for (const b of verdictSolutions(v)) expect(verifyBoard(instance, b).ok).toBe(true);
      if (v.kind === 'unique') {
        unique++;
        expect(v.solution).toEqual(solution);
      }
    }
    expect(unique).toBeGreaterThan(0);
  });

  it('finds planted solutions with restarts, deterministically, and proves none when a restart exhausts its tree', () => {
    const { instance } = unwrap(generatePlanted({ width: 6, height: 6, borderColours: 3, interiorColours: 6, clues: 0 }, 'find'));
    const a = solveBacktrack(instance, { seed: 'x', restartBase: 100_000, budget: { maxNodes: 50_000_000 } });
    // The first restarts run to their caps and give up: the restarts are what finds it.
    expect(a.restarts).toBeGreaterThan(1);
    expect(a.kind).toBe('found');
    if (a.kind === 'found') expect(verifyBoard(instance, a.solution).ok).toBe(true);
    const b = solveBacktrack(instance, { seed: 'x', restartBase: 100_000, budget: { maxNodes: 50_000_000 } });
    expect(b).toMatchObject({ kind: a.kind, restarts: a.restarts, stats: { nodes: a.stats.nodes } });
    const none = solveBacktrack(broken(unwrap(generatePlanted({ width: 4, height: 4, borderColours: 2, interiorColours: 3, clues: 0 }, 'n')).instance));
    expect(none.kind).toBe('none');
  });

  it('running out of budget is inconclusive, never none', () => {
    const { instance } = unwrap(generatePlanted({ width: 14, height: 14, borderColours: 5, interiorColours: 22, clues: 0 }, 'big'));
    const v = countBacktrack(instance, { budget: { maxNodes: 20_000 } });
    expect(v).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
    expect(v.stats.nodes).toBeGreaterThanOrEqual(20_000);
    const s = solveBacktrack(instance, { budget: { maxNodes: 300_000 }, restartBase: 1000 });
    expect(s).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
    expect(s.restarts).toBeGreaterThan(1);
    const c = countBacktrack(instance, { budget: { signal: { aborted: true } } });
    expect(c).toMatchObject({ kind: 'inconclusive', stop: 'cancelled' });
  });

  it('best-score runs keep the best board, whose score the verifier recounts; mismatches only where the schedule allows', () => {
    const { instance } = unwrap(generatePlanted({ width: 10, height: 10, borderColours: 4, interiorColours: 12, clues: 0 }, 'best'));
    const exact = bestBacktrack(instance, { budget: { maxNodes: 200_000 }, restartBase: 20_000 });
    expect(exact.best.score).toBe(scoreBoard(instance, exact.best.board));
    // Exact runs only make matching placements: the best board is a partial board with no problem.
    expect(verifyBoard(instance, exact.best.board, { partial: true }).ok).toBe(true);
    const loose = bestBacktrack(instance, {
      budget: { maxNodes: 200_000 },
      restartBase: 20_000,
      order: 'rows',
      schedule: [...new Array(50).fill(0), ...new Array(50).fill(4)],
    });
    expect(loose.best.score).toBe(scoreBoard(instance, loose.best.board));
    expect(loose.best.score).toBeGreaterThan(exact.best.score);
    const check = verifyBoard(instance, loose.best.board, { partial: true });
    // Whatever is wrong is a mismatched joint, at most 4, none among the first 50 cells' joints.
    expect(check.problems.every((p) => p.kind === 'joint')).toBe(true);
    expect(check.problems.length).toBeLessThanOrEqual(4);
    for (const p of check.problems) if (p.kind === 'joint') expect(Math.max(p.cell, p.other)).toBeGreaterThanOrEqual(50);
    expect(loose.best.score).toBeLessThanOrEqual(maxScore(10, 10));
  });

  it('fills cells in growing squares (each after its west and north neighbours) or in scan rows', () => {
    for (const [w, h] of [
      [4, 4],
      [5, 3],
      [3, 6],
      [1, 4],
    ]) {
      const order = Array.from(cellOrder(w, h, 'shells'));
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: w * h }, (_, i) => i));
      const at = new Map(order.map((x, d) => [x, d]));
      for (const x of order) {
        if (x % w > 0) expect(at.get(x - 1)!).toBeLessThan(at.get(x)!);
        if (x >= w) expect(at.get(x - w)!).toBeLessThan(at.get(x)!);
      }
    }
    expect(Array.from(cellOrder(3, 3, 'shells'))).toEqual([0, 1, 3, 4, 2, 5, 6, 7, 8]);
    expect(Array.from(cellOrder(3, 2, 'rows'))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('restart caps follow the Luby sequence', () => {
    expect(Array.from({ length: 15 }, (_, k) => luby(k + 1))).toEqual([1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
  });
});
