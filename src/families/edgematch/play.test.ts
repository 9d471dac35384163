import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unwrap } from '../../core/result.ts';
import { applyMove, isSolved, makeMove, makeState, mistakes, parseMove, parseState, startState, type EdgematchMove, type EdgematchState } from './play.ts';
import { generatePlayable, parsePlayableParams } from './generator.ts';
import { makeInstance, verifyBoard } from './puzzle.ts';
import type { Board, Instance, Piece, Placement, Rotation } from './types.ts';
import { countEdgematch } from './xcc-model.ts';

/** A few certified puzzles (4x4 to 5x4, one or more clues), with their solutions. */
const GENERATED = ['4x4-easy#a', '4x4-hard#b', '5x4-medium#c', '5x5-easy-k3#d'].map((text) => {
  const [params, seed] = text.split('#');
  const r = generatePlayable(unwrap(parsePlayableParams(params)), seed);
  if (!r.ok) throw new Error(`${text}: ${r.message}`);
  return { puzzle: r.puzzle, solution: r.solution };
});

function play(p: Instance, s: EdgematchState, ...moves: string[]): EdgematchState {
  for (const t of moves) s = applyMove(s, unwrap(parseMove(t, p)));
  return s;
}

/** Any move parseMove accepts on this puzzle: no clue cell, no clue piece. */
function moveArb(p: Instance): fc.Arbitrary<EdgematchMove> {
  const n = p.width * p.height;
  const clueCells = new Set(p.clues.map((c) => c.cell));
  const cluePieces = new Set(p.clues.map((c) => c.piece));
  const cells = Array.from({ length: n }, (_, i) => i).filter((c) => !clueCells.has(c));
  const pieces = Array.from({ length: n }, (_, i) => i).filter((k) => !cluePieces.has(k));
  const w = p.width;
  return fc.oneof(
    {
      arbitrary: fc
        .record({ piece: fc.constantFrom(...pieces), cell: fc.constantFrom(...cells), rotation: fc.constantFrom<Rotation>(0, 1, 2, 3) })
        .map((m) => ({ kind: 'place' as const, width: w, ...m })),
      weight: 4,
    },
    {
      arbitrary: fc
        .record({ cell: fc.constantFrom(...cells), turns: fc.constantFrom<1 | 2 | 3>(1, 2, 3) })
        .map((m) => ({ kind: 'rotate' as const, width: w, ...m })),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...cells).map((cell) => ({ kind: 'take' as const, width: w, cell })), weight: 1 },
  );
}

/** Every piece exactly once on the board or in the tray; clues where they belong. */
function consistent(p: Instance, s: EdgematchState): boolean {
  const n = p.width * p.height;
  const where = new Array<number>(n).fill(0);
  for (const pl of s.board) if (pl) where[pl.piece]++;
  for (const k of s.tray) where[k]++;
  if (!where.every((x) => x === 1)) return false;
  if (!s.tray.every((k, i) => i === 0 || s.tray[i - 1] < k)) return false;
  return p.clues.every((c) => s.board[c.cell]?.piece === c.piece && s.board[c.cell]?.rotation === c.rotation);
}

describe('edge-matching play rules', () => {
  it('random move sequences: moves and states round-trip as text; pieces stay on the board or in the tray; clues stay put', () => {
    for (const { puzzle: p } of GENERATED) {
      fc.assert(
        fc.property(fc.array(moveArb(p), { maxLength: 40 }), (moves) => {
          let s = startState(p);
          for (const m of moves) {
            const text = makeMove(m);
            expect(unwrap(parseMove(text, p))).toEqual(m);
            s = applyMove(s, m);
            expect(consistent(p, s)).toBe(true);
            expect(unwrap(parseState(makeState(s), p))).toEqual(s);
          }
        }),
        { seed: 11, numRuns: 60 },
      );
    }
  });

  it('move syntax: place, turn, take; bad moves are refused by name', () => {
    const { puzzle: p } = GENERATED[0];
    const free = p.pieces.findIndex((_, k) => !p.clues.some((c) => c.piece === k));
    const cell = Array.from({ length: 16 }, (_, i) => i).find((c) => !p.clues.some((cl) => cl.cell === c))!;
    const rc = `${Math.floor(cell / 4) + 1}.${(cell % 4) + 1}`;
    for (const t of [`p${free}@${rc}:3`, `r${rc}`, `r${rc}+2`, `t${rc}`]) expect(makeMove(unwrap(parseMove(t, p)))).toBe(t);
    expect(makeMove(unwrap(parseMove(`r${rc}+1`, p)))).toBe(`r${rc}`);
    expect(unwrap(parseMove(`  p${free}@${rc}:0 `, p))).toEqual({ kind: 'place', width: 4, piece: free, cell, rotation: 0 });
    const refused: [string, string][] = [
      [`p16@${rc}:0`, 'there is no piece 16 (pieces are 0 to 15)'],
      [`p${free}@5.1:0`, '5.1 is not a cell of the 4x4 board'],
      [`p${free}@0.1:0`, 'is not a cell'],
      [`p${free}@${rc}:4`, 'rotation 4 is not 0 to 3'],
      [`r${rc}+4`, 'a turn is 1 to 3'],
      [`r${rc}+0`, 'a turn is 1 to 3'],
      [`t${rc}+1`, 'a take has no turns'],
      ['x1.1', 'expected p<piece>@<row>.<col>:<rotation>'],
      [`p${free} ${rc} 1`, 'expected p<piece>'],
      ['', 'expected'],
    ];
    for (const [t, why] of refused) {
      const r = parseMove(t, p);
      expect(r.ok, t).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('ERR_MOVE');
        expect(r.error.message, t).toContain(why);
      }
    }
  });

  it('clues cannot be moved, turned, taken or covered; the refusal names the clue', () => {
    const { puzzle: p } = GENERATED[3];
    expect(p.clues.length).toBeGreaterThanOrEqual(3);
    const [cl] = p.clues;
    const rc = `${Math.floor(cl.cell / p.width) + 1}.${(cl.cell % p.width) + 1}`;
    const where = `row ${Math.floor(cl.cell / p.width) + 1}, column ${(cl.cell % p.width) + 1}`;
    const free = p.pieces.findIndex((_, k) => !p.clues.some((c) => c.piece === k));
    const otherCell = Array.from({ length: p.width * p.height }, (_, i) => i).find((c) => !p.clues.some((x) => x.cell === c))!;
    const orc = `${Math.floor(otherCell / p.width) + 1}.${(otherCell % p.width) + 1}`;
    const cases: [string, string][] = [
      [`p${cl.piece}@${orc}:0`, `piece ${cl.piece} is a clue, fixed at ${where}`],
      [`p${cl.piece}@${rc}:${(cl.rotation + 1) & 3}`, `piece ${cl.piece} is a clue`],
      [`p${free}@${rc}:0`, `${where} holds a clue (piece ${cl.piece}), which cannot be covered`],
      [`r${rc}`, 'which cannot be turned'],
      [`t${rc}`, 'which cannot be taken'],
    ];
    for (const [t, why] of cases) {
      const r = parseMove(t, p);
      expect(r.ok, t).toBe(false);
      if (!r.ok) expect(r.error.message).toContain(why);
    }
    // Applied anyway (built by hand), such moves change nothing.
    const s = startState(p);
    expect(applyMove(s, { kind: 'take', width: p.width, cell: cl.cell })).toBe(s);
    expect(applyMove(s, { kind: 'rotate', width: p.width, cell: cl.cell, turns: 1 })).toBe(s);
    expect(applyMove(s, { kind: 'place', width: p.width, piece: free, cell: cl.cell, rotation: 0 })).toBe(s);
    expect(applyMove(s, { kind: 'place', width: p.width, piece: cl.piece, cell: otherCell, rotation: 0 })).toBe(s);
    // The start state holds the clues; parseState refuses a board without them.
    expect(
      makeState(s)
        .split(/[ /]/)
        .filter((x) => x !== '.'),
    ).toHaveLength(p.clues.length);
    const moved = makeState({ ...s, board: s.board.map((pl, c) => (c === cl.cell ? null : pl)) });
    expect(parseState(moved, p)).toMatchObject({
      ok: false,
      error: { code: 'ERR_CLUE', message: expect.stringContaining(`${where} must hold its clue, piece ${cl.piece}`) },
    });
  });

  it('apply: place from the tray, move between cells (swap), onto an occupied cell from the tray (occupant back to the tray), turn, take', () => {
    const { puzzle: p } = GENERATED[0];
    const clueCells = new Set(p.clues.map((c) => c.cell));
    const cluePieces = new Set(p.clues.map((c) => c.piece));
    const [a, b] = Array.from({ length: 16 }, (_, i) => i).filter((c) => !clueCells.has(c));
    const [x, y] = Array.from({ length: 16 }, (_, i) => i).filter((k) => !cluePieces.has(k));
    const rc = (c: number): string => `${Math.floor(c / 4) + 1}.${(c % 4) + 1}`;
    const s0 = startState(p);
    expect(s0.tray).toHaveLength(16 - p.clues.length);
    let s = play(p, s0, `p${x}@${rc(a)}:1`);
    expect(s.board[a]).toEqual({ piece: x, rotation: 1 });
    expect(s.tray).not.toContain(x);
    expect(s0.board[a]).toBeNull(); // states are never mutated
    // Moving x to an empty cell leaves its old cell empty.
    s = play(p, s, `p${x}@${rc(b)}:2`);
    expect([s.board[a], s.board[b]]).toEqual([null, { piece: x, rotation: 2 }]);
    // y from the tray onto x's cell: x goes back to the tray.
    s = play(p, s, `p${y}@${rc(b)}:0`);
    expect(s.board[b]).toEqual({ piece: y, rotation: 0 });
    expect(s.tray).toContain(x);
    // x onto a, then y (on b) onto a: they swap, each keeping its turn.
    s = play(p, s, `p${x}@${rc(a)}:3`, `p${y}@${rc(a)}:1`);
    expect([s.board[a], s.board[b]]).toEqual([
      { piece: y, rotation: 1 },
      { piece: x, rotation: 3 },
    ]);
    // Put on its own cell: only turned.
    s = play(p, s, `p${y}@${rc(a)}:2`);
    expect(s.board[a]).toEqual({ piece: y, rotation: 2 });
    // Turns are clockwise and add up modulo 4.
    s = play(p, s, `r${rc(a)}+3`);
    expect(s.board[a]).toEqual({ piece: y, rotation: 1 });
    s = play(p, s, `r${rc(a)}`);
    expect(s.board[a]).toEqual({ piece: y, rotation: 2 });
    // Take: back to the tray; a turn or a take on an empty cell changes nothing.
    s = play(p, s, `t${rc(a)}`, `t${rc(b)}`);
    expect(s.board[a]).toBeNull();
    expect(s).toEqual(s0);
    expect(play(p, s, `r${rc(a)}`, `t${rc(a)}`)).toEqual(s0);
  });

  it('placing the solution cell by cell wins; mistakes are the cells that differ from it', () => {
    for (const { puzzle: p, solution } of GENERATED) {
      let s = startState(p);
      const cells = solution.map((_, c) => c).filter((c) => !p.clues.some((cl) => cl.cell === c));
      // Put every piece somewhere wrong first (turned one more), then fix each.
      for (const c of cells)
        s = applyMove(s, { kind: 'place', width: p.width, piece: solution[c]!.piece, cell: c, rotation: ((solution[c]!.rotation + 1) & 3) as Rotation });
      expect(s.tray).toEqual([]);
      expect(isSolved(p, s)).toBe(false);
      expect(mistakes(p, s, solution)).toEqual(cells);
      for (const [k, c] of cells.entries()) {
        s = applyMove(s, { kind: 'rotate', width: p.width, cell: c, turns: 3 });
        expect(mistakes(p, s, solution)).toEqual(cells.slice(k + 1));
        expect(isSolved(p, s)).toBe(k === cells.length - 1);
      }
      // Empty cells are not mistakes; a taken piece leaves the board unsolved.
      s = applyMove(s, { kind: 'take', width: p.width, cell: cells[0] });
      expect(mistakes(p, s, solution)).toEqual([]);
      expect(isSolved(p, s)).toBe(false);
    }
  });

  it('solved is judged by the rules: a puzzle with two solutions counts either board as solved', () => {
    // A 2x2 board of four corners; its joints: top 1, bottom 2, left 3, right 4.
    const pieces: Piece[] = [
      [0, 1, 3, 0],
      [0, 0, 4, 1],
      [3, 2, 0, 0],
      [4, 0, 0, 2],
    ];
    const p = unwrap(makeInstance(2, 2, pieces));
    const first: Placement[] = [0, 1, 2, 3].map((piece) => ({ piece, rotation: 0 }));
    // The same picture turned a quarter turn clockwise: each piece one cell on, turned once.
    const second: Placement[] = [
      { piece: 2, rotation: 1 },
      { piece: 0, rotation: 1 },
      { piece: 3, rotation: 1 },
      { piece: 1, rotation: 1 },
    ];
    const v = countEdgematch(p, { limit: 10 });
    expect(v.kind).toBe('multiple');
    for (const board of [first, second]) {
      expect(verifyBoard(p, board).ok).toBe(true);
      const s = board.reduce((st, pl, cell) => applyMove(st, { kind: 'place', width: 2, piece: pl.piece, cell, rotation: pl.rotation }), startState(p));
      expect(isSolved(p, s)).toBe(true);
      // Either is "solved"; measured against the other, every cell differs.
      const other: Board = board === first ? second : first;
      expect(mistakes(p, s, other)).toEqual([0, 1, 2, 3]);
    }
    // A full board that breaks a joint is not solved.
    const broken = first.reduce((st, pl, cell) => applyMove(st, { kind: 'place', width: 2, piece: pl.piece, cell, rotation: pl.rotation }), startState(p));
    expect(isSolved(p, applyMove(broken, { kind: 'place', width: 2, piece: 0, cell: 3, rotation: 2 }))).toBe(false);
  });

  it('state text: round trip, and damaged texts refused by name', () => {
    const { puzzle: p } = GENERATED[0];
    const s = startState(p);
    expect(unwrap(parseState(makeState(s), p))).toEqual(s);
    expect(makeState(s).split('/')).toHaveLength(4);
    const rows = makeState(s).split('/');
    const cases: [string, string, string][] = [
      [rows.slice(0, 3).join('/'), 'ERR_LINE_COUNT', 'the board has 3 rows, the puzzle 4'],
      [[`${rows[0]} .`, ...rows.slice(1)].join('/'), 'ERR_SIZE', 'row 1 of the board has 5 cells'],
      [rows.map((r) => r.replace(/^\S+/, (t) => (t === '.' ? 'x' : t))).join('/'), 'ERR_SYNTAX', ''],
    ];
    const free = p.pieces.findIndex((_, k) => !p.clues.some((c) => c.piece === k));
    const emptyCells = s.board.map((pl, c) => (pl ? -1 : c)).filter((c) => c >= 0);
    const withBoard = (f: (b: string[]) => void): string => {
      const b = makeState(s)
        .split('/')
        .map((r) => r.split(' '));
      const flat = b.flat();
      f(flat);
      return [0, 1, 2, 3].map((r) => flat.slice(r * 4, r * 4 + 4).join(' ')).join('/');
    };
    cases.push([withBoard((b) => (b[emptyCells[0]] = `${free}:0`) && (b[emptyCells[1]] = `${free}:1`)), 'ERR_SYNTAX', `piece ${free} is on the board twice`]);
    cases.push([withBoard((b) => (b[emptyCells[0]] = '16:0')), 'ERR_NUMBER', 'there is no piece 16']);
    cases.push([withBoard((b) => (b[emptyCells[0]] = `${free}:5`)), 'ERR_NUMBER', 'rotation 5 is not 0 to 3']);
    cases.push([withBoard((b) => (b[emptyCells[0]] = `${free}-1`)), 'ERR_SYNTAX', 'is not piece:rotation']);
    for (const [text, code, why] of cases.filter(([t]) => t !== makeState(s))) {
      const r = parseState(text, p);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.error.code, text).toBe(code);
        expect(r.error.message).toContain(why);
      }
    }
  });
});
