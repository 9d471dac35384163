/**
 * The playable edge-matching generator. Version 3, the default (generate/frozen/pipeline-v3.ts, whose
 * header says each step): sides 4 to 10, version 1's planting, the backtracker's count to 2 as
 * colourings for a certificate (4,000,000 placements; inconclusive rejects the candidate), starting
 * clues by level, then clues added or removed by galloping and bisection until the grader measures the
 * level asked; as version 2, only that level is kept (else the other-level failure with the nearest).
 * Measured (bench/results/edgematch-playable.json, user CPU, 5 seeds, shared machine): 8x8 median 4 ms
 * easy, 16 medium, 123 hard, 292 expert, max 568 ms; 10x10 see bench/RESULTS.md. Versions 1 and 2
 * refuse sides over 8 (`sideRefusal`).
 *
 * Version 2: version 1's pipeline, described below, keeping a
 * candidate only at the level asked (12 graded candidates, then the other-level failure carrying the
 * nearest; step 5's "nearest-level" return is version 1's). Version 1 (run as the pipeline of generate/versions.ts: its
 * loop is a frozen copy, and the certificate, grader and level bands it runs are pinned copy-on-write,
 * so today's solver may change, after freezing what the version runs, without changing what an old
 * seeded id opens): small boards (4x4 to 8x8, rectangles too) whose
 * unique solution a completed count proved, at a measured difficulty. (The planted generator of
 * planted.ts makes benchmark instances, uncertified; it keeps its own version.)
 *
 * Output depends only on (params, seed, version): integer arithmetic on the seeded stream (core Rng)
 * and node budgets that are part of this definition (`certificateNodes`); a deadline or a cancel may
 * stop a generation, never change which puzzle comes out. Never throws at the caller: a typed failure
 * with diagnostics when no puzzle is certified in budget.
 *
 * One attempt (seeded by attempt number):
 * 1. Plant. Every joint gets a random colour of its palette (border colours 1..B on the joints along the
 *    rim, interior colours B+1..B+I elsewhere); then, while some piece is symmetric (N = S and E = W) or
 *    equal up to rotation to an earlier one, one of its joints is recoloured at random (up to
 *    PLANT_FIXES tries, else the attempt is rejected). So every piece is distinct and asymmetric, and a
 *    board and the picture it shows are the same thing (see xcc-model.ts on what counts as a solution).
 * 2. Shuffle the pieces and turn each by a random rotation (rim pieces too).
 * 3. Clues: K cells (params, default by size) in a seeded random order, from the planted solution.
 *    Without a clue no square puzzle is unique (the solution turned a quarter turn is another one) and
 *    no rectangle either (a half turn).
 * 4. Certify: `countEdgematch` with limit 2 and `certificateNodes` nodes. `multiple`: repair, i.e. add the
 *    planted placement as a clue at a cell where the second solution differs (seeded choice among those
 *    cells), and certify again. `inconclusive` (node limit): add a clue at a random cell (a smaller
 *    search) and certify again. Up to `maxRepairs` clues added; then the attempt is rejected.
 * 5. Grade (grader.ts, measured). At the requested level: done. Too hard: ease by fixing, as a clue, the
 *    planted placement at the cell of the deduction's first concluded trial (where a player would be
 *    stuck), certify and grade again, up to `maxEases` times. Still off the level: the next attempt;
 *    after `levelAttempts` graded candidates the one nearest the level's band is returned (diagnostics
 *    path "nearest-level …"; its grade says what it is).
 *
 * Measurements behind the defaults (one machine, 10 plantings per row, first certificate with the
 * default clues, 200k nodes): 6x6 b4 i8: 8 unique, 2 multiple, avg 25 ms; one colour fewer of each
 * palette (b3 i6): 8 of 10 inconclusive. 7x7 b5 i10: 9 unique, 1 multiple, 140 ms; b4 i8: 6
 * inconclusive. 8x8 b5 i12 k3: 7 unique, 1 multiple, 2 inconclusive, 1 s avg; b4 i10: 8 inconclusive;
 * b6 i15: all unique in 0.1 s but easier. Whole generations (5 seeds per level, defaults): 4x4 and
 * 5x5 under 0.1 s; 6x6 0.2–0.6 s; 7x7 0.3–2 s avg (4 s max); 8x8 2.4–8.8 s avg (16 s max, expert).
 * Every level is reached from 5x5 up (4x4 tops out at hard; 7x7 and 8x8 expert 2–3 of 5, else the
 * nearest, hard).
 */
import type { Budget } from '../../core/budget.ts';
import { isLevel, LEVELS, versionRefusal, type GenerateOptions, type GenerateResult, type Level } from '../../core/family.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { excerpt } from '../../core/text.ts';
import { PIPELINE_DEFAULTS, runPipeline, type PipelineOptions } from './generate/frozen/pipeline-v1.ts';
import { defaultColoursV3, PIPELINE_V3_DEFAULTS, type PipelineV3Options } from './generate/frozen/pipeline-v3.ts';
import { CURRENT_VERSION, EDGEMATCH_GENERATORS, generateEdgematchVersion, runExactLevel, runV3, sideRefusal } from './generate/versions.ts';
import type { Board, Instance } from './types.ts';

export const PLAYABLE_VERSION: number = CURRENT_VERSION;
export const PLAYABLE_VERSIONS: readonly number[] = EDGEMATCH_GENERATORS.map((g) => g.version);
export { EDGEMATCH_GENERATORS } from './generate/versions.ts';
export const PLAY_MIN_SIDE = 4;
/** Version 3 makes boards to 10x10; versions 1 and 2 refuse sides over 8 (V1_MAX_SIDE, generate/versions.ts). */
export const PLAY_MAX_SIDE = 10;

export interface PlayableParams {
  width: number;
  height: number;
  level: Level;
  /** Colours on the joints along the rim (1..B). */
  borderColours: number;
  /** Colours on all other joints (B+1..B+I). */
  interiorColours: number;
  /** Clues placed before certifying (repairs may add more). */
  clues: number;
}

/**
 * Default palettes by board size (cells), chosen from measurements: enough
 * colours that distinct asymmetric pieces plant easily and that counting to 2 completes within the
 * certificate budget, few enough that the puzzle needs thought.
 */
export function defaultColours(width: number, height: number): { borderColours: number; interiorColours: number; clues: number } {
  // Version 3's table (frozen/pipeline-v3.ts): versions 1 and 2's to 8x8 (64 cells), then 9x9 and 10x10.
  return defaultColoursV3(width, height);
}

/** Params with the size's default colours and clues. */
export function playableParams(width: number, height: number = width, level: Level = 'medium'): PlayableParams {
  return { width, height, level, ...defaultColours(width, height) };
}

/** `6x6-medium` (default colours and clues), `6x5-hard-b4-i8-k1`; `6` is 6x6 medium. */
export function parsePlayableParams(text: string): Result<PlayableParams> {
  const m = /^\s*(\d{1,3})(?:x(\d{1,3}))?(?:-([a-z]+))?(?:-b(\d{1,3}))?(?:-i(\d{1,3}))?(?:-k(\d{1,3}))?\s*$/.exec(text);
  if (!m)
    return err(parseError('ERR_SYNTAX', `bad edgematch params "${excerpt(text)}": expected WxH-level[-bB][-iI][-kK], e.g. 6x6-medium or 6x5-hard-b4-i8-k1`));
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const level = m[3] ?? 'medium';
  if (!isLevel(level)) return err(parseError('ERR_SYNTAX', `unknown level "${excerpt(level, 24)}" (expected ${LEVELS.join(', ')})`));
  const def = defaultColours(width, height);
  const p: PlayableParams = {
    width,
    height,
    level,
    borderColours: m[4] === undefined ? def.borderColours : Number(m[4]),
    interiorColours: m[5] === undefined ? def.interiorColours : Number(m[5]),
    clues: m[6] === undefined ? def.clues : Number(m[6]),
  };
  const bad = playableParamsProblem(p);
  return bad ? err(parseError('ERR_SIZE', bad)) : ok(p);
}

export function makePlayableParams(p: PlayableParams): string {
  const def = defaultColours(p.width, p.height);
  const extra =
    (p.borderColours !== def.borderColours ? `-b${p.borderColours}` : '') +
    (p.interiorColours !== def.interiorColours ? `-i${p.interiorColours}` : '') +
    (p.clues !== def.clues ? `-k${p.clues}` : '');
  return `${p.width}x${p.height}-${p.level}${extra}`;
}

/** Why params cannot be generated, or null. */
export function playableParamsProblem(p: PlayableParams): string | null {
  for (const v of [p.width, p.height]) {
    if (!Number.isInteger(v) || v < PLAY_MIN_SIDE || v > PLAY_MAX_SIDE) return `sides must be from ${PLAY_MIN_SIDE} to ${PLAY_MAX_SIDE}, got ${v}`;
  }
  if (!isLevel(p.level)) return `unknown level "${String(p.level)}"`;
  // Distinct corners need 4 ordered pairs of border colours; distinct asymmetric interior pieces need a few colours.
  if (!Number.isInteger(p.borderColours) || p.borderColours < 2 || p.borderColours > 40) return 'border colours must be 2 to 40';
  if (!Number.isInteger(p.interiorColours) || p.interiorColours < 2 || p.interiorColours > 60) return 'interior colours must be 2 to 60';
  if (!Number.isInteger(p.clues) || p.clues < 0 || p.clues > p.width * p.height) return `clues must be 0 to ${p.width * p.height}`;
  return null;
}

export { plantDistinct } from './generate/frozen/pipeline-v1.ts';

/** The generator's knobs (tests, benchmarks): version 1 and 2's pipeline options, version 3's. */
export interface PlayableOptions extends GenerateOptions, PipelineOptions, PipelineV3Options {}

/** The knobs' defaults: versions 1 and 2 (`PLAYABLE_DEFAULTS`), version 3 (`PLAYABLE_V3_DEFAULTS`). */
export const PLAYABLE_DEFAULTS = PIPELINE_DEFAULTS;
export const PLAYABLE_V3_DEFAULTS = PIPELINE_V3_DEFAULTS;

export type EdgematchGenerateResult = GenerateResult<Instance, Board>;

/** The seeded id of a generation: `edgematch@3:6x6-medium#seed`. */
export const playableId = (params: PlayableParams, seed: string, version: number = PLAYABLE_VERSION): string =>
  `edgematch@${version}:${makePlayableParams(params)}#${seed}`;

/**
 * Generates a puzzle whose uniqueness a completed count proved, graded, at the requested level or the
 * nearest found, by the frozen pipeline of `options.version` (generate/versions.ts), with the
 * generator's own knobs (tests, benchmarks). Never throws: a budget stop, running out of attempts or a
 * version not in this build is a typed failure.
 */
export function generatePlayable(params: PlayableParams, seed: string, budget: Budget = {}, options: PlayableOptions = {}): EdgematchGenerateResult {
  const version = options.version ?? PLAYABLE_VERSION;
  const refused = versionRefusal('edgematch', version, PLAYABLE_VERSIONS);
  if (refused) return refused;
  const bad = playableParamsProblem(params);
  if (bad)
    return {
      ok: false,
      reason: 'attempts-exhausted',
      message: `bad params: ${bad}`,
      diagnostics: { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} },
    };
  const { version: _version, onProgress, ...knobs } = options;
  // With no knob set, the family's table runs the version; knobs (tests, benchmarks) need the
  // pipeline itself: version 1's, or version 2's exact-level run of it.
  if (Object.keys(knobs).length === 0) return generateEdgematchVersion(params, seed, budget, { version, onProgress });
  if (version === 3) return runV3(params, seed, budget, options);
  return sideRefusal(version, params) ?? (version === 1 ? runPipeline(params, seed, budget, options) : runExactLevel(params, seed, budget, options));
}
