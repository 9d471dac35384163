/**
 * Nonogram file formats: detection, and one entry point to read or write any of them.
 *
 * - `non`: Simpson / nonogram-db `.non` (and `.nonpack` bundles; Nonny's colour extension too)
 * - `xml`: webpbn XML puzzle sets (black and white, and colour)
 * - `nin`: Wilk / Wolter `.nin` (one puzzle)
 * - `taai`: TAAI/TCGA tournament question files (square puzzles)
 * - `tatham`: Simon Tatham's Pattern game ids, one per line
 * - `id`: our descriptive ids `nonogram:WxH:<desc>`, one per line
 * - `g`: Olšák's griddler `.g` (one puzzle; colour too)
 * - `cnon`: Serrada's colour `.cnon` (one puzzle)
 * - `cjson`: klepaczmikolaj's colour JSON (one puzzle)
 * - `csv`: valenpe7's `ROWS,COLUMNS` then `symbol,length` pairs (one puzzle; colour too)
 */
import { ok, type Result } from '../../../core/result.ts';
import type { Nonogram } from '../types.ts';
import { blackAndWhiteOnly, fail, firstLine } from './common.ts';
import { makeCnon, parseCnon } from './cnon.ts';
import { makeColourJson, parseColourJson } from './cjson.ts';
import { makeCsv, parseCsv } from './csv.ts';
import { makeG, parseG } from './g.ts';
import { makeNonogramId, parseIds } from './id.ts';
import { makeNin, parseNin } from './nin.ts';
import { makeNon, parseNon } from './non.ts';
import { makeTaai, parseTaai } from './taai.ts';
import { makeTatham, parseTatham } from './tatham.ts';
import { makeXml, parseXml } from './xml.ts';

export const FORMATS = ['non', 'xml', 'nin', 'taai', 'tatham', 'id', 'g', 'cnon', 'cjson', 'csv'] as const;
export type FormatName = (typeof FORMATS)[number];

export function isFormatName(s: string): s is FormatName {
  return (FORMATS as readonly string[]).includes(s);
}

const BY_EXTENSION: Record<string, FormatName> = { non: 'non', nonpack: 'non', xml: 'xml', pbn: 'xml', nin: 'nin', g: 'g', cnon: 'cnon' };

/**
 * Guesses the format of a text, from the file name's extension when it is a known one (`.non`,
 * `.nonpack`, `.xml`, `.pbn`, `.nin`), otherwise from the content. Undefined when nothing fits.
 */
export function detectFormat(text: string, filenameHint?: string): FormatName | undefined {
  const ext = filenameHint?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext !== undefined && ext in BY_EXTENSION) return BY_EXTENSION[ext];
  const first = firstLine(text, (l) => l !== '');
  if (first === undefined) return undefined;
  if (first.startsWith('<')) return 'xml';
  if (/^\$\s*[0-9]+$/.test(first)) return 'taai';
  if (/^nonogram[:@]/.test(first)) return 'id';
  if (/^[0-9]+(x[0-9]+)?[:#]/.test(first)) return 'tatham';
  if (/^[0-9]+\s+[0-9]+$/.test(first)) return 'nin';
  if (/^(width|height|rows|columns)\b/im.test(text)) return 'non';
  // Olšák's .g: its rows and columns each open with a line starting with ':'.
  if ((text.match(/^:/gm) ?? []).length >= 2) return 'g';
  // The colour formats, by their first lines (other families' files start alike: be sure).
  const second = firstLine(text.slice(text.indexOf(first) + first.length), (l) => l !== '');
  if (/^[0-9]+\s+[0-9]+\s+[0-9]+$/.test(first) && second !== undefined && /^\S+\s+#?[0-9a-fA-F]{6}$/.test(second)) return 'cnon';
  if (first.startsWith('{') && /^\s*\{\s*"(horizontal|vertical)"\s*:/.test(text)) return 'cjson';
  if (/^[0-9]+\s*,\s*[0-9]+$/.test(first) && (second === undefined || /^[^,0-9\s],\s*[0-9]+/.test(second))) return 'csv';
  return undefined;
}

/** Reads puzzles in the given format, or in the detected one when `format` is omitted. */
export function parsePuzzles(text: string, format?: FormatName, filenameHint?: string): Result<Nonogram[]> {
  const f = format ?? detectFormat(text, filenameHint);
  if (f === undefined) {
    if (text.trim() === '') return fail('ERR_EMPTY', 'empty input', 1);
    return fail('ERR_FORMAT', `cannot tell the format of this text; name one of: ${FORMATS.join(', ')}`, 1);
  }
  switch (f) {
    case 'non':
      return parseNon(text);
    case 'xml':
      return parseXml(text);
    case 'nin':
      return parseNin(text);
    case 'taai':
      return parseTaai(text);
    case 'tatham':
      return parseTatham(text);
    case 'id':
      return parseIds(text);
    case 'g':
      return parseG(text);
    case 'cnon':
      return parseCnon(text);
    case 'cjson':
      return parseColourJson(text);
    case 'csv':
      return parseCsv(text);
  }
}

/** Writes puzzles in a format; an error when the format cannot hold them. */
export function makePuzzles(puzzles: readonly Nonogram[], format: FormatName): Result<string> {
  if (puzzles.length === 0) return fail('ERR_EMPTY', 'no puzzles to write');
  if (format === 'nin' || format === 'taai' || format === 'tatham') {
    const bw = blackAndWhiteOnly(puzzles, format);
    if (!bw.ok) return bw;
  }
  switch (format) {
    case 'non':
      return ok(makeNon(puzzles));
    case 'xml':
      return makeXml(puzzles);
    case 'nin':
      if (puzzles.length !== 1) return fail('ERR_FORMAT', `a .nin file holds one puzzle, not ${puzzles.length}`);
      return ok(makeNin(puzzles[0]));
    case 'taai':
      return makeTaai(puzzles);
    case 'tatham':
      return ok(`${puzzles.map(makeTatham).join('\n')}\n`);
    case 'id':
      return ok(`${puzzles.map(makeNonogramId).join('\n')}\n`);
    case 'g':
      if (puzzles.length !== 1) return fail('ERR_FORMAT', `a .g file holds one puzzle, not ${puzzles.length}`);
      return ok(makeG(puzzles[0]));
    case 'cnon':
    case 'cjson':
    case 'csv':
      if (puzzles.length !== 1) return fail('ERR_FORMAT', `a ${format} file holds one puzzle, not ${puzzles.length}`);
      return format === 'cnon' ? ok(makeCnon(puzzles[0])) : format === 'csv' ? ok(makeCsv(puzzles[0])) : makeColourJson(puzzles[0]);
  }
}

export { makeNon, parseNon } from './non.ts';
export { makeXml, parseXml } from './xml.ts';
export { gLoses, makeG, parseG } from './g.ts';
export { makeCnon, parseCnon } from './cnon.ts';
export { makeColourJson, parseColourJson } from './cjson.ts';
export { makeCsv, parseCsv } from './csv.ts';
export { makeNin, parseNin } from './nin.ts';
export { makeTaai, makeTaaiSolutions, parseTaai, parseTaaiSet, parseTaaiSolutions, type TaaiWriteOptions } from './taai.ts';
export { decodeClues, encodeClues, makeTatham, parseTatham, parseTathamId } from './tatham.ts';
export { FAMILY_NAME, makeDesc, makeNonogramId, makeParams, parseDesc, parseIds, parseNonogramId, parseParams, type NonogramSize } from './id.ts';
export { colourGridText, makeSolution, parseSolution } from './solution.ts';
export { blackAndWhiteOnly } from './common.ts';
