import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeNonogram, unwrapNonogram } from '../families/nonogram/puzzle.ts';
import { nonogram } from '../families/nonogram/index.ts';
import { makeSave, parseSave, type SaveRecord } from './save.ts';
import { addRecent, gameKey, RECENT_LIMIT, removeRecent, worthKeeping } from './recent.ts';
import { GameSession, MAX_CHECKPOINTS, RESTART_MOVE } from './session.ts';
import { makeShareLink, parseShareFragment } from './share.ts';

const p = unwrapNonogram(makeNonogram(3, 2, [[2], [1, 1]], [[2], [1], [1]]));
const marks = (s: GameSession<typeof p, unknown, unknown>) => nonogram.play.makeState(s.state as never);

describe('game session', () => {
  it('plays, undoes and redoes each decision; a new move clears redo; restart clears the marks', () => {
    const s = new GameSession(nonogram.play, p);
    expect(s.play('f1.1-1.2').ok).toBe(true);
    expect(s.play('x1.3').ok).toBe(true);
    expect(marks(s as never)).toBe('##x/???');
    expect(s.undo()).toBe(true);
    expect(marks(s as never)).toBe('##?/???');
    expect(s.canRedo).toBe(true);
    expect(s.redo()).toBe(true);
    expect(marks(s as never)).toBe('##x/???');
    s.undo();
    s.play('f2.1');
    expect(s.canRedo).toBe(false);
    expect(s.moves).toEqual(['f1.1-1.2', 'f2.1']);
    expect(s.play('f9.9').ok).toBe(false);
    s.play('f2.3');
    expect(s.solved).toBe(true);
    s.reset();
    expect(marks(s as never)).toBe('???/???');
    expect(s.canUndo || s.canRedo).toBe(false);
  });

  it('restart is one move: undo brings every mark back, redo restarts again, a replay plays it', () => {
    const s = new GameSession(nonogram.play, p);
    expect(s.canRestart).toBe(false);
    expect(s.restart()).toBe(false);
    expect(s.moves).toEqual([]);
    s.play('f1.1-1.2');
    s.play('x1.3');
    expect(s.restart()).toBe(true);
    expect(marks(s as never)).toBe('???/???');
    expect(s.moves).toEqual(['f1.1-1.2', 'x1.3', RESTART_MOVE]);
    expect(s.position).toEqual([]);
    // A second restart of a blank board is no move.
    expect(s.canRestart).toBe(false);
    expect(s.restart()).toBe(false);
    s.play('f2.1');
    expect(s.position).toEqual(['f2.1']);
    expect(marks(s as never)).toBe('???/#??');
    s.undo();
    expect(s.undo()).toBe(true);
    expect(marks(s as never)).toBe('##x/???');
    expect(s.position).toEqual(['f1.1-1.2', 'x1.3']);
    expect(s.redoMoves).toEqual(['f2.1', RESTART_MOVE]);
    expect(s.redo()).toBe(true);
    expect(marks(s as never)).toBe('???/???');
    const again = GameSession.replay(nonogram.play, p, s.moves, s.redoMoves);
    expect(again.ok && marks(again.value as never)).toBe('???/???');
    if (!again.ok) return;
    again.value.undo();
    expect(marks(again.value as never)).toBe('##x/???');
    // The move text is nobody's family move: it never reaches a family's parser.
    expect(nonogram.play.parseMove(RESTART_MOVE, p).ok).toBe(false);
  });

  it('a restart of saved marks without history is a move too, undone back to those marks', () => {
    const st = nonogram.play.parseState('#x?/???', p);
    if (!st.ok) throw new Error('bad state');
    const s = GameSession.fromState(nonogram.play, p, st.value);
    expect(s.canRestart).toBe(true);
    expect(s.restart()).toBe(true);
    expect(marks(s as never)).toBe('???/???');
    s.undo();
    expect(marks(s as never)).toBe('#x?/???');
  });

  it('replaying the move list gives the same marks (property over random move lists)', () => {
    const move = fc
      .tuple(fc.constantFrom('f', 'x', 'c'), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 3 }), fc.boolean())
      .map(([op, r, c, paint]) => `${op}${r}.${c}${paint ? 'p' : ''}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(move, fc.constant('undo'), fc.constant('redo'), fc.constant('restart')), { maxLength: 30 }), (script) => {
        const s = new GameSession(nonogram.play, p);
        for (const step of script) {
          if (step === 'undo') s.undo();
          else if (step === 'redo') s.redo();
          else if (step === 'restart') s.restart();
          else s.play(step);
        }
        const again = GameSession.replay(nonogram.play, p, s.moves, s.redoMoves);
        if (!again.ok) return false;
        const b = again.value;
        // Same marks now, and the same marks after redoing everything.
        const same = nonogram.play.makeState(b.state) === nonogram.play.makeState(s.state);
        while (s.redo()) b.redo();
        return same && nonogram.play.makeState(b.state) === nonogram.play.makeState(s.state);
      }),
      { seed: 5 },
    );
    expect(GameSession.replay(nonogram.play, p, ['f1.1', 'q'])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^move 2:/) } });
  });
});

describe('game session history', () => {
  const N = 300;
  const big = unwrapNonogram(
    makeNonogram(
      N,
      N,
      Array.from({ length: N }, () => [1]),
      Array.from({ length: N }, () => [1]),
    ),
  );
  /** The nonogram rules with a count of the states made (each apply makes one). */
  const counting = () => {
    const c = {
      applies: 0,
      rules: {
        ...nonogram.play,
        apply: (s: Parameters<typeof nonogram.play.apply>[0], m: Parameters<typeof nonogram.play.apply>[1]) => (c.applies++, nonogram.play.apply(s, m)),
      },
    };
    return c;
  };
  const randomMoves = (count: number, side: number, seed: number): string[] => {
    let x = seed;
    const next = (n: number) => ((x = (x * 1103515245 + 12345) & 0x7fffffff) % n) + 1;
    return Array.from({ length: count }, () => `${'fxc'[next(3) - 1]}${next(side)}.${next(side)}`);
  };

  it('keeps a bounded number of states over 3,000 moves on 300×300, and an undo replays a bounded number of moves', () => {
    const c = counting();
    const moves = randomMoves(3000, N, 7);
    const r = GameSession.replay(c.rules, big, moves);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    // One state per move replayed, no more; the history holds a few checkpoints, not 3,001 states.
    expect(c.applies).toBe(3000);
    expect(s.statesKept).toBeLessThanOrEqual(MAX_CHECKPOINTS + 2);
    // Undo replays from the checkpoint below, so each one costs a bounded number of applies, not the
    // whole game; 400 undos land on the state the first 2,600 moves give.
    c.applies = 0;
    let worst = 0;
    for (let k = 0; k < 400; k++) {
      const before = c.applies;
      expect(s.undo()).toBe(true);
      worst = Math.max(worst, c.applies - before);
      expect(s.statesKept).toBeLessThanOrEqual(MAX_CHECKPOINTS + 2);
    }
    expect(worst).toBeLessThan(3000 / (MAX_CHECKPOINTS / 2));
    const again = GameSession.replay(nonogram.play, big, moves.slice(0, 2600));
    expect(again.ok && nonogram.play.makeState(again.value.state) === nonogram.play.makeState(s.state)).toBe(true);
    expect(s.redoMoves.length).toBe(400);
  });

  it('undo and redo over long games give the states a full history would (property, against a list of every state)', () => {
    const small = unwrapNonogram(makeNonogram(4, 3, [[2], [1, 1], [4]], [[2], [1, 1], [1], [2]]));
    const step = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom('f', 'x', 'c'), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 }))
          .map(([op, r, col]) => `${op}${r}.${col}`),
      },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 60 }).map((k) => `undo${k}`) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map((k) => `redo${k}`) },
      { weight: 1, arbitrary: fc.integer({ min: 20, max: 300 }).map((k) => `burst${k}`) },
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer(), (script, seed) => {
        const s = new GameSession(nonogram.play, small);
        // The reference: every state kept, as before.
        const states = [nonogram.play.makeState(s.state)];
        let n = 0;
        const play = (m: string) => {
          s.play(m);
          states.length = n + 1;
          states.push(nonogram.play.makeState(s.state));
          n++;
        };
        for (const st of script) {
          if (st.startsWith('undo')) {
            for (let k = Number(st.slice(4)); k > 0; k--) if (s.undo()) n--;
          } else if (st.startsWith('redo')) {
            for (let k = Number(st.slice(4)); k > 0; k--) if (s.redo()) n++;
          } else if (st.startsWith('burst')) {
            for (const m of randomMoves(Number(st.slice(5)), 3, seed)) play(m);
          } else play(st);
          if (nonogram.play.makeState(s.state) !== states[n] || s.moves.length !== n || s.statesKept > MAX_CHECKPOINTS + 2) return false;
        }
        return true;
      }),
      { seed: 11, numRuns: 60 },
    );
  });
});

describe('save records', () => {
  const rec: SaveRecord = {
    format: 2,
    family: 'nonogram',
    puzzle: nonogram.makePuzzle(p),
    shareId: 'nonogram@1:5x5-easy#abc',
    version: 1,
    provenance: 'generated',
    verdict: 'unique',
    grade: { level: 'easy', score: 12 },
    moves: ['f1.1-1.2'],
    redo: ['x1.3'],
    marks: '##?/???',
    elapsedMs: 1234,
    checks: 1,
    mistakesFound: 0,
    hintsUsed: 2,
    startedAt: '2026-11-30T07:00:00.000Z',
    finishedAt: null,
  };
  it('round-trip through text and through a structured clone', () => {
    expect(parseSave(makeSave(rec))).toEqual({ ok: true, value: rec });
    expect(parseSave(structuredClone(rec))).toEqual({ ok: true, value: rec });
    expect(parseSave(makeSave({ ...rec, moves: ['f1.1-1.2', RESTART_MOVE] }))).toMatchObject({ ok: true, value: { moves: ['f1.1-1.2', RESTART_MOVE] } });
  });
  it('of the previous format (1) still open, read as the current one', () => {
    expect(parseSave(JSON.stringify({ ...rec, format: 1 }))).toEqual({ ok: true, value: rec });
  });

  it('refuse damaged records, naming the field', () => {
    expect(parseSave('{')).toMatchObject({ ok: false, error: { message: 'save is not JSON' } });
    expect(parseSave({ ...rec, format: 3 })).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    expect(parseSave({ ...rec, format: 1, moves: ['f1.1', RESTART_MOVE] })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('"moves"') },
    });
    expect(parseSave({ ...rec, moves: [1] })).toMatchObject({ ok: false, error: { message: 'save field "moves" should be an array of strings' } });
    expect(parseSave({ ...rec, grade: { level: 'nightmare', score: 1 } })).toMatchObject({ ok: false, error: { message: expect.stringContaining('"grade"') } });
    expect(parseSave({ ...rec, version: -1 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('"version"') } });
    expect(parseSave({ ...rec, version: 1.5 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('"version"') } });
    // An experimental generator's games (version 0, Numberlink's for now) are saved like any other.
    expect(parseSave({ ...rec, family: 'numberlink', shareId: 'numberlink@0:5x5-easy#abc', version: 0 })).toMatchObject({ ok: true, value: { version: 0 } });
    expect(parseSave({ ...rec, verdict: 'maybe' })).toMatchObject({ ok: false });
  });
});

describe('recent games', () => {
  const game = (k: number, moves = ['f1.1']): SaveRecord => ({
    format: 2,
    family: 'nonogram',
    puzzle: nonogram.makePuzzle(p),
    shareId: 'nonogram@1:5x5-easy#abc',
    version: 1,
    provenance: 'generated',
    verdict: 'unique',
    grade: null,
    moves,
    redo: [],
    marks: '#??/???',
    elapsedMs: k,
    checks: 0,
    mistakesFound: 0,
    hintsUsed: 0,
    startedAt: `2026-11-30T07:00:${String(k).padStart(2, '0')}.000Z`,
    finishedAt: null,
  });
  it('are newest first, capped at the limit (the oldest dropped), one entry per game', () => {
    let list: SaveRecord[] = [];
    for (let k = 0; k < RECENT_LIMIT + 3; k++) list = addRecent(list, game(k));
    expect(list.map((r) => r.elapsedMs)).toEqual(Array.from({ length: RECENT_LIMIT }, (_, i) => RECENT_LIMIT + 2 - i));
    // Keeping a game again moves it to the front in place of its older copy.
    const again = { ...game(5), moves: ['f1.1', 'f1.2'] };
    list = addRecent(list, again);
    expect(list.length).toBe(RECENT_LIMIT);
    expect(list[0]).toBe(again);
    expect(list.filter((r) => gameKey(r) === gameKey(again)).length).toBe(1);
    expect(addRecent([], game(1), 2).length).toBe(1);
  });
  it('lose a game only when asked: remove takes out that one game', () => {
    const list = [game(3), game(2), game(1)];
    expect(removeRecent(list, gameKey(game(2))).map((r) => r.elapsedMs)).toEqual([3, 1]);
    expect(removeRecent(list, 'nothing')).toEqual(list);
  });
  it('keep unfinished games with a move, not finished or untouched ones', () => {
    expect(worthKeeping(game(1))).toBe(true);
    expect(worthKeeping(game(1, []))).toBe(false);
    expect(worthKeeping({ ...game(1), finishedAt: '2026-11-30T08:00:00.000Z' })).toBe(false);
  });
});

describe('share links', () => {
  it('carry the id (never a solution) and read back, for seeded and descriptive ids', () => {
    for (const id of ['nonogram@1:15x10-hard#a b/c?#d', nonogram.makePuzzle(p)]) {
      const link = makeShareLink('http://localhost:4173/?x=1#play=old', id);
      expect(link.startsWith('http://localhost:4173/?x=1#play=')).toBe(true);
      expect(link.split('#').length).toBe(2);
      expect(parseShareFragment(new URL(link).hash)).toEqual({ ok: true, value: id });
    }
  });
  it('ignore other fragments and refuse damaged ids', () => {
    expect(parseShareFragment('')).toBeNull();
    expect(parseShareFragment('#top')).toBeNull();
    expect(parseShareFragment('#play=%E0%A4%A')).toMatchObject({ ok: false, error: { message: expect.stringContaining('damaged') } });
    expect(parseShareFragment('#play=nonsense')).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX' } });
  });
});
