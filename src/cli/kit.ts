/**
 * What the command line needs from a puzzle family beyond the `PuzzleFamily` interface: its file
 * formats by name, how to tell its texts apart from other families', and how to show its puzzles and
 * solutions in a terminal. One kit per family (kit-nonogram.ts, kit-numberlink.ts); the commands
 * themselves are written once, against `AnyKit` and the family object it carries.
 */
import type { Budget } from '../core/budget.ts';
import type { Hint, PuzzleFamily } from '../core/family.ts';
import type { Result } from '../core/result.ts';
import type { FindResult } from '../core/verdict.ts';

export interface ParseOptions {
  /** A format name of this family; undefined = detect from the text and `filename`. */
  format?: string;
  /** The rule set, for families that have rule sets and formats that do not carry one; checked beforehand (`checkRule` in kits.ts). */
  rule?: string;
  filename?: string;
}

export interface DrawOptions {
  /** Plain ASCII instead of box-drawing characters. */
  ascii?: boolean;
  /** ANSI colours. */
  color?: boolean;
}

/**
 * Methods (not function-valued properties) on purpose: a `Kit<Nonogram, ...>` is then usable as an
 * `AnyKit`, and the commands pair each kit with puzzles it parsed itself.
 */
export interface Kit<P, S, Params, State, Move, Focus> {
  readonly family: PuzzleFamily<P, S, Params, State, Move, Focus>;
  /** File formats by name; `id` (descriptive ids, one per line) is the default for writing. */
  readonly formats: readonly string[];
  /** Help lines describing the formats ("  non     Simpson / nonogram-db .non ..."). */
  readonly formatHelp: string;
  /** Rule sets, for families that have several (the first is the default); empty otherwise. */
  readonly rules: readonly string[];
  /** `generate --size` when none is given (default 10x10). */
  readonly defaultSize?: string;
  /** Formats `solve --format` can print for this family (the first is the default). */
  readonly solveFormats: readonly string[];
  /**
   * How sure it is that a text is this family's: 3 from a file extension or id prefix of its own,
   * 2 from a telling first line, 1 from a weak hint, 0 not at all.
   */
  sniff(text: string, filename?: string): number;
  parse(text: string, options: ParseOptions): Result<P[]>;
  /** A puzzle from a descriptive id of this family, with `rule` checked as for files. */
  parseId(id: string, rule?: string): Result<P>;
  make(puzzles: readonly P[], format: string): Result<string>;
  /** A note on what writing in `format` loses (titles, the rule set), or undefined. */
  lost(puzzles: readonly P[], format: string): string | undefined;
  /** Refuses, before any work, to write `count` puzzles of a size in a format that cannot hold them. */
  checkWrite(format: string, count: number, size: { width: number; height: number }): string | undefined;
  size(p: P): { width: number; height: number };
  /** Extra words for one-line descriptions and JSON: a title, the rule set. */
  about(p: P): { title?: string; rule?: string };
  /** A solution as rows of one character per cell (#/. for Nonograms, labels for Numberlink). */
  solutionRows(s: S, p: P): string[];
  /** A solution as JSON-ready data. */
  solutionJson(s: S, p: P): unknown;
  /** A solution in a `solve --format` printed per puzzle, or undefined for whole-file formats. */
  solutionText(s: S, p: P, format: string, draw: DrawOptions): string | undefined;
  /** The puzzles with their solutions, for whole-file `solve --format`s (non, xml). */
  solvedFile(solved: { puzzle: P; solution: S }[], format: string): Result<string>;
  /** Several solutions to show side by side after a verdict (`count --show`). */
  showSolutions(solutions: S[], p: P, draw: DrawOptions & { paths?: boolean }): string[];
  /** The puzzle drawn for a terminal, with a solution when given. */
  picture(p: P, s: S | undefined, draw: DrawOptions): string;
  find(p: P, budget: Budget): FindResult<S>;
  /** A player's progress from a text (`hint --marks`); UserErrors name the file and line. */
  readMarks(text: string, label: string, p: P): State;
  /** Help text for `--marks`. */
  readonly marksHelp: string;
  /** Whether the state leaves nothing to mark (every Nonogram cell marked). */
  complete(state: State): boolean;
  /** What a hint touches, as a short line ("cells: r3c1=filled ..."), or undefined. */
  focusText(h: Hint<Focus>, p: P): string | undefined;
}

/** A kit whose puzzle type is forgotten; each loaded puzzle travels with the kit that parsed it. */
export type AnyKit = Kit<unknown, unknown, unknown, unknown, unknown, unknown>;
