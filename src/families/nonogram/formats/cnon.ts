/**
 * Carlos Serrada's `.cnon` (cserradag96/colored-nonogram-solver), a colour format:
 *
 *   C W H                 the number of colours, the width, the height
 *   A #E8AD00             C lines: a colour's name (one token) and its RGB
 *   2:A,1:E               H lines of row clues, top to bottom, then W lines of column clues, left
 *   ...                   to right: blocks `<length>:<colour name>` joined by commas
 *
 * The background is implicit (white, written `white` here). An empty line (or `0`) is an empty row
 * or column. With one colour the puzzle is black and white. Titles and goals are not carried.
 */
import { ok, type Result } from '../../../core/result.ts';
import { backgroundName, isColourPuzzle, makeColourNonogram, rgbOf } from '../colour.ts';
import type { ColourClue } from '../colour-line.ts';
import type { Nonogram, PaletteColour } from '../types.ts';
import { buildPuzzle, checkClue, excerpt, fail, natural, parseSide, q, splitLines, stripBom, type LineKind } from './common.ts';

export function parseCnon(input: string): Result<Nonogram[]> {
  // The final newline ends the last line; blank lines after it are lines of their own.
  const lines = splitLines(stripBom(input).replace(/\r?\n$/, ''));
  let blankTail = 0;
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') {
    lines.pop();
    blankTail++;
  }
  if (lines.length === 0) return fail('ERR_EMPTY', 'empty input: no .cnon header', 1);
  const head = lines[0].trim().split(/\s+/);
  if (head.length !== 3) return fail('ERR_SYNTAX', `the header ${q(excerpt(lines[0], 30))} should be three numbers: colours, width, height`, 1);
  const count = natural(head[0]);
  if (count === undefined || count < 1 || count > 30) return fail('ERR_NUMBER', `the number of colours ${q(head[0])} should be from 1 to 30`, 1);
  const w = parseSide(head[1], 'width', 1);
  if (!w.ok) return w;
  const h = parseSide(head[2], 'height', 1);
  if (!h.ok) return h;
  const width = w.value;
  const height = h.value;
  const need = 1 + count + height + width;
  // Blank lines at the end are empty columns as far as the file needs them.
  while (lines.length < need && blankTail-- > 0) lines.push('');
  if (lines.length < need) return fail('ERR_LINE_COUNT', `${lines.length} lines, a .cnon of ${count} colours and ${width}x${height} has ${need}`, lines.length);
  if (lines.length > need) return fail('ERR_LINE_COUNT', `text after the last of ${width} column clues`, need + 1);
  const palette: PaletteColour[] = [{ name: 'white', rgb: 'ffffff' }];
  const index = new Map<string, number>();
  for (let k = 1; k <= count; k++) {
    const t = lines[k].trim().split(/\s+/);
    const rgb = t.length === 2 ? rgbOf(t[1]) : undefined;
    if (t.length !== 2 || rgb === undefined) return fail('ERR_SYNTAX', `colour line ${q(excerpt(lines[k], 30))}: expected <name> #RRGGBB`, k + 1);
    if (index.has(t[0])) return fail('ERR_FORMAT', `colour ${q(t[0])} is declared twice`, k + 1);
    index.set(t[0], palette.length);
    palette.push({ name: t[0], rgb });
  }
  const clues: ColourClue[] = [];
  for (let i = 0; i < height + width; i++) {
    const at = 1 + count + i;
    const kind: LineKind = i < height ? 'row' : 'column';
    const idx = i < height ? i : i - height;
    const text = lines[at].trim();
    const lengths: number[] = [];
    const colours: number[] = [];
    if (text !== '' && text !== '0') {
      for (const part of text.split(',')) {
        const m = /^\s*([0-9]+)\s*:\s*(\S+)\s*$/.exec(part);
        if (!m) return fail('ERR_SYNTAX', `${kind} ${idx + 1}: block ${q(excerpt(part.trim(), 20))} should be <length>:<colour>`, at + 1);
        const k = index.get(m[2]);
        if (k === undefined) return fail('ERR_CLUE', `${kind} ${idx + 1}: colour ${q(m[2])} is not declared`, at + 1);
        const n = natural(m[1]) as number;
        if (n === 0) return fail('ERR_CLUE', `${kind} ${idx + 1}: a block of length 0`, at + 1);
        lengths.push(n);
        colours.push(k);
      }
    }
    clues.push({ lengths, colours });
  }
  const rows = clues.slice(0, height);
  const cols = clues.slice(height);
  if (count === 1) {
    const check = (ls: ColourClue[], kind: LineKind, len: number, first: number): Result<number[][]> => {
      const out: number[][] = [];
      for (let i = 0; i < ls.length; i++) {
        const c = checkClue(ls[i].lengths, kind, i, len, first + i + 1);
        if (!c.ok) return c;
        out.push(c.value);
      }
      return ok(out);
    };
    const r = check(rows, 'row', width, 1 + count);
    if (!r.ok) return r;
    const c = check(cols, 'column', height, 1 + count + height);
    if (!c.ok) return c;
    const p = buildPuzzle(width, height, r.value, c.value, undefined, 1);
    return p.ok ? ok([p.value]) : p;
  }
  palette[0].name = backgroundName(palette.slice(1).map((c) => c.name));
  const p = makeColourNonogram(width, height, palette, rows, cols);
  if (!p.ok) return p.error.line === undefined ? fail(p.error.code, p.error.message, 1) : p;
  return ok([p.value]);
}

/** Writes one puzzle as `.cnon` (a black-and-white one as one colour, `black`). Names with spaces, commas or colons are written with `_`. */
export function makeCnon(p: Nonogram): string {
  const token = (s: string): string => s.replace(/[\s,:]/g, '_');
  const palette = isColourPuzzle(p)
    ? p.colour.palette
    : [
        { name: 'white', rgb: 'ffffff' },
        { name: 'black', rgb: '000000' },
      ];
  const names = palette.map((c, k) => (k === 0 ? c.name : token(c.name)));
  const out = [`${palette.length - 1} ${p.width} ${p.height}`];
  for (let k = 1; k < palette.length; k++) out.push(`${names[k]} #${palette[k].rgb.toUpperCase()}`);
  const line = (lengths: readonly number[], colours: readonly number[] | undefined): string =>
    lengths.length === 0 ? '0' : lengths.map((n, b) => `${n}:${names[colours ? colours[b] : 1]}`).join(',');
  p.rows.forEach((l, i) => out.push(line(l, p.colour?.rows[i])));
  p.cols.forEach((l, i) => out.push(line(l, p.colour?.cols[i])));
  return `${out.join('\n')}\n`;
}
