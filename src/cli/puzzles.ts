/**
 * Turning the command line's inputs into puzzles: a file (family and format detected, or named with
 * --family and --from), standard input, or puzzle ids given with --id (descriptive, or seeded and then
 * generated). Each puzzle travels with the family of its family.
 */
import { isIdFailure, readPuzzles, puzzleOfId, type IdPuzzle } from '../api/load.ts';
import type { ParseError } from '../core/result.ts';
import { EXIT, UserError } from './exit.ts';
import { readBeside, readText } from './io.ts';
import type { AnyFamily } from './families.ts';

/** A puzzle with its family's family and where it came from, for messages. */
export interface LoadedPuzzle {
  family: AnyFamily;
  /** A puzzle of `family`'s family (parsed by it). */
  puzzle: unknown;
  /** e.g. `heart.non`, `bundle.non #3`, `<stdin>`, or the id given. */
  label: string;
  /** 1-based position among all puzzles of the run. */
  index: number;
  /** The seeded id it was generated from, when it came from one. */
  seededId?: string;
}

export interface InputOptions {
  id?: string[];
  from?: string;
  family?: string;
  rule?: string;
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

/** Reads every puzzle of a text (the string API's `readPuzzles`); a bad text is a UserError naming the file and line. */
export function parseText(text: string, label: string, opts: InputOptions): { family: AnyFamily; puzzles: unknown[] } {
  const filename = label.startsWith('<') ? undefined : label;
  const r = readPuzzles(text, { family: opts.family, format: opts.from, rule: opts.rule, filename, readBeside });
  if (!r.ok) {
    const { error, guessedFamily, refused } = r.error;
    if (refused) throw new UserError(`${label}: ${error.message}`);
    const note = guessedFamily !== undefined ? `\n  (read as ${guessedFamily} puzzles; --family and --from say otherwise)` : '';
    throw new UserError(describeParseError(label, error, text) + note);
  }
  if (r.value.puzzles.length === 0) throw new UserError(`${label}: no puzzle found`);
  return r.value;
}

/**
 * A puzzle from an id (the string API's `puzzleOfId`): descriptive ids are decoded; seeded ids are
 * generated with that seed, after checking that this build can run the id's generator version.
 */
export function puzzleFromId(text: string, opts: Omit<InputOptions, 'id' | 'from'> = {}): IdPuzzle {
  const r = puzzleOfId(text, opts);
  if (r.ok) return r.value;
  const where = `--id ${text}`;
  const e = r.error;
  if (!isIdFailure(e)) throw new UserError(`${where}: ${e.message} [${e.code}]`);
  if (e.kind !== 'failed') throw new UserError(`${where}: ${e.message}`);
  throw new UserError(`${where}: generation failed (${e.reason}): ${e.message}`, EXIT.failed);
}

/** All puzzles named on the command line: from --id options, or else from the file / stdin. */
export async function loadPuzzles(file: string | undefined, opts: InputOptions): Promise<LoadedPuzzle[]> {
  const ids = opts.id ?? [];
  if (ids.length > 0) {
    if (file !== undefined) throw new UserError('give either a file or --id, not both');
    if (opts.from !== undefined) throw new UserError('--from names the format of a file; ids need none');
    return ids.map((text, i) => {
      const { family, puzzle, seededId } = puzzleFromId(text, opts);
      return { family, puzzle, label: ids.length > 1 ? `id #${i + 1}` : 'id', index: i + 1, seededId };
    });
  }
  const { text, label } = await readText(file);
  if (text.trim() === '') throw new UserError(`${label}: empty input, no puzzle to read`);
  const { family, puzzles } = parseText(text, label, opts);
  return puzzles.map((puzzle, i) => ({ family, puzzle, label: puzzles.length > 1 ? `${label} #${i + 1}` : label, index: i + 1 }));
}

/** The one puzzle a command works on: the `index`-th (1-based) named on the command line, or the only one. */
export async function loadOnePuzzle(file: string | undefined, opts: InputOptions & { index?: number }): Promise<LoadedPuzzle> {
  const loaded = await loadPuzzles(file, opts);
  if (opts.index !== undefined && opts.index > loaded.length) {
    throw new UserError(`--index ${opts.index}: the input holds ${loaded.length} puzzle${loaded.length === 1 ? '' : 's'}`);
  }
  if (opts.index === undefined && loaded.length > 1) {
    throw new UserError(`the input holds ${loaded.length} puzzles: choose one with --index N`);
  }
  return loaded[(opts.index ?? 1) - 1];
}

/** A short description of a puzzle for one-line reports: `heart.non #2 7x6 "Heart"`, `p.nl 5x5 no-2x2`. */
export function describe(lp: LoadedPuzzle): string {
  const { width, height } = lp.family.render.size(lp.puzzle);
  const { title, rule } = lp.family.render.about(lp.puzzle);
  return `${lp.label} ${width}x${height}${rule ? ` ${rule}` : ''}${title ? ` "${title}"` : ''}`;
}

/** The fields every JSON report starts with. */
export function jsonHead(lp: LoadedPuzzle): Record<string, unknown> {
  const { width, height } = lp.family.render.size(lp.puzzle);
  const { title, rule } = lp.family.render.about(lp.puzzle);
  return {
    index: lp.index,
    source: lp.label,
    family: lp.family.name,
    ...(title ? { title } : {}),
    width,
    height,
    ...(rule ? { rule } : {}),
    id: lp.family.makePuzzle(lp.puzzle),
    ...(lp.seededId ? { seededId: lp.seededId } : {}),
  };
}
