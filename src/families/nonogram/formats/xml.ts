/**
 * Jan Wolter's webpbn XML format (pbn_fmt, DTD 0.3), black-and-white and colour puzzles:
 *
 *   <puzzleset><puzzle type="grid" defaultcolor="black">
 *     <source/> <id/> <title/> <author/> <copyright/> <description/>
 *     <color name="white" char=".">fff</color><color name="black" char="X">000</color>
 *     <clues type="columns"><line><count>3</count><count color="red">1</count>...</line>...</clues> <clues type="rows">...</clues>
 *     <solution type="goal"><image>|..X|...</image></solution>
 *   </puzzle>...</puzzleset>
 *
 * `backgroundcolor` defaults to white and `defaultcolor` (the colour of counts without a `color`
 * attribute) to black; `black` and `white` need no `<color>` of their own. A puzzle with one colour
 * besides the background is black and white (a file whose defaultcolor is the background colour is
 * read as if counts were in its one other colour). With two colours or more declared or counted it is
 * a colour puzzle (colour.ts): its palette is the background, then the declared colours in file order
 * (then `black` when counts use it undeclared), each `<color>`'s text its RGB (`fff`, `FFFFFF` or a
 * colour name). A count in the background colour or in an undeclared colour is an ERR_CLUE naming its
 * line. Triddlers and goals with undecided cells are refused. `<source>` and `<id>` are joined into
 * meta.catalogue (written back as `<source>`); `<description>`, `<note>` and non-goal solutions are
 * ignored.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ok, type Result } from '../../../core/result.ts';
import { colourLetter, isColourPuzzle, makeColourNonogram, namedRgb, rgbOf, usableColourGoal, type ColourPuzzle } from '../colour.ts';
import type { ColourClue } from '../colour-line.ts';
import type { Nonogram, NonogramMeta, PaletteColour } from '../types.ts';
import { buildPuzzle, checkClue, excerpt, fail, lineIndex, natural, nonEmpty, q, stripBom, usableGoal, type LineKind } from './common.ts';

/** A node of fast-xml-parser's `preserveOrder` output: `{ tag: children, ':@': attributes }`. */
type XNode = Record<string, unknown>;

const META = XMLParser.getMetaDataSymbol() as unknown as string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  captureMetaData: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
});

const tagOf = (n: XNode): string | undefined => Object.keys(n).find((k) => k !== ':@' && k !== '#text');
const kids = (n: XNode): XNode[] => {
  const t = tagOf(n);
  const v = t === undefined ? undefined : n[t];
  return Array.isArray(v) ? (v as XNode[]) : [];
};
const attr = (n: XNode, name: string): string | undefined => {
  const a = n[':@'] as Record<string, unknown> | undefined;
  const v = a?.[name];
  return typeof v === 'string' ? v : undefined;
};
const textOf = (n: XNode): string =>
  kids(n)
    .map((k) => (typeof k['#text'] === 'string' || typeof k['#text'] === 'number' ? String(k['#text']) : ''))
    .join('')
    .trim();
const children = (n: XNode, tag: string): XNode[] => kids(n).filter((k) => tagOf(k) === tag);

/** Elements nest at most this deep in a puzzle set (webpbn's own files nest 5 deep). */
const MAX_XML_DEPTH = 64;

/**
 * The offset of the first element nested deeper than MAX_XML_DEPTH, or -1: a linear pre-check, so a
 * megabyte of `<a>` costs one scan instead of the validator's walk. Comments, CDATA, processing
 * instructions and declarations are skipped; `<` cannot occur in attribute values.
 */
function xmlTooDeep(text: string): number {
  let depth = 0;
  let i = text.indexOf('<');
  while (i >= 0) {
    const next = text.charCodeAt(i + 1);
    let end: number;
    if (text.startsWith('<!--', i)) end = text.indexOf('-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) end = text.indexOf(']]>', i + 9);
    else if (next === 63 /* ? */) end = text.indexOf('?>', i + 2);
    else {
      end = text.indexOf('>', i + 1);
      if (next === 47 /* / */) depth--;
      else if (next !== 33 /* ! */ && !(end > 0 && text.charCodeAt(end - 1) === 47) && ++depth > MAX_XML_DEPTH) return i;
    }
    if (end < 0) return -1;
    i = text.indexOf('<', end + 1);
  }
  return -1;
}

/** Reads a webpbn XML puzzle set. */
export function parseXml(input: string): Result<Nonogram[]> {
  const text = stripBom(input);
  if (text.trim() === '') return fail('ERR_EMPTY', 'empty input: no XML', 1);
  const deep = xmlTooDeep(text);
  if (deep >= 0) return fail('ERR_SYNTAX', `XML: elements nested deeper than ${MAX_XML_DEPTH} levels`, lineIndex(text)(deep));
  let doc: XNode[];
  try {
    const v = XMLValidator.validate(text);
    if (v !== true) return fail('ERR_SYNTAX', `XML: ${excerpt(v.err.msg, 120)}${v.err.col ? ` (column ${v.err.col})` : ''}`, v.err.line || 1);
    doc = parser.parse(text) as XNode[];
  } catch (e) {
    // The library's own limits (nesting depth, entity expansion) throw: report them as syntax errors.
    return fail('ERR_SYNTAX', `XML: ${excerpt(e instanceof Error ? e.message : String(e), 120)}`, 1);
  }
  const lineAt = lineIndex(text);
  const lineOf = (n: XNode): number => {
    const m = n[META] as { startIndex?: number } | undefined;
    return typeof m?.startIndex === 'number' ? lineAt(m.startIndex) : 1;
  };
  const root = doc.find((n) => {
    const t = tagOf(n);
    return t !== undefined && !t.startsWith('?') && !t.startsWith('!');
  });
  if (!root) return fail('ERR_FORMAT', 'no root element', 1);
  const rootTag = tagOf(root);
  const puzzles = rootTag === 'puzzleset' ? children(root, 'puzzle') : rootTag === 'puzzle' ? [root] : undefined;
  if (!puzzles) return fail('ERR_FORMAT', `root element is <${rootTag}>, expected <puzzleset> (webpbn XML)`, lineOf(root));
  if (puzzles.length === 0) return fail('ERR_MISSING', 'the puzzleset has no <puzzle>', lineOf(root));
  const out: Nonogram[] = [];
  for (const pz of puzzles) {
    const r = readPuzzle(pz, lineOf);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

function readPuzzle(pz: XNode, lineOf: (n: XNode) => number): Result<Nonogram> {
  const at = lineOf(pz);
  const type = attr(pz, 'type') ?? 'grid';
  if (type !== 'grid') return fail('ERR_FORMAT', `puzzle type ${q(type)} is not supported, only "grid"`, at);
  const bg = attr(pz, 'backgroundcolor') ?? 'white';
  const chars = new Map<string, string>([
    ['black', 'X'],
    ['white', '.'],
  ]);
  const declared: string[] = [];
  for (const c of children(pz, 'color')) {
    const name = attr(c, 'name');
    if (name === undefined) return fail('ERR_SYNTAX', '<color> without a name', lineOf(c));
    const ch = attr(c, 'char');
    if (ch !== undefined) chars.set(name, ch);
    if (name !== bg && !declared.includes(name)) declared.push(name);
  }
  const def = attr(pz, 'defaultcolor') ?? 'black';
  // The colours besides the background that are declared or counted: two or more make a colour puzzle.
  const used = new Set(declared);
  for (const set of children(pz, 'clues')) for (const l of children(set, 'line')) for (const c of children(l, 'count')) used.add(attr(c, 'color') ?? def);
  used.delete(bg);
  if (used.size > 1) return readColourPuzzle(pz, lineOf, bg, def, chars);
  const fill = used.size === 1 ? [...used][0] : def !== bg ? def : 'black';

  const lines = (kind: LineKind): Result<{ nodes: XNode[]; line: number }> => {
    const name = kind === 'row' ? 'rows' : 'columns';
    const sets = children(pz, 'clues').filter((c) => attr(c, 'type') === name);
    if (sets.length === 0) return fail('ERR_MISSING', `no <clues type="${name}">`, at);
    if (sets.length > 1) return fail('ERR_SYNTAX', `a second <clues type="${name}">`, lineOf(sets[1]));
    return ok({ nodes: children(sets[0], 'line'), line: lineOf(sets[0]) });
  };
  const rowSet = lines('row');
  if (!rowSet.ok) return rowSet;
  const colSet = lines('column');
  if (!colSet.ok) return colSet;
  const height = rowSet.value.nodes.length;
  const width = colSet.value.nodes.length;
  if (height === 0) return fail('ERR_SIZE', 'the rows clues have no <line>', rowSet.value.line);
  if (width === 0) return fail('ERR_SIZE', 'the columns clues have no <line>', colSet.value.line);

  const readClues = (nodes: XNode[], kind: LineKind, len: number): Result<number[][]> => {
    const out: number[][] = [];
    for (let i = 0; i < nodes.length; i++) {
      if (textOf(nodes[i]) !== '') {
        return fail('ERR_SYNTAX', `${kind} ${i + 1}: text ${q(textOf(nodes[i]))} in <line>; numbers go in <count> elements`, lineOf(nodes[i]));
      }
      const nums: number[] = [];
      for (const cnt of children(nodes[i], 'count')) {
        const line = lineOf(cnt);
        const color = attr(cnt, 'color') ?? fill;
        if (color !== fill) {
          return fail('ERR_FORMAT', `${kind} ${i + 1}: a count in colour ${q(color)}; only black-and-white puzzles are supported`, line);
        }
        const t = textOf(cnt);
        const n = natural(t);
        if (n === undefined) return fail('ERR_NUMBER', `${kind} ${i + 1}: ${q(t)} is not a number`, line);
        nums.push(n);
      }
      const c = checkClue(nums, kind, i, len, lineOf(nodes[i]));
      if (!c.ok) return c;
      out.push(c.value);
    }
    return ok(out);
  };
  const rows = readClues(rowSet.value.nodes, 'row', width);
  if (!rows.ok) return rows;
  const cols = readClues(colSet.value.nodes, 'column', height);
  if (!cols.ok) return cols;

  const meta = readMeta(pz);
  const goalNode = children(pz, 'solution').find((s) => (attr(s, 'type') ?? 'goal') === 'goal');
  if (goalNode) {
    const img = children(goalNode, 'image')[0];
    if (!img) return fail('ERR_MISSING', 'the goal <solution> has no <image>', lineOf(goalNode));
    const g = readImage(textOf(img), width, height, chars.get(fill) ?? 'X', chars.get(bg) ?? '.', lineOf(img));
    if (!g.ok) return g;
    meta.goal = g.value;
  }
  return buildPuzzle(width, height, rows.value, cols.value, meta, at);
}

/** The metadata every puzzle may carry (see the header). */
function readMeta(pz: XNode): NonogramMeta {
  const meta: NonogramMeta = {};
  const one = (tag: string): string | undefined => {
    const n = children(pz, tag)[0];
    const t = n ? textOf(n) : '';
    return t === '' ? undefined : t;
  };
  const catalogue = [one('source'), one('id')].filter((s) => s !== undefined).join(' ');
  if (catalogue) meta.catalogue = catalogue;
  const title = one('title');
  if (title) meta.title = title;
  const author = one('author');
  if (author) meta.author = author;
  const copyright = one('copyright');
  if (copyright) meta.copyright = copyright;
  return meta;
}

/** A colour puzzle (two colours or more besides the background): see the header. */
function readColourPuzzle(pz: XNode, lineOf: (n: XNode) => number, bg: string, def: string, chars: Map<string, string>): Result<Nonogram> {
  const at = lineOf(pz);
  const palette: PaletteColour[] = [];
  const index = new Map<string, number>();
  const add = (name: string, text: string, line: number): Result<true> => {
    const rgb = text === '' ? namedRgb(name) : rgbOf(text);
    if (rgb === undefined) {
      return fail(
        'ERR_FORMAT',
        `colour ${q(name)}: ${text === '' ? 'no RGB value, and not a colour name' : `${q(text)} is not an RGB value (RRGGBB or RGB)`}`,
        line,
      );
    }
    index.set(name, palette.length);
    palette.push({ name, rgb });
    return ok(true);
  };
  const decls = children(pz, 'color');
  const bgDecl = decls.find((c) => attr(c, 'name') === bg);
  const b = add(bg, bgDecl ? textOf(bgDecl) : '', bgDecl ? lineOf(bgDecl) : at);
  if (!b.ok) return b;
  for (const c of decls) {
    const name = attr(c, 'name') as string;
    if (index.has(name)) {
      if (name === bg) continue;
      return fail('ERR_FORMAT', `colour ${q(name)} is declared twice`, lineOf(c));
    }
    const r = add(name, textOf(c), lineOf(c));
    if (!r.ok) return r;
  }
  const lines = (kind: LineKind): Result<XNode[]> => {
    const name = kind === 'row' ? 'rows' : 'columns';
    const sets = children(pz, 'clues').filter((c) => attr(c, 'type') === name);
    if (sets.length === 0) return fail('ERR_MISSING', `no <clues type="${name}">`, at);
    if (sets.length > 1) return fail('ERR_SYNTAX', `a second <clues type="${name}">`, lineOf(sets[1]));
    const nodes = children(sets[0], 'line');
    if (nodes.length === 0) return fail('ERR_SIZE', `the ${name} clues have no <line>`, lineOf(sets[0]));
    return ok(nodes);
  };
  const rowNodes = lines('row');
  if (!rowNodes.ok) return rowNodes;
  const colNodes = lines('column');
  if (!colNodes.ok) return colNodes;
  const readClues = (nodes: XNode[], kind: LineKind): Result<ColourClue[]> => {
    const out: ColourClue[] = [];
    for (let i = 0; i < nodes.length; i++) {
      if (textOf(nodes[i]) !== '') {
        return fail('ERR_SYNTAX', `${kind} ${i + 1}: text ${q(textOf(nodes[i]))} in <line>; numbers go in <count> elements`, lineOf(nodes[i]));
      }
      const counts = children(nodes[i], 'count');
      const lengths: number[] = [];
      const colours: number[] = [];
      for (const cnt of counts) {
        const line = lineOf(cnt);
        const t = textOf(cnt);
        const n = natural(t);
        if (n === undefined) return fail('ERR_NUMBER', `${kind} ${i + 1}: ${q(t)} is not a number`, line);
        if (n === 0 && counts.length === 1) break;
        if (n === 0) return fail('ERR_CLUE', `${kind} ${i + 1}: 0 may only stand alone, for an empty line`, line);
        const colour = attr(cnt, 'color') ?? def;
        if (colour === bg) return fail('ERR_CLUE', `${kind} ${i + 1}: a count in the background colour ${q(bg)}`, line);
        let k = index.get(colour);
        if (k === undefined && colour === 'black') {
          const r = add('black', '', line);
          if (!r.ok) return r;
          k = index.get(colour);
        }
        if (k === undefined) return fail('ERR_CLUE', `${kind} ${i + 1}: a count in colour ${q(colour)}, which no <color> declares`, line);
        lengths.push(n);
        colours.push(k);
      }
      out.push({ lengths, colours });
    }
    return ok(out);
  };
  const rows = readClues(rowNodes.value, 'row');
  if (!rows.ok) return rows;
  const cols = readClues(colNodes.value, 'column');
  if (!cols.ok) return cols;
  const width = cols.value.length;
  const height = rows.value.length;
  const meta = readMeta(pz);
  const goalNode = children(pz, 'solution').find((s) => (attr(s, 'type') ?? 'goal') === 'goal');
  if (goalNode) {
    const img = children(goalNode, 'image')[0];
    if (!img) return fail('ERR_MISSING', 'the goal <solution> has no <image>', lineOf(goalNode));
    const byChar = new Map<string, number>();
    for (let k = 0; k < palette.length; k++) {
      // The parser trims attribute values: char=" " (number-loom's white) arrives empty.
      const got = chars.get(palette[k].name);
      const ch = got === '' ? ' ' : got;
      if (ch !== undefined && !byChar.has(ch)) byChar.set(ch, k);
    }
    const g = readColourImage(textOf(img), width, height, byChar, lineOf(img));
    if (!g.ok) return g;
    meta.goal = g.value;
  }
  const r = makeColourNonogram(width, height, palette, rows.value, cols.value, meta);
  return !r.ok && r.error.line === undefined ? fail(r.error.code, r.error.message, at) : r;
}

/** A colour `<image>`: rows written `|..X*|`, one char per cell (the `<color>`s' chars), whitespace ignored. */
function readColourImage(text: string, width: number, height: number, byChar: Map<string, number>, line: number): Result<Uint8Array> {
  const rows = text.split('|');
  const body = rows.filter((_, i) => i % 2 === 1);
  if (rows.some((s, i) => i % 2 === 0 && s.trim() !== '') || rows.length % 2 === 0) {
    return fail('ERR_SOLUTION', 'goal image: each row must be written between two | characters', line);
  }
  if (body.length !== height) return fail('ERR_SOLUTION', `goal image has ${body.length} rows, the puzzle has ${height}`, line);
  const g = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    // A colour's char may be a space (number-loom's white): spaces count unless some char is not a space.
    const cells = Array.from(byChar.has(' ') ? body[r].replace(/[\t\r\n]/g, '') : body[r].replace(/\s+/g, ''));
    if (cells.length !== width) return fail('ERR_SOLUTION', `goal image row ${r + 1} has ${cells.length} cells, the puzzle is ${width} wide`, line);
    for (let c = 0; c < width; c++) {
      const k = byChar.get(cells[c]);
      if (k === undefined) return fail('ERR_SOLUTION', `goal image row ${r + 1}: cell ${c + 1} is ${q(cells[c])}, the char of no colour`, line);
      g[r * width + c] = k;
    }
  }
  return ok(g);
}

/** An `<image>`: rows written `|..X.|`, whitespace ignored. */
function readImage(text: string, width: number, height: number, fillChar: string, bgChar: string, line: number): Result<Uint8Array> {
  const rows = text.split('|').map((s) => s.replace(/\s+/g, ''));
  // "|a|\n|b|" splits to ['', 'a', '', 'b', '']: the rows are at the odd positions.
  const body = rows.filter((_, i) => i % 2 === 1);
  if (rows.some((s, i) => i % 2 === 0 && s !== '') || rows.length % 2 === 0) {
    return fail('ERR_SOLUTION', 'goal image: each row must be written between two | characters', line);
  }
  if (body.length !== height) return fail('ERR_SOLUTION', `goal image has ${body.length} rows, the puzzle has ${height}`, line);
  const g = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    const cells = Array.from(body[r]);
    if (cells.length !== width) return fail('ERR_SOLUTION', `goal image row ${r + 1} has ${cells.length} cells, the puzzle is ${width} wide`, line);
    for (let c = 0; c < width; c++) {
      if (cells[c] === fillChar) g[r * width + c] = 1;
      else if (cells[c] !== bgChar) {
        return fail('ERR_SOLUTION', `goal image row ${r + 1}: cell ${c + 1} is ${q(cells[c])}, expected ${q(fillChar)} or ${q(bgChar)}`, line);
      }
    }
  }
  return ok(g);
}

// Control characters are not allowed in XML 1.0 text: they are dropped.
// eslint-disable-next-line no-control-regex
const esc = (s: string): string =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** The display char of palette index k in a written file: `.` the background, then letters. */
const charOf = (k: number): string => (k === 0 ? '.' : colourLetter(k));

/** A colour puzzle's `<puzzle>` element: every colour declared, a `color` on every count. */
function colourPuzzleXml(p: ColourPuzzle): string[] {
  const m = p.meta ?? {};
  const pal = p.colour.palette;
  const out = [`<puzzle type="grid" defaultcolor="${esc(pal[1].name)}" backgroundcolor="${esc(pal[0].name)}">`];
  if (m.catalogue) out.push(`<source>${esc(m.catalogue)}</source>`);
  if (m.title) out.push(`<title>${esc(m.title)}</title>`);
  if (m.author) out.push(`<author>${esc(m.author)}</author>`);
  if (m.copyright) out.push(`<copyright>${esc(m.copyright)}</copyright>`);
  pal.forEach((c, k) => out.push(`<color name="${esc(c.name)}" char="${charOf(k)}">${c.rgb.toUpperCase()}</color>`));
  for (const [type, lines, colours] of [
    ['columns', p.cols, p.colour.cols],
    ['rows', p.rows, p.colour.rows],
  ] as const) {
    out.push(`<clues type="${type}">`);
    lines.forEach((l, i) => out.push(`<line>${l.map((n, b) => `<count color="${esc(pal[colours[i][b]].name)}">${n}</count>`).join('')}</line>`));
    out.push('</clues>');
  }
  const goal = usableColourGoal(p);
  if (goal) {
    out.push('<solution type="goal">', '<image>');
    for (let r = 0; r < p.height; r++) {
      let s = '|';
      for (let c = 0; c < p.width; c++) s += charOf(goal[r * p.width + c]);
      out.push(`${s}|`);
    }
    out.push('</image>', '</solution>');
  }
  out.push('</puzzle>');
  return out;
}

/** Writes puzzles as a webpbn XML puzzle set (with the goal image when the puzzle carries one). */
export function makeXml(puzzles: Nonogram | readonly Nonogram[]): Result<string> {
  const list: readonly Nonogram[] = Array.isArray(puzzles) ? puzzles : [puzzles as Nonogram];
  const ne = nonEmpty(list);
  if (!ne.ok) return ne;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">', '<puzzleset>'];
  for (const p of list) {
    if (isColourPuzzle(p)) {
      out.push(...colourPuzzleXml(p));
      continue;
    }
    const m = p.meta ?? {};
    out.push('<puzzle type="grid" defaultcolor="black">');
    if (m.catalogue) out.push(`<source>${esc(m.catalogue)}</source>`);
    if (m.title) out.push(`<title>${esc(m.title)}</title>`);
    if (m.author) out.push(`<author>${esc(m.author)}</author>`);
    if (m.copyright) out.push(`<copyright>${esc(m.copyright)}</copyright>`);
    out.push('<color name="white" char=".">fff</color>', '<color name="black" char="X">000</color>');
    for (const [type, lines] of [
      ['columns', p.cols],
      ['rows', p.rows],
    ] as const) {
      out.push(`<clues type="${type}">`);
      for (const l of lines) out.push(`<line>${l.map((n) => `<count>${n}</count>`).join('')}</line>`);
      out.push('</clues>');
    }
    const goal = usableGoal(p);
    if (goal) {
      out.push('<solution type="goal">', '<image>');
      for (let r = 0; r < p.height; r++) {
        let s = '|';
        for (let c = 0; c < p.width; c++) s += goal[r * p.width + c] === 1 ? 'X' : '.';
        out.push(`${s}|`);
      }
      out.push('</image>', '</solution>');
    }
    out.push('</puzzle>');
  }
  out.push('</puzzleset>');
  return ok(`${out.join('\n')}\n`);
}
