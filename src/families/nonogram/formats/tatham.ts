/**
 * Simon Tatham's Pattern game ids: `WxH:clues` (or `W:clues` for a square, as Tatham's
 * decode_params allows), where the clues are the W column clues (left to right) then the H row
 * clues (top to bottom), lines separated by `/`, numbers within a line by `.`.
 *
 * As in pattern.c: an empty line is written as nothing (an empty string between slashes, so a
 * leading `/` is an empty first column and a trailing `/` an empty last row); a `0` is rejected
 * ("all clues must be positive"); lines must not overflow. Newer versions may append `,` and a
 * run-length grid of pre-filled cells; it is validated as Tatham does and then ignored (the
 * `Nonogram` type has no pre-filled cells). Random-seed ids (`WxH#seed`) are refused: only Tatham's
 * generator can expand them.
 */
import { ok, type Result } from '../../../core/result.ts';
import type { Nonogram } from '../types.ts';
import { buildPuzzle, checkClue, fail, parseSide, q, splitLines } from './common.ts';

/** The clue part shared by Tatham ids and our descriptive ids: columns then rows. */
export function encodeClues(p: Nonogram): string {
  return [...p.cols, ...p.rows].map((l) => l.join('.')).join('/');
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * Decodes `encodeClues` text for a width x height puzzle. `line` goes into errors; positions in
 * messages are 1-based characters of `desc`. With `allowSuffix`, Tatham's `,` pre-filled-cell
 * section is checked and ignored; otherwise a `,` is an error.
 */
export function decodeClues(
  desc: string,
  width: number,
  height: number,
  line: number | undefined,
  allowSuffix: boolean,
): Result<{ rows: number[][]; cols: number[][] }> {
  const total = width + height;
  const rows: number[][] = [];
  const cols: number[][] = [];
  let pos = 0;
  for (let i = 0; i < total; i++) {
    const isCol = i < width;
    const kind = isCol ? 'column' : 'row';
    const idx = isCol ? i : i - width;
    const nums: number[] = [];
    if (isDigit(desc[pos])) {
      for (;;) {
        const s = pos;
        while (isDigit(desc[pos])) pos++;
        if (pos === s) return fail('ERR_SYNTAX', `${kind} ${idx + 1}: expected a number after '.' at character ${pos + 1}`, line);
        const n = Number(desc.slice(s, pos));
        if (n === 0) {
          return fail(
            'ERR_CLUE',
            `${kind} ${idx + 1}: clues must be positive (an empty line is written as nothing between slashes), at character ${s + 1}`,
            line,
          );
        }
        nums.push(n);
        if (desc[pos] !== '.') break;
        pos++;
      }
    }
    const c = desc[pos];
    if (c === '/') {
      if (i === total - 1)
        return fail('ERR_LINE_COUNT', `too many lines of clues at character ${pos + 1}: expected ${width} columns then ${height} rows`, line);
      pos++;
    } else if (c === undefined || c === ',') {
      if (i < total - 1) return fail('ERR_LINE_COUNT', `too few lines of clues: found ${i + 1}, expected ${width} columns then ${height} rows`, line);
    } else {
      return fail('ERR_SYNTAX', `${kind} ${idx + 1}: unexpected ${q(c)} at character ${pos + 1}`, line);
    }
    const clue = checkClue(nums, kind, idx, isCol ? height : width, line);
    if (!clue.ok) return clue;
    (isCol ? cols : rows).push(clue.value);
  }
  if (desc[pos] === ',') {
    if (!allowSuffix) return fail('ERR_SYNTAX', `unexpected ',' at character ${pos + 1}`, line);
    const r = checkFilledCells(desc, pos + 1, width * height, line);
    if (!r.ok) return r;
  }
  return ok({ rows, cols });
}

/** Tatham's optional pre-filled cells: letters a-y skip that many cells then fix one, z skips 25. */
function checkFilledCells(desc: string, from: number, cells: number, line: number | undefined): Result<true> {
  let i = 0;
  let p = from;
  while (i < cells) {
    const c = desc[p++];
    if (c === undefined) return fail('ERR_SYNTAX', 'too little data in the pre-filled cells section', line);
    if (!/[a-zA-Z]/.test(c)) return fail('ERR_SYNTAX', `unexpected ${q(c)} at character ${p} in the pre-filled cells section`, line);
    const len = c.toLowerCase().charCodeAt(0) - 97;
    i += len;
    if (len < 25 && i < cells) i++;
    if (i > cells) return fail('ERR_SYNTAX', `too much data in the pre-filled cells section at character ${p}`, line);
  }
  if (p < desc.length) return fail('ERR_SYNTAX', `too much data in the pre-filled cells section at character ${p + 1}`, line);
  return ok(true);
}

/** Tatham's params: `WxH`, or `W` for a W x W puzzle. */
export function parseTathamParams(params: string, line: number | undefined): Result<{ width: number; height: number }> {
  const m = /^([0-9]+)(?:x([0-9]+))?$/.exec(params);
  if (!m) return fail('ERR_SYNTAX', `bad parameters ${q(params)}: expected WxH or W`, line);
  const w = parseSide(m[1], 'width', line);
  if (!w.ok) return w;
  const h = parseSide(m[2] ?? m[1], 'height', line);
  if (!h.ok) return h;
  return ok({ width: w.value, height: h.value });
}

/** One Tatham game id, e.g. `4x4:2/1/2/1/1.1/2/1/1`. */
export function parseTathamId(text: string, line?: number): Result<Nonogram> {
  const s = text.trim();
  const colon = s.indexOf(':');
  const hash = s.indexOf('#');
  if (hash >= 0 && (colon < 0 || hash < colon)) {
    return fail('ERR_FORMAT', `${q(s)} is a random-seed id; only Tatham's generator can expand it (use the WxH:clues form)`, line);
  }
  if (colon < 0) {
    if (/^[0-9]+(x[0-9]+)?$/.test(s)) return fail('ERR_MISSING', `${q(s)} gives only the size; a game id is WxH:clues`, line);
    return fail('ERR_SYNTAX', `not a Pattern game id (WxH:clues): ${q(s)}`, line);
  }
  const size = parseTathamParams(s.slice(0, colon), line);
  if (!size.ok) return size;
  const { width, height } = size.value;
  const d = decodeClues(s.slice(colon + 1), width, height, line, true);
  if (!d.ok) return d;
  return buildPuzzle(width, height, d.value.rows, d.value.cols, undefined, line);
}

/** Reads Tatham game ids, one per non-blank line. */
export function parseTatham(text: string): Result<Nonogram[]> {
  const out: Nonogram[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const r = parseTathamId(lines[i], i + 1);
    if (!r.ok) return r;
    out.push(r.value);
  }
  if (out.length === 0) return fail('ERR_EMPTY', 'empty input: no Pattern game id', 1);
  return ok(out);
}

/** Tatham's game id of a puzzle, `WxH:clues` (metadata and goal are dropped). */
export function makeTatham(p: Nonogram): string {
  return `${p.width}x${p.height}:${encodeClues(p)}`;
}
