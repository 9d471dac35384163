/** The command line's side of the Nonogram family: formats, detection, pictures and marks files. */
import { err, parseError } from '../core/result.ts';
import { findSolution, formats, nonogram, type Nonogram, type NonogramFocus, type NonogramParams, type Solution } from '../families/nonogram/index.ts';
import type { NonogramMove, NonogramState } from '../families/nonogram/play.ts';
import { EMPTY, FILLED, UNKNOWN } from '../families/nonogram/types.ts';
import { UserError } from './exit.ts';
import type { Kit } from './kit.ts';
import { cluePicture, gridRows, sideBySide } from './render.ts';

const EXTENSIONS = new Set(['non', 'nonpack', 'xml', 'pbn', 'nin']);
const isFormat = (f: string): f is formats.FormatName => (formats.FORMATS as readonly string[]).includes(f);

/** Formats that keep titles, authors and goals. */
const KEEPS_META: readonly string[] = ['non', 'xml'];

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

export const nonogramKit: Kit<Nonogram, Solution, NonogramParams, NonogramState, NonogramMove, NonogramFocus> = {
  family: nonogram,
  formats: formats.FORMATS,
  formatHelp: `  non     Simpson / nonogram-db .non; several puzzles are joined with "====" lines (.nonpack)
  xml     webpbn XML puzzle sets (many puzzles per file)
  nin     Wilk / Wolter .nin: ONE puzzle per file (several are refused)
  taai    TAAI tournament question files (square puzzles only, many per file)
  tatham  Simon Tatham's Pattern game ids, one per line
  id      proofgrid descriptive ids nonogram:WxH:desc, one per line
Titles, authors and goals survive only in non and xml; other targets drop them (with a note).`,
  rules: [],
  solveFormats: ['grid', 'bits', 'non', 'xml'],
  marksHelp: 'one line per row, ? unknown, # filled, x or . crossed (spaces ignored)',

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
    return formats.makePuzzles(solved.map(({ puzzle, solution }) => ({ ...puzzle, meta: { ...puzzle.meta, goal: solution } })), format);
  },
  showSolutions: (solutions, p) => sideBySide(solutions.map((g) => gridRows(g, p.width, p.height))),
  picture: (p, s) => cluePicture(p, s),
  find: (p, budget) => findSolution(p, { budget }),
  readMarks: (text, label, p) => ({ width: p.width, height: p.height, marks: parseMarks(text, label, p) }),
  complete: (state) => !state.marks.includes(UNKNOWN),
  focusText(h) {
    const cells = h.focus.cells;
    return cells.length > 0 ? `cells: ${cells.map((c) => `r${c.row + 1}c${c.col + 1}=${c.value}`).join(' ')}` : undefined;
  },
};
