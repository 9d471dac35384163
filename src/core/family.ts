import type { Budget, Meter } from './budget.ts';
import type { Result } from './result.ts';
import type { FamilyCli, FamilyRender, FormatTable } from './family-cli.ts';
import type { BudgetStop, FindResult, SolveStats, Verdict } from './verdict.ts';
import type { SatWitness } from './witness.ts';

/** Difficulty levels, one list from which names and codes derive. */
export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

export function isLevel(s: string): s is Level {
  return (LEVELS as readonly string[]).includes(s);
}

/** The score bands of the levels, shared by every family's grader: [from, below). */
export const LEVEL_BANDS: Record<Level, [number, number]> = {
  easy: [0, 25],
  medium: [25, 45],
  hard: [45, 70],
  expert: [70, 101],
};

export function levelOfScore(score: number): Level {
  if (score < LEVEL_BANDS.medium[0]) return 'easy';
  if (score < LEVEL_BANDS.hard[0]) return 'medium';
  if (score < LEVEL_BANDS.expert[0]) return 'hard';
  return 'expert';
}

/** A measured difficulty: computed from the puzzle alone, never from the requested level. */
export interface Grade {
  level: Level;
  /** 0–100, higher is harder. */
  score: number;
  /** Named measurements the score was computed from. */
  metrics: Record<string, number | string | null>;
}

export type GradeResult = { ok: true; grade: Grade } | { ok: false; stop: BudgetStop | 'not-unique'; message: string };

/**
 * A grader's certificate when it was not handed one: the solution a count to 2 proved unique, or the
 * failed grade saying why there is none (undecided in budget, no solution, more than one).
 */
export function uniqueForGrade<S>(v: Verdict<S>): { ok: true; solution: S } | (GradeResult & { ok: false }) {
  if (v.kind === 'inconclusive') return { ok: false, stop: v.stop, message: `uniqueness not decided (${v.stop})` };
  if (v.kind !== 'unique')
    return { ok: false, stop: 'not-unique', message: v.kind === 'none' ? 'the puzzle has no solution' : 'the puzzle has more than one solution' };
  return { ok: true, solution: v.solution };
}

/** The failed grade of a grading stopped by its budget. */
export const gradeStopped = (stop: BudgetStop): GradeResult & { ok: false } => ({ ok: false, stop, message: `grading stopped (${stop})` });

/**
 * What a grader measures of a human-like deduction run (deduction, then trials when it stalls); each
 * family's engine reports these, shares as percents of what there is to decide (cells, links).
 */
export interface DeductionMeasures {
  /** Everything decided by deduction and trials alone. */
  solved: boolean;
  /** Percent decided before the first trial. */
  basicShare: number;
  /** Trials that concluded something. */
  trials: number;
  /** Trials tried in all, including those that concluded nothing (the effort of looking). */
  trialsTried: number;
  /** Times plain deduction ran dry and a trial was looked for. */
  stalls: number;
  /** Percent decided when the engine stopped. */
  decidedShare: number;
}

/**
 * The next deduction a person can make. `F` is the family's focus type, exported from its folder
 * (`NonogramFocus`, `NumberlinkFocus`, `EdgematchFocus` in each family's focus.ts, with a guard that
 * checks one read back from JSON); `unknown` where the family is not known (a hint off the wire).
 */
export interface Hint<F = unknown, S = unknown> {
  /** Short technique name, e.g. "overlap", "contradiction". */
  technique: string;
  /** A sentence a player can read (English: the command line and the API print it). */
  message: string;
  /** What the hint touches (lines, cells and their new values, pieces), as the family describes it. */
  focus: F;
  /**
   * The message as data, for a reader that words it in its own language: `{ key, ...params }`, `key`
   * the technique, the params the rows, columns, labels, clues and pieces the message names. `S` is
   * the family's union (`NonogramSays`, ... in each family's says.ts, with a guard for one off JSON).
   */
  says: S;
}

/**
 * Why a hint search found nothing, when it did finish: the board is already solved (`solved`), no
 * step of the family's techniques follows from it (`no-step`), or the puzzle has not exactly one
 * solution to check hints against (`no-solution`, `several-solutions`), or the family's hints do not
 * cover this kind of puzzle (`unsupported`: no family answers it today), which says nothing about the board.
 */
export type HintNone = 'solved' | 'no-step' | 'no-solution' | 'several-solutions' | 'unsupported';

/**
 * The answer of a hint search. Running out of budget is `inconclusive` (no hint found in time), never
 * `none` (nothing to deduce). `stats` are the meter's: nodes in the family's hint unit (see each
 * family's hint.ts) and elapsed ms.
 */
export type HintResult<F = unknown, S = unknown> =
  | { kind: 'hint'; hint: Hint<F, S>; stats: SolveStats }
  | { kind: 'none'; reason: HintNone; stats: SolveStats }
  | { kind: 'inconclusive'; stop: BudgetStop; stats: SolveStats };

/**
 * The budget of a hint when its caller gives none: 2,000,000 nodes (the fixed count hints used before)
 * and 5 s, so a hint on any board answers within seconds. A caller's budget replaces it whole.
 */
export const DEFAULT_HINT_BUDGET: Readonly<Budget> = Object.freeze({ maxNodes: 2_000_000, deadlineMs: 5_000 });

/**
 * How a hint search ends: the hint it found, else `inconclusive` when its meter stopped (a search cut
 * short proves nothing), else the `none` it reached.
 */
export function hintAnswer<F, S>(meter: Pick<Meter, 'stopped' | 'stats'>, found: Hint<F, S> | HintNone): HintResult<F, S> {
  if (typeof found === 'object') return { kind: 'hint', hint: found, stats: meter.stats() };
  if (meter.stopped) return { kind: 'inconclusive', stop: meter.stopped, stats: meter.stats() };
  return { kind: 'none', reason: found, stats: meter.stats() };
}

export interface GenerateDiagnostics {
  attempts: number;
  ms: number;
  nodes: number;
  /** Which path produced the puzzle, e.g. "direct" or "repair". */
  path: string;
  /** Why candidates were rejected, counted by reason. */
  rejected: Record<string, number>;
}

/**
 * Why a generation gave no puzzle: its budget stopped it, no candidate was certified, the version is
 * not in this build, or (`other-level`, versions that keep only the level asked for) candidates were
 * certified but none measured at the level asked.
 */
export type GenerateFailureReason = BudgetStop | 'attempts-exhausted' | 'unsupported-version' | 'other-level';

/**
 * The best certified puzzle of a generation that ran out of candidates at the level asked, with its
 * measured grade: a caller may offer it honestly ("a medium came out: keep it or try again"). It has
 * no seeded id of its own (its seeded id gives the failure), so it is shared by its descriptive id.
 */
export interface GenerateNearest<P, S> {
  puzzle: P;
  solution: S;
  grade: Grade;
  certificate: Verdict<S>;
}

export type GenerateResult<P, S> =
  | { ok: true; puzzle: P; solution: S; id: string; grade: Grade; certificate: Verdict<S>; diagnostics: GenerateDiagnostics }
  | { ok: false; reason: GenerateFailureReason; message: string; diagnostics: GenerateDiagnostics; nearest?: GenerateNearest<P, S> };

/**
 * A version that keeps only the level asked for, from a run that may fall back to the candidate
 * nearest the level (diagnostics path `nearest-level …`): that fallback becomes the typed `other-level`
 * failure carrying the candidate; `id` maps the run's seeded id to the version's. Anything else passes as it is.
 */
export function exactLevel<P, S>(r: GenerateResult<P, S>, asked: Level, id: (seeded: string) => string = (x) => x): GenerateResult<P, S> {
  if (!r.ok) return r;
  if (r.grade.level === asked) return { ...r, id: id(r.id) };
  const { puzzle, solution, grade, certificate, diagnostics } = r;
  return {
    ok: false,
    reason: 'other-level',
    message: `no ${asked} puzzle among the candidates certified (the nearest came out ${grade.level}, score ${grade.score})`,
    diagnostics,
    nearest: { puzzle, solution, grade, certificate },
  };
}

/**
 * Which (size, level) pairs a generator version produces, as measured (`npm run level-table`): per
 * size `WxH`, per level, how many of `seeds` generations came out at that level within `budgetMs`
 * each. A family's table is a committed module beside its versions, rebuilt by the script.
 */
export interface LevelTable {
  family: string;
  /** The generator version measured. */
  version: number;
  seeds: number;
  budgetMs: number;
  /** Where and when it was measured (e.g. "2 vCPU, shared; 2026-12-01"). */
  measured: string;
  sizes: Readonly<Record<string, Readonly<Record<Level, number>>>>;
}

/** One level at one size: offered when it came out in at least half of the seeds. */
export interface LevelChoice {
  level: Level;
  offered: boolean;
  /** Seeds that came out at this level, of `of`. */
  made: number;
  of: number;
  /** The size measured, `WxH` (a rectangle reads the measured size nearest in cells). */
  size: string;
}

/**
 * The levels of `table` at a size: the size itself when measured, else the measured size nearest in
 * cells (ties: the smaller); null when the table has no size.
 */
export function levelChoices(table: LevelTable, width: number, height: number): LevelChoice[] | null {
  const sizes = Object.keys(table.sizes);
  if (sizes.length === 0) return null;
  const cells = (s: string): number => s.split('x').reduce((a, b) => a * Number(b), 1);
  const own = `${width}x${height}`;
  const size = own in table.sizes ? own : sizes.reduce((a, b) => (Math.abs(cells(b) - width * height) < Math.abs(cells(a) - width * height) ? b : a));
  const row = table.sizes[size];
  return LEVELS.map((level) => ({ level, offered: 2 * (row[level] ?? 0) >= table.seeds, made: row[level] ?? 0, of: table.seeds, size }));
}

/** Where a generation stands, reported once per candidate tried. */
export interface GenerateProgress {
  /** Candidates tried so far (the one starting now included). */
  attempts: number;
  maxAttempts: number;
  ms: number;
}

/** The typed failure for a generator version this build cannot run, or null when it can. */
export function versionRefusal(family: string, version: number, versions: readonly number[]): (GenerateResult<never, never> & { ok: false }) | null {
  if (versions.includes(version)) return null;
  return {
    ok: false,
    reason: 'unsupported-version',
    message: `${family} generator version ${version} is not in this build (it has ${versions.join(', ')})`,
    diagnostics: { attempts: 0, ms: 0, nodes: 0, path: 'none', rejected: {} },
  };
}

/**
 * One generator version as a named pipeline: everything that decides which puzzle a (params, seed)
 * gives at this version (the candidate builder, the certificate's solver with its node accounting,
 * limits and heuristics, the grader that picks the level) is fixed, so improving today's solvers never
 * changes what an old seeded id or share link opens. Fixed copy-on-write: a pipeline runs today's
 * module while its text is the one pinned (its SHA-256 in generate/pins.json, checked by
 * test/generator-versions.test.ts) and a frozen copy under generate/frozen/ once today's has moved on.
 * A new behaviour is a new version with a new entry; an entry is never edited to change its output
 * (its golden file `test/golden/<family>-v<version>.json` is checked in full).
 */
export interface GeneratorVersion<P = unknown, S = unknown, Params = unknown> {
  readonly version: number;
  /** A stable name, `<family>-v<version>-<what it adds>`. */
  readonly name: string;
  /** One sentence: what this version does differently from the one before. */
  readonly summary: string;
  /**
   * What decides the output, each with the module that fixes it (`frozen/x.ts` a frozen copy,
   * `<family>/x.ts` or `core/x.ts` a pinned live module) and why: the record a reviewer checks a change
   * against. The modules it names are the roots the pin manifest credits to this version.
   */
  readonly pinned: Readonly<Record<string, string>>;
  run(params: Params, seed: string, budget?: Budget, options?: GenerateOptions): GenerateResult<P, S>;
}

/**
 * The core modules a generator pipeline may run unpinned, each with why it cannot change a version's
 * output (test/generator-versions.test.ts holds every pipeline's imports to this list, its family's
 * `SHARED_MODULES`, frozen copies under the family's generate/ and the live modules pinned in its
 * generate/pins.json). Any other core module a pipeline reaches (budget.ts, whose Meter counts the
 * certificates' nodes; this file, whose LEVEL_BANDS pick the levels; sat.ts, xcc.ts) is pinned.
 */
export const SHARED_CORE_MODULES: Readonly<Record<string, string>> = {
  'src/core/draw.ts': 'terminal drawing for the command line (types reached through family-cli.ts); no generator calls it',
  'src/core/family-cli.ts': 'types only (the formats table, terminal rendering)',
  'src/core/grid.ts': 'cell geometry (neighbours across sides, cell names) and the Luby sequence: one right answer each, pinned by grid.test.ts',
  'src/core/int.ts': 'isqrt, an exact integer square root (one right answer)',
  'src/core/result.ts': 'the Result values of the puzzle constructors',
  'src/core/rng.ts': 'the seeded stream every id rests on, pinned by a known-answer test (core.test.ts)',
  'src/core/text.ts': 'excerpts in failure messages only',
  'src/core/verdict.ts': 'verdictFromCount: what the solutions found and the stop mean (unique, multiple, none, inconclusive), one definition for every count',
  'src/core/witness.ts': 'types only',
};

/** The version numbers of a generator table, in order. */
export const versionsOf = (generators: readonly Pick<GeneratorVersion, 'version'>[]): number[] => generators.map((g) => g.version);

/**
 * Runs the entry of `generators` for `options.version` (default `current`); a version the table does
 * not hold answers the typed `unsupported-version` failure.
 */
export function generateByVersion<P, S, Params>(
  family: string,
  generators: readonly GeneratorVersion<P, S, Params>[],
  current: number,
  params: Params,
  seed: string,
  budget?: Budget,
  options: GenerateOptions = {},
): GenerateResult<P, S> {
  const version = options.version ?? current;
  const refused = versionRefusal(family, version, versionsOf(generators));
  if (refused) return refused;
  return generators.find((g) => g.version === version)!.run(params, seed, budget, { ...options, version });
}

/** The generator version `params` runs by default: the family's `versionOf`, else its `version`. */
export function defaultVersionOf<Params>(family: { readonly version: number; versionOf?(params: Params): number }, params: Params): number {
  return family.versionOf?.(params) ?? family.version;
}

/** Options that never change which puzzle comes out for a given version. */
export interface GenerateOptions {
  /** Generator version to run (default: the current one); any of the family's `versions`. */
  version?: number;
  onProgress?: (p: GenerateProgress) => void;
}

export interface CountOptions {
  /** Count solutions up to this many (2 proves uniqueness or its absence). */
  limit?: number;
  budget?: Budget;
  /**
   * What a distinct solution is, for families where two readings differ (edge matching's engines:
   * `colourings`, their default, or `placements`; see src/families/edgematch/distinct.ts). Others ignore it.
   */
  distinct?: 'colourings' | 'placements';
}

/** Pure play rules: a game state and moves as strings, so undo/redo/save/share are the move list. */
export interface PlayRules<P, State, Move> {
  start(puzzle: P): State;
  parseMove(text: string, puzzle: P): Result<Move>;
  makeMove(move: Move): string;
  apply(state: State, move: Move): State;
  /** Judged by the rules (the clues), not by comparison with a stored solution. */
  isSolved(puzzle: P, state: State): boolean;
  /** The player's marks as text (saved beside the move list, which alone replays them). */
  makeState(state: State): string;
  parseState(text: string, puzzle: P): Result<State>;
}

/** Play rules that can also point at marks contradicting a puzzle's (unique) solution. */
export interface CheckablePlayRules<P, S, State, Move> extends PlayRules<P, State, Move> {
  /** Indices (row-major) of the cells whose mark contradicts `solution`; unmarked cells never count. */
  mistakes(puzzle: P, state: State, solution: S): number[];
  /** Moves that play `solution` from `start(puzzle)` to a solved board (a replay, for tests and "reveal"). */
  solutionMoves(puzzle: P, solution: S): Move[];
}

/**
 * The interface each puzzle family implements; `src/families/index.ts` is the registry. `Focus` is
 * what its hints point at (`Hint<Focus>`); `WitnessOptions` are its SAT witness's encoding options.
 */
export interface PuzzleFamily<P, S, Params, State = unknown, Move = unknown, Focus = unknown, WitnessOptions extends object = object> {
  readonly name: string;
  /** Generator version: bumped whenever any generated output changes. */
  readonly version: number;
  /** Every generator version this build can still run, so old seeded ids and shares still open. */
  readonly versions: readonly number[];
  /** The same versions as named pipelines, fixed copy-on-write (`generate` dispatches through them), oldest first. */
  readonly generators: readonly GeneratorVersion<P, S, Params>[];
  /**
   * Which levels the current version produces at a size, as measured (its {@link LevelTable}); null
   * when nothing was measured. Optional: a family without a table offers every level. `params`, when
   * given, picks the table of a kind of puzzle measured apart (nonogram: colour puzzles by colours).
   */
  levels?(width: number, height: number, params?: Params): LevelChoice[] | null;
  /**
   * The generator version `params` runs by default, where that is not `version` for every params
   * (nonogram: colour params run version 2, black and white `version`). Optional: without it every
   * params runs `version`; {@link defaultVersionOf} reads it.
   */
  versionOf?(params: Params): number;
  /**
   * The params from their text. `version` is the generator version they are for (a seeded id's),
   * default the current one: a version may change which rule or option the text leaves unsaid.
   */
  parseParams(text: string, version?: number): Result<Params>;
  /** The params as text for `version` (default the current one), leaving out what that version defaults. */
  makeParams(params: Params, version?: number): string;
  /** A puzzle from its descriptive id (`family:params:desc`). */
  parsePuzzle(id: string): Result<P>;
  /** The descriptive id of a puzzle. */
  makePuzzle(puzzle: P): string;
  /** Puzzles from a file in any of the family's formats (told by `filename`'s extension or the text). */
  parseFile(text: string, filename?: string): Result<P[]>;
  /**
   * A solution in the family's solution format. Where reading it is a search (a Numberlink label grid
   * must be routed into paths), `budget` bounds it; an undecided search is ERR_UNDECIDED.
   */
  parseSolution(text: string, puzzle: P, budget?: Budget): Result<S>;
  makeSolution(solution: S, puzzle: P): string;
  /** Independent check of a solution against the puzzle's rules. */
  verify(puzzle: P, solution: S): { ok: true } | { ok: false; reason: string };
  /**
   * The puzzle's canonical form: one text for the puzzle and every copy of it under the symmetries the
   * family allows (turns, mirrors, relabelling), for de-duplicating catalogues. Families whose form is
   * read off the solution (nonogram: the picture) use `solution`, the puzzle's unique one.
   */
  canonical(puzzle: P, solution: S): string;
  count(puzzle: P, options?: CountOptions): Verdict<S>;
  /** One solution, or none, under `budget` (cheaper than a count: no proof of uniqueness). */
  find(puzzle: P, budget: Budget): FindResult<S>;
  /**
   * The witness of another paradigm: the puzzle as a SAT problem (the family's `witness.ts`), counted
   * by real SAT solvers in `src/witness/sat-count.ts` (Node) to cross-check `count`.
   */
  witness: SatWitness<P, S, WitnessOptions>;
  grade(puzzle: P, budget?: Budget): GradeResult;
  /** The next deduction from `state`, under `budget` (default DEFAULT_HINT_BUDGET). */
  hint(puzzle: P, state: State, budget?: Budget): HintResult<Focus>;
  /**
   * The moves that carry a hint out (what an "apply the hint" button plays); none for a hint that
   * only names a mistake without saying what is right.
   */
  hintMoves(puzzle: P, hint: Hint<Focus>): Move[];
  generate(params: Params, seed: string, budget?: Budget, options?: GenerateOptions): GenerateResult<P, S>;
  play: CheckablePlayRules<P, S, State, Move>;
  /** The family's file formats: names, detection, reading and writing (src/core/family-cli.ts). */
  formats: FormatTable<P>;
  /** Its puzzles, solutions and hints as text for a terminal. */
  render: FamilyRender<P, S, Focus>;
  /** The rest of what the command line needs (default size, marks files). */
  cli: FamilyCli<P, State>;
}
