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
  return stripBom(text).split(/\r\n|\r|\n/);
}

/** Drops a leading byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A token quoted for a message, shortened if long. */
export function q(s: string): string {
  const t = s.length > 24 ? `${s.slice(0, 24)}…` : s;
  return `'${t}'`;
}
