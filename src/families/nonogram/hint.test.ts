import { describe, expect, it } from 'vitest';
import { makeNonogram, unwrapNonogram, verifySolution } from './puzzle.ts';
import { generateNonogram } from './generator.ts';
import type { Hint } from '../../core/family.ts';
import { isNonogramFocus, type NonogramFocus } from './focus.ts';
import { nonogramHint } from './hint.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram } from './types.ts';

/** The hint under an unlimited budget (these boards are small): never inconclusive. */
function hintOf(p: Nonogram, marks: Uint8Array): Hint<NonogramFocus> | null {
  const r = nonogramHint(p, marks, {});
  expect(r.kind).not.toBe('inconclusive');
  // What the runner's wire carries (JSON) passes the guard the player reads it with.
  if (r.kind === 'hint') expect(isNonogramFocus(JSON.parse(JSON.stringify(r.hint.focus)))).toBe(true);
  return r.kind === 'hint' ? r.hint : null;
}

describe('nonogramHint', () => {
  it('names the overlap with the line and cells (1-based)', () => {
    // A 6-wide row with clue 4: cells 3–4 are covered by every placement.
    const p = unwrapNonogram(makeNonogram(6, 1, [[4]], [[], [1], [1], [1], [1], []]));
    const h = hintOf(p, new Uint8Array(6));
    expect(h).not.toBeNull();
    expect(h!.technique).toBe('overlap');
    expect(h!.message).toContain('row 1, clue 4: the 4 overlaps itself in cells 3–4');
  });
  it('names unreachable cells', () => {
    const p = unwrapNonogram(makeNonogram(7, 1, [[2]], [[], [1], [], [], [], [], []]));
    const marks = Uint8Array.from([UNKNOWN, FILLED, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]);
    const h = hintOf(p, marks);
    expect(h!.technique).toBe('unreachable');
    expect(h!.message).toBe('row 1, clue 2: no block can reach cells 4, 5, 6, 7; cross them out.');
  });
  it('names a completion', () => {
    const p = unwrapNonogram(makeNonogram(5, 1, [[1]], [[], [], [], [1], []]));
    const h = hintOf(p, Uint8Array.from([UNKNOWN, UNKNOWN, UNKNOWN, FILLED, UNKNOWN]));
    expect(h!.technique).toBe('completion');
    expect(h!.focus.cells.length).toBe(4);
  });
  it('reports a mark that makes a line impossible as a mistake', () => {
    const p = unwrapNonogram(makeNonogram(3, 1, [[3]], [[1], [1], [1]]));
    const h = hintOf(p, Uint8Array.from([EMPTY, UNKNOWN, UNKNOWN]));
    expect(h!.technique).toBe('mistake');
  });
  it('following hints from an empty grid solves a generated puzzle of each level', () => {
    for (const level of ['easy', 'medium', 'hard', 'expert'] as const) {
      const r = generateNonogram({ width: 10, height: 10, level }, 'hints');
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const marks = new Uint8Array(100);
      let steps = 0;
      for (;;) {
        const h = hintOf(r.puzzle, marks);
        if (!h) break;
        expect(h.technique).not.toBe('mistake');
        const cells = h.focus.cells;
        expect(cells.length).toBeGreaterThan(0);
        for (const c of cells) {
          const v = c.value === 'filled' ? FILLED : EMPTY;
          // Every hinted cell agrees with the unique solution.
          expect(r.solution[c.row * 10 + c.col] === 1 ? FILLED : EMPTY).toBe(v);
          marks[c.row * 10 + c.col] = v;
        }
        steps++;
      }
      const filled = Uint8Array.from(marks, (v) => (v === FILLED ? 1 : 0));
      // Expert puzzles may need search beyond single steps; the others finish by hints alone.
      if (level !== 'expert') expect(verifySolution(r.puzzle, filled).ok).toBe(true);
      if (level !== 'expert') expect(marks.every((v) => v !== UNKNOWN)).toBe(true);
      expect(steps).toBeGreaterThan(0);
    }
  });
});

describe('the family hint on a colour puzzle', () => {
  it('gets a colour hint (colour-hint.ts), never a black-and-white step that ignores the colours; black and white still hints', async () => {
    const { nonogram } = await import('./index.ts');
    const { parseNonogramId } = await import('./formats/id.ts');
    const colour = parseNonogramId('nonogram:4x3:white=ffffff,black=000000,red=ff0000;1a1b/2a1b/2b/1b1a/2a2b/1a1b/2b1a');
    if (!colour.ok) throw new Error(colour.error.message);
    const r = nonogram.hint(colour.value, nonogram.play.start(colour.value), {});
    expect(r.kind).toBe('hint');
    if (r.kind === 'hint') expect(r.hint.technique).toMatch(/^(colour |mistake)/);
    const bw = makeNonogram(4, 1, [[4]], [[1], [1], [1], [1]]);
    if (!bw.ok) throw new Error(bw.error.message);
    expect(nonogram.hint(bw.value, nonogram.play.start(bw.value), {}).kind).toBe('hint');
  });
});
