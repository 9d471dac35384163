/**
 * The playable edge-matching generator, version 1: small boards (4x4 to 8x8, rectangles too) whose
 * unique solution a completed count proved, at a measured difficulty. (The planted generator of
 * generator.ts makes benchmark instances, uncertified; it keeps its own version.)
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
import { Meter, type Budget } from '../../core/budget.ts';
import { isLevel, LEVEL_BANDS, LEVELS, levelOfScore, versionRefusal, type GenerateDiagnostics, type GenerateOptions, type GenerateResult, type Grade, type Level } from '../../core/family.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { Rng } from '../../core/rng.ts';
import { excerpt } from '../../core/text.ts';
import type { BudgetStop, Verdict } from '../../core/verdict.ts';
import { gradeCertified } from './grader.ts';
import { isBorderJoint, jointSlot, makeInstance, neighbour, pieceKey, rotatePiece, verifyBoard } from './puzzle.ts';
import type { Board, Clue, Instance, Piece, Placement, Rotation } from './types.ts';
import { countEdgematch, edgematchModel } from './xcc-model.ts';

export const PLAYABLE_VERSION = 1;
export const PLAYABLE_VERSIONS: readonly number[] = [1];
export const PLAY_MIN_SIDE = 4;
export const PLAY_MAX_SIDE = 8;

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
  const cells = width * height;
  if (cells <= 20) return { borderColours: 3, interiorColours: 4, clues: 1 };
  if (cells <= 30) return { borderColours: 3, interiorColours: 6, clues: 1 };
  if (cells <= 42) return { borderColours: 4, interiorColours: 8, clues: 1 };
  if (cells <= 56) return { borderColours: 5, interiorColours: 10, clues: 2 };
  return { borderColours: 5, interiorColours: 12, clues: 3 };
}

/** Params with the size's default colours and clues. */
export function playableParams(width: number, height: number = width, level: Level = 'medium'): PlayableParams {
  return { width, height, level, ...defaultColours(width, height) };
}

/** `6x6-medium` (default colours and clues), `6x5-hard-b4-i8-k1`; `6` is 6x6 medium. */
export function parsePlayableParams(text: string): Result<PlayableParams> {
  const m = /^\s*(\d{1,3})(?:x(\d{1,3}))?(?:-([a-z]+))?(?:-b(\d{1,3}))?(?:-i(\d{1,3}))?(?:-k(\d{1,3}))?\s*$/.exec(text);
  if (!m) return err(parseError('ERR_SYNTAX', `bad edgematch params "${excerpt(text)}": expected WxH-level[-bB][-iI][-kK], e.g. 6x6-medium or 6x5-hard-b4-i8-k1`));
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
  const extra = (p.borderColours !== def.borderColours ? `-b${p.borderColours}` : '') + (p.interiorColours !== def.interiorColours ? `-i${p.interiorColours}` : '') + (p.clues !== def.clues ? `-k${p.clues}` : '');
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

export interface PlayableOptions extends GenerateOptions {
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

export const PLAYABLE_DEFAULTS = { maxAttempts: 40, certificateNodes: 200_000, maxRepairs: 8, maxEases: 24, levelAttempts: 6 };

export type EdgematchGenerateResult = GenerateResult<Instance, Board>;

/** The seeded id of a generation: `edgematch@1:6x6-medium#seed`. */
export const playableId = (params: PlayableParams, seed: string, version: number = PLAYABLE_VERSION): string => `edgematch@${version}:${makePlayableParams(params)}#${seed}`;

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
export function generatePlayable(params: PlayableParams, seed: string, budget: Budget = {}, options: PlayableOptions = {}): EdgematchGenerateResult {
  const opts = { ...PLAYABLE_DEFAULTS, ...options };
  const meter = new Meter(budget);
  const diag: GenerateDiagnostics = { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} };
  const reject = (why: string): void => {
    diag.rejected[why] = (diag.rejected[why] ?? 0) + 1;
  };
  const fail = (reason: BudgetStop | 'attempts-exhausted', message: string): EdgematchGenerateResult => {
    diag.ms = meter.elapsedMs();
    return { ok: false, reason, message, diagnostics: diag };
  };
  const version = opts.version ?? PLAYABLE_VERSION;
  const refused = versionRefusal('edgematch', version, PLAYABLE_VERSIONS);
  if (refused) return refused;
  const bad = playableParamsProblem(params);
  if (bad) return fail('attempts-exhausted', `bad params: ${bad}`);
  const { width: w, height: h, level, borderColours: nb, interiorColours: ni } = params;
  const n = w * h;
  const id = playableId(params, seed, version);
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
