/**
 * The Nonogram generator versions, each a named pipeline (core `GeneratorVersion`) fixed copy-on-write.
 * Every module a version's output depends on is one of:
 *
 * - a live module whose text is pinned: its SHA-256 is in `pins.json` beside this file, and
 *   test/generator-versions.test.ts fails once it changes. Today: the grading ladder, its score and
 *   reference search and the assessment (ladder.ts, run with the certificate count passed in), the
 *   certificate's branching portfolio (portfolio.ts: `countByBranching`, solver.ts's count without its
 *   clause-learning stage, with GENERATOR_V1_COUNT), the simple line rules and the line solver's
 *   dispatch (line.ts), propagation to fixpoint (board.ts), the node accounting (core/budget.ts's
 *   `Meter`) and the level bands (core/family.ts). Before such a module changes behaviour, its pinned
 *   text is copied to `frozen/<name>-v1.ts` and this version pointed there; a change that cannot alter
 *   a puzzle (a comment, formatting) is re-pinned with `npm run pin-generators`, which the reviewer
 *   sees in the manifest diff;
 * - a frozen copy under `frozen/` (never edited to change behaviour): the generation (`pipeline-v1.ts`);
 * - shared for a stated reason that makes it output-neutral (`SHARED_MODULES` below, core
 *   SHARED_CORE_MODULES): the puzzle's data and rules (types.ts, puzzle.ts); the complete line solvers
 *   (linepair.ts, linewords.ts), whose answer, the cells every completion of a line agrees on, is the
 *   same for any correct one, and whose work reports only pace the clock; core `Rng`.
 */
import type { Budget } from '../../../core/budget.ts';
import { generateByVersion, type GenerateOptions, type GenerateResult, type GeneratorVersion } from '../../../core/family.ts';
import type { Nonogram, Solution } from '../types.ts';
import { runPipeline, type PipelineParams } from './frozen/pipeline-v1.ts';
import { runColourPipeline } from './frozen/pipeline-v2.ts';

/** The params every version reads: a size, a level and, for a colour puzzle, its colours besides the background. */
export interface VersionParams extends PipelineParams {
  colours?: number;
}

/** The typed refusal of params a version does not make (colour params at version 1, black and white at 2). */
const refuse = (version: number, params: VersionParams): GenerateResult<Nonogram, Solution> => ({
  ok: false,
  reason: 'unsupported-version',
  message:
    params.colours === undefined
      ? `nonogram generator version ${version} makes colour puzzles only (params WxH-level-cN); black-and-white puzzles are version 1`
      : `nonogram generator version ${version} makes black-and-white puzzles only; colour puzzles (-c${params.colours}) are version 2`,
  diagnostics: { attempts: 0, ms: 0, nodes: 0, path: 'none', rejected: {} },
});

/** Version 2 makes colour puzzles, version 1 black and white: the default version of `params`. */
export const versionOfParams = (params: VersionParams): number => (params.colours === undefined ? 1 : 2);

export const NONOGRAM_GENERATORS: readonly GeneratorVersion<Nonogram, Solution, VersionParams>[] = [
  {
    version: 1,
    name: 'nonogram-v1-ladder-graded',
    summary: 'Seeded noise pictures filtered by density and lines, repaired where line logic stalls, kept when certified unique at the measured level.',
    pinned: {
      pipeline: 'frozen/pipeline-v1.ts: seed text nonogram@1:<params>#<seed>, pictures (density bands, smoothing), visual filters, 400 attempts, 12 repairs',
      ladder:
        'nonogram/ladder.ts with nonogram/line.ts (simple rules) and nonogram/board.ts (propagation), all pinned: the rungs, rounds and stalls the score and the repairs read, in 4,000 nodes per candidate',
      certificate:
        'nonogram/portfolio.ts (pinned): countByBranching, the branching portfolio in 40,000 nodes with GENERATOR_V1_COUNT (no clause learning, a probed root per heuristic, the limit checked between steps)',
      grader: 'nonogram/ladder.ts (pinned): the score, the frozen reference search (5,000 nodes); core/family.ts (pinned): the bands',
      nodes: 'core/budget.ts (pinned): the node accounting of the ladder and the certificate (Meter)',
    },
    run: (params, seed, budget, options) =>
      params.colours === undefined ? runPipeline(params, seed, budget, { onProgress: options?.onProgress }) : refuse(1, params),
  },
  {
    version: 2,
    name: 'nonogram-v2-colour-ladder',
    summary:
      'Colour puzzles (2 to 6 colours besides the background): seeded pictures of coloured regions, graded by a three-rung colour ladder, certified unique by the colour search. Black and white stays version 1.',
    pinned: {
      pipeline:
        'frozen/pipeline-v2.ts: seed text nonogram@2:<params>#<seed>, pictures (density bands, smoothing, colour centres), visual filters, 400 attempts, 12 repairs',
      ladder:
        'nonogram/colour-grade.ts (pinned): the rungs (line logic on settled cells, colour line logic on masks, contradiction), their order, the score; 60,000 line solves per candidate',
      certificate: 'nonogram/colour-solver.ts with nonogram/colour-propagate.ts (pinned): the colour search counting to 2 in 20,000 propagations',
      nodes: 'core/budget.ts (pinned): the node accounting of the ladder and the certificate (Meter)',
      grader: 'nonogram/colour-grade.ts (pinned): the score; core/family.ts (pinned): the bands',
    },
    run: (params, seed, budget, options) =>
      params.colours !== undefined
        ? runColourPipeline({ ...params, colours: params.colours }, seed, budget, { onProgress: options?.onProgress })
        : refuse(2, params),
  },
];

/** The default version of black-and-white params (colour params run version 2: `versionOfParams`). */
export const CURRENT_VERSION: number = 1;

/** A run of the table's entry for `options.version` (default the params' own: `versionOfParams`), or the typed `unsupported-version`. */
export function generateNonogramVersion(params: VersionParams, seed: string, budget?: Budget, options?: GenerateOptions): GenerateResult<Nonogram, Solution> {
  return generateByVersion('nonogram', NONOGRAM_GENERATORS, versionOfParams(params), params, seed, budget, options);
}

/**
 * The family modules the pipelines share with today's code, each with why it cannot change an output
 * (with core's SHARED_CORE_MODULES; test/generator-versions.test.ts holds the pipelines' imports to both).
 */
export const SHARED_MODULES: Readonly<Record<string, string>> = {
  'src/families/nonogram/types.ts': "the puzzle's data types and cell values",
  'src/families/nonogram/puzzle.ts':
    'the clues of a picture and the solution check: what a puzzle and its id are, pinned by the format round trips and the golden file',
  'src/families/nonogram/linepair.ts':
    'a complete line solver: it answers the cells every completion of a line agrees on, the same for any correct one (held to the other solvers and the SAT witness by the cross-checks); its work reports only pace the clock',
  'src/families/nonogram/linewords.ts': 'a complete line solver (as linepair.ts)',
  'src/families/nonogram/colour-line.ts':
    'the complete colour line solver and the clue of a colour line (as linepair.ts: the cells every placement agrees on, one right answer, held to brute force by colour-line.test.ts); version 1 never reaches it, and version 2 counts its work in colour-propagate.ts and colour-grade.ts (pinned), never here',
};
