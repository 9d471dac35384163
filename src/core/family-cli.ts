/**
 * What a family tells the command line (and any other front end that reads files and draws in a
 * terminal), as members of its `PuzzleFamily` object: its file formats (`formats`), how its puzzles
 * and solutions look as text (`render`), and how a player's marks are read from a file (`cli`). The
 * commands in src/cli are written once, against these, and ask the registry for the family.
 * Everything here is pure: a family that needs a second file (edge matching's `.clue` beside a
 * `.puz`) gets it through `ParseOptions.readBeside`, which the caller supplies.
 */
import type { DrawOptions } from './draw.ts';
import type { Hint } from './family.ts';
import type { Result } from './result.ts';

export interface ParseOptions {
  /** A format name of this family; undefined = detect from the text and `filename`. */
  format?: string;
  /** The rule set, for families that have rule sets and formats that do not carry one; checked beforehand (the CLI's `checkRule`). */
  rule?: string;
  filename?: string;
  /** The text of another file (a name next to `filename`), or undefined when there is none. */
  readBeside?: (filename: string) => string | undefined;
}

/**
 * A family's file formats. Methods (not function-valued properties) on purpose: a table of one
 * family's puzzle type is then usable where the type is forgotten (`PuzzleFamily<unknown, ...>`).
 */
export interface FormatTable<P> {
  /** Format names; `id` (descriptive ids, one per line) is the default for writing. */
  readonly names: readonly string[];
  /** Help lines describing the formats ("  non     Simpson / nonogram-db .non ..."). */
  readonly help: string;
  /** Rule sets, for families that have several (the first is the default); empty otherwise. */
  readonly rules: readonly string[];
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
}

/** How a family's puzzles, solutions and hints look as text. */
export interface FamilyRender<P, S, Focus> {
  /** Formats `solve --format` can print for this family (the first is the default). */
  readonly solveFormats: readonly string[];
  size(p: P): { width: number; height: number };
  /** Extra words for one-line descriptions and JSON: a title, the rule set. */
  about(p: P): { title?: string; rule?: string };
  /** A solution as rows of one character (or cell text) per cell. */
  solutionRows(s: S, p: P): string[];
  /** A solution as JSON-ready data. */
  solutionJson(s: S, p: P): unknown;
  /** A solution in a `solve --format` printed per puzzle, or undefined for whole-file formats. */
  solutionText(s: S, p: P, format: string, draw: DrawOptions): string | undefined;
  /** The puzzles with their solutions, for whole-file `solve --format`s (nonogram non, xml). */
  solvedFile(solved: { puzzle: P; solution: S }[], format: string): Result<string>;
  /** Several solutions to show side by side after a verdict (`count --show`). */
  showSolutions(solutions: S[], p: P, draw: DrawOptions & { paths?: boolean }): string[];
  /** The puzzle drawn for a terminal, with a solution when given. */
  picture(p: P, s: S | undefined, draw: DrawOptions): string;
  /** What a hint touches, as a short line ("cells: r3c1=filled ..."), or undefined. */
  focusText(h: Hint<Focus>, p: P): string | undefined;
}

/** The rest of what the command line needs: the default size and the player's marks as a file. */
export interface FamilyCli<P, State> {
  /** `generate --size` when none is given (default 10x10). */
  readonly defaultSize?: string;
  /** Help text for `--marks`. */
  readonly marksHelp: string;
  /**
   * A player's progress from a text (`hint --marks`); the error is the whole message, naming `label`
   * (the file) and the line where there is one.
   */
  readMarks(text: string, label: string, p: P): Result<State, string>;
  /** Whether the state leaves nothing to mark (every Nonogram cell marked). */
  complete(state: State): boolean;
}
