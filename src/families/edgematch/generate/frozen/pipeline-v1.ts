/**
 * FROZEN (edgematch generator version 1): the playable generation, copied from `generatePlayable` and
 * `plantDistinct` of playable.ts at commit a58a316. The certificate (`countEdgematch`, 200,000 nodes,
 * limit 2), the grader and the level bands it calls are today's xcc-model.ts, grader.ts and core
 * LEVEL_BANDS while their text is the one pinned in ../pins.json (copy-on-write: a change to them
 * freezes a copy first). Never edit this file to change behaviour: a change is a new generator version
 * (see ../versions.ts).
 */
import { Meter, type Budget } from '../../../../core/budget.ts';
import { LEVEL_BANDS, levelOfScore, type GenerateDiagnostics, type GenerateOptions, type GenerateResult, type Grade, type Level } from '../../../../core/family.ts';
import { Rng } from '../../../../core/rng.ts';
import type { BudgetStop, Verdict } from '../../../../core/verdict.ts';
import { gradeCertified } from '../../grader.ts';
import { isBorderJoint, jointSlot, makeInstance, neighbour, pieceKey, rotatePiece, verifyBoard } from '../../puzzle.ts';
import type { Board, Clue, Instance, Piece, Placement, Rotation } from '../../types.ts';
import { countEdgematch, edgematchModel } from '../../xcc-model.ts';

/** The params a generation reads (playable.ts `PlayableParams`). */
export interface PipelineParams {
  width: number;
  height: number;
  level: Level;
  borderColours: number;
  interiorColours: number;
  clues: number;
}

type EdgematchGenerateResult = GenerateResult<Instance, Board>;

/** The default palettes and clues by board size (playable.ts `defaultColours` at a58a316). */
function defaultColours(width: number, height: number): { borderColours: number; interiorColours: number; clues: number } {
  const cells = width * height;
  if (cells <= 20) return { borderColours: 3, interiorColours: 4, clues: 1 };
  if (cells <= 30) return { borderColours: 3, interiorColours: 6, clues: 1 };
  if (cells <= 42) return { borderColours: 4, interiorColours: 8, clues: 1 };
  if (cells <= 56) return { borderColours: 5, interiorColours: 10, clues: 2 };
  return { borderColours: 5, interiorColours: 12, clues: 3 };
}

/** The params part of the seed text: `6x6-medium`, then `-bB`, `-iI`, `-kK` where they differ from the size's defaults. */
export function paramsText(p: PipelineParams): string {
  const def = defaultColours(p.width, p.height);
  const extra = (p.borderColours !== def.borderColours ? `-b${p.borderColours}` : '') + (p.interiorColours !== def.interiorColours ? `-i${p.interiorColours}` : '') + (p.clues !== def.clues ? `-k${p.clues}` : '');
  return `${p.width}x${p.height}-${p.level}${extra}`;
}

/** Recolouring tries allowed per cell when planting distinct, asymmetric pieces. */
const PLANT_FIXES = 50;

/**
 * A solved board of distinct (up to rotation), asymmetric pieces, as the colours each cell shows
 * `[N, E, S, W]`; null when the recolouring did not converge.
 */
export function plantDistinct(rng: Rng, width: number, height: number, nb: number, ni: number): Piece[] | null {
  const n = width * height;
  // Joint 2·cell + 0 is the cell's E joint, 2·cell + 1 its S joint.
  const colour = new Int32Array(2 * n);
  const paletteOf = (cell: number, d: number): [number, number] => (isBorderJoint(width, height, cell, d) ? [1, nb] : [nb + 1, ni]);
  const jointsOf: number[][] = Array.from({ length: n }, () => []);
  for (let c = 0; c < n; c++) {
    for (const d of [1, 2]) {
      const j = neighbour(width, height, c, d);
      if (j < 0) continue;
      const [first, count] = paletteOf(c, d);
      const id = 2 * c + (d - 1);
      colour[id] = first + rng.int(count);
      jointsOf[c].push(id);
      jointsOf[j].push(id);
    }
  }
  const shown = (c: number): Piece => {
    const side = (d: number): number => {
      const slot = jointSlot(width, height, c, d);
      return slot < 0 ? 0 : colour[slot];
    };
    return [side(0), side(1), side(2), side(3)];
  };
  for (let fix = 0; fix <= PLANT_FIXES * n; fix++) {
    const seen = new Set<string>();
    let bad = -1;
    for (let c = 0; c < n && bad < 0; c++) {
      const p = shown(c);
      const k = pieceKey(p);
      if (seen.has(k) || rotatePiece(p, 2).every((x, d) => x === p[d])) bad = c;
      seen.add(k);
    }
    if (bad < 0) return Array.from({ length: n }, (_, c) => shown(c));
    const id = rng.pick(jointsOf[bad]);
    const c = id >> 1;
    const [first, count] = paletteOf(c, (id & 1) + 1);
    colour[id] = first + rng.int(count);
  }
  return null;
}

export interface PipelineOptions extends GenerateOptions {
  maxAttempts?: number;
  /** Node budget of each certificate (part of the generator's definition). */
  certificateNodes?: number;
  /** Clues a candidate may gain while being certified (repairs). */
  maxRepairs?: number;
  /** Clues a candidate too hard for its level may gain (easing). */
  maxEases?: number;
  /** Graded candidates after which the one nearest the level is taken. */
  levelAttempts?: number;
}

export const PIPELINE_DEFAULTS = { maxAttempts: 40, certificateNodes: 200_000, maxRepairs: 8, maxEases: 24, levelAttempts: 6 };

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
export function runPipeline(params: PipelineParams, seed: string, budget: Budget = {}, options: PipelineOptions = {}): EdgematchGenerateResult {
  const opts = { ...PIPELINE_DEFAULTS, ...options };
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
  const id = `edgematch@1:${paramsText(params)}#${seed}`;
  const [lo, hi] = LEVEL_BANDS[level];
  let best: Candidate | null = null;
  let graded = 0;

  const certify = (inst: Instance): Verdict<Board> => {
    const v = countEdgematch(inst, { limit: 2, model: edgematchModel(inst), budget: { ...meter.remaining(), maxNodes: opts.certificateNodes } });
    diag.nodes += v.stats.nodes;
    // The caller's node limit counts every certificate; it is read between two (see `stopped`).
    meter.tick(v.stats.nodes);
    return v;
  };
  const stopped = (): EdgematchGenerateResult | null => (meter.check() ? null : fail(meter.stopped!, `stopped (${meter.stopped}) after ${diag.attempts} attempts`));

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
    let clueCells = clueOrder.slice(0, params.clues);
    const build = (): Instance | null => {
      const made = makeInstance(w, h, pieces, clueAt(clueCells));
      return made.ok ? made.value : null;
    };
    let inst = build();
    if (!inst || !verifyBoard(inst, solution).ok) {
      reject('internal-plant');
      continue;
    }
    let certificate = certify(inst);
    let path = 'direct';
    for (let repair = 0; certificate.kind !== 'unique' && certificate.kind !== 'none' && repair < opts.maxRepairs; repair++) {
      if (!meter.check()) break;
      let cell: number;
      if (certificate.kind === 'multiple') {
        const other = certificate.solutions.find((s) => s.some((p, c) => p!.piece !== solution[c].piece || p!.rotation !== solution[c].rotation))!;
        const differ = clueOrder.filter((c) => !clueCells.includes(c) && (other[c]!.piece !== solution[c].piece || other[c]!.rotation !== solution[c].rotation));
        if (differ.length === 0) break;
        cell = clueRng.pick(differ);
        path = `repair-${repair + 1}`;
      } else {
        const free = clueOrder.filter((c) => !clueCells.includes(c));
        cell = clueRng.pick(free);
        path = `budget-clue-${repair + 1}`;
      }
      clueCells = [...clueCells, cell];
      inst = build()!;
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
    let g = gradeCertified(inst, solution, meter.remaining());
    if ('stop' in g) return fail(g.stop, `stopped (${g.stop}) while grading attempt ${attempt + 1}`);
    graded++;
    // Easing: fix the planted placement where the deduction's first concluded trial was.
    for (let ease = 0; g.grade.score >= hi && ease < opts.maxEases; ease++) {
      const at = g.deduction.refuted[0]?.cell;
      if (at === undefined || clueCells.includes(at)) break;
      clueCells = [...clueCells, at];
      const next = build()!;
      const v = certify(next);
      const halt3 = stopped();
      if (halt3) return halt3;
      if (v.kind !== 'unique') {
        reject(`ease-${v.kind === 'inconclusive' ? v.stop : v.kind}`);
        clueCells = clueCells.slice(0, -1);
        break;
      }
      const eased = gradeCertified(next, solution, meter.remaining());
      if ('stop' in eased) return fail(eased.stop, `stopped (${eased.stop}) while grading attempt ${attempt + 1}`);
      inst = next;
      certificate = v;
      g = eased;
      path = `${path}+eased-${ease + 1}`;
    }
    // A deadline or cancel met while easing must stop the generation, not change its output.
    const halt3 = stopped();
    if (halt3) return halt3;
    const score = g.grade.score;
    const distance = score < lo ? lo - score : score >= hi ? score - hi + 1 : 0;
    if (distance === 0) {
      diag.ms = meter.elapsedMs();
      diag.path = path;
      return { ok: true, puzzle: inst, solution, id, grade: g.grade, certificate, diagnostics: diag };
    }
    reject(`level-${levelOfScore(score)}`);
    if (!best || distance < best.distance) best = { inst, solution, certificate, grade: g.grade, distance, path };
    if (graded >= opts.levelAttempts) break;
  }
  if (best) {
    diag.ms = meter.elapsedMs();
    diag.path = `nearest-level ${best.grade.level} (${best.path})`;
    return { ok: true, puzzle: best.inst, solution: best.solution, id, grade: best.grade, certificate: best.certificate, diagnostics: diag };
  }
  return fail('attempts-exhausted', `no ${w}x${h} puzzle certified unique in ${opts.maxAttempts} attempts (${JSON.stringify(diag.rejected)})`);
}
