/**
 * The template family, part 3 of 3: the one object proofgrid sees, in the spirit of Simon Tatham's
 * `nullgame.c`. A family is a `PuzzleFamily` (src/core/family.ts): its strings, its solvers, its
 * play rules, and the tables the command line reads (formats as rows, terminal drawing, marks
 * files; see src/core/family-cli.ts). Nothing outside this folder knows about it: it joins the product with one
 * line in a registry (test/families/registry.ts), or at run time with `proofgrid --plugin <module>`,
 * which imports a module and registers its default export. Everything it uses from proofgrid is in
 * src/core, so a bundled copy of this module works as well as the source.
 *
 * Run it: `proofgrid --plugin test/families/latin/index.ts generate latin --size 4 --seed s` (through
 * bin/proofgrid.js, which loads TypeScript), then count, solve, hint, render the id it prints.
 */
import { sideBySide } from '../../../src/core/draw.ts';
import type { CheckablePlayRules, PuzzleFamily } from '../../../src/core/family.ts';
import { tableFromRows, type FamilyCli, type FamilyRender, type FormatTable } from '../../../src/core/family-cli.ts';
import { err, ok, parseError, type Result } from '../../../src/core/result.ts';
import { firstLine, parseLinewise } from '../../../src/core/text.ts';
import {
  gridRows,
  makeLatinId,
  makeParams,
  makeSolution,
  NAME,
  parseLatinId,
  parseParams,
  parseRows,
  parseSolution,
  verify,
  canonical,
  type Latin,
  type LatinParams,
  type LatinSolution,
} from './rules.ts';
import { count, find, generate, grade, hint, VERSION, VERSIONS, witness, type LatinFocus } from './solve.ts';

/** A player's board: every cell's number, givens included, 0 where empty. */
export interface LatinState {
  n: number;
  cells: Uint8Array;
}
/** A move: `2.3=4` puts 4 in row 2, column 3; `2.3=.` empties it. Moves are strings on the wire. */
export interface LatinMove {
  row: number;
  col: number;
  value: number;
}

/** Play rules: pure, and everything crossing a boundary (moves, the saved board) is a short string. */
const play: CheckablePlayRules<Latin, LatinSolution, LatinState, LatinMove> = {
  start: (p) => ({ n: p.n, cells: Uint8Array.from(p.givens) }),
  parseMove(text, p) {
    const m = /^([1-9])\.([1-9])=([1-9.])$/.exec(text.trim());
    if (!m) return err(parseError('ERR_MOVE', `a latin move is row.col=number or row.col=. (empty), not "${text.slice(0, 20)}"`));
    const [r, c] = [Number(m[1]) - 1, Number(m[2]) - 1];
    const value = m[3] === '.' ? 0 : Number(m[3]);
    if (r >= p.n || c >= p.n || value > p.n) return err(parseError('ERR_MOVE', `${text.trim()} is off the ${p.n}x${p.n} board`));
    if (p.givens[r * p.n + c] !== 0) return err(parseError('ERR_MOVE', `row ${r + 1}, column ${c + 1} is given`));
    return ok({ row: r, col: c, value });
  },
  makeMove: (m) => `${m.row + 1}.${m.col + 1}=${m.value === 0 ? '.' : m.value}`,
  apply(state, m) {
    const cells = Uint8Array.from(state.cells);
    cells[m.row * state.n + m.col] = m.value;
    return { n: state.n, cells };
  },
  isSolved: (p, state) => !state.cells.includes(0) && verify(p, state.cells).ok,
  mistakes: (p, state, s) => [...state.cells.keys()].filter((i) => p.givens[i] === 0 && state.cells[i] !== 0 && state.cells[i] !== s[i]),
  // Every empty cell filled with the solution's number.
  solutionMoves: (p, s) => [...p.givens.keys()].filter((i) => p.givens[i] === 0).map((i) => ({ row: Math.floor(i / p.n), col: i % p.n, value: s[i] })),
  makeState: (state) => gridRows(state.cells, state.n).join('/'),
  parseState(text, p) {
    const r = parseRows(text.split('/'), true);
    if (!r.ok) return r;
    if (r.value.n !== p.n) return err(parseError('ERR_SIZE', `the board is ${r.value.n}x${r.value.n}, the puzzle ${p.n}x${p.n}`));
    const changed = [...p.givens.keys()].find((i) => p.givens[i] !== 0 && r.value.cells[i] !== p.givens[i]);
    if (changed !== undefined)
      return err(parseError('ERR_SYNTAX', `row ${Math.floor(changed / p.n) + 1}, column ${(changed % p.n) + 1} is given ${p.givens[changed]}`));
    return ok({ n: p.n, cells: r.value.cells });
  },
};

/** Blocks of grid rows separated by blank lines; `#` comments. The text format of `.latin` files. */
function parseGridFile(text: string): Result<Latin[]> {
  const out: Latin[] = [];
  let block: { rows: string[]; line: number } | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  const flush = (): Result<null> => {
    if (block === null) return ok(null);
    const r = parseRows(block.rows, true, block.line);
    block = null;
    if (!r.ok) return r;
    out.push({ n: r.value.n, givens: r.value.cells });
    return ok(null);
  };
  for (let i = 0; i <= lines.length; i++) {
    const t = i < lines.length ? lines[i].trim() : '';
    if (t.startsWith('#')) continue;
    if (t === '') {
      const f = flush();
      if (!f.ok) return f;
    } else (block ??= { rows: [], line: i + 1 }).rows.push(t);
  }
  return out.length > 0 ? ok(out) : err(parseError('ERR_EMPTY', 'no latin grid in the input', 1));
}

// Core's text helpers do the line work: ids one per line (blank lines and # comments skipped), and
// the first meaningful line, which is all detection needs to look at.
const parseIdFile = (text: string): Result<Latin[]> => parseLinewise(text, parseLatinId, { comments: true, trim: true, emptyMessage: 'no id in the input' });

const first = (text: string): string => firstLine(text, (l) => l !== '' && !l.startsWith('#')) ?? '';

/**
 * The formats table, one row per format: its name, the file extensions that name it, a line of help,
 * whether a file holds one puzzle or many, how sure a text alone makes it (0 to 3), how to read and
 * write it. `tableFromRows` does the rest (detection by extension, then by text; the checks of a
 * format's name; refusing a list in a one-puzzle format).
 */
const formats: FormatTable<Latin> = tableFromRows(
  NAME,
  [
    {
      name: 'grid',
      extensions: ['latin'],
      help: 'rows of digits, . for an empty cell; puzzles separated by blank lines, # comments (.latin)',
      many: 'many',
      detect: (text) => (/^[1-9.]{2,9}$/.test(first(text)) && parseGridFile(text).ok ? 1 : 0),
      parse: parseGridFile,
      make: (puzzles) => ok(puzzles.map((p) => `${gridRows(p.givens, p.n).join('\n')}\n`).join('\n')),
    },
    {
      name: 'id',
      extensions: [],
      help: 'proofgrid descriptive ids latin:NxN:rows, one per line',
      many: 'many',
      detect: (text) => (first(text).startsWith(`${NAME}:`) ? 3 : 0),
      parse: parseIdFile,
      make: (puzzles) => ok(puzzles.map((p) => `${makeLatinId(p)}\n`).join('')),
    },
  ],
  {
    parseId: (id) => parseLatinId(id),
    // A text that is not an id is read as grids, so that its errors name the line that is wrong.
    formatOfText: (text) => (first(text).startsWith(`${NAME}:`) ? 'id' : 'grid'),
  },
);

/** The puzzle in a box, givens as they are and the solution's numbers in the other cells. */
function picture(p: Latin, s: LatinSolution | undefined, draw: { ascii?: boolean; color?: boolean }): string {
  const [h, v] = draw.ascii ? ['-', '|'] : ['─', '│'];
  const corners = draw.ascii ? ['+++', '+++', '+++'] : ['┌┬┐', '├┼┤', '└┴┘'];
  const rule = ([l, m, r]: string): string => l + Array(p.n).fill(h.repeat(3)).join(m) + r;
  const lines = [rule(corners[0])];
  for (let r = 0; r < p.n; r++) {
    const cell = (c: number): string => {
      const i = r * p.n + c;
      const text = p.givens[i] !== 0 ? String(p.givens[i]) : s ? String(s[i]) : ' ';
      return draw.color && p.givens[i] !== 0 ? `\x1b[1m${text}\x1b[0m` : text;
    };
    lines.push(`${v}${Array.from({ length: p.n }, (_, c) => ` ${cell(c)} `).join(v)}${v}`, rule(corners[r < p.n - 1 ? 1 : 2]));
  }
  return lines.join('\n');
}

const render: FamilyRender<Latin, LatinSolution, LatinFocus> = {
  solveFormats: ['grid'],
  size: (p) => ({ width: p.n, height: p.n }),
  about: () => ({}),
  solutionRows: (s, p) => gridRows(s, p.n),
  solutionJson: (s, p) => gridRows(s, p.n),
  solutionText: (s, p, format) => (format === 'grid' ? makeSolution(s, p) : undefined),
  solvedFile: (_solved, format) => err(parseError('ERR_FORMAT', `latin solutions cannot be written as ${format}`)),
  showSolutions: (solutions, p) => sideBySide(solutions.map((s) => gridRows(s, p.n))),
  picture,
  focusText: (h) => `cell r${h.focus.row + 1}c${h.focus.col + 1}=${h.focus.value}; as a move: ${h.focus.row + 1}.${h.focus.col + 1}=${h.focus.value}`,
};

const cli: FamilyCli<Latin, LatinState> = {
  defaultSize: '4x4',
  marksHelp: 'the board so far: one row per line, digits, . for an empty cell (givens included)',
  readMarks(text, label, p) {
    const rows = text
      .split(/\r\n|\r|\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    const r = play.parseState(rows.join('/'), p);
    return r.ok ? r : err(`${label}: ${r.error.message} [${r.error.code}]`);
  },
  complete: (state) => !state.cells.includes(0),
};

/** The family: everything above, behind the one interface. */
export const latin: PuzzleFamily<Latin, LatinSolution, LatinParams, LatinState, LatinMove, LatinFocus> = {
  name: NAME,
  version: VERSION,
  versions: VERSIONS,
  parseParams,
  makeParams,
  parsePuzzle: (id) => parseLatinId(id),
  makePuzzle: makeLatinId,
  parseFile: (text, filename) => formats.parse(text, { filename }),
  parseSolution,
  makeSolution,
  verify,
  canonical,
  count,
  find,
  witness,
  grade,
  hint: (p, state, budget) => hint(p, state.cells, budget),
  hintMoves: (_p, h) => [{ row: h.focus.row, col: h.focus.col, value: h.focus.value }],
  // Each generator version is a named pipeline; version 1 is frozen by golden-v1.json. A change to
  // what it outputs is a new entry here (version 2), never an edit of version 1.
  generators: [
    {
      version: 1,
      name: 'latin-v1-shuffled-cyclic',
      summary: 'A cyclic Latin square with rows, columns and numbers shuffled; cells emptied in seeded order while a count to 2 stays unique.',
      pinned: { pipeline: 'solve.ts generate (its count decides which cells stay given); golden-v1.json pins it' },
      run: (params, seed, budget, options) => generate(params, seed, budget, { ...options, version: 1 }),
    },
  ],
  generate: (params, seed, budget, options) => generate(params, seed, budget, options),
  play,
  formats,
  render,
  cli,
};

/** What `--plugin` imports: the family as the module's default export. */
export default latin;
