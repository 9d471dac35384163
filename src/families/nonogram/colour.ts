/**
 * Colour nonograms in the puzzle model (issue 20): the validating constructor, the palette's colour
 * values, the descriptive id's colour form and the canonical form of a colour picture. A colour
 * puzzle is a `Nonogram` with `colour` set (types.ts); a black-and-white one never has it, so every
 * black-and-white path (formats, ids, the solver, the generator) is unchanged.
 */
import { ok, type Result } from '../../core/result.ts';
import { gridSymmetries } from '../../core/symmetry.ts';
import { excerpt, fail, q } from '../../core/text.ts';
import type { ColourClue } from './colour-line.ts';
import type { ColourNonogram } from './colour-propagate.ts';
import { MAX_COLOURS, MAX_SIDE, type Nonogram, type NonogramColours, type NonogramMeta, type PaletteColour } from './types.ts';

/** A colour puzzle: a `Nonogram` whose `colour` is set. */
export type ColourPuzzle = Nonogram & { colour: NonogramColours };

export const isColourPuzzle = (p: Nonogram): p is ColourPuzzle => p.colour !== undefined;

/** The colours of the common named colours (the X11 / SVG names the colour formats use), as RGB hex. */
export const NAMED_COLOURS: Readonly<Record<string, string>> = {
  white: 'ffffff',
  black: '000000',
  red: 'ff0000',
  green: '008000',
  lime: '00ff00',
  blue: '0000ff',
  yellow: 'ffff00',
  cyan: '00ffff',
  aqua: '00ffff',
  magenta: 'ff00ff',
  fuchsia: 'ff00ff',
  orange: 'ffa500',
  brown: 'a52a2a',
  pink: 'ffc0cb',
  purple: '800080',
  violet: 'ee82ee',
  grey: '808080',
  gray: '808080',
  silver: 'c0c0c0',
  maroon: '800000',
  navy: '000080',
  olive: '808000',
  teal: '008080',
  gold: 'ffd700',
  beige: 'f5f5dc',
  tan: 'd2b48c',
  khaki: 'f0e68c',
  salmon: 'fa8072',
  coral: 'ff7f50',
  crimson: 'dc143c',
  indigo: '4b0082',
  turquoise: '40e0d0',
  darkgreen: '006400',
  darkblue: '00008b',
  darkred: '8b0000',
  lightgreen: '90ee90',
  lightblue: 'add8e6',
  lightgrey: 'd3d3d3',
  lightgray: 'd3d3d3',
  darkgrey: 'a9a9a9',
  darkgray: 'a9a9a9',
  skyblue: '87ceeb',
};

/**
 * A colour value as six lower-case hex digits: `#RRGGBB`, `RRGGBB`, `RGB` / `#RGB` (webpbn's `fff`),
 * or a name of NAMED_COLOURS (any case); undefined when it is none of them.
 */
export function rgbOf(text: string): string | undefined {
  const s = text.trim().toLowerCase();
  const hex = s.startsWith('#') ? s.slice(1) : s;
  if (/^[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^[0-9a-f]{3}$/.test(hex)) return Array.from(hex, (c) => c + c).join('');
  return NAMED_COLOURS[s];
}

/** A colour name spelled as NAMED_COLOURS has it with this RGB, or undefined. */
export function namedRgb(name: string): string | undefined {
  return NAMED_COLOURS[name.toLowerCase()];
}

/** A name for an implicit background that none of `names` takes: `white`, else `background`, `background 2`, ... */
export function backgroundName(names: Iterable<string>): string {
  const taken = new Set(names);
  if (!taken.has('white')) return 'white';
  let name = 'background';
  for (let k = 2; taken.has(name); k++) name = `background ${k}`;
  return name;
}

/** A line's colour clue, as the line solver takes it. */
export function colourClueAt(p: ColourPuzzle, kind: 'row' | 'column', i: number): ColourClue {
  return kind === 'row' ? { lengths: p.rows[i], colours: p.colour.rows[i] } : { lengths: p.cols[i], colours: p.colour.cols[i] };
}

/** The puzzle as colour line logic (colour-propagate.ts) takes it. */
export function colourLogicOf(p: ColourPuzzle): ColourNonogram {
  return {
    width: p.width,
    height: p.height,
    colours: p.colour.palette.length - 1,
    rows: p.rows.map((_, i) => colourClueAt(p, 'row', i)),
    cols: p.cols.map((_, i) => colourClueAt(p, 'column', i)),
  };
}

/** Cells a colour clue needs: its blocks, and a gap between each two consecutive blocks of one colour. */
export function colourMinLength(lengths: readonly number[], colours: readonly number[]): number {
  let s = 0;
  for (let b = 0; b < lengths.length; b++) s += lengths[b] + (b > 0 && colours[b] === colours[b - 1] ? 1 : 0);
  return s;
}

/**
 * The validating constructor of colour puzzles, as `makeNonogram` is of black-and-white ones: a
 * palette of 3 to 31 colours (the background first; names non-empty and distinct, RGB six hex digits),
 * and per line its blocks, each a positive length and a colour index from 1 (never the background)
 * to the palette's last, fitting the line with the gaps its same-colour neighbours need. Errors are
 * ERR_SIZE, ERR_LINE_COUNT, ERR_FORMAT (the palette) and ERR_CLUE (a block), naming the line.
 */
export function makeColourNonogram(
  width: number,
  height: number,
  palette: readonly PaletteColour[],
  rows: readonly ColourClue[],
  cols: readonly ColourClue[],
  meta?: NonogramMeta,
): Result<Nonogram> {
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1 || v > MAX_SIDE) return fail('ERR_SIZE', `${name} must be an integer from 1 to ${MAX_SIDE}, got ${v}`);
  }
  // One colour besides the background is a black-and-white puzzle (makeNonogram): one form per puzzle.
  if (palette.length < 3) return fail('ERR_FORMAT', 'a colour palette needs the background and at least two colours (one colour is a black-and-white puzzle)');
  if (palette.length > MAX_COLOURS + 1)
    return fail('ERR_FORMAT', `a colour puzzle has at most ${MAX_COLOURS} colours besides the background, not ${palette.length - 1}`);
  const pal: PaletteColour[] = [];
  const names = new Set<string>();
  for (let k = 0; k < palette.length; k++) {
    const { name, rgb } = palette[k];
    const what = k === 0 ? 'the background colour' : `colour ${k}`;
    if (typeof name !== 'string' || name === '') return fail('ERR_FORMAT', `${what} has no name`);
    if (names.has(name)) return fail('ERR_FORMAT', `colour ${q(excerpt(name, 30))} is declared twice`);
    names.add(name);
    if (typeof rgb !== 'string' || !/^[0-9a-f]{6}$/.test(rgb)) {
      return fail('ERR_FORMAT', `${what} ${q(excerpt(name, 30))}: RGB ${q(excerpt(String(rgb), 20))} is not six lower-case hex digits`);
    }
    pal.push({ name, rgb });
  }
  if (rows.length !== height) return fail('ERR_LINE_COUNT', `expected ${height} row clues, got ${rows.length}`);
  if (cols.length !== width) return fail('ERR_LINE_COUNT', `expected ${width} column clues, got ${cols.length}`);
  const check = (lines: readonly ColourClue[], kind: 'row' | 'column', len: number): Result<{ lengths: number[][]; colours: number[][] }> => {
    const lengths: number[][] = [];
    const colours: number[][] = [];
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.lengths.length !== l.colours.length) {
        return fail('ERR_CLUE', `${kind} ${i + 1}: ${l.lengths.length} block lengths but ${l.colours.length} colours`);
      }
      for (let b = 0; b < l.lengths.length; b++) {
        const n = l.lengths[b];
        const c = l.colours[b];
        if (!Number.isInteger(n) || n < 1) return fail('ERR_CLUE', `${kind} ${i + 1}: block ${b + 1} has length ${n}; block lengths are positive integers`);
        if (c === 0) return fail('ERR_CLUE', `${kind} ${i + 1}: block ${b + 1} is in the background colour ${q(pal[0].name)}`);
        if (!Number.isInteger(c) || c < 1 || c >= pal.length) {
          return fail('ERR_CLUE', `${kind} ${i + 1}: block ${b + 1} has colour ${c}, not one of the palette's 1 to ${pal.length - 1}`);
        }
      }
      const need = colourMinLength(l.lengths, l.colours);
      if (need > len) return fail('ERR_CLUE', `${kind} ${i + 1}: its blocks need ${need} cells but the ${kind} has ${len}`);
      lengths.push([...l.lengths]);
      colours.push([...l.colours]);
    }
    return ok({ lengths, colours });
  };
  const r = check(rows, 'row', width);
  if (!r.ok) return r;
  const c = check(cols, 'column', height);
  if (!c.ok) return c;
  const p: Nonogram = { width, height, rows: r.value.lengths, cols: c.value.lengths, colour: { palette: pal, rows: r.value.colours, cols: c.value.colours } };
  if (meta && Object.keys(meta).length > 0) p.meta = meta;
  return ok(p);
}

/** The colour clues of a picture of palette indices (0 the background), rows then columns. */
export function colourCluesOfPicture(grid: ArrayLike<number>, width: number, height: number): { rows: ColourClue[]; cols: ColourClue[] } {
  const run = (at: (t: number) => number, n: number): ColourClue => {
    const lengths: number[] = [];
    const colours: number[] = [];
    for (let t = 0; t < n; t++) {
      const c = at(t);
      if (c === 0) continue;
      if (t > 0 && at(t - 1) === c) lengths[lengths.length - 1]++;
      else {
        lengths.push(1);
        colours.push(c);
      }
    }
    return { lengths, colours };
  };
  const rows = Array.from({ length: height }, (_, r) => run((t) => grid[r * width + t], width));
  const cols = Array.from({ length: width }, (_, c) => run((t) => grid[t * width + c], height));
  return { rows, cols };
}

/** The goal of a colour puzzle if it is a grid of palette indices of the puzzle's size (writers skip others). */
export function usableColourGoal(p: ColourPuzzle): Uint8Array | undefined {
  const g = p.meta?.goal;
  if (!g || g.length !== p.width * p.height) return undefined;
  for (let i = 0; i < g.length; i++) if (g[i] >= p.colour.palette.length) return undefined;
  return g;
}

/** Colour index k (1 to 30) as one letter: a to z, then A to D. */
export const colourLetter = (k: number): string => 'abcdefghijklmnopqrstuvwxyzABCD'[k - 1];
const letterIndex = (ch: string): number => 'abcdefghijklmnopqrstuvwxyzABCD'.indexOf(ch) + 1;

/**
 * The desc of a colour puzzle's descriptive id: the palette (`name=rrggbb`, names percent-encoded,
 * background first, joined by `,`), then `;`, then the clues as Tatham's encoding has them (columns
 * then rows, lines joined by `/`) with each block its length and its colour's letter (`2a3b`). A
 * black-and-white desc holds only digits, `.` and `/`, so the `;` tells the two apart.
 */
export function makeColourDesc(p: ColourPuzzle): string {
  const pal = p.colour.palette.map((c) => `${encodeURIComponent(c.name)}=${c.rgb}`).join(',');
  const line = (lengths: readonly number[], colours: readonly number[]): string => lengths.map((n, b) => `${n}${colourLetter(colours[b])}`).join('');
  const clues = [...p.cols.map((l, i) => line(l, p.colour.cols[i])), ...p.rows.map((l, i) => line(l, p.colour.rows[i]))];
  return `${pal};${clues.join('/')}`;
}

export const isColourDesc = (desc: string): boolean => desc.includes(';');

/** Reads `makeColourDesc` text for a width x height puzzle; errors carry `line`. */
export function parseColourDesc(width: number, height: number, desc: string, line?: number): Result<Nonogram> {
  const semi = desc.indexOf(';');
  const palette: PaletteColour[] = [];
  for (const part of desc.slice(0, semi).split(',')) {
    const m = /^([^=]+)=([0-9a-f]{6})$/.exec(part);
    if (!m) return fail('ERR_SYNTAX', `palette entry ${q(excerpt(part, 30))}: expected name=rrggbb`, line);
    let name: string;
    try {
      name = decodeURIComponent(m[1]);
    } catch {
      return fail('ERR_SYNTAX', `palette entry ${q(excerpt(part, 30))}: its name is not percent-encoded text`, line);
    }
    palette.push({ name, rgb: m[2] });
  }
  const lines = desc.slice(semi + 1).split('/');
  if (lines.length !== width + height) {
    return fail('ERR_LINE_COUNT', `${lines.length} lines of clues, expected ${width} columns then ${height} rows`, line);
  }
  const clues: ColourClue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const kind = i < width ? 'column' : 'row';
    const idx = i < width ? i : i - width;
    const lengths: number[] = [];
    const colours: number[] = [];
    const text = lines[i];
    let pos = 0;
    while (pos < text.length) {
      const m = /^([0-9]+)([a-zA-Z])/.exec(text.slice(pos));
      if (!m) return fail('ERR_SYNTAX', `${kind} ${idx + 1}: expected a length and a colour letter (2a) at ${q(excerpt(text.slice(pos), 12))}`, line);
      const k = letterIndex(m[2]);
      if (k === 0 || k >= palette.length) return fail('ERR_CLUE', `${kind} ${idx + 1}: colour ${q(m[2])} is not in the palette`, line);
      lengths.push(Number(m[1]));
      colours.push(k);
      pos += m[0].length;
    }
    clues.push({ lengths, colours });
  }
  const r = makeColourNonogram(width, height, palette, clues.slice(width), clues.slice(0, width));
  if (!r.ok && line !== undefined && r.error.line === undefined) return fail(r.error.code, r.error.message, line);
  return r;
}

/**
 * The canonical form of a colour puzzle (see canonical.ts): the palette's RGB values, then the
 * picture (palette indices as `.` and letters) least under the grid's symmetries. The form of a
 * black-and-white puzzle is unchanged; the two never collide (this one has a third `:` part).
 */
export function canonicalColour(p: ColourPuzzle, solution: ArrayLike<number>): string {
  const { width, height } = p;
  let best: string | undefined;
  for (const sym of gridSymmetries(width, height)) {
    const cells = new Array<string>(width * height);
    for (let i = 0; i < width * height; i++) cells[sym.cell(i)] = solution[i] === 0 ? '.' : colourLetter(solution[i]);
    const text = cells.join('');
    if (best === undefined || text < best) best = text;
  }
  return `nonogram:${width}x${height}:${p.colour.palette.map((c) => c.rgb).join(',')}:${best ?? ''}`;
}
