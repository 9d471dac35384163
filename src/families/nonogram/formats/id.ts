/**
 * Our descriptive puzzle id, `nonogram:WxH:<desc>`, where desc is Tatham's clue encoding (columns
 * then rows, lines separated by `/`, numbers by `.`, an empty line written as nothing). Unlike
 * Tatham's ids, params are always `WxH` and there is no `,` suffix.
 */
import { makeId, parseId } from '../../../core/ids.ts';
import { ok, type Result } from '../../../core/result.ts';
import { parseLinewise } from '../../../core/text.ts';
import { isColourDesc, isColourPuzzle, makeColourDesc, parseColourDesc } from '../colour.ts';
import type { Nonogram } from '../types.ts';
import { buildPuzzle, fail, parseSide, q } from './common.ts';
import { decodeClues, encodeClues } from './tatham.ts';

export const FAMILY_NAME = 'nonogram';

export interface NonogramSize {
  width: number;
  height: number;
}

/** `WxH`. */
export function makeParams(size: NonogramSize): string {
  return `${size.width}x${size.height}`;
}

/** Parses `WxH` (both sides 1..MAX_SIDE). */
export function parseParams(text: string, line?: number): Result<NonogramSize> {
  const m = /^([0-9]+)x([0-9]+)$/.exec(text.trim());
  if (!m) return fail('ERR_SYNTAX', `bad size ${q(text)}: expected WxH, e.g. 15x10`, line);
  const w = parseSide(m[1], 'width', line);
  if (!w.ok) return w;
  const h = parseSide(m[2], 'height', line);
  if (!h.ok) return h;
  return ok({ width: w.value, height: h.value });
}

/** The desc part of the id: the clues, columns then rows (a colour puzzle: its palette first, colour.ts). */
export function makeDesc(p: Nonogram): string {
  return isColourPuzzle(p) ? makeColourDesc(p) : encodeClues(p);
}

/** A puzzle from the params and desc parts of an id. */
export function parseDesc(params: string, desc: string, line?: number): Result<Nonogram> {
  const size = parseParams(params, line);
  if (!size.ok) return size;
  const { width, height } = size.value;
  if (isColourDesc(desc)) return parseColourDesc(width, height, desc.trim(), line);
  const d = decodeClues(desc.trim(), width, height, line, false);
  if (!d.ok) return d;
  return buildPuzzle(width, height, d.value.rows, d.value.cols, undefined, line);
}

/** `nonogram:WxH:<desc>`. */
export function makeNonogramId(p: Nonogram): string {
  return makeId({ kind: 'descriptive', family: FAMILY_NAME, params: makeParams(p), desc: makeDesc(p) });
}

/** Parses one full descriptive id; seeded ids are refused (they need the generator). */
export function parseNonogramId(text: string, line?: number): Result<Nonogram> {
  const id = parseId(text);
  if (!id.ok) return fail(id.error.code, id.error.message, line);
  if (id.value.family !== FAMILY_NAME) {
    return fail('ERR_FAMILY', `id is for family ${q(id.value.family)}, not ${FAMILY_NAME}`, line);
  }
  if (id.value.kind !== 'descriptive') {
    return fail('ERR_FORMAT', 'a seeded id names a generator run, not a puzzle: generate it with the family instead', line);
  }
  return parseDesc(id.value.params, id.value.desc, line);
}

/** Reads descriptive ids, one per non-blank line. */
export function parseIds(text: string): Result<Nonogram[]> {
  return parseLinewise(text, parseNonogramId, { comments: false, trim: false, emptyMessage: 'empty input: no puzzle id' });
}
