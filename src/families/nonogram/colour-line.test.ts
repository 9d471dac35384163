import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKGROUND, colourClueOf, solveColourLine, type ColourClue } from './colour-line.ts';

const sameClue = (a: ColourClue, b: ColourClue): boolean =>
  a.lengths.length === b.lengths.length && a.lengths.every((l, i) => l === b.lengths[i] && a.colours[i] === b.colours[i]);

/** Every line the masks allow whose clue is `clue`, united per cell: what a complete line solver must answer. */
function brute(masks: readonly number[], clue: ColourClue, colours: number): Uint32Array | null {
  const n = masks.length;
  const out = new Uint32Array(n);
  let any = false;
  const line = new Array<number>(n).fill(0);
  const walk = (i: number): void => {
    if (i === n) {
      if (!sameClue(colourClueOf(line), clue)) return;
      any = true;
      for (let t = 0; t < n; t++) out[t] |= 1 << line[t];
      return;
    }
    for (let c = 0; c <= colours; c++) {
      if (!(masks[i] & (1 << c))) continue;
      line[i] = c;
      walk(i + 1);
    }
  };
  walk(0);
  return any ? out : null;
}

describe('the colour line solver', () => {
  it('settles what every placement agrees on: a known line', () => {
    // 2 red, 1 green, 2 red in 6 cells: one background cell before, between or after the blocks
    // (.RRGRR, RR.GRR, RRG.RR, RRGRR.): cells 1 and 4 are red in every placement.
    const all = (1 << 0) | (1 << 1) | (1 << 2);
    const r = solveColourLine(new Array(6).fill(all), { lengths: [2, 1, 2], colours: [1, 2, 1] });
    expect(r && [...r]).toEqual([0b011, 0b010, 0b111, 0b111, 0b010, 0b011]);
    // Same colours need a gap: 2 red, 2 red in 4 cells cannot fit; different colours can touch.
    expect(solveColourLine(new Array(4).fill(all), { lengths: [2, 2], colours: [1, 1] })).toBeNull();
    expect(solveColourLine(new Array(4).fill(all), { lengths: [2, 2], colours: [1, 2] })).toEqual(Uint32Array.from([0b010, 0b010, 0b100, 0b100]));
    // An empty clue: all background, or none when a cell cannot be.
    expect(solveColourLine([all, all], { lengths: [], colours: [] })).toEqual(Uint32Array.from([BACKGROUND, BACKGROUND]));
    expect(solveColourLine([all, 0b010], { lengths: [], colours: [] })).toBeNull();
  });

  it('equals brute force on random lines, masks and clues (3 colours, up to 9 cells)', () => {
    const colours = 3;
    const full = (1 << (colours + 1)) - 1;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: colours }), { minLength: 1, maxLength: 9 }),
        fc.array(fc.integer({ min: 1, max: full }), { minLength: 9, maxLength: 9 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: colours }), { minLength: 1, maxLength: 9 }),
        (picture, noise, ownClue, other) => {
          const n = picture.length;
          // Masks: the picture's own colour always allowed (so most lines fit), plus random others.
          const masks = picture.map((c, i) => (1 << c) | (noise[i] & full & (i % 3 === 0 ? full : 0b1 | (1 << c))));
          const clue = ownClue ? colourClueOf(picture) : colourClueOf(other.slice(0, n));
          const want = brute(masks, clue, colours);
          const got = solveColourLine(masks, clue);
          expect(got === null ? null : [...got]).toEqual(want === null ? null : [...want]);
        },
      ),
      { seed: 2020, numRuns: 3000 },
    );
  });
});
