/**
 * The Nonogram family's side of the command line, as members of its family object: the formats
 * table, the terminal drawing (clue pictures, `#`/`.` grids) and marks files.
 */
import { tableFromRows, type FamilyCli, type FamilyRender, type FormatRow, type FormatTable } from '../../core/family-cli.ts';
import { sideBySide } from '../../core/draw.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { colourLetter } from './colour.ts';
import { gridToText } from './puzzle.ts';
import type { NonogramFocus } from './focus.ts';
import * as formats from './formats/index.ts';
import { colourChar, colourOfChar, coloursOf, markOfColour, type NonogramState } from './play.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

/** A 0/1 grid as rows of `#` and `.`. */
export function gridRows(grid: ArrayLike<number>, width: number, height: number): string[] {
  return gridToText(grid, width, height).split('\n');
}

/** A solution's rows: `#` and `.`, or for a colour puzzle `.` and its colours' letters. */
function solutionRows(s: ArrayLike<number>, p: Nonogram): string[] {
  return p.colour ? formats.colourGridText(s, p.width, p.height).split('\n') : gridRows(s, p.width, p.height);
}

/**
 * The puzzle as a picture: column clues stacked above, row clues to the left, and the grid (the
 * solution's `#`/`.` cells, or blanks).
 */
export function cluePicture(p: Nonogram, grid?: ArrayLike<number>): string {
  // A colour block is its length and its colour's letter (2a), as in the colour id.
  const label = (line: readonly number[], colours: readonly number[] | undefined): string[] =>
    line.map((n, b) => (colours ? `${n}${colourLetter(colours[b])}` : String(n)));
  const rowLabels = p.rows.map((r, i) => label(r, p.colour?.rows[i]));
  const colLabels = p.cols.map((c, i) => label(c, p.colour?.cols[i]));
  const cell = Math.max(2, ...rowLabels.flat().map((n) => n.length + 1), ...colLabels.flat().map((n) => n.length + 1));
  const rowClues = rowLabels.map((r) => (r.length === 0 ? '0' : r.join(' ')));
  const left = Math.max(...rowClues.map((s) => s.length));
  const depth = Math.max(1, ...p.cols.map((c) => c.length));
  const lines: string[] = [];
  for (let k = 0; k < depth; k++) {
    let s = ' '.repeat(left + 2);
    for (const c of colLabels) {
      const clue = c.length === 0 ? ['0'] : c;
      const i = k - (depth - clue.length);
      s += (i >= 0 ? clue[i] : '').padStart(cell);
    }
    lines.push(s.trimEnd());
  }
  lines.push(`${' '.repeat(left + 1)}+${'-'.repeat(cell * p.width + 1)}`);
  for (let r = 0; r < p.height; r++) {
    let s = `${rowClues[r].padStart(left)} |`;
    for (let c = 0; c < p.width; c++) {
      const v = grid ? grid[r * p.width + c] : undefined;
      const ch = v === undefined ? ' ' : p.colour ? (v === 0 ? '.' : colourLetter(v)) : v === 1 ? '#' : v === 0 ? '.' : ' ';
      s += ch.padStart(cell);
    }
    lines.push(s.trimEnd());
  }
  return lines.join('\n');
}

/**
 * A marks file: one line per row, `?` unknown, `#` filled, `x`, `X` or `.` crossed; spaces and
 * blank lines are ignored. On a colour puzzle a fill is its colour's character (1 to 9, then A to U,
 * as board text writes it; `#` is colour 1). The error names `label` and the line.
 */
export function parseMarks(text: string, label: string, p: Nonogram): Result<Uint8Array, string> {
  const lines = text.split(/\r\n|\r|\n/);
  const rows: { cells: string; line: number }[] = [];
  lines.forEach((l, i) => {
    const cells = l.replace(/[ \t]+/g, '');
    if (cells !== '') rows.push({ cells, line: i + 1 });
  });
  if (rows.length !== p.height) {
    const line = rows.length > p.height ? rows[p.height].line : (rows.at(-1)?.line ?? 0) + 1;
    return err(`${label}: line ${line}: the marks have ${rows.length} rows, the puzzle has ${p.height}`);
  }
  const marks = new Uint8Array(p.width * p.height);
  const most = coloursOf(p);
  for (let r = 0; r < rows.length; r++) {
    const { cells, line } = rows[r];
    if (cells.length !== p.width) return err(`${label}: line ${line}: row ${r + 1} has ${cells.length} cells, the puzzle is ${p.width} wide`);
    for (let c = 0; c < cells.length; c++) {
      const ch = cells[c];
      const k = most > 1 ? colourOfChar(ch) : 0;
      const v = ch === '?' ? UNKNOWN : ch === '#' ? FILLED : ch === 'x' || ch === 'X' || ch === '.' ? EMPTY : k >= 1 && k <= most ? markOfColour(k) : -1;
      if (v < 0) {
        const fills = most > 1 ? `# or 1 to ${colourChar(most)} (a colour)` : '# (filled)';
        return err(`${label}: line ${line}: row ${r + 1}, cell ${c + 1} is '${ch}'; use ? (unknown), ${fills} or x/. (crossed)`);
      }
      marks[r * p.width + c] = v;
    }
  }
  return ok(marks);
}

/** A row's `detect`: its score when the family's detection (an order of first-line tests) names it. */
const detected =
  (name: formats.FormatName, score: number) =>
  (text: string): number =>
    formats.detectFormat(text) === name ? score : 0;

/** A row's `checkWrite` for formats of one puzzle a file (`what`: "a .cnon file"); `advice` follows the count. */
const onePuzzle =
  (what: string, advice = '') =>
  (count: number): string | undefined =>
    count > 1 ? `${what} holds one puzzle, not ${count}${advice}` : undefined;

/** A row's `lost` for formats without room for titles, authors or goals. */
const dropsMeta =
  (name: formats.FormatName) =>
  (puzzles: readonly Nonogram[]): string | undefined =>
    puzzles.some((p) => p.meta && Object.keys(p.meta).length > 0)
      ? `the ${name} format has no room for titles, authors or goals; they were dropped`
      : undefined;

/** A black-and-white format's writer: colour puzzles are refused (formats.blackAndWhiteOnly). */
const bwMake =
  (name: string, make: (puzzles: readonly Nonogram[]) => Result<string>) =>
  (puzzles: readonly Nonogram[]): Result<string> => {
    const bw = formats.blackAndWhiteOnly(puzzles, name);
    return bw.ok ? make(puzzles) : bw;
  };

const rows: FormatRow<Nonogram>[] = [
  {
    name: 'non',
    extensions: ['non', 'nonpack'],
    help: 'Simpson / nonogram-db .non; several puzzles are joined with "====" lines (.nonpack); colour puzzles in Nonny\'s extension',
    many: 'many',
    detect: detected('non', 2),
    parse: (text) => formats.parseNon(text),
    make: (puzzles) => ok(formats.makeNon(puzzles)),
  },
  {
    name: 'xml',
    extensions: ['xml', 'pbn'],
    help: 'webpbn XML puzzle sets (many puzzles per file), black and white or colour',
    many: 'many',
    detect: detected('xml', 2),
    parse: (text) => formats.parseXml(text),
    make: (puzzles) => formats.makeXml(puzzles),
  },
  {
    name: 'nin',
    extensions: ['nin'],
    help: 'Wilk / Wolter .nin: ONE puzzle per file (several are refused)',
    many: 'one',
    label: '.nin',
    detect: detected('nin', 1),
    parse: (text) => formats.parseNin(text),
    make: bwMake('nin', (puzzles) => ok(formats.makeNin(puzzles[0]))),
    lost: dropsMeta('nin'),
    checkWrite: onePuzzle('a .nin file', ': write one, or use another format (non and xml hold many)'),
  },
  {
    name: 'taai',
    extensions: [],
    help: 'TAAI tournament question files (square puzzles only, many per file)',
    many: 'many',
    detect: detected('taai', 2),
    parse: (text) => formats.parseTaai(text),
    make: bwMake('taai', (puzzles) => formats.makeTaai(puzzles)),
    lost: dropsMeta('taai'),
    checkWrite: (_count, size) => (size.width !== size.height ? `the TAAI format holds only square puzzles, not ${size.width}x${size.height}` : undefined),
  },
  {
    name: 'tatham',
    extensions: [],
    help: "Simon Tatham's Pattern game ids, one per line",
    many: 'many',
    detect: detected('tatham', 2),
    parse: (text) => formats.parseTatham(text),
    make: bwMake('tatham', (puzzles) => ok(`${puzzles.map(formats.makeTatham).join('\n')}\n`)),
    lost: dropsMeta('tatham'),
  },
  {
    name: 'g',
    extensions: ['g'],
    help: "Olšák's griddler .g (grid's and pbnsolve's examples), colour too: ONE puzzle per file",
    many: 'one',
    label: '.g',
    detect: detected('g', 1),
    parse: (text) => formats.parseG(text),
    make: (puzzles) => ok(formats.makeG(puzzles[0])),
    lost: (puzzles) =>
      puzzles.some(formats.gLoses) ? 'the g format has no room for titles, authors, goals or most colour names; they were dropped' : undefined,
    checkWrite: onePuzzle('a .g file', ': write one, or use another format (xml holds many)'),
  },
  {
    name: 'cnon',
    extensions: ['cnon'],
    help: "Serrada's colour .cnon (colored-nonogram-solver): ONE puzzle per file",
    many: 'one',
    label: '.cnon',
    detect: detected('cnon', 1),
    parse: (text) => formats.parseCnon(text),
    make: (puzzles) => ok(formats.makeCnon(puzzles[0])),
    lost: dropsMeta('cnon'),
    checkWrite: onePuzzle('a .cnon file'),
  },
  {
    name: 'cjson',
    // No extension: .json is edge matching's anjou format too; the text tells them apart.
    extensions: [],
    help: 'the colour JSON of color-nonogram-solver ({"horizontal": rows, "vertical": columns}): ONE puzzle per file',
    many: 'one',
    label: 'colour JSON',
    detect: detected('cjson', 1),
    parse: (text) => formats.parseColourJson(text),
    make: (puzzles) => formats.makeColourJson(puzzles[0]),
    lost: dropsMeta('cjson'),
    checkWrite: onePuzzle('a colour JSON file'),
  },
  {
    name: 'csv',
    extensions: [],
    help: "nonogram_solver's ROWS,COLUMNS then symbol,length pairs (colour too): ONE puzzle per file",
    many: 'one',
    label: 'csv',
    detect: detected('csv', 1),
    parse: (text) => formats.parseCsv(text),
    make: (puzzles) => ok(formats.makeCsv(puzzles[0])),
    lost: dropsMeta('csv'),
    checkWrite: onePuzzle('a csv file'),
  },
  {
    name: 'id',
    extensions: [],
    help: 'proofgrid descriptive ids nonogram:WxH:desc, one per line',
    many: 'many',
    detect: detected('id', 3),
    parse: (text) => formats.parseIds(text),
    make: (puzzles) => ok(`${puzzles.map(formats.makeNonogramId).join('\n')}\n`),
    lost: dropsMeta('id'),
  },
];

export const nonogramFormats: FormatTable<Nonogram> = tableFromRows('nonogram', rows, {
  note: 'Titles, authors and goals survive only in non and xml; other targets drop them (with a note).',
  parseId: (id) => formats.parseNonogramId(id),
  // The first-line tests run in order (a `<` line is XML even when "width" follows): one answer, not scores.
  formatOfText: (text) => formats.detectFormat(text),
});

export const nonogramRender: FamilyRender<Nonogram, Solution, NonogramFocus> = {
  solveFormats: ['grid', 'bits', 'non', 'xml'],
  size: (p) => ({ width: p.width, height: p.height }),
  about: (p) => (p.meta?.title ? { title: p.meta.title } : {}),
  solutionRows: (s, p) => solutionRows(s, p),
  solutionJson: (s, p) => solutionRows(s, p),
  solutionText(s, p, format) {
    if (format === 'grid') return solutionRows(s, p).join('\n');
    if (format === 'bits') return Array.from(s).join('');
    return undefined;
  },
  solvedFile(solved, format) {
    if (format !== 'non' && format !== 'xml') return err(parseError('ERR_FORMAT', `${format} is not a puzzle file format`));
    return formats.makePuzzles(
      solved.map(({ puzzle, solution }) => ({ ...puzzle, meta: { ...puzzle.meta, goal: solution } })),
      format,
    );
  },
  showSolutions: (solutions, p) => sideBySide(solutions.map((g) => solutionRows(g, p))),
  picture: (p, s) => cluePicture(p, s),
  focusText(h) {
    const cells = h.focus.cells;
    // A colour hint's fills name their colour: r1c6=filled:3.
    return cells.length > 0
      ? `cells: ${cells.map((c) => `r${c.row + 1}c${c.col + 1}=${c.value}${c.colour !== undefined ? `:${c.colour}` : ''}`).join(' ')}`
      : undefined;
  },
};

export const nonogramCli: FamilyCli<Nonogram, NonogramState> = {
  marksHelp: 'one line per row, ? unknown, # filled (colour puzzles: 1-9, A-U a colour), x or . crossed (spaces ignored)',
  readMarks(text, label, p) {
    const marks = parseMarks(text, label, p);
    if (!marks.ok) return marks;
    const s: NonogramState = { width: p.width, height: p.height, marks: marks.value };
    if (p.colour) s.colours = coloursOf(p);
    return ok(s);
  },
  complete: (state) => !state.marks.includes(UNKNOWN),
};
