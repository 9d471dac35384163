/**
 * The comforts' pure parts (web/src/settings.ts, web/src/progress.ts, the save's pause flag): settings
 * that survive a damaged store, and the progress counters held to their definitions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseLetters } from '../src/families/numberlink/formats/index.ts';
import { numberlinkPlay } from '../src/families/numberlink/play.ts';
import type { Numberlink } from '../src/families/numberlink/types.ts';
import { makeSave, parseSave, type SaveRecord } from '../src/player/save.ts';
import { edgematchProgress, numberlinkProgress } from '../web/src/progress.ts';
import { DEFAULT_SETTINGS, makeSettings, onSettings, parseSettings, resetSettingsCache, SETTINGS_KEY, settings, updateSettings } from '../web/src/settings.ts';

/** A Map-backed localStorage for the settings module (Node has none). */
function fakeStorage(initial: Record<string, string> = {}): Map<string, string> {
  const m = new Map(Object.entries(initial));
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
  resetSettingsCache();
  return m;
}

afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  resetSettingsCache();
});

describe('settings', () => {
  it('fall back to the defaults field by field on bad stored JSON', () => {
    expect(DEFAULT_SETTINGS).toEqual({ autoCross: false, hideTimer: false, mistakes: 'on-check' });
    for (const bad of [null, '', '{', '[]', '3', 'null', '"x"', '{"autoCross":"yes","hideTimer":1,"mistakes":"sometimes"}'])
      expect(parseSettings(bad)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"autoCross":true,"mistakes":"at-once","extra":5}')).toEqual({ autoCross: true, hideTimer: false, mistakes: 'at-once' });
    expect(parseSettings({ hideTimer: true, mistakes: 'on-check' })).toEqual({ autoCross: false, hideTimer: true, mistakes: 'on-check' });
    const s = { autoCross: true, hideTimer: true, mistakes: 'at-once' } as const;
    expect(parseSettings(makeSettings(s))).toEqual(s);
  });

  it('are read from and kept in localStorage under proofgrid-settings, and tell listeners of changes', () => {
    const store = fakeStorage({ [SETTINGS_KEY]: '{"hideTimer":true,"mistakes":"nonsense"' });
    expect(settings()).toEqual({ ...DEFAULT_SETTINGS });
    fakeStorage({ [SETTINGS_KEY]: '{"hideTimer":true,"mistakes":"nonsense"}' });
    expect(settings()).toEqual({ autoCross: false, hideTimer: true, mistakes: 'on-check' });
    const heard: [boolean, boolean][] = [];
    const stop = onSettings((now, before) => heard.push([now.autoCross, before.autoCross]));
    updateSettings({ autoCross: true });
    updateSettings({ autoCross: true }); // no change: nobody told
    stop();
    updateSettings({ autoCross: false });
    expect(heard).toEqual([[true, false]]);
    expect(store.get(SETTINGS_KEY)).toBe('{"hideTimer":true,"mistakes":"nonsense"'); // that store was replaced, untouched
    const now = fakeStorage();
    updateSettings({ mistakes: 'at-once' });
    expect(JSON.parse(now.get(SETTINGS_KEY) ?? '{}')).toEqual({ autoCross: false, hideTimer: false, mistakes: 'at-once' });
    // A field changed to a value of the wrong kind takes its default.
    updateSettings({ mistakes: 'later' as never, hideTimer: true });
    expect(settings()).toEqual({ autoCross: false, hideTimer: true, mistakes: 'on-check' });
  });

  it('hold for the page when storage refuses them', () => {
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    resetSettingsCache();
    expect(settings()).toEqual({ ...DEFAULT_SETTINGS });
    expect(updateSettings({ hideTimer: true }).hideTimer).toBe(true);
    expect(settings().hideTimer).toBe(true);
  });
});

describe('progress counters', () => {
  // A 4x3 board, pairs A (along the top row), B (down the left), C (two cells) and D (down the right).
  const p = (parseLetters('A..A\nBCCD\nB..D') as { ok: true; value: Numberlink[] }).value[0];
  const after = (moves: string[]): Uint8Array => {
    let s = numberlinkPlay.start(p);
    for (const m of moves) {
      const r = numberlinkPlay.parseMove(m, p);
      if (!r.ok) throw new Error(r.error.message);
      s = numberlinkPlay.apply(s, r.value);
    }
    return s.links;
  };

  it('Numberlink: pairs joined end to end, and the share of cells on a path', () => {
    expect(numberlinkProgress(p, after([]))).toEqual({ joined: 0, pairs: 4, filled: 0, cells: 12, percent: 0 });
    // A half-drawn path joins nothing; it fills the cells it links.
    expect(numberlinkProgress(p, after(['s1.1-1.2']))).toEqual({ joined: 0, pairs: 4, filled: 2, cells: 12, percent: 16 });
    expect(numberlinkProgress(p, after(['s1.1-1.2-1.3-1.4']))).toMatchObject({ joined: 1, filled: 4, percent: 33 });
    // A path from one endpoint of a pair into another pair's endpoint joins neither.
    expect(numberlinkProgress(p, after(['s2.1-3.1', 's2.2-2.3']))).toMatchObject({ joined: 2, filled: 4 });
    expect(numberlinkProgress(p, after(['s2.4-2.3']))).toMatchObject({ joined: 0, filled: 2 });
    const full = after(['s1.1-1.2-1.3-1.4', 's2.1-3.1', 's2.2-2.3', 's2.4-3.4']);
    expect(numberlinkProgress(p, full)).toMatchObject({ joined: 4, filled: 10, percent: 83 });
    // A loose piece (no endpoint) fills cells but joins nothing.
    expect(numberlinkProgress(p, after(['s3.2-3.3']))).toMatchObject({ joined: 0, filled: 2 });
  });

  it('Numberlink: 100 % only when every cell is on a path', () => {
    const q = (parseLetters('AB\nAB') as { ok: true; value: Numberlink[] }).value[0];
    let s = numberlinkPlay.start(q);
    for (const m of ['s1.1-2.1', 's1.2-2.2']) s = numberlinkPlay.apply(s, (numberlinkPlay.parseMove(m, q) as { ok: true; value: never }).value);
    expect(numberlinkProgress(q, s.links)).toEqual({ joined: 2, pairs: 2, filled: 4, cells: 4, percent: 100 });
    const big = { width: 201, height: 1, pairs: [[0, 200]] as [number, number][] };
    const links = new Uint8Array(201).fill(2 | 8);
    links[0] = 2;
    links[200] = 8;
    links[100] = 0; // one cell missing: 99 %, not a rounded-up 100
    expect(numberlinkProgress(big, links)).toMatchObject({ joined: 0, percent: 99 });
  });

  it('edge matching: cells holding a piece', () => {
    expect(edgematchProgress([null, { piece: 1, rotation: 0 }, null, { piece: 0, rotation: 2 }])).toEqual({ placed: 2, cells: 4 });
    expect(edgematchProgress([])).toEqual({ placed: 0, cells: 0 });
  });
});

describe('a paused game in its save', () => {
  const rec: SaveRecord = {
    format: 2,
    family: 'nonogram',
    puzzle: 'nonogram:2x2:x',
    shareId: 'nonogram:2x2:x',
    version: null,
    provenance: 'imported',
    verdict: 'unique',
    grade: null,
    moves: [],
    redo: [],
    marks: '..\n..',
    elapsedMs: 5000,
    checks: 0,
    mistakesFound: 0,
    hintsUsed: 0,
    startedAt: '2026-12-01T00:00:00.000Z',
    finishedAt: null,
  };
  it('keeps the flag, and reads anything but true (or no flag) as not paused', () => {
    expect(parseSave(makeSave({ ...rec, paused: true }))).toEqual({ ok: true, value: { ...rec, paused: true } });
    expect(parseSave(makeSave(rec))).toEqual({ ok: true, value: rec });
    expect(parseSave({ ...rec, paused: 'yes' })).toEqual({ ok: true, value: rec });
    expect(parseSave({ ...rec, paused: false })).toEqual({ ok: true, value: rec });
  });
});
