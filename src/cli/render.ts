/** Text renderings of puzzles, grids and verdicts for the terminal and for JSON. */
import type { Verdict } from '../core/verdict.ts';

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

/** Whether to colour terminal output: `always`, `never`, or `auto` (standard output is a terminal and NO_COLOR is unset). */
export function useColor(when: 'auto' | 'always' | 'never' = 'auto'): boolean {
  if (when !== 'auto') return when === 'always';
  return process.stdout.isTTY === true && !process.env.NO_COLOR;
}
