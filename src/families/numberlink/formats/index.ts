/**
 * Numberlink formats, read and written:
 * - `grid`: the `W H` header + rows used by the Janko collection and Thomas Ahle's solver: several
 *   puzzles per file, `#` comments, optional blank lines, `0 0` ends the input; `.` is an empty cell,
 *   any other character an endpoint label;
 * - `letters`: headerless letter grids (Flow Free style), puzzles separated by blank lines;
 * - `numlin`: puzz.link / pzprjs URLs (`https://puzz.link/p?numlin/W/H/<body>`), labels are numbers;
 * - `id`: our descriptive id `numberlink:WxH-rule:<body>`, the body encoded as in puzz.link.
 * Solutions are label grids (`makeSolution` / `parseSolution`).
 * Parsing is the only gate: anything accepted is a valid puzzle; anything else is an error naming the line.
 */
import { ok, type Result } from '../../../core/result.ts';
import { excerpt, fail, firstLine, parseLinewise, q, splitLines } from '../../../core/text.ts';
import { Meter, type Budget } from '../../../core/budget.ts';
import { makeNumberlink, MAX_CELLS, MAX_SIDE, ruleViolation, sizeLimitMessage, tracePaths } from '../puzzle.ts';
import { ROUTE_NODES, routeLabels } from '../route.ts';
import { isRule, RULES, type Numberlink, type Rule, type Solution } from '../types.ts';

export const FORMATS = ['grid', 'letters', 'numlin', 'id'] as const;
export type FormatName = (typeof FORMATS)[number];
export const FAMILY_NAME = 'numberlink';

/** Labels used when a puzzle is written with one character per cell and its own labels do not fit. */
const LABEL_CHARS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The size check every reader makes before it allocates or reads a grid: sides 1 to MAX_SIDE and at
 * most MAX_CELLS cells (what makeNumberlink accepts), so a 40-byte URL cannot ask for 10⁹ cells.
 */
function sizeProblem(w: number, h: number, line?: number): Result<never> | null {
  if (!Number.isSafeInteger(w) || !Number.isSafeInteger(h) || w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
    return fail('ERR_SIZE', `grid sides must be 1 to ${MAX_SIDE}, got ${excerpt(`${w}x${h}`, 40)}`, line);
  }
  if (w * h > MAX_CELLS) return fail('ERR_SIZE', sizeLimitMessage(w, h), line);
  return null;
}

function cellsOfRow(row: string): (string | null)[] {
  return [...row].map((ch) => (ch === '.' ? null : ch));
}

/** `W H` + rows, several puzzles. */
export function parseGrid(text: string, rule: Rule = 'strict'): Result<Numberlink[]> {
  const lines = splitLines(text);
  const out: Numberlink[] = [];
  let i = 0;
  for (;;) {
    while (i < lines.length && (lines[i].trim() === '' || lines[i].trimStart().startsWith('#'))) i++;
    if (i >= lines.length) break;
    const header = lines[i].trim();
    const m = /^(\d+)\s+(\d+)$/.exec(header);
    if (!m) return fail('ERR_SYNTAX', `expected a "W H" header, got ${q(header)}`, i + 1);
    const w = Number(m[1]);
    const h = Number(m[2]);
    if (w === 0 && h === 0) break;
    const headerLine = i + 1;
    const tooBig = sizeProblem(w, h, headerLine);
    if (tooBig) return tooBig;
    const cells: (string | null)[] = [];
    for (let r = 0; r < h; r++) {
      i++;
      const row = i < lines.length ? lines[i].trimEnd() : ''; // trimEnd, not /\s+$/: that is quadratic on long runs
      if (row === '') return fail('ERR_LINE_COUNT', `puzzle at line ${headerLine} has ${r} rows, its header says ${h}`, i + 1);
      if (row.length !== w) return fail('ERR_SIZE', `row ${r + 1} has ${row.length} cells, the header says ${w}`, i + 1);
      cells.push(...cellsOfRow(row));
    }
    const p = makeNumberlink(w, h, cells, rule, headerLine);
    if (!p.ok) return p;
    out.push(p.value);
    i++;
  }
  if (out.length === 0) return fail('ERR_EMPTY', 'no puzzle in the input', 1);
  return ok(out);
}

/** Headerless grids of letters, puzzles separated by blank lines. */
export function parseLetters(text: string, rule: Rule = 'strict'): Result<Numberlink[]> {
  const lines = splitLines(text);
  const out: Numberlink[] = [];
  let block: { row: string; line: number }[] = [];
  const flush = (): Result<null> => {
    if (block.length === 0) return ok(null);
    const w = block[0].row.length;
    for (const b of block)
      if (b.row.length !== w) return fail('ERR_SIZE', `row has ${b.row.length} cells, the first row of this puzzle ${w} (ragged rows)`, b.line);
    const tooBig = sizeProblem(w, block.length, block[0].line);
    if (tooBig) {
      block = [];
      return tooBig;
    }
    const p = makeNumberlink(
      w,
      block.length,
      block.flatMap((b) => cellsOfRow(b.row)),
      rule,
      block[0].line,
    );
    block = [];
    if (!p.ok) return p;
    out.push(p.value);
    return ok(null);
  };
  for (let i = 0; i < lines.length; i++) {
    const row = lines[i] === '' ? '' : lines[i].trim();
    if (row.startsWith('#')) continue;
    if (row === '') {
      if (block.length === 0) continue;
      const r = flush();
      if (!r.ok) return r;
      continue;
    }
    if (/\s/.test(row)) return fail('ERR_SYNTAX', `a letter grid row has no spaces: ${q(row)}`, i + 1);
    block.push({ row, line: i + 1 });
  }
  const r = flush();
  if (!r.ok) return r;
  if (out.length === 0) return fail('ERR_EMPTY', 'no puzzle in the input', 1);
  return ok(out);
}

/** One character per pair: the puzzle's own labels when they are distinct single characters, else LABEL_CHARS. */
function charLabels(p: Numberlink): Result<string[]> {
  const own = p.labels.every((l) => l.length === 1 && l !== '.' && l !== '#' && !/\s/.test(l)) && new Set(p.labels).size === p.labels.length;
  if (own) return ok(p.labels);
  if (p.pairs.length > LABEL_CHARS.length)
    return fail('ERR_FORMAT', `${p.pairs.length} pairs do not fit one character each (at most ${LABEL_CHARS.length}); use the numlin or id format`);
  return ok(p.pairs.map((_, k) => LABEL_CHARS[k]));
}

function rowsOf(p: Numberlink, labels: string[]): string[] {
  const g: string[] = new Array(p.width * p.height).fill('.');
  p.pairs.forEach(([a, b], k) => {
    g[a] = labels[k];
    g[b] = labels[k];
  });
  const rows: string[] = [];
  for (let r = 0; r < p.height; r++) rows.push(g.slice(r * p.width, (r + 1) * p.width).join(''));
  return rows;
}

export function makeGrid(puzzles: readonly Numberlink[]): Result<string> {
  const parts: string[] = [];
  for (const p of puzzles) {
    const labels = charLabels(p);
    if (!labels.ok) return labels;
    parts.push(`${p.width} ${p.height}\n${rowsOf(p, labels.value).join('\n')}\n`);
  }
  return ok(parts.join('\n'));
}

export function makeLetters(puzzles: readonly Numberlink[]): Result<string> {
  const parts: string[] = [];
  for (const p of puzzles) {
    const labels = charLabels(p);
    if (!labels.ok) return labels;
    parts.push(`${rowsOf(p, labels.value).join('\n')}\n`);
  }
  return ok(parts.join('\n'));
}

// --- puzz.link number encoding (pzprjs "number16"): a hex digit for 0-15, "-" + 2 hex digits for
// 16-255, "+" + 3 hex digits for 256-4095; "g".."z" skip 1..20 empty cells.

function encodeBody(p: Numberlink): string {
  const num = new Int32Array(p.width * p.height);
  p.pairs.forEach(([a, b], k) => {
    num[a] = k + 1;
    num[b] = k + 1;
  });
  let s = '';
  let gap = 0;
  const flushGap = (): void => {
    while (gap > 0) {
      const g = Math.min(gap, 20);
      s += (g + 15).toString(36);
      gap -= g;
    }
  };
  for (let i = 0; i < num.length; i++) {
    const v = num[i];
    if (v === 0) {
      gap++;
      continue;
    }
    flushGap();
    s += v < 16 ? v.toString(16) : v < 256 ? `-${v.toString(16).padStart(2, '0')}` : `+${v.toString(16).padStart(3, '0')}`;
  }
  flushGap();
  return s;
}

function decodeBody(body: string, w: number, h: number, rule: Rule, line?: number): Result<Numberlink> {
  const tooBig = sizeProblem(w, h, line);
  if (tooBig) return tooBig;
  const n = w * h;
  const cells: (string | null)[] = new Array(n).fill(null);
  let c = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    let v: number | null = null;
    if (/[0-9a-f]/.test(ch)) v = parseInt(ch, 16);
    else if (ch === '-' || ch === '+') {
      const len = ch === '-' ? 2 : 3;
      const hex = body.slice(i + 1, i + 1 + len);
      if (hex.length !== len || !/^[0-9a-f]+$/.test(hex)) return fail('ERR_SYNTAX', `bad number after "${ch}" at character ${i + 1} of the puzzle body`, line);
      v = parseInt(hex, 16);
      i += len;
    } else if (ch >= 'g' && ch <= 'z') {
      c += parseInt(ch, 36) - 15;
      continue;
    } else if (ch === '.') return fail('ERR_CLUE', `an unknown number ("." at character ${i + 1}) cannot be a Numberlink endpoint`, line);
    else return fail('ERR_SYNTAX', `unexpected "${ch}" at character ${i + 1} of the puzzle body`, line);
    if (v === 0) return fail('ERR_CLUE', `endpoint number 0 at character ${i + 1}: numbers start at 1`, line);
    if (c >= n) return fail('ERR_SIZE', `the puzzle body runs past the ${w}x${h} grid`, line);
    cells[c++] = String(v);
  }
  if (c > n) return fail('ERR_SIZE', `the puzzle body runs past the ${w}x${h} grid`, line);
  return makeNumberlink(w, h, cells, rule, line);
}

const NUMLIN_RE = /(?:^|[?&/])numlin\/(\d+)\/(\d+)\/([0-9a-z+\-.]*)/;

/** A puzz.link / pzprjs numlin URL (or just `numlin/W/H/body`). */
export function parseNumlin(text: string, rule: Rule = 'strict'): Result<Numberlink[]> {
  const out: Numberlink[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const s = lines[i].trim();
    if (s === '' || s.startsWith('#')) continue;
    const m = NUMLIN_RE.exec(s);
    if (!m) return fail('ERR_SYNTAX', `not a numlin URL: ${q(s)}`, i + 1);
    const p = decodeBody(m[3], Number(m[1]), Number(m[2]), rule, i + 1);
    if (!p.ok) return p;
    out.push(p.value);
  }
  if (out.length === 0) return fail('ERR_EMPTY', 'no puzzle in the input', 1);
  return ok(out);
}

export function makeNumlin(p: Numberlink): string {
  return `https://puzz.link/p?numlin/${p.width}/${p.height}/${encodeBody(p)}`;
}

/** `WxH-rule`. */
export function makeParams(p: Pick<Numberlink, 'width' | 'height' | 'rule'>): string {
  return `${p.width}x${p.height}-${p.rule}`;
}

export function parseParams(text: string, line?: number): Result<{ width: number; height: number; rule: Rule }> {
  const m = /^(\d+)x(\d+)-([a-z0-9-]+)$/.exec(text.trim());
  if (!m) return fail('ERR_SYNTAX', `bad numberlink size ${q(text)}: expected WxH-rule, e.g. 7x10-strict`, line);
  if (!isRule(m[3])) return fail('ERR_SYNTAX', `unknown rule set "${excerpt(m[3], 24)}" (expected ${RULES.join(', ')})`, line);
  return ok({ width: Number(m[1]), height: Number(m[2]), rule: m[3] });
}

/** `numberlink:WxH-rule:<body>`. */
export function makeNumberlinkId(p: Numberlink): string {
  return `${FAMILY_NAME}:${makeParams(p)}:${encodeBody(p)}`;
}

export function parseNumberlinkId(text: string, line?: number): Result<Numberlink> {
  const s = text.trim();
  const m = /^([a-z-]+):([^:]*):(.*)$/.exec(s);
  if (!m) return fail('ERR_SYNTAX', `not a numberlink id (expected numberlink:WxH-rule:body): ${q(s)}`, line);
  if (m[1] !== FAMILY_NAME) return fail('ERR_FAMILY', `id is for family "${excerpt(m[1], 24)}", not ${FAMILY_NAME}`, line);
  const params = parseParams(m[2], line);
  if (!params.ok) return params;
  const { width, height, rule } = params.value;
  return decodeBody(m[3], width, height, rule, line);
}

function parseIds(text: string): Result<Numberlink[]> {
  return parseLinewise(text, parseNumberlinkId, { comments: true, trim: true, emptyMessage: 'no puzzle in the input' });
}

/** Extensions that name a Numberlink format (others, `.txt` included, are told from the text). */
export const FORMAT_BY_EXTENSION: Readonly<Record<string, FormatName>> = { nl: 'grid', flow: 'letters', numlin: 'numlin' };

/** The format a file's name tells, if any. */
export function formatOfName(filename: string | undefined): FormatName | undefined {
  const ext = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext !== undefined && Object.hasOwn(FORMAT_BY_EXTENSION, ext) ? FORMAT_BY_EXTENSION[ext] : undefined;
}

/** Guesses a text's format from its first meaningful line. */
export function detectFormat(text: string): FormatName | undefined {
  const first = firstLine(text, (l) => l !== '' && !l.startsWith('#'));
  if (first === undefined) return undefined;
  if (first.startsWith(`${FAMILY_NAME}:`)) return 'id';
  if (NUMLIN_RE.test(first)) return 'numlin';
  if (/^\d+\s+\d+$/.test(first)) return 'grid';
  if (!/\s/.test(first)) return 'letters';
  return undefined;
}

/** Puzzles in the given format or the detected one; `rule` applies to formats that do not carry one. */
export function parsePuzzles(text: string, format?: FormatName, rule: Rule = 'strict'): Result<Numberlink[]> {
  const f = format ?? detectFormat(text);
  if (f === undefined)
    return text.trim() === ''
      ? fail('ERR_EMPTY', 'empty input', 1)
      : fail('ERR_FORMAT', `cannot tell the format of this text; name one of: ${FORMATS.join(', ')}`, 1);
  switch (f) {
    case 'grid':
      return parseGrid(text, rule);
    case 'letters':
      return parseLetters(text, rule);
    case 'numlin':
      return parseNumlin(text, rule);
    case 'id':
      return parseIds(text);
  }
}

export function makePuzzles(puzzles: readonly Numberlink[], format: FormatName): Result<string> {
  if (puzzles.length === 0) return fail('ERR_EMPTY', 'no puzzles to write');
  switch (format) {
    case 'grid':
      return makeGrid(puzzles);
    case 'letters':
      return makeLetters(puzzles);
    case 'numlin':
      return ok(`${puzzles.map(makeNumlin).join('\n')}\n`);
    case 'id':
      return ok(`${puzzles.map(makeNumberlinkId).join('\n')}\n`);
  }
}

// --- Solutions as label grids.

/** The solution as rows of labels (the puzzle's own single-character labels, or LABEL_CHARS). */
export function makeSolution(links: Solution, p: Numberlink): Result<string> {
  const t = tracePaths(p, links);
  if (!t.ok) return fail('ERR_SOLUTION', t.reason);
  const labels = charLabels(p);
  if (!labels.ok) return labels;
  const rows: string[] = [];
  for (let r = 0; r < p.height; r++) {
    let row = '';
    for (let c = 0; c < p.width; c++) row += labels.value[t.owner[r * p.width + c]];
    rows.push(row);
  }
  return ok(`${rows.join('\n')}\n`);
}

/**
 * A solution from a label grid: the grid is one when some routing of each label's cells is a path
 * between its endpoints under the puzzle's rule, decided exactly by the solver's search with every
 * cell restricted to its label (`route.ts`), within `budget` (nodes default to ROUTE_NODES). Running
 * out of it is ERR_UNDECIDED (not decided), never a refusal.
 */
export function parseSolution(text: string, p: Numberlink, budget: Budget = {}): Result<Solution> {
  const rows: string[] = [];
  for (const l of splitLines(text)) {
    const t = l.trim();
    if (t !== '' && !t.startsWith('#')) rows.push(t);
  }
  if (rows.length !== p.height) return fail('ERR_SOLUTION', `solution has ${rows.length} rows, the puzzle ${p.height}`);
  const labels = charLabels(p);
  if (!labels.ok) return labels;
  const index = new Map(labels.value.map((l, k) => [l, k]));
  const n = p.width * p.height;
  const owner = new Int32Array(n);
  for (let r = 0; r < p.height; r++) {
    if (rows[r].length !== p.width) return fail('ERR_SOLUTION', `solution row ${r + 1} has ${rows[r].length} cells, the puzzle ${p.width}`, r + 1);
    for (let c = 0; c < p.width; c++) {
      const k = index.get(rows[r][c]);
      if (k === undefined) return fail('ERR_SOLUTION', `"${rows[r][c]}" at row ${r + 1} column ${c + 1} is not a label of this puzzle`, r + 1);
      owner[r * p.width + c] = k;
    }
  }
  for (let k = 0; k < p.pairs.length; k++) {
    const [a, b] = p.pairs[k];
    if (owner[a] !== k || owner[b] !== k) return fail('ERR_SOLUTION', `an endpoint of ${p.labels[k]} is labelled otherwise`);
  }
  // One budget for the routing and, under another rule set, the routing that names what breaks it.
  const meter = new Meter({ ...budget, maxNodes: budget.maxNodes ?? ROUTE_NODES });
  const routed = routeLabels(p, owner, meter.remaining());
  meter.tick(routed.nodes);
  if (routed.kind === 'found') return ok(routed.links);
  const label = labels.value[routed.pair];
  if (routed.kind === 'inconclusive') {
    return fail(
      'ERR_UNDECIDED',
      `whether the cells labelled ${label} form one path between its endpoints was not decided within the budget (${routed.stop} after ${routed.nodes} nodes)`,
    );
  }
  if (p.rule !== 'strict' && meter.check()) {
    // A routing the rule set forbids: name what it breaks.
    const loose = routeLabels({ ...p, rule: 'strict' }, owner, meter.remaining());
    const v = loose.kind === 'found' ? ruleViolation(p, loose.links, owner, p.rule) : null;
    if (v) return fail('ERR_SOLUTION', `breaks the ${p.rule} rule: ${v}`);
  }
  return fail('ERR_SOLUTION', `the cells labelled ${label} do not form one path between its endpoints${p.rule === 'strict' ? '' : ` under ${p.rule}`}`);
}
