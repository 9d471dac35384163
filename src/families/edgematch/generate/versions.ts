/**
 * The playable edge-matching generator versions, each a named pipeline (core `GeneratorVersion`) fixed
 * copy-on-write. Every module a version's output depends on is one of:
 *
 * - a live module whose text is pinned: its SHA-256 is in `pins.json` beside this file, and
 *   test/generator-versions.test.ts fails once it changes. Today: the exact-cover model and search
 *   (xcc-model.ts, core/xcc.ts), the grader and its deduction (grader.ts, deduce.ts), the node
 *   accounting (core/budget.ts's `Meter`) and the level bands (core/family.ts). Before such a module
 *   changes behaviour, its pinned text is copied to `frozen/<name>-v1.ts` and this version pointed
 *   there; a change that cannot alter a puzzle (a comment, formatting) is re-pinned with
 *   `npm run pin-generators`, which the reviewer sees in the manifest diff;
 * - a frozen copy under `frozen/` (never edited): `pipeline-v1.ts`, the generation loop itself;
 * - shared for a stated reason that makes it output-neutral (`SHARED_MODULES` below, core
 *   SHARED_CORE_MODULES): the puzzle's data and rules (types.ts, puzzle.ts), which are what a puzzle
 *   and its id are, and core `Rng`, the seeded stream every family's ids rest on.
 *
 * The planted generator (planted.ts) makes benchmark instances and keeps its own version.
 */
import type { Budget } from '../../../core/budget.ts';
import { exactLevel, generateByVersion, type GenerateOptions, type GenerateResult, type GeneratorVersion } from '../../../core/family.ts';
import type { Board, Instance } from '../types.ts';
import { runPipeline, type PipelineOptions, type PipelineParams } from './frozen/pipeline-v1.ts';
import { runPipelineV3, type PipelineV3Options } from './frozen/pipeline-v3.ts';

/** The largest side versions 1 and 2 make (their certificate, Algorithm C, was measured to 8x8 only). */
export const V1_MAX_SIDE = 8;

/** Versions 1 and 2 refuse a side over V1_MAX_SIDE (typed, with what to use instead); null otherwise. */
export function sideRefusal(version: number, params: Pick<PipelineParams, 'width' | 'height'>): (GenerateResult<Instance, Board> & { ok: false }) | null {
  if (version > 2 || (params.width <= V1_MAX_SIDE && params.height <= V1_MAX_SIDE)) return null;
  return {
    ok: false,
    reason: 'unsupported-version',
    message: `edgematch generator version ${version} makes boards up to ${V1_MAX_SIDE}x${V1_MAX_SIDE}, got ${params.width}x${params.height} (version 3 makes them to 10x10)`,
    diagnostics: { attempts: 0, ms: 0, nodes: 0, path: 'none', rejected: {} },
  };
}

/** Version 2's graded candidates before it gives up (version 1: 6, then the nearest). */
const EXACT_LEVEL_ATTEMPTS = 12;

/** Version 2: version 1's pipeline, more graded candidates, the nearest as a failure; `options` are the pipeline's knobs (tests, benchmarks). */
export function runExactLevel(params: PipelineParams, seed: string, budget: Budget = {}, options: PipelineOptions = {}): GenerateResult<Instance, Board> {
  const refused = sideRefusal(2, params);
  if (refused) return refused;
  const r = runPipeline(params, seed, budget, { levelAttempts: EXACT_LEVEL_ATTEMPTS, ...options });
  return exactLevel(r, params.level, (id) => id.replace(/^edgematch@1:/, 'edgematch@2:'));
}

export const EDGEMATCH_GENERATORS: readonly GeneratorVersion<Instance, Board, PipelineParams>[] = [
  {
    version: 1,
    name: 'edgematch-v1-certified-graded',
    summary: 'Distinct asymmetric pieces planted, shuffled and turned; clues added until a count to 2 proves it unique; graded, eased towards the level.',
    pinned: {
      pipeline:
        'frozen/pipeline-v1.ts: seed text edgematch@1:<params>#<seed>, planting (50 recolourings per cell), shuffle, turns, clue order, 40 attempts, 8 repairs, 24 easings, 6 graded',
      certificate:
        'edgematch/xcc-model.ts on core/xcc.ts (pinned): the exact-cover count to 2 in 200,000 nodes (its column choice decides where it stops and which second solution a repair reads)',
      nodes: 'core/budget.ts (pinned): the node accounting of the certificate (Meter)',
      grader: 'edgematch/grader.ts with edgematch/deduce.ts (pinned): the score (in the golden file), the level, the first trial easing clues',
      levels: 'core/family.ts (pinned): the level bands (LEVEL_BANDS)',
    },
    run: (params, seed, budget, options) => sideRefusal(1, params) ?? runPipeline(params, seed, budget, { onProgress: options?.onProgress }),
  },
  {
    version: 2,
    name: 'edgematch-v2-exact-level',
    summary: `As version 1 with ${EXACT_LEVEL_ATTEMPTS} graded candidates; none at the level asked is the other-level failure carrying the nearest.`,
    pinned: {
      pipeline: `frozen/pipeline-v1.ts as version 1 (its seed text edgematch@1:<params>#<seed>, so a puzzle both versions give is the same), ${EXACT_LEVEL_ATTEMPTS} graded; the nearest is a failure (core exactLevel), the id names version 2`,
      certificate: 'edgematch/xcc-model.ts on core/xcc.ts (pinned), as version 1',
      nodes: 'core/budget.ts (pinned)',
      grader: 'edgematch/grader.ts with edgematch/deduce.ts (pinned)',
      levels: 'core/family.ts (pinned): the level bands (LEVEL_BANDS)',
    },
    run: (params, seed, budget, options) => runExactLevel(params, seed, budget, { onProgress: options?.onProgress }),
  },
  {
    version: 3,
    name: 'edgematch-v3-backtrack-bisect',
    summary:
      'Planted as version 1; certified by the backtracker counting colourings to 2 (4M placements, inconclusive rejects the candidate); level-dependent starting clues; clues added or removed by bisection to the level measured; sides 4 to 10.',
    pinned: {
      pipeline:
        'frozen/pipeline-v3.ts: seed text edgematch@3:<params>#<seed> (9x9 and 10x10 defaults of their own), planting of frozen/pipeline-v1.ts, starting clues by level, 40 attempts, 8 repairs, 8 bisection steps, 12 graded, quick deduction at 10 trials per cell',
      certificate:
        'edgematch/backtrack.ts with edgematch/distinct.ts (pinned): the count to 2 as colourings in 4,000,000 placements (its order decides which second solution a repair reads)',
      nodes: 'core/budget.ts (pinned): the node accounting of the certificate (Meter)',
      grader: 'edgematch/grader.ts with edgematch/deduce.ts (pinned): the score, the level, the quick deduction that steers the bisection',
      levels: 'core/family.ts (pinned): the level bands (LEVEL_BANDS) and exactLevel',
    },
    run: (params, seed, budget, options) => runV3(params, seed, budget, { onProgress: options?.onProgress }),
  },
];

/** Version 3: its pipeline, keeping only the level asked (the nearest as the other-level failure, as version 2). */
export function runV3(params: PipelineParams, seed: string, budget: Budget = {}, options: PipelineV3Options = {}): GenerateResult<Instance, Board> {
  return exactLevel(runPipelineV3(params, seed, budget, options), params.level);
}

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
  'src/families/edgematch/puzzle.ts':
    'the puzzle and its rules (makeInstance, verifyBoard, rotatePiece, pieceKey, joints, frames, clueBoard): what a puzzle and its id are, pinned by the format round trips and the golden file',
};
