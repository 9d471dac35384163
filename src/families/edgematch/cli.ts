/**
 * The edge-matching family's side of the command line, as members of its family object: the formats
 * table, board pictures for a terminal and marks files. The board suite's `.clue` file beside a
 * `.puz` is read through `ParseOptions.readBeside` (the engine reads no files).
 */
import { ANSI_COLORS as COLORS, sideBySide, type DrawOptions } from '../../core/draw.ts';
import { tableFromRows, type FamilyCli, type FamilyRender, type FormatRow, type FormatTable } from '../../core/family-cli.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { splitLines } from '../../core/text.ts';
import { isIdList, parseEdgematchFile } from './formats/index.ts';
import type { EdgematchFocus } from './focus.ts';
import * as formats from './formats/index.ts';
import { edgematchPlay, type EdgematchState } from './play.ts';
import { edgematchEngines } from './engines.ts';
import { clueBoard, shownColour } from './puzzle.ts';
import type { Board, Instance } from './types.ts';

/**
 * The board drawn for a terminal: each cell a box showing the colours its piece shows on each side
 * (base-62 digits as in the id, the grey frame colour 0 as a dot) around the piece's number; empty
 * cells are blank. Without a board, the clues are drawn and the pieces listed below.
 */
function drawBoard(p: Instance, board: Board | undefined, draw: DrawOptions = {}): string {
  const { width: cw, name } = formats.colourNames(p.pieces);
  const pw = String(p.pieces.length - 1).length;
  const inner = 2 * cw + 2 + pw;
  const shown: Board = board ?? clueBoard(p);
  const paint = (c: number): string => {
    const text = c === 0 ? (draw.ascii ? '.'.repeat(cw) : '·'.repeat(cw)) : name(c);
    return draw.color && c !== 0 ? `\x1b[1;${COLORS[(c - 1) % COLORS.length]}m${text}\x1b[0m` : text;
  };
  const h = draw.ascii ? '-' : '─';
  const v = draw.ascii ? '|' : '│';
  const rule = (left: string, mid: string, right: string): string => left + new Array(p.width).fill(h.repeat(inner)).join(mid) + right;
  const [tl, tm, tr, ml, mm, mr, bl, bm, br] = draw.ascii ? ['+', '+', '+', '+', '+', '+', '+', '+', '+'] : ['┌', '┬', '┐', '├', '┼', '┤', '└', '┴', '┘'];
  const centre = (s: string, width: number, len: number): string => {
    const left = Math.floor((width - len) / 2);
    return ' '.repeat(left) + s + ' '.repeat(width - len - left);
  };
  const lines = [rule(tl, tm, tr)];
  for (let r = 0; r < p.height; r++) {
    const rows = ['', '', ''];
    for (let c = 0; c < p.width; c++) {
      const pl = shown[r * p.width + c];
      if (!pl) {
        for (let k = 0; k < 3; k++) rows[k] += v + ' '.repeat(inner);
        continue;
      }
      const pc = p.pieces[pl.piece];
      const side = (d: number): string => paint(shownColour(pc, pl.rotation, d));
      rows[0] += v + centre(side(0), inner, cw);
      rows[1] += `${v}${side(3)} ${String(pl.piece).padStart(pw)} ${side(1)}`;
      rows[2] += v + centre(side(2), inner, cw);
    }
    lines.push(...rows.map((x) => x + v));
    lines.push(r < p.height - 1 ? rule(ml, mm, mr) : rule(bl, bm, br));
  }
  if (!board) {
    const clued = new Set(p.clues.map((c) => c.piece));
    const list = p.pieces.map((pc, k) => (clued.has(k) ? '' : `${k}:${pc.map((c) => name(c)).join('')}`)).filter((s) => s !== '');
    lines.push('pieces (N E S W unturned, colours as in the id):');
    let line = '';
    for (const item of list) {
      if (line !== '' && line.length + 1 + item.length > 76) {
        lines.push(`  ${line}`);
        line = '';
      }
      line += (line === '' ? '' : ' ') + item;
    }
    if (line !== '') lines.push(`  ${line}`);
  }
  return lines.join('\n');
}

/** A board as rows of `piece:rotation` cells (`.` empty), padded into columns. */
function boardRows(s: Board, p: Instance): string[] {
  const cells = s.map(formats.boardCellText);
  const w = Math.max(...cells.map((c) => c.length));
  const rows: string[] = [];
  for (let r = 0; r < p.height; r++)
    rows.push(
      cells
        .slice(r * p.width, (r + 1) * p.width)
        .map((c) => c.padStart(w))
        .join(' '),
    );
  return rows;
}

/**
 * How much a text looks like a file of `format` (heule, puz, tud): the family's detection names it,
 * and lines of four numbers (N E S W) follow its first line, or the text reads.
 */
function looksLike(format: formats.FormatName, text: string): number {
  if (isIdList(text) || formats.detectFormat(text) !== format) return 0;
  const rest = splitLines(text)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('c') && !l.startsWith('#'))
    .slice(1);
  const fours = rest.filter((l) => /^\d+\s+\d+\s+\d+\s+\d+$/.test(l)).length;
  if (rest.length >= 4 && fours === rest.length) return 2;
  return parseEdgematchFile(text).ok ? 2 : 0;
}

/** Every format but id holds one puzzle. */
const oneOnly = (format: formats.FormatName, count: number): string | undefined =>
  count > 1 ? `a ${format} file holds one edgematch puzzle, not ${count}: write one, or use the id format (one id per line)` : undefined;

/** A file's one instance as the list `parse` answers. */
const listed = (r: Result<Instance>): Result<Instance[]> => (r.ok ? ok([r.value]) : r);

const rows: FormatRow<Instance>[] = [
  {
    name: 'heule',
    extensions: [],
    help: `Marijn Heule's piece files: the number of hint lines, the hints "row col piece rot"
(1-based, rot clockwise), then "N E S W" per piece; the size follows from the pieces`,
    many: 'one',
    detect: (text) => looksLike('heule', text),
    parse: (text) => listed(formats.parseHeule(text)),
    make: (puzzles) => ok(formats.makeHeule(puzzles[0])),
    checkWrite: (count) => oneOnly('heule', count),
  },
  {
    name: 'puz',
    extensions: ['puz'],
    help: `the board suite's puzzle.puz (JamesGallicchio/eternity2): "cols [rows]", then "N E S W"
per tile (.puz); its clues, in the suite's puzzle.clue beside it (same name, .clue), are
read from there; they are not written`,
    many: 'one',
    detect: (text) => looksLike('puz', text),
    // The board suite keeps a puzzle's clues in puzzle.clue beside puzzle.puz: read them from there.
    parse(text, { filename, readBeside }) {
      const clueFile = filename?.replace(/\.puz$/i, '.clue');
      const clues = clueFile !== undefined && clueFile !== filename ? readBeside?.(clueFile) : undefined;
      if (clues === undefined) return listed(formats.parseBoardSuite(text));
      const r = formats.parseBoardSuite(text, clues);
      if (!r.ok) return err({ ...r.error, message: `${r.error.message} (with the clues of ${clueFile})` });
      return ok([r.value]);
    },
    make: (puzzles) => ok(formats.makePuz(puzzles[0])),
    lost(puzzles) {
      const clues = puzzles.reduce((k, p) => k + p.clues.length, 0);
      if (clues === 0) return undefined;
      return `the puz format keeps clues in a separate puzzle.clue file, which is not written: ${clues} clue${clues === 1 ? ' was' : 's were'} dropped (heule, anjou and id carry them)`;
    },
    checkWrite: (count) => oneOnly('puz', count),
  },
  {
    name: 'anjou',
    extensions: ['json'],
    help: 'the JSON of raphael-anjou/eternity2: width, height, pieces, hints (.json)',
    many: 'one',
    detect: (text) => (!isIdList(text) && formats.detectFormat(text) === 'anjou' && /"pieces"\s*:/.test(text) ? 2 : 0),
    parse: (text) => listed(formats.parseAnjou(text)),
    make: (puzzles) => ok(formats.makeAnjou(puzzles[0])),
    checkWrite: (count) => oneOnly('anjou', count),
  },
  {
    name: 'tud',
    extensions: [],
    help: 'TU Dresden 2011: "1 0 W H", then "N E S W" per piece (no clues)',
    many: 'one',
    detect: (text) => looksLike('tud', text),
    parse: (text) => listed(formats.parseTud(text)),
    make: (puzzles) => formats.makeTud(puzzles[0]),
    checkWrite: (count) => oneOnly('tud', count),
  },
  {
    name: 'id',
    extensions: [],
    help: 'proofgrid descriptive ids edgematch:WxH:<colours>[.cell-piece-rot]..., one per line',
    many: 'many',
    detect: (text) => (isIdList(text) || formats.detectFormat(text) === 'id' ? 3 : 0),
    parse: (text) => formats.parseIdLines(text),
    make: (puzzles) => ok(puzzles.map((p) => `${formats.makeEdgematchId(p)}\n`).join('')),
  },
];

export const edgematchFormats: FormatTable<Instance> = tableFromRows('edgematch', rows, {
  note: 'Each file holds one puzzle, except id lists. Colour 0 is the grey frame.',
  helpColumn: 9,
  parseId: (id) => formats.parseEdgematchId(id),
  // An id list first (its comments may look like anything), then the family's first-line tests in order.
  formatOfText: (text) => (isIdList(text) ? 'id' : formats.detectFormat(text)),
});

export const edgematchRender: FamilyRender<Instance, Board, EdgematchFocus> = {
  solveFormats: ['grid', 'sol', 'picture'],
  size: (p) => ({ width: p.width, height: p.height }),
  about: () => ({}),
  solutionRows: boardRows,
  solutionJson: (s, p) => ({ rows: formats.boardRowTexts(p.width, p.height, s), cells: s }),
  solutionText(s, p, format, draw) {
    if (format === 'grid') return formats.makeBoardText(p, s).trimEnd();
    if (format === 'sol') return formats.makeSol(p, s).trimEnd();
    if (format === 'picture') return drawBoard(p, s, draw);
    return undefined;
  },
  solvedFile: (_solved, format) => err(parseError('ERR_FORMAT', `edgematch solutions cannot be written as ${format}`)),
  showSolutions: (solutions, p) => sideBySide(solutions.map((s) => boardRows(s, p))),
  picture: (p, s, draw) => drawBoard(p, s, draw),
  focusText(h) {
    const f = h.focus;
    const cell = `${f.row + 1}.${f.col + 1}`;
    const move = h.technique === 'mistake' ? `t${cell}` : `p${f.piece}@${cell}:${f.rotation}`;
    return `cell r${f.row + 1}c${f.col + 1}: piece ${f.piece} turned ${f.rotation}; as a move: ${move}`;
  },
};

export const edgematchCli: FamilyCli<Instance, EdgematchState, Board> = {
  defaultSize: '6x6',
  marksHelp:
    'the board so far, as "solve" prints it (a WxH line, then one row per line of piece:rotation or . cells; clue cells may be left empty), or the one-line state the player saves (rows separated by /)',
  readMarks(text, label, p) {
    const lines = splitLines(text)
      .map((l, i) => ({ t: l.trim(), line: i + 1 }))
      .filter((l) => l.t !== '' && !l.t.startsWith('#'));
    let rows: string[];
    if (lines.length > 0 && /^\d+x\d+$/.test(lines[0].t)) {
      // The board text: read it as such (its errors name lines), then check it as a state.
      const b = formats.parseBoardText(text, p);
      if (!b.ok) return err(`${label}: ${b.error.line !== undefined ? `line ${b.error.line}: ` : ''}${b.error.message} [${b.error.code}]`);
      rows = formats.boardRowTexts(p.width, p.height, b.value);
    } else rows = lines.flatMap((l) => l.t.split('/'));
    // Clue cells left empty are filled with their clues (the player's board always holds them).
    const cells = rows.map((r) => r.trim().split(/\s+/));
    if (cells.length === p.height && cells.every((r) => r.length === p.width)) {
      for (const c of p.clues) {
        const row = cells[Math.floor(c.cell / p.width)];
        if (row[c.cell % p.width] === '.') row[c.cell % p.width] = `${c.piece}:${c.rotation}`;
      }
      rows = cells.map((r) => r.join(' '));
    }
    const r = edgematchPlay.parseState(rows.join('/'), p);
    return r.ok ? r : err(`${label}: ${r.error.message} [${r.error.code}]`);
  },
  complete: (state) => state.tray.length === 0,
  engines: edgematchEngines,
};
