/**
 * FROZEN (edgematch generator version 3): the playable generation of version 3, written frozen. Never
 * edit this file to change behaviour: a change is a new generator version (see ../versions.ts). The
 * certificate (backtrack.ts's `countBacktrack` counting colourings, distinct.ts), the grader and the
 * level bands it calls are today's modules while their text is the one pinned in ../pins.json
 * (copy-on-write: a change to them freezes a copy first).
 *
 * One attempt (seeded by attempt number; seed text `edgematch@3:<params>#<seed>`):
 * 1. Plant, shuffle and turn as version 1 (`plantDistinct` of pipeline-v1.ts): distinct, asymmetric
 *    pieces, so a board and the picture it shows are the same thing.
 * 2. Clues: a seeded order of all cells; the first `startClues(params)` (the params' clues, more for
 *    the easy levels) are the starting clues.
 * 3. Certify: the backtracker counting to 2 as colourings, in `certificateNodes` placements (default
 *    4,000,000). `multiple`: repair as version 1 (the planted placement where the second solution
 *    differs becomes a clue), up to `maxRepairs`. `inconclusive` at its node cap: the candidate is
 *    rejected (never shipped, never "none").
 * 4. Grade, then bisect to the level: the clue sequence (the certified clues, then the rest of the
 *    order) is cut at k clues. Too hard: k is bisected between the certified count and all cells
 *    (more clues keep the puzzle unique; each cut is graded). Too easy: k is bisected between 1 and
 *    the certified count, each cut certified first (not unique or inconclusive counts as too few).
 *    At most `maxBisections` grades per candidate; the candidate nearest the level is kept.
 * 5. At the level: done (the certificate is the final puzzle's own count). After `levelAttempts`
 *    graded candidates none at the level: the nearest (version 2's exact-level failure, applied by
 *    ../versions.ts).
 */
import { Meter, type Budget } from '../../../../core/budget.ts';
import { LEVEL_BANDS, levelOfScore, type GenerateDiagnostics, type GenerateOptions, type GenerateResult, type Grade, type Level } from '../../../../core/family.ts';
import { Rng } from '../../../../core/rng.ts';
import type { BudgetStop, Verdict } from '../../../../core/verdict.ts';
import { countBacktrack } from '../../backtrack.ts';
import { Deducer } from '../../deduce.ts';
import { deduceForGrade, gradeCertified, gradeOfDeduction } from '../../grader.ts';
import { makeInstance, rotatePiece, verifyBoard } from '../../puzzle.ts';
import type { Board, Clue, Instance, Piece, Placement, Rotation } from '../../types.ts';
import { type PipelineParams, plantDistinct } from './pipeline-v1.ts';

type EdgematchGenerateResult = GenerateResult<Instance, Board>;

/** Version 3's default palettes and clues by board size: version 1's to 8x8, then 9x9 and 10x10. */
export function defaultColoursV3(width: number, height: number): { borderColours: number; interiorColours: number; clues: number } {
  const cells = width * height;
  if (cells <= 20) return { borderColours: 3, interiorColours: 4, clues: 1 };
  if (cells <= 30) return { borderColours: 3, interiorColours: 6, clues: 1 };
  if (cells <= 42) return { borderColours: 4, interiorColours: 8, clues: 1 };
  if (cells <= 56) return { borderColours: 5, interiorColours: 10, clues: 2 };
  if (cells <= 64) return { borderColours: 5, interiorColours: 12, clues: 3 };
  if (cells <= 81) return { borderColours: 5, interiorColours: 14, clues: 5 };
  return { borderColours: 6, interiorColours: 16, clues: 6 };
}

/** The params part of the seed text: `6x6-medium`, then `-bB`, `-iI`, `-kK` where they differ from the size's defaults. */
export function paramsTextV3(p: PipelineParams): string {
  const def = defaultColoursV3(p.width, p.height);
  const extra = (p.borderColours !== def.borderColours ? `-b${p.borderColours}` : '') + (p.interiorColours !== def.interiorColours ? `-i${p.interiorColours}` : '') + (p.clues !== def.clues ? `-k${p.clues}` : '');
  return `${p.width}x${p.height}-${p.level}${extra}`;
}

/** Starting clues by level: the params' clues, plus a share of the cells for the easier levels. */
export function startClues(p: PipelineParams): number {
  const n = p.width * p.height;
  if (p.level === 'expert') return Math.min(p.clues, 1);
  const extra: Record<Level, number> = { easy: Math.floor(n / 6), medium: Math.floor(n / 16), hard: 0, expert: 0 };
  return Math.min(n, p.clues + extra[p.level]);
}

export interface PipelineV3Options extends GenerateOptions {
  maxAttempts?: number;
  /** Placement budget of each certificate (part of the generator's definition). */
  certificateNodes?: number;
  /** Clues a candidate may gain while being certified (repairs). */
  maxRepairs?: number;
  /** Grades per candidate while bisecting towards the level. */
  maxBisections?: number;
  /** Graded candidates after which the one nearest the level is taken. */
  levelAttempts?: number;
}

/** Trials per cell of the quick deduction that steers the search below expert (the grader's cap is 40). */
export const QUICK_TRIALS_PER_CELL = 10;

export const PIPELINE_V3_DEFAULTS = { maxAttempts: 40, certificateNodes: 4_000_000, maxRepairs: 8, maxBisections: 8, levelAttempts: 12 };

interface Candidate {
  inst: Instance;
  solution: Board;
  certificate: Verdict<Board>;
  grade: Grade;
  distance: number;
  path: string;
}

/**
 * Generates a puzzle whose uniqueness a completed count proved, graded, at the requested level or the
 * nearest found. Never throws: a budget stop or running out of attempts is a typed failure.
 */
export function runPipelineV3(params: PipelineParams, seed: string, budget: Budget = {}, options: PipelineV3Options = {}): EdgematchGenerateResult {
  const opts = { ...PIPELINE_V3_DEFAULTS, ...options };
  const meter = new Meter(budget);
  const diag: GenerateDiagnostics = { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} };
  const reject = (why: string): void => {
    diag.rejected[why] = (diag.rejected[why] ?? 0) + 1;
  };
  const fail = (reason: BudgetStop | 'attempts-exhausted', message: string): EdgematchGenerateResult => {
    diag.ms = meter.elapsedMs();
    return { ok: false, reason, message, diagnostics: diag };
  };
  const { width: w, height: h, level, borderColours: nb, interiorColours: ni } = params;
  const n = w * h;
  const id = `edgematch@3:${paramsTextV3(params)}#${seed}`;
  const [lo, hi] = LEVEL_BANDS[level];
  const distanceOf = (score: number): number => (score < lo ? lo - score : score >= hi ? score - hi + 1 : 0);
  let best: Candidate | null = null;
  let graded = 0;

  const certify = (inst: Instance): Verdict<Board> => {
    const v = countBacktrack(inst, { limit: 2, distinct: 'colourings', budget: { ...meter.remaining(), maxNodes: opts.certificateNodes } });
    diag.nodes += v.stats.nodes;
    // The caller's node limit counts every certificate; it is read between two (see `stopped`).
    meter.tick(v.stats.nodes);
    return v;
  };
  const stopped = (): EdgematchGenerateResult | null => (meter.check() ? null : fail(meter.stopped!, `stopped (${meter.stopped}) after ${diag.attempts} attempts`));
  const gradeStop = (stop: BudgetStop, attempt: number): EdgematchGenerateResult => fail(stop, `stopped (${stop}) while grading attempt ${attempt + 1}`);

  for (let attempt = 0; attempt < opts.maxAttempts; attempt++) {
    const halt = stopped();
    if (halt) return halt;
    diag.attempts = attempt + 1;
    opts.onProgress?.({ attempts: attempt + 1, maxAttempts: opts.maxAttempts, ms: meter.elapsedMs() });
    const rng = new Rng(`${id}/${attempt}`);
    const shown = plantDistinct(rng.fork('plant'), w, h, nb, ni);
    if (!shown) {
      reject('plant-not-distinct');
      continue;
    }
    // Shuffle and turn: piece k is cell order[k]'s piece turned back by r_k.
    const order = rng.fork('order').shuffle(Array.from({ length: n }, (_, i) => i));
    const turns = rng.fork('rotation');
    const pieces: Piece[] = [];
    const solution: Placement[] = new Array(n);
    for (let k = 0; k < n; k++) {
      const r = turns.int(4) as Rotation;
      pieces.push(rotatePiece(shown[order[k]], (4 - r) & 3));
      solution[order[k]] = { piece: k, rotation: r };
    }
    const clueRng = rng.fork('clues');
    const clueOrder = clueRng.shuffle(Array.from({ length: n }, (_, i) => i));
    const clueAt = (cells: readonly number[]): Clue[] => cells.map((cell) => ({ cell, piece: solution[cell].piece, rotation: solution[cell].rotation }));
    let clueCells = clueOrder.slice(0, startClues(params));
    const build = (cells: readonly number[]): Instance | null => {
      const made = makeInstance(w, h, pieces, clueAt(cells));
      return made.ok ? made.value : null;
    };
    let inst = build(clueCells);
    if (!inst || !verifyBoard(inst, solution).ok) {
      reject('internal-plant');
      continue;
    }
    let certificate = certify(inst);
    let path = 'direct';
    for (let repair = 0; certificate.kind === 'multiple' && repair < opts.maxRepairs; repair++) {
      if (!meter.check()) break;
      const other = certificate.solutions.find((s) => s.some((p, c) => p!.piece !== solution[c].piece || p!.rotation !== solution[c].rotation))!;
      const differ = clueOrder.filter((c) => !clueCells.includes(c) && (other[c]!.piece !== solution[c].piece || other[c]!.rotation !== solution[c].rotation));
      if (differ.length === 0) break;
      clueCells = [...clueCells, clueRng.pick(differ)];
      path = `repair-${repair + 1}`;
      inst = build(clueCells)!;
      certificate = certify(inst);
    }
    const halt2 = stopped();
    if (halt2) return halt2;
    if (certificate.kind !== 'unique') {
      reject(certificate.kind === 'inconclusive' ? `certificate-${certificate.stop}` : `certificate-${certificate.kind}`);
      continue;
    }
    if (!certificate.solution.every((p, c) => p!.piece === solution[c].piece && p!.rotation === solution[c].rotation)) {
      reject('verify');
      continue;
    }
    // The clue sequence: the certified clues, then the rest of the order; a cut at k is its first k.
    const certifiedK = clueCells.length;
    const sequence = [...clueCells, ...clueOrder.filter((c) => !clueCells.includes(c))];
    const certs = new Map<number, Verdict<Board>>([[certifiedK, certificate]]);
    type Cut = { inst: Instance; grade: Grade | null };
    const cuts = new Map<number, Cut>();
    // A cut's grade (null: too hard, not solved by deduction in the quick cap, below expert).
    const gradeCut = (k: number): Cut | { stop: BudgetStop } => {
      const had = cuts.get(k);
      if (had) return had;
      if (!meter.check()) return { stop: meter.stopped! };
      const at = build(sequence.slice(0, k))!;
      const d = level === 'expert' ? deduceForGrade(at) : new Deducer(at).run(at, QUICK_TRIALS_PER_CELL * n);
      // Solved within the quick cap: the grader's own run (its cap never bound).
      const cut = { inst: at, grade: level === 'expert' || d.solved ? gradeOfDeduction(at, solution, d).grade : null };
      cuts.set(k, cut);
      return cut;
    };
    const scoreOfCut = (cut: Cut): number => (cut.grade ? cut.grade.score : 101);
    const first = gradeCut(certifiedK);
    if ('stop' in first) return gradeStop(first.stop, attempt);
    graded++;
    let bestK = certifiedK;
    let bestCut = first;
    const consider = (k: number, cut: Cut): void => {
      if (distanceOf(scoreOfCut(cut)) < distanceOf(scoreOfCut(bestCut))) {
        bestK = k;
        bestCut = cut;
      }
    };
    // Another cut: 'band', 'hard' (too hard, or under the certified cut not unique or not decided
    // within its cap: too few clues to ship) or 'easy'; a budget stop ends the generation.
    const evaluate = (k: number): 'band' | 'hard' | 'easy' | { stop: BudgetStop } => {
      if (!certs.has(k)) {
        const v = certify(build(sequence.slice(0, k))!);
        if (!meter.check()) return { stop: meter.stopped! };
        if (v.kind !== 'unique') return 'hard';
        certs.set(k, v);
      }
      const cut = gradeCut(k);
      if ('stop' in cut) return cut;
      consider(k, cut);
      const score = scoreOfCut(cut);
      return score >= hi ? 'hard' : score < lo ? 'easy' : 'band';
    };
    // Gallop away from the certified cut (1, 2, 4… clues more or fewer), then bisect the bracket.
    const tooHard = scoreOfCut(first) >= hi;
    if (tooHard || scoreOfCut(first) < lo) {
      let hard = tooHard ? certifiedK : 0;
      let easy = tooHard ? n + 1 : certifiedK;
      let evals = 0;
      let found = false;
      for (let delta = 1; evals < opts.maxBisections; delta *= 2) {
        const k = tooHard ? Math.min(n, certifiedK + delta) : Math.max(1, certifiedK - delta);
        if (k === (tooHard ? hard : easy)) break;
        const r = evaluate(k);
        evals++;
        if (typeof r === 'object') return gradeStop(r.stop, attempt);
        if (r === 'band') {
          found = true;
          break;
        }
        if (r === 'hard') hard = k;
        else easy = k;
        if (tooHard ? r === 'easy' : r === 'hard') break;
      }
      while (!found && evals < opts.maxBisections && easy - hard > 1 && easy <= n && hard >= 1) {
        const mid = (hard + easy) >> 1;
        const r = evaluate(mid);
        evals++;
        if (typeof r === 'object') return gradeStop(r.stop, attempt);
        if (r === 'band') found = true;
        else if (r === 'hard') hard = mid;
        else easy = mid;
      }
      if (bestK > certifiedK) path = `${path}+eased-${bestK - certifiedK}`;
      if (bestK < certifiedK) path = `${path}+hardened-${certifiedK - bestK}`;
    }
    // A deadline or cancel met while bisecting must stop the generation, not change its output.
    const halt4 = stopped();
    if (halt4) return halt4;
    inst = bestCut.inst;
    // The cut taken, graded by the grader itself (a quick run that did not solve it says only "too hard").
    let grade = bestCut.grade;
    if (!grade) {
      const g = gradeCertified(inst, solution, meter.remaining());
      if ('stop' in g) return gradeStop(g.stop, attempt);
      grade = g.grade;
    }
    // The final puzzle's own certificate (more clues than a certified cut: unique, and quick).
    let cert = certs.get(bestK);
    if (!cert) {
      cert = certify(inst);
      const halt5 = stopped();
      if (halt5) return halt5;
      if (cert.kind !== 'unique') {
        reject(`ease-${cert.kind === 'inconclusive' ? cert.stop : cert.kind}`);
        continue;
      }
    }
    const distance = distanceOf(grade.score);
    if (distance === 0) {
      diag.ms = meter.elapsedMs();
      diag.path = path;
      return { ok: true, puzzle: inst, solution, id, grade, certificate: cert, diagnostics: diag };
    }
    reject(`level-${levelOfScore(grade.score)}`);
    if (!best || distance < best.distance) best = { inst, solution, certificate: cert, grade, distance, path };
    if (graded >= opts.levelAttempts) break;
  }
  if (best) {
    diag.ms = meter.elapsedMs();
    diag.path = `nearest-level ${best.grade.level} (${best.path})`;
    return { ok: true, puzzle: best.inst, solution: best.solution, id, grade: best.grade, certificate: best.certificate, diagnostics: diag };
  }
  return fail('attempts-exhausted', `no ${w}x${h} puzzle certified unique in ${opts.maxAttempts} attempts (${JSON.stringify(diag.rejected)})`);
}
