/**
 * Edge-matching rules: piece rotation, the rim, the validating constructor of instances (the one gate:
 * anything it accepts is a well-formed puzzle), an independent verifier of boards and the score.
 */
import { ok, type Result } from '../../core/result.ts';
import { fail } from '../../core/text.ts';
import { GREY, SIDES, isRotation, type Board, type Clue, type Instance, type Piece, type Placement, type Rotation, type Side } from './types.ts';
import { cellWords, neighbour } from '../../core/grid.ts';

export const MIN_SIDE = 2;
export const MAX_SIDE = 100;
/** Largest colour number the formats carry (the id writes colours in two base-62 digits). */
export const MAX_COLOUR = 62 * 62 - 1;

/** The colour piece `p` shows on side `d` when turned clockwise by `r` quarter turns. */
export function shownColour(p: Piece, r: number, d: number): number {
  return p[(d - r + 4) & 3];
}

/** The piece's colours `[N, E, S, W]` as shown after turning it clockwise by `r` quarter turns. */
export function rotatePiece(p: Piece, r: number): Piece {
  return [shownColour(p, r, 0), shownColour(p, r, 1), shownColour(p, r, 2), shownColour(p, r, 3)];
}

/** The rotation (0 to 3) that takes listed side `from` to board side `to`. */
export const rotationTaking = (from: Side, to: Side): Rotation => ((to - from + 4) & 3) as Rotation;

/** The same piece whatever its rotation: the smallest of its four rotations as text (for duplicates). */
export function pieceKey(p: Piece): string {
  let best = '';
  for (let r = 0; r < 4; r++) {
    const k = rotatePiece(p, r).join(',');
    if (best === '' || k < best) best = k;
  }
  return best;
}

/** Bits of the sides of `cell` that lie on the rim (bit d for side d). */
export function rimMask(width: number, height: number, cell: number): number {
  const r = Math.floor(cell / width);
  const c = cell - r * width;
  return (r === 0 ? 1 : 0) | (c === width - 1 ? 2 : 0) | (r === height - 1 ? 4 : 0) | (c === 0 ? 8 : 0);
}

/** Bits of the sides on which the piece, turned by `r`, shows grey. */
export function greyMask(p: Piece, r: number): number {
  let m = 0;
  for (let d = 0; d < 4; d++) if (shownColour(p, r, d) === GREY) m |= 1 << d;
  return m;
}

/** Placements as parallel lists: placement k puts piece[k] turned rotation[k] at cell[k]. */
export interface Placements {
  cell: number[];
  piece: number[];
  rotation: number[];
}

/**
 * Every placement the frame allows (the piece's grey sides are exactly the cell's rim sides), in cell,
 * then piece, then rotation order. With `withClues`, only those the clues allow too: a clue cell takes
 * its own piece and turn, and a clued piece goes nowhere else.
 */
export function framePlacements(inst: Instance, withClues = false): Placements {
  const { width, height, pieces } = inst;
  const n = width * height;
  const clueOfCell = new Int32Array(n).fill(-1);
  const clueOfPiece = new Int32Array(n).fill(-1);
  if (withClues) {
    inst.clues.forEach((cl, k) => {
      clueOfCell[cl.cell] = k;
      clueOfPiece[cl.piece] = k;
    });
  }
  const out: Placements = { cell: [], piece: [], rotation: [] };
  for (let c = 0; c < n; c++) {
    const rim = rimMask(width, height, c);
    for (let p = 0; p < pieces.length; p++) {
      for (let r = 0; r < 4; r++) {
        if (greyMask(pieces[p], r) !== rim) continue;
        const k = clueOfCell[c];
        if (k >= 0 ? inst.clues[k].piece !== p || inst.clues[k].rotation !== r : clueOfPiece[p] >= 0) continue;
        out.cell.push(c);
        out.piece.push(p);
        out.rotation.push(r);
      }
    }
  }
  return out;
}

/** The neighbour of `cell` across side d (sides as in core's grid.ts), or -1 off the board. */
export { neighbour };

/**
 * The slot of the joint on side d of `cell`, each joint named from the cell west or north of it:
 * 2·cell for the cell's E joint, 2·cell + 1 for its S joint; -1 on the rim.
 */
export function jointSlot(width: number, height: number, cell: number, d: number): number {
  const j = neighbour(width, height, cell, d);
  if (j < 0) return -1;
  return d === 1 ? 2 * cell : d === 2 ? 2 * cell + 1 : d === 3 ? 2 * j : 2 * j + 1;
}

export type PieceKind = 'corner' | 'edge' | 'interior';

/** What cell a piece can go to, from its grey sides; a reason when it fits none. */
export function pieceKind(p: Piece): { ok: true; kind: PieceKind } | { ok: false; reason: string } {
  const g = greyMask(p, 0);
  const n = (g & 1) + ((g >> 1) & 1) + ((g >> 2) & 1) + ((g >> 3) & 1);
  if (n === 0) return { ok: true, kind: 'interior' };
  if (n === 1) return { ok: true, kind: 'edge' };
  const names = SIDES.filter((_, d) => g & (1 << d)).join(', ');
  if (n === 2 && g !== 5 && g !== 10) return { ok: true, kind: 'corner' };
  return {
    ok: false,
    reason:
      n === 2
        ? `grey on opposite sides (${names}): no cell of the board has the frame on both`
        : `grey on ${n} sides (${names}): no cell of the board has the frame on more than two`,
  };
}

/** Joints (pairs of touching sides) of a W×H board: all of them = the score of a solution. */
export function jointCounts(width: number, height: number): { total: number; border: number; interior: number } {
  const total = width * (height - 1) + height * (width - 1);
  const border = 2 * (width - 1) + 2 * (height - 1);
  return { total, border, interior: total - border };
}

/** The score of a full solution: every joint matched, W(H−1) + H(W−1) (2N(N−1) for N×N). */
export const maxScore = (width: number, height: number): number => jointCounts(width, height).total;

/**
 * Whether the joint on side d of `cell` is a border joint (between two rim cells, running along the
 * rim: the sides of rim pieces perpendicular to the frame); otherwise an interior joint.
 */
export function isBorderJoint(width: number, height: number, cell: number, d: number): boolean {
  const r = Math.floor(cell / width);
  const c = cell - r * width;
  return d === 1 || d === 3 ? r === 0 || r === height - 1 : c === 0 || c === width - 1;
}

export interface PaletteReport {
  /** Colours on the sides of rim pieces perpendicular to the frame. */
  border: number[];
  /** All other non-grey colours. */
  interior: number[];
  /** Colours in both lists (empty when the palettes are separate, as in Eternity II). */
  shared: number[];
}

/** The border and interior palettes the pieces use, read from the pieces alone. */
export function paletteReport(pieces: readonly Piece[]): PaletteReport {
  const border = new Set<number>();
  const interior = new Set<number>();
  for (const p of pieces) {
    const g = greyMask(p, 0);
    for (let d = 0; d < 4; d++) {
      if (p[d] === GREY) continue;
      const nextToGrey = (g & (1 << ((d + 1) & 3))) !== 0 || (g & (1 << ((d + 3) & 3))) !== 0;
      (nextToGrey ? border : interior).add(p[d]);
    }
  }
  const sorted = (s: Iterable<number>) => [...s].sort((a, b) => a - b);
  return { border: sorted(border), interior: sorted(interior), shared: sorted([...border].filter((c) => interior.has(c))) };
}

export interface InstanceOptions {
  /** Refuse pieces whose border and interior palettes overlap (default false: the TU Dresden set shares them). */
  separatePalettes?: boolean;
  /** 1-based input line of each piece, for messages. */
  pieceLines?: readonly number[];
  /** 1-based input line of each clue, for messages. */
  clueLines?: readonly number[];
  /** The line for errors about the whole input (its size line, say). */
  line?: number;
}

/** A cell as players read it: rows and columns counted from 1, row 1 at the top (as hints and moves say). */
export const cellName = (width: number, cell: number): string => cellWords(cell, width);

/**
 * An instance from raw parts, validated: sides 2..MAX_SIDE; W·H pieces of integer colours 0..MAX_COLOUR;
 * exactly 4 corner pieces (two adjacent grey sides), 2(W−2)+2(H−2) edge pieces (one grey side) and the
 * rest without grey; no piece with grey on opposite or on three sides; clues on distinct cells, with
 * distinct pieces, turned so that their grey sides are exactly the cell's rim sides, and agreeing with
 * each other where two clues touch. Clues come back ordered by cell.
 */
export function makeInstance(
  width: number,
  height: number,
  pieces: readonly Piece[],
  clues: readonly Clue[] = [],
  opts: InstanceOptions = {},
): Result<Instance> {
  const { pieceLines, clueLines, line } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE) {
    return fail('ERR_SIZE', `board sides must be ${MIN_SIDE} to ${MAX_SIDE}, got ${width}x${height}`, line);
  }
  const n = width * height;
  if (pieces.length !== n) return fail('ERR_SIZE', `a ${width}x${height} board needs ${n} pieces, the input has ${pieces.length}`, line);
  const kinds = { corner: [] as number[], edge: [] as number[], interior: [] as number[] };
  for (let i = 0; i < n; i++) {
    const p = pieces[i];
    const at = pieceLines?.[i] ?? line;
    if (p.length !== 4) return fail('ERR_SYNTAX', `piece ${i} has ${p.length} colours, not 4`, at);
    for (const c of p)
      if (!Number.isInteger(c) || c < 0 || c > MAX_COLOUR) return fail('ERR_NUMBER', `piece ${i}: colour ${c} is not an integer 0 to ${MAX_COLOUR}`, at);
    const k = pieceKind(p);
    if (!k.ok) return fail('ERR_CLUE', `piece ${i} (${p.join(' ')}) has ${k.reason}`, at);
    kinds[k.kind].push(i);
  }
  const want = { corner: 4, edge: 2 * (width - 2) + 2 * (height - 2), interior: (width - 2) * (height - 2) };
  for (const kind of ['corner', 'edge', 'interior'] as const) {
    const have = kinds[kind];
    if (have.length !== want[kind]) {
      const what = { corner: 'corner pieces (two adjacent grey sides)', edge: 'edge pieces (one grey side)', interior: 'interior pieces (no grey side)' }[kind];
      const list = have.length <= 12 ? ` (${have.join(', ')})` : '';
      return fail('ERR_CLUE', `a ${width}x${height} board has room for ${want[kind]} ${what}, the input has ${have.length}${list}`, line);
    }
  }
  if (opts.separatePalettes) {
    const pal = paletteReport(pieces);
    if (pal.shared.length > 0)
      return fail(
        'ERR_FORMAT',
        `colours ${pal.shared.join(', ')} are used both as border colours (beside the frame) and as interior colours; the palettes must be separate`,
        line,
      );
  }
  const byCell = new Map<number, number>();
  const byPiece = new Map<number, number>();
  for (let k = 0; k < clues.length; k++) {
    const cl = clues[k];
    const at = clueLines?.[k] ?? line;
    if (!Number.isInteger(cl.cell) || cl.cell < 0 || cl.cell >= n)
      return fail('ERR_CLUE', `clue ${k + 1}: cell ${cl.cell} is off the ${width}x${height} board`, at);
    if (!Number.isInteger(cl.piece) || cl.piece < 0 || cl.piece >= n)
      return fail('ERR_CLUE', `clue ${k + 1}: there is no piece ${cl.piece} (pieces are 0 to ${n - 1})`, at);
    if (!isRotation(cl.rotation)) return fail('ERR_CLUE', `clue ${k + 1}: rotation ${cl.rotation} is not 0 to 3`, at);
    const prevCell = byCell.get(cl.cell);
    if (prevCell !== undefined) return fail('ERR_CLUE', `clue ${k + 1}: ${cellName(width, cl.cell)} is already fixed by clue ${prevCell + 1}`, at);
    const prevPiece = byPiece.get(cl.piece);
    if (prevPiece !== undefined) return fail('ERR_CLUE', `clue ${k + 1}: piece ${cl.piece} is already placed by clue ${prevPiece + 1}`, at);
    byCell.set(cl.cell, k);
    byPiece.set(cl.piece, k);
    const rim = rimMask(width, height, cl.cell);
    const grey = greyMask(pieces[cl.piece], cl.rotation);
    if (rim !== grey) {
      const inside = SIDES.filter((_, d) => grey & ~rim & (1 << d));
      const frame = SIDES.filter((_, d) => rim & ~grey & (1 << d));
      const why = [inside.length ? `grey on ${inside.join(', ')} inside the board` : '', frame.length ? `colour on ${frame.join(', ')} against the frame` : '']
        .filter((s) => s)
        .join(' and ');
      return fail(
        'ERR_CLUE',
        `clue ${k + 1}: piece ${cl.piece} (${pieces[cl.piece].join(' ')}) turned ${cl.rotation} at ${cellName(width, cl.cell)} shows ${why}`,
        at,
      );
    }
  }
  for (let k = 0; k < clues.length; k++) {
    const a = clues[k];
    for (const d of [1, 2] as const) {
      const j = byCell.get(neighbour(width, height, a.cell, d));
      if (j === undefined) continue;
      const b = clues[j];
      const ca = shownColour(pieces[a.piece], a.rotation, d);
      const cb = shownColour(pieces[b.piece], b.rotation, d + 2);
      if (ca !== cb)
        return fail(
          'ERR_CLUE',
          `clues ${k + 1} and ${j + 1} touch but do not match: ${cellName(width, a.cell)} shows ${ca} on ${SIDES[d]}, ${cellName(width, b.cell)} shows ${cb} on ${SIDES[d + 2]}`,
          clueLines?.[Math.max(k, j)] ?? line,
        );
    }
  }
  const sortedClues = [...clues].map((c) => ({ cell: c.cell, piece: c.piece, rotation: c.rotation })).sort((x, y) => x.cell - y.cell);
  return ok({ width, height, pieces: pieces.map((p) => [p[0], p[1], p[2], p[3]] as const), clues: sortedClues });
}

// --- Boards.

export type BoardProblem =
  | { kind: 'length'; expected: number; got: number }
  | { kind: 'empty'; cell: number }
  | { kind: 'bad-piece'; cell: number; piece: number }
  | { kind: 'bad-rotation'; cell: number; rotation: number }
  | { kind: 'duplicate'; piece: number; cells: number[] }
  | { kind: 'missing'; piece: number }
  | { kind: 'clue'; cell: number; expected: Placement; got: Placement | null }
  | { kind: 'frame'; cell: number; side: Side; colour: number }
  | { kind: 'joint'; cell: number; side: Side; other: number; colour: number; otherColour: number };

export interface BoardCheck {
  /** No problem found: with `partial`, a board with no mistake so far; otherwise a full solution. */
  ok: boolean;
  /** Matched joints (both cells filled, same non-grey colour). */
  score: number;
  maxScore: number;
  problems: BoardProblem[];
}

/** A problem in words, for messages. */
export function describeProblem(inst: Pick<Instance, 'width'>, p: BoardProblem): string {
  const w = inst.width;
  switch (p.kind) {
    case 'length':
      return `the board has ${p.got} cells, the puzzle ${p.expected}`;
    case 'empty':
      return `${cellName(w, p.cell)} is empty`;
    case 'bad-piece':
      return `${cellName(w, p.cell)} holds piece ${p.piece}, which does not exist`;
    case 'bad-rotation':
      return `${cellName(w, p.cell)} has rotation ${p.rotation}, not 0 to 3`;
    case 'duplicate':
      return `piece ${p.piece} is placed ${p.cells.length} times (cells ${p.cells.join(', ')})`;
    case 'missing':
      return `piece ${p.piece} is not placed`;
    case 'clue':
      return `${cellName(w, p.cell)} must hold piece ${p.expected.piece} turned ${p.expected.rotation}, it holds ${p.got ? `piece ${p.got.piece} turned ${p.got.rotation}` : 'nothing'}`;
    case 'frame':
      return `${cellName(w, p.cell)} shows colour ${p.colour} on ${SIDES[p.side]}, against the frame`;
    case 'joint':
      return `${cellName(w, p.cell)} shows ${p.colour} on ${SIDES[p.side]}, ${cellName(w, p.other)} shows ${p.otherColour} on ${SIDES[(p.side + 2) & 3]}`;
  }
}

/**
 * Checks a board against an instance from scratch: the board's length; every placement names an
 * existing piece and a rotation 0..3; no piece twice (and, unless `partial`, every cell filled and every
 * piece placed); every clue cell holds its clue; every rim side shows grey; every joint between two
 * filled cells shows one non-grey colour on both sides. Trusts nothing from whoever made the board.
 */
export function verifyBoard(inst: Instance, board: Board, opts: { partial?: boolean } = {}): BoardCheck {
  const { width, height, pieces } = inst;
  const n = width * height;
  const max = maxScore(width, height);
  const problems: BoardProblem[] = [];
  if (board.length !== n) return { ok: false, score: 0, maxScore: max, problems: [{ kind: 'length', expected: n, got: board.length }] };
  const usable = new Array<boolean>(n).fill(false);
  const cellsOf = new Map<number, number[]>();
  for (let cell = 0; cell < n; cell++) {
    const pl = board[cell];
    if (pl === null || pl === undefined) {
      if (!opts.partial) problems.push({ kind: 'empty', cell });
      continue;
    }
    if (!Number.isInteger(pl.piece) || pl.piece < 0 || pl.piece >= pieces.length) {
      problems.push({ kind: 'bad-piece', cell, piece: pl.piece });
      continue;
    }
    if (!isRotation(pl.rotation)) {
      problems.push({ kind: 'bad-rotation', cell, rotation: pl.rotation });
      continue;
    }
    usable[cell] = true;
    const list = cellsOf.get(pl.piece);
    if (list) list.push(cell);
    else cellsOf.set(pl.piece, [cell]);
  }
  for (const [piece, cells] of [...cellsOf].sort((a, b) => a[0] - b[0])) if (cells.length > 1) problems.push({ kind: 'duplicate', piece, cells });
  if (!opts.partial) for (let p = 0; p < pieces.length; p++) if (!cellsOf.has(p)) problems.push({ kind: 'missing', piece: p });
  for (const cl of inst.clues) {
    const pl = board[cl.cell];
    if (!pl) {
      if (!opts.partial) problems.push({ kind: 'clue', cell: cl.cell, expected: { piece: cl.piece, rotation: cl.rotation }, got: null });
    } else if (pl.piece !== cl.piece || pl.rotation !== cl.rotation) {
      problems.push({ kind: 'clue', cell: cl.cell, expected: { piece: cl.piece, rotation: cl.rotation }, got: { piece: pl.piece, rotation: pl.rotation } });
    }
  }
  let score = 0;
  for (let cell = 0; cell < n; cell++) {
    if (!usable[cell]) continue;
    const pl = board[cell] as Placement;
    const p = pieces[pl.piece];
    for (let d = 0; d < 4; d++) {
      const colour = shownColour(p, pl.rotation, d);
      const j = neighbour(width, height, cell, d);
      if (j < 0) {
        if (colour !== GREY) problems.push({ kind: 'frame', cell, side: d as Side, colour });
        continue;
      }
      if (d >= 2 || !usable[j]) continue; // each joint once: from the cell west or north of it
      const q = board[j] as Placement;
      const other = shownColour(pieces[q.piece], q.rotation, d + 2);
      if (colour === other && colour !== GREY) score++;
      else problems.push({ kind: 'joint', cell, side: d as Side, other: j, colour, otherColour: other });
    }
  }
  return { ok: problems.length === 0, score, maxScore: max, problems };
}

/** Matched joints: touching sides of two filled cells with the same non-grey colour (placements are trusted to be in range). */
export function scoreBoard(inst: Instance, board: Board): number {
  const { width, height, pieces } = inst;
  let score = 0;
  for (let cell = 0; cell < board.length; cell++) {
    const a = board[cell];
    if (!a) continue;
    for (const d of [1, 2]) {
      const j = neighbour(width, height, cell, d);
      const b = j >= 0 ? board[j] : null;
      if (!b) continue;
      const ca = shownColour(pieces[a.piece], a.rotation, d);
      if (ca !== GREY && ca === shownColour(pieces[b.piece], b.rotation, d + 2)) score++;
    }
  }
  return score;
}

/** The board with only the clues placed. */
export function clueBoard(inst: Instance): (Placement | null)[] {
  const b: (Placement | null)[] = new Array(inst.width * inst.height).fill(null);
  for (const c of inst.clues) b[c.cell] = { piece: c.piece, rotation: c.rotation };
  return b;
}
