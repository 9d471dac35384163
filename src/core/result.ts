/** A value or a coded error; parsers return these instead of throwing. */
export type Result<T, E = ParseError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

export const PARSE_ERROR_CODES = [
  'ERR_EMPTY',
  'ERR_SYNTAX',
  'ERR_NUMBER',
  'ERR_SIZE',
  'ERR_CLUE',
  'ERR_LINE_COUNT',
  'ERR_MISSING',
  'ERR_FORMAT',
  'ERR_FAMILY',
  'ERR_VERSION',
  'ERR_SOLUTION',
  'ERR_MOVE',
  /** A question the input poses (a Numberlink label grid's routing) was not decided within the budget. */
  'ERR_UNDECIDED',
] as const;
export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];

export interface ParseError {
  code: ParseErrorCode;
  message: string;
  /** 1-based line number in the input, when the input is text with lines. */
  line?: number;
}

export function parseError(code: ParseErrorCode, message: string, line?: number): ParseError {
  return line === undefined ? { code, message } : { code, message, line };
}

/** Human-readable form: "line 4: ERR_CLUE: ...". */
export function formatParseError(e: ParseError): string {
  return `${e.line !== undefined ? `line ${e.line}: ` : ''}${e.message} [${e.code}]`;
}

/** Unwraps a result or throws an Error with the formatted parse error (for tests and scripts). */
export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(formatParseError(r.error));
  return r.value;
}
