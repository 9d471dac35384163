import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeNonogram, unwrapNonogram } from '../families/nonogram/clues.ts';
import { nonogram } from '../families/nonogram/index.ts';
import { makeSave, parseSave, type SaveRecord } from './save.ts';
import { GameSession } from './session.ts';
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
    s.restart();
    expect(marks(s as never)).toBe('???/???');
    expect(s.canUndo || s.canRedo).toBe(false);
  });

  it('replaying the move list gives the same marks (property over random move lists)', () => {
    const move = fc.tuple(fc.constantFrom('f', 'x', 'c'), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 3 }), fc.boolean()).map(([op, r, c, paint]) => `${op}${r}.${c}${paint ? 'p' : ''}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(move, fc.constant('undo'), fc.constant('redo')), { maxLength: 30 }), (script) => {
        const s = new GameSession(nonogram.play, p);
        for (const step of script) {
          if (step === 'undo') s.undo();
          else if (step === 'redo') s.redo();
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

describe('save records', () => {
  const rec: SaveRecord = {
    format: 1,
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
  });
  it('refuse damaged records, naming the field', () => {
    expect(parseSave('{')).toMatchObject({ ok: false, error: { message: 'save is not JSON' } });
    expect(parseSave({ ...rec, format: 2 })).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    expect(parseSave({ ...rec, moves: [1] })).toMatchObject({ ok: false, error: { message: 'save field "moves" should be an array of strings' } });
    expect(parseSave({ ...rec, grade: { level: 'nightmare', score: 1 } })).toMatchObject({ ok: false, error: { message: expect.stringContaining('"grade"') } });
    expect(parseSave({ ...rec, version: -1 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('"version"') } });
    expect(parseSave({ ...rec, version: 1.5 })).toMatchObject({ ok: false, error: { message: expect.stringContaining('"version"') } });
    // An experimental generator's games (version 0, Numberlink's for now) are saved like any other.
    expect(parseSave({ ...rec, family: 'numberlink', shareId: 'numberlink@0:5x5-easy#abc', version: 0 })).toMatchObject({ ok: true, value: { version: 0 } });
    expect(parseSave({ ...rec, verdict: 'maybe' })).toMatchObject({ ok: false });
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
