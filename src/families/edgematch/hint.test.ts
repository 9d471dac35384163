import { describe, expect, it } from 'vitest';
import { unwrap } from '../../core/result.ts';
import type { Hint } from '../../core/family.ts';
import { isEdgematchFocus, type EdgematchFocus } from './focus.ts';
import { edgematchHint } from './hint.ts';
import { generatePlayable, parsePlayableParams } from './generator.ts';
import { clueBoard, verifyBoard } from './puzzle.ts';
import type { Board, Instance, Placement, Rotation } from './types.ts';

/** The hint under the old fixed budget (2M nodes, no deadline): never inconclusive on these boards. */
function hintOf(p: Instance, board: Board, solution?: Board): Hint<EdgematchFocus> | null {
  const r = edgematchHint(p, board, { solution, budget: { maxNodes: 2_000_000 } });
  expect(r.kind).not.toBe('inconclusive');
  // What the runner's wire carries (JSON) passes the guard the player reads it with.
  if (r.kind === 'hint') expect(isEdgematchFocus(JSON.parse(JSON.stringify(r.hint.focus)))).toBe(true);
  return r.kind === 'hint' ? r.hint : null;
}

const puzzles = ['4x4-medium#h1', '5x5-hard#h1', '6x6-medium#h2', '6x5-expert#h3'].map((c) => {
  const [params, seed] = c.split('#');
  const r = generatePlayable(unwrap(parsePlayableParams(params)), seed);
  if (!r.ok) throw new Error(r.message);
  return r;
});

describe('edge-matching hints', () => {
  it('following the hints from the clues solves every puzzle; each hint agrees with the solution', () => {
    const seen = new Set<string>();
    for (const { puzzle, solution } of puzzles) {
      const board: (Placement | null)[] = clueBoard(puzzle);
      for (let step = 0; step < 100; step++) {
        const h = hintOf(puzzle, board, solution);
        if (!h) break;
        seen.add(h.technique);
        expect(h.technique).not.toBe('mistake');
        expect(h.message.length).toBeGreaterThan(10);
        const f = h.focus;
        expect(solution[f.cell]).toEqual({ piece: f.piece, rotation: f.rotation });
        expect(f.row * puzzle.width + f.col).toBe(f.cell);
        expect(board[f.cell]).toBeNull();
        board[f.cell] = { piece: f.piece, rotation: f.rotation };
        if (h.technique === 'trial') {
          const t = h.focus.trial;
          expect(t).toBeDefined();
          if (t) expect(solution[t.cell]).not.toEqual({ piece: t.piece, rotation: t.rotation });
        }
      }
      expect(verifyBoard(puzzle, board).ok).toBe(true);
      expect(hintOf(puzzle, board, solution)).toBeNull();
    }
    expect(seen).toContain('only one fits');
    expect(seen).toContain('trial');
  });

  it('names a misplaced piece first, with its cell', () => {
    const { puzzle, solution } = puzzles[2];
    const board: (Placement | null)[] = clueBoard(puzzle);
    // A wrong turn of the right piece, and a piece in another piece's cell.
    const free = solution.map((_, c) => c).filter((c) => board[c] === null);
    const a = free[3];
    board[a] = { piece: solution[a]!.piece, rotation: ((solution[a]!.rotation + 2) & 3) as Rotation };
    const h = hintOf(puzzle, board, solution);
    expect(h).toMatchObject({ technique: 'mistake', focus: { cell: a, piece: solution[a]!.piece } });
    board[a] = solution[free[5]];
    expect(hintOf(puzzle, board, solution)).toMatchObject({ technique: 'mistake', focus: { cell: a } });
    // Without a solution given, the hint certifies the puzzle itself.
    board[a] = null;
    expect(hintOf(puzzle, board)).toEqual(hintOf(puzzle, board, solution));
  });
});
