/**
 * The string-level engine API: every puzzle family behind one set of functions that take and answer
 * ids, texts and plain JSON data. Puzzles are named by their ids (see `src/core/ids.ts`):
 * descriptive `family:params:desc` (the puzzle itself) or seeded `family@version:params#seed` (what a
 * generator of that version makes of the seed). Solutions and files are the families' texts; moves
 * are the families' move texts; hint focuses are the families' JSON (see each family's focus.ts).
 *
 * Every function answers an {@link ApiResult}: `{ ok: true, value }`, or `{ ok: false, error }` for
 * input it cannot use (an id that does not parse, an unknown family, a bad move), with a code and a
 * message naming the problem. It never throws: an engine fault is the failure `ERR_INTERNAL`. Where a
 * function searches it takes a {@link Budget} and its value says how the search ended (`stop`) and
 * what it cost (`stats`); running out of budget is `inconclusive`, never a failure.
 *
 * Pure like the engine (no Node or DOM), so it runs in a browser Web Worker; the runner
 * (src/runner/handler.ts) serves it over the worker protocol.
 *
 * @packageDocumentation
 */
import { Meter, type Budget } from '../core/budget.ts';
import { defaultVersionOf, type GenerateDiagnostics, type GenerateProgress, type Grade, type HintResult } from '../core/family.ts';
import { makeId, parseId } from '../core/ids.ts';
import type { ParseError, ParseErrorCode } from '../core/result.ts';
import { verdictSolutions, type BudgetStop, type SolveStats, type StopReason, type Verdict, type VerdictKind } from '../core/verdict.ts';
import { allFamilies, type AnyFamily } from '../families/index.ts';
import { bestScore, fromBoardProblem } from '../families/edgematch/best.ts';
import type { Board, Instance } from '../families/edgematch/types.ts';
import { familyOf, readPuzzles } from './load.ts';

// The engine's plain-data types the answers are made of.
export type { Budget } from '../core/budget.ts';
export type { GenerateDiagnostics, GenerateProgress, Grade, Hint, HintNone, HintResult, Level } from '../core/family.ts';
export type { BudgetStop, SolveStats, StopReason, VerdictKind } from '../core/verdict.ts';
export type { FamilyName } from '../families/index.ts';

/** Codes of an {@link ApiError}: the parsers' codes, and `ERR_INTERNAL` for an engine fault (a bug). */
export type ApiErrorCode = ParseErrorCode | 'ERR_INTERNAL';

/** Why input was refused: a code, a message naming the problem, and the 1-based line of a text when known. */
export interface ApiError {
  code: ApiErrorCode;
  message: string;
  line?: number;
}

/** What every API function answers: its value, or the error that kept it from one. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** The error's one-line form, as the families' `formatParseError` writes it: `line 4: ... [ERR_CLUE]`. */
export function formatError(e: ApiError): string {
  return `${e.line !== undefined ? `line ${e.line}: ` : ''}${e.message} [${e.code}]`;
}

/** A registered family as data. */
export interface FamilyInfo {
  name: string;
  /** The current generator version (what `generate` runs by default). */
  version: number;
  /** Every generator version this build runs, so older seeded ids still open. */
  versions: readonly number[];
  /** File format names, for {@link parseFile} and {@link convert}. */
  formats: readonly string[];
}

/**
 * A puzzle as the API hands it out: its ids, how its count ended, and its measured grade.
 */
export interface PuzzleInfo {
  family: string;
  /** The descriptive id: the puzzle itself. */
  id: string;
  /** The id to share: the seeded id when generated (with the generator version), else the descriptive id. */
  shareId: string;
  /** The generator version that made it; null for a descriptive id. */
  version: number | null;
  /** Columns of the grid or board. */
  width: number;
  /** Rows of the grid or board. */
  height: number;
  /** The count's verdict (of the generator's certificate, for a generated puzzle). */
  verdict: VerdictKind;
  /** How that count stopped (`completed` unless `inconclusive`). */
  stop: StopReason;
  /** The measured grade: unique puzzles only, null when not graded (not unique, or grading ran out of budget). */
  grade: Grade | null;
  /** The count's cost. */
  certificate: SolveStats;
}

/**
 * Why a generation gave no puzzle: its budget stopped it, no candidate passed, its version is not in
 * this build, or (`other-level`) candidates were certified but none at the level asked.
 */
export type GenerateFailure = BudgetStop | 'attempts-exhausted' | 'unsupported-version' | 'other-level';

/**
 * The outcome of a generation (or of opening a seeded id): the certified puzzle, or why there is none.
 * `diagnostics` are the generator's (attempts, ms, nodes, path, rejections).
 */
export type GenerateAnswer =
  | {
      kind: 'generated';
      info: PuzzleInfo;
      /** The unique solution in the family's solution format; null when the format cannot write it (see `unwritten`). */
      solution: string | null;
      /** Why `solution` is null (a Numberlink with more pairs than one-character labels). */
      unwritten?: string;
      /** The canonical form (the puzzle up to the family's symmetries), which catalogues de-duplicate by. */
      canonical: string;
      diagnostics: GenerateDiagnostics;
    }
  | {
      kind: 'failed';
      reason: GenerateFailure;
      message: string;
      diagnostics: GenerateDiagnostics;
      /**
       * With `other-level`: the best certified puzzle found, at its measured level (`info.grade`), to
       * offer as it is ("a medium came out: keep it or try again"). Its `shareId` is its descriptive id:
       * the seeded id of the request gives this failure, not the puzzle.
       */
      nearest?: { info: PuzzleInfo; solution: string | null; unwritten?: string; canonical: string };
    };

/** The outcome of {@link open}: a seeded id's generation, or a descriptive id's count (and grade). */
export type OpenAnswer =
  | GenerateAnswer
  | {
      kind: 'counted';
      info: PuzzleInfo;
      /** Why a unique puzzle has no grade (the grader ran out of what the count left of the budget). */
      gradeFailure?: { stop: BudgetStop | 'not-unique'; message: string };
    };

/** The outcome of {@link count}: the verdict with the solutions met, as texts. */
export interface CountAnswer {
  /** The puzzle's family. */
  family: string;
  /** The descriptive id of the puzzle counted. */
  id: string;
  /** The verdict: `inconclusive` when the budget stopped the count before it decided. */
  kind: VerdictKind;
  /** How the count stopped: `completed`, or the budget's stop. */
  stop: StopReason;
  /** The count's cost: search nodes (each family's unit) and ms. */
  stats: SolveStats;
  /**
   * The solutions met (one when unique, two or more when multiple, those found before an inconclusive
   * stop), in the family's solution format. Numberlink's label grids do not tell apart two routings
   * through the same cells, so two of its texts may be equal.
   */
  solutions: string[];
  /** Set when the family's solution format could not write them (then `solutions` is empty). */
  unwritten?: string;
}

/** The outcome of {@link find}: one solution, with no claim about others. */
export interface FindAnswer {
  family: string;
  /** The descriptive id of the puzzle searched. */
  id: string;
  /** `found` a solution, proved there is `none`, or stopped by the budget first (`inconclusive`). */
  kind: 'found' | 'none' | 'inconclusive';
  stop: StopReason;
  stats: SolveStats;
  /** The solution found, as text (null unless found, or when unwritable: see `unwritten`). */
  solution: string | null;
  /** Why a found solution has no text (a Numberlink with more pairs than one-character labels). */
  unwritten?: string;
}

/**
 * The outcome of {@link grade}. `stats.ms` is the time spent; the graders keep their node counts to
 * themselves.
 */
export type GradeAnswer =
  | { kind: 'graded'; grade: Grade; stop: 'completed'; stats: { ms: number } }
  | { kind: 'failed'; stop: BudgetStop | 'not-unique'; message: string; stats: { ms: number } };

/**
 * The outcome of {@link check}: which marks contradict the puzzle's unique solution, or why there is
 * no solution to check against. `solved` is judged by the rules (the clues), whatever the solution.
 */
export type CheckAnswer =
  | { kind: 'checked'; solved: boolean; wrong: number[]; stats: SolveStats }
  | { kind: 'unavailable'; solved: boolean; verdict: Exclude<VerdictKind, 'unique'>; stop: StopReason; stats: SolveStats };

/** The outcome of {@link verify}: the solution satisfies the rules, breaks them, or could not be read in budget. */
export type VerifyAnswer = { kind: 'valid' } | { kind: 'invalid'; reason: string } | { kind: 'undecided'; message: string };

/** A puzzle read from a file: its descriptive id and size. */
export interface FilePuzzle {
  id: string;
  width: number;
  height: number;
}

/** The outcome of {@link parseFile}. */
export interface FileAnswer {
  family: string;
  puzzles: FilePuzzle[];
}

/** The outcome of {@link convert}. */
export interface ConvertAnswer {
  family: string;
  text: string;
}

/** The outcome of {@link inspect}: what an id names, read without any search. */
export type IdAnswer =
  | { kind: 'descriptive'; family: string; id: string; params: string; width: number; height: number }
  | { kind: 'seeded'; family: string; id: string; version: number; params: string; seed: string; supported: boolean };

// --- Plumbing: errors, the registry, ids.

class Refusal {
  constructor(readonly error: ApiError) {}
}

function refuse(code: ApiErrorCode, message: string, line?: number): never {
  throw new Refusal(line === undefined ? { code, message } : { code, message, line });
}
function refuseParse(e: ParseError): never {
  throw new Refusal(e);
}

/** Runs `body`, turning a refusal into its error and any other exception into `ERR_INTERNAL`. */
function answer<T>(body: () => T): ApiResult<T> {
  try {
    return { ok: true, value: body() };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error };
    return { ok: false, error: { code: 'ERR_INTERNAL', message: e instanceof Error ? e.message : String(e) } };
  }
}

function familyCalled(name: string): AnyFamily {
  const f = familyOf(name);
  if (!f.ok) refuseParse(f.error);
  return f.value;
}

/** A descriptive id's family and puzzle. */
function puzzleOf(id: string): { a: AnyFamily; puzzle: unknown } {
  const pid = parseId(id);
  if (!pid.ok) refuseParse(pid.error);
  const v = pid.value;
  if (v.kind !== 'descriptive') refuse('ERR_SYNTAX', 'expected a descriptive puzzle id (family:params:desc)');
  const a = familyCalled(v.family);
  const p = a.parsePuzzle(id);
  if (!p.ok) refuseParse(p.error);
  return { a, puzzle: p.value };
}

/** Solutions as texts, or why the family cannot write them. */
function texts(a: AnyFamily, solutions: readonly unknown[], puzzle: unknown): { texts: string[]; unwritten?: string } {
  try {
    return { texts: solutions.map((s) => a.makeSolution(s, puzzle)) };
  } catch (e) {
    return { texts: [], unwritten: e instanceof Error ? e.message : String(e) };
  }
}

function oneText(a: AnyFamily, solution: unknown, puzzle: unknown): { solution: string | null; unwritten?: string } {
  const t = texts(a, [solution], puzzle);
  return t.unwritten !== undefined ? { solution: null, unwritten: t.unwritten } : { solution: t.texts[0] };
}

/** The state reached by playing `moves` from the start. */
function stateAfter(a: AnyFamily, puzzle: unknown, moves: readonly string[]): unknown {
  let state = a.play.start(puzzle);
  for (const text of moves) {
    const m = a.play.parseMove(text, puzzle);
    if (!m.ok) refuseParse(m.error);
    state = a.play.apply(state, m.value);
  }
  return state;
}

// --- The functions.

/** The registered families, their generator versions and file formats. */
export function families(): FamilyInfo[] {
  return allFamilies().map((f) => ({ name: f.name, version: f.version, versions: f.versions, formats: f.formats.names }));
}

/**
 * What an id names, without searching: a descriptive id's family, params and size (its puzzle
 * parsed, and the id written back in its normal form), or a seeded id's parts and whether this build
 * runs its generator version.
 */
export function inspect(id: string): ApiResult<IdAnswer> {
  return answer(() => {
    const pid = parseId(id);
    if (!pid.ok) return refuseParse(pid.error);
    const v = pid.value;
    if (v.kind === 'seeded') {
      const a = familyCalled(v.family);
      const pp = a.parseParams(v.params, v.version);
      if (!pp.ok) refuseParse(pp.error);
      return {
        kind: 'seeded',
        family: a.name,
        id: makeId(v),
        version: v.version,
        params: v.params,
        seed: v.seed,
        supported: a.versions.includes(v.version),
      };
    }
    const { a, puzzle } = puzzleOf(id);
    return { kind: 'descriptive', family: a.name, id: a.makePuzzle(puzzle), params: v.params, ...a.render.size(puzzle) };
  });
}

/** Options of {@link generate}; none of them changes which puzzle comes out. */
export interface GenerateOptions {
  /** Generator version to run (default the family's current one). */
  version?: number;
  /** Stops the generation (then `failed` with the budget's stop); the puzzle made does not depend on it. */
  budget?: Budget;
  /** Told once per candidate tried. */
  onProgress?: (p: GenerateProgress) => void;
}

function generated(a: AnyFamily, params: unknown, seed: string, version: number, options: GenerateOptions): GenerateAnswer {
  const g = a.generate(params, seed, options.budget, { version, onProgress: options.onProgress });
  if (!g.ok) {
    const failed: GenerateAnswer = { kind: 'failed', reason: g.reason, message: g.message, diagnostics: g.diagnostics };
    return g.nearest ? { ...failed, nearest: certified(a, g.nearest, null, version) } : failed;
  }
  return { kind: 'generated', ...certified(a, g, g.id, version), diagnostics: g.diagnostics };
}

/** A certified puzzle's info, solution text and canonical form; `shareId` null shares it by its descriptive id. */
function certified(
  a: AnyFamily,
  g: { puzzle: unknown; solution: unknown; grade: Grade; certificate: Verdict<unknown> },
  shareId: string | null,
  version: number,
): { info: PuzzleInfo; solution: string | null; unwritten?: string; canonical: string } {
  const c = g.certificate;
  const id = a.makePuzzle(g.puzzle);
  // The solution is written for the puzzle its id names (a generated Numberlink's own labels are not the id's 1, 2, ...).
  const named = a.parsePuzzle(id);
  const info: PuzzleInfo = {
    family: a.name,
    id,
    shareId: shareId ?? id,
    version,
    ...a.render.size(g.puzzle),
    verdict: c.kind,
    stop: c.stop,
    grade: g.grade,
    certificate: c.stats,
  };
  return { info, ...oneText(a, g.solution, named.ok ? named.value : g.puzzle), canonical: a.canonical(g.puzzle, g.solution) };
}

/**
 * Generates a certified puzzle of `family` from `params` (as the family writes them, e.g.
 * `15x10-hard`) and `seed`: the same arguments and version give the same puzzle on any machine. The
 * answer's `info.shareId` is the seeded id that regenerates it. A version this build does not run, a
 * budget that stops it or candidates that all fail are `failed` answers (`other-level`: puzzles were
 * certified but none measured at the level asked; the best one is `nearest`); an unknown family or
 * params that do not parse are errors.
 */
export function generate(family: string, params: string, seed: string, options: GenerateOptions = {}): ApiResult<GenerateAnswer> {
  return answer(() => {
    const a = familyCalled(family);
    const pp = a.parseParams(params, options.version);
    if (!pp.ok) refuseParse(pp.error);
    return generated(a, pp.value, seed, options.version ?? defaultVersionOf(a, pp.value), options);
  });
}

/** Options of {@link open}. */
export interface OpenOptions {
  /** The generation's budget (a seeded id), or the one budget of the count and the grade after it (a descriptive id). */
  budget?: Budget;
  /** Told once per candidate, while a seeded id is regenerated. */
  onProgress?: (p: GenerateProgress) => void;
}

/**
 * Opens a puzzle by id. A seeded id is regenerated by its generator version (as {@link generate});
 * a descriptive id is counted to 2 and, when unique, graded, both within the one `budget` (the grade
 * gets what the count left).
 */
export function open(id: string, options: OpenOptions = {}): ApiResult<OpenAnswer> {
  return answer((): OpenAnswer => {
    const pid = parseId(id);
    if (!pid.ok) return refuseParse(pid.error);
    if (pid.value.kind === 'seeded') {
      const { family, params, seed, version } = pid.value;
      const a = familyCalled(family);
      const pp = a.parseParams(params, version);
      if (!pp.ok) refuseParse(pp.error);
      return generated(a, pp.value, seed, version, options);
    }
    const { a, puzzle } = puzzleOf(id);
    const meter = new Meter(options.budget);
    const desc = a.makePuzzle(puzzle);
    const v = a.count(puzzle, { limit: 2, budget: meter.remaining() });
    let grade: Grade | null = null;
    let gradeFailure: { stop: BudgetStop | 'not-unique'; message: string } | undefined;
    if (v.kind === 'unique') {
      const g = a.grade(puzzle, meter.remaining());
      if (g.ok) grade = g.grade;
      else gradeFailure = { stop: g.stop, message: g.message };
    }
    const info: PuzzleInfo = {
      family: a.name,
      id: desc,
      shareId: desc,
      version: null,
      ...a.render.size(puzzle),
      verdict: v.kind,
      stop: v.stop,
      grade,
      certificate: v.stats,
    };
    return gradeFailure ? { kind: 'counted', info, gradeFailure } : { kind: 'counted', info };
  });
}

/** Options of {@link count}. */
export interface CountOptions {
  /** Count up to this many solutions: a whole number from 2 up (default 2, which decides uniqueness). */
  limit?: number;
  budget?: Budget;
}

function countAnswer(a: AnyFamily, puzzle: unknown, v: Verdict<unknown>): CountAnswer {
  const t = texts(a, verdictSolutions(v), puzzle);
  const out: CountAnswer = { family: a.name, id: a.makePuzzle(puzzle), kind: v.kind, stop: v.stop, stats: v.stats, solutions: t.texts };
  if (t.unwritten !== undefined) out.unwritten = t.unwritten;
  return out;
}

/**
 * Counts the solutions of the puzzle of a descriptive id, up to `limit` (default 2): `unique`,
 * `multiple`, `none`, or `inconclusive` when the budget stopped the count first.
 */
export function count(id: string, options: CountOptions = {}): ApiResult<CountAnswer> {
  return answer(() => {
    const limit = options.limit ?? 2;
    // A count that stops at its first solution would call it unique.
    if (!Number.isInteger(limit) || limit < 2) refuse('ERR_NUMBER', `a count's limit must be a whole number from 2 up, got ${limit}`);
    const { a, puzzle } = puzzleOf(id);
    return countAnswer(a, puzzle, a.count(puzzle, { limit, budget: options.budget }));
  });
}

/** Finds one solution of the puzzle of a descriptive id, with no claim about others (cheaper than a count). */
export function find(id: string, budget?: Budget): ApiResult<FindAnswer> {
  return answer((): FindAnswer => {
    const { a, puzzle } = puzzleOf(id);
    const r = a.find(puzzle, budget ?? {});
    const base = { family: a.name, id: a.makePuzzle(puzzle), stats: r.stats };
    if (r.kind === 'found') return { ...base, kind: 'found', stop: 'completed', ...oneText(a, r.solution, puzzle) };
    if (r.kind === 'none') return { ...base, kind: 'none', stop: 'completed', solution: null };
    return { ...base, kind: 'inconclusive', stop: r.stop, solution: null };
  });
}

/**
 * Grades the puzzle of a descriptive id: its measured difficulty, which needs it to be unique (the
 * grader counts it first), within `budget`.
 */
export function grade(id: string, budget?: Budget): ApiResult<GradeAnswer> {
  return answer((): GradeAnswer => {
    const { a, puzzle } = puzzleOf(id);
    const meter = new Meter(budget);
    const g = a.grade(puzzle, budget);
    const stats = { ms: meter.elapsedMs() };
    return g.ok ? { kind: 'graded', grade: g.grade, stop: 'completed', stats } : { kind: 'failed', stop: g.stop, message: g.message, stats };
  });
}

/**
 * The next deduction from the position `moves` (the family's move texts, played from the start)
 * reach, searched within `budget` (default the family's, DEFAULT_HINT_BUDGET). The hint's `focus`
 * is the family's JSON (its focus.ts).
 */
export function hint(id: string, moves: readonly string[], budget?: Budget): ApiResult<HintResult> {
  return answer(() => {
    const { a, puzzle } = puzzleOf(id);
    return a.hint(puzzle, stateAfter(a, puzzle, moves), budget);
  });
}

/** The unique solutions (or null: none or several) of recently checked puzzles: a player checks the same puzzle many times. */
const checked = new Map<string, { solution: unknown; verdict: VerdictKind }>();
const CHECKED_KEEP = 8;

/**
 * Which marks of the position `moves` reach contradict the puzzle's unique solution (cell indices,
 * row-major; unmarked cells never count). The solution comes from a count to 2 within `budget`; a
 * completed count is remembered for the last few ids, so checking again costs no search (its `stats`
 * are then zero).
 */
export function check(id: string, moves: readonly string[], budget?: Budget): ApiResult<CheckAnswer> {
  return answer((): CheckAnswer => {
    const { a, puzzle } = puzzleOf(id);
    const state = stateAfter(a, puzzle, moves);
    const solved = a.play.isSolved(puzzle, state);
    let known = checked.get(id);
    let stats: SolveStats = { nodes: 0, ms: 0 };
    let stop: StopReason = 'completed';
    if (known === undefined) {
      const v = a.count(puzzle, { limit: 2, budget });
      stats = v.stats;
      stop = v.stop;
      const entry = { solution: v.kind === 'unique' ? v.solution : null, verdict: v.kind };
      if (v.stop === 'completed') {
        if (checked.size >= CHECKED_KEEP) checked.delete(checked.keys().next().value as string);
        checked.set(id, entry);
      }
      known = entry;
    }
    if (known.verdict !== 'unique') return { kind: 'unavailable', solved, verdict: known.verdict, stop, stats };
    return { kind: 'checked', solved, wrong: a.play.mistakes(puzzle, state, known.solution), stats };
  });
}

/**
 * Checks a solution text (the family's solution format) against the rules of the puzzle of a
 * descriptive id, by the family's independent verifier. Reading a solution may be a search (a
 * Numberlink label grid is routed into paths), bounded by `budget`: `undecided` when it stops.
 */
export function verify(id: string, solution: string, budget?: Budget): ApiResult<VerifyAnswer> {
  return answer((): VerifyAnswer => {
    const { a, puzzle } = puzzleOf(id);
    const s = a.parseSolution(solution, puzzle, budget);
    if (!s.ok) {
      if (s.error.code === 'ERR_UNDECIDED') return { kind: 'undecided', message: s.error.message };
      return refuseParse(s.error);
    }
    const r = a.verify(puzzle, s.value);
    return r.ok ? { kind: 'valid' } : { kind: 'invalid', reason: r.reason };
  });
}

/** Options of {@link parseFile}. */
export interface ParseFileOptions {
  /** The family; detected from `filename` and the text when omitted. */
  family?: string;
  /** One of the family's formats; told by `filename`'s extension or the text when omitted. */
  format?: string;
  /** The file's name, whose extension may tell the format (and the family). */
  filename?: string;
  /**
   * Other files given with it, text by file name (no folders): a format whose puzzle spans files reads
   * its companion from here (the board suite's `puzzle.clue` beside `puzzle.puz`).
   */
  beside?: Readonly<Record<string, string>>;
}

/** A file name without its folders (`a/b/puzzle.clue` → `puzzle.clue`). */
const baseName = (name: string): string => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

/**
 * The puzzles of a file, as descriptive ids with their sizes. The family is detected when not given
 * (see {@link ParseFileOptions}); an error names the line of the text it is about.
 */
export function parseFile(text: string, options: ParseFileOptions = {}): ApiResult<FileAnswer> {
  return answer(() => {
    if (text.trim() === '') refuse('ERR_EMPTY', 'empty input', 1);
    const beside = options.beside;
    const readBeside =
      beside === undefined ? undefined : (name: string): string | undefined => (Object.hasOwn(beside, baseName(name)) ? beside[baseName(name)] : undefined);
    const r = readPuzzles(text, { family: options.family, format: options.format, filename: options.filename, readBeside });
    if (!r.ok) refuseParse(r.error.error);
    const a = r.value.family;
    return { family: a.name, puzzles: r.value.puzzles.map((p) => ({ id: a.makePuzzle(p), ...a.render.size(p) })) };
  });
}

/**
 * The puzzles of descriptive ids (all of one family) written in one of the family's formats (see
 * {@link families}): a file text. An error when the format cannot hold them (a one-puzzle format
 * given several, a size it cannot write).
 */
export function convert(ids: readonly string[], format: string): ApiResult<ConvertAnswer> {
  return answer(() => {
    if (ids.length === 0) refuse('ERR_EMPTY', 'no puzzles to write');
    const parsed = ids.map((id) => puzzleOf(id));
    const fams = [...new Set(parsed.map((p) => p.a))];
    if (fams.length > 1) refuse('ERR_FORMAT', `the ids mix ${fams.map((a) => a.name).join(' and ')} puzzles: convert each family on its own`);
    const a = fams[0];
    const r = a.formats.make(
      parsed.map((p) => p.puzzle),
      format,
    );
    if (!r.ok) refuseParse(r.error);
    return { family: a.name, text: r.value };
  });
}

/** Options of {@link best}. */
export interface BestOptions {
  /** When to stop (deadline, nodes, signal); without one the search runs until a perfect board. */
  budget?: Budget;
  /** Seed of the search's restarts (default 'edgematch-best'); a (seed, maxNodes) run repeats exactly. */
  seed?: string;
  /** A saved board of the puzzle (the board text `find` and `best` write) to start from. */
  start?: string;
  /** With `start`: how many of its cells, in the scan order, to keep (default its longest matched prefix less one row). */
  keep?: number;
  /** Called with each better full board's score and board text, as found. */
  onImprove?: (score: number, board: string) => void;
}

/**
 * The outcome of {@link best}: the best full board found (every piece placed once, as text) and its
 * score, matched joints out of `maxScore`. `kind`: `solved` (a perfect board), `best` (the budget
 * stopped the search: `stop` says which limit), `exhausted` (no better board under the search's
 * mismatch schedule: not a proof of the best score). `board` is null only when the budget stopped
 * the search before any full board.
 */
export interface BestAnswer {
  family: string;
  id: string;
  kind: 'solved' | 'best' | 'exhausted';
  stop: StopReason;
  score: number | null;
  maxScore: number;
  board: string | null;
  stats: SolveStats & { restarts: number };
}

/**
 * The best-score search on an edge-matching puzzle (the Eternity II score race): the board with the
 * most matched joints it finds within the budget (src/families/edgematch/best.ts). Other families
 * are refused (`ERR_FAMILY`), and so is a `start` board of another puzzle (`ERR_SOLUTION`).
 */
export function best(id: string, options: BestOptions = {}): ApiResult<BestAnswer> {
  return answer((): BestAnswer => {
    const { a, puzzle } = puzzleOf(id);
    if (a.name !== 'edgematch') refuse('ERR_FAMILY', `best scores edge-matching boards (matched joints); this is a ${a.name} puzzle`);
    const inst = puzzle as Instance;
    let from: { board: Board; keep?: number } | undefined;
    if (options.start !== undefined) {
      const b = a.parseSolution(options.start, puzzle);
      if (!b.ok) refuseParse(b.error);
      const problem = fromBoardProblem(inst, b.value as Board);
      if (problem !== null) refuse('ERR_SOLUTION', `the start board is not a board of this puzzle: ${problem}`);
      from = { board: b.value as Board, keep: options.keep };
    }
    const onImprove = options.onImprove;
    const r = bestScore(inst, {
      budget: options.budget,
      seed: options.seed,
      from,
      onImprove: onImprove === undefined ? undefined : (score, board) => onImprove(score, a.makeSolution(board, puzzle)),
    });
    const base = { family: a.name, id: a.makePuzzle(puzzle), maxScore: r.maxScore, stats: r.stats };
    if (r.kind === 'solved') return { ...base, kind: 'solved', stop: 'completed', score: r.score, board: a.makeSolution(r.board, puzzle) };
    const found = r.best === null ? { score: null, board: null } : { score: r.best.score, board: a.makeSolution(r.best.board, puzzle) };
    if (r.kind === 'exhausted') return { ...base, kind: 'exhausted', stop: 'completed', ...found };
    return { ...base, kind: 'best', stop: r.stop, ...found };
  });
}
