/**
 * The clue cues of a colour nonogram's board (issue 20), as clue-state.ts gives them for black and
 * white: a clue is `red` when the marks in its line fit no placement of its colour clue (colour line
 * logic on the marks alone), `done` when the line's fills spell it, colour for colour.
 */
import { colourClueAt, type ColourPuzzle } from './colour.ts';
import { solveColourLine } from './colour-line.ts';
import { masksOfMarks } from './colour-hint.ts';
import { lineSatisfied, type NonogramState } from './play.ts';

export interface ColourClueState {
  red: boolean;
  done: boolean;
}

/** The cues of line `index` of `kind` on this board. */
export function colourClueState(p: ColourPuzzle, s: NonogramState, kind: 'row' | 'col', index: number): ColourClueState {
  const n = kind === 'row' ? p.width : p.height;
  const line = new Array<number>(n);
  for (let k = 0; k < n; k++) line[k] = s.marks[kind === 'row' ? index * p.width + k : k * p.width + index];
  const red = solveColourLine(masksOfMarks(p, line), colourClueAt(p, kind === 'row' ? 'row' : 'column', index)) === null;
  return { red, done: !red && lineSatisfied(p, s, kind, index) };
}
