/**
 * FROZEN (nonogram generator version 1): the generation, copied from generator.ts at commit a58a316
 * (random pictures, visual filters, the repair that flips a cell where the ladder stalled). Its
 * assessment (ladder, certificate, grade) is today's ladder.ts counting with portfolio.ts's branching
 * stage alone, both pinned in ../pins.json (they replaced frozen copies of the same text, assess-v1.ts
 * and count-v1.ts). Never edit this file to change behaviour: a change is a new generator version
 * (see ../versions.ts).
 */
import { Meter, type Budget } from '../../../../core/budget.ts';
import type { GenerateDiagnostics, GenerateProgress, GenerateResult, Level } from '../../../../core/family.ts';
import type { BudgetStop } from '../../../../core/verdict.ts';
import { Rng } from '../../../../core/rng.ts';
import { cluesOf, verifySolution } from '../../puzzle.ts';
import { assessWith } from '../../ladder.ts';
import { countByBranching } from '../../portfolio.ts';
import { UNKNOWN, type Nonogram, type Solution } from '../../types.ts';

const GENERATOR_VERSION = 1;

export interface PipelineParams {
  width: number;
  height: number;
  level: Level;
}

const makeParams = (p: PipelineParams): string => `${p.width}x${p.height}-${p.level}`;

export interface PipelineOptions {
  /** Candidates tried before giving up. */
  maxAttempts?: number;
  /** Node budget of each candidate's grading ladder (deterministic; part of the generator's definition). */
  nodesPerAttempt?: number;
  /** Node budget of each candidate's certificate (large, so a faster solver does not change outputs). */
  certificateNodes?: number;
  /** Repairs (flipping a cell where two solutions differ) per candidate. */
  maxRepairs?: number;
  /** Told at the start of each candidate; it changes nothing in the output. */
  onProgress?: (p: GenerateProgress) => void;
}

export const PIPELINE_DEFAULTS: Required<Omit<PipelineOptions, 'onProgress'>> = { maxAttempts: 400, nodesPerAttempt: 4000, certificateNodes: 40_000, maxRepairs: 12 };

/** Density bands (percent filled, integers) and smoothing passes per level. */
const STYLE: Record<Level, { lo: number; hi: number; smooth: number }> = {
  easy: { lo: 55, hi: 68, smooth: 1 },
  medium: { lo: 46, hi: 58, smooth: 0 },
  hard: { lo: 42, hi: 54, smooth: 0 },
  expert: { lo: 40, hi: 52, smooth: 0 },
};

/** A random picture: seeded noise, majority smoothing, integer arithmetic only. */
export function randomPicture(rng: Rng, w: number, h: number, level: Level): Uint8Array {
  const style = STYLE[level];
  const pct = rng.range(style.lo, style.hi);
  let g = new Uint8Array(w * h);
  for (let i = 0; i < g.length; i++) g[i] = rng.int(100) < pct ? 1 : 0;
  for (let pass = 0; pass < style.smooth; pass++) {
    const next = new Uint8Array(g.length);
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        let n = 0;
        let cells = 0;
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            const rr = r + dr;
            const cc = c + dc;
            if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
            cells++;
            n += g[rr * w + cc];
          }
        }
        // Majority of the neighbourhood, ties keep the cell.
        const i = r * w + c;
        next[i] = 2 * n > cells ? 1 : 2 * n < cells ? 0 : g[i];
      }
    }
    g = next;
  }
  return g;
}

/** Visual filters: no empty or full line, density inside the level's band (±8 points after smoothing). */
export function visualReject(g: Uint8Array, w: number, h: number, level: Level): string | null {
  for (let r = 0; r < h; r++) {
    let s = 0;
    for (let c = 0; c < w; c++) s += g[r * w + c];
    if (s === 0) return 'empty-line';
    if (s === w) return 'full-line';
  }
  for (let c = 0; c < w; c++) {
    let s = 0;
    for (let r = 0; r < h; r++) s += g[r * w + c];
    if (s === 0) return 'empty-line';
    if (s === h) return 'full-line';
  }
  let total = 0;
  for (let i = 0; i < g.length; i++) total += g[i];
  const pct = Math.floor((100 * total) / g.length);
  const style = STYLE[level];
  if (pct < style.lo - 8 || pct > style.hi + 8) return 'density';
  return null;
}

/**
 * Generates a nonogram of the requested size whose *measured* level equals the requested one, and
 * whose uniqueness a completed count proved. Never throws; a budget stop or running out of attempts
 * gives a typed failure.
 */
export function runPipeline(params: PipelineParams, seed: string, budget: Budget = {}, options: PipelineOptions = {}): GenerateResult<Nonogram, Solution> {
  const opts = { ...PIPELINE_DEFAULTS, ...options };
  const meter = new Meter(budget);
  const { width: w, height: h, level } = params;
  const diag: GenerateDiagnostics = { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} };
  const reject = (why: string): void => {
    diag.rejected[why] = (diag.rejected[why] ?? 0) + 1;
  };
  const fail = (reason: BudgetStop | 'attempts-exhausted', message: string): GenerateResult<Nonogram, Solution> => {
    diag.ms = meter.elapsedMs();
    return { ok: false, reason, message, diagnostics: diag };
  };
  const rootSeed = `nonogram@${GENERATOR_VERSION}:${makeParams(params)}#${seed}`;
  for (let attempt = 0; attempt < opts.maxAttempts; attempt++) {
    if (!meter.check()) return fail(meter.stopped!, `stopped (${meter.stopped}) after ${attempt} attempts`);
    diag.attempts = attempt + 1;
    opts.onProgress?.({ attempts: attempt + 1, maxAttempts: opts.maxAttempts, ms: meter.elapsedMs() });
    const rng = new Rng(`${rootSeed}/${attempt}`);
    let grid = randomPicture(rng, w, h, level);
    const why = visualReject(grid, w, h, level);
    if (why) {
      reject(why);
      continue;
    }
    /** Repairs `grid` where the ladder stalled; false (rejected) when no repair passes the filters. */
    const repair = (stall: Uint8Array): boolean => {
      const next = repairAtStall(grid, stall, rng, w, h, level);
      if (next === null) reject('repair-visual');
      else grid = next;
      return next !== null;
    };
    for (let round = 0; round <= opts.maxRepairs; round++) {
      const p = cluesOf(grid, w, h);
      const sub: Budget = { ...meter.remaining(), maxNodes: opts.nodesPerAttempt };
      const assessment = assessWith(countByBranching, p, sub, opts.certificateNodes, level);
      // The caller's node limit counts every candidate's nodes; it is read between two candidates'
      // checks (so the run may pass it by one check's nodes, and the puzzles made before it do not change).
      if (!meter.tick(assessment.nodes)) return fail(meter.stopped!, `stopped (${meter.stopped}) during attempt ${attempt + 1}`);
      if (assessment.early !== undefined) {
        const { early, stall } = assessment;
        // The ladder alone shows the level is wrong. Needing search when hard or less was asked:
        // repair where the ladder stalled; otherwise try another picture.
        if (stall && early === 'expert' && level !== 'expert') {
          if (repair(stall)) continue;
          break;
        }
        reject(`level-${early}`);
        break;
      }
      const { grade, certificate, stall } = assessment;
      const nodes = certificate?.stats.nodes ?? 0;
      diag.nodes += nodes;
      if (!meter.check()) return fail(meter.stopped!, `stopped (${meter.stopped}) during attempt ${attempt + 1}`);
      if (!grade.ok && (grade.stop === 'deadline' || grade.stop === 'cancelled')) return fail(grade.stop, `stopped (${grade.stop}) during attempt ${attempt + 1}`);
      if (certificate && certificate.kind === 'multiple' && stall) {
        // Repair path: flip one planted cell where the ladder stalled (a choice that does not depend on
        // which second solution the solver happened to find), then certify again.
        if (repair(stall)) continue;
        break;
      }
      if (!grade.ok || !certificate || certificate.kind !== 'unique') {
        reject(grade.ok ? `certificate-${certificate?.kind ?? 'missing'}` : grade.stop);
        break;
      }
      if (grade.grade.level !== level) {
        reject(`level-${grade.grade.level}`);
        break;
      }
      // Certified: a completed count found exactly one solution, and it verifies independently.
      const solution = certificate.solution;
      if (!verifySolution(p, solution).ok) {
        reject('verify');
        break;
      }
      diag.path = round === 0 ? 'direct' : `repair-${round}`;
      diag.ms = meter.elapsedMs();
      return { ok: true, puzzle: p, solution, id: rootSeed, grade: grade.grade, certificate, diagnostics: diag };
    }
  }
  return fail('attempts-exhausted', `no ${level} ${w}x${h} puzzle certified in ${opts.maxAttempts} attempts`);
}

/**
 * The repair step: flips one planted cell among those the ladder left unknown (a choice that does
 * not depend on the solver), or null when there is none or the result fails the visual filters.
 */
function repairAtStall(grid: Uint8Array, stall: Uint8Array, rng: Rng, w: number, h: number, level: Level): Uint8Array | null {
  const open: number[] = [];
  for (let i = 0; i < grid.length; i++) if (stall[i] === UNKNOWN) open.push(i);
  if (open.length === 0) return null;
  const next = new Uint8Array(grid);
  next[rng.pick(open)] ^= 1;
  return visualReject(next, w, h, level) ? null : next;
}
