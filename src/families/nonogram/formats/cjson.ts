/**
 * The JSON of klepaczmikolaj/color-nonogram-solver, a colour format:
 *
 *   {"horizontal": [[{"v": 3, "c": "Red"}, {"v": 1, "c": "Yellow"}], ...],   the rows, top to bottom
 *    "vertical":   [[...], ...]}                                              the columns, left to right
 *
 * Each block is its length `v` and its colour's name `c`, one of Black, Red, Green, Yellow, Blue,
 * Magenta, Cyan, White (any NAMED_COLOURS name is read); the background is implicit (white). The
 * palette is the colours in order of first use, rows first. With one colour it is black and white.
 */
import { ok, type Result } from '../../../core/result.ts';
import { backgroundName, isColourPuzzle, makeColourNonogram, namedRgb } from '../colour.ts';
import type { ColourClue } from '../colour-line.ts';
import { MAX_SIDE, type Nonogram, type PaletteColour } from '../types.ts';
import { buildPuzzle, checkClue, excerpt, fail, q, stripBom, type LineKind } from './common.ts';

export function parseColourJson(input: string): Result<Nonogram[]> {
  const text = stripBom(input);
  if (text.trim() === '') return fail('ERR_EMPTY', 'empty input: no JSON', 1);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return fail('ERR_SYNTAX', `JSON: ${excerpt(e instanceof Error ? e.message : String(e), 100)}`, 1);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return fail('ERR_FORMAT', 'expected a JSON object with "horizontal" and "vertical"', 1);
  const o = doc as Record<string, unknown>;
  const palette: PaletteColour[] = [{ name: 'white', rgb: 'ffffff' }];
  const index = new Map<string, number>();
  const read = (key: string, kind: LineKind): Result<ColourClue[]> => {
    const v = o[key];
    if (!Array.isArray(v)) return fail('ERR_MISSING', `no "${key}" array (the ${kind}s)`, 1);
    if (v.length < 1 || v.length > MAX_SIDE) return fail('ERR_SIZE', `"${key}" has ${v.length} lines; from 1 to ${MAX_SIDE}`, 1);
    const out: ColourClue[] = [];
    for (let i = 0; i < v.length; i++) {
      const l = v[i];
      if (!Array.isArray(l)) return fail('ERR_SYNTAX', `${kind} ${i + 1}: expected an array of blocks`, 1);
      const lengths: number[] = [];
      const colours: number[] = [];
      for (const b of l) {
        const blk = b as { v?: unknown; c?: unknown } | null;
        if (typeof blk !== 'object' || blk === null || typeof blk.v !== 'number' || typeof blk.c !== 'string') {
          return fail('ERR_SYNTAX', `${kind} ${i + 1}: a block should be {"v": <length>, "c": "<colour>"}`, 1);
        }
        if (!Number.isInteger(blk.v) || blk.v < 1 || blk.v > MAX_SIDE)
          return fail('ERR_CLUE', `${kind} ${i + 1}: block length ${blk.v} is not a positive integer`, 1);
        let k = index.get(blk.c);
        if (k === undefined) {
          const rgb = namedRgb(blk.c);
          if (rgb === undefined) return fail('ERR_CLUE', `${kind} ${i + 1}: colour ${q(blk.c)} is not a colour name`, 1);
          k = palette.length;
          index.set(blk.c, k);
          palette.push({ name: blk.c, rgb });
        }
        lengths.push(blk.v);
        colours.push(k);
      }
      out.push({ lengths, colours });
    }
    return ok(out);
  };
  const rows = read('horizontal', 'row');
  if (!rows.ok) return rows;
  const cols = read('vertical', 'column');
  if (!cols.ok) return cols;
  const width = cols.value.length;
  const height = rows.value.length;
  if (palette.length <= 2) {
    const lens = (ls: ColourClue[], kind: LineKind, len: number): Result<number[][]> => {
      const out: number[][] = [];
      for (let i = 0; i < ls.length; i++) {
        const c = checkClue(ls[i].lengths, kind, i, len, 1);
        if (!c.ok) return c;
        out.push(c.value);
      }
      return ok(out);
    };
    const r = lens(rows.value, 'row', width);
    if (!r.ok) return r;
    const c = lens(cols.value, 'column', height);
    if (!c.ok) return c;
    const p = buildPuzzle(width, height, r.value, c.value, undefined, 1);
    return p.ok ? ok([p.value]) : p;
  }
  palette[0].name = backgroundName(palette.slice(1).map((c) => c.name));
  const p = makeColourNonogram(width, height, palette, rows.value, cols.value);
  if (!p.ok) return p.error.line === undefined ? fail(p.error.code, p.error.message, 1) : p;
  return ok([p.value]);
}

/**
 * Writes one puzzle in this JSON; each colour by its name when that names its RGB, else as the
 * nearest of the format's eight names is not attempted: such puzzles are refused (ERR_FORMAT).
 */
export function makeColourJson(p: Nonogram): Result<string> {
  const names = isColourPuzzle(p) ? p.colour.palette.map((c) => c.name) : ['white', 'Black'];
  if (isColourPuzzle(p)) {
    const bad = p.colour.palette.findIndex((c, k) => k > 0 && namedRgb(c.name) !== c.rgb);
    if (bad >= 0) {
      const c = p.colour.palette[bad];
      return fail(
        'ERR_FORMAT',
        `colour ${q(c.name)} (${c.rgb}) is not a colour name of its RGB; this JSON names colours only (Black, Red, Green, Yellow, Blue, ...)`,
      );
    }
  }
  const line = (lengths: readonly number[], colours: readonly number[] | undefined): string =>
    `[${lengths.map((n, b) => `{"v": ${n}, "c": ${JSON.stringify(names[colours ? colours[b] : 1])}}`).join(', ')}]`;
  const rows = p.rows.map((l, i) => `    ${line(l, p.colour?.rows[i])}`);
  const cols = p.cols.map((l, i) => `    ${line(l, p.colour?.cols[i])}`);
  return ok(`{\n  "horizontal": [\n${rows.join(',\n')}\n  ],\n  "vertical": [\n${cols.join(',\n')}\n  ]\n}\n`);
}
