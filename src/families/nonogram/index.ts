import type { PuzzleFamily } from '../../core/family.ts';
import { verifySolution } from './clues.ts';
import { makeNonogramId, makeSolution, parseNonogramId, parseSolution } from './formats/index.ts';
import { generateNonogram, GENERATOR_VERSION, makeParams, parseParams, type NonogramParams } from './generator.ts';
import { gradeNonogram } from './grader.ts';
import { nonogramHint } from './hint.ts';
import { nonogramPlay, type NonogramMove, type NonogramState } from './play.ts';
import { countSolutions } from './solver.ts';
import type { Nonogram, Solution } from './types.ts';

export const nonogram: PuzzleFamily<Nonogram, Solution, NonogramParams, NonogramState, NonogramMove> = {
  name: 'nonogram',
  version: GENERATOR_VERSION,
  parseParams,
  makeParams,
  parsePuzzle: (id) => parseNonogramId(id),
  makePuzzle: (p) => makeNonogramId(p),
  parseSolution: (text, p) => parseSolution(text, p),
  makeSolution: (s, p) => makeSolution(s, p),
  verify: verifySolution,
  count: (p, o = {}) => countSolutions(p, { limit: o.limit, budget: o.budget }),
  grade: gradeNonogram,
  hint: (p, s) => nonogramHint(p, s.marks),
  generate: (params, seed, budget) => generateNonogram(params, seed, budget),
  play: nonogramPlay,
};

export * from './types.ts';
export { cluesOf, makeNonogram, verifySolution, gridToText } from './clues.ts';
export { countSolutions, findSolution, Searcher } from './solver.ts';
export { gradeNonogram, assessNonogram, LEVEL_BANDS, levelOfScore } from './grader.ts';
export { nonogramHint } from './hint.ts';
export { generateNonogram, GENERATOR_VERSION } from './generator.ts';
export type { NonogramParams } from './generator.ts';
export * as formats from './formats/index.ts';
