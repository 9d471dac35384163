/**
 * The Numberlink generator, version 7 (version 4's pipeline, described here; version 5 keeps a
 * candidate only at the level asked, 6 certifies strict by the plain-rule counter, 7 is strict at every
 * size: see "Version 5" on below): a cover of the board by paths, built at random from the seed,
 * certified unique by the solver under the puzzle's rule set (count to 2, completed, within a node
 * budget that is part of the generator's definition, so the output never depends on the clock). The
 * budget counts the certificate's nodes, so the certificate's solvers are fixed per version, frozen
 * copies (generate/frozen/) or today's modules pinned by hash (generate/pins.json, copy-on-write):
 * today's solver may change its node counts, once what a version runs is frozen, without moving its output.
 * Version 1 ran on a corner sweep since changed (its node counts fell), which the sampled golden check
 * missed; its pipeline runs that sweep again.
 *
 * The cover (`growCover`): paths grown one at a time from the free cell with the fewest free
 * neighbours, each walking to the free neighbour with the fewest free neighbours that keeps it from
 * touching itself, up to a drawn length around W·H/K; paths under 3 cells are taken into a neighbour;
 * then paths whose ends meet are joined while they stay touch-free, down to K = round(α·√(W·H)·β)
 * pairs (α = 0.50 / 0.70 / 0.85 / 1.00 for easy / medium / hard / expert, β = 1 + 0.15·(1 − min/max
 * side)). Every path keeps 3+ cells and ends 2+ apart; no path touches itself, so the planted solution
 * holds under every rule set. A second solution is repaired by splitting the planted path where that
 * solution differs. Puzzles often keep more pairs than K (joins run out).
 *
 * The level: each certified candidate is graded (grader.ts, measured, never the request); the first at
 * the requested level is returned, or, after `levelAttempts` graded candidates, the one whose score is
 * nearest that level's band (diagnostics path "nearest-level …"; its grade says what it is); after 4
 * when none came within 15 points of the band (the level is out of reach at that size). Pair
 * counts alone do not set the difficulty: over generated 7x7 to 20x20 puzzles, pairs per √cells and
 * the grader's score are uncorrelated (Pearson r between −0.12 and 0.15 for α from 0.5 to 2.0), while
 * size matters much (bench/RESULTS.md), so the level is chosen by grading. Version 1 (still runnable)
 * returned the first certified candidate whatever its grade.
 *
 * Easing (version 4): a candidate that grades above its level's band has its paths split where the
 * grader's deduction needed trials (each trial's cells, one split per path per round), is certified
 * again and graded again, up to `maxEases` rounds, while it stays unique (diagnostics path "eased-N").
 * The new endpoints state what deduction could not find, so big boards reach easy and medium too
 * (versions 2 and 3 filed nearly every 30x30 puzzle as expert, whatever was asked), at the cost of more
 * and shorter paths: 30x30 easy has about 100 to 150 pairs. Versions 2 and 3 (still runnable) took the
 * nearest candidate instead.
 *
 * The rule (versions 1-6): `strict` up to STRICT_MAX_CELLS cells when the params name none; above that
 * certifying under strict was too slow to be practical then (measured with the frontier counter in the
 * certificate: 10x10 median 0.1 s, 10x15 0.2 s, 15x15 about 9 s, 20x20 none within 20 s;
 * bench/RESULTS.md), so larger sizes defaulted to `no-2x2`, which the corner sweep certifies fast.
 * Version 7 (the default) is strict at every size: see below. The rule is in the params and the id
 * when it is not the version's default, and an explicit rule in the params is obeyed.
 *
 * Version 6: the plain-rule counter (plain.ts, frozen as
 * generate/frozen/plain-v6.ts) certifies strict candidates, a count it cannot finish in its share
 * rejecting the candidate, and strict candidates get at least a pair per 7 / 8 / 9 / 10 cells (easy
 * to expert), which deduction mostly settles: strict at every size, 20x20 easy and medium in tens of
 * ms, hard and expert 1.4 s and 3.2 s median CPU (bench/RESULTS.md "Numberlink: generation under the
 * plain rule"). Its ids name the rule past 100 cells (`numberlink@6:20x20-hard-strict#s`).
 *
 * Version 7 (the default): version 6's pipeline (generate/frozen/pipeline-v7.ts) with strict the
 * default at every size, so `numberlink@7:20x20-hard#s` is a plain-rule puzzle; its ids name the rule
 * only when it is not strict (`numberlink@7:20x20-hard-no-2x2#s`). `parseParams` and `makeParams`
 * take the version, so an old id (`numberlink@6:20x20-hard#s`, no-2x2) still opens its old puzzle.
 *
 * Each version runs as a named pipeline (generate/versions.ts): the cover builder, the certificate's
 * stages and node accounting, and the grader it picks levels by are frozen copies under
 * generate/frozen/ or today's modules pinned by hash (generate/pins.json), so today's solver and grader
 * can change without changing what an old seeded id or share link opens. This module keeps the params and the generator's entry point.
 */
import type { Budget } from '../../core/budget.ts';
import { isLevel, LEVELS, versionRefusal, type GenerateOptions, type GenerateResult, type Level } from '../../core/family.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { excerpt } from '../../core/text.ts';
import { PIPELINE_DEFAULTS, runPipeline, type PipelineOptions, type PipelineResult } from './generate/frozen/pipeline-v1.ts';
import { CURRENT_VERSION, NUMBERLINK_GENERATORS, pipelineSettings, runExactLevel } from './generate/versions.ts';
import { isRule, RULES, type Numberlink, type Rule, type Solution } from './types.ts';

export { growCover, mergeCover, pairCount } from './generate/frozen/cover-v1.ts';
export { NUMBERLINK_GENERATORS } from './generate/versions.ts';

export const GENERATOR_VERSION: number = CURRENT_VERSION;
/**
 * Version 1: the first certified candidate whatever its graded level. Version 2: the level chosen by
 * grading. Version 3: as 2, with the frontier counter in the certificate under strict (faster; a
 * certificate that ran out of nodes before may now complete, so outputs can differ). Version 4: as 3,
 * with easing. Version 5: as 4, keeping only the level asked for (else the typed other-level failure
 * carrying the nearest). Version 6: the plain-rule counter certifies strict. Version 7: strict at every
 * size by default. See NUMBERLINK_GENERATORS for what each pins.
 */
export const GENERATOR_VERSIONS: readonly number[] = NUMBERLINK_GENERATORS.map((g) => g.version);
/** Under versions 1-6, sizes up to this many cells default to the strict rule, larger ones to no-2x2. */
export const STRICT_MAX_CELLS = 100;
/** The first version that defaults to strict at every size. */
export const STRICT_EVERYWHERE_SINCE = 7;

/** The rule a size is generated under by `version` (default the current one) when the params name none. */
export function defaultRule(width: number, height: number, version: number = GENERATOR_VERSION): Rule {
  if (version >= STRICT_EVERYWHERE_SINCE) return 'strict';
  return width * height <= STRICT_MAX_CELLS ? 'strict' : 'no-2x2';
}
export const MIN_SIDE = 5;
export const MAX_GEN_SIDE = 40;

export interface NumberlinkParams {
  width: number;
  height: number;
  level: Level;
  rule: Rule;
}

/**
 * `10x15-hard` (the version's default rule: strict since version 7, under versions 1-6 the size's),
 * `10x15-hard-strict`, `10x15-hard-no-2x2`, `7` (7x7, medium). `version` is the generator version the
 * params are for (a seeded id's), default the current one.
 */
export function parseParams(text: string, version: number = GENERATOR_VERSION): Result<NumberlinkParams> {
  const m = /^\s*(\d+)(?:x(\d+))?(?:-([a-z]+))?(?:-([a-z0-9-]+))?\s*$/.exec(text);
  if (!m) return err(parseError('ERR_SYNTAX', `bad numberlink params "${excerpt(text)}": expected WxH-level[-rule], e.g. 10x15-hard or 10x15-hard-no-2x2`));
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const level = m[3] ?? 'medium';
  const rule = m[4] ?? defaultRule(width, height, version);
  if (!isLevel(level)) return err(parseError('ERR_SYNTAX', `unknown level "${excerpt(level, 24)}" (expected ${LEVELS.join(', ')})`));
  if (!isRule(rule)) return err(parseError('ERR_SYNTAX', `unknown rule set "${excerpt(rule, 24)}" (expected ${RULES.join(', ')})`));
  for (const v of [width, height]) {
    if (v < MIN_SIDE || v > MAX_GEN_SIDE) return err(parseError('ERR_SIZE', `sides must be from ${MIN_SIDE} to ${MAX_GEN_SIDE}, got ${v}`));
  }
  return ok({ width, height, level, rule });
}

/** The params text for `version` (default the current one): the rule named only when it is not that version's default. */
export function makeParams(p: NumberlinkParams, version: number = GENERATOR_VERSION): string {
  return `${p.width}x${p.height}-${p.level}${p.rule === defaultRule(p.width, p.height, version) ? '' : `-${p.rule}`}`;
}

export interface GeneratorOptions extends GenerateOptions, PipelineOptions {}

/** The defaults of the generator's knobs (every version's definition). */
export const DEFAULTS = PIPELINE_DEFAULTS;

/** A pipeline's result, or the typed refusal of a version not in this build. */
export type NumberlinkGenerateResult = PipelineResult | GenerateResult<Numberlink, Solution>;

/**
 * Generates a puzzle of the requested size and rule whose uniqueness a completed count proved, by the
 * frozen pipeline of `options.version` (default the current one), with the generator's own knobs (for
 * tests and benchmarks). Never throws; a budget stop or running out of attempts gives a typed failure
 * with diagnostics; a version not in this build is the typed `unsupported-version`.
 */
export function generateNumberlink(params: NumberlinkParams, seed: string, budget: Budget = {}, options: GeneratorOptions = {}): NumberlinkGenerateResult {
  const version = options.version ?? GENERATOR_VERSION;
  const settings = pipelineSettings(version);
  if (!settings) return versionRefusal('numberlink', version, GENERATOR_VERSIONS) as NumberlinkGenerateResult;
  // Version 5 on keeps only the level asked for (generate/versions.ts).
  if (version === 5 || version === 6 || version === 7) return runExactLevel(params, seed, budget, options, version);
  return runPipeline(settings, params, seed, budget, options);
}
