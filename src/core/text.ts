/**
 * Helpers for the families' text parsers: every failure is a coded `ParseError` with a 1-based `line`
 * whenever the input has lines.
 */
import { err, parseError, type ParseError, type ParseErrorCode } from './result.ts';

export type Fail = { ok: false; error: ParseError };

/** A failed Result; `line` is 1-based. The message does not repeat the line (formatParseError adds it). */
export function fail(code: ParseErrorCode, message: string, line?: number): Fail {
  return err(parseError(code, message, line));
}

/** Splits text into lines on LF, CRLF or CR, after dropping a byte-order mark. */
export function splitLines(text: string): string[] {
  const t = stripBom(text);
  return t.indexOf('\r') < 0 ? t.split('\n') : t.split(/\r\n|\r|\n/);
}

/**
 * Puzzles one per line (a file of ids): `parseOne` reads each non-blank line (trimmed when `trim`),
 * given its 1-based number; lines starting with `#` are comments when `comments`. The first failure
 * is the answer; no puzzle at all is ERR_EMPTY with `emptyMessage`.
 */
export function parseLinewise<T>(
  text: string,
  parseOne: (line: string, lineNo: number) => { ok: true; value: T } | Fail,
  options: { comments: boolean; trim: boolean; emptyMessage: string },
): { ok: true; value: T[] } | Fail {
  const out: T[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '' || (options.comments && t.startsWith('#'))) continue;
    const r = parseOne(options.trim ? t : lines[i], i + 1);
    if (!r.ok) return r;
    out.push(r.value);
  }
  if (out.length === 0) return fail('ERR_EMPTY', options.emptyMessage, 1);
  return { ok: true, value: out };
}

/**
 * The first line (trimmed) for which `keep` holds, found without splitting the whole text (format
 * detection looks at one line; a million blank lines before it cost one scan, no array).
 */
export function firstLine(text: string, keep: (trimmed: string) => boolean): string | undefined {
  const t = stripBom(text);
  let at = 0;
  while (at <= t.length) {
    let end = at;
    while (end < t.length && t.charCodeAt(end) !== 10 && t.charCodeAt(end) !== 13) end++;
    const line = t.slice(at, end).trim();
    if (keep(line)) return line;
    at = end + (t.charCodeAt(end) === 13 && t.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  return undefined;
}

/** Deepest JSON nesting most formats need; a deeper text is refused before JSON.parse walks it. */
export const MAX_JSON_DEPTH = 64;

/**
 * The offset at which a JSON text nests deeper than `max` arrays and objects (strings skipped), or -1:
 * a linear pre-check, so a megabyte of `[` costs a scan instead of a parse and an error.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip a string, escapes included.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > max) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

/** Drops a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * At most `max` characters of an input text, for a message: every message that quotes input quotes
 * it through this (or `q` / `describeValue`), so a 1 MB line never becomes a 1 MB message. A cut
 * text ends with `…`; a surrogate pair is never split.
 */
export function excerpt(s: string, max = 40): string {
  if (s.length <= max) return s;
  let end = max;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${s.slice(0, end)}…`;
}

/** A token quoted for a message, shortened if long. */
export function q(s: string): string {
  return `'${excerpt(s, 24)}'`;
}

/**
 * A short description of any value read from JSON, for a message: at most `max` characters, and never
 * more than a few items walked (a value nested 100,000 deep costs as little as a number).
 */
export function describeValue(v: unknown, max = 40): string {
  return excerpt(render(v, 0, max), max);
}

function render(v: unknown, depth: number, max: number): string {
  if (v === undefined) return 'undefined';
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(excerpt(v, max));
  if (typeof v !== 'object') return typeof v;
  const ITEMS = 4;
  if (Array.isArray(v)) {
    if (depth >= 2) return v.length === 0 ? '[]' : '[…]';
    const items = v.slice(0, ITEMS).map((x) => render(x, depth + 1, max));
    return `[${items.join(',')}${v.length > ITEMS ? ',…' : ''}]`;
  }
  const keys = Object.keys(v);
  if (depth >= 2) return keys.length === 0 ? '{}' : '{…}';
  const items = keys.slice(0, ITEMS).map((k) => `${JSON.stringify(excerpt(k, max))}:${render((v as Record<string, unknown>)[k], depth + 1, max)}`);
  return `{${items.join(',')}${keys.length > ITEMS ? ',…' : ''}}`;
}
