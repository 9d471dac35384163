/**
 * The Numberlink generator versions, each a named pipeline (core `GeneratorVersion`) fixed
 * copy-on-write. Every module a version's output depends on is one of:
 *
 * - a live module whose text is pinned: its SHA-256 is in `pins.json` beside this file, with the
 *   versions that run it, and test/generator-versions.test.ts fails once it changes. Today: the
 *   certificates' path
 *   search (search.ts), the CNF and the CDCL solver of their last stage (cnf.ts, core/sat.ts), the
 *   deduction the grader scores (deduce.ts), the node accounting (core/budget.ts's `Meter`) and the
 *   level bands (core/family.ts). Before such a module changes behaviour, its pinned text is copied to
 *   `frozen/<name>-v<N>.ts` (N the first version that pins it) and those versions pointed there; a
 *   change that cannot alter a puzzle (a comment, formatting) is re-pinned with `npm run pin-generators`,
 *   which the reviewer sees in the manifest diff;
 * - a frozen copy under `frozen/`, named by the first version that used it and never edited: the older
 *   corner sweeps of versions 1 to 3 and the frontier counter of version 3 (sweep-v3.ts, frontier-v3.ts for versions 3–6), the generation loop, the candidate builder, the certificate's
 *   stages and path search, the grader the levels are picked by (`grade-v2.ts`: today's grader.ts
 *   without `gradeNumberlink`, whose count would tie the versions to the whole live solver);
 * - shared for a stated reason that makes it output-neutral (`SHARED_MODULES` below, core
 *   SHARED_CORE_MODULES): the puzzle's data and rules (types.ts, puzzle.ts), which are what a puzzle
 *   and its id are for every catalogue, and core `Rng`, the seeded stream every id rests on.
 *
 * To change what a version makes, add a version: new settings (and new frozen modules for what it does
 * otherwise), a new entry below, a golden file `test/golden/numberlink-v<N>.json`.
 */
import {
  exactLevel,
  generateByVersion,
  LEVEL_BANDS,
  type GenerateDiagnostics,
  type GenerateOptions,
  type GenerateResult,
  type GeneratorVersion,
} from '../../../core/family.ts';
import { Meter, type Budget } from '../../../core/budget.ts';
import type { Numberlink, Solution } from '../types.ts';
import { CornerSweep as SweepV1 } from './frozen/sweep-v1.ts';
import { CornerSweep as SweepV2 } from './frozen/sweep-v2.ts';
import { CornerSweep as SweepV3 } from './frozen/sweep-v3.ts';
import { frontierCount as frontierV3 } from './frozen/frontier-v3.ts';
import { gradeCertified } from './frozen/grade-v2.ts';
import { paramsText, runPipeline, type PipelineOptions, type PipelineParams, type PipelineResult, type PipelineSettings } from './frozen/pipeline-v1.ts';
import type { CertifyStages } from './frozen/certify-v1.ts';
import { plainCount as plainV6 } from './frozen/plain-v6.ts';
import { runPipelineV6 } from './frozen/pipeline-v6.ts';
import { paramsTextV7, runPipelineV7 } from './frozen/pipeline-v7.ts';
import type { Verdict } from '../../../core/verdict.ts';

/** Version 1's certificate: the corner sweep its golden file was made with (7ec4847); under strict, path search then clause learning. */
const STAGES_V1: CertifyStages = { sweep: (p, rule) => new SweepV1(p, rule), frontier: null };
/** Version 2's: the corner sweep of its golden file (ec1337d, with forward checking). */
const STAGES_V2: CertifyStages = { sweep: (p, rule) => new SweepV2(p, rule), frontier: null };
/** Versions 3–4: the sweep since 53c53eb (backjumping; frozen/sweep-v3.ts), and the frontier counter first under strict (frozen/frontier-v3.ts). */
const STAGES_V3: CertifyStages = { sweep: (p, rule) => new SweepV3(p, rule), frontier: (p, o) => frontierV3(p, o) };

/**
 * Version 6's strict stage: the frozen plain-rule counter (deduction, then the frontier counter on the
 * settled links) with the whole share. An inconclusive count reports the whole share spent, so the
 * certificate (certify-v1.ts) stops there with node-limit and the candidate is rejected: only a
 * completed count certifies, never the path search or clause learning after it (which on 20x20 and
 * larger boards would only burn the budget).
 */
function plainStageV6(p: Numberlink, o: { limit: number; budget: Budget }): Verdict<Solution> {
  const v = plainV6(p, { limit: o.limit, budget: o.budget });
  if (v.kind !== 'inconclusive') return v;
  return { ...v, stats: { ...v.stats, nodes: Math.max(v.stats.nodes, o.budget.maxNodes ?? v.stats.nodes) } };
}
/** Version 6: the sweep of versions 3–5 under no-2x2 and no-touch, the frozen plain-rule counter under strict. */
const STAGES_V6: CertifyStages = { sweep: (p, rule) => new SweepV3(p, rule), frontier: plainStageV6 };

const SETTINGS: Record<1 | 2 | 3 | 4 | 5 | 6 | 7, PipelineSettings> = {
  1: { version: 1, stages: STAGES_V1, byLevel: false, ease: false },
  2: { version: 2, stages: STAGES_V2, byLevel: true, ease: false },
  3: { version: 3, stages: STAGES_V3, byLevel: true, ease: false },
  4: { version: 4, stages: STAGES_V3, byLevel: true, ease: true },
  5: { version: 5, stages: STAGES_V3, byLevel: true, ease: true },
  6: { version: 6, stages: STAGES_V6, byLevel: true, ease: true },
  7: { version: 7, stages: STAGES_V6, byLevel: true, ease: true },
};

/**
 * Version 5's level search: as version 4's (the same pipeline, its seed text naming version 5), with
 * more graded candidates, in up to 12 runs, before it gives up; the nearest candidate then is the typed `other-level`
 * failure carrying it, never a puzzle filed under the level asked.
 */
const EXACT_LEVEL_ATTEMPTS = 24;
/** Runs of the pipeline version 5 makes before it gives up on the level. */
const EXACT_LEVEL_ROUNDS = 12;

/**
 * Version 6's knobs, part of its definition: the node share of each certificate (the plain-rule
 * counter's trials and frontier nodes; a count it cannot finish is rejected) and the repairs a candidate gets.
 */
const V6_OPTIONS: PipelineOptions = { certificateNodes: 2_000_000, maxRepairs: 12 };

/** Settings of a version, for the generator's own knobs (tests, benchmarks); undefined for one not in this build. */
export function pipelineSettings(version: number): PipelineSettings | undefined {
  return (SETTINGS as Record<number, PipelineSettings | undefined>)[version];
}

/** A version's generation with the grade it is filed under (version 1 grades its pick with the frozen grader). */
function runGraded(
  settings: PipelineSettings,
  params: PipelineParams,
  seed: string,
  budget: Budget = {},
  options: PipelineOptions = {},
): GenerateResult<Numberlink, Solution> {
  const r: PipelineResult =
    settings.version === 7
      ? runPipelineV7(settings, params, seed, budget, options)
      : settings.version === 6
        ? runPipelineV6(settings, params, seed, budget, options)
        : runPipeline(settings, params, seed, budget, options);
  if (!r.ok) return r;
  if (r.grade) return { ...r, grade: r.grade };
  const g = gradeCertified(r.puzzle, r.solution, budget, Infinity);
  // The certificate proved uniqueness, so only a budget stop can leave the grade undecided.
  if ('stop' in g) return { ok: false, reason: g.stop, message: `certified, but not graded: grading stopped (${g.stop})`, diagnostics: r.diagnostics };
  if ('atLeast' in g) throw new Error('numberlink generator: uncapped grading stopped early (bug)');
  return { ...r, grade: g.grade };
}

const COMMON = {
  cover: 'frozen/cover-v1.ts: pair count K, covers grown path by path, joins towards K, repair and easing splits (every draw from the seeded stream)',
  loop: 'frozen/pipeline-v1.ts: seed text numberlink@<version>:<params>#<seed>, 100 attempts, 12 repairs, the level search (12 graded, NEAR 15, hopeless after 4), 60 easing rounds',
  certificate:
    'frozen/certify-v1.ts: count to 2 in a 2,000,000-node share; 20,000 path-search nodes (numberlink/search.ts, pinned), then clause learning (numberlink/cnf.ts, core/sat.ts, pinned); no windows, no split count',
  nodes: 'core/budget.ts (pinned): the node accounting of every stage (Meter: tick past the limit stops; shares by remaining())',
} as const;
const GRADER =
  'frozen/grade-v2.ts with numberlink/deduce.ts (pinned): the score and the trial cells easing splits at; core/family.ts (pinned): the level bands';

type NumberlinkParams = PipelineParams;

/**
 * Version 5's run; `options` are the pipeline's knobs (tests, benchmarks), its level search 24 graded
 * unless set. Up to EXACT_LEVEL_ROUNDS runs of the pipeline (seeds `seed`, then `seed/round-2`, ...)
 * under the one budget, since the pipeline stops a level search early on sizes where its first
 * candidates are far from the level; the first candidate at the level asked is kept, else the
 * nearest over all rounds is the other-level failure carrying it.
 */
export function runExactLevel(
  params: PipelineParams,
  seed: string,
  budget: Budget = {},
  options: PipelineOptions = {},
  version: 5 | 6 | 7 = 5,
): GenerateResult<Numberlink, Solution> {
  const meter = new Meter(budget);
  const id = `numberlink@${version}:${version === 7 ? paramsTextV7(params) : paramsText(params)}#${seed}`;
  const defaults: PipelineOptions = version >= 6 ? V6_OPTIONS : {};
  const diag: GenerateDiagnostics = { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} };
  const [lo, hi] = LEVEL_BANDS[params.level];
  const distance = (score: number): number => (score < lo ? lo - score : score >= hi ? score - hi + 1 : 0);
  let nearest: (GenerateResult<Numberlink, Solution> & { ok: false }) | null = null;
  for (let round = 0; round < EXACT_LEVEL_ROUNDS; round++) {
    const s = round === 0 ? seed : `${seed}/round-${round + 1}`;
    const r = exactLevel(
      runGraded(SETTINGS[version], params, s, meter.remaining(), { levelAttempts: EXACT_LEVEL_ATTEMPTS, ...defaults, ...options }),
      params.level,
    );
    diag.attempts += r.diagnostics.attempts;
    diag.nodes += r.diagnostics.nodes;
    for (const [why, n] of Object.entries(r.diagnostics.rejected)) diag.rejected[why] = (diag.rejected[why] ?? 0) + n;
    diag.path = round === 0 ? r.diagnostics.path : `round-${round + 1} ${r.diagnostics.path}`;
    diag.ms = meter.elapsedMs();
    meter.tick(r.diagnostics.nodes);
    if (r.ok) return { ...r, id, diagnostics: diag };
    // A budget stop after a round that came out at another level still carries that round's puzzle.
    if (r.reason !== 'other-level' || !r.nearest) return { ...r, diagnostics: diag, ...(nearest?.nearest ? { nearest: nearest.nearest } : {}) };
    if (!nearest?.nearest || distance(r.nearest.grade.score) < distance(nearest.nearest.grade.score)) nearest = r;
  }
  return { ...nearest!, diagnostics: { ...diag, path: `nearest-level ${nearest!.nearest!.grade.level}` } };
}

/** The table `generate` dispatches through, oldest first. */
export const NUMBERLINK_GENERATORS: readonly GeneratorVersion<Numberlink, Solution, NumberlinkParams>[] = [
  {
    version: 1,
    name: 'numberlink-v1-first-certified',
    summary: 'The first candidate certified unique, whatever its graded level.',
    pinned: {
      ...COMMON,
      sweep:
        'frozen/sweep-v1.ts: the corner sweep of commit 7ec4847 that made the v1 golden file (later sweeps count fewer nodes, so other candidates complete in the share: 30x30-expert#g2 had moved)',
      frontier: 'none (strict: path search, then clause learning)',
      grader: `${GRADER} (not used to pick; it labels the pick)`,
    },
    run: (params, seed, budget, options) => runGraded(SETTINGS[1], params, seed, budget, { onProgress: options?.onProgress }),
  },
  {
    version: 2,
    name: 'numberlink-v2-graded-level',
    summary: 'Each certified candidate graded; the first at the requested level, else the nearest of 12.',
    pinned: {
      ...COMMON,
      sweep: 'frozen/sweep-v2.ts: the corner sweep of commit ec1337d that made the v2 golden file (forward checking, before backjumping)',
      frontier: 'none (strict: path search, then clause learning)',
      grader: GRADER,
    },
    run: (params, seed, budget, options) => runGraded(SETTINGS[2], params, seed, budget, { onProgress: options?.onProgress }),
  },
  {
    version: 3,
    name: 'numberlink-v3-frontier-certificate',
    summary: 'As version 2, with the exact frontier counter first in strict certificates.',
    pinned: {
      ...COMMON,
      sweep: 'frozen/sweep-v3.ts: the corner sweep of commit a58a316 (unchanged since before the v3 golden file)',
      frontier: 'frozen/frontier-v3.ts: the frontier counter of commit a58a316 (unchanged to 57ace1a), with the whole share',
      grader: GRADER,
    },
    run: (params, seed, budget, options) => runGraded(SETTINGS[3], params, seed, budget, { onProgress: options?.onProgress }),
  },
  {
    version: 4,
    name: 'numberlink-v4-eased',
    summary: 'As version 3; a candidate too hard for its level has paths split where deduction needed trials.',
    pinned: { ...COMMON, sweep: 'frozen/sweep-v3.ts', frontier: 'frozen/frontier-v3.ts', grader: GRADER },
    run: (params, seed, budget, options) => runGraded(SETTINGS[4], params, seed, budget, { onProgress: options?.onProgress }),
  },
  {
    version: 5,
    name: 'numberlink-v5-exact-level',
    summary: 'As version 4, 24 graded candidates a run, up to 12 runs; none at the level asked is the other-level failure carrying the nearest.',
    pinned: {
      ...COMMON,
      loop: `${COMMON.loop.replace('12 graded', `${EXACT_LEVEL_ATTEMPTS} graded`)}; up to ${EXACT_LEVEL_ROUNDS} runs (seeds S, S/round-2, ...) under one budget; the nearest is a failure (core exactLevel)`,
      sweep: 'frozen/sweep-v3.ts',
      frontier: 'frozen/frontier-v3.ts',
      grader: GRADER,
    },
    run: (params, seed, budget, options) => runExactLevel(params, seed, budget, { onProgress: options?.onProgress }),
  },
  {
    version: 6,
    name: 'numberlink-v6-plain-certificate',
    summary:
      'As version 5, with the plain-rule counter (deduction, then the frontier counter on the settled links) as the strict certificate: a count it cannot finish rejects the candidate.',
    pinned: {
      ...COMMON,
      cover: `${COMMON.cover}; under strict at least one pair per 7 / 8 / 9 / 10 cells (easy to expert: frozen/pipeline-v6.ts)`,
      loop: `frozen/pipeline-v6.ts (version 5's loop, its own pair count): ${COMMON.loop.slice(COMMON.loop.indexOf(':') + 2).replace('12 graded', `${EXACT_LEVEL_ATTEMPTS} graded`)}; up to ${EXACT_LEVEL_ROUNDS} runs (seeds S, S/round-2, ...) under one budget; the nearest is a failure (core exactLevel)`,
      certificate:
        'frozen/certify-v1.ts: count to 2 in a 2,000,000-node share; under strict frozen/plain-v6.ts (deduction frozen/probe-v6.ts, then frozen/frontier-v3.ts and frozen/sweep-v3.ts) with the whole share, an inconclusive count rejecting the candidate (no path search, no clause learning); under no-2x2 and no-touch the sweep as version 5',
      sweep: 'frozen/sweep-v3.ts',
      frontier: 'frozen/frontier-v3.ts, inside frozen/plain-v6.ts',
      grader: GRADER,
    },
    run: (params, seed, budget, options) => runExactLevel(params, seed, budget, { onProgress: options?.onProgress }, 6),
  },
  {
    version: 7,
    name: 'numberlink-v7-plain-everywhere',
    summary: 'As version 6, strict (the plain rule) at every size when the params name no rule: its params text names the rule only when not strict.',
    pinned: {
      ...COMMON,
      cover: `${COMMON.cover}; under strict at least one pair per 7 / 8 / 9 / 10 cells (easy to expert: frozen/pipeline-v6.ts)`,
      loop: `frozen/pipeline-v7.ts (version 6's loop, seed text numberlink@7:<params>#<seed> with the rule named only when not strict): 100 attempts, 12 repairs, the level search (${EXACT_LEVEL_ATTEMPTS} graded, NEAR 15, hopeless after 4), 60 easing rounds; up to ${EXACT_LEVEL_ROUNDS} runs (seeds S, S/round-2, ...) under one budget; the nearest is a failure (core exactLevel)`,
      certificate:
        'as version 6: frozen/certify-v1.ts, count to 2 in a 2,000,000-node share; under strict frozen/plain-v6.ts (deduction frozen/probe-v6.ts, then frozen/frontier-v3.ts and frozen/sweep-v3.ts) with the whole share, an inconclusive count rejecting the candidate; under no-2x2 and no-touch the sweep as version 5',
      sweep: 'frozen/sweep-v3.ts',
      frontier: 'frozen/frontier-v3.ts, inside frozen/plain-v6.ts',
      grader: GRADER,
    },
    run: (params, seed, budget, options) => runExactLevel(params, seed, budget, { onProgress: options?.onProgress }, 7),
  },
];

/**
 * The current version, which `generate` runs when none is asked: version 7, the plain rule (strict)
 * at every size unless the params name another rule. Versions 1-6 stay in the table, so their ids
 * open with their old puzzles (no-2x2 above 100 cells when their params name no rule).
 */
export const CURRENT_VERSION: number = 7;

/** `generate` of the family: the table's entry for `options.version`, or the typed `unsupported-version`. */
export function generateNumberlinkVersion(
  params: NumberlinkParams,
  seed: string,
  budget?: Budget,
  options?: GenerateOptions,
): GenerateResult<Numberlink, Solution> {
  return generateByVersion('numberlink', NUMBERLINK_GENERATORS, CURRENT_VERSION, params, seed, budget, options);
}

/**
 * The family modules the pipelines share with today's code, each with why it cannot change an output
 * (with core's SHARED_CORE_MODULES; test/generator-versions.test.ts holds the pipelines' imports to both).
 */
export const SHARED_MODULES: Readonly<Record<string, string>> = {
  'src/families/numberlink/types.ts': "the puzzle's data types, directions and rule names",
  'src/families/numberlink/puzzle.ts':
    'the puzzle and its rules (makeNumberlink, verifySolution, linksFromPaths, endpointGrid, ruleViolation, tracePaths, hasOnePathBlock): what a puzzle and its id are, for every catalogue, not only generated ones; the format round trips and the golden files pin them',
};
