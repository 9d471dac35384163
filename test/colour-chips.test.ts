import { describe, expect, it } from 'vitest';
import { NAMED_COLOURS } from '../src/families/nonogram/colour.ts';
import { chipText, contrast } from '../web/src/views/colour-chips.ts';

describe('colour clue chips', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('000000', 'ffffff')).toBeCloseTo(21, 5);
    expect(contrast('777777', 'ffffff')).toBeCloseTo(4.48, 2);
  });
  it('every chip colour gets text of at least 4.5:1: the named colours and a sweep of sRGB', () => {
    let least = 21;
    const rgbs = [...Object.values(NAMED_COLOURS)];
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15) for (let b = 0; b < 256; b += 15) rgbs.push([r, g, b].map((v) => v.toString(16).padStart(2, '0')).join(''));
    for (const rgb of rgbs) least = Math.min(least, contrast(rgb, chipText(rgb)));
    expect(least).toBeGreaterThanOrEqual(4.5);
  });
});
