/**
 * The Nonogram generator's params and entry point. Each version runs as a named pipeline
 * (generate/versions.ts): pictures, ladder, certificate and grader are frozen copies under
 * generate/frozen/ or today's modules pinned by hash (generate/pins.json; copy-on-write), so today's
 * solver and grader can change without changing old seeded ids.
 */
import type { Budget } from '../../core/budget.ts';
import { isLevel, LEVELS, type GenerateResult, type Level } from '../../core/family.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { excerpt } from '../../core/text.ts';
import { PIPELINE_DEFAULTS, runPipeline, type PipelineOptions } from './generate/frozen/pipeline-v1.ts';
import { COLOUR_PIPELINE_DEFAULTS, runColourPipeline, type ColourPipelineOptions, type ColourPipelineParams } from './generate/frozen/pipeline-v2.ts';
import { CURRENT_VERSION, NONOGRAM_GENERATORS } from './generate/versions.ts';
import type { Nonogram, Solution } from './types.ts';

export { randomPicture, visualReject } from './generate/frozen/pipeline-v1.ts';
export { NONOGRAM_GENERATORS } from './generate/versions.ts';

/** Bumped whenever any generated puzzle changes. Golden files pin each version's output. */
export const GENERATOR_VERSION: number = CURRENT_VERSION;
/**
 * Every version this build can still run (the table's), so seeded ids and share links made before a
 * bump open the same puzzle.
 */
export const GENERATOR_VERSIONS: readonly number[] = NONOGRAM_GENERATORS.map((g) => g.version);

export interface NonogramParams {
  width: number;
  height: number;
  level: Level;
  /** A colour puzzle's colours besides the background (2 to 6; generator version 2); absent for black and white. */
  colours?: number;
}

export const MIN_COLOURS = 2;
export const MAX_GEN_COLOURS = 6;

export const MIN_SIDE = 5;
export const MAX_GEN_SIDE = 60;

/** `15x10-hard`, `15-easy`, `20x20` (level defaults to medium); `15x15-hard-c4` a colour puzzle in 4 colours besides the background. */
export function parseParams(text: string): Result<NonogramParams> {
  const m = /^\s*(\d+)(?:x(\d+))?(?:-([a-z]+))?(?:-c(\d+))?\s*$/.exec(text);
  if (!m) return err(parseError('ERR_SYNTAX', `bad nonogram params "${excerpt(text)}": expected WxH-level or WxH-level-cN, e.g. 15x10-hard, 15x15-easy-c3`));
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const level = m[3] ?? 'medium';
  if (!isLevel(level)) return err(parseError('ERR_SYNTAX', `unknown level "${excerpt(level, 24)}" (expected ${LEVELS.join(', ')})`));
  for (const v of [width, height]) {
    if (v < MIN_SIDE || v > MAX_GEN_SIDE) return err(parseError('ERR_SIZE', `sides must be from ${MIN_SIDE} to ${MAX_GEN_SIDE}, got ${v}`));
  }
  if (m[4] === undefined) return ok({ width, height, level });
  const colours = Number(m[4]);
  if (colours < MIN_COLOURS || colours > MAX_GEN_COLOURS) {
    return err(
      parseError(
        'ERR_SIZE',
        `colours must be from ${MIN_COLOURS} to ${MAX_GEN_COLOURS} besides the background, got ${colours} (one colour is black and white: leave -c out)`,
      ),
    );
  }
  return ok({ width, height, level, colours });
}

export function makeParams(p: NonogramParams): string {
  return `${p.width}x${p.height}-${p.level}${p.colours !== undefined ? `-c${p.colours}` : ''}`;
}

/** The generator version params run by default: 2 for colour, 1 for black and white. */
export { versionOfParams } from './generate/versions.ts';

export type GeneratorOptions = PipelineOptions;

export const DEFAULTS = PIPELINE_DEFAULTS;

/**
 * Generates a nonogram of the requested size whose *measured* level equals the requested one, and
 * whose uniqueness a completed count proved, by version 1's frozen pipeline with the generator's own
 * knobs (tests, benchmarks). Never throws; a budget stop or running out of attempts gives a typed failure.
 */
export function generateNonogram(
  params: NonogramParams,
  seed: string,
  budget: Budget = {},
  options: GeneratorOptions = {},
): GenerateResult<Nonogram, Solution> {
  return runPipeline(params, seed, budget, options);
}

export type ColourGeneratorOptions = ColourPipelineOptions;

export const COLOUR_DEFAULTS = COLOUR_PIPELINE_DEFAULTS;

/**
 * Generates a colour nonogram (generator version 2) in `params.colours` colours besides the
 * background whose measured level equals the requested one and whose uniqueness the colour search
 * proved, with the generator's own knobs (tests, benchmarks). Never throws.
 */
export function generateColourNonogram(
  params: ColourPipelineParams,
  seed: string,
  budget: Budget = {},
  options: ColourGeneratorOptions = {},
): GenerateResult<Nonogram, Solution> {
  return runColourPipeline(params, seed, budget, options);
}
