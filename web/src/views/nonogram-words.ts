/** The Nonogram view's words that need no page (the level line's reason, hints), apart so tests read them in Node. */
import type { Grade } from '../../../src/core/family.ts';
import type { NonogramSays } from '../../../src/families/nonogram/says.ts';
import type { HintWords } from '../words-engine.ts';
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

/** A Nonogram hint's `says` in the player's language: its technique's name and its sentence. */
export function nonogramHintWords(says: NonogramSays): HintWords {
  const n = W.engine.nonogram;
  const technique = n.techniques[says.key];
  if (says.key === 'contradiction') return { technique, text: n.contradiction(W.engine.cell(says.row + 1, says.col + 1), says.tried === 'filled') };
  if (says.key === 'colour contradiction') return { technique, text: n.colourContradiction(W.engine.cell(says.row + 1, says.col + 1), says.colour ?? null) };
  const line = n.line(says.line.kind, says.line.index + 1);
  const clue = 'colours' in says && says.colours ? n.colourClue(says.clue, says.colours) : n.clue(says.clue);
  switch (says.key) {
    case 'mistake':
      return { technique, text: n.mistake(line, clue) };
    case 'colour completion':
      return { technique, text: n.completion(line, clue) };
    case 'colour overlap':
      return { technique, text: n.colourOverlap(line, clue, says.clue[says.block] ?? 0, says.colours[says.block] ?? '', says.from + 1, says.to + 1) };
    case 'colour line logic':
      return { technique, text: n.colourLineLogic(line, clue, says.colour ?? null, says.cell + 1, says.more) };
    case 'completion':
      return { technique, text: n.completion(line, clue) };
    case 'overlap':
      return { technique, text: n.overlap(line, clue, says.clue[says.block] ?? 0, says.from + 1, says.to + 1) };
    case 'unreachable':
      return {
        technique,
        text: n.unreachable(
          line,
          clue,
          says.cells.map((c) => c + 1),
        ),
      };
    case 'line logic':
      return { technique, text: n.lineLogic(line, clue, says.value === 'filled', says.cell + 1, says.more) };
  }
}
