/**
 * The Nonogram family: the rules, formats, solvers, grader, hints, generator and play rules behind
 * the one `PuzzleFamily` interface the CLI, the runner and the player use.
 *
 * The folder's layout, the same file names for the same roles in every family (README, Layout):
 *   index.ts       this object and the entry's public names
 *   types.ts       the puzzle, solution and cell types
 *   puzzle.ts      the rules: the validating constructor, verify, problem descriptions
 *   formats/       file formats; formats/index.ts: names, detection, dispatch, ids, id lists, solutions;
 *                  one file per format beside it (non.ts, xml.ts, nin.ts, taai.ts, tatham.ts, id.ts ...)
 *   solver.ts      count and find, the entry this object uses (portfolio.ts's branching, then clause learning)
 *   grader.ts      grade, on ladder.ts (the ladder, score and assessment);  hint.ts, focus.ts: hint and
 *                  its focus;  play.ts: play rules
 *   witness.ts     the SAT witness, on the CNF of cnf.ts;  canonical.ts: one text per puzzle
 *   cli.ts         the command line's side: formats table, terminal drawing, marks files
 *   generator.ts   the generator's params and entry;  generate/: versions.ts, pins.json, frozen/
 *   its own engines: line.ts (line solvers), board.ts (propagation), portfolio.ts (branching search),
 *                  ladder.ts (grading ladder), linepair.ts, linewords.ts, belief.ts, neighbour.ts
 *   colour puzzles (issue 20): colour.ts (model, id, canonical form), colour-line.ts, colour-propagate.ts
 *                  (line logic), colour-solver.ts (count/find), colour-cnf.ts (the SAT witness's CNF),
 *                  colour-grade.ts (the colour ladder and grade), colour-hint.ts (hints; play rules in play.ts); formats g.ts, cnon.ts, cjson.ts, csv.ts, nonny.ts
 */
import { canonicalNonogram } from './canonical.ts';
import { isColourPuzzle } from './colour.ts';
import { gradeColour } from './colour-grade.ts';
import { colourHint } from './colour-hint.ts';
import { countColour, findColour } from './colour-solver.ts';
import { nonogramCli, nonogramFormats, nonogramRender } from './cli.ts';
import { levelChoices, type PuzzleFamily } from '../../core/family.ts';
import { COLOUR_LEVEL_TABLES } from './generate/colour-level-table.ts';
import { LEVEL_TABLE } from './generate/level-table.ts';
import { verifySolution } from './puzzle.ts';
import { makeNonogramId, makeSolution, parseNonogramId, parseSolution } from './formats/index.ts';
import { GENERATOR_VERSION, GENERATOR_VERSIONS, makeParams, parseParams, versionOfParams, type NonogramParams } from './generator.ts';
import { generateNonogramVersion, NONOGRAM_GENERATORS } from './generate/versions.ts';
import { gradeNonogram } from './grader.ts';
import type { NonogramFocus } from './focus.ts';
import { nonogramHint } from './hint.ts';
import { nonogramPlay, type NonogramMove, type NonogramState } from './play.ts';
import { countSolutions, findSolution } from './solver.ts';
import type { Nonogram, Solution } from './types.ts';
import { nonogramWitness, type NonogramWitnessOptions } from './witness.ts';

export const nonogram: PuzzleFamily<Nonogram, Solution, NonogramParams, NonogramState, NonogramMove, NonogramFocus, NonogramWitnessOptions> = {
  name: 'nonogram',
  version: GENERATOR_VERSION,
  versions: GENERATOR_VERSIONS,
  parseParams,
  makeParams,
  parsePuzzle: (id) => parseNonogramId(id),
  makePuzzle: (p) => makeNonogramId(p),
  parseFile: (text, filename) => nonogramFormats.parse(text, { filename }),
  parseSolution: (text, p) => parseSolution(text, p),
  makeSolution: (s, p) => makeSolution(s, p),
  canonical: canonicalNonogram,
  witness: nonogramWitness,
  verify: verifySolution,
  // A colour puzzle goes to the colour search; black and white stays on its own path.
  count: (p, o = {}) => (isColourPuzzle(p) ? countColour(p, { limit: o.limit, budget: o.budget }) : countSolutions(p, { limit: o.limit, budget: o.budget })),
  find: (p, budget) => (isColourPuzzle(p) ? findColour(p, { budget }) : findSolution(p, { budget })),
  grade: (p, budget) => (isColourPuzzle(p) ? gradeColour(p, budget) : gradeNonogram(p, budget)),
  // A colour puzzle gets colour deductions (colour-hint.ts); black and white stays on its own path.
  hint: (p, s, budget) => (isColourPuzzle(p) ? colourHint(p, s.marks, budget) : nonogramHint(p, s.marks, budget)),
  hintMoves: (_p, h) =>
    h.focus.cells.map((c) => {
      const m: NonogramMove = { op: c.value === 'filled' ? 'fill' : 'cross', from: { row: c.row, col: c.col }, to: { row: c.row, col: c.col }, paint: false };
      if (c.value === 'filled' && c.colour !== undefined && c.colour > 1) m.colour = c.colour;
      return m;
    }),
  // The pairs the current version was measured to produce (npm run level-table); a stale table offers every level.
  // Colour params read version 2's table for their colours (scripts/colour-level-table.ts).
  levels: (width, height, params) => {
    if (params?.colours !== undefined) {
      const table = COLOUR_LEVEL_TABLES[params.colours];
      return table && table.version === versionOfParams(params) ? levelChoices(table, width, height) : null;
    }
    return LEVEL_TABLE.version === GENERATOR_VERSION ? levelChoices(LEVEL_TABLE, width, height) : null;
  },
  // Colour params run version 2, black and white version 1 (the family's `version`).
  versionOf: versionOfParams,
  generators: NONOGRAM_GENERATORS,
  // Through the table of frozen pipelines; an unknown version is the typed unsupported-version.
  generate: generateNonogramVersion,
  play: nonogramPlay,
  formats: nonogramFormats,
  render: nonogramRender,
  cli: nonogramCli,
};

export * from './types.ts';
export { cluesOf, makeNonogram, verifySolution, gridToText } from './puzzle.ts';
export { colourCluesOfPicture, isColourPuzzle, makeColourNonogram, type ColourPuzzle } from './colour.ts';
export type { ColourClue } from './colour-line.ts';
export { countColour, findColour, type ColourSearchStats, type ColourSolveOptions } from './colour-solver.ts';
export { gradeColour } from './colour-grade.ts';
export { countSolutions, findSolution, Searcher } from './solver.ts';
export { gradeNonogram, assessNonogram, LEVEL_BANDS, levelOfScore } from './grader.ts';
export { nonogramHint } from './hint.ts';
export * from './focus.ts';
export * from './says.ts';
export { generateColourNonogram, generateNonogram, GENERATOR_VERSION, GENERATOR_VERSIONS, NONOGRAM_GENERATORS, versionOfParams } from './generator.ts';
export type { NonogramParams } from './generator.ts';
export * as formats from './formats/index.ts';
export { nonogramWitness, type NonogramWitnessOptions } from './witness.ts';
