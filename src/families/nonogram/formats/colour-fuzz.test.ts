/**
 * Colour puzzles through every writer and reader: the colour formats give back what they were given
 * (xml and id exactly, g all but the names it has no room for, non, cnon and csv the clues and colours,
 * the colour JSON refuses palettes it cannot name), the black-and-white ones refuse with
 * a coded error, and damaged colour texts are coded errors or valid puzzles, never a throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstUseShape, randomColourPuzzles, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { PARSE_ERROR_CODES, type Result } from '../../../core/result.ts';
import { makeColourNonogram } from '../colour.ts';
import { verifySolution } from '../puzzle.ts';
import type { Nonogram } from '../types.ts';
import { FORMATS, makePuzzles, parsePuzzles, type FormatName } from './index.ts';

const CJSON =
  '{"horizontal": [[{"v": 1, "c": "Red"}, {"v": 2, "c": "Yellow"}], []], "vertical": [[{"v": 1, "c": "Red"}], [{"v": 1, "c": "Yellow"}], [{"v": 1, "c": "Yellow"}]]}';

const COLOUR_FORMATS: readonly FormatName[] = ['xml', 'id', 'g', 'non', 'cnon', 'cjson', 'csv'];
const ONE_PUZZLE: readonly FormatName[] = ['g', 'cnon', 'cjson', 'csv'];
const puzzles = randomColourPuzzles('colour-fuzz', 40, true);
const noGoal = (p: Nonogram): Nonogram => {
  const { meta: _, ...q } = p;
  return q;
};
const shape = (p: Nonogram) => ({
  w: p.width,
  h: p.height,
  rows: p.rows,
  cols: p.cols,
  c: p.colour && [p.colour.rows, p.colour.cols, p.colour.palette.map((k) => k.rgb)],
});

/** A parse result is coded, and an accepted puzzle is one the constructor builds again. */
function wellFormed(r: Result<Nonogram[]>): void {
  if (!r.ok) {
    expect(PARSE_ERROR_CODES).toContain(r.error.code);
    return;
  }
  for (const p of r.value) {
    if (!p.colour) continue;
    const again = makeColourNonogram(
      p.width,
      p.height,
      p.colour.palette,
      p.rows.map((l, i) => ({ lengths: l, colours: p.colour?.rows[i] ?? [] })),
      p.cols.map((l, i) => ({ lengths: l, colours: p.colour?.cols[i] ?? [] })),
      p.meta,
    );
    expect(again.ok && again.value).toEqual(p);
    if (p.meta?.goal) verifySolution(p, p.meta.goal);
  }
}

describe('colour puzzles through every format', () => {
  it('round-trip through the colour formats and are refused by the others', () => {
    for (const f of FORMATS) {
      if (!COLOUR_FORMATS.includes(f)) {
        const r = makePuzzles(puzzles.slice(0, 1), f);
        expect(r.ok, f).toBe(false);
        if (!r.ok) expect(r.error.code).toBe('ERR_FORMAT');
        continue;
      }
      const written = ONE_PUZZLE.includes(f) ? puzzles.map((p) => makePuzzles([p], f)) : [makePuzzles(puzzles, f)];
      // The colour JSON names colours only: it refuses palettes of other names, with a coded error.
      if (f === 'cjson') {
        for (const w of written) expect(!w.ok && w.error.code).toBe('ERR_FORMAT');
        continue;
      }
      const back = written.flatMap((w) => value(parsePuzzles(value(w), f)));
      expect(back.map(firstUseShape), f).toEqual(puzzles.map(firstUseShape));
      if (f === 'xml' || f === 'id' || f === 'g') expect(back.map(shape), f).toEqual(puzzles.map(shape));
      if (f === 'xml') expect(back).toEqual(puzzles);
      if (f === 'id') expect(back).toEqual(puzzles.map(noGoal));
      for (const p of back) if (f === 'xml') expect(verifySolution(p, p.meta?.goal ?? new Uint8Array())).toEqual({ ok: true });
    }
  });

  it('never throw on damaged colour texts', () => {
    const texts = COLOUR_FORMATS.map((f) => (f === 'cjson' ? CJSON : value(makePuzzles(puzzles.slice(0, 1), f))));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: texts.length - 1 }), fc.nat(), fc.nat({ max: 40 }), fc.string({ maxLength: 6 }), (t, at, cut, insert) => {
        const text = texts[t];
        const i = at % (text.length + 1);
        const damaged = text.slice(0, i) + insert + text.slice(i + cut);
        wellFormed(parsePuzzles(damaged, COLOUR_FORMATS[t]));
        wellFormed(parsePuzzles(damaged));
      }),
      { numRuns: 400, seed: 20 },
    );
  });
});
