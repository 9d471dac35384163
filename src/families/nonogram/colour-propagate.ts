/**
 * Line logic on a whole colour nonogram (issue 20): every row and column through the complete colour
 * line solver (colour-line.ts) until nothing changes, each line solved again only when one of its
 * cells changed. The answer is the grid of what each cell may still be, and whether a line had no
 * placement left (no solution) or every cell is settled (then the picture is the one solution line
 * logic allows, and so the only one).
 */
import type { Meter } from '../../core/budget.ts';
import { BACKGROUND, solveColourLine, type ColourClue } from './colour-line.ts';

/** A colour nonogram: its size, how many colours its blocks use (1 to 30), and a clue per row and column. */
export interface ColourNonogram {
  readonly width: number;
  readonly height: number;
  readonly colours: number;
  readonly rows: readonly ColourClue[];
  readonly cols: readonly ColourClue[];
}

/** What line logic made of a colour nonogram: the cell masks (row-major), and how it ended. */
export interface ColourPropagation {
  cells: Uint32Array;
  /** `solved`: every cell one value; `contradiction`: a line fits no placement; `stuck`: neither; `stopped`: the meter ran out. */
  state: 'solved' | 'contradiction' | 'stuck' | 'stopped';
  /** Line solves run. */
  lines: number;
}

/** Every value a cell of this puzzle may take: the background and each colour. */
export const allValues = (colours: number): number => (2 ** (colours + 1) - 1) >>> 0;

const single = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;

/**
 * Line logic to a fixpoint from `start` (default: every cell may be anything). One line solve is one
 * node of `meter` when given (`unit` 'node'), or with `unit` 'work' its work (Meter.work: 4 a cell and
 * 8 a block), for a caller that counts a whole propagation as its node; a spent meter answers
 * `stopped` with the masks so far (still sound).
 */
export function propagateColour(p: ColourNonogram, start?: Uint32Array, meter?: Meter, unit: 'node' | 'work' = 'node'): ColourPropagation {
  const { width: W, height: H } = p;
  const cells = start ? Uint32Array.from(start) : new Uint32Array(W * H).fill(allValues(p.colours));
  // Lines to solve: rows 0..H-1, then columns H..H+W-1.
  const queued = new Uint8Array(H + W).fill(1);
  const queue: number[] = [];
  for (let l = 0; l < H + W; l++) queue.push(l);
  const line = new Uint32Array(Math.max(W, H));
  let lines = 0;
  while (queue.length > 0) {
    const l = queue.shift() as number;
    queued[l] = 0;
    const isRow = l < H;
    const n = isRow ? W : H;
    if (meter && !(unit === 'node' ? meter.tick(1) : meter.work(4 * n + 8 * (isRow ? p.rows[l] : p.cols[l - H]).lengths.length))) {
      return { cells, state: 'stopped', lines };
    }
    const at = (t: number): number => (isRow ? l * W + t : t * W + (l - H));
    for (let t = 0; t < n; t++) line[t] = cells[at(t)];
    lines++;
    const got = solveColourLine(line.subarray(0, n), isRow ? p.rows[l] : p.cols[l - H]);
    if (got === null) return { cells, state: 'contradiction', lines };
    for (let t = 0; t < n; t++) {
      const i = at(t);
      if (got[t] === cells[i]) continue;
      cells[i] = got[t];
      if (got[t] === 0) return { cells, state: 'contradiction', lines };
      // The crossing line sees the change.
      const cross = isRow ? H + t : t;
      if (!queued[cross]) {
        queued[cross] = 1;
        queue.push(cross);
      }
    }
  }
  return { cells, state: cells.every(single) ? 'solved' : 'stuck', lines };
}

/** A settled grid as colours (0 the background), from masks that each hold one value. */
export function pictureOf(cells: Uint32Array): Uint8Array {
  return Uint8Array.from(cells, (m) => (m === BACKGROUND ? 0 : 31 - Math.clz32(m)));
}
