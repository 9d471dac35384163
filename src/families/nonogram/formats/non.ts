/**
 * The `.non` format: Steve Simpson's puzzle-file format as extended by mikix/nonogram-db.
 *
 * `key value` lines (catalogue, title, by, copyright, license, width, height); a `rows` line followed
 * by `height` clue lines and a `columns` line followed by `width` clue lines, each a comma-separated
 * list (`0`, or in the nonogram-db dialect a blank line, for an empty line); optional
 * `goal "0101..."`. Unknown keys are ignored. Several puzzles may be bundled, separated by `====`
 * lines (a `.nonpack`).
 *
 * The two dialects disagree on blank lines inside a section: Simpson ignores them, nonogram-db
 * counts them as empty lines. A section runs until the next key line; if it holds exactly `height`
 * (or `width`) non-blank lines, blank lines are ignored, otherwise its first `height` lines are taken
 * as they are and whatever follows must be blank. Simpson's `rows h` / `columns w` size lines are
 * accepted. Multi-colour clues (`3b`) are rejected. A puzzle with `color` lines declaring two colours
 * or more is Nonny's colour extension (nonny.ts), read and written there.
 */
import { ok, type Result } from '../../../core/result.ts';
import { isColourPuzzle } from '../colour.ts';
import type { Nonogram, NonogramMeta } from '../types.ts';
import { isNonnyColour, makeNonny, parseNonny } from './nonny.ts';
import { bitsOf, buildPuzzle, clueFromTokens, fail, gridFromBits, parseSide, q, splitLines, usableGoal, type LineKind } from './common.ts';

const META_KEYS = { catalogue: 'catalogue', title: 'title', by: 'author', copyright: 'copyright', license: 'license' } as const;

interface Section {
  header: number; // 0-based line index of the `rows`/`columns` line
  from: number; // its body: 0-based line indices from..to-1, up to the next key line (a range: a million
  to: number; // blank lines cost no million-entry list)
}

/** A key line starts with a letter (leading whitespace allowed); blank lines cost one comparison. */
function isKeyLine(line: string): boolean {
  if (line === '') return false;
  const c = line.charCodeAt(0);
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  return /^\s+[A-Za-z]/.test(line);
}
const isBlank = (line: string): boolean => line === '' || line.trim() === '';

/** Reads a `.non` file (or a `.nonpack` bundle) into puzzles. */
export function parseNon(text: string): Result<Nonogram[]> {
  const lines = splitLines(text);
  if (text.trim() === '') return fail('ERR_EMPTY', 'empty input: no .non puzzle', 1);
  const out: Nonogram[] = [];
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && (lines[i].length < 4 || lines[i].trim() !== '====')) continue;
    let blank = true;
    for (let k = start; k < i && blank; k++) blank = lines[k] === '' || lines[k].trim() === '';
    if (!blank) {
      const r = isNonnyColour(lines, start, i) ? parseNonny(lines, start, i) : parseChunk(lines, start, i);
      if (!r.ok) return r;
      out.push(r.value);
    }
    start = i + 1;
  }
  if (out.length === 0) return fail('ERR_EMPTY', 'no .non puzzle: only "====" separators', 1);
  return ok(out);
}

function parseChunk(lines: readonly string[], start: number, end: number): Result<Nonogram> {
  let width: number | undefined;
  let height: number | undefined;
  let rows: Section | undefined;
  let cols: Section | undefined;
  let goal: { bits: string; line: number } | undefined;
  const meta: NonogramMeta = {};
  let last = start;
  let i = start;
  while (i < end) {
    const t = lines[i] === '' ? '' : lines[i].trim();
    if (t === '') {
      i++;
      continue;
    }
    last = i;
    const line = i + 1;
    if (!isKeyLine(t)) {
      // Unrecognised lines are ignored, but a stray clue line is a mistake worth reporting.
      if (/^[0-9]/.test(t)) return fail('ERR_SYNTAX', `${q(t)} is a clue line outside a rows or columns section`, line);
      i++;
      continue;
    }
    // The key runs to the first whitespace (any: U+2028 and U+2029 too), the value is the rest.
    const sp = t.search(/\s/);
    const key = (sp < 0 ? t : t.slice(0, sp)).toLowerCase();
    const value = sp < 0 ? '' : t.slice(sp).trim();
    i++;
    if (key === 'width' || key === 'height' || ((key === 'rows' || key === 'columns') && value !== '')) {
      // Simpson: `rows h` declares the height and `columns w` the width.
      const name = key === 'width' || key === 'columns' ? 'width' : 'height';
      if ((name === 'width' ? width : height) !== undefined) return fail('ERR_SYNTAX', `${name} is given twice`, line);
      const r = parseSide(value, name, line);
      if (!r.ok) return r;
      if (name === 'width') width = r.value;
      else height = r.value;
    } else if (key === 'rows' || key === 'columns') {
      if ((key === 'rows' ? rows : cols) !== undefined) return fail('ERR_SYNTAX', `a second '${key}' section`, line);
      const header = i - 1;
      const from = i;
      while (i < end && !isKeyLine(lines[i])) i++;
      if (key === 'rows') rows = { header, from, to: i };
      else cols = { header, from, to: i };
      for (let b = i - 1; b >= from; b--) {
        if (!isBlank(lines[b])) {
          last = Math.max(last, b);
          break;
        }
      }
    } else if (key === 'goal') {
      if (goal !== undefined) return fail('ERR_SYNTAX', 'goal is given twice', line);
      const v = unquote(value, line);
      if (!v.ok) return v;
      goal = { bits: v.value.replace(/\s+/g, ''), line };
    } else if (Object.hasOwn(META_KEYS, key)) {
      const v = unquote(value, line);
      if (!v.ok) return v;
      if (v.value !== '') meta[META_KEYS[key as keyof typeof META_KEYS]] = v.value;
    }
    // Other keys (color, maxrule, unknown properties) are ignored.
  }
  const endLine = last + 1;
  if (width === undefined) return fail('ERR_MISSING', 'no width (a "width W" line)', endLine);
  if (height === undefined) return fail('ERR_MISSING', 'no height (a "height H" line)', endLine);
  if (!rows) return fail('ERR_MISSING', "no 'rows' section", endLine);
  if (!cols) return fail('ERR_MISSING', "no 'columns' section", endLine);
  const rc = readSection(lines, rows, 'row', height, width);
  if (!rc.ok) return rc;
  const cc = readSection(lines, cols, 'column', width, height);
  if (!cc.ok) return cc;
  if (goal) {
    const g = gridFromBits(goal.bits, width, height, 'goal', goal.line);
    if (!g.ok) return g;
    meta.goal = g.value;
  }
  return buildPuzzle(width, height, rc.value, cc.value, meta, rows.header + 1);
}

function readSection(lines: readonly string[], s: Section, kind: LineKind, count: number, len: number): Result<number[][]> {
  // The non-blank lines, up to one more than needed.
  const nonBlank: number[] = [];
  for (let i = s.from; i < s.to && nonBlank.length <= count; i++) if (!isBlank(lines[i])) nonBlank.push(i);
  const name = kind === 'row' ? "'rows'" : "'columns'";
  const dim = kind === 'row' ? 'height' : 'width';
  const bodyLength = s.to - s.from;
  let use: number[];
  if (nonBlank.length === count) use = nonBlank;
  else if (nonBlank.length > count) {
    return fail('ERR_LINE_COUNT', `the ${name} section (line ${s.header + 1}) has more than ${count} lines, the ${dim} is ${count}`, nonBlank[count] + 1);
  } else {
    if (bodyLength < count) {
      const at = bodyLength > 0 ? s.to + 1 : s.header + 2;
      return fail('ERR_LINE_COUNT', `the ${name} section (line ${s.header + 1}) has ${bodyLength} lines, the ${dim} is ${count}`, at);
    }
    use = Array.from({ length: count }, (_, k) => s.from + k);
    let extra: number | undefined;
    for (let i = s.from + count; i < s.to && extra === undefined; i++) if (!isBlank(lines[i])) extra = i;
    if (extra !== undefined) {
      return fail('ERR_LINE_COUNT', `the ${name} section (line ${s.header + 1}) has more than ${count} lines, the ${dim} is ${count}`, extra + 1);
    }
  }
  const out: number[][] = [];
  for (let k = 0; k < use.length; k++) {
    const t = lines[use[k]].trim();
    // A line of `len` cells holds at most ceil(len / 2) blocks: one token more is already wrong.
    const tokens = t === '' ? [] : t.split(',', Math.ceil(len / 2) + 1).map((x) => x.trim());
    for (const tok of tokens) {
      if (/^[0-9]+[A-Za-z]$/.test(tok)) {
        return fail('ERR_FORMAT', `${kind} ${k + 1}: ${q(tok)} is a multi-colour clue; only black-and-white puzzles are supported`, use[k] + 1);
      }
    }
    const c = clueFromTokens(tokens, kind, k, len, use[k] + 1);
    if (!c.ok) return c;
    out.push(c.value);
  }
  return ok(out);
}

function unquote(value: string, line: number): Result<string> {
  if (!value.startsWith('"')) return ok(decodeEntities(value));
  const close = value.lastIndexOf('"');
  if (close === 0) return fail('ERR_SYNTAX', `unterminated quoted string ${q(value)}`, line);
  if (value.slice(close + 1).trim() !== '') return fail('ERR_SYNTAX', `text after the closing quote: ${q(value.slice(close + 1))}`, line);
  return ok(decodeEntities(value.slice(1, close)));
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", copy: '\u00a9', reg: '\u00ae', nbsp: '\u00a0' };

/** Decodes the HTML character references the format allows; unknown ones are kept as written. */
function decodeEntities(s: string): string {
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]{1,32});/g, (all, body: string) => {
    if (body[0] !== '#') return NAMED[body] ?? all;
    const n = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : all;
  });
}

function encodeString(s: string): string {
  return `"${s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/[\r\n\t]+/g, ' ')}"`;
}

/** Writes one puzzle, or several as a `.nonpack` bundle separated by `====` lines. */
export function makeNon(puzzles: Nonogram | readonly Nonogram[]): string {
  const list: readonly Nonogram[] = Array.isArray(puzzles) ? puzzles : [puzzles as Nonogram];
  return list.map(makeOne).join('====\n');
}

function makeOne(p: Nonogram): string {
  if (isColourPuzzle(p)) return makeNonny(p);
  const out: string[] = [];
  const m = p.meta ?? {};
  if (m.catalogue) out.push(`catalogue ${encodeString(m.catalogue)}`);
  if (m.title) out.push(`title ${encodeString(m.title)}`);
  if (m.author) out.push(`by ${encodeString(m.author)}`);
  if (m.copyright) out.push(`copyright ${encodeString(m.copyright)}`);
  if (m.license) out.push(`license ${/^[A-Za-z0-9.+-]+$/.test(m.license) ? m.license : encodeString(m.license)}`);
  out.push(`width ${p.width}`, `height ${p.height}`, '', 'rows');
  for (const r of p.rows) out.push(r.length ? r.join(',') : '0');
  out.push('', 'columns');
  for (const c of p.cols) out.push(c.length ? c.join(',') : '0');
  const goal = usableGoal(p);
  if (goal) out.push('', `goal "${bitsOf(goal)}"`);
  return `${out.join('\n')}\n`;
}
