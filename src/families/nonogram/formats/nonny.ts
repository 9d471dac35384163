/**
 * Nonny's colour extension of the `.non` format (gkikola/nonny), read and written through `non`:
 *
 *   title "Tree"                  key lines, as in .non (title, by, width, height)
 *   by "Gregory Kikola"
 *   width 10
 *   height 10
 *   color black 000000 X          color <name> <RRGGBB> <char>, one per colour
 *   color green 00B000 #
 *   rows                          `height` non-blank clue lines (blank lines are skipped)
 *   green 2                       numbers and colour names separated by commas, colons or spaces:
 *   black 4 brown 2 black 4       a name sets the colour of the numbers after it; each line starts
 *   columns                       in black; 0 is an empty line
 *   ...
 *
 * The background is implicit (white; a `color` line naming `white` or `background` declares it).
 * The palette is the declared colours in file order, then `black` when clues use it undeclared.
 * With one colour the puzzle is black and white (the `.non` reader's path is then used instead).
 */
import { ok, type Result } from '../../../core/result.ts';
import { colourLetter, makeColourNonogram, rgbOf, type ColourPuzzle } from '../colour.ts';
import type { ColourClue } from '../colour-line.ts';
import type { Nonogram, NonogramMeta, PaletteColour } from '../types.ts';
import { excerpt, fail, natural, parseSide, q, type LineKind } from './common.ts';

const BACKGROUND_NAMES = new Set(['white', 'background']);

/** Whether the chunk [start, end) of `lines` declares colours (a `color` key line). */
export function declaresColours(lines: readonly string[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (/^\s*color\s/.test(lines[i])) return true;
  return false;
}

/** How many colours besides the background a chunk declares. */
function colourCount(lines: readonly string[], start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const m = /^\s*color\s+(\S+)/.exec(lines[i]);
    if (m && !BACKGROUND_NAMES.has(m[1].toLowerCase())) n++;
  }
  return n;
}

/** Whether a chunk is a colour puzzle (two colours or more besides the background) for parseNonny. */
export function isNonnyColour(lines: readonly string[], start: number, end: number): boolean {
  return declaresColours(lines, start, end) && colourCount(lines, start, end) >= 2;
}

const unquote = (s: string): string => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/\\"/g, '"').replace(/\\\\/g, '\\') : t;
};

/** Reads one Nonny colour puzzle from lines [start, end). */
export function parseNonny(lines: readonly string[], start: number, end: number): Result<Nonogram> {
  let width: number | undefined;
  let height: number | undefined;
  const meta: NonogramMeta = {};
  const palette: PaletteColour[] = [{ name: 'white', rgb: 'ffffff' }];
  const index = new Map<string, number>();
  // Key lines; a `rows` or `columns` line opens its section: the next `height` (`width`) non-blank lines.
  const sections: Partial<Record<'rows' | 'columns', { at: number; lines: { text: string; line: number }[] }>> = {};
  let i = start;
  while (i < end) {
    const l = lines[i].trim();
    const m = /^([A-Za-z]+)\b\s*(.*)$/.exec(l);
    i++;
    if (!m) continue;
    const key = m[1].toLowerCase();
    const rest = m[2];
    if (key === 'rows' || key === 'columns') {
      const count = key === 'rows' ? height : width;
      if (count === undefined) return fail('ERR_MISSING', `the ${key} section comes before the ${key === 'rows' ? 'height' : 'width'} line`, i);
      if (sections[key]) return fail('ERR_SYNTAX', `a second ${key} section`, i);
      const body: { text: string; line: number }[] = [];
      while (body.length < count && i < end) {
        if (lines[i].trim() !== '') body.push({ text: lines[i].trim(), line: i + 1 });
        i++;
      }
      if (body.length < count) return fail('ERR_LINE_COUNT', `the ${key} section has ${body.length} clue lines, expected ${count}`, i);
      sections[key] = { at: i, lines: body };
    } else if (key === 'width' || key === 'height') {
      const sz = parseSide(rest.trim(), key, i);
      if (!sz.ok) return sz;
      if (key === 'width') width = sz.value;
      else height = sz.value;
    } else if (key === 'title') meta.title = unquote(rest);
    else if (key === 'by') meta.author = unquote(rest);
    else if (key === 'color') {
      const t = rest.trim().split(/\s+/);
      const rgb = t.length >= 2 ? rgbOf(t[1]) : undefined;
      if (rgb === undefined) return fail('ERR_SYNTAX', `color line ${q(excerpt(l, 30))}: expected color <name> <RRGGBB> <char>`, i);
      if (BACKGROUND_NAMES.has(t[0].toLowerCase())) {
        palette[0] = { name: t[0], rgb };
        continue;
      }
      if (index.has(t[0])) return fail('ERR_FORMAT', `colour ${q(t[0])} is declared twice`, i);
      index.set(t[0], palette.length);
      palette.push({ name: t[0], rgb });
    }
  }
  if (width === undefined) return fail('ERR_MISSING', 'no "width" line', start + 1);
  if (height === undefined) return fail('ERR_MISSING', 'no "height" line', start + 1);
  const rowSec = sections.rows;
  const colSec = sections.columns;
  if (!rowSec) return fail('ERR_MISSING', 'no "rows" section', start + 1);
  if (!colSec) return fail('ERR_MISSING', 'no "columns" section', start + 1);
  const section = (body: { text: string; line: number }[], kind: LineKind): Result<ColourClue[]> => {
    const out: ColourClue[] = [];
    for (const { text, line } of body) {
      const idx = out.length;
      const lengths: number[] = [];
      const colours: number[] = [];
      let colour = 'black';
      const toks = text.split(/[\s,:]+/).filter((t) => t !== '');
      for (const tok of toks) {
        const n = natural(tok);
        if (n === undefined) {
          colour = tok;
          continue;
        }
        if (n === 0) {
          if (toks.length === 1) break;
          return fail('ERR_CLUE', `${kind} ${idx + 1}: 0 may only stand alone, for an empty line`, line);
        }
        if (colour === palette[0].name || (BACKGROUND_NAMES.has(colour.toLowerCase()) && !index.has(colour))) {
          return fail('ERR_CLUE', `${kind} ${idx + 1}: a block in the background colour ${q(colour)}`, line);
        }
        let k = index.get(colour);
        if (k === undefined && colour === 'black') {
          k = palette.length;
          index.set('black', k);
          palette.push({ name: 'black', rgb: '000000' });
        }
        if (k === undefined) return fail('ERR_CLUE', `${kind} ${idx + 1}: colour ${q(colour)} is not declared`, line);
        lengths.push(n);
        colours.push(k);
      }
      out.push({ lengths, colours });
    }
    return ok(out);
  };
  const rows = section(rowSec.lines, 'row');
  if (!rows.ok) return rows;
  const cols = section(colSec.lines, 'column');
  if (!cols.ok) return cols;
  const p = makeColourNonogram(width, height, palette, rows.value, cols.value, meta);
  return !p.ok && p.error.line === undefined ? fail(p.error.code, p.error.message, rowSec.lines[0]?.line ?? start + 1) : p;
}

const encodeString = (s: string): string =>
  `"${s
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')}"`;

/** Writes a colour puzzle in Nonny's form (names with spaces, commas or colons written with `_`). */
export function makeNonny(p: ColourPuzzle): string {
  const token = (s: string): string => (/^[0-9]+$/.test(s) ? `c${s}` : s.replace(/[\s,:]/g, '_'));
  const pal = p.colour.palette;
  // A colour's name that would read as the background is written with a leading _.
  const names = pal.map((c, k) => (k > 0 && BACKGROUND_NAMES.has(token(c.name).toLowerCase()) ? `_${token(c.name)}` : token(c.name)));
  const out: string[] = [];
  if (p.meta?.title) out.push(`title ${encodeString(p.meta.title)}`);
  if (p.meta?.author) out.push(`by ${encodeString(p.meta.author)}`);
  out.push(`width ${p.width}`, `height ${p.height}`, '');
  if (!(pal[0].name === 'white' && pal[0].rgb === 'ffffff'))
    out.push(`color ${BACKGROUND_NAMES.has(names[0].toLowerCase()) ? names[0] : 'background'} ${pal[0].rgb.toUpperCase()} .`);
  for (let k = 1; k < pal.length; k++) out.push(`color ${names[k]} ${pal[k].rgb.toUpperCase()} ${colourLetter(k)}`);
  const line = (lengths: readonly number[], colours: readonly number[]): string => {
    if (lengths.length === 0) return '0';
    let cur = 'black';
    const parts: string[] = [];
    lengths.forEach((n, b) => {
      const name = names[colours[b]];
      if (name !== cur) {
        parts.push(name);
        cur = name;
      }
      parts.push(String(n));
    });
    return parts.join(' ');
  };
  out.push('', 'rows');
  p.rows.forEach((l, i) => out.push(line(l, p.colour.rows[i])));
  out.push('', 'columns');
  p.cols.forEach((l, i) => out.push(line(l, p.colour.cols[i])));
  return `${out.join('\n')}\n`;
}
