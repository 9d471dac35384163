/**
 * Turning the command line's inputs into puzzles: a file (format detected or named with --from),
 * standard input, or puzzle ids given with --id (descriptive, or seeded and then generated).
 */
import { parseId } from '../core/ids.ts';
import type { ParseError } from '../core/result.ts';
import { isFamilyName } from '../families/index.ts';
import { formats, generateNonogram, GENERATOR_VERSION, nonogram, type Nonogram } from '../families/nonogram/index.ts';
import { EMPTY, FILLED, UNKNOWN } from '../families/nonogram/types.ts';
import { EXIT, UserError } from './exit.ts';
import { readText } from './io.ts';

export type FormatName = formats.FormatName;
export const FORMATS = formats.FORMATS;

/** A puzzle with where it came from, for messages. */
export interface LoadedPuzzle {
  puzzle: Nonogram;
  /** e.g. `heart.non`, `bundle.non #3`, `<stdin>`, or the id given. */
  label: string;
  /** 1-based position among all puzzles of the run. */
  index: number;
  /** The seeded id it was generated from, when it came from one. */
  seededId?: string;
}

export interface InputOptions {
  id?: string[];
  from?: FormatName;
}

/** `file: line 3: message [CODE]`, then the offending line of the text when there is one. */
export function describeParseError(label: string, e: ParseError, text?: string): string {
  const where = e.line !== undefined ? `${label}: line ${e.line}` : label;
  let msg = `${where}: ${e.message} [${e.code}]`;
  if (text !== undefined && e.line !== undefined) {
    const src = text.split(/\r\n|\r|\n/)[e.line - 1];
    if (src !== undefined && src.trim() !== '') {
      const shown = src.length > 100 ? `${src.slice(0, 100)}…` : src;
      msg += `\n  ${e.line} | ${shown}`;
    }
  }
  return msg;
}

/** Reads every puzzle of a text; a bad text is a UserError naming the file and line. */
export function parseText(text: string, label: string, from?: FormatName): Nonogram[] {
  const hint = label.startsWith('<') ? undefined : label;
  const r = formats.parsePuzzles(text, from, hint);
  if (!r.ok) throw new UserError(describeParseError(label, r.error, text));
  if (r.value.length === 0) throw new UserError(`${label}: no puzzle found`);
  return r.value;
}

/**
 * A puzzle from an id: descriptive ids are decoded; seeded ids are generated with that seed, after
 * checking that the id's generator version is this one's (another version gives another puzzle).
 */
export function puzzleFromId(text: string): { puzzle: Nonogram; seededId?: string } {
  const id = parseId(text);
  if (!id.ok) throw new UserError(`--id ${text}: ${id.error.message} [${id.error.code}]`);
  const family = id.value.family;
  if (family !== nonogram.name) {
    throw new UserError(
      isFamilyName(family)
        ? `--id ${text}: the command line does not handle ${family} puzzles yet`
        : `--id ${text}: unknown puzzle family "${family}" (known: ${nonogram.name})`,
    );
  }
  if (id.value.kind === 'descriptive') {
    const r = formats.parseNonogramId(text);
    if (!r.ok) throw new UserError(`--id ${text}: ${r.error.message} [${r.error.code}]`);
    return { puzzle: r.value };
  }
  const { version, params: paramsText, seed } = id.value;
  if (version !== GENERATOR_VERSION) {
    throw new UserError(
      `--id ${text}: this seeded id was made by nonogram generator version ${version}, but this proofgrid has version ` +
        `${GENERATOR_VERSION}; the same seed gives a different puzzle here. Use the puzzle's descriptive id ` +
        `(nonogram:WxH:...) or a proofgrid with generator version ${version}.`,
    );
  }
  const params = nonogram.parseParams(paramsText);
  if (!params.ok) throw new UserError(`--id ${text}: ${params.error.message} [${params.error.code}]`);
  const g = generateNonogram(params.value, seed);
  if (!g.ok) throw new UserError(`--id ${text}: generation failed (${g.reason}): ${g.message}`, EXIT.failed);
  return { puzzle: g.puzzle, seededId: g.id };
}

/** All puzzles named on the command line: from --id options, or else from the file / stdin. */
export async function loadPuzzles(file: string | undefined, opts: InputOptions): Promise<LoadedPuzzle[]> {
  const ids = opts.id ?? [];
  if (ids.length > 0) {
    if (file !== undefined) throw new UserError('give either a file or --id, not both');
    return ids.map((text, i) => {
      const { puzzle, seededId } = puzzleFromId(text);
      return { puzzle, label: ids.length > 1 ? `id #${i + 1}` : 'id', index: i + 1, seededId };
    });
  }
  const { text, label } = await readText(file);
  if (text.trim() === '') throw new UserError(`${label}: empty input, no puzzle to read`);
  const puzzles = parseText(text, label, opts.from);
  return puzzles.map((puzzle, i) => ({ puzzle, label: puzzles.length > 1 ? `${label} #${i + 1}` : label, index: i + 1 }));
}

/** A short description of a puzzle for one-line reports: `heart.non #2 7x6 "Heart"`. */
export function describe(p: LoadedPuzzle): string {
  const title = p.puzzle.meta?.title;
  return `${p.label} ${p.puzzle.width}x${p.puzzle.height}${title ? ` "${title}"` : ''}`;
}

/**
 * A marks file: one line per row, `?` unknown, `#` filled, `x`, `X` or `.` crossed; spaces and
 * blank lines are ignored.
 */
export function parseMarks(text: string, label: string, p: Nonogram): Uint8Array {
  const lines = text.split(/\r\n|\r|\n/);
  const rows: { cells: string; line: number }[] = [];
  lines.forEach((l, i) => {
    const cells = l.replace(/[ \t]+/g, '');
    if (cells !== '') rows.push({ cells, line: i + 1 });
  });
  if (rows.length !== p.height) {
    const line = rows.length > p.height ? rows[p.height].line : (rows.at(-1)?.line ?? 0) + 1;
    throw new UserError(`${label}: line ${line}: the marks have ${rows.length} rows, the puzzle has ${p.height}`);
  }
  const marks = new Uint8Array(p.width * p.height);
  rows.forEach(({ cells, line }, r) => {
    if (cells.length !== p.width) {
      throw new UserError(`${label}: line ${line}: row ${r + 1} has ${cells.length} cells, the puzzle is ${p.width} wide`);
    }
    for (let c = 0; c < cells.length; c++) {
      const ch = cells[c];
      const v = ch === '?' ? UNKNOWN : ch === '#' ? FILLED : ch === 'x' || ch === 'X' || ch === '.' ? EMPTY : -1;
      if (v < 0) throw new UserError(`${label}: line ${line}: row ${r + 1}, cell ${c + 1} is '${ch}'; use ? (unknown), # (filled) or x/. (crossed)`);
      marks[r * p.width + c] = v;
    }
  });
  return marks;
}
