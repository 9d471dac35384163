/**
 * An edge-matching instance as CNF, for real SAT solvers (the conflict-driven paradigm; the witness
 * `src/witness/edgematch-sat.ts` drives it). After the encoding Heule describes for Eternity II:
 * placement variables and "diamond" variables, one per joint and colour, with redundant clauses that
 * help the solver; the code and this text are our own.
 *
 * Placements. A placement is a triple (cell, piece, rotation) that fits the frame: the turned piece
 * shows grey exactly on the cell's rim sides (so corner pieces go to corners and edge pieces to edges,
 * each in the one rotation that turns its grey outward; interior pieces go inside in any of 4
 * rotations). Clues do not shape the variables; they are unit clauses, so one CNF serves an instance
 * with and without its clues.
 *
 * Joints are the interior joints of `xcc-model.ts`'s `jointIndex` (the touching sides of two cells,
 * numbered in row-major order of the cell west or north of it, its E joint first). A joint's colour
 * domain is what both of its cells can show on it: the colours some placement of the west/north cell
 * shows on its E/S side, intersected with those some placement of the other cell shows on its W/N
 * side. With separate palettes that is the border palette on border joints and the interior palette
 * on the others. Rim sides need no variable: the placements show grey there by construction.
 *
 * Variable layout (DIMACS numbering, 1-based, in this order):
 * 1. x: one per placement, in order cell, piece, rotation (the order of the XCC model's options);
 * 2. y: one per (cell, piece) pair with two or more placements (interior pairs), "piece p is at cell
 *    i in some rotation"; a pair with one placement (rim pairs) uses that placement's x variable;
 * 3. d: one per joint and colour of its domain, joints in `jointIndex` order, colours ascending;
 * 4. auxiliaries of the at-most-one constraints over more than `PAIRWISE_MAX` literals (Sinz's
 *    sequential counter, n − 1 per constraint of n literals), cells' constraints first, then pieces'.
 *
 * Clause families (`families` counts each):
 * - `pair-def`: y ↔ (x at rotation 0 ∨ .. ∨ x at rotation 3): x → y, and y → some x;
 * - `rotation-amo`: two rotations of one piece at one cell exclude each other (only for pieces that
 *   show the same colours in two rotations; for the others the diamonds already forbid it);
 * - `cell-alo`, `cell-amo`: every cell holds exactly one piece (over y);
 * - `piece-alo`, `piece-amo`: every piece is at exactly one cell (over y);
 * - `diamond`: a placement implies the colour of each of its joints: x → d[j][c] (binary);
 *   a placement showing a colour outside the joint's domain is excluded by a unit clause;
 * - `joint-amo`: a joint shows at most one colour (pairwise);
 * - `joint-alo` (redundant): a joint shows some colour;
 * - `support` (redundant): a colour at a joint is shown by a placement on each side of it:
 *   d[j][c] → ∨ (placements of the west/north cell showing c on j), and likewise for the other cell;
 * - `clue`: a clue's placement, as a unit clause.
 * The redundant families may be switched off (`redundant: false`) for comparison; the models are the
 * same either way.
 *
 * Solutions are boards (piece and rotation per cell), as the other solvers count them: a model
 * decodes to a board from its true x variables, and the clause blocking a board is the negation of its
 * n placements (any other board differs in at least one). Auxiliary variables are not blocked, so
 * every distinct board is counted once.
 */
import { toDimacs } from '../../core/sat.ts';
import { makeEdgematchId } from './formats/index.ts';
import { framePlacements, jointSlot, shownColour } from './puzzle.ts';
import { isRotation, type Board, type Instance, type Placement, type Rotation } from './types.ts';
import { jointIndex } from './xcc-model.ts';

/** At-most-one constraints over at most this many literals are written pairwise, longer ones as a sequential counter. */
export const PAIRWISE_MAX = 6;

export const CLAUSE_FAMILIES = [
  'pair-def',
  'rotation-amo',
  'cell-alo',
  'cell-amo',
  'piece-alo',
  'piece-amo',
  'diamond',
  'joint-amo',
  'joint-alo',
  'support',
  'clue',
] as const;
export type ClauseFamily = (typeof CLAUSE_FAMILIES)[number];

export interface EdgematchCnfOptions {
  /** Add the redundant families `joint-alo` and `support` (default true). */
  redundant?: boolean;
}

export interface EdgematchCnf {
  numVars: number;
  clauses: number[][];
  /** Placement k (variable k + 1) puts piece `piece[k]` at cell `cell[k]` turned `rotation[k]`. */
  cell: Int32Array;
  piece: Int32Array;
  rotation: Int32Array;
  /** Sizes of the variable blocks (x, y, d, aux: see the header). */
  layout: { placements: number; pairs: number; diamonds: number; auxiliaries: number };
  /** Clauses per family. */
  families: Record<ClauseFamily, number>;
  /** The variable of a placement, or 0 when the frame does not allow it. */
  varOf(cell: number, piece: number, rotation: number): number;
  /** The board a model shows (model: literals, or just the true variables). Throws on a cell with two placements. */
  decode(model: readonly number[]): Board;
  /** The clause excluding exactly this board. Throws on an empty cell or a placement without variable. */
  block(board: Board): number[];
  /**
   * The clause excluding every board showing this board's colouring: some joint shows another colour
   * (the negation of its diamonds; the rim is grey on every board). Throws on an empty cell.
   */
  blockColouring(board: Board): number[];
}

/** Builds the CNF of an instance (see the header for the variables and clauses). */
export function edgematchCnf(inst: Instance, opts: EdgematchCnfOptions = {}): EdgematchCnf {
  const redundant = opts.redundant ?? true;
  const { width, height, pieces } = inst;
  const n = width * height;

  // 1. Placements (frame only), grouped by (cell, piece).
  const { cell: cells, piece: ps, rotation: rs } = framePlacements(inst);
  const pairStart: number[] = []; // first placement of each (cell, piece) pair with any placement
  const byCell: number[][] = Array.from({ length: n }, () => []); // pair indices per cell
  const byPiece: number[][] = Array.from({ length: n }, () => []); // pair indices per piece
  const varKey = new Map<number, number>(); // (cell·n + piece)·4 + rotation → variable
  for (let k = 0; k < cells.length; k++) {
    varKey.set((cells[k] * n + ps[k]) * 4 + rs[k], k + 1);
    if (k > 0 && cells[k - 1] === cells[k] && ps[k - 1] === ps[k]) continue;
    byCell[cells[k]].push(pairStart.length);
    byPiece[ps[k]].push(pairStart.length);
    pairStart.push(k);
  }
  const placements = cells.length;
  const pairCount = pairStart.length;
  const pairEnd = (k: number): number => (k + 1 < pairCount ? pairStart[k + 1] : placements);

  // 2. Pair variables.
  let next = placements + 1;
  const pairVar = new Int32Array(pairCount);
  for (let k = 0; k < pairCount; k++) pairVar[k] = pairEnd(k) - pairStart[k] > 1 ? next++ : pairStart[k] + 1;
  const pairs = next - 1 - placements;

  // 3. Diamonds: per joint, the colour domain and the variable of each colour.
  const { joint, joints } = jointIndex(width, height);
  // The joint on side d of cell c, or -1 on the rim.
  const jointAt = (c: number, d: number): number => {
    const slot = jointSlot(width, height, c, d);
    return slot < 0 ? -1 : joint[slot];
  };
  // Colours shown on each joint from its west/north side (0) and from its east/south side (1).
  const shows: [Set<number>, Set<number>][] = Array.from({ length: joints }, () => [new Set<number>(), new Set<number>()]);
  for (let k = 0; k < placements; k++) {
    for (let d = 0; d < 4; d++) {
      const j = jointAt(cells[k], d);
      if (j >= 0) shows[j][d === 1 || d === 2 ? 0 : 1].add(shownColour(pieces[ps[k]], rs[k], d));
    }
  }
  const domain: number[][] = shows.map(([a, b]) => [...a].filter((c) => b.has(c)).sort((x, y) => x - y));
  const diamondVar: Map<number, number>[] = domain.map((cs) => new Map(cs.map((c) => [c, next++])));
  const diamonds = next - 1 - placements - pairs;

  const clauses: number[][] = [];
  const families = Object.fromEntries(CLAUSE_FAMILIES.map((f) => [f, 0])) as Record<ClauseFamily, number>;
  const emit = (f: ClauseFamily, cl: number[]): void => {
    clauses.push(cl);
    families[f]++;
  };
  const auxStart = next;
  const atMostOne = (f: ClauseFamily, lits: readonly number[]): void => {
    const m = lits.length;
    if (m <= 1) return;
    if (m <= PAIRWISE_MAX) {
      for (let a = 0; a < m; a++) for (let b = a + 1; b < m; b++) emit(f, [-lits[a], -lits[b]]);
      return;
    }
    // Sequential counter: s_i = "some of lits[0..i] is true", i = 0 .. m−2.
    const s = next;
    next += m - 1;
    emit(f, [-lits[0], s]);
    for (let i = 1; i < m - 1; i++) {
      emit(f, [-lits[i], s + i]);
      emit(f, [-(s + i - 1), s + i]);
      emit(f, [-lits[i], -(s + i - 1)]);
    }
    emit(f, [-lits[m - 1], -(s + m - 2)]);
  };

  // Pair definitions and rotations.
  for (let k = 0; k < pairCount; k++) {
    const a = pairStart[k];
    const b = pairEnd(k);
    if (b - a < 2) continue;
    const y = pairVar[k];
    const xs: number[] = [];
    for (let t = a; t < b; t++) {
      emit('pair-def', [-(t + 1), y]);
      xs.push(t + 1);
    }
    emit('pair-def', [-y, ...xs]);
    const p = pieces[ps[a]];
    for (let t = a; t < b; t++) {
      for (let u = t + 1; u < b; u++) {
        let same = true;
        for (let d = 0; d < 4 && same; d++) same = shownColour(p, rs[t], d) === shownColour(p, rs[u], d);
        if (same) emit('rotation-amo', [-(t + 1), -(u + 1)]);
      }
    }
  }

  // Cells and pieces: exactly one.
  for (let c = 0; c < n; c++) {
    const ys = byCell[c].map((k) => pairVar[k]);
    emit('cell-alo', ys);
    atMostOne('cell-amo', ys);
  }
  for (let p = 0; p < n; p++) {
    const ys = byPiece[p].map((k) => pairVar[k]);
    emit('piece-alo', ys);
    atMostOne('piece-amo', ys);
  }

  // Placements imply their diamonds; supports gathered on the way.
  const support: Map<number, number[]>[][] = Array.from({ length: joints }, () => [new Map(), new Map()]);
  for (let k = 0; k < placements; k++) {
    for (let d = 0; d < 4; d++) {
      const j = jointAt(cells[k], d);
      if (j < 0) continue;
      const colour = shownColour(pieces[ps[k]], rs[k], d);
      const v = diamondVar[j].get(colour);
      if (v === undefined) {
        emit('diamond', [-(k + 1)]);
        continue;
      }
      emit('diamond', [-(k + 1), v]);
      const side = support[j][d === 1 || d === 2 ? 0 : 1];
      const list = side.get(colour);
      if (list) list.push(k + 1);
      else side.set(colour, [k + 1]);
    }
  }
  for (let j = 0; j < joints; j++) {
    const vs = domain[j].map((c) => diamondVar[j].get(c) as number);
    for (let a = 0; a < vs.length; a++) for (let b = a + 1; b < vs.length; b++) emit('joint-amo', [-vs[a], -vs[b]]);
    if (!redundant) continue;
    emit('joint-alo', vs);
    for (const side of support[j]) {
      for (const c of domain[j]) emit('support', [-(diamondVar[j].get(c) as number), ...(side.get(c) ?? [])]);
    }
  }

  // Clues.
  for (const cl of inst.clues) {
    const v = varKey.get((cl.cell * n + cl.piece) * 4 + cl.rotation);
    emit('clue', v === undefined ? [] : [v]);
  }

  const cell = Int32Array.from(cells);
  const piece = Int32Array.from(ps);
  const rotation = Int32Array.from(rs);
  const varOf = (c: number, p: number, r: number): number => varKey.get((c * n + p) * 4 + r) ?? 0;
  return {
    numVars: next - 1,
    clauses,
    cell,
    piece,
    rotation,
    layout: { placements, pairs, diamonds, auxiliaries: next - auxStart },
    families,
    varOf,
    decode(model) {
      const board: (Placement | null)[] = new Array(n).fill(null);
      for (const lit of model) {
        if (lit <= 0 || lit > placements) continue;
        const k = lit - 1;
        if (board[cell[k]] !== null) throw new Error(`edgematch cnf: model places two pieces at cell ${cell[k]} (encoding bug)`);
        const r = rotation[k];
        if (!isRotation(r)) throw new Error('edgematch cnf: bad rotation (bug)');
        board[cell[k]] = { piece: piece[k], rotation: r as Rotation };
      }
      return board;
    },
    block(board) {
      if (board.length !== n) throw new Error(`edgematch cnf: a board of ${board.length} cells, the instance has ${n}`);
      return board.map((pl, c) => {
        const v = pl ? varOf(c, pl.piece, pl.rotation) : 0;
        if (v === 0)
          throw new Error(`edgematch cnf: cell ${c} has no placement variable for ${pl ? `piece ${pl.piece} turned ${pl.rotation}` : 'an empty cell'}`);
        return -v;
      });
    },
    blockColouring(board) {
      if (board.length !== n) throw new Error(`edgematch cnf: a board of ${board.length} cells, the instance has ${n}`);
      const out: number[] = [];
      board.forEach((pl, c) => {
        if (pl === null) throw new Error(`edgematch cnf: cell ${c} is empty`);
        for (const d of [1, 2]) {
          const j = jointAt(c, d);
          if (j < 0) continue;
          const v = diamondVar[j].get(shownColour(pieces[pl.piece], pl.rotation, d));
          if (v === undefined) throw new Error(`edgematch cnf: joint ${j} has no diamond for the colour cell ${c} shows`);
          out.push(-v);
        }
      });
      return out;
    },
  };
}

/** A name for the instance in comment lines: its size, pieces, clues and descriptive id. */
export function cnfComment(inst: Instance, cnf: EdgematchCnf): string[] {
  const { placements, pairs, diamonds, auxiliaries } = cnf.layout;
  return [
    `proofgrid edgematch ${inst.width}x${inst.height}: ${inst.pieces.length} pieces, ${inst.clues.length} clues`,
    `id ${makeEdgematchId(inst)}`,
    `variables: placements 1..${placements} (cell, piece, rotation), pairs ${placements + 1}..${placements + pairs}, diamonds ${placements + pairs + 1}..${placements + pairs + diamonds}, auxiliaries ${auxiliaries}`,
    `clauses: ${CLAUSE_FAMILIES.filter((f) => cnf.families[f] > 0)
      .map((f) => `${f} ${cnf.families[f]}`)
      .join(', ')}`,
  ];
}

/** DIMACS text of the instance's CNF, with comment lines naming the instance and the variable layout. */
export function makeDimacs(inst: Instance, opts: EdgematchCnfOptions = {}): string {
  const cnf = edgematchCnf(inst, opts);
  return toDimacs(cnf, cnfComment(inst, cnf));
}
