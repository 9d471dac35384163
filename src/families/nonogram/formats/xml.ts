/**
 * Jan Wolter's webpbn XML format (pbn_fmt, DTD 0.3), black-and-white puzzles only:
 *
 *   <puzzleset><puzzle type="grid" defaultcolor="black">
 *     <source/> <id/> <title/> <author/> <copyright/> <description/>
 *     <color name="white" char=".">fff</color><color name="black" char="X">000</color>
 *     <clues type="columns"><line><count>3</count>...</line>...</clues> <clues type="rows">...</clues>
 *     <solution type="goal"><image>|..X|...</image></solution>
 *   </puzzle>...</puzzleset>
 *
 * `backgroundcolor` defaults to white and `defaultcolor` (the colour of counts without a `color`
 * attribute) to black; a file whose defaultcolor is the background colour is read as if counts
 * were in its one other colour. Puzzles with more than one non-background colour, triddlers and
 * goals with undecided cells are refused. `<source>` and `<id>` are joined into meta.catalogue
 * (written back as `<source>`); `<description>`, `<note>` and non-goal solutions are ignored.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ok, type Result } from '../../../core/result.ts';
import type { Nonogram, NonogramMeta } from '../types.ts';
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
  if (declared.length > 1) {
    return fail('ERR_FORMAT', `multi-colour puzzle (colours ${excerpt(declared.join(', '), 60)}); only black-and-white puzzles are supported`, at);
  }
  const def = attr(pz, 'defaultcolor') ?? 'black';
  const fill = def !== bg ? def : (declared[0] ?? 'black');
  if (declared.length === 1 && declared[0] !== fill) {
    return fail('ERR_FORMAT', `colours ${q(fill)} and ${q(declared[0])} besides the background ${q(bg)}; only black-and-white puzzles are supported`, at);
  }

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

/** Writes puzzles as a webpbn XML puzzle set (with the goal image when the puzzle carries one). */
export function makeXml(puzzles: Nonogram | readonly Nonogram[]): Result<string> {
  const list: readonly Nonogram[] = Array.isArray(puzzles) ? puzzles : [puzzles as Nonogram];
  const ne = nonEmpty(list);
  if (!ne.ok) return ne;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">', '<puzzleset>'];
  for (const p of list) {
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
