/**
 * The Numberlink family: the rules, formats, solver, grader, hints, generator and play rules behind
 * the one `PuzzleFamily` interface the CLI, the runner and the player use.
 */
import { canonicalNumberlink } from './canonical.ts';
import { numberlinkCli, numberlinkFormats, numberlinkRender } from './cli.ts';
import { versionRefusal, type PuzzleFamily } from '../../core/family.ts';
import { formatOfName, parsePuzzles, makeNumberlinkId, parseNumberlinkId, makeSolution, parseSolution } from './formats.ts';
import { generateNumberlink, GENERATOR_VERSION, GENERATOR_VERSIONS, makeParams, parseParams, type NumberlinkParams } from './generator.ts';
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
  parseFile: (text, filename) => parsePuzzles(text, formatOfName(filename)),
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
  hintMoves: (p, h) => (h.technique === 'mistake' || h.focus.cells.length < 2 ? [] : [{ kind: 'stroke', width: p.width, cells: h.focus.cells.map((c) => c.row * p.width + c.col) }]),
  generate: (params, seed, budget, options = {}) => {
    const version = options.version ?? GENERATOR_VERSION;
    const refused = versionRefusal('numberlink', version, GENERATOR_VERSIONS);
    if (refused) return refused;
    const r = generateNumberlink(params, seed, budget, { onProgress: options.onProgress, version });
    if (!r.ok) return r;
    if (r.grade) return { ...r, grade: r.grade };
    const grade = gradeNumberlink(r.puzzle, budget, r.solution);
    if (!grade.ok) {
      // The certificate proved uniqueness, so only a budget stop can leave the grade undecided.
      const reason = grade.stop === 'not-unique' ? 'attempts-exhausted' : grade.stop;
      return { ok: false, reason, message: `certified, but not graded: ${grade.message}`, diagnostics: r.diagnostics };
    }
    return { ...r, grade: grade.grade };
  },
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
export { generateNumberlink, GENERATOR_VERSION, GENERATOR_VERSIONS, pairCount } from './generator.ts';
export type { NumberlinkParams } from './generator.ts';
export * as formats from './formats.ts';
export { numberlinkWitness, type NumberlinkWitnessOptions } from './witness.ts';
