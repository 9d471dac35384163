/** Text renderings of puzzles, grids and verdicts for the terminal and for JSON. */
import type { Verdict } from '../core/verdict.ts';
import { gridToText, type Nonogram } from '../families/nonogram/index.ts';

/** A 0/1 grid as rows of `#` and `.`. */
export function gridRows(grid: ArrayLike<number>, width: number, height: number): string[] {
  return gridToText(grid, width, height).split('\n');
}

const round = (ms: number): number => Math.round(ms * 10) / 10;

/** A verdict as JSON-ready data, solutions turned into data by `rows` (arrays of `#`/`.` rows for Nonograms). */
export function verdictJson<S>(v: Verdict<S>, rows: (s: S) => unknown): Record<string, unknown> {
  const base = { kind: v.kind, stop: v.stop, stats: { nodes: v.stats.nodes, ms: round(v.stats.ms) } };
  switch (v.kind) {
    case 'unique':
      return { ...base, solution: rows(v.solution) };
    case 'multiple':
      return { ...base, solutions: v.solutions.map(rows) };
    case 'inconclusive':
      return { ...base, found: v.found.map(rows) };
    case 'none':
      return base;
  }
}

/** `unique (completed, 12 nodes, 0.4 ms)` and the like. */
export function verdictLine(v: Verdict<unknown>, limit: number): string {
  const stats = `${v.stop}, ${v.stats.nodes} nodes, ${round(v.stats.ms)} ms`;
  switch (v.kind) {
    case 'unique':
      return `unique (${stats})`;
    case 'none':
      return `none (${stats})`;
    case 'multiple': {
      const n = v.solutions.length;
      const count = n >= limit ? `at least ${n} solutions` : `exactly ${n} solutions`;
      return `multiple: ${count} (${stats})`;
    }
    case 'inconclusive':
      return `inconclusive (${stats}; ${v.found.length} solution${v.found.length === 1 ? '' : 's'} found before stopping)`;
  }
}

/** ANSI colour codes (`ESC[...m`). */
const ANSI = /\x1b\[[0-9;]*m/g;

/** How many columns a line takes on a terminal: its length without ANSI colour codes. */
export function visibleLength(line: string): number {
  return line.replace(ANSI, '').length;
}

/**
 * Grids side by side, separated by a few spaces (for witnesses). Each grid's column is as wide as its
 * widest line as seen on a terminal (colour codes take no room), so coloured and ragged grids align.
 */
export function sideBySide(grids: string[][], gap = '   '): string[] {
  if (grids.length === 0) return [];
  const h = Math.max(...grids.map((g) => g.length));
  const widths = grids.map((g) => Math.max(0, ...g.map(visibleLength)));
  const out: string[] = [];
  for (let r = 0; r < h; r++) {
    const cells = grids.map((g, k) => {
      const line = g[r] ?? '';
      return line + ' '.repeat(widths[k] - visibleLength(line));
    });
    out.push(cells.join(gap).trimEnd());
  }
  return out;
}

/**
 * The puzzle as a picture: column clues stacked above, row clues to the left, and the grid (the
 * solution's `#`/`.` cells, or blanks).
 */
export function cluePicture(p: Nonogram, grid?: ArrayLike<number>): string {
  const cell = Math.max(2, ...p.rows.flat().map((n) => String(n).length + 1), ...p.cols.flat().map((n) => String(n).length + 1));
  const rowClues = p.rows.map((r) => (r.length === 0 ? '0' : r.join(' ')));
  const left = Math.max(...rowClues.map((s) => s.length));
  const depth = Math.max(1, ...p.cols.map((c) => c.length));
  const lines: string[] = [];
  for (let k = 0; k < depth; k++) {
    let s = ' '.repeat(left + 2);
    for (const c of p.cols) {
      const clue = c.length === 0 ? [0] : c;
      const i = k - (depth - clue.length);
      s += (i >= 0 ? String(clue[i]) : '').padStart(cell);
    }
    lines.push(s.trimEnd());
  }
  lines.push(`${' '.repeat(left + 1)}+${'-'.repeat(cell * p.width + 1)}`);
  for (let r = 0; r < p.height; r++) {
    let s = `${rowClues[r].padStart(left)} |`;
    for (let c = 0; c < p.width; c++) {
      const v = grid ? grid[r * p.width + c] : undefined;
      s += (v === 1 ? '#' : v === 0 ? '.' : ' ').padStart(cell);
    }
    lines.push(s.trimEnd());
  }
  return lines.join('\n');
}

/** Whether to colour terminal output: `always`, `never`, or `auto` (standard output is a terminal and NO_COLOR is unset). */
export function useColor(when: 'auto' | 'always' | 'never' = 'auto'): boolean {
  if (when !== 'auto') return when === 'always';
  return process.stdout.isTTY === true && !process.env.NO_COLOR;
}
