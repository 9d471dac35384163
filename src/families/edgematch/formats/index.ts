/**
 * Edge-matching formats, read and written. Every reader ends in `makeInstance`, the one gate, and names
 * the line of any problem. Rotations are converted to ours (clockwise, see types.ts) at this boundary.
 *
 * - `heule`: Marijn Heule's piece files. First line: the number of hint lines; then the hints
 *   `row col piece rot` (1-based row, column and piece; `rot` clockwise quarter turns, as in Heule's
 *   encoder, which places side j of a hinted piece at `piece[(j + 4 - rot) % 4]`); then one `N E S W` line
 *   per piece. The file holds no board size: with k edge pieces (one grey side) and n pieces, rows + cols
 *   = k/2 + 4 and rows·cols = n; like the encoder we take rows ≤ cols, so width ≥ height. A taller
 *   board is read back with its size passed in.
 * - `puz` (+ `clue`, `sol`): the board suite of JamesGallicchio/eternity2. `puzzle.puz`: a `cols [rows]`
 *   line, then `N E S W` per piece (0-based tile = line order); blank lines and lines starting with `c`
 *   are skipped; signed tiles (`+`/`-`) are refused. `puzzle.clue` and `*.sol`: lines `tile col row rot`,
 *   0-based, `rot` = **anticlockwise** quarter turns (ours = (4 − rot) mod 4).
 * - `anjou`: the JSON of raphael-anjou/eternity2 (`width`, `height`, `pieces` as `[N, E, S, W]`, `hints`
 *   as `{pos, piece, rot}` with `pos` row-major and `rot` clockwise; `id`, `family`, `numColors`,
 *   `maxScore` informative; a `maxScore` other than the board's joint count is refused).
 * - `tud`: the TU Dresden 2011 SAT-course format: `b s w h` (bounded 1, signed 0), then `N E S W` per piece.
 * - `id`: our descriptive id `edgematch:WxH:<pieces>[.<cell>-<piece>-<rot>]...`. `<pieces>` gives the
 *   four colours of every piece in order as base-62 digits (0-9, a-z, A-Z): one digit each when every
 *   colour is below 62, else `_` then two digits each. Clues are decimal, rotation clockwise.
 * Boards (solutions and partial boards) use the text format of `makeBoardText` (documented there).
 */
import { makeId, parseId } from '../../../core/ids.ts';
import { ok, type Result } from '../../../core/result.ts';
import { describeValue, excerpt, fail, firstLine, jsonTooDeep, MAX_JSON_DEPTH, parseLinewise, q, splitLines } from '../../../core/text.ts';
import { makeInstance, MAX_SIDE, maxScore, MIN_SIDE, pieceKind, type InstanceOptions } from '../puzzle.ts';
import { isRotation, type Board, type Clue, type Instance, type Piece, type Placement, type Rotation } from '../types.ts';

export const FAMILY_NAME = 'edgematch';
export const FORMATS = ['heule', 'puz', 'anjou', 'tud', 'id'] as const;
export type FormatName = (typeof FORMATS)[number];

/** Meaningful lines: text, 1-based line number; blank lines and lines for which `skip` holds are dropped. */
function contentLines(text: string, skip: (trimmed: string) => boolean = () => false): { text: string; line: number }[] {
  const lines = splitLines(text);
  const out: { text: string; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t !== '' && !skip(t)) out.push({ text: t, line: i + 1 });
  }
  return out;
}

/** The whitespace-separated non-negative integers of a line; `count` when given must match. */
function ints(l: { text: string; line: number }, what: string, count?: number | readonly number[]): Result<number[]> {
  const counts = count === undefined ? null : typeof count === 'number' ? [count] : count;
  // With a count, a line of half a million numbers is cut after 64 too many, not split whole.
  const limit = counts ? Math.max(...counts) + 64 : undefined;
  const toks = l.text.split(/\s+/, limit);
  if (counts && !counts.includes(toks.length))
    return fail(
      'ERR_SYNTAX',
      `${what} has ${toks.length === limit ? `more than ${limit - 1}` : toks.length} numbers, expected ${counts.join(' or ')}: ${q(l.text)}`,
      l.line,
    );
  const out: number[] = [];
  for (const t of toks) {
    if (!/^\d+$/.test(t) || t.length > 9) return fail('ERR_NUMBER', `${what}: ${q(t)} is not a non-negative integer`, l.line);
    out.push(Number(t));
  }
  return ok(out);
}

const asPiece = (v: number[]): Piece => [v[0], v[1], v[2], v[3]];

/** The board-size check of makeInstance, made before a reader allocates or decodes W·H of anything. */
function sideProblem(width: number, height: number, line?: number): Result<never> | null {
  if (Number.isInteger(width) && Number.isInteger(height) && width >= MIN_SIDE && height >= MIN_SIDE && width <= MAX_SIDE && height <= MAX_SIDE) return null;
  return fail('ERR_SIZE', `board sides must be ${MIN_SIDE} to ${MAX_SIDE}, got ${excerpt(`${width}x${height}`, 40)}`, line);
}
const antiToClockwise = (rot: number): Rotation => ((4 - rot) & 3) as Rotation;

// --- Heule.

export interface SizeOption {
  width: number;
  height: number;
}

/** rows ≤ cols with 2(rows−2) + 2(cols−2) = edges and rows·cols = n, or null. */
export function sizeFromCounts(n: number, edges: number): SizeOption | null {
  if (edges % 2 !== 0) return null;
  const sum = edges / 2 + 4;
  for (let rows = 2; rows * 2 <= sum; rows++) if (rows * (sum - rows) === n) return { width: sum - rows, height: rows };
  return null;
}

export function parseHeule(text: string, size?: SizeOption): Result<Instance> {
  const lines = contentLines(text);
  if (lines.length === 0) return fail('ERR_EMPTY', 'empty input', 1);
  const head = ints(lines[0], 'the first line (the number of hints)', 1);
  if (!head.ok) return head;
  const nHints = head.value[0];
  if (lines.length < 1 + nHints)
    return fail('ERR_LINE_COUNT', `the first line announces ${nHints} hint lines, the file has only ${lines.length - 1} more lines`, lines[0].line);
  const raw: { row: number; col: number; piece: number; rot: number; line: number }[] = [];
  for (let k = 0; k < nHints; k++) {
    const l = lines[1 + k];
    const v = ints(l, `hint ${k + 1} (row col piece rot)`, 4);
    if (!v.ok) return v;
    const [row, col, piece, rot] = v.value;
    if (row < 1 || col < 1 || piece < 1) return fail('ERR_CLUE', `hint ${k + 1}: row, column and piece are 1-based`, l.line);
    if (rot > 3) return fail('ERR_CLUE', `hint ${k + 1}: rotation ${rot} is not 0 to 3`, l.line);
    raw.push({ row, col, piece, rot, line: l.line });
  }
  const pieces: Piece[] = [];
  const pieceLines: number[] = [];
  for (const l of lines.slice(1 + nHints)) {
    const v = ints(l, `piece ${pieces.length + 1} (N E S W)`, 4);
    if (!v.ok) return v;
    pieces.push(asPiece(v.value));
    pieceLines.push(l.line);
  }
  if (pieces.length === 0) return fail('ERR_MISSING', 'no pieces after the hints', lines[lines.length - 1].line);
  let dims = size;
  if (!dims) {
    const kinds = pieces.map((p) => pieceKind(p));
    const bad = kinds.findIndex((k) => !k.ok);
    if (bad >= 0) {
      const k = kinds[bad];
      return fail('ERR_CLUE', `piece ${bad + 1} (${pieces[bad].join(' ')}) has ${k.ok ? '' : k.reason}`, pieceLines[bad]);
    }
    const edges = kinds.filter((k) => k.ok && k.kind === 'edge').length;
    const corners = kinds.filter((k) => k.ok && k.kind === 'corner').length;
    dims = sizeFromCounts(pieces.length, edges) ?? undefined;
    if (!dims || corners !== 4) {
      return fail(
        'ERR_SIZE',
        `cannot tell the board size: ${pieces.length} pieces with ${corners} corner and ${edges} edge pieces fit no rectangular board (a W×H board has 4 corner, 2(W−2)+2(H−2) edge and W·H pieces)`,
        lines[0].line,
      );
    }
  }
  const { width, height } = dims;
  const clues: Clue[] = raw.map((h) => ({
    cell: h.row > height || h.col > width ? -1 : (h.row - 1) * width + (h.col - 1),
    piece: h.piece - 1,
    rotation: h.rot as Rotation,
  }));
  for (let k = 0; k < raw.length; k++)
    if (clues[k].cell < 0) return fail('ERR_CLUE', `hint ${k + 1}: row ${raw[k].row} column ${raw[k].col} is off the ${width}x${height} board`, raw[k].line);
  return makeInstance(width, height, pieces, clues, { pieceLines, clueLines: raw.map((h) => h.line), line: lines[0].line });
}

export function makeHeule(inst: Instance): string {
  const hints = inst.clues.map((c) => `${Math.floor(c.cell / inst.width) + 1} ${(c.cell % inst.width) + 1} ${c.piece + 1} ${c.rotation}`);
  return `${[String(inst.clues.length), ...hints, ...inst.pieces.map((p) => p.join(' '))].join('\n')}\n`;
}

// --- Board suite: puzzle.puz, puzzle.clue, *.sol.

const puzSkip = (t: string): boolean => t.startsWith('c');

/** `puzzle.puz`, with the clue file's text when there is one. */
export function parseBoardSuite(puz: string, clue?: string, opts: Pick<InstanceOptions, 'separatePalettes'> = {}): Result<Instance> {
  const lines = contentLines(puz, puzSkip);
  if (lines.length === 0) return fail('ERR_EMPTY', 'empty puzzle file', 1);
  const head = ints(lines[0], 'the size line (cols [rows])', [1, 2]);
  if (!head.ok) return head;
  const width = head.value[0];
  const height = head.value[1] ?? width;
  const pieces: Piece[] = [];
  const pieceLines: number[] = [];
  for (const l of lines.slice(1)) {
    const toks = l.text.split(/\s+/);
    if (toks.length === 5 && (toks[4] === '+' || toks[4] === '-'))
      return fail('ERR_FORMAT', `tile ${pieces.length} is signed ("${toks[4]}"); signed puzzles are not supported`, l.line);
    const v = ints(l, `tile ${pieces.length} (N E S W)`, 4);
    if (!v.ok) return v;
    pieces.push(asPiece(v.value));
    pieceLines.push(l.line);
  }
  let clues: Clue[] = [];
  let clueLines: number[] = [];
  if (clue !== undefined) {
    const c = readTileLines(clue, width, height, pieces.length, 'clue file');
    if (!c.ok) return c;
    clues = c.value.map((e) => ({ cell: e.cell, piece: e.piece, rotation: e.rotation }));
    clueLines = c.value.map((e) => e.line);
  }
  const made = makeInstance(width, height, pieces, clues, { ...opts, pieceLines, clueLines, line: lines[0].line });
  // A clue conflict's line is the clue file's: say so.
  if (!made.ok && /^clues? \d/.test(made.error.message)) return fail(made.error.code, `clue file: ${made.error.message}`, made.error.line);
  return made;
}

/** Lines `tile col row rot` (0-based; rot anticlockwise) as placements by cell; no cell or tile twice. */
function readTileLines(
  text: string,
  width: number,
  height: number,
  nPieces: number,
  what: string,
): Result<{ cell: number; piece: number; rotation: Rotation; line: number }[]> {
  const out: { cell: number; piece: number; rotation: Rotation; line: number }[] = [];
  const cells = new Map<number, number>();
  const tiles = new Map<number, number>();
  for (const l of contentLines(text, puzSkip)) {
    const v = ints(l, `${what}: a line (tile col row rot)`, 4);
    if (!v.ok) return v;
    const [tile, col, row, rot] = v.value;
    if (tile >= nPieces) return fail('ERR_CLUE', `${what}: there is no tile ${tile} (tiles are 0 to ${nPieces - 1})`, l.line);
    if (col >= width || row >= height) return fail('ERR_CLUE', `${what}: col ${col} row ${row} is off the ${width}x${height} board`, l.line);
    if (rot > 3) return fail('ERR_CLUE', `${what}: rotation ${rot} is not 0 to 3`, l.line);
    const cell = row * width + col;
    if (cells.has(cell)) return fail('ERR_CLUE', `${what}: col ${col} row ${row} is already given at line ${cells.get(cell)}`, l.line);
    if (tiles.has(tile)) return fail('ERR_CLUE', `${what}: tile ${tile} is already placed at line ${tiles.get(tile)}`, l.line);
    cells.set(cell, l.line);
    tiles.set(tile, l.line);
    out.push({ cell, piece: tile, rotation: antiToClockwise(rot), line: l.line });
  }
  return ok(out);
}

export function makePuz(inst: Instance): string {
  return `${inst.width} ${inst.height}\n${inst.pieces.map((p) => `${p.join(' ')}\n`).join('')}`;
}

const tileLine = (width: number, cell: number, p: Placement): string => `${p.piece} ${cell % width} ${Math.floor(cell / width)} ${antiToClockwise(p.rotation)}`;

/** `puzzle.clue`: the clues as `tile col row rot` lines (empty text when there are none). */
export function makeClue(inst: Instance): string {
  return inst.clues.map((c) => `${tileLine(inst.width, c.cell, c)}\n`).join('');
}

/** A `.sol` file: one `tile col row rot` line per placed piece, by tile (empty cells are left out). */
export function makeSol(inst: Pick<Instance, 'width'>, board: Board): string {
  const lines: [number, string][] = [];
  board.forEach((p, cell) => {
    if (p) lines.push([p.piece, tileLine(inst.width, cell, p)]);
  });
  return lines
    .sort((a, b) => a[0] - b[0])
    .map(([, s]) => `${s}\n`)
    .join('');
}

/** A `.sol` file as a board; cells it does not name stay empty. */
export function parseSol(text: string, inst: Instance): Result<(Placement | null)[]> {
  const r = readTileLines(text, inst.width, inst.height, inst.pieces.length, 'solution');
  if (!r.ok) return r;
  const board: (Placement | null)[] = new Array(inst.width * inst.height).fill(null);
  for (const e of r.value) board[e.cell] = { piece: e.piece, rotation: e.rotation };
  return ok(board);
}

// --- TU Dresden 2011.

export function parseTud(text: string): Result<Instance> {
  const lines = contentLines(text);
  if (lines.length === 0) return fail('ERR_EMPTY', 'empty input', 1);
  const head = ints(lines[0], 'the first line (b s w h)', 4);
  if (!head.ok) return head;
  const [bounded, signed, width, height] = head.value;
  if (bounded !== 1) return fail('ERR_FORMAT', 'unbounded puzzles (b = 0, no grey frame) are not supported', lines[0].line);
  if (signed !== 0) return fail('ERR_FORMAT', 'signed puzzles (s = 1) are not supported', lines[0].line);
  const pieces: Piece[] = [];
  const pieceLines: number[] = [];
  for (const l of lines.slice(1)) {
    const v = ints(l, `piece ${pieces.length} (N E S W)`, 4);
    if (!v.ok) return v;
    pieces.push(asPiece(v.value));
    pieceLines.push(l.line);
  }
  return makeInstance(width, height, pieces, [], { pieceLines, line: lines[0].line });
}

/** The TU Dresden format; it carries no clues, so an instance with clues is refused. */
export function makeTud(inst: Instance): Result<string> {
  if (inst.clues.length > 0) return fail('ERR_FORMAT', `the tud format carries no clues; this puzzle has ${inst.clues.length}`);
  return ok(`1 0 ${inst.width} ${inst.height}\n${inst.pieces.map((p) => `${p.join(' ')}\n`).join('')}`);
}

// --- anjou JSON.

function jsonLine(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function parseAnjou(text: string): Result<Instance> {
  const deep = jsonTooDeep(text);
  if (deep >= 0) return fail('ERR_SYNTAX', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, jsonLine(text, deep));
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d{1,10})/.exec(msg);
    const lc = /line (\d{1,10})/.exec(msg);
    return fail('ERR_SYNTAX', `not valid JSON: ${excerpt(msg, 120)}`, lc ? Number(lc[1]) : pos ? jsonLine(text, Number(pos[1])) : undefined);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return fail('ERR_FORMAT', 'expected a JSON object with width, height, pieces and hints', 1);
  const o = data as Record<string, unknown>;
  if (!isNat(o.width) || !isNat(o.height))
    return fail('ERR_SIZE', `width and height must be non-negative integers, got ${describeValue(o.width)} and ${describeValue(o.height)}`);
  const tooBig = sideProblem(o.width, o.height);
  if (tooBig) return tooBig;
  if (!Array.isArray(o.pieces)) return fail('ERR_MISSING', 'no "pieces" list');
  const pieces: Piece[] = [];
  for (let i = 0; i < o.pieces.length; i++) {
    const p: unknown = o.pieces[i];
    if (!Array.isArray(p) || p.length !== 4 || !p.every(isNat))
      return fail('ERR_SYNTAX', `pieces[${i}] is not a list of four non-negative integers: ${describeValue(p)}`);
    pieces.push(asPiece(p as number[]));
  }
  const hints = o.hints ?? [];
  if (!Array.isArray(hints)) return fail('ERR_SYNTAX', '"hints" is not a list');
  const clues: Clue[] = [];
  for (let k = 0; k < hints.length; k++) {
    const h: unknown = hints[k];
    const r = typeof h === 'object' && h !== null ? (h as Record<string, unknown>) : {};
    if (!isNat(r.pos) || !isNat(r.piece) || !isNat(r.rot))
      return fail('ERR_SYNTAX', `hints[${k}] is not {"pos", "piece", "rot"} with non-negative integers: ${describeValue(h)}`);
    clues.push({ cell: r.pos, piece: r.piece, rotation: r.rot as Rotation });
  }
  if (o.maxScore !== undefined && o.maxScore !== maxScore(o.width, o.height))
    return fail('ERR_FORMAT', `"maxScore" is ${describeValue(o.maxScore)}, but a ${o.width}x${o.height} board has ${maxScore(o.width, o.height)} joints`);
  const made = makeInstance(o.width, o.height, pieces, clues);
  if (!made.ok) {
    const hint = (d: string): string => `hints[${Number(d) - 1}]`;
    const msg = made.error.message
      .replace(/^clues (\d+) and (\d+)/, (_m, a: string, b: string) => `${hint(a)} and ${hint(b)}`)
      .replace(/^clue (\d+)/, (_m, d: string) => hint(d));
    return fail(made.error.code, msg);
  }
  return made;
}

/** The anjou JSON, one piece and one hint per line. `numColors` counts the non-grey colours used. */
export function makeAnjou(inst: Instance, meta: { id?: string; family?: string } = {}): string {
  const colours = new Set(inst.pieces.flat().filter((c) => c !== 0));
  const head = [
    `  "id": ${JSON.stringify(meta.id ?? 'proofgrid')}`,
    `  "family": ${JSON.stringify(meta.family ?? 'proofgrid')}`,
    `  "width": ${inst.width}`,
    `  "height": ${inst.height}`,
    `  "numColors": ${colours.size}`,
  ];
  const pieces = inst.pieces.map((p) => `    [${p.join(', ')}]`).join(',\n');
  const hints = inst.clues.map((c) => `    {"pos": ${c.cell}, "piece": ${c.piece}, "rot": ${c.rotation}}`).join(',\n');
  return `{\n${head.join(',\n')},\n  "pieces": [\n${pieces}\n  ],\n  "hints": [${hints ? `\n${hints}\n  ` : ''}],\n  "maxScore": ${maxScore(inst.width, inst.height)}\n}\n`;
}

// --- Our id.

const B62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Colours named as the id writes them: one base-62 digit each, or two when some colour is 62 or more. */
export function colourNames(pieces: Instance['pieces']): { width: number; name: (c: number) => string } {
  const wide = pieces.some((pc) => pc.some((c) => c >= 62));
  return { width: wide ? 2 : 1, name: (c) => (wide ? B62[Math.floor(c / 62)] + B62[c % 62] : B62[c]) };
}

export function makeParams(p: { width: number; height: number }): string {
  return `${p.width}x${p.height}`;
}

export function parseParams(text: string, line?: number): Result<SizeOption> {
  const m = /^(\d{1,4})x(\d{1,4})$/.exec(text.trim());
  if (!m) return fail('ERR_SYNTAX', `bad edgematch size ${q(text)}: expected WxH, e.g. 16x16`, line);
  return ok({ width: Number(m[1]), height: Number(m[2]) });
}

export function makeEdgematchId(inst: Instance): string {
  const colours = inst.pieces.flat();
  const { width, name } = colourNames(inst.pieces);
  const body = (width === 2 ? '_' : '') + colours.map(name).join('');
  const clues = inst.clues.map((c) => `.${c.cell}-${c.piece}-${c.rotation}`).join('');
  return makeId({ kind: 'descriptive', family: FAMILY_NAME, params: makeParams(inst), desc: body + clues });
}

export function parseEdgematchId(text: string, line?: number): Result<Instance> {
  const id = parseId(text);
  if (!id.ok) return fail(id.error.code, id.error.message, line);
  if (id.value.kind !== 'descriptive') return fail('ERR_SYNTAX', 'a seeded id names a generator run, not a puzzle; regenerate it', line);
  if (id.value.family !== FAMILY_NAME) return fail('ERR_FAMILY', `id is for family "${excerpt(id.value.family, 24)}", not ${FAMILY_NAME}`, line);
  const size = parseParams(id.value.params, line);
  if (!size.ok) return size;
  // At most one clue per cell: a longer list is refused without splitting all of it.
  const PARTS = MAX_SIDE * MAX_SIDE + 2;
  const [body, ...clueParts] = id.value.desc.split('.', PARTS);
  if (clueParts.length === PARTS - 1) return fail('ERR_CLUE', `more clues than the ${MAX_SIDE * MAX_SIDE} cells of the largest board`, line);
  const wide = body.startsWith('_');
  const digits = wide ? body.slice(1) : body;
  const per = wide ? 2 : 1;
  if (digits.length % (4 * per) !== 0)
    return fail(
      'ERR_SYNTAX',
      `the piece body has ${digits.length} digits, not a multiple of ${4 * per} (four colours of ${per} digit${per > 1 ? 's' : ''} per piece)`,
      line,
    );
  const { width, height } = size.value;
  const tooBig = sideProblem(width, height, line);
  if (tooBig) return tooBig;
  const given = digits.length / (4 * per);
  if (given !== width * height) return fail('ERR_SIZE', `a ${width}x${height} board needs ${width * height} pieces, the input has ${given}`, line);
  const colours: number[] = [];
  for (let i = 0; i < digits.length; i += per) {
    let v = 0;
    for (let j = 0; j < per; j++) {
      const d = B62.indexOf(digits[i + j]);
      if (d < 0) return fail('ERR_SYNTAX', `"${digits[i + j]}" at character ${i + j + 1} of the piece body is not a base-62 digit`, line);
      v = v * 62 + d;
    }
    colours.push(v);
  }
  const pieces: Piece[] = [];
  for (let i = 0; i < colours.length; i += 4) pieces.push(asPiece(colours.slice(i, i + 4)));
  const clues: Clue[] = [];
  for (const part of clueParts) {
    const m = /^(\d{1,6})-(\d{1,6})-(\d)$/.exec(part);
    if (!m) return fail('ERR_SYNTAX', `bad clue ${q(part)}: expected cell-piece-rotation`, line);
    clues.push({ cell: Number(m[1]), piece: Number(m[2]), rotation: Number(m[3]) as Rotation });
  }
  return makeInstance(size.value.width, size.value.height, pieces, clues, { line });
}

// --- Detection and dispatch.

/** Guesses a text's format: an id, JSON, `b s w h` (tud), `cols [rows]` (puz) or a hint count (heule). */
export function detectFormat(text: string): FormatName | undefined {
  const first = firstLine(text, (t) => t !== '' && !puzSkip(t));
  if (first === undefined) return undefined;
  if (first.startsWith(`${FAMILY_NAME}:`)) return 'id';
  if (first.startsWith('{')) return 'anjou';
  const toks = first.split(/\s+/, 5);
  if (!toks.every((t) => /^\d+$/.test(t))) return undefined;
  if (toks.length === 4) return 'tud';
  if (toks.length === 2) return 'puz';
  if (toks.length !== 1) return undefined;
  // One number: Heule's hint count, or a square board suite size `n` followed by n² tiles that read as such.
  const k = Number(toks[0]);
  return k >= 2 && k <= MAX_SIDE && contentLines(text, puzSkip).length - 1 === k * k && parseBoardSuite(text).ok ? 'puz' : 'heule';
}

/** An instance in the given format or the detected one (the board suite's clue file is passed apart). */
export function parseInstance(text: string, format?: FormatName): Result<Instance> {
  const f = format ?? detectFormat(text);
  if (f === undefined)
    return text.trim() === ''
      ? fail('ERR_EMPTY', 'empty input', 1)
      : fail('ERR_FORMAT', `cannot tell the format of this text; name one of: ${FORMATS.join(', ')}`, 1);
  switch (f) {
    case 'heule':
      return parseHeule(text);
    case 'puz':
      return parseBoardSuite(text);
    case 'anjou':
      return parseAnjou(text);
    case 'tud':
      return parseTud(text);
    case 'id':
      return parseEdgematchId(text.trim(), 1);
  }
}

/** The instance in a format; `clue` files of the board suite are written by `makeClue`. */
export function makeInstanceText(inst: Instance, format: FormatName): Result<string> {
  switch (format) {
    case 'heule':
      return ok(makeHeule(inst));
    case 'puz':
      return ok(makePuz(inst));
    case 'anjou':
      return ok(makeAnjou(inst));
    case 'tud':
      return makeTud(inst);
    case 'id':
      return ok(`${makeEdgematchId(inst)}\n`);
  }
}

// --- Files: formats told by a file name, id lists, and a file's puzzles.

/** Formats told by a file name's extension (`.puz` of the board suite, the `.json` of anjou). */
export const FORMAT_BY_EXTENSION: Readonly<Record<string, FormatName>> = { puz: 'puz', json: 'anjou' };

export function formatOfName(filename: string | undefined): FormatName | undefined {
  const ext = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext !== undefined && Object.hasOwn(FORMAT_BY_EXTENSION, ext) ? FORMAT_BY_EXTENSION[ext] : undefined;
}

/** Ids, one per line (blank lines and `#` comments skipped); each error names its line. */
export function parseIdLines(text: string): Result<Instance[]> {
  return parseLinewise(text, parseEdgematchId, { comments: true, trim: true, emptyMessage: 'no id in the input' });
}

/** Whether the first meaningful line (blank lines and `#` comments skipped) is one of our ids. */
export function isIdList(text: string): boolean {
  const first = firstLine(text, (l) => l !== '' && !l.startsWith('#'));
  return first?.startsWith(`${FAMILY_NAME}:`) === true;
}

/**
 * The puzzles of a file: in `format`, else the one its name tells, else the one its text shows. Every
 * format holds one puzzle, except id lists (one id per line).
 */
export function parseEdgematchFile(text: string, filename?: string, format?: FormatName): Result<Instance[]> {
  const f = format ?? formatOfName(filename) ?? (isIdList(text) ? 'id' : detectFormat(text));
  if (f === 'id') return parseIdLines(text);
  const r = parseInstance(text, f);
  return r.ok ? ok([r.value]) : r;
}

// --- Boards as text.

/**
 * A board as text (a solution or a partial board):
 * ```
 * # optional comment lines
 * 4x3
 * 0:3 7:0 . 2:1
 * ...            (one line per row, top to bottom)
 * ```
 * The first line is the board size `WxH`; then one line per row with W cells, left to right, separated by
 * spaces. A cell is `piece:rotation` (0-based piece index, rotation = clockwise quarter turns 0..3, as
 * everywhere in this family) or `.` when empty. Blank lines and lines starting with `#` are skipped.
 */
export function makeBoardText(inst: Pick<Instance, 'width' | 'height'>, board: Board): string {
  return `${[makeParams(inst), ...boardRowTexts(inst.width, inst.height, board)].join('\n')}\n`;
}

/** A board cell as the board text writes it: `piece:rotation`, or `.` when empty. */
export const boardCellText = (pl: Placement | null): string => (pl ? `${pl.piece}:${pl.rotation}` : '.');

/** The rows of a board as the board text writes them, top to bottom, cells separated by spaces. */
export function boardRowTexts(width: number, height: number, board: Board): string[] {
  const rows: string[] = [];
  for (let r = 0; r < height; r++)
    rows.push(
      board
        .slice(r * width, (r + 1) * width)
        .map(boardCellText)
        .join(' '),
    );
  return rows;
}

/**
 * One cell of a board row, `piece:rotation` (a piece of the instance, a rotation 0 to 3) or `.` (empty);
 * a failure says what is wrong with the token, and the caller says where it is.
 */
export function parseBoardCell(
  t: string,
  pieceCount: number,
): { ok: true; value: Placement | null } | { ok: false; code: 'ERR_SYNTAX' | 'ERR_NUMBER'; why: string } {
  if (t === '.') return { ok: true, value: null };
  const m = /^(\d{1,6}):(\d)$/.exec(t);
  if (!m) return { ok: false, code: 'ERR_SYNTAX', why: `${q(t)} is not piece:rotation or "."` };
  const piece = Number(m[1]);
  const rotation = Number(m[2]);
  if (piece >= pieceCount) return { ok: false, code: 'ERR_NUMBER', why: `there is no piece ${piece} (pieces are 0 to ${pieceCount - 1})` };
  if (!isRotation(rotation)) return { ok: false, code: 'ERR_NUMBER', why: `rotation ${rotation} is not 0 to 3` };
  return { ok: true, value: { piece, rotation } };
}

/** A board in `makeBoardText`'s format for this instance: its size, existing pieces, no piece twice. */
export function parseBoardText(text: string, inst: Instance): Result<(Placement | null)[]> {
  const lines = contentLines(text, (t) => t.startsWith('#'));
  if (lines.length === 0) return fail('ERR_EMPTY', 'empty board', 1);
  const size = parseParams(lines[0].text, lines[0].line);
  if (!size.ok) return size;
  const { width, height } = size.value;
  if (width !== inst.width || height !== inst.height)
    return fail('ERR_SIZE', `the board is ${width}x${height}, the puzzle ${inst.width}x${inst.height}`, lines[0].line);
  const rows = lines.slice(1);
  if (rows.length !== height)
    return fail(
      'ERR_LINE_COUNT',
      `the board has ${rows.length} rows, its size line says ${height}`,
      rows.length > height ? rows[height].line : (rows[rows.length - 1] ?? lines[0]).line,
    );
  const board: (Placement | null)[] = [];
  const seen = new Map<number, number>();
  for (let r = 0; r < height; r++) {
    const l = rows[r];
    const toks = l.text.split(/\s+/, width + 64);
    if (toks.length !== width) return fail('ERR_SIZE', `row ${r + 1} has ${toks.length} cells, the board ${width}`, l.line);
    for (let c = 0; c < width; c++) {
      const cell = parseBoardCell(toks[c], inst.pieces.length);
      if (!cell.ok) return fail(cell.code, `row ${r + 1} col ${c + 1}: ${cell.why}`, l.line);
      board.push(cell.value);
      if (cell.value === null) continue;
      const { piece } = cell.value;
      const prev = seen.get(piece);
      if (prev !== undefined) return fail('ERR_SOLUTION', `row ${r + 1} col ${c + 1}: piece ${piece} is already placed at line ${prev}`, l.line);
      seen.set(piece, l.line);
    }
  }
  return ok(board);
}

/**
 * A board in the board text of `makeBoardText` (`WxH` line, then `piece:rotation` or `.` per cell), or in
 * the board suite's `.sol` lines (`tile col row rot`, told by a first line of four numbers).
 */
export function parseBoard(text: string, p: Instance): Result<Board> {
  const first = firstLine(text, (l) => l !== '' && !l.startsWith('#') && !l.startsWith('c'));
  if (first !== undefined && /^\d+\s+\d+\s+\d+\s+\d+$/.test(first)) return parseSol(text, p);
  return parseBoardText(text, p);
}
