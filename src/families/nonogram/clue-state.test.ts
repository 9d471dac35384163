import { describe, expect, it } from 'vitest';
import { clueState, crossRuns, withAutoCross } from './clue-state.ts';
import { LineSolver } from './line.ts';
import { GameSession } from '../../player/session.ts';
import { applyMove, makeMove, nonogramPlay, parseMove, startState } from './play.ts';
import { makeNonogram, unwrapNonogram } from './puzzle.ts';
import { EMPTY, FILLED, UNKNOWN } from './types.ts';

/** A line from text: `#` filled, `x` crossed, `.` unknown. */
const line = (t: string): Uint8Array => Uint8Array.from(t, (ch) => (ch === '#' ? FILLED : ch === 'x' ? EMPTY : UNKNOWN));

/** The blocks (start, length) of a full line of FILLED/EMPTY. */
function blocks(cells: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== FILLED) continue;
    let e = i;
    while (e < cells.length && cells[e] === FILLED) e++;
    out.push([i, e - i]);
    i = e;
  }
  return out;
}

/** Every completion of the unknown cells whose blocks are the clue, as block lists. */
function completions(clue: readonly number[], cells: Uint8Array): [number, number][][] {
  const unknown = [...cells.keys()].filter((i) => cells[i] === UNKNOWN);
  const out: [number, number][][] = [];
  for (let mask = 0; mask < 1 << unknown.length; mask++) {
    const full = Uint8Array.from(cells);
    unknown.forEach((c, b) => {
      full[c] = (mask >> b) & 1 ? FILLED : EMPTY;
    });
    const bs = blocks(full);
    if (bs.length === clue.length && bs.every(([, len], j) => len === clue[j])) out.push(bs);
  }
  return out;
}

/** A small deterministic generator (tests only). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const solver = new LineSolver();
const state = (clue: number[], t: string) => clueState(solver, clue, line(t), t.length);

describe('nonogram clue state (red clues, greyed numbers)', () => {
  it('agrees with every completion of random short lines: red iff none fits, greyed numbers fixed in all', () => {
    const rand = rng(17);
    let red = 0;
    let greyed = 0;
    let done = 0;
    for (let t = 0; t < 4000; t++) {
      const n = 1 + Math.floor(rand() * 10);
      // Clues from a random picture (so most fit), sometimes from another one (so some cannot).
      const pic = Uint8Array.from({ length: n }, () => (rand() < 0.55 ? FILLED : EMPTY));
      const clue = blocks(rand() < 0.8 ? pic : Uint8Array.from({ length: n }, () => (rand() < 0.5 ? FILLED : EMPTY))).map(([, len]) => len);
      // Marks: some cells of the picture shown, a few of them wrong.
      const cells = Uint8Array.from(pic, (v) => (rand() < 0.45 ? UNKNOWN : rand() < 0.08 ? (v === FILLED ? EMPTY : FILLED) : v));
      const all = completions(clue, cells);
      const got = clueState(solver, clue, cells, n);
      expect(got.red, `${clue} on ${Array.from(cells)}`).toBe(all.length === 0);
      expect(got.placed.length).toBe(clue.length);
      if (got.red) {
        red++;
        expect(got.placed.every((g) => !g)).toBe(true);
        continue;
      }
      const spelled = blocks(cells.map((v) => (v === FILLED ? FILLED : EMPTY))).map(([, len]) => len);
      expect(got.done).toBe(spelled.length === clue.length && spelled.every((len, j) => len === clue[j]));
      if (got.done) done++;
      got.placed.forEach((g, j) => {
        if (!g) return;
        greyed++;
        // Placed for sure: the same cells in every completion, and already filled by the player.
        const [s, len] = all[0][j];
        for (const c of all) expect(c[j], `${clue} on ${Array.from(cells)}: number ${j}`).toEqual([s, len]);
        for (let i = s; i < s + len; i++) expect(cells[i]).toBe(FILLED);
      });
    }
    // The sample reaches every case.
    expect(red).toBeGreaterThan(200);
    expect(greyed).toBeGreaterThan(500);
    expect(done).toBeGreaterThan(100);
  });

  it('turns red when the marks cannot fit, and greys nothing then', () => {
    expect(state([3], '#x#..').red).toBe(true);
    expect(state([1, 1], '###..').red).toBe(true);
    expect(state([2], '.x.x.').red).toBe(true);
    expect(state([], '..#..').red).toBe(true);
    expect(state([4], '##x##').placed).toEqual([false]);
    expect(state([2, 1], '##.#.').red).toBe(false);
  });

  it('greys every number when the fills spell the clue, unknown cells left or not', () => {
    expect(state([2, 1], '.##.#')).toEqual({ red: false, done: true, placed: [true, true] });
    expect(state([], '.x...')).toEqual({ red: false, done: true, placed: [] });
  });

  it('greys numbers anchored by the edge or crosses, from each end, one by one', () => {
    expect(state([2, 1, 3], '##x......').placed).toEqual([true, false, false]);
    expect(state([2, 1, 3], 'x##x#x...').placed).toEqual([true, true, false]);
    expect(state([2, 1, 3], '.....x###').placed).toEqual([false, false, true]);
    expect(state([2, 1, 3], '##x...x###').placed).toEqual([true, false, true]);
    expect(state([1, 1], '#x.......').placed).toEqual([true, false]);
  });

  it('does not grey a run that is not bounded, not reached from an end, or could be another number', () => {
    // Open on one side: the run may still grow.
    expect(state([2, 1], '.##....').placed).toEqual([false, false]);
    expect(state([2, 1], '##.....').placed).toEqual([false, false]);
    // Bounded, but an unknown cell before it may hold a block.
    expect(state([2, 2], '..x##x...').placed).toEqual([false, false]);
    // A bounded run in the middle that fits either number.
    expect(state([2, 2], '.x.x##x...').placed).toEqual([false, false]);
    // A run shorter than its number (the rest unknown): not placed yet.
    expect(state([3, 1], '##......').placed).toEqual([false, false]);
  });

  it('lists the unknown runs of a finished line, and none of an unfinished one', () => {
    expect(crossRuns([2, 1], line('.##..#.'), 7)).toEqual([
      [0, 0],
      [3, 4],
      [6, 6],
    ]);
    expect(crossRuns([2, 2], line('.##..#.'), 7)).toEqual([]);
  });

  it('auto-cross adds the crosses of every line a fill finishes, in the same move', () => {
    // 4×3: row 1 is "2", column 2 is "1 1".
    const p = unwrapNonogram(makeNonogram(4, 3, [[2], [1], [1]], [[], [1, 1], [1], [1]]));
    const mv = (t: string) => {
      const m = parseMove(t, p);
      if (!m.ok) throw new Error(t);
      return m.value;
    };
    const s0 = startState(p);
    // Filling row 1's pair finishes row 1 (and column 3's "1"): their other cells are crossed.
    const m = withAutoCross(p, s0, mv('f1.2-1.3p'));
    expect(makeMove(m)).toBe('f1.2-1.3p+x1.1+x1.4+x2.3-3.3');
    const s1 = applyMove(s0, m);
    expect(Array.from(s1.marks.slice(0, 4))).toEqual([EMPTY, FILLED, FILLED, EMPTY]);
    // The string round-trips, so saves and the engine replay it as one move.
    const back = parseMove(makeMove(m), p);
    expect(back.ok && makeMove(back.value)).toBe(makeMove(m));
    // A fill that finishes nothing, and any cross or clear, come back unchanged.
    expect(makeMove(withAutoCross(p, s0, mv('f1.1')))).toBe('f1.1');
    expect(makeMove(withAutoCross(p, s1, mv('x2.1')))).toBe('x2.1');
    expect(makeMove(withAutoCross(p, s1, mv('c1.1')))).toBe('c1.1');
    // In a game: one move, one undo; a save's move list replays it.
    const game = new GameSession(nonogramPlay, p);
    expect(game.play(makeMove(m)).ok).toBe(true);
    expect(game.moves).toEqual(['f1.2-1.3p+x1.1+x1.4+x2.3-3.3']);
    expect(game.undo()).toBe(true);
    expect(Array.from(game.state.marks).every((v) => v === UNKNOWN)).toBe(true);
    const again = GameSession.replay(nonogramPlay, p, [makeMove(m)]);
    expect(again.ok && Array.from(again.value.state.marks)).toEqual(Array.from(s1.marks));
  });
});
