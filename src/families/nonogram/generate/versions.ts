/**
 * The Nonogram generator versions, each a named frozen pipeline (core `GeneratorVersion`). Every module
 * a version's output depends on is a frozen copy under `frozen/` (never edited) or shared for a stated
 * reason that makes it output-neutral:
 *
 * - `types.ts`, `clues.ts` (cluesOf, verifySolution): the puzzle's data and rules; a change to them
 *   changes every id in every catalogue, and the format round-trip tests and the golden file pin them.
 * - `linepair.ts`, `linewords.ts`: the complete line solvers. A complete line solver answers the cells
 *   every completion of a line agrees on, which is the same for any correct one (the cross-check tests
 *   hold them to each other and to the SAT witness), and its work reports only pace the clock.
 * - core `Rng`: the seeded stream every family's ids rest on (its known-answer tests pin it).
 * - core `Meter` (budget.ts): the caller's budget only, which may stop a generation, never change it.
 *   The node accounting of the ladder and certificates is the frozen `core/generator-meter.ts`; the
 *   level bands are the frozen `core/generator-levels.ts`.
 */
import type { Budget } from '../../../core/budget.ts';
import { generateByVersion, type GenerateOptions, type GenerateResult, type GeneratorVersion } from '../../../core/family.ts';
import type { Nonogram, Solution } from '../types.ts';
import { runPipeline, type PipelineParams } from './frozen/pipeline-v1.ts';

export const NONOGRAM_GENERATORS: readonly GeneratorVersion<Nonogram, Solution, PipelineParams>[] = [
  {
    version: 1,
    name: 'nonogram-v1-ladder-graded',
    summary: 'Seeded noise pictures filtered by density and lines, repaired where line logic stalls, kept when certified unique at the measured level.',
    pinned: {
      pipeline: 'frozen/pipeline-v1.ts: seed text nonogram@1:<params>#<seed>, pictures (density bands, smoothing), visual filters, 400 attempts, 12 repairs',
      ladder: 'frozen/assess-v1.ts with frozen/line-v1.ts (simple rules) and frozen/board-v1.ts (propagation): the rungs, rounds and stalls the score and the repairs read, in 4,000 nodes per candidate',
      certificate: 'frozen/count-v1.ts: the branching portfolio in 40,000 nodes with GENERATOR_V1_COUNT (no clause learning, a probed root per heuristic, the limit checked between steps)',
      grader: 'frozen/assess-v1.ts: the score, the frozen reference search (5,000 nodes); core/generator-levels.ts: the bands',
      nodes: 'core/generator-meter.ts: the node accounting of the ladder and the certificate',
    },
    run: (params, seed, budget, options) => runPipeline(params, seed, budget, { onProgress: options?.onProgress }),
  },
];

export const CURRENT_VERSION = NONOGRAM_GENERATORS[NONOGRAM_GENERATORS.length - 1].version;

/** A run of the table's entry for `options.version` (default the current), or the typed `unsupported-version`. */
export function generateNonogramVersion(params: PipelineParams, seed: string, budget?: Budget, options?: GenerateOptions): GenerateResult<Nonogram, Solution> {
  return generateByVersion('nonogram', NONOGRAM_GENERATORS, CURRENT_VERSION, params, seed, budget, options);
}

/**
 * The family modules the pipelines share with today's code, each with why it cannot change an output
 * (with core's SHARED_CORE_MODULES; test/generator-versions.test.ts holds the pipelines' imports to both).
 */
export const SHARED_MODULES: Readonly<Record<string, string>> = {
  'src/families/nonogram/types.ts': "the puzzle's data types and cell values",
  'src/families/nonogram/clues.ts': 'the clues of a picture and the solution check: what a puzzle and its id are, pinned by the format round trips and the golden file',
  'src/families/nonogram/linepair.ts': 'a complete line solver: it answers the cells every completion of a line agrees on, the same for any correct one (held to the other solvers and the SAT witness by the cross-checks); its work reports only pace the clock',
  'src/families/nonogram/linewords.ts': 'a complete line solver (as linepair.ts)',
};
