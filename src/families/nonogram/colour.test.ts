import { describe, expect, it } from 'vitest';
import { canonicalNonogram } from './canonical.ts';
import { colourCluesOfPicture, isColourPuzzle, makeColourNonogram, rgbOf, type ColourPuzzle } from './colour.ts';
import { makeNonogramId, parseNonogramId } from './formats/id.ts';
import { makePuzzles } from './formats/index.ts';
import { verifySolution } from './puzzle.ts';
import type { Nonogram, PaletteColour } from './types.ts';

const PALETTE: PaletteColour[] = [
  { name: 'white', rgb: 'ffffff' },
  { name: 'black', rgb: '000000' },
  { name: 'red', rgb: 'ff0000' },
];

/** A colour puzzle from a picture of palette indices, rows as strings of digits. */
export function colourPuzzle(rows: readonly string[], palette: readonly PaletteColour[] = PALETTE): ColourPuzzle {
  const h = rows.length;
  const w = rows[0].length;
  const grid = Uint8Array.from(rows.join(''), (c) => Number(c));
  const clues = colourCluesOfPicture(grid, w, h);
  const r = makeColourNonogram(w, h, palette, clues.rows, clues.cols);
  if (!r.ok) throw new Error(r.error.message);
  if (!isColourPuzzle(r.value)) throw new Error('not colour');
  return r.value;
}

const pic = ['1122', '0120', '2201'];
const grid = Uint8Array.from(pic.join(''), Number);

describe('the colour model', () => {
  it('builds clues with a colour per block; same-colour blocks need a gap, others may touch', () => {
    const p = colourPuzzle(pic);
    expect(p.rows).toEqual([
      [2, 2],
      [1, 1],
      [2, 1],
    ]);
    expect(p.colour.rows).toEqual([
      [1, 2],
      [1, 2],
      [2, 1],
    ]);
    expect(p.cols).toEqual([[1, 1], [2, 1], [2], [1, 1]]);
    expect(p.colour.cols).toEqual([[1, 2], [1, 2], [2], [2, 1]]);
  });

  it('verifies a picture by its recomputed colour clues, naming the line that differs', () => {
    const p = colourPuzzle(pic);
    expect(verifySolution(p, grid)).toEqual({ ok: true });
    const bad = grid.slice();
    bad[0] = 2;
    const v = verifySolution(p, bad);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toMatch(/^row 1: grid gives 1\(red\) .*clue is 2\(black\) 2\(red\)/);
    const out = grid.slice();
    out[3] = 3;
    expect(verifySolution(p, out)).toMatchObject({ ok: false, reason: expect.stringMatching(/not a palette index/) });
  });

  it('refuses bad palettes and bad blocks with coded errors naming the line', () => {
    const cases: [PaletteColour[], { lengths: number[]; colours: number[] }[], string, RegExp][] = [
      [PALETTE.slice(0, 2), [{ lengths: [], colours: [] }], 'ERR_FORMAT', /at least two colours/],
      [[PALETTE[0], PALETTE[1], PALETTE[0]], [{ lengths: [], colours: [] }], 'ERR_FORMAT', /declared twice/],
      [[PALETTE[0], PALETTE[1], { name: 'x', rgb: 'FF0000' }], [{ lengths: [], colours: [] }], 'ERR_FORMAT', /six lower-case hex/],
      [PALETTE, [{ lengths: [1], colours: [0] }], 'ERR_CLUE', /row 1: block 1 is in the background colour 'white'/],
      [PALETTE, [{ lengths: [1], colours: [3] }], 'ERR_CLUE', /row 1: block 1 has colour 3/],
      [PALETTE, [{ lengths: [0], colours: [1] }], 'ERR_CLUE', /row 1: block 1 has length 0/],
      [PALETTE, [{ lengths: [1, 1], colours: [1] }], 'ERR_CLUE', /row 1: 2 block lengths but 1 colours/],
      [PALETTE, [{ lengths: [1, 1], colours: [1, 1] }], 'ERR_CLUE', /row 1: its blocks need 3 cells but the row has 2/],
    ];
    for (const [palette, rows, code, msg] of cases) {
      const r = makeColourNonogram(2, 1, palette, rows, [
        { lengths: [], colours: [] },
        { lengths: [], colours: [] },
      ]);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe(code);
        expect(r.error.message).toMatch(msg);
      }
    }
    // Different colours touch: 1 black + 1 red fit two cells.
    expect(
      makeColourNonogram(
        2,
        1,
        PALETTE,
        [{ lengths: [1, 1], colours: [1, 2] }],
        [
          { lengths: [1], colours: [1] },
          { lengths: [1], colours: [2] },
        ],
      ).ok,
    ).toBe(true);
  });

  it('reads colour values as hex, short hex and names', () => {
    expect(rgbOf('#9CF200')).toBe('9cf200');
    expect(rgbOf('fff')).toBe('ffffff');
    expect(rgbOf('Yellow')).toBe('ffff00');
    expect(rgbOf('no such colour')).toBeUndefined();
  });

  it('has a descriptive id of its own that round-trips, names percent-encoded', () => {
    const p = colourPuzzle(pic, [
      { name: 'white', rgb: 'ffffff' },
      { name: 'dark red;/=', rgb: '800000' },
      { name: 'Ü', rgb: '00ff00' },
    ]);
    const id = makeNonogramId(p);
    expect(id).toBe('nonogram:4x3:white=ffffff,dark%20red%3B%2F%3D=800000,%C3%9C=00ff00;1a1b/2a1b/2b/1b1a/2a2b/1a1b/2b1a');
    const back = parseNonogramId(id);
    expect(back.ok && back.value).toEqual(p);
    const bad = parseNonogramId('nonogram:4x3:white=ffffff,black=000000,red=ff0000;1c1b/2a1b/2b/1b1a/2a2b/1a1b/2b1a');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatchObject({ code: 'ERR_CLUE', message: expect.stringMatching(/column 1: colour 'c' is not in the palette/) });
  });

  it('keeps black-and-white ids and canonical forms as they were', () => {
    const bw: Nonogram = { width: 2, height: 1, rows: [[1]], cols: [[1], []] };
    expect(makeNonogramId(bw)).toBe('nonogram:2x1:1//1');
    expect(canonicalNonogram(bw, Uint8Array.of(1, 0))).toBe('nonogram:2x1:#.');
  });

  it('has a canonical form under the grid symmetries, with its palette', () => {
    const p = colourPuzzle(['12', '00']);
    const q = colourPuzzle(['00', '21']);
    expect(canonicalNonogram(p, Uint8Array.of(1, 2, 0, 0))).toBe(canonicalNonogram(q, Uint8Array.of(0, 0, 2, 1)));
    expect(canonicalNonogram(p, Uint8Array.of(1, 2, 0, 0))).toMatch(/^nonogram:2x2:ffffff,000000,ff0000:/);
  });

  it('is refused by the writers of black-and-white formats', () => {
    const p = colourPuzzle(pic);
    for (const f of ['nin', 'taai', 'tatham'] as const) {
      const r = makePuzzles([p], f);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/black-and-white puzzles only/);
    }
  });
});
