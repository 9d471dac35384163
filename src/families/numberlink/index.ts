/**
 * The Numberlink family: the rules, formats, solver, grader, hints, generator and play rules behind
 * the one `PuzzleFamily` interface the CLI, the runner and the player use.
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
 *   its own engines: search.ts (path search + CDCL), sweep.ts (corner sweep), frontier.ts
 *                  (frontier counter), route.ts (solution routing), deduce.ts (the grader's deduction)
 */
import { canonicalNumberlink } from './canonical.ts';
import { numberlinkCli, numberlinkFormats, numberlinkRender } from './cli.ts';
import { levelChoices, type PuzzleFamily } from '../../core/family.ts';
import { LEVEL_TABLE } from './generate/level-table.ts';
import { makeNumberlinkId, parseNumberlinkId, makeSolution, parseSolution } from './formats/index.ts';
import { GENERATOR_VERSION, GENERATOR_VERSIONS, makeParams, parseParams, type NumberlinkParams } from './generator.ts';
import { generateNumberlinkVersion, NUMBERLINK_GENERATORS } from './generate/versions.ts';
import { gradeNumberlink } from './grader.ts';
import type { NumberlinkFocus } from './focus.ts';
import { numberlinkHint } from './hint.ts';
import { numberlinkPlay, type NumberlinkMove, type NumberlinkState } from './play.ts';
import { verifySolution } from './puzzle.ts';
import { countSolutions, findSolution } from './solver.ts';
import type { Numberlink, Solution } from './types.ts';
import { numberlinkWitness, type NumberlinkWitnessOptions } from './witness.ts';

export const numberlink: PuzzleFamily<Numberlink, Solution, NumberlinkParams, NumberlinkState, NumberlinkMove, NumberlinkFocus, NumberlinkWitnessOptions> = {
  name: 'numberlink',
  version: GENERATOR_VERSION,
  versions: GENERATOR_VERSIONS,
  parseParams,
  makeParams,
  parsePuzzle: (id) => parseNumberlinkId(id),
  makePuzzle: (p) => makeNumberlinkId(p),
  parseFile: (text, filename) => numberlinkFormats.parse(text, { filename }),
  parseSolution: (text, p, budget) => parseSolution(text, p, budget),
  makeSolution: (s, p) => {
    const r = makeSolution(s, p);
    if (!r.ok) throw new RangeError(r.error.message);
    return r.value;
  },
  canonical: (p) => canonicalNumberlink(p),
  witness: numberlinkWitness,
  verify: verifySolution,
  count: (p, o = {}) => countSolutions(p, { limit: o.limit, budget: o.budget }),
  find: (p, budget) => findSolution(p, { budget }),
  grade: gradeNumberlink,
  hint: (p, s, budget) => numberlinkHint(p, s, { budget }),
  // The focus cells in path order are the stroke to draw; a mistake names a link to remove instead.
  hintMoves: (p, h) =>
    h.technique === 'mistake' || h.focus.cells.length < 2 ? [] : [{ kind: 'stroke', width: p.width, cells: h.focus.cells.map((c) => c.row * p.width + c.col) }],
  // The pairs the current version was measured to produce (npm run level-table); a stale table offers every level.
  levels: (width, height) => (LEVEL_TABLE.version === GENERATOR_VERSION ? levelChoices(LEVEL_TABLE, width, height) : null),
  generators: NUMBERLINK_GENERATORS,
  // Through the table of frozen pipelines; an unknown version is the typed unsupported-version.
  generate: generateNumberlinkVersion,
  play: numberlinkPlay,
  formats: numberlinkFormats,
  render: numberlinkRender,
  cli: numberlinkCli,
};

export * from './types.ts';
export { makeNumberlink, verifySolution, tracePaths, linksFromPaths } from './puzzle.ts';
export { countSolutions, findSolution, NumberlinkSearch } from './solver.ts';
export { gradeNumberlink } from './grader.ts';
export { numberlinkHint } from './hint.ts';
export * from './focus.ts';
export * from './says.ts';
export { generateNumberlink, GENERATOR_VERSION, GENERATOR_VERSIONS, NUMBERLINK_GENERATORS, pairCount } from './generator.ts';
export type { NumberlinkParams } from './generator.ts';
export * as formats from './formats/index.ts';
export { numberlinkWitness, type NumberlinkWitnessOptions } from './witness.ts';
