/** The Nonogram view's words that need no page (the level line's reason), apart so tests read them in Node. */
import type { Grade } from '../../../src/core/family.ts';
import { metricNumber, W } from '../words.ts';

/** What the Nonogram grader's ladder measured, in words: the rung that solved it and what it took there. */
export function nonogramMeasured(metrics: Grade['metrics']): string | null {
  const n = W.nonogram;
  const rung = metricNumber(metrics.rung);
  if (rung === 1) {
    const complex = metricNumber(metrics.complexRounds);
    if (complex === 0) return n.simple;
    if (complex !== undefined) return n.complex(complex);
    return n.lineByLine;
  }
  if (rung === 2) return n.contradictions(metricNumber(metrics.contradictions));
  if (rung === 3) return n.stalls;
  return null;
}
