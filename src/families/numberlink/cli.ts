/**
 * The Numberlink family's side of the command line, as members of its family object: the formats
 * table (with rule sets), path drawings for a terminal and marks files.
 */
import { ANSI_COLORS as COLORS, sideBySide, type DrawOptions } from '../../core/draw.ts';
import { tableFromRows, type FamilyCli, type FamilyRender, type FormatRow, type FormatTable } from '../../core/family-cli.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { splitLines } from '../../core/text.ts';
import type { NumberlinkFocus } from './focus.ts';
import * as formats from './formats/index.ts';
import { numberlinkPlay, type NumberlinkState } from './play.ts';
import { tracePaths } from './puzzle.ts';
import { E, isRule, RULES, S, type Numberlink, type Rule, type Solution } from './types.ts';

/** Formats that carry no rule set (a reader must be told it, with --rule). */
const NO_RULE: readonly string[] = ['grid', 'letters', 'numlin'];

/** The puzzle's one-character labels, row by row (`.` for empty cells), as the letters format writes them. */
function labelRows(p: Numberlink): string[] {
  const r = formats.makeLetters([p]);
  if (r.ok) return r.value.trimEnd().split('\n');
  // More pairs than one-character labels: mark endpoints with '*'.
  const g = new Array<string>(p.width * p.height).fill('.');
  for (const [a, b] of p.pairs) g[a] = g[b] = '*';
  const rows: string[] = [];
  for (let y = 0; y < p.height; y++) rows.push(g.slice(y * p.width, (y + 1) * p.width).join(''));
  return rows;
}

function solutionRows(s: Solution, p: Numberlink): string[] {
  const r = formats.makeSolution(s, p);
  if (!r.ok) throw new Error(`a solution does not trace: ${r.error.message}`);
  return r.value.trimEnd().split('\n');
}

/** Link bits as hexadecimal rows (the play state's text, one row per line). */
const linkRows = (s: Solution, p: Numberlink): string[] =>
  numberlinkPlay.makeState({ width: p.width, height: p.height, ends: new Int32Array(0), links: s }).split('/');

const BOX: Record<number, string> = { 5: '│', 10: '─', 3: '└', 6: '┌', 12: '┐', 9: '┘' };
const ASCII: Record<number, string> = { 5: '|', 10: '-', 3: '+', 6: '+', 12: '+', 9: '+' };

/**
 * The grid as text, two characters per cell: endpoints show their labels, path cells box-drawing
 * pieces joined to their neighbours (`A───A`), empty cells a dot. With `color`, each path has its colour.
 */
function drawPaths(p: Numberlink, s: Solution | undefined, draw: DrawOptions = {}): string {
  const w = p.width;
  const labels = labelRows(p);
  const owner = s ? tracePaths(p, s) : undefined;
  const pairOf = (i: number): number => (owner?.ok ? owner.owner[i] : -1);
  const paint = (text: string, i: number, bold = false): string => {
    const k = pairOf(i);
    if (!draw.color || text.trim() === '' || (k < 0 && !bold)) return text;
    const code = k >= 0 ? `${bold ? '1;' : ''}${COLORS[k % COLORS.length]}` : '1';
    return `\x1b[${code}m${text}\x1b[0m`;
  };
  const pieces = draw.ascii ? ASCII : BOX;
  const lines: string[] = [];
  for (let r = 0; r < p.height; r++) {
    let line = '';
    let below = '';
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      const label = labels[r][c];
      const m = s ? s[i] : 0;
      if (label !== '.') line += paint(label, i, true);
      else line += paint(m ? (pieces[m] ?? '?') : draw.ascii ? '.' : '·', i);
      if (c < w - 1) line += m & E ? paint(draw.ascii ? '-' : '─', i) : ' ';
      below += (m & S ? paint(draw.ascii ? '|' : '│', i) : ' ') + (c < w - 1 ? ' ' : '');
    }
    lines.push(line.trimEnd());
    if (s && r < p.height - 1) lines.push(below.trimEnd());
  }
  return lines.join('\n');
}

/**
 * A `W H` header whose next meaningful line is a grid row, not a line of .nin clue numbers: one word,
 * W characters long (a lone number of another length is a clue) or holding something else than digits.
 */
function gridHeaderFollowedByRow(text: string): boolean {
  const lines = splitLines(text).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const m = lines.length >= 2 ? /^\s*(\d+)\s+\d+\s*$/.exec(lines[0]) : null;
  if (!m) return false;
  const row = lines[1].trim();
  const w = Number(m[1]);
  return !/\s/.test(row) && ((w >= 2 && row.length === w) || !/^\d+$/.test(row));
}

/** The rule set for formats without one: --rule, which the commands checked (`checkRule` in kits.ts), else strict. */
function ruleOf(rule: string | undefined): Rule {
  if (rule === undefined) return 'strict';
  if (!isRule(rule)) throw new Error(`--rule ${rule} reached the numberlink kit unchecked (see the CLI's checkRule)`);
  return rule;
}

/** Puzzles that carry their own rule (ids) must agree with --rule. */
function checkRule(puzzles: Numberlink[], rule: string | undefined, source: string): Result<Numberlink[]> {
  if (rule === undefined) return ok(puzzles);
  const k = puzzles.findIndex((p) => p.rule !== rule);
  if (k < 0) return ok(puzzles);
  const which = puzzles.length > 1 ? `puzzle ${k + 1} (${source})` : source;
  return err(
    parseError('ERR_SYNTAX', `${which} carries the rule set ${puzzles[k].rule}, not ${rule}: --rule applies to formats without one (${NO_RULE.join(', ')})`),
  );
}

/** What writing in `format` loses: the rule set (formats without one), the letter labels (formats that number the pairs). */
function lostIn(format: formats.FormatName, puzzles: readonly Numberlink[]): string | undefined {
  const notes: string[] = [];
  if (NO_RULE.includes(format)) {
    const rules = [...new Set(puzzles.map((p) => p.rule).filter((r) => r !== 'strict'))];
    if (rules.length > 0) notes.push(`the ${format} format does not carry the rule set (${rules.join(', ')}); read it back with --rule ${rules[0]}`);
  }
  if ((format === 'numlin' || format === 'id') && puzzles.some((p) => p.labels.some((l) => !/^[0-9]+$/.test(l)))) {
    notes.push(`the ${format} format numbers the pairs 1, 2, 3, ...; the letter labels were not kept`);
  }
  return notes.length > 0 ? notes.join('; ') : undefined;
}

const rows: FormatRow<Numberlink>[] = [
  {
    name: 'grid',
    extensions: ['nl'],
    help: `"W H" header, then H rows of W cells (. empty, any other character a label);
several puzzles per file, # comments (.nl, Janko-style files)`,
    many: 'many',
    // A "W H" line is also how a .nin file of another family starts: only a grid row after it tells.
    detect: (text) => (formats.detectFormat(text) === 'grid' && gridHeaderFollowedByRow(text) ? 2 : 0),
    parse: (text, { rule }) => formats.parseGrid(text, ruleOf(rule)),
    make: (puzzles) => formats.makeGrid(puzzles),
    lost: (puzzles) => lostIn('grid', puzzles),
  },
  {
    name: 'letters',
    extensions: ['flow'],
    help: 'headerless letter grids (Flow style), puzzles separated by blank lines (.flow)',
    many: 'many',
    detect: (text) => (formats.detectFormat(text) === 'letters' ? 1 : 0),
    parse: (text, { rule }) => formats.parseLetters(text, ruleOf(rule)),
    make: (puzzles) => formats.makeLetters(puzzles),
    lost: (puzzles) => lostIn('letters', puzzles),
  },
  {
    name: 'numlin',
    extensions: ['numlin'],
    help: 'puzz.link URLs https://puzz.link/p?numlin/W/H/..., one per line (pairs become numbers)',
    many: 'many',
    detect: (text) => (formats.detectFormat(text) === 'numlin' ? 3 : 0),
    parse: (text, { rule }) => formats.parseNumlin(text, ruleOf(rule)),
    make: (puzzles) => ok(`${puzzles.map(formats.makeNumlin).join('\n')}\n`),
    lost: (puzzles) => lostIn('numlin', puzzles),
  },
  {
    name: 'id',
    extensions: [],
    help: 'proofgrid descriptive ids numberlink:WxH-rule:body, one per line',
    many: 'many',
    detect: (text) => (formats.detectFormat(text) === 'id' ? 3 : 0),
    // Ids carry their rule set: --rule, when given, must agree.
    parse(text, { rule }) {
      const parsed = formats.parsePuzzles(text, 'id', ruleOf(rule));
      return parsed.ok ? checkRule(parsed.value, rule, 'an id') : parsed;
    },
    make: (puzzles) => ok(`${puzzles.map(formats.makeNumberlinkId).join('\n')}\n`),
    lost: (puzzles) => lostIn('id', puzzles),
  },
];

export const numberlinkFormats: FormatTable<Numberlink> = tableFromRows('numberlink', rows, {
  rules: RULES,
  note: 'Only id carries the rule set (strict, no-2x2, no-touch); read the others with --rule.',
  parseId(id, rule) {
    const p = formats.parseNumberlinkId(id);
    if (!p.ok) return p;
    const checked = checkRule([p.value], rule, 'the id');
    return checked.ok ? ok(p.value) : checked;
  },
  // Read by the first meaningful line, in order (a "W H" line is a grid even when no grid row follows:
  // its errors are then the grid reader's).
  formatOfText: (text) => formats.detectFormat(text),
});

export const numberlinkRender: FamilyRender<Numberlink, Solution, NumberlinkFocus> = {
  solveFormats: ['grid', 'paths'],
  size: (p) => ({ width: p.width, height: p.height }),
  about: (p) => ({ rule: p.rule }),
  solutionRows,
  solutionJson: (s, p) => ({ labels: solutionRows(s, p), links: linkRows(s, p) }),
  solutionText(s, p, format, draw) {
    if (format === 'grid') return solutionRows(s, p).join('\n');
    if (format === 'paths') return drawPaths(p, s, draw);
    return undefined;
  },
  solvedFile: (_solved, format) => err(parseError('ERR_FORMAT', `numberlink solutions cannot be written as ${format}`)),
  showSolutions(solutions, p, draw) {
    const grids = solutions.map((s) => solutionRows(s, p));
    // Label grids cannot show two routings of the same cells apart: draw the paths then.
    const alike = new Set(grids.map((g) => g.join('\n'))).size < grids.length;
    if (!draw.paths && !alike) return sideBySide(grids);
    return sideBySide(solutions.map((s) => drawPaths(p, s, draw).split('\n')));
  },
  picture: (p, s, draw) => drawPaths(p, s, draw),
  focusText(h) {
    const cells = h.focus.cells;
    if (cells.length === 0) return undefined;
    return `cells: ${cells.map((c) => `r${c.row + 1}c${c.col + 1}`).join(' ')}; as a move: s${cells.map((c) => `${c.row + 1}.${c.col + 1}`).join('-')}`;
  },
};

export const numberlinkCli: FamilyCli<Numberlink, NumberlinkState> = {
  marksHelp: 'the links drawn so far: one row of hexadecimal digits per line (bits 1 north, 2 east, 4 south, 8 west), as the player saves them',
  readMarks(text, label, p) {
    const rows = splitLines(text)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    const r = numberlinkPlay.parseState(rows.join('/'), p);
    return r.ok ? r : err(`${label}: ${r.error.message} [${r.error.code}]`);
  },
  complete: () => false,
};
