/**
 * Mirek and Petr Olšák's griddler format `.g` (the inputs of their solver "grid", as shipped with
 * pbnsolve), black-and-white and colour:
 *
 *   Any text: lines before the first line starting with # or : are comments
 *   #d                      colour declarations (absent: black and white)
 *     0:   white            <inchar>:<outchar> <colour> [comment]; inchar 0 the background,
 *     1:*  black            1 the colour of numbers without a suffix, others a suffix (3r)
 *     r:&  red              a colour is an X11 name or #RRGGBB
 *   : rows                  (the rest of a : line is a comment) the rows, top to bottom
 *   1 1r 1                  one line per row: blocks N or N<inchar>; an empty line an empty row
 *   : columns               the columns, left to right
 *   ...
 *   : end                   the data ends (text after it is ignored); or the file ends
 *
 * A file with one colour besides the background is black and white. Triddlers (`#t`) and triangle
 * cells (`a/b` colours) are refused. A colour's name is its colour word when that is a colour name
 * (yellow), else its inchar (ruze.g's `#9CF200` colours are `z`, `g`, ...). Titles and goals are
 * not carried: the writer puts a comment line first and names each colour by a letter (or a
 * one-character name), its colour the name when that names its RGB, else `#RRGGBB`.
 */
import { ok, type Result } from '../../../core/result.ts';
import { colourLetter, colourMinLength, isColourPuzzle, makeColourNonogram, namedRgb, rgbOf, type ColourPuzzle } from '../colour.ts';
import type { ColourClue } from '../colour-line.ts';
import type { Nonogram, PaletteColour } from '../types.ts';
import { buildPuzzle, checkClue, excerpt, fail, natural, q, splitLines, stripBom, type LineKind } from './common.ts';

interface Decl {
  inchar: string;
  word: string;
  rgb: string;
  line: number;
}

/** Reads one `.g` puzzle. */
export function parseG(input: string): Result<Nonogram[]> {
  const lines = splitLines(stripBom(input));
  let i = lines.findIndex((l) => l.startsWith('#') || l.startsWith(':'));
  if (i < 0) return fail(input.trim() === '' ? 'ERR_EMPTY' : 'ERR_MISSING', 'no line starting with ":" (the rows) in this .g text', 1);
  const decls: Decl[] = [];
  let declared = false;
  while (i < lines.length && !lines[i].startsWith(':')) {
    const l = lines[i];
    if (/^#[tT]/.test(l)) return fail('ERR_FORMAT', 'a triddler (#t): only rectangular grids are supported', i + 1);
    if (/^#[dD]/.test(l)) declared = true;
    else if (l.startsWith('#') || l.trim() === '') {
      // another # line or a blank line: nothing
    } else if (declared) {
      const m = /^\s*(\S):(.)\s*(\S+)/.exec(l);
      if (!m) return fail('ERR_SYNTAX', `colour declaration ${q(excerpt(l.trim(), 30))}: expected <inchar>:<outchar> <colour>`, i + 1);
      const [, inchar, , word] = m;
      if (/[/\\]/.test(word)) return fail('ERR_FORMAT', `colour ${q(inchar)} is a triangle cell (${q(word)}): only square cells are supported`, i + 1);
      if (/[2-9]/.test(inchar))
        return fail('ERR_FORMAT', `colour ${q(inchar)}: a digit other than 0 and 1 cannot name a colour (its blocks would read as numbers)`, i + 1);
      if (decls.some((d) => d.inchar === inchar)) return fail('ERR_FORMAT', `colour ${q(inchar)} is declared twice`, i + 1);
      const rgb = rgbOf(word);
      if (rgb === undefined) return fail('ERR_FORMAT', `colour ${q(inchar)}: ${q(word)} is neither a colour name nor #RRGGBB`, i + 1);
      decls.push({ inchar, word, rgb, line: i + 1 });
    }
    i++;
  }
  // The sections: from each : line to the next; the data ends at the third : line or the file's end.
  const sections: { start: number; lines: string[] }[] = [];
  while (i < lines.length && sections.length < 2) {
    const start = i + 1;
    const body: string[] = [];
    i++;
    while (i < lines.length && !lines[i].startsWith(':')) body.push(lines[i++]);
    if (i >= lines.length) while (body.length > 0 && body[body.length - 1].trim() === '') body.pop();
    sections.push({ start, lines: body });
  }
  if (sections.length < 2) return fail('ERR_MISSING', 'no second ":" line (the columns) in this .g text', sections[0]?.start ?? lines.length);
  const [rowSec, colSec] = sections;
  const height = rowSec.lines.length;
  const width = colSec.lines.length;
  if (height === 0) return fail('ERR_SIZE', 'no rows', rowSec.start);
  if (width === 0) return fail('ERR_SIZE', 'no columns', colSec.start);

  const bg = decls.find((d) => d.inchar === '0');
  const colours = decls.filter((d) => d.inchar !== '0');
  if (colours.length < 2) {
    // Black and white: numbers without a suffix (or with the one colour's suffix).
    const one = colours[0]?.inchar;
    const read = (sec: { start: number; lines: string[] }, kind: LineKind, len: number): Result<number[][]> => {
      const out: number[][] = [];
      for (let k = 0; k < sec.lines.length; k++) {
        const nums: number[] = [];
        for (const tok of sec.lines[k]
          .trim()
          .split(/\s+/)
          .filter((t) => t !== '')) {
          const m = /^([0-9]+)(\D?)$/.exec(tok);
          if (!m || (m[2] !== '' && m[2] !== one))
            return fail('ERR_NUMBER', `${kind} ${k + 1}: ${q(tok)} is not a block${one ? ` (N or N${one})` : ''}`, sec.start + k + 1);
          nums.push(natural(m[1]) as number);
        }
        const c = checkClue(nums, kind, k, len, sec.start + k + 1);
        if (!c.ok) return c;
        out.push(c.value);
      }
      return ok(out);
    };
    const rows = read(rowSec, 'row', width);
    if (!rows.ok) return rows;
    const cols = read(colSec, 'column', height);
    if (!cols.ok) return cols;
    const p = buildPuzzle(width, height, rows.value, cols.value, undefined, rowSec.start);
    return p.ok ? ok([p.value]) : p;
  }

  const palette: PaletteColour[] = [{ name: bg ? nameOf(bg, decls) : 'white', rgb: bg ? bg.rgb : 'ffffff' }];
  const index = new Map<string, number>();
  for (const d of colours) {
    index.set(d.inchar, palette.length);
    palette.push({ name: nameOf(d, decls), rgb: d.rgb });
  }
  const read = (sec: { start: number; lines: string[] }, kind: LineKind): Result<ColourClue[]> => {
    const out: ColourClue[] = [];
    for (let k = 0; k < sec.lines.length; k++) {
      const lengths: number[] = [];
      const cs: number[] = [];
      const line = sec.start + k + 1;
      const toks = sec.lines[k]
        .trim()
        .split(/\s+/)
        .filter((t) => t !== '');
      for (const tok of toks) {
        const m = /^([0-9]+)(\D?)$/.exec(tok);
        if (!m) return fail('ERR_NUMBER', `${kind} ${k + 1}: ${q(tok)} is not a block (N or N<colour>, e.g. 3r)`, line);
        const n = natural(m[1]) as number;
        if (n === 0 && toks.length === 1) break;
        if (n === 0) return fail('ERR_CLUE', `${kind} ${k + 1}: 0 may only stand alone, for an empty line`, line);
        const suffix = m[2] === '' ? '1' : m[2];
        if (suffix === '0' || (bg && suffix === bg.inchar)) return fail('ERR_CLUE', `${kind} ${k + 1}: block ${q(tok)} is in the background colour`, line);
        const c = index.get(suffix);
        if (c === undefined) {
          return fail(
            'ERR_CLUE',
            m[2] === ''
              ? `${kind} ${k + 1}: block ${q(tok)} has no colour, and no colour 1 is declared`
              : `${kind} ${k + 1}: block ${q(tok)}: colour ${q(suffix)} is not declared`,
            line,
          );
        }
        lengths.push(n);
        cs.push(c);
      }
      const need = colourMinLength(lengths, cs);
      const len = kind === 'row' ? width : height;
      if (need > len) return fail('ERR_CLUE', `${kind} ${k + 1}: its blocks need ${need} cells but the ${kind} has ${len}`, line);
      out.push({ lengths, colours: cs });
    }
    return ok(out);
  };
  const rows = read(rowSec, 'row');
  if (!rows.ok) return rows;
  const cols = read(colSec, 'column');
  if (!cols.ok) return cols;
  const p = makeColourNonogram(width, height, palette, rows.value, cols.value);
  if (!p.ok) return p.error.line === undefined ? fail(p.error.code, p.error.message, rowSec.start) : p;
  return ok([p.value]);
}

/** A declared colour's name: its colour word when that is a colour name no other declaration uses, else its inchar. */
function nameOf(d: Decl, all: readonly Decl[]): string {
  const named = namedRgb(d.word) !== undefined && !d.word.startsWith('#');
  return named && all.filter((o) => o.word.toLowerCase() === d.word.toLowerCase()).length === 1 ? d.word : d.inchar;
}

/** The inchars a written colour puzzle uses: a one-character name when it can be one, else a letter. */
function incharsOf(p: ColourPuzzle): string[] {
  const out: string[] = ['0'];
  const taken = new Set<string>(['0', '1']);
  const pal = p.colour.palette;
  const own = pal.map((c, k) => k > 0 && c.name.length === 1 && /[^\s0-9:#/\\]/.test(c.name) && namedRgb(c.name) === undefined);
  for (let k = 1; k < pal.length; k++) if (own[k]) taken.add(pal[k].name);
  let next = 1;
  for (let k = 1; k < pal.length; k++) {
    if (own[k]) out.push(pal[k].name);
    else {
      while (taken.has(colourLetter(next))) next++;
      out.push(colourLetter(next));
      taken.add(colourLetter(next));
    }
  }
  return out;
}

/** Writes one puzzle as a `.g` text. */
export function makeG(p: Nonogram): string {
  const out = [`proofgrid ${p.colour ? 'colour ' : ''}nonogram ${p.width}x${p.height}${p.meta?.title ? `: ${p.meta.title.replace(/[\r\n]+/g, ' ')}` : ''}`];
  let line = (lengths: readonly number[], _i: number, _kind: LineKind): string => lengths.join(' ');
  if (isColourPuzzle(p)) {
    const chars = incharsOf(p);
    out.push('#d');
    p.colour.palette.forEach((c, k) => {
      const word = namedRgb(c.name) === c.rgb ? c.name : `#${c.rgb.toUpperCase()}`;
      out.push(`  ${chars[k]}:${k === 0 ? '.' : chars[k]}  ${word}`);
    });
    line = (lengths, i, kind) => {
      const cs = kind === 'row' ? p.colour.rows[i] : p.colour.cols[i];
      return lengths.map((n, b) => `${n}${chars[cs[b]]}`).join(' ');
    };
  }
  out.push(': rows');
  p.rows.forEach((l, i) => out.push(line(l, i, 'row')));
  out.push(': columns');
  p.cols.forEach((l, i) => out.push(line(l, i, 'column')));
  out.push(': end');
  return `${out.join('\n')}\n`;
}

/** Whether writing `p` as `.g` loses something: a title, author or goal, or a colour's name. */
export function gLoses(p: Nonogram): boolean {
  if (p.meta && Object.keys(p.meta).length > 0) return true;
  if (!p.colour) return false;
  const back = parseG(makeG(p));
  return !back.ok || back.value[0].colour?.palette.some((c, k) => c.name !== p.colour?.palette[k].name) !== false;
}
