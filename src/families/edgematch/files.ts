/** Reading edge-matching files: formats told by a file name, id lists, and a file's puzzles. */
import { ok, type Result } from '../../core/result.ts';
import { fail, firstLine, splitLines } from '../../core/text.ts';
import { detectFormat, FAMILY_NAME, parseEdgematchId, parseInstance, type FormatName } from './formats.ts';
import type { Instance } from './types.ts';

/** Formats told by a file name's extension (`.puz` of the board suite, the `.json` of anjou). */
export const FORMAT_BY_EXTENSION: Readonly<Record<string, FormatName>> = { puz: 'puz', json: 'anjou' };

export function formatOfName(filename: string | undefined): FormatName | undefined {
  const ext = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext !== undefined && Object.hasOwn(FORMAT_BY_EXTENSION, ext) ? FORMAT_BY_EXTENSION[ext] : undefined;
}

/** Ids, one per line (blank lines and `#` comments skipped); each error names its line. */
export function parseIdLines(text: string): Result<Instance[]> {
  const out: Instance[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '' || t.startsWith('#')) continue;
    const r = parseEdgematchId(t, i + 1);
    if (!r.ok) return r;
    out.push(r.value);
  }
  if (out.length === 0) return fail('ERR_EMPTY', 'no id in the input', 1);
  return ok(out);
}

/** Whether the first meaningful line (blank lines and `#` comments skipped) is one of our ids. */
export function isIdList(text: string): boolean {
  const first = firstLine(text, (l) => l !== '' && !l.startsWith('#'));
  return first?.startsWith(`${FAMILY_NAME}:`) === true;
}

/**
 * The puzzles of a file: in `format`, else the one its name tells, else the one its text shows. Every
 * format holds one puzzle, except id lists (one id per line).
 */
export function parseEdgematchFile(text: string, filename?: string, format?: FormatName): Result<Instance[]> {
  const f = format ?? formatOfName(filename) ?? (isIdList(text) ? 'id' : detectFormat(text));
  if (f === 'id') return parseIdLines(text);
  const r = parseInstance(text, f);
  return r.ok ? ok([r.value]) : r;
}
