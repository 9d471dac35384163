/**
 * The Numberlink generator, version 4: a cover of the board by paths, built at random from the seed,
 * certified unique by the solver under the puzzle's rule set (count to 2, completed, within a node
 * budget that is part of the generator's definition, so the output never depends on the clock). The
 * budget counts the solvers' nodes, so a solver change that alters node counts can alter which
 * candidates certify in budget: the golden files catch it, and it needs a new version.
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
 * The rule: `strict` up to STRICT_MAX_CELLS cells; above that certifying under strict is too slow to be
 * practical (measured with the frontier counter in the certificate: 10x10 median 0.1 s, 10x15 0.2 s,
 * 15x15 about 9 s, 20x20 none within 20 s; bench/RESULTS.md), so larger sizes default to
 * `no-2x2`, which the corner sweep certifies fast; the rule is in the params and the id, and an explicit
 * rule in the params is obeyed.
 */
import { Meter, type Budget } from '../../core/budget.ts';
import { isqrt } from '../../core/int.ts';
import { isLevel, LEVEL_BANDS, LEVELS, levelOfScore, type GenerateDiagnostics, type GenerateOptions, type Grade, type Level } from '../../core/family.ts';
import { deducerFor, GRADE_TRIALS_PER_CELL, gradeCertified } from './grader.ts';
import { err, ok, parseError, type Result } from '../../core/result.ts';
import { Rng } from '../../core/rng.ts';
import { excerpt } from '../../core/text.ts';
import type { BudgetStop, Verdict } from '../../core/verdict.ts';
import { directionTo, linksFromPaths, makeNumberlink, neighbour } from './puzzle.ts';
import { countSolutions } from './solver.ts';
import { DIRS, isRule, RULES, type Numberlink, type Rule, type Solution } from './types.ts';

export const GENERATOR_VERSION = 4;
/**
 * Version 1: the first certified candidate whatever its graded level. Version 2: the level chosen by
 * grading. Version 3: as 2, with the frontier counter in the certificate under strict (faster; a
 * certificate that ran out of nodes before may now complete, so outputs can differ).
 */
export const GENERATOR_VERSIONS: readonly number[] = [1, 2, 3, 4];
/** Sizes up to this many cells default to the strict rule, larger ones to no-2x2. */
export const STRICT_MAX_CELLS = 100;

/** The rule a size is generated under when the params name none. */
export function defaultRule(width: number, height: number): Rule {
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

/** `10x15-hard` (the size's default rule), `10x15-hard-strict`, `10x15-hard-no-2x2`, `7` (7x7, medium). */
export function parseParams(text: string): Result<NumberlinkParams> {
  const m = /^\s*(\d+)(?:x(\d+))?(?:-([a-z]+))?(?:-([a-z0-9-]+))?\s*$/.exec(text);
  if (!m) return err(parseError('ERR_SYNTAX', `bad numberlink params "${excerpt(text)}": expected WxH-level[-rule], e.g. 10x15-hard or 10x15-hard-no-2x2`));
  const width = Number(m[1]);
  const height = m[2] === undefined ? width : Number(m[2]);
  const level = m[3] ?? 'medium';
  const rule = m[4] ?? defaultRule(width, height);
  if (!isLevel(level)) return err(parseError('ERR_SYNTAX', `unknown level "${excerpt(level, 24)}" (expected ${LEVELS.join(', ')})`));
  if (!isRule(rule)) return err(parseError('ERR_SYNTAX', `unknown rule set "${excerpt(rule, 24)}" (expected ${RULES.join(', ')})`));
  for (const v of [width, height]) {
    if (v < MIN_SIDE || v > MAX_GEN_SIDE) return err(parseError('ERR_SIZE', `sides must be from ${MIN_SIDE} to ${MAX_GEN_SIDE}, got ${v}`));
  }
  return ok({ width, height, level, rule });
}

export function makeParams(p: NumberlinkParams): string {
  return `${p.width}x${p.height}-${p.level}${p.rule === defaultRule(p.width, p.height) ? '' : `-${p.rule}`}`;
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

export interface GeneratorOptions extends GenerateOptions {
  maxAttempts?: number;
  /** Node budget of each candidate's certificate (part of the generator's definition). */
  certificateNodes?: number;
  /** Repairs per candidate: a path split where a second solution differs. */
  maxRepairs?: number;
  /** Paths split to ease a candidate too hard for its level (version 4). */
  maxEases?: number;
  /** Certified candidates graded before the one nearest the requested level is taken (version 2). */
  levelAttempts?: number;
}

const DEFAULTS = { maxAttempts: 100, certificateNodes: 2_000_000, maxRepairs: 12, levelAttempts: 12, maxEases: 60 };
/** Score points above a level's band within which candidates are graded in full. */
const NEAR = 15;
/** Graded candidates after which the search for a level stops if none came within NEAR of it. */
const HOPELESS_AFTER = 4;

export type NumberlinkGenerateResult =
  | { ok: true; puzzle: Numberlink; solution: Solution; id: string; certificate: Verdict<Solution>; diagnostics: GenerateDiagnostics; grade?: Grade }
  | { ok: false; reason: BudgetStop | 'attempts-exhausted'; message: string; diagnostics: GenerateDiagnostics };

type Grid = Pick<Numberlink, 'width' | 'height'>;
const adjacent = (a: number, b: number, g: Grid): boolean => directionTo(g, a, b) !== 0;

/**
 * A random cover of the board by long paths that never touch themselves, grown one path at a time:
 * each starts at a free cell with the fewest free neighbours and walks, while it can and is shorter
 * than its drawn length (about W·H/k), to a free neighbour that does not touch the path so far,
 * preferring the neighbour with the fewest free neighbours (so paths hug the walls and each other and
 * leave few holes); then it grows from its other end the same way. Paths shorter than 3 cells are
 * joined to a neighbouring path's end where that keeps it touch-free. Null when some path stays
 * shorter than 3 cells or has its two ends side by side (no unique puzzle has such a path).
 */
export function growCover(rng: Rng, w: number, h: number, k: number): number[][] | null {
  const grid = { width: w, height: h };
  const n = w * h;
  const owner = new Int32Array(n).fill(-1);
  const nbs: number[][] = [];
  for (let c = 0; c < n; c++) nbs.push(DIRS.map((d) => neighbour(grid, c, d)).filter((x) => x >= 0));
  const freeDegree = (c: number): number => nbs[c].reduce((t, x) => t + (owner[x] < 0 ? 1 : 0), 0);
  const paths: number[][] = [];
  const mean = Math.max(3, Math.floor(n / Math.max(1, k)));
  let freeLeft = n;
  while (freeLeft > 0) {
    // Start where the fewest free neighbours are (ties at random): corners and pockets first.
    let best = 5;
    let starts: number[] = [];
    for (let c = 0; c < n; c++) {
      if (owner[c] >= 0) continue;
      const f = freeDegree(c);
      if (f < best) {
        best = f;
        starts = [c];
      } else if (f === best) starts.push(c);
    }
    const id = paths.length;
    const start = rng.pick(starts);
    const path = [start];
    owner[start] = id;
    freeLeft--;
    const want = Math.max(3, Math.floor((mean * (50 + rng.int(101))) / 100));
    for (let side = 0; side < 2; side++) {
      for (;;) {
        if (path.length >= want) break;
        const head = path[path.length - 1];
        let fewest = 5;
        let options: number[] = [];
        for (const y of nbs[head]) {
          if (owner[y] >= 0) continue;
          // No touch: y's only neighbour on this path may be the head.
          if (nbs[y].some((z) => z !== head && owner[z] === id)) continue;
          const f = freeDegree(y);
          if (f < fewest) {
            fewest = f;
            options = [y];
          } else if (f === fewest) options.push(y);
        }
        if (options.length === 0) break;
        const y = rng.pick(options);
        path.push(y);
        owner[y] = id;
        freeLeft--;
      }
      path.reverse();
    }
    paths.push(path);
  }
  const merged = absorbShort(rng, mergeCover(rng, paths, 0, grid, 3), grid);
  if (merged.some((p) => p.length < 3 || !apart(p[0], p[p.length - 1], w))) return null;
  return merged;
}

const apart = (a: number, b: number, w: number): boolean => Math.abs((a % w) - (b % w)) + Math.abs(Math.floor(a / w) - Math.floor(b / w)) >= 2;

/**
 * Paths shorter than 3 cells taken into a neighbouring path: that path is cut beside the short one,
 * and one of its parts takes the short path onto its cut end, where both parts keep 3+ cells, the
 * joined part stays touch-free and every part's ends stay apart. The number of paths stays the same.
 */
function absorbShort(rng: Rng, cover: number[][], grid: Grid): number[][] {
  const w = grid.width;
  const paths = cover.map((p) => p.slice());
  const owner = new Int32Array(w * grid.height);
  const reown = (): void => paths.forEach((p, id) => p.forEach((c) => (owner[c] = id)));
  reown();
  const touchFree = (p: number[]): boolean => {
    const at = new Map<number, number>();
    p.forEach((c, t) => at.set(c, t));
    for (let t = 0; t < p.length; t++) {
      for (const d of DIRS) {
        const u = at.get(neighbour(grid, p[t], d));
        if (u !== undefined && Math.abs(u - t) !== 1) return false;
      }
    }
    return true;
  };
  for (let id = 0; id < paths.length; id++) {
    const s = paths[id];
    if (s.length >= 3) continue;
    const tries: [number, number[], number[]][] = [];
    for (const x of [s[0], s[s.length - 1]]) {
      const fromX = x === s[0] ? s.slice() : s.slice().reverse();
      for (const d of DIRS) {
        const m = neighbour(grid, x, d);
        if (m < 0 || owner[m] === id) continue;
        const pid = owner[m];
        const p = paths[pid];
        const i = p.indexOf(m);
        // Part up to m takes the short path; the rest stands alone (both orientations of p).
        for (const [keep, rest] of [
          [p.slice(0, i + 1), p.slice(i + 1)],
          [p.slice(i).reverse(), p.slice(0, i)],
        ]) {
          const joined = keep.concat(fromX);
          if (rest.length < 3 || joined.length < 3) continue;
          if (!apart(rest[0], rest[rest.length - 1], w) || !apart(joined[0], joined[joined.length - 1], w)) continue;
          if (!touchFree(joined)) continue;
          tries.push([pid, joined, rest]);
        }
      }
    }
    if (tries.length === 0) continue;
    const [pid, joined, rest] = rng.pick(tries);
    paths[pid] = joined;
    paths[id] = rest;
    reown();
  }
  return paths;
}

/**
 * Fewer, longer paths: joins two paths whose ends are side by side, in random order, as long as the
 * joined path still never runs beside itself (so the cover stays a no-touch covering), keeps its two
 * ends apart (Manhattan distance 2 or more), and the count stays above `k`; with `onlyShorterThan`,
 * only paths shorter than that are joined (to others). Pure geometry, no solving.
 */
export function mergeCover(rng: Rng, cover: number[][], k: number, grid: Grid, onlyShorterThan = Infinity): number[][] {
  const n = grid.width * grid.height;
  const paths: (number[] | null)[] = cover.map((p) => p.slice());
  const owner = new Int32Array(n);
  paths.forEach((p, id) => p!.forEach((c) => (owner[c] = id)));
  let count = paths.length;
  const isEnd = (c: number): boolean => {
    const p = paths[owner[c]]!;
    return p[0] === c || p[p.length - 1] === c;
  };
  /** Joining path a (at its end cell x) to path b (at its end cell y) keeps it free of touches. */
  const joinable = (x: number, y: number): boolean => {
    const a = paths[owner[x]]!;
    const b = paths[owner[y]]!;
    const farA = a[0] === x ? a[a.length - 1] : a[0];
    const farB = b[0] === y ? b[b.length - 1] : b[0];
    if (Math.abs((farA % grid.width) - (farB % grid.width)) + Math.abs(Math.floor(farA / grid.width) - Math.floor(farB / grid.width)) < 2) return false;
    const [short, longId] = a.length <= b.length ? [a, owner[y]] : [b, owner[x]];
    for (const c of short) {
      for (const d of DIRS) {
        const nb = neighbour(grid, c, d);
        if (nb < 0 || owner[nb] !== longId) continue;
        if ((c === x && nb === y) || (c === y && nb === x)) continue;
        return false;
      }
    }
    return true;
  };
  for (let progress = true; progress && count > k; ) {
    progress = false;
    const ends = rng.shuffle(paths.flatMap((p) => (p ? [p[0], p[p.length - 1]] : [])));
    for (const x of ends) {
      if (count <= k) break;
      if (!isEnd(x) || paths[owner[x]]!.length >= onlyShorterThan) continue;
      const options = DIRS.map((d) => neighbour(grid, x, d)).filter((y) => y >= 0 && owner[y] !== owner[x] && isEnd(y) && joinable(x, y));
      if (options.length === 0) continue;
      const y = rng.pick(options);
      const ia = owner[x];
      const ib = owner[y];
      const a = paths[ia]!;
      const b = paths[ib]!;
      if (a[a.length - 1] !== x) a.reverse();
      if (b[0] !== y) b.reverse();
      for (const c of b) {
        a.push(c);
        owner[c] = ia;
      }
      paths[ib] = null;
      count--;
      progress = true;
    }
  }
  return paths.filter((p): p is number[] => p !== null);
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
      const x = path[i];
      if (planted[x] === other[x] && planted[path[i + 1]] === other[path[i + 1]]) continue;
      if (splittable(path, i, grid)) options.push([t, i]);
    }
  });
  if (options.length === 0) return null;
  return splitPaths(cover, new Map([rng.pick(options)]));
}

/**
 * Whether a path may be split after its cell i (parts path[0..i] and path[i+1..]): both parts keep 3+
 * cells and their ends 2+ apart (no unique puzzle has a shorter path or ends side by side).
 */
function splittable(path: readonly number[], i: number, grid: Grid): boolean {
  return i >= 2 && i + 3 < path.length && !adjacent(path[0], path[i], grid) && !adjacent(path[i + 1], path[path.length - 1], grid);
}

/** The cover with path t split after its cell i, for each (t, i) of `cut`; the parts take t's place. */
function splitPaths(cover: readonly number[][], cut: ReadonlyMap<number, number>): number[][] {
  const out: number[][] = [];
  cover.forEach((path, t) => {
    const i = cut.get(t);
    if (i === undefined) out.push(path);
    else out.push(path.slice(0, i + 1), path.slice(i + 1));
  });
  return out;
}

/**
 * The cover with paths split in two at the cells `at` (where the grader's deduction needed trials),
 * in their order, each path split once at most (after the cell, or else before it; see splittable):
 * the new endpoints tell the player what deduction could not. Null if no path can be split there.
 */
function splitAt(cover: number[][], at: readonly number[], grid: Grid): number[][] | null {
  const owner = new Int32Array(grid.width * grid.height);
  const index = new Int32Array(grid.width * grid.height);
  cover.forEach((path, t) => path.forEach((c, i) => ((owner[c] = t), (index[c] = i))));
  const cut = new Map<number, number>();
  for (const c of at) {
    const t = owner[c];
    if (cut.has(t)) continue;
    const i = [index[c], index[c] - 1].find((j) => splittable(cover[t], j, grid));
    if (i !== undefined) cut.set(t, i);
  }
  return cut.size === 0 ? null : splitPaths(cover, cut);
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
  const fail = (reason: BudgetStop | 'attempts-exhausted', message: string): NumberlinkGenerateResult => {
    diag.ms = meter.elapsedMs();
    return { ok: false, reason, message, diagnostics: diag };
  };
  const version = opts.version ?? GENERATOR_VERSION;
  const rootSeed = `numberlink@${version}:${makeParams(params)}#${seed}`;
  // Version 2 grades each certified candidate and keeps the first at the requested level, else the
  // one whose score is nearest that level's band once levelAttempts candidates were graded.
  let best: { puzzle: Numberlink; solution: Solution; certificate: Verdict<Solution>; distance: number } | null = null;
  let graded = 0;
  const [lo, hi] = LEVEL_BANDS[level];
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
      const v = countSolutions(puzzleOf(w, h, c, rule), { budget: { deadlineMs, signal, maxNodes: opts.certificateNodes }, sweepNodes: opts.certificateNodes, frontierNodes: version <= 2 ? 0 : opts.certificateNodes, windowNodes: 0, splitNodes: 0 });
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
    if (version === 1) {
      diag.ms = meter.elapsedMs();
      return { ok: true, puzzle: p, solution, id: rootSeed, certificate: cert, diagnostics: diag };
    }
    // A candidate far too hard for the level is known as soon as its score passes the band's top by
    // NEAR points (its distance is then a lower bound); nearer ones are graded in full.
    let g = gradeCertified(p, solution, meter.remaining(), hi + NEAR);
    if ('stop' in g) return fail(g.stop, `stopped (${g.stop}) while grading attempt ${attempt + 1}`);
    graded++;
    let score = 'atLeast' in g ? g.atLeast : g.grade.score;
    // Version 4 eases a candidate too hard for the level: split paths where the grader's deduction
    // needed trials, then certify and grade again.
    for (let ease = 0; version >= 4 && score >= hi && ease < opts.maxEases; ease++) {
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
    reject(`level-${levelOfScore(score)}`);
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
