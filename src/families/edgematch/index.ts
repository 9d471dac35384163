/**
 * The edge-matching family: the rules, formats, solvers, grader, hints, playable generator and play
 * rules behind the one `PuzzleFamily` interface the CLI and the runner use.
 *
 * The folder's layout, the same file names for the same roles in every family (README, Layout):
 *   index.ts       this object and the entry's public names
 *   types.ts       the puzzle, solution and cell types
 *   puzzle.ts      the rules: the validating constructor, verify, problem descriptions
 *   formats/       file formats; formats/index.ts: names, detection, dispatch, ids, id lists, solutions
 *   solver.ts      count and find, the entry this object uses
 *   grader.ts      grade;  hint.ts, focus.ts: hint and its focus;  play.ts: play rules
 *   witness.ts     the SAT witness, on the CNF of cnf.ts;  canonical.ts: one text per puzzle
 *   cli.ts         the command line's side: formats table, terminal drawing, marks files
 *   generator.ts   the generator's params and entry;  generate/: versions.ts, pins.json, frozen/
 *   its own engines: xcc-model.ts (Algorithm C model, behind solver.ts), backtrack.ts,
 *                  deduce.ts (the grader's deduction), planted.ts (the planted benchmark generator)
 */
import { canonicalEdgematch } from './canonical.ts';
import { edgematchCli, edgematchFormats, edgematchRender } from './cli.ts';
import { levelChoices, type PuzzleFamily } from '../../core/family.ts';
import { LEVEL_TABLE } from './generate/level-table.ts';
import { FAMILY_NAME, makeBoardText, makeEdgematchId, parseBoard, parseEdgematchId } from './formats/index.ts';
import { gradeEdgematch } from './grader.ts';
import type { EdgematchFocus } from './focus.ts';
import { edgematchHint } from './hint.ts';
import { edgematchPlay, type EdgematchMove, type EdgematchState } from './play.ts';
import { generatePlayable, makePlayableParams, parsePlayableParams, PLAYABLE_VERSION, PLAYABLE_VERSIONS, type PlayableParams } from './generator.ts';
import { EDGEMATCH_GENERATORS } from './generate/versions.ts';
import { describeProblem, verifyBoard } from './puzzle.ts';
import type { Board, Instance } from './types.ts';
import { countBacktrack } from './backtrack.ts';
import { findEdgematch } from './solver.ts';
import { edgematchWitness, type EdgematchWitnessOptions } from './witness.ts';

export const edgematch: PuzzleFamily<Instance, Board, PlayableParams, EdgematchState, EdgematchMove, EdgematchFocus, EdgematchWitnessOptions> = {
  name: FAMILY_NAME,
  version: PLAYABLE_VERSION,
  versions: PLAYABLE_VERSIONS,
  parseParams: parsePlayableParams,
  makeParams: makePlayableParams,
  parsePuzzle: (id) => parseEdgematchId(id),
  makePuzzle: makeEdgematchId,
  parseFile: (text, filename) => edgematchFormats.parse(text, { filename }),
  parseSolution: parseBoard,
  makeSolution: (s, p) => makeBoardText(p, s),
  canonical: (p) => canonicalEdgematch(p),
  witness: edgematchWitness,
  verify(p, s) {
    const check = verifyBoard(p, s);
    if (check.ok) return { ok: true };
    const more = check.problems.length > 1 ? ` (and ${check.problems.length - 1} more problem${check.problems.length > 2 ? 's' : ''})` : '';
    return { ok: false, reason: describeProblem(p, check.problems[0]) + more };
  },
  // The backtracker (a board per piece and rotation, as Algorithm C counted): it decides 10x10 boards Algorithm C does not.
  count: (p, o = {}) => countBacktrack(p, { limit: o.limit, budget: o.budget }),
  find: (p, budget) => findEdgematch(p, { budget }),
  grade: (p, budget) => gradeEdgematch(p, budget),
  // edgematchHint certifies the puzzle itself (a count to 2 under the hint's budget) to have a solution to check against.
  hint: (p, s, budget) => edgematchHint(p, s.board, { budget }),
  // A mistake sends its piece back to the tray; any other hint places a piece.
  hintMoves: (p, h) => [
    h.technique === 'mistake'
      ? { kind: 'take', width: p.width, cell: h.focus.cell }
      : { kind: 'place', width: p.width, piece: h.focus.piece, cell: h.focus.cell, rotation: h.focus.rotation },
  ],
  // The pairs the current version was measured to produce (npm run level-table); a stale table offers every level.
  levels: (width, height) => (LEVEL_TABLE.version === PLAYABLE_VERSION ? levelChoices(LEVEL_TABLE, width, height) : null),
  generators: EDGEMATCH_GENERATORS,
  // generatePlayable refuses a version this build does not have (core versionRefusal) and bad params,
  // then runs the version's frozen pipeline through the table.
  generate: (params, seed, budget, options = {}) => generatePlayable(params, seed, budget, { version: options.version, onProgress: options.onProgress }),
  play: edgematchPlay,
  formats: edgematchFormats,
  render: edgematchRender,
  cli: edgematchCli,
};

export { FORMAT_BY_EXTENSION, formatOfName, isIdList, parseBoard, parseEdgematchFile, parseIdLines } from './formats/index.ts';

export * from './types.ts';
export { makeInstance, verifyBoard, describeProblem, scoreBoard, maxScore, shownColour, rotatePiece, clueBoard } from './puzzle.ts';
export { countEdgematch, findEdgematch } from './solver.ts';
export { countBacktrack, solveBacktrack } from './backtrack.ts';
export { bestScore, bestOrder, defaultSchedule, fromBoardProblem, BEST_ORDERS, RESTART_NODES } from './best.ts';
export type { BestOrder, BestScoreOptions, BestScoreResult, BestScoreStats } from './best.ts';
export { gradeEdgematch } from './grader.ts';
export { edgematchHint } from './hint.ts';
export * from './focus.ts';
export * from './says.ts';
export { generatePlayable, EDGEMATCH_GENERATORS, PLAYABLE_VERSION, PLAYABLE_VERSIONS, playableParams, PLAY_MIN_SIDE, PLAY_MAX_SIDE } from './generator.ts';
export type { PlayableParams } from './generator.ts';
export type { EdgematchMove, EdgematchState } from './play.ts';
export * as formats from './formats/index.ts';
export { edgematchWitness, type EdgematchWitnessOptions } from './witness.ts';
