/**
 * What a family tells the command line (and any other front end that reads files and draws in a
 * terminal), as members of its `PuzzleFamily` object: its file formats (`formats`), how its puzzles
 * and solutions look as text (`render`), and how a player's marks are read from a file (`cli`). The
 * commands in src/cli are written once, against these, and ask the registry for the family.
 * Everything here is pure: a family that needs a second file (edge matching's `.clue` beside a
 * `.puz`) gets it through `ParseOptions.readBeside`, which the caller supplies.
 *
 * A family declares its formats as rows (`FormatRow`, one per format: name, extensions, detection,
 * reader, writer, one puzzle or many) and `tableFromRows` builds the `FormatTable` the commands use:
 * names, help, detection by file name and text, the format checks and the dispatch.
 */
import type { Budget } from './budget.ts';
import type { DrawOptions } from './draw.ts';
import type { CountOptions, Hint } from './family.ts';
import type { FindResult, Verdict } from './verdict.ts';
import { err, parseError, type Result } from './result.ts';

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
 * One file format of a family: one row of its formats table. Methods (not function-valued
 * properties), as in `FormatTable`. `tableFromRows` calls `parse` and `make` only for this row's
 * format, and `make` only with at least one puzzle (exactly one when `many` is 'one').
 */
export interface FormatRow<P> {
  /** The format's name, as `--from` and `--to` take it (`id` is every family's descriptive ids). */
  readonly name: string;
  /** File extensions that name this format (lower case, no dot); empty when only the text tells it. */
  readonly extensions: readonly string[];
  /** What it is, for `convert --help`: one line (further lines after "\n", when it needs them). */
  readonly help: string;
  /** Whether a file holds one puzzle or a list of them. */
  readonly many: 'one' | 'many';
  /** How messages name a file of this format ("a .nin file holds one puzzle"); the name by default. */
  readonly label?: string;
  /** How sure it is, from the text alone, that a text is in this format: 0 (not at all) to 3, as `FormatTable.sniff`. */
  detect(text: string): number;
  /** The puzzles of a text in this format; absent for a format that is only written. */
  parse?(text: string, options: ParseOptions): Result<P[]>;
  /** The puzzles as a file of this format; absent for a format that is only read. */
  make?(puzzles: readonly P[]): Result<string>;
  /** A note on what writing these puzzles in this format loses (titles, the rule set), or undefined. */
  lost?(puzzles: readonly P[]): string | undefined;
  /**
   * Refuses, before any work, `count` puzzles of a size this format cannot hold. Without it (or when
   * it answers undefined), a 'one' row refuses more than one puzzle with a message of its own.
   */
  checkWrite?(count: number, size: { width: number; height: number }): string | undefined;
}

/**
 * A family's file formats. Methods (not function-valued properties) on purpose: a table of one
 * family's puzzle type is then usable where the type is forgotten (`PuzzleFamily<unknown, ...>`).
 */
export interface FormatTable<P> {
  /** One row per format, in the order of `names`. */
  readonly rows: readonly FormatRow<P>[];
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

/** What a formats table needs besides its rows. */
export interface TableHooks<P> {
  /** Rule sets, for families that have several (the first is the default). */
  readonly rules?: readonly string[];
  /** Help lines after the rows' (what the formats keep and lose, say). */
  readonly note?: string;
  /** Where the rows' help starts, counted after the two-space indent; the longest name + 2 by default. */
  readonly helpColumn?: number;
  /** A puzzle from a descriptive id of this family, with `rule` checked as for files. */
  parseId(id: string, rule?: string): Result<P>;
  /**
   * The format of a text that neither `--from` nor the file name tells, for families whose formats
   * are told apart in an order of their own (or read one of them by default); without it, the row
   * whose `detect` scores highest (the first of equals), none when every row scores 0.
   */
  formatOfText?(text: string): string | undefined;
}

/** A file name's extension, lower case and without the dot, or undefined. */
function extensionOf(filename: string | undefined): string | undefined {
  return filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
}

/** The row whose extensions hold `filename`'s, if any. */
export function rowOfFile<P>(rows: readonly FormatRow<P>[], filename: string | undefined): FormatRow<P> | undefined {
  const ext = extensionOf(filename);
  return ext === undefined ? undefined : rows.find((r) => r.extensions.includes(ext));
}

/** The row that scores a text highest (the first of equals), or undefined when none scores above 0. */
function rowOfText<P>(rows: readonly FormatRow<P>[], text: string): FormatRow<P> | undefined {
  let best: FormatRow<P> | undefined;
  let score = 0;
  for (const r of rows) {
    const s = r.detect(text);
    if (s > score) [best, score] = [r, s];
  }
  return best;
}

/**
 * The formats table of a family (`family` is its name, for messages) from its rows: names and help,
 * detection (a file's extension, else the text), the checks of a format's name, and the dispatch to
 * the row. Rows must have unique names and extensions (lower case, no dot); a family's cross-format
 * behaviour goes into `hooks` (`formatOfText`) or into a row itself (a row's `parse` gets every
 * `ParseOptions`: the rule, the file name, `readBeside`).
 */
export function tableFromRows<P>(family: string, rows: readonly FormatRow<P>[], hooks: TableHooks<P>): FormatTable<P> {
  const names = rows.map((r) => r.name);
  const byName = new Map(rows.map((r) => [r.name, r]));
  if (byName.size !== rows.length) throw new TypeError(`${family} formats: two rows have the same name (${names.join(', ')})`);
  const exts = rows.flatMap((r) => r.extensions);
  const badExt = exts.find((e, i) => !/^[a-z0-9]+$/.test(e) || exts.indexOf(e) !== i);
  if (badExt !== undefined) throw new TypeError(`${family} formats: the extension "${badExt}" is not lower case without a dot, or is in two rows`);
  const column = hooks.helpColumn ?? Math.max(...names.map((n) => n.length)) + 2;
  const help = rows.flatMap((r) => {
    const [first, ...more] = r.help.split('\n');
    return [`  ${r.name.padEnd(column)}${first}`, ...more.map((l) => `  ${' '.repeat(column)}${l}`)];
  });
  if (hooks.note !== undefined) help.push(hooks.note);
  const writable = rows.filter((r) => r.make !== undefined).map((r) => r.name);
  const many = rows.filter((r) => r.many === 'many').map((r) => r.name);
  const ofText = (text: string): FormatRow<P> | undefined => {
    if (hooks.formatOfText === undefined) return rowOfText(rows, text);
    const name = hooks.formatOfText(text);
    const row = name === undefined ? undefined : byName.get(name);
    if (name !== undefined && row === undefined) throw new Error(`${family} formats: formatOfText answered "${name}", which is no row`);
    return row;
  };
  return {
    rows,
    names,
    help: help.join('\n'),
    rules: hooks.rules ?? [],
    sniff(text, filename) {
      if (rowOfFile(rows, filename) !== undefined) return 3;
      return Math.max(0, ...rows.map((r) => r.detect(text)));
    },
    parse(text, options) {
      const { format, filename } = options;
      if (format !== undefined && !byName.has(format)) return err(parseError('ERR_FORMAT', `${family} puzzles have no format "${format}"`));
      const row = format !== undefined ? byName.get(format) : (rowOfFile(rows, filename) ?? ofText(text));
      if (row === undefined) {
        return text.trim() === ''
          ? err(parseError('ERR_EMPTY', 'empty input', 1))
          : err(parseError('ERR_FORMAT', `cannot tell the format of this text; name one of: ${names.join(', ')}`, 1));
      }
      if (row.parse === undefined) return err(parseError('ERR_FORMAT', `${family} puzzles are written in ${row.name}, not read from it`));
      return row.parse(text, options);
    },
    parseId: (id, rule) => hooks.parseId(id, rule),
    make(puzzles, format) {
      const row = byName.get(format);
      if (row?.make === undefined) return err(parseError('ERR_FORMAT', `${family} puzzles cannot be written as ${format} (formats: ${writable.join(', ')})`));
      if (puzzles.length === 0) return err(parseError('ERR_EMPTY', 'no puzzles to write'));
      if (row.many === 'one' && puzzles.length > 1)
        return err(parseError('ERR_FORMAT', `a ${row.label ?? row.name} file holds one puzzle, not ${puzzles.length}`));
      return row.make(puzzles);
    },
    lost: (puzzles, format) => byName.get(format)?.lost?.(puzzles),
    checkWrite(format, count, size) {
      const row = byName.get(format);
      if (row === undefined) return undefined;
      const refused = row.checkWrite?.(count, size);
      if (refused !== undefined || row.many === 'many' || count <= 1) return refused;
      return `a ${row.label ?? row.name} file holds one ${family} puzzle, not ${count}: write one, or use a format that holds many (${many.join(', ')})`;
    },
  };
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

/** One search engine a family offers `solve` and `count` (`--engine <name>`). */
export interface FamilyEngine {
  /** What `--engine` takes. */
  readonly name: string;
  /** One line for the help text. */
  readonly help: string;
  /**
   * A SAT engine: the command runs the family's own witness (`witness.ts`) on an installed binary
   * (cadical, else minisat); the family's `find` and `count` below are not asked for it.
   */
  readonly sat?: boolean;
  /**
   * A portfolio: the command runs these engines of the family in turn under doubling time slices
   * (25 ms, 50 ms, ...) within the budget, and the first to finish answers.
   */
  readonly turns?: readonly string[];
}

/**
 * The engines of a family and the choice among them. `pick` names the engine a board gets when the
 * user names none; `find` and `count` run a named engine that is not `sat`. Every engine honours the
 * whole budget (nodes, deadline, signal) and answers inconclusive when it runs out. An engine may be
 * a portfolio of the others (`turns`), run by the command.
 */
export interface FamilyEngines<P, S> {
  /** Every engine, the default ones first. */
  readonly list: readonly FamilyEngine[];
  /** The engine a puzzle gets for finding one solution or for counting, when the user names none. */
  pick(puzzle: P, task: 'find' | 'count'): string;
  /** One solution by a named engine (not a SAT one nor a portfolio). */
  find(puzzle: P, engine: string, budget: Budget): FindResult<S>;
  /** The count to `options.limit` by a named engine (not a SAT one nor a portfolio). */
  count(puzzle: P, engine: string, options: CountOptions): Verdict<S>;
  /**
   * The readings of a distinct solution the counts honour (`CountOptions.distinct`, `count
   * --distinct`), the default first; none: the family has one reading.
   */
  readonly distinct?: readonly ('colourings' | 'placements')[];
}

/** The rest of what the command line needs: the default size, the player's marks as a file, the engines. */
export interface FamilyCli<P, State, S = unknown> {
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
  /**
   * The engines `solve --engine` and `count --engine` choose from; none: the family's own `find`
   * and `count` (the option then refuses any name).
   */
  readonly engines?: FamilyEngines<P, S>;
}
