/**
 * The playable edge-matching generator versions, each a named frozen pipeline (core `GeneratorVersion`).
 * Every module a version's output depends on is a frozen copy under `frozen/` (never edited) or shared
 * for a stated reason that makes it output-neutral:
 *
 * - `types.ts`, `puzzle.ts` (makeInstance, verifyBoard, rotatePiece, pieceKey, neighbour, jointSlot,
 *   framePlacements, clueBoard, shownColour): the puzzle's data and rules; a change to them changes
 *   every id in every catalogue, and the format round-trip tests and the golden file pin them.
 * - core `Rng`: the seeded stream every family's ids rest on (its known-answer tests pin it).
 * - core `Meter` (budget.ts): the caller's budget only (deadline, signal, node limit read between two
 *   certificates), which may stop a generation, never change it. The certificates' node accounting is
 *   the frozen `core/generator-meter.ts`; the level bands are the frozen `core/generator-levels.ts`.
 *
 * The planted generator (generator.ts) makes benchmark instances and keeps its own version.
 */
import type { Budget } from '../../../core/budget.ts';
import { generateByVersion, type GenerateOptions, type GenerateResult, type GeneratorVersion } from '../../../core/family.ts';
import type { Board, Instance } from '../types.ts';
import { runPipeline, type PipelineParams } from './frozen/pipeline-v1.ts';

export const EDGEMATCH_GENERATORS: readonly GeneratorVersion<Instance, Board, PipelineParams>[] = [
  {
    version: 1,
    name: 'edgematch-v1-certified-graded',
    summary: 'Distinct asymmetric pieces planted, shuffled and turned; clues added until a count to 2 proves it unique; graded, eased towards the level.',
    pinned: {
      pipeline: 'frozen/pipeline-v1.ts: seed text edgematch@1:<params>#<seed>, planting (50 recolourings per cell), shuffle, turns, clue order, 40 attempts, 8 repairs, 24 easings, 6 graded',
      certificate: 'frozen/xcc-model-v1.ts on frozen/xcc-v1.ts: the exact-cover count to 2 in 200,000 nodes (its column choice decides where it stops and which second solution a repair reads)',
      nodes: 'core/generator-meter.ts: the node accounting of the certificate',
      grader: 'frozen/grade-v1.ts with frozen/deduce-v1.ts: the score (in the golden file), the level, the first trial easing clues',
      levels: 'core/generator-levels.ts: the level bands',
    },
    run: (params, seed, budget, options) => runPipeline(params, seed, budget, { onProgress: options?.onProgress }),
  },
];

export const CURRENT_VERSION = EDGEMATCH_GENERATORS[EDGEMATCH_GENERATORS.length - 1].version;

/** A run of the table's entry for `options.version` (default the current), or the typed `unsupported-version`. */
export function generateEdgematchVersion(params: PipelineParams, seed: string, budget?: Budget, options?: GenerateOptions): GenerateResult<Instance, Board> {
  return generateByVersion('edgematch', EDGEMATCH_GENERATORS, CURRENT_VERSION, params, seed, budget, options);
}

/**
 * The family modules the pipelines share with today's code, each with why it cannot change an output
 * (with core's SHARED_CORE_MODULES; test/generator-versions.test.ts holds the pipelines' imports to both).
 */
export const SHARED_MODULES: Readonly<Record<string, string>> = {
  'src/families/edgematch/types.ts': "the puzzle's data types",
  'src/families/edgematch/puzzle.ts': 'the puzzle and its rules (makeInstance, verifyBoard, rotatePiece, pieceKey, joints, frames, clueBoard): what a puzzle and its id are, pinned by the format round trips and the golden file',
};
