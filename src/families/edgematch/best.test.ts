import { describe, expect, it } from 'vitest';
import { unwrap } from '../../core/result.ts';
import { bestOrder, bestScore, defaultSchedule, fromBoardProblem, type BestScoreResult } from './best.ts';
import { generatePlanted } from './planted.ts';
import { maxScore, scoreBoard, verifyBoard } from './puzzle.ts';
import type { Board, Instance } from './types.ts';

const planted = (w: number, h: number, interior: number, clues: number, seed: string): Instance =>
  unwrap(generatePlanted({ width: w, height: h, borderColours: 3, interiorColours: interior, clues }, seed)).instance;

/** A full board that is a permutation of the pieces, holds the clues, shows grey on the frame: every problem a joint. */
const isPermutation = (inst: Instance, b: Board): boolean => verifyBoard(inst, b).problems.every((p) => p.kind === 'joint');

const bestOf = (r: BestScoreResult): number | undefined => (r.kind === 'solved' ? r.score : r.best?.score);

describe('edge matching best-score engine', () => {
  it('orders visit every cell once, and the frame order places the rim first', () => {
    for (const [w, h] of [
      [2, 2],
      [2, 5],
      [5, 3],
      [6, 6],
    ]) {
      for (const name of ['rows', 'frame'] as const) {
        const o = Array.from(bestOrder(w, h, name));
        expect([...o].sort((a, b) => a - b)).toEqual(Array.from({ length: w * h }, (_, i) => i));
      }
      const frame = Array.from(bestOrder(w, h, 'frame'));
      const rim = (x: number): boolean => x < w || x >= w * (h - 1) || x % w === 0 || x % w === w - 1;
      const rimCount = Array.from({ length: w * h }, (_, x) => x).filter(rim).length;
      expect(frame.slice(0, rimCount).every(rim)).toBe(true);
    }
  });

  it('the default schedule is non-decreasing, zero early, and ends at a fifth of the joints', () => {
    const s = Array.from(defaultSchedule(16, 16));
    expect(s.every((v, i) => i === 0 || v >= s[i - 1])).toBe(true);
    expect(s[191]).toBe(0);
    expect(s[255]).toBe(96);
  });

  it('solves small planted boards, and every improvement is a full board scored as reported', () => {
    for (const order of ['rows', 'frame'] as const) {
      for (const seed of ['a', 'b', 'c']) {
        const inst = planted(5, 5, 4, 1, `best-${seed}`);
        const seen: number[] = [];
        const r = bestScore(inst, {
          seed,
          order,
          budget: { maxNodes: 2_000_000 },
          onImprove(score, board) {
            expect(board.every((c) => c !== null)).toBe(true);
            expect(isPermutation(inst, board)).toBe(true);
            expect(scoreBoard(inst, board)).toBe(score);
            seen.push(score);
          },
        });
        expect(r.kind).toBe('solved');
        if (r.kind !== 'solved') continue;
        expect(verifyBoard(inst, r.board).ok).toBe(true);
        expect(r.score).toBe(maxScore(5, 5));
        expect(seen.at(-1)).toBe(r.score);
        // Strictly better each time.
        expect(seen.every((v, i) => i === 0 || v > seen[i - 1])).toBe(true);
      }
    }
  });

  it('on a board with no perfect solution, stops at the node limit exactly, with the best full board, deterministically', () => {
    // 8x8 at many interior colours: a pure random piece set (planted, then one piece's colours swapped) rarely has a solution.
    const inst = planted(8, 8, 12, 0, 'hard');
    const p = inst.pieces.map((x) => [...x] as [number, number, number, number]);
    // Break the planted solution: swap two interior colours on one interior piece.
    const k = p.findIndex((x) => x.every((c) => c !== 0));
    [p[k][0], p[k][1]] = [p[k][1], p[k][0]];
    const broken: Instance = { ...inst, pieces: p };
    const run = (): { r: BestScoreResult; scores: number[] } => {
      const scores: number[] = [];
      const r = bestScore(broken, { seed: 'x', budget: { maxNodes: 150_000 }, restartNodes: 30_000, onImprove: (s) => scores.push(s) });
      return { r, scores };
    };
    const a = run();
    const b = run();
    expect(a.scores).toEqual(b.scores);
    expect(a.r.stats.nodes).toBeLessThanOrEqual(150_001);
    if (a.r.kind === 'stopped') {
      expect(a.r.stop).toBe('node-limit');
      expect(a.r.stats.nodes).toBe(150_001);
      expect(a.r.stats.restarts).toBeGreaterThan(1);
      expect(a.r.best).not.toBeNull();
      expect(isPermutation(broken, a.r.best!.board)).toBe(true);
      expect(scoreBoard(broken, a.r.best!.board)).toBe(a.r.best!.score);
      expect(a.r.best!.score).toBeLessThan(maxScore(8, 8));
    } else expect(a.r.kind).toBe('solved');
  });

  it('an aborted signal stops at once as cancelled', () => {
    const inst = planted(6, 6, 5, 0, 'sig');
    const r = bestScore(inst, { budget: { signal: { aborted: true } } });
    expect(r.kind).toBe('stopped');
    if (r.kind === 'stopped') expect(r.stop).toBe('cancelled');
  });

  it('starts from a saved board: keeps its prefix and never reports worse than it', () => {
    const inst = planted(6, 6, 6, 0, 'from');
    const first = bestScore(inst, { seed: 'f1', budget: { maxNodes: 20_000 }, schedule: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 30] });
    const start = first.kind === 'solved' ? first.board : first.best?.board;
    expect(start).toBeDefined();
    const startScore = scoreBoard(inst, start!);
    const keep = 12;
    const scores: number[] = [];
    const r = bestScore(inst, {
      seed: 'f2',
      budget: { maxNodes: 200_000 },
      from: { board: start!, keep },
      onImprove: (s, b) => {
        scores.push(s);
        for (let x = 0; x < keep; x++) expect(b[x]).toEqual(start![x]);
      },
    });
    expect(bestOf(r)).toBeGreaterThanOrEqual(startScore);
    expect(scores.every((s) => s > startScore)).toBe(true);
  });

  it('refuses a starting board of another puzzle', () => {
    const inst = planted(5, 5, 4, 0, 'one');
    const other = planted(6, 6, 4, 0, 'two');
    const otherBoard = bestScore(other, { budget: { maxNodes: 100_000 } });
    const ob = otherBoard.kind === 'solved' ? otherBoard.board : otherBoard.best!.board;
    expect(fromBoardProblem(inst, ob)).toMatch(/36 cells where the puzzle has 25/);
    expect(() => bestScore(inst, { from: { board: ob } })).toThrow(RangeError);
    // Same size, a piece turned so that it shows colour on the frame.
    const own = bestScore(inst, { budget: { maxNodes: 100_000 } });
    const b = (own.kind === 'solved' ? own.board : own.best!.board).slice();
    b[0] = { piece: b[0]!.piece, rotation: ((b[0]!.rotation + 2) % 4) as 0 | 1 | 2 | 3 };
    expect(fromBoardProblem(inst, b)).toMatch(/frame/);
  });
});
