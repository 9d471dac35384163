/**
 * FROZEN (numberlink generator version 7): version 6's pipeline (pipeline-v6.ts, copied unchanged but
 * for this header, the seed text and the names), so version 7 is strict at every size: its params text
 * (`paramsTextV7`, in the seed text `numberlink@7:<params>#<seed>` and the id) names the rule only when it
 * is not strict, where versions 1-6 leave out the size's old default (strict up to 100 cells, no-2x2
 * above). The same pair count as version 6: at least one pair per CELLS_PER_PAIR_V6[level] cells under
 * strict. Never edit this file to change behaviour: a change is a new version.
 */
import { Meter, type Budget } from '../../../../core/budget.ts';
import type { GenerateDiagnostics } from '../../../../core/family.ts';
import { Rng } from '../../../../core/rng.ts';
import type { BudgetStop, Verdict } from '../../../../core/verdict.ts';
import { linksFromPaths } from '../../puzzle.ts';
import type { Numberlink, Solution } from '../../types.ts';
import { certify as certifyStages } from './certify-v1.ts';
import { growCover, mergeCover, puzzleOf, splitAt, splitWhereDifferent } from './cover-v1.ts';
import { BANDS, deducerFor, GRADE_TRIALS_PER_CELL, gradeCertified, levelOf } from './grade-v2.ts';
import { PIPELINE_DEFAULTS, type PipelineOptions, type PipelineParams, type PipelineResult, type PipelineSettings } from './pipeline-v1.ts';
import { pairCountV6 } from './pipeline-v6.ts';

/** Score points above a level's band within which candidates are graded in full (as version 5). */
const NEAR = 15;
/** Graded candidates after which the search for a level stops if none came within NEAR of it (as version 5). */
const HOPELESS_AFTER = 4;
/** The params part of version 7's seed text and id: `20x20-hard`, the rule only when it is not strict (`20x20-hard-no-2x2`). */
export function paramsTextV7(p: PipelineParams): string {
  return `${p.width}x${p.height}-${p.level}${p.rule === 'strict' ? '' : `-${p.rule}`}`;
}

/** A generation of `settings.version`; never throws, a budget stop or running out of attempts is a typed failure. */
export function runPipelineV7(settings: PipelineSettings, params: PipelineParams, seed: string, budget: Budget = {}, options: PipelineOptions = {}): PipelineResult {
  const opts = { ...PIPELINE_DEFAULTS, ...options };
  const meter = new Meter(budget);
  const { width: w, height: h, level, rule } = params;
  const grid = { width: w, height: h };
  const k = pairCountV6(w, h, level, rule);
  const diag: GenerateDiagnostics = { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} };
  const reject = (why: string): void => {
    diag.rejected[why] = (diag.rejected[why] ?? 0) + 1;
  };
  const fail = (reason: BudgetStop | 'attempts-exhausted', message: string): PipelineResult => {
    diag.ms = meter.elapsedMs();
    return { ok: false, reason, message, diagnostics: diag };
  };
  const rootSeed = `numberlink@${settings.version}:${paramsTextV7(params)}#${seed}`;
  // Graded versions keep the first candidate at the requested level, else the one whose score is
  // nearest that level's band once levelAttempts candidates were graded.
  let best: { puzzle: Numberlink; solution: Solution; certificate: Verdict<Solution>; distance: number } | null = null;
  let graded = 0;
  const [lo, hi] = BANDS[level];
  for (let attempt = 0; attempt < opts.maxAttempts; attempt++) {
    if (!meter.check()) return fail(meter.stopped!, `stopped (${meter.stopped}) after ${attempt} attempts`);
    diag.attempts = attempt + 1;
    opts.onProgress?.({ attempts: attempt + 1, maxAttempts: opts.maxAttempts, ms: meter.elapsedMs() });
    const rng = new Rng(`${rootSeed}/${attempt}`);
    const first = growCover(rng, w, h, k);
    if (!first) {
      reject('cover-stuck');
      continue;
    }
    let cover: number[][] = mergeCover(rng, first, k, grid);
    const certify = (c: number[][]): Verdict<Solution> => {
      // The caller's deadline and signal, never its memory cap: a cap changes which stage of the
      // count runs, so which second solution a 'multiple' carries, so where a repair splits, so which
      // puzzle a seed gives. The solvers' own caps bound the certificates.
      const { deadlineMs, signal } = meter.remaining();
      const v = certifyStages(puzzleOf(w, h, c, rule), settings.stages, opts.certificateNodes, deadlineMs, signal);
      diag.nodes += v.stats.nodes;
      // The caller's node limit counts every certificate; it is read between two.
      meter.tick(v.stats.nodes);
      return v;
    };
    const stopped = (): BudgetStop | null => (meter.check() ? null : meter.stopped);
    let certificate = certify(cover);
    for (let round = 0; certificate.kind === 'multiple' && round < opts.maxRepairs && stopped() === null; round++) {
      // Repair: split the planted path at a cell where another solution differs, pinning it there.
      const planted = linksFromPaths(grid, cover);
      const other = certificate.solutions.find((x) => x.some((v, i) => v !== planted[i]))!;
      const next = splitWhereDifferent(cover, planted, other, grid, rng);
      if (!next) break;
      cover = next;
      certificate = certify(cover);
      diag.path = `repair-${round + 1}`;
    }
    const stop = stopped();
    if (stop) return fail(stop, `stopped (${stop}) during attempt ${attempt + 1}`);
    if (certificate.kind !== 'unique') {
      reject(certificate.kind === 'inconclusive' ? `certificate-${certificate.stop}` : `certificate-${certificate.kind}`);
      continue;
    }
    let p = puzzleOf(w, h, cover, rule);
    // The planted cover is a solution, so the unique one must be it.
    const planted = linksFromPaths(p, cover);
    if (certificate.kind !== 'unique' || !planted.every((x, i) => x === certificate.solution[i])) {
      reject('verify');
      continue;
    }
    let solution = certificate.solution;
    let cert: Verdict<Solution> = certificate;
    if (!settings.byLevel) {
      diag.ms = meter.elapsedMs();
      return { ok: true, puzzle: p, solution, id: rootSeed, certificate: cert, diagnostics: diag };
    }
    // A candidate far too hard for the level is known as soon as its score passes the band's top by
    // NEAR points (its distance is then a lower bound); nearer ones are graded in full.
    let g = gradeCertified(p, solution, meter.remaining(), hi + NEAR);
    if ('stop' in g) return fail(g.stop, `stopped (${g.stop}) while grading attempt ${attempt + 1}`);
    graded++;
    let score = 'atLeast' in g ? g.atLeast : g.grade.score;
    // An easing version eases a candidate too hard for the level: split paths where the grader's deduction
    // needed trials, then certify and grade again.
    for (let ease = 0; settings.ease && score >= hi && ease < opts.maxEases; ease++) {
      const next = splitAt(cover, deducerFor(p, solution).run(GRADE_TRIALS_PER_CELL * w * h).trialCells, grid);
      if (!next) break;
      const v = certify(next);
      const easeStop = stopped();
      if (easeStop) return fail(easeStop, `stopped (${easeStop}) while easing attempt ${attempt + 1}`);
      if (v.kind !== 'unique') {
        reject(`ease-${v.kind === 'inconclusive' ? v.stop : v.kind}`);
        break;
      }
      const q = puzzleOf(w, h, next, rule);
      const eased = gradeCertified(q, v.solution, meter.remaining(), hi + NEAR);
      if ('stop' in eased) return fail(eased.stop, `stopped (${eased.stop}) while grading attempt ${attempt + 1}`);
      cover = next;
      cert = v;
      solution = v.solution;
      p = q;
      g = eased;
      score = 'atLeast' in g ? g.atLeast : g.grade.score;
      diag.path = `eased-${ease + 1}`;
    }
    const distance = score < lo ? lo - score : score >= hi ? score - hi + 1 : 0;
    if (distance === 0 && 'grade' in g) {
      diag.ms = meter.elapsedMs();
      return { ok: true, puzzle: p, solution, id: rootSeed, certificate: cert, diagnostics: diag, grade: g.grade };
    }
    reject(`level-${levelOf(score)}`);
    if (!best || distance < best.distance) best = { puzzle: p, solution, certificate: cert, distance };
    // Stop when enough were graded, or early when the first ones are all far from the level (a
    // size where it is out of reach, e.g. easy at 30x30).
    if (graded >= opts.levelAttempts || (graded >= HOPELESS_AFTER && best.distance > NEAR)) break;
  }
  if (best) {
    // The nearest candidate, graded in full (its score may have been a lower bound so far).
    const g = gradeCertified(best.puzzle, best.solution, meter.remaining(), Infinity);
    if ('stop' in g) return fail(g.stop, `stopped (${g.stop}) while grading`);
    if ('atLeast' in g) throw new Error('numberlink generator: uncapped grading stopped early (bug)');
    diag.ms = meter.elapsedMs();
    diag.path = `nearest-level ${g.grade.level}`;
    return { ok: true, puzzle: best.puzzle, solution: best.solution, id: rootSeed, certificate: best.certificate, diagnostics: diag, grade: g.grade };
  }
  return fail('attempts-exhausted', `no ${w}x${h} ${level} puzzle certified unique under ${rule} in ${opts.maxAttempts} attempts`);
}
