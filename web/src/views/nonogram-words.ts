/** The Nonogram view's words that need no page (the level line's reason), apart so tests read them in Node. */
import type { Grade } from '../../../src/core/family.ts';
import { metricNumber, times } from '../words.ts';

/** What the Nonogram grader's ladder measured, in words: the rung that solved it and what it took there. */
export function nonogramMeasured(metrics: Grade['metrics']): string | null {
  const rung = metricNumber(metrics.rung);
  if (rung === 1) {
    const complex = metricNumber(metrics.complexRounds);
    if (complex === 0) return 'solved by the simple line rules alone';
    if (complex !== undefined) return `solved line by line, ${times(complex, 'step')} needing a closer look at a whole line`;
    return 'solved line by line, no guessing';
  }
  if (rung === 2) {
    const c = metricNumber(metrics.contradictions);
    return `line by line, plus ${c === undefined ? 'some cells' : times(c, 'cell')} settled by trying a cell and finding a contradiction`;
  }
  if (rung === 3) return 'line logic stalls: it needs trial and error to finish';
  return null;
}
