/**
 * Plain words for what the player shows: the engine's error codes as sentences, measured levels
 * explained, puzzles described without their ids, a piece's turn. The engine's codes and numbers stay
 * in the engine (and in data- attributes and tooltips); the page says what they mean.
 */
import type { Grade } from '../../src/core/family.ts';
import type { ParseErrorCode } from '../../src/core/result.ts';
import type { PuzzleInfo } from '../../src/runner/protocol.ts';

/** The codes an error reaching the page can carry: the parsers' codes and the runner's own. */
export type ErrorCode = ParseErrorCode | 'ERR_INTERNAL' | 'ERR_REQUEST' | 'ERR_WORKER' | 'ERR_CANCELLED';

/** What each code means, as a sentence without its full stop (the engine's own message may follow it). */
export const ERROR_SENTENCES: Record<ErrorCode, string> = {
  ERR_EMPTY: 'There is nothing to read: it is empty',
  ERR_SYNTAX: 'It is not written the way its format expects',
  ERR_NUMBER: 'A number in it is not valid',
  ERR_SIZE: 'Its board size is not one this puzzle can have',
  ERR_CLUE: 'A clue in it is not valid',
  ERR_LINE_COUNT: 'It has the wrong number of lines',
  ERR_MISSING: 'Part of the puzzle is missing',
  ERR_FORMAT: 'It is not in a format this player reads',
  ERR_FAMILY: 'It names a kind of puzzle this player does not know',
  ERR_VERSION: 'It was made by a version this player does not have',
  ERR_SOLUTION: 'The solution it gives is not valid',
  ERR_MOVE: 'That move is not possible',
  ERR_UNDECIDED: 'It could not be decided in the time allowed',
  ERR_INTERNAL: 'The engine hit a fault of its own (a bug worth reporting)',
  ERR_REQUEST: 'The engine was sent a request it could not read',
  ERR_WORKER: 'The engine stopped unexpectedly',
  ERR_CANCELLED: 'It was cancelled',
};

const CODE = /\s*\[(ERR_[A-Z_]+)\]/g;

const isCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_SENTENCES, code);

/**
 * A message of the engine's in plain words: any `[ERR_…]` code in it becomes the code's sentence, and
 * the engine's words follow in brackets ("A clue in it is not valid (line 3: clue 12 does not fit).").
 * A message without a code comes back as it was. `code`, when known apart from the text, is used when
 * the text names none.
 */
export function plainError(message: string, code?: string): string {
  const found = [...message.matchAll(CODE)].map((m) => m[1]);
  const rest = message.replace(CODE, '').trim();
  const named = found.find(isCode) ?? (code !== undefined && isCode(code) ? code : undefined);
  // A code this table does not know is still not shown: its text stays without it.
  if (named === undefined) return rest;
  const detail = rest.replace(/[.\s]+$/, '');
  return detail === '' ? `${ERROR_SENTENCES[named]}.` : `${ERROR_SENTENCES[named]} (${detail}).`;
}

/** A text with any `[ERR_…]` code taken out (the status line's last guard; the sources say codes in words). */
export const withoutCodes = (text: string): string => text.replace(CODE, '');

/** A sentence to follow a colon: its first letter in lower case ("The engine refused: it is …"). */
export const afterColon = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const times = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** What the grader measured, in a few words for the family, from its metrics; null when they say too little. */
function measured(family: string, metrics: Grade['metrics']): string | null {
  if (family === 'nonogram') {
    const rung = num(metrics.rung);
    if (rung === 1) {
      const complex = num(metrics.complexRounds);
      if (complex === 0) return 'solved by the simple line rules alone';
      if (complex !== undefined) return `solved line by line, ${times(complex, 'step')} needing a closer look at a whole line`;
      return 'solved line by line, no guessing';
    }
    if (rung === 2) {
      const c = num(metrics.contradictions);
      return `line by line, plus ${c === undefined ? 'some cells' : times(c, 'cell')} settled by trying a cell and finding a contradiction`;
    }
    if (rung === 3) return 'line logic stalls: it needs trial and error to finish';
    return null;
  }
  if (family === 'numberlink' || family === 'edgematch') {
    const what = family === 'numberlink' ? 'links' : 'pieces';
    const basic = num(metrics.basicShare);
    const trials = num(metrics.trials);
    if (basic === undefined || trials === undefined) return null;
    if (metrics.solved === 0) return `the basic rules settle ${basic}% of the ${what}; deduction alone does not finish it`;
    if (trials === 0) return 'solved by the basic rules alone, no trials';
    return `the basic rules settle ${basic}% of the ${what}; the rest needs ${times(trials, 'trial')} (suppose, and see it fail)`;
  }
  return null;
}

/**
 * The level line: "Level: easy (measured: solved by the simple line rules alone)", and the number behind
 * it for a tooltip ("measured score 6 of 100 …"). A game resumed from a save has no metrics: the
 * level is named as measured, without the reason.
 */
export function gradeWords(
  family: string,
  grade: Pick<Grade, 'level' | 'score'> & { metrics?: Grade['metrics'] },
): { text: string; level: string; title: string } {
  const why = grade.metrics ? measured(family, grade.metrics) : null;
  const level = `${grade.level} (measured${why ? `: ${why}` : ''})`;
  return {
    text: `Level: ${level}`,
    level,
    title: `Measured difficulty score ${grade.score} of 100 (easy below 25, medium below 45, hard below 70, expert from 70)`,
  };
}

/** The level of a puzzle without a grade. */
export const UNGRADED = 'not measured';

/** Where a puzzle came from, for its description. */
function origin(info: Pick<PuzzleInfo, 'provenance'>, source: string | null): string {
  if (info.provenance === 'imported') return source ? `imported from ${source}` : 'imported';
  if (info.provenance === 'opened') return 'opened from a link';
  return 'generated';
}

/**
 * A puzzle in words, never its id: "Nonogram 50×60, imported from file.non", "Numberlink 7×7, generated".
 * `source` is the file an import came from, when known.
 */
export function puzzleWords(label: string, size: string, info: Pick<PuzzleInfo, 'provenance'>, source: string | null = null): string {
  return `${label} ${size}, ${origin(info, source)}`;
}

/** A piece's turn (clockwise quarter turns) in words: "not turned", "turned once clockwise", "turned twice", "turned once anticlockwise". */
export function turnWords(r: number): string {
  if (r === 0) return 'not turned';
  if (r === 1) return 'turned once clockwise';
  if (r === 2) return 'turned twice';
  return 'turned once anticlockwise';
}

/** The layout's controls (web/src/layout.ts): the phone menu, the draw/pan switch and the zoom buttons. */
export const LAYOUT_WORDS = {
  menu: 'Menu',
  menuLabel: 'Menu: new puzzle, size, level and import',
  view: 'Board view',
  pan: 'Pan',
  panTitle: 'Pan mode: drag to move the board, pinch with two fingers to zoom. Off: drags draw (two fingers still pan and zoom).',
  zoomIn: 'Zoom in',
  zoomInSign: '+',
  zoomOut: 'Zoom out',
  zoomOutSign: '−',
  zoomed: (percent: number): string => `Zoom ${percent}%.`,
  help: 'Large boards: + and − zoom (or pinch with two fingers); two fingers, or one finger in Pan mode, move the board without playing. On a phone, Menu holds the puzzle, size and level choices.',
} as const;
