/**
 * The comma-separated colour format of valenpe7/nonogram_solver (a CTU course's inputs):
 *
 *   40,40          ROWS,COLUMNS (rows first)
 *   O,3,B,4        ROWS lines of row clues, top to bottom, then COLUMNS lines of column clues, left
 *   ...            to right: pairs <symbol>,<length>, a symbol one character naming a colour
 *
 * There is no palette: the colours are the symbols in order of first use, named by their symbol,
 * with RGB values of a fixed list (black, red, green, blue, ...; a symbol that is a colour letter of
 * it, such as R or G, takes that colour). An empty line is an empty row or column. With one symbol
 * the puzzle is black and white (`#` in the course's files).
 */
import { ok, type Result } from '../../../core/result.ts';
import { isColourPuzzle, makeColourNonogram } from '../colour.ts';
import type { ColourClue } from '../colour-line.ts';
import type { Nonogram, PaletteColour } from '../types.ts';
import { buildPuzzle, checkClue, excerpt, fail, natural, parseSide, q, splitLines, stripBom, type LineKind } from './common.ts';

/** RGB values given to symbols in order, and those a symbol's own letter names. */
const DEFAULT_RGB = ['000000', 'ff0000', '008000', '0000ff', 'ffa500', '800080', 'a52a2a', 'ffff00', '00ffff', 'ff00ff', '808080', '800000'];
const LETTER_RGB: Readonly<Record<string, string>> = { R: 'ff0000', G: '008000', B: '0000ff', Y: 'ffff00', O: 'ffa500', K: '000000' };

export function parseCsv(input: string): Result<Nonogram[]> {
  // The final newline ends the last line; blank lines after it are lines of their own.
  const lines = splitLines(stripBom(input).replace(/\r?\n$/, ''));
  let blankTail = 0;
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') {
    lines.pop();
    blankTail++;
  }
  if (lines.length === 0) return fail('ERR_EMPTY', 'empty input: no ROWS,COLUMNS header', 1);
  const head = lines[0].trim().split(',');
  if (head.length !== 2) return fail('ERR_SYNTAX', `the header ${q(excerpt(lines[0], 30))} should be ROWS,COLUMNS`, 1);
  const h = parseSide(head[0].trim(), 'height (rows)', 1);
  if (!h.ok) return h;
  const w = parseSide(head[1].trim(), 'width (columns)', 1);
  if (!w.ok) return w;
  const height = h.value;
  const width = w.value;
  // Blank lines at the end are empty columns as far as the file needs them; the last may lack its newline.
  while (lines.length < 1 + height + width && blankTail-- > 0) lines.push('');
  if (lines.length !== 1 + height + width) {
    return fail(
      'ERR_LINE_COUNT',
      `${lines.length - 1} lines of clues, expected ${height} rows then ${width} columns`,
      Math.min(lines.length, 2 + height + width),
    );
  }
  const symbols: string[] = [];
  const clues: ColourClue[] = [];
  for (let i = 0; i < height + width; i++) {
    const kind: LineKind = i < height ? 'row' : 'column';
    const idx = i < height ? i : i - height;
    const text = lines[1 + i].trim();
    const lengths: number[] = [];
    const colours: number[] = [];
    const parts = text === '' ? [] : text.split(',').map((s) => s.trim());
    if (parts.length % 2 !== 0) return fail('ERR_SYNTAX', `${kind} ${idx + 1}: expected pairs <symbol>,<length>`, i + 2);
    for (let t = 0; t < parts.length; t += 2) {
      const sym = parts[t];
      const n = natural(parts[t + 1]);
      if (sym.length !== 1 || /[0-9\s]/.test(sym))
        return fail('ERR_SYNTAX', `${kind} ${idx + 1}: colour symbol ${q(sym)} should be one character, not a digit`, i + 2);
      if (n === undefined || n < 1) return fail('ERR_NUMBER', `${kind} ${idx + 1}: block length ${q(parts[t + 1])} is not a positive number`, i + 2);
      let k = symbols.indexOf(sym) + 1;
      if (k === 0) {
        symbols.push(sym);
        k = symbols.length;
      }
      lengths.push(n);
      colours.push(k);
    }
    clues.push({ lengths, colours });
  }
  const rows = clues.slice(0, height);
  const cols = clues.slice(height);
  if (symbols.length <= 1) {
    const lens = (ls: ColourClue[], kind: LineKind, len: number, first: number): Result<number[][]> => {
      const out: number[][] = [];
      for (let i = 0; i < ls.length; i++) {
        const c = checkClue(ls[i].lengths, kind, i, len, first + i);
        if (!c.ok) return c;
        out.push(c.value);
      }
      return ok(out);
    };
    const r = lens(rows, 'row', width, 2);
    if (!r.ok) return r;
    const c = lens(cols, 'column', height, 2 + height);
    if (!c.ok) return c;
    const p = buildPuzzle(width, height, r.value, c.value, undefined, 1);
    return p.ok ? ok([p.value]) : p;
  }
  if (symbols.length > 30) return fail('ERR_FORMAT', `${symbols.length} colour symbols; at most 30`, 1);
  const used = new Set<string>();
  const palette: PaletteColour[] = [{ name: 'background', rgb: 'ffffff' }];
  let next = 0;
  for (const s of symbols) {
    let rgb = LETTER_RGB[s.toUpperCase()];
    if (rgb === undefined || used.has(rgb)) {
      while (next < DEFAULT_RGB.length && used.has(DEFAULT_RGB[next])) next++;
      rgb = next < DEFAULT_RGB.length ? DEFAULT_RGB[next] : ((symbols.indexOf(s) * 0x3b5f1d) & 0xffffff).toString(16).padStart(6, '0');
    }
    used.add(rgb);
    palette.push({ name: s, rgb });
  }
  const p = makeColourNonogram(width, height, palette, rows, cols);
  if (!p.ok) return p.error.line === undefined ? fail(p.error.code, p.error.message, 1) : p;
  return ok([p.value]);
}

/** Writes one puzzle: colours by their one-character names where they have them, else letters a, b, ... (`#` for black and white). */
export function makeCsv(p: Nonogram): string {
  let syms: string[] = ['_', '#'];
  if (isColourPuzzle(p)) {
    const pal = p.colour.palette;
    const own = pal.map((c, k) => k > 0 && c.name.length === 1 && /[^0-9\s,]/.test(c.name));
    const taken = new Set(pal.filter((_, k) => own[k]).map((c) => c.name));
    let next = 0;
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    syms = pal.map((c, k) => {
      if (k === 0 || own[k]) return c.name;
      while (taken.has(letters[next])) next++;
      taken.add(letters[next]);
      return letters[next];
    });
  }
  const line = (lengths: readonly number[], colours: readonly number[] | undefined): string =>
    lengths.map((n, b) => `${syms[colours ? colours[b] : 1]},${n}`).join(',');
  const out = [`${p.height},${p.width}`];
  p.rows.forEach((l, i) => out.push(line(l, p.colour?.rows[i])));
  p.cols.forEach((l, i) => out.push(line(l, p.colour?.cols[i])));
  return `${out.join('\n')}\n`;
}
