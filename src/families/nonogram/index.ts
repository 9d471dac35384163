import { canonicalNonogram } from './canonical.ts';
import { nonogramCli, nonogramFormats, nonogramRender } from './cli.ts';
import type { PuzzleFamily } from '../../core/family.ts';
import { verifySolution } from './puzzle.ts';
import { makeNonogramId, makeSolution, parseNonogramId, parsePuzzles, parseSolution } from './formats/index.ts';
import { GENERATOR_VERSION, GENERATOR_VERSIONS, makeParams, parseParams, type NonogramParams } from './generator.ts';
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
  parseFile: (text, filename) => parsePuzzles(text, undefined, filename),
  parseSolution: (text, p) => parseSolution(text, p),
  makeSolution: (s, p) => makeSolution(s, p),
  canonical: canonicalNonogram,
  witness: nonogramWitness,
  verify: verifySolution,
  count: (p, o = {}) => countSolutions(p, { limit: o.limit, budget: o.budget }),
  find: (p, budget) => findSolution(p, { budget }),
  grade: gradeNonogram,
  hint: (p, s, budget) => nonogramHint(p, s.marks, budget),
  hintMoves: (_p, h) => h.focus.cells.map((c) => ({ op: c.value === 'filled' ? 'fill' : 'cross', from: { row: c.row, col: c.col }, to: { row: c.row, col: c.col }, paint: false })),
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
export { countSolutions, findSolution, Searcher } from './solver.ts';
export { gradeNonogram, assessNonogram, LEVEL_BANDS, levelOfScore } from './grader.ts';
export { nonogramHint } from './hint.ts';
export * from './focus.ts';
export { generateNonogram, GENERATOR_VERSION, GENERATOR_VERSIONS, NONOGRAM_GENERATORS } from './generator.ts';
export type { NonogramParams } from './generator.ts';
export * as formats from './formats/index.ts';
export { nonogramWitness, type NonogramWitnessOptions } from './witness.ts';
