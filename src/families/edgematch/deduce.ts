/**
 * A human-like deduction engine for edge matching, the basis of the grader and the hints. It works on
 * a partial board and the candidates of every empty cell: the unplaced pieces, in the rotations that
 * show grey exactly on the cell's rim sides and, on each side with a placed neighbour, that
 * neighbour's colour. The deductions a person makes by hand:
 * - (a) "only one fits this cell": an empty cell with a single candidate (piece, rotation) left;
 * - (b) "only one place for this piece": an unplaced piece with a single (cell, rotation) left;
 * each placement narrows the neighbours' candidates (propagation);
 * - (c) "nothing fits beside it" (with `neighbourRule`, the default): a candidate is eliminated when, on
 *   some side, no candidate of the empty neighbour there shows the matching colour (an elimination, not
 *   a placement; it is what lets (a) and (b) go on from a few clues).
 * When these stall, a trial: assume
 * one candidate of a cell with the fewest (cells in order, candidates in order), deduce on with (a) and
 * (b); if that runs into a contradiction (a cell with no candidate, a piece with no place) the
 * candidate is eliminated. Trials are what make a puzzle hard by hand; the engine counts them (those
 * that concluded, and all that were tried) and how many placements plain deduction made first.
 *
 * It never guesses: every placement and elimination follows from the rules, so on a puzzle with a
 * unique solution everything it decides agrees with that solution (the tests check it).
 *
 * Candidates are kept as live options (cell, piece, rotation) with counts per cell and per piece and
 * an undo trail, so a trial costs what its propagation touches.
 */
import type { DeductionMeasures } from '../../core/family.ts';
import { clueBoard, framePlacements, neighbour, shownColour } from './puzzle.ts';
import type { Board, Instance, Rotation } from './types.ts';

/** A placement the engine made: by rule (a) `cell`, by rule (b) `piece`, or `given` (clues, the player's board). */
export interface Step {
  kind: 'cell' | 'piece';
  cell: number;
  piece: number;
  rotation: Rotation;
  /** Made after the first trial concluded (then it may rest on trial eliminations). */
  afterTrial: boolean;
}

export interface Refuted {
  cell: number;
  piece: number;
  rotation: Rotation;
}

/** The grader's measures (cells to fill: the non-given ones), and what the engine did. */
export interface Deduction extends DeductionMeasures {
  /** Placements in order. */
  steps: Step[];
  /** Candidates eliminated by trials, in order. */
  refuted: Refuted[];
}

export class Deducer {
  readonly n: number;
  /** Options grouped by cell: cell c owns options cellStart[c] .. cellStart[c+1]-1. */
  private readonly cellStart: Int32Array;
  private readonly optCell: Int32Array;
  private readonly optPiece: Int32Array;
  private readonly optRot: Int32Array;
  /** Colour shown on side d by option o: optCol[4o + d]. */
  private readonly optCol: Int32Array;
  /** Options of piece p: pieceOpts[pieceStart[p] .. pieceStart[p+1]-1]. */
  private readonly pieceStart: Int32Array;
  private readonly pieceOpts: Int32Array;
  private readonly nbr: Int32Array;
  // Mutable state.
  private readonly alive: Uint8Array;
  private readonly cellCount: Int32Array;
  private readonly pieceCount: Int32Array;
  /** Option placed at each cell, -1 empty. */
  readonly placedAt: Int32Array;
  /** Cell of each placed piece, -1 unplaced. */
  private readonly pieceCell: Int32Array;
  private placed = 0;
  /** Undo trail: o ≥ 0 a kill, -(o+1) a placement. */
  private trail: number[] = [];
  private queue: number[] = [];
  private qHead = 0;
  /** Dense colour index of each colour (grey included). */
  private readonly colours: number;
  /** Dense colour index shown on side d by option o: optColIdx[4o + d]. */
  private readonly optColIdx: Int32Array;
  /** Live candidates of cell c showing colour x on side d: sideCount[(4c + d)·colours + x]. */
  private readonly sideCount: Int32Array;
  /** Supports lost, as (4j + d)·colours + x: cell j's candidates showing x on side d have nothing beside them. */
  private lost: number[] = [];
  /** Whether rule (c) runs. */
  readonly neighbourRule: boolean;

  constructor(inst: Instance, opts: { neighbourRule?: boolean } = {}) {
    this.neighbourRule = opts.neighbourRule ?? true;
    const { width, height, pieces } = inst;
    const n = width * height;
    this.n = n;
    const { cell: cs, piece: ps, rotation: rs } = framePlacements(inst);
    const cellStart = new Int32Array(n + 1);
    for (const c of cs) cellStart[c + 1]++;
    for (let c = 0; c < n; c++) cellStart[c + 1] += cellStart[c];
    const m = cs.length;
    this.cellStart = cellStart;
    this.optCell = Int32Array.from(cs);
    this.optPiece = Int32Array.from(ps);
    this.optRot = Int32Array.from(rs);
    this.optCol = new Int32Array(4 * m);
    for (let o = 0; o < m; o++) for (let d = 0; d < 4; d++) this.optCol[4 * o + d] = shownColour(pieces[ps[o]], rs[o], d);
    const pieceStart = new Int32Array(n + 1);
    for (let o = 0; o < m; o++) pieceStart[ps[o] + 1]++;
    for (let p = 0; p < n; p++) pieceStart[p + 1] += pieceStart[p];
    const fill = pieceStart.slice(0, n);
    const pieceOpts = new Int32Array(m);
    for (let o = 0; o < m; o++) pieceOpts[fill[ps[o]]++] = o;
    this.pieceStart = pieceStart;
    this.pieceOpts = pieceOpts;
    this.nbr = new Int32Array(4 * n);
    for (let c = 0; c < n; c++) for (let d = 0; d < 4; d++) this.nbr[4 * c + d] = neighbour(width, height, c, d);
    const dense = new Map<number, number>();
    for (const p of pieces) for (const c of p) if (!dense.has(c)) dense.set(c, dense.size);
    this.colours = dense.size;
    this.optColIdx = Int32Array.from(this.optCol, (c) => dense.get(c)!);
    this.sideCount = new Int32Array(4 * n * this.colours);
    this.alive = new Uint8Array(m);
    this.cellCount = new Int32Array(n);
    this.pieceCount = new Int32Array(n);
    this.placedAt = new Int32Array(n);
    this.pieceCell = new Int32Array(n);
    this.clear();
  }

  /** The empty board: every option alive. */
  private clear(): void {
    this.alive.fill(1);
    this.sideCount.fill(0);
    for (let o = 0; o < this.alive.length; o++)
      for (let d = 0; d < 4; d++) this.sideCount[(4 * this.optCell[o] + d) * this.colours + this.optColIdx[4 * o + d]]++;
    this.lost = [];
    for (let c = 0; c < this.n; c++) this.cellCount[c] = this.cellStart[c + 1] - this.cellStart[c];
    for (let p = 0; p < this.n; p++) this.pieceCount[p] = this.pieceStart[p + 1] - this.pieceStart[p];
    this.placedAt.fill(-1);
    this.pieceCell.fill(-1);
    this.placed = 0;
    this.trail = [];
    this.queue = [];
    this.qHead = 0;
  }

  /** Option (cell, piece, rotation) as a placement record. */
  option(o: number): Refuted {
    return { cell: this.optCell[o], piece: this.optPiece[o], rotation: this.optRot[o] as Rotation };
  }

  /** The option placing `piece` turned `rotation` at `cell`, or -1 if it does not fit the frame there. */
  optionOf(cell: number, piece: number, rotation: number): number {
    for (let o = this.cellStart[cell]; o < this.cellStart[cell + 1]; o++) if (this.optPiece[o] === piece && this.optRot[o] === rotation) return o;
    return -1;
  }

  get placedCount(): number {
    return this.placed;
  }

  /** Live candidates of a cell (empty list once placed). */
  cellCandidates(cell: number): number[] {
    if (this.placedAt[cell] >= 0) return [];
    const out: number[] = [];
    for (let o = this.cellStart[cell]; o < this.cellStart[cell + 1]; o++) if (this.alive[o]) out.push(o);
    return out;
  }

  /** Live places of a piece (empty list once placed). */
  pieceCandidates(piece: number): number[] {
    if (this.pieceCell[piece] >= 0) return [];
    const out: number[] = [];
    for (let k = this.pieceStart[piece]; k < this.pieceStart[piece + 1]; k++) if (this.alive[this.pieceOpts[k]]) out.push(this.pieceOpts[k]);
    return out;
  }

  private kill(o: number): void {
    if (!this.alive[o]) return;
    this.alive[o] = 0;
    this.trail.push(o);
    const c = this.optCell[o];
    const p = this.optPiece[o];
    if (--this.cellCount[c] <= 1 && this.placedAt[c] < 0) this.queue.push(c);
    if (--this.pieceCount[p] <= 1 && this.pieceCell[p] < 0) this.queue.push(this.n + p);
    if (!this.neighbourRule) return;
    for (let d = 0; d < 4; d++) {
      const j = this.nbr[4 * c + d];
      if (j < 0) continue;
      const x = this.optColIdx[4 * o + d];
      // Cell j's candidates showing x on the side facing c lose their last support.
      if (--this.sideCount[(4 * c + d) * this.colours + x] === 0 && this.placedAt[j] < 0) this.lost.push((4 * j + ((d + 2) & 3)) * this.colours + x);
    }
  }

  /** Rule (c): kills the candidates whose support was lost. */
  private dropUnsupported(code: number): void {
    const x = code % this.colours;
    const cs = (code - x) / this.colours;
    const j = cs >> 2;
    const d = cs & 3;
    if (this.placedAt[j] >= 0) return;
    for (let q = this.cellStart[j]; q < this.cellStart[j + 1]; q++) if (this.alive[q] && this.optColIdx[4 * q + d] === x) this.kill(q);
  }

  /** Eliminates a candidate for good (a trial's conclusion); queues what it may force. */
  eliminate(o: number): void {
    this.kill(o);
  }

  /**
   * Places option o and narrows the neighbours. False when it cannot stand: its cell or piece is
   * taken, it is no longer a candidate, or a placed neighbour shows another colour.
   */
  place(o: number): boolean {
    const c = this.optCell[o];
    const p = this.optPiece[o];
    if (this.placedAt[c] >= 0 || this.pieceCell[p] >= 0 || !this.alive[o]) return false;
    this.placedAt[c] = o;
    this.pieceCell[p] = c;
    this.placed++;
    this.trail.push(-(o + 1));
    for (let q = this.cellStart[c]; q < this.cellStart[c + 1]; q++) if (q !== o) this.kill(q);
    for (let k = this.pieceStart[p]; k < this.pieceStart[p + 1]; k++) if (this.pieceOpts[k] !== o) this.kill(this.pieceOpts[k]);
    for (let d = 0; d < 4; d++) {
      const j = this.nbr[4 * c + d];
      if (j < 0) continue;
      const colour = this.optCol[4 * o + d];
      const back = (d + 2) & 3;
      const pj = this.placedAt[j];
      if (pj >= 0) {
        if (this.optCol[4 * pj + back] !== colour) return false;
        continue;
      }
      for (let q = this.cellStart[j]; q < this.cellStart[j + 1]; q++) if (this.alive[q] && this.optCol[4 * q + back] !== colour) this.kill(q);
    }
    return true;
  }

  /** Undoes everything after trail position `mark`. */
  private undo(mark: number): void {
    while (this.trail.length > mark) {
      const t = this.trail.pop()!;
      if (t >= 0) {
        this.alive[t] = 1;
        const c = this.optCell[t];
        this.cellCount[c]++;
        this.pieceCount[this.optPiece[t]]++;
        if (this.neighbourRule)
          for (let d = 0; d < 4; d++) if (this.nbr[4 * c + d] >= 0) this.sideCount[(4 * c + d) * this.colours + this.optColIdx[4 * t + d]]++;
      } else {
        const o = -t - 1;
        this.placedAt[this.optCell[o]] = -1;
        this.pieceCell[this.optPiece[o]] = -1;
        this.placed--;
      }
    }
    this.queue = [];
    this.qHead = 0;
    this.lost = [];
  }

  private firstAlive(from: number, to: number, list?: Int32Array): number {
    for (let k = from; k < to; k++) {
      const o = list ? list[k] : k;
      if (this.alive[o]) return o;
    }
    return -1;
  }

  /**
   * Applies rules (a) and (b) until nothing more follows; false on a contradiction. Placements are
   * reported to `onStep`.
   */
  propagate(onStep?: (kind: 'cell' | 'piece', o: number) => void): boolean {
    for (;;) {
      if (this.lost.length > 0) {
        this.dropUnsupported(this.lost.pop()!);
        continue;
      }
      if (this.qHead >= this.queue.length) break;
      const x = this.queue[this.qHead++];
      if (x < this.n) {
        if (this.placedAt[x] >= 0) continue;
        if (this.cellCount[x] === 0) return this.fail();
        if (this.cellCount[x] !== 1) continue;
        const o = this.firstAlive(this.cellStart[x], this.cellStart[x + 1]);
        if (!this.place(o)) return this.fail();
        onStep?.('cell', o);
      } else {
        const p = x - this.n;
        if (this.pieceCell[p] >= 0) continue;
        if (this.pieceCount[p] === 0) return this.fail();
        if (this.pieceCount[p] !== 1) continue;
        const o = this.firstAlive(this.pieceStart[p], this.pieceStart[p + 1], this.pieceOpts);
        if (!this.place(o)) return this.fail();
        onStep?.('piece', o);
      }
    }
    this.queue = [];
    this.qHead = 0;
    return true;
  }

  private fail(): boolean {
    this.queue = [];
    this.qHead = 0;
    this.lost = [];
    return false;
  }

  /**
   * Starts from a board (clues, or a player's placements): clears, places every placement, and queues
   * every cell and piece. False when the board breaks the rules (a piece twice, a mismatch, a piece
   * against the frame), or when it leaves a cell or piece without candidates. Does not propagate.
   */
  load(board: Board): boolean {
    this.clear();
    let ok = true;
    for (let c = 0; c < this.n && ok; c++) {
      const pl = board[c];
      if (!pl) continue;
      const o = this.optionOf(c, pl.piece, pl.rotation);
      ok = o >= 0 && this.place(o);
    }
    this.trail = [];
    for (let c = 0; c < this.n; c++) this.queue.push(c);
    for (let p = 0; p < this.n; p++) this.queue.push(this.n + p);
    if (!ok) return false;
    for (let c = 0; c < this.n; c++) if (this.placedAt[c] < 0 && this.cellCount[c] === 0) return false;
    for (let p = 0; p < this.n; p++) if (this.pieceCell[p] < 0 && this.pieceCount[p] === 0) return false;
    return true;
  }

  /**
   * Applies rule (c) alone (eliminations, no placement) until nothing more follows; false when a cell
   * or a piece is left without candidates. For hints: what a player sees before placing anything.
   */
  narrow(): boolean {
    while (this.lost.length > 0) this.dropUnsupported(this.lost.pop()!);
    this.queue = [];
    this.qHead = 0;
    for (let c = 0; c < this.n; c++) if (this.placedAt[c] < 0 && this.cellCount[c] === 0) return false;
    for (let p = 0; p < this.n; p++) if (this.pieceCell[p] < 0 && this.pieceCount[p] === 0) return false;
    return true;
  }

  /** Cell singles and piece singles of the current state, without placing them (for hints). */
  singles(): { kind: 'cell' | 'piece'; option: number }[] {
    const out: { kind: 'cell' | 'piece'; option: number }[] = [];
    for (let c = 0; c < this.n; c++)
      if (this.placedAt[c] < 0 && this.cellCount[c] === 1) out.push({ kind: 'cell', option: this.firstAlive(this.cellStart[c], this.cellStart[c + 1]) });
    for (let p = 0; p < this.n; p++)
      if (this.pieceCell[p] < 0 && this.pieceCount[p] === 1)
        out.push({ kind: 'piece', option: this.firstAlive(this.pieceStart[p], this.pieceStart[p + 1], this.pieceOpts) });
    return out;
  }

  /** Empty cells, fewest candidates first (ties by cell). */
  private trialCells(): number[] {
    const cells: number[] = [];
    for (let c = 0; c < this.n; c++) if (this.placedAt[c] < 0) cells.push(c);
    return cells.sort((a, b) => this.cellCount[a] - this.cellCount[b] || a - b);
  }

  /**
   * Looks for one trial that concludes: assumes candidates in order (cells with the fewest first) and
   * deduces on; the first that runs into a contradiction is returned (not yet eliminated), or -1 when
   * none does within `maxTries` tries, or `stop` (asked before each try) says so. `tried` counts the tries.
   */
  findTrial(maxTries: number, tried: { n: number }, stop: () => boolean = () => false): number {
    for (const c of this.trialCells()) {
      for (let o = this.cellStart[c]; o < this.cellStart[c + 1]; o++) {
        if (!this.alive[o]) continue;
        if (tried.n >= maxTries || stop()) return -1;
        tried.n++;
        const mark = this.trail.length;
        const ok = this.place(o) && this.propagate();
        this.undo(mark);
        if (!ok) return o;
      }
    }
    return -1;
  }

  /**
   * Solves from `start` (default: the clues) by deduction, then trials when it stalls, up to
   * `maxTrialsTried` tries in all. Throws if a deduction contradicts (the puzzle had no solution).
   */
  run(inst: Instance, maxTrialsTried: number, start?: Board): Deduction {
    const board = start ?? clueBoard(inst);
    if (!this.load(board)) throw new Error('edgematch deducer: the starting board contradicts the rules');
    const given = this.placed;
    const toFill = this.n - given;
    const steps: Step[] = [];
    const refuted: Refuted[] = [];
    let afterTrial = false;
    const record = (kind: 'cell' | 'piece', o: number): void => {
      steps.push({ kind, ...this.option(o), afterTrial });
    };
    if (!this.propagate(record)) throw new Error('edgematch deducer: contradiction without trials (no solution)');
    const basic = this.placed - given;
    const tried = { n: 0 };
    let stalls = 0;
    let trials = 0;
    while (this.placed < this.n) {
      stalls++;
      const o = this.findTrial(maxTrialsTried, tried);
      if (o < 0) break;
      trials++;
      afterTrial = true;
      refuted.push(this.option(o));
      this.eliminate(o);
      if (!this.propagate(record)) throw new Error('edgematch deducer: contradiction after a trial (no solution)');
    }
    const pct = (k: number): number => (toFill === 0 ? 100 : Math.floor((100 * k) / toFill));
    return {
      solved: this.placed === this.n,
      basicShare: pct(basic),
      trials,
      trialsTried: tried.n,
      stalls,
      decidedShare: pct(this.placed - given),
      steps,
      refuted,
    };
  }

  /** The current board. */
  board(): Board {
    return Array.from(this.placedAt, (o) => (o < 0 ? null : { piece: this.optPiece[o], rotation: this.optRot[o] as Rotation }));
  }
}
