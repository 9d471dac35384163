/**
 * The Nonogram family's side of the command line, as members of its family object: the formats
 * table, the terminal drawing (clue pictures, `#`/`.` grids) and marks files.
 */
import type { FamilyCli, FamilyRender, FormatTable } from '../../core/family-cli.ts';
import { sideBySide } from '../../core/draw.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { gridToText } from './puzzle.ts';
import type { NonogramFocus } from './focus.ts';
import * as formats from './formats/index.ts';
import type { NonogramState } from './play.ts';
import { EMPTY, FILLED, UNKNOWN, type Nonogram, type Solution } from './types.ts';

const EXTENSIONS = new Set(['non', 'nonpack', 'xml', 'pbn', 'nin']);
const isFormat = (f: string): f is formats.FormatName => (formats.FORMATS as readonly string[]).includes(f);

/** Formats that keep titles, authors and goals. */
const KEEPS_META: readonly string[] = ['non', 'xml'];

/** A 0/1 grid as rows of `#` and `.`. */
export function gridRows(grid: ArrayLike<number>, width: number, height: number): string[] {
  return gridToText(grid, width, height).split('\n');
}

/**
 * The puzzle as a picture: column clues stacked above, row clues to the left, and the grid (the
 * solution's `#`/`.` cells, or blanks).
 */
export function cluePicture(p: Nonogram, grid?: ArrayLike<number>): string {
  const cell = Math.max(2, ...p.rows.flat().map((n) => String(n).length + 1), ...p.cols.flat().map((n) => String(n).length + 1));
  const rowClues = p.rows.map((r) => (r.length === 0 ? '0' : r.join(' ')));
  const left = Math.max(...rowClues.map((s) => s.length));
  const depth = Math.max(1, ...p.cols.map((c) => c.length));
  const lines: string[] = [];
  for (let k = 0; k < depth; k++) {
    let s = ' '.repeat(left + 2);
    for (const c of p.cols) {
      const clue = c.length === 0 ? [0] : c;
      const i = k - (depth - clue.length);
      s += (i >= 0 ? String(clue[i]) : '').padStart(cell);
    }
    lines.push(s.trimEnd());
  }
  lines.push(`${' '.repeat(left + 1)}+${'-'.repeat(cell * p.width + 1)}`);
  for (let r = 0; r < p.height; r++) {
    let s = `${rowClues[r].padStart(left)} |`;
    for (let c = 0; c < p.width; c++) {
      const v = grid ? grid[r * p.width + c] : undefined;
      s += (v === 1 ? '#' : v === 0 ? '.' : ' ').padStart(cell);
    }
    lines.push(s.trimEnd());
  }
  return lines.join('\n');
}

/**
 * A marks file: one line per row, `?` unknown, `#` filled, `x`, `X` or `.` crossed; spaces and
 * blank lines are ignored. The error names `label` and the line.
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
  for (let r = 0; r < rows.length; r++) {
    const { cells, line } = rows[r];
    if (cells.length !== p.width) return err(`${label}: line ${line}: row ${r + 1} has ${cells.length} cells, the puzzle is ${p.width} wide`);
    for (let c = 0; c < cells.length; c++) {
      const ch = cells[c];
      const v = ch === '?' ? UNKNOWN : ch === '#' ? FILLED : ch === 'x' || ch === 'X' || ch === '.' ? EMPTY : -1;
      if (v < 0) return err(`${label}: line ${line}: row ${r + 1}, cell ${c + 1} is '${ch}'; use ? (unknown), # (filled) or x/. (crossed)`);
      marks[r * p.width + c] = v;
    }
  }
  return ok(marks);
}

export const nonogramFormats: FormatTable<Nonogram> = {
  names: formats.FORMATS,
  help: `  non     Simpson / nonogram-db .non; several puzzles are joined with "====" lines (.nonpack)
  xml     webpbn XML puzzle sets (many puzzles per file)
  nin     Wilk / Wolter .nin: ONE puzzle per file (several are refused)
  taai    TAAI tournament question files (square puzzles only, many per file)
  tatham  Simon Tatham's Pattern game ids, one per line
  id      proofgrid descriptive ids nonogram:WxH:desc, one per line
Titles, authors and goals survive only in non and xml; other targets drop them (with a note).`,
  rules: [],
  sniff(text, filename) {
    const ext = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
    if (ext !== undefined && EXTENSIONS.has(ext)) return 3;
    const f = formats.detectFormat(text);
    return f === 'id' ? 3 : f === 'nin' ? 1 : f === undefined ? 0 : 2;
  },
  parse(text, { format, filename }) {
    if (format !== undefined && !isFormat(format)) return err(parseError('ERR_FORMAT', `nonogram puzzles have no format "${format}"`));
    return formats.parsePuzzles(text, format, filename);
  },
  parseId: (id) => formats.parseNonogramId(id),
  make(puzzles, format) {
    if (!isFormat(format)) return err(parseError('ERR_FORMAT', `nonogram puzzles cannot be written as ${format} (formats: ${formats.FORMATS.join(', ')})`));
    return formats.makePuzzles(puzzles, format);
  },
  lost(puzzles, format) {
    if (KEEPS_META.includes(format) || !puzzles.some((p) => p.meta && Object.keys(p.meta).length > 0)) return undefined;
    return `the ${format} format has no room for titles, authors or goals; they were dropped`;
  },
  checkWrite(format, count, size) {
    if (format === 'nin' && count > 1) return `a .nin file holds one puzzle, not ${count}: write one, or use another format (non and xml hold many)`;
    if (format === 'taai' && size.width !== size.height) return `the TAAI format holds only square puzzles, not ${size.width}x${size.height}`;
    return undefined;
  },
};

export const nonogramRender: FamilyRender<Nonogram, Solution, NonogramFocus> = {
  solveFormats: ['grid', 'bits', 'non', 'xml'],
  size: (p) => ({ width: p.width, height: p.height }),
  about: (p) => (p.meta?.title ? { title: p.meta.title } : {}),
  solutionRows: (s, p) => gridRows(s, p.width, p.height),
  solutionJson: (s, p) => gridRows(s, p.width, p.height),
  solutionText(s, p, format) {
    if (format === 'grid') return gridRows(s, p.width, p.height).join('\n');
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
  showSolutions: (solutions, p) => sideBySide(solutions.map((g) => gridRows(g, p.width, p.height))),
  picture: (p, s) => cluePicture(p, s),
  focusText(h) {
    const cells = h.focus.cells;
    return cells.length > 0 ? `cells: ${cells.map((c) => `r${c.row + 1}c${c.col + 1}=${c.value}`).join(' ')}` : undefined;
  },
};

export const nonogramCli: FamilyCli<Nonogram, NonogramState> = {
  marksHelp: 'one line per row, ? unknown, # filled, x or . crossed (spaces ignored)',
  readMarks(text, label, p) {
    const marks = parseMarks(text, label, p);
    return marks.ok ? ok({ width: p.width, height: p.height, marks: marks.value }) : marks;
  },
  complete: (state) => !state.marks.includes(UNKNOWN),
};
