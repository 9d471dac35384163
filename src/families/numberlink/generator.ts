/**
 * The Numberlink generator (experimental version 0): a cover of the board by paths, built at random
 * from the seed, certified unique by the solver under the puzzle's rule set (count to 2, completed,
 * within a node budget that is part of the generator's definition, so the output never depends on the
 * clock).
 *
 * The cover: a random Hamiltonian path (backbite moves from a snake), cut wherever a piece would come
 * beside itself, so no path touches itself (about half of such covers are unique as they stand, against
 * almost none of plain cuts of the path). A second solution is repaired by splitting the planted path
 * where that solution differs. Then pieces that follow each other on the Hamiltonian path are joined,
 * in random order, while the puzzle stays unique, towards K = round(α·√(W·H)·β) pairs (α = 0.50 /
 * 0.70 / 0.85 / 1.00 for easy / medium / hard / expert, β = 1 + 0.15·(1 − min/max side)); few joins
 * keep it unique, so puzzles have more pairs than K for now. The level is the grader's, measured.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { isqrt } from '../../core/int.ts';
import { isLevel, LEVELS, type GenerateDiagnostics, type GenerateProgress, type Level } from '../../core/family.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { Rng } from '../../core/rng.ts';
import type { Verdict } from '../../core/verdict.ts';
import { directionTo, linksFromPaths, makeNumberlink, neighbour } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import { DIRS, isRule, RULES, type Numberlink, type Rule, type Solution } from './types.ts';

/**
 * Version 0 is experimental: its outputs may change without a version bump until the family is
 * registered and its golden file pinned (then version 1). See the issue note on acceptance rates.
 */
export const GENERATOR_VERSION = 0;
export const GENERATOR_VERSIONS: readonly number[] = [0];
export const MIN_SIDE = 5;
export const MAX_GEN_SIDE = 40;

export interface NumberlinkParams {
  width: number;
  height: number;
  level: Level;
  rule: Rule;
}

/** `10x15-hard` (rule strict), `10x15-hard-no-2x2`, `7` (7x7, medium, strict). */
export function parseParams(text: string): Result<NumberlinkParams> {
  const m = /^\s*(\d+)(?:x(\d+))?(?:-([a-z]+))?(?:-([a-z0-9-]+))?\s*$/.exec(text);
  if (!m) return err(parseError('ERR_SYNTAX', `bad numberlink params "${text}": expected WxH-level[-rule], e.g. 10x15-hard or 10x15-hard-no-2x2`));
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const level = m[3] ?? 'medium';
  const rule = m[4] ?? 'strict';
  if (!isLevel(level)) return err(parseError('ERR_SYNTAX', `unknown level "${level}" (expected ${LEVELS.join(', ')})`));
  if (!isRule(rule)) return err(parseError('ERR_SYNTAX', `unknown rule set "${rule}" (expected ${RULES.join(', ')})`));
  for (const v of [width, height]) {
    if (v < MIN_SIDE || v > MAX_GEN_SIDE) return err(parseError('ERR_SIZE', `sides must be from ${MIN_SIDE} to ${MAX_GEN_SIDE}, got ${v}`));
  }
  return ok({ width, height, level, rule });
}

export function makeParams(p: NumberlinkParams): string {
  return `${p.width}x${p.height}-${p.level}${p.rule === 'strict' ? '' : `-${p.rule}`}`;
}

const ALPHA: Record<Level, number> = { easy: 50, medium: 70, hard: 85, expert: 100 };


/** The number of pairs for a size and level: round(α·√(W·H)·β), in integers. */
export function pairCount(width: number, height: number, level: Level): number {
  const lo = Math.min(width, height);
  const hi = Math.max(width, height);
  const root = isqrt(width * height * 100_000_000); // √(WH)·10^4
  const num = ALPHA[level] * (100 * hi + 15 * (hi - lo)) * root;
  const den = 100 * 100 * hi * 10_000;
  return Math.max(2, Math.floor((2 * num + den) / (2 * den)));
}

export interface GeneratorOptions {
  maxAttempts?: number;
  /** Node budget of each candidate's certificate (part of the generator's definition). */
  certificateNodes?: number;
  /** Repairs per candidate: a path split where a second solution differs. */
  maxRepairs?: number;
  onProgress?: (p: GenerateProgress) => void;
}

const DEFAULTS = { maxAttempts: 100, certificateNodes: 300_000, maxRepairs: 12 };

export type NumberlinkGenerateResult =
  | { ok: true; puzzle: Numberlink; solution: Solution; id: string; certificate: Verdict<Solution>; diagnostics: GenerateDiagnostics }
  | { ok: false; reason: 'deadline' | 'cancelled' | 'node-limit' | 'attempts-exhausted'; message: string; diagnostics: GenerateDiagnostics };

/** A random Hamiltonian path of the grid: a snake randomised by backbite moves (8 per cell). */
export function randomHamiltonianPath(rng: Rng, w: number, h: number): number[] {
  const n = w * h;
  const grid = { width: w, height: h };
  const path: number[] = [];
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) path.push(r * w + (r % 2 ? w - 1 - c : c));
  const pos = new Int32Array(n);
  for (let t = 0; t < 8 * n; t++) {
    if (rng.int(2) === 1) path.reverse();
    // Backbite at the start: join path[0] to a neighbour u other than path[1], reversing path[0..u).
    const u = rng.pick(DIRS.map((d) => neighbour(grid, path[0], d)).filter((x) => x >= 0));
    if (u === path[1]) continue;
    for (let q = 0; q < n; q++) pos[path[q]] = q;
    let a = 0;
    let b = pos[u] - 1;
    while (a < b) {
      const x = path[a];
      path[a] = path[b];
      path[b] = x;
      a++;
      b--;
    }
  }
  return path;
}


type Grid = Pick<Numberlink, 'width' | 'height'>;
const adjacent = (a: number, b: number, g: Grid): boolean => directionTo(g, a, b) !== 0;

/**
 * A random cover of the board by paths that never touch themselves: a random Hamiltonian path cut
 * wherever going on would bring a piece beside itself; pieces shorter than 3 cells join the piece
 * before them. Null when the only piece's two ends touch (then no puzzle can come of it).
 */
export function noTouchCover(rng: Rng, w: number, h: number): number[][] | null {
  const grid = { width: w, height: h };
  const path = randomHamiltonianPath(rng, w, h);
  const pieces: number[][] = [];
  let cur: number[] = [];
  for (const c of path) {
    let touches = false;
    for (let t = 0; t + 1 < cur.length && !touches; t++) touches = adjacent(cur[t], c, grid);
    if (touches) {
      pieces.push(cur);
      cur = [];
    }
    cur.push(c);
  }
  pieces.push(cur);
  const out: number[][] = [];
  for (const piece of pieces) {
    if (out.length > 0 && (piece.length < 3 || out[out.length - 1].length < 3)) out[out.length - 1] = out[out.length - 1].concat(piece);
    else out.push(piece);
  }
  if (out.some((piece) => piece.length < 3 || adjacent(piece[0], piece[piece.length - 1], grid))) return null;
  return out;
}

function puzzleOf(w: number, h: number, cover: number[][], rule: Rule): Numberlink {
  const cells: (string | null)[] = new Array(w * h).fill(null);
  cover.forEach((path, i) => {
    cells[path[0]] = String(i + 1);
    cells[path[path.length - 1]] = String(i + 1);
  });
  const made = makeNumberlink(w, h, cells, rule);
  if (!made.ok) throw new Error(`generator built an invalid puzzle: ${made.error.message}`);
  return made.value;
}

/**
 * The cover with one path split in two at a cell where `other` differs from `planted`, so that the new
 * endpoints pin the planted route there; both parts keep 3+ cells and non-adjacent ends. Null if none.
 */
function splitWhereDifferent(cover: number[][], planted: Solution, other: Solution, grid: Grid, rng: Rng): number[][] | null {
  const options: [number, number][] = [];
  cover.forEach((path, t) => {
    for (let i = 2; i + 3 < path.length; i++) {
      // Split after path[i]: parts path[0..i] and path[i+1..].
      const x = path[i];
      if (planted[x] === other[x] && planted[path[i + 1]] === other[path[i + 1]]) continue;
      if (adjacent(path[0], path[i], grid) || adjacent(path[i + 1], path[path.length - 1], grid)) continue;
      options.push([t, i]);
    }
  });
  if (options.length === 0) return null;
  const [t, i] = rng.pick(options);
  const path = cover[t];
  const out = cover.slice();
  out.splice(t, 1, path.slice(0, i + 1), path.slice(i + 1));
  return out;
}

/**
 * Generates a puzzle of the requested size and rule whose uniqueness a completed count proved. Never
 * throws; a budget stop or running out of attempts gives a typed failure with diagnostics.
 */
export function generateNumberlink(params: NumberlinkParams, seed: string, budget: Budget = {}, options: GeneratorOptions = {}): NumberlinkGenerateResult {
  const opts = { ...DEFAULTS, ...options };
  const meter = new Meter(budget);
  const { width: w, height: h, level, rule } = params;
  const grid = { width: w, height: h };
  const k = Math.min(pairCount(w, h, level), Math.floor((w * h) / 3));
  const diag: GenerateDiagnostics = { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} };
  const reject = (why: string): void => {
    diag.rejected[why] = (diag.rejected[why] ?? 0) + 1;
  };
  const fail = (reason: 'deadline' | 'cancelled' | 'node-limit' | 'attempts-exhausted', message: string): NumberlinkGenerateResult => {
    diag.ms = meter.elapsedMs();
    return { ok: false, reason, message, diagnostics: diag };
  };
  const rootSeed = `numberlink@${GENERATOR_VERSION}:${makeParams(params)}#${seed}`;
  for (let attempt = 0; attempt < opts.maxAttempts; attempt++) {
    if (!meter.check()) return fail(meter.stopped!, `stopped (${meter.stopped}) after ${attempt} attempts`);
    diag.attempts = attempt + 1;
    opts.onProgress?.({ attempts: attempt + 1, maxAttempts: opts.maxAttempts, ms: meter.elapsedMs() });
    const rng = new Rng(`${rootSeed}/${attempt}`);
    const first = noTouchCover(rng, w, h);
    if (!first) {
      reject('cover-stuck');
      continue;
    }
    let cover: number[][] = first;
    const certify = (c: number[][]): Verdict<Solution> => {
      const v = countSolutions(puzzleOf(w, h, c, rule), { budget: { ...meter.remaining(), maxNodes: opts.certificateNodes } });
      diag.nodes += v.stats.nodes;
      return v;
    };
    let certificate = certify(cover);
    for (let round = 0; certificate.kind === 'multiple' && round < opts.maxRepairs; round++) {
      // Repair: split the planted path at a cell where another solution differs, pinning it there.
      const planted = linksFromPaths(grid, cover);
      const other = certificate.solutions.find((x) => x.some((v, i) => v !== planted[i]))!;
      const next = splitWhereDifferent(cover, planted, other, grid, rng);
      if (!next) break;
      cover = next;
      certificate = certify(cover);
      diag.path = `repair-${round + 1}`;
    }
    if (!meter.check()) return fail(meter.stopped!, `stopped (${meter.stopped}) during attempt ${attempt + 1}`);
    if (certificate.kind !== 'unique') {
      reject(certificate.kind === 'inconclusive' ? `certificate-${certificate.stop}` : `certificate-${certificate.kind}`);
      continue;
    }
    // Fewer pairs while the puzzle stays unique: join two pieces that follow each other on the
    // Hamiltonian path (their shared ends are side by side), in random order, down to k pairs.
    const order = rng.shuffle(Array.from({ length: cover.length - 1 }, (_, t) => t));
    for (let pass = 0; pass < 1 && cover.length > k; pass++) {
      for (let q = 0; q < order.length && cover.length > k; q++) {
        const t = Math.min(order[q], cover.length - 2);
        const a = cover[t];
        const b = cover[t + 1];
        if (!adjacent(a[a.length - 1], b[0], grid) || adjacent(a[0], b[b.length - 1], grid)) continue;
        const trial: number[][] = [...cover.slice(0, t), a.concat(b), ...cover.slice(t + 2)];
        const v = certify(trial);
        if (!meter.check()) return fail(meter.stopped!, `stopped (${meter.stopped}) during attempt ${attempt + 1}`);
        if (v.kind === 'unique') {
          cover = trial;
          certificate = v;
        }
      }
    }
    const p = puzzleOf(w, h, cover, rule);
    // The planted cover is a solution, so the unique one must be it.
    const planted = linksFromPaths(p, cover);
    if (certificate.kind !== 'unique' || !planted.every((x, i) => x === certificate.solution[i])) {
      reject('verify');
      continue;
    }
    diag.ms = meter.elapsedMs();
    return { ok: true, puzzle: p, solution: certificate.solution, id: rootSeed, certificate, diagnostics: diag };
  }
  return fail('attempts-exhausted', `no ${w}x${h} ${level} puzzle certified unique under ${rule} in ${opts.maxAttempts} attempts`);
}
