/**
 * What the string API needs of a registered family, read off its one object: file formats by name
 * (the rows of its `formats` table), a find-one search (`find`) and a puzzle's size (`render.size`). This is the
 * one place where a family's own types are forgotten: the API's functions see only strings and
 * `unknown` puzzles that travel with the adapter that made them. Plug-in families (`registerFamily`)
 * get theirs the same way, so everything the API offers works for them too.
 */
import type { Budget } from '../core/budget.ts';
import type { PuzzleFamily } from '../core/family.ts';
import { rowOfFile } from '../core/family-cli.ts';
import { err, parseError, type Result } from '../core/result.ts';
import type { FindResult } from '../core/verdict.ts';

export interface Adapter<P, S, Params, State, Move, Focus, W extends object> {
  readonly family: PuzzleFamily<P, S, Params, State, Move, Focus, W>;
  /** The family's file format names; `id` (descriptive ids, one per line) is in every family's list. */
  readonly formats: readonly string[];
  /** Whether a file name's extension belongs to one of this family's formats. */
  claims(filename: string): boolean;
  /** Puzzles of a text in `format` (one of `formats`), or as the family tells it from `filename` and the text. */
  parse(text: string, format: string | undefined, filename: string | undefined, readBeside?: (filename: string) => string | undefined): Result<P[]>;
  /** Puzzles written in `format`; an error when the format cannot hold them. */
  write(puzzles: readonly P[], format: string): Result<string>;
  find(puzzle: P, budget: Budget | undefined): FindResult<S>;
  size(puzzle: P): { width: number; height: number };
}

export type AnyAdapter = Adapter<unknown, unknown, unknown, unknown, unknown, unknown, object>;
type AnyFamily = PuzzleFamily<unknown, unknown, unknown, unknown, unknown, unknown, object>;

function formatCheck(name: string, formats: readonly string[], format: string, verb: string): Result<never> | null {
  if (formats.includes(format)) return null;
  return err(parseError('ERR_FORMAT', `${name} puzzles ${verb} "${format}" (formats: ${formats.join(', ')})`));
}

const made = new WeakMap<AnyFamily, AnyAdapter>();

/** The adapter of a registered family (made once per family object). */
export function adapterFor(family: AnyFamily): AnyAdapter {
  const known = made.get(family);
  if (known !== undefined) return known;
  const { formats } = family;
  const a: AnyAdapter = {
    family,
    formats: formats.names,
    claims: (filename) => rowOfFile(formats.rows, filename) !== undefined,
    parse(text, format, filename, readBeside) {
      if (format === undefined && readBeside === undefined) return family.parseFile(text, filename);
      return (
        (format !== undefined ? formatCheck(family.name, formats.names, format, 'have no format') : null) ??
        formats.parse(text, { format, filename, readBeside })
      );
    },
    write: (puzzles, format) => formatCheck(family.name, formats.names, format, 'cannot be written as') ?? formats.make(puzzles, format),
    find: (p, budget) => family.find(p, budget ?? {}),
    size: (p) => family.render.size(p),
  };
  made.set(family, a);
  return a;
}
