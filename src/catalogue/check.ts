/**
 * Re-checking a catalogue store (`proofgrid verify catalogue.db`): every stored ok puzzle is read back
 * from its descriptive id and its certificate is checked again, independently of the build:
 * - `id`: the descriptive id parses, with the row's family, size and rule set;
 * - `seeded-id`: the seeded id and the seed are the ones the row's job derives (family@version:params#base/params/i);
 * - `certificate`: the stored verdict is `unique`;
 * - `count`: the family's solver counts to 2 under a deadline (the first paradigm) and finds exactly one
 *   solution (more than one, none, or undecided in the budget fails);
 * - `verify`: that solution satisfies the rules by the family's independent verifier;
 * - `hash`: the canonical hash recomputes to the stored one;
 * - `sat`: where cheap (the family's SAT witness, `family.witness`, in process with logic-solver, on
 *   puzzles up to the witness's `cheapCells`), the second paradigm also finds exactly one solution, the same; undecided in the budget is
 *   counted as such and is no failure; larger puzzles are skipped;
 * - `regenerate` (on request, for all or an evenly spread sample): the seeded id regenerates the same
 *   descriptive id (the generator is deterministic and of the stored version), through the string API.
 * Node only (the witnesses and the hash); the store is only read.
 */
import { families, generate } from '../api/index.ts';
import { piscinaPool } from '../packages.ts';
import type { Budget } from '../core/budget.ts';
import { makeId, parseId } from '../core/ids.ts';
import type { Verdict } from '../core/verdict.ts';
import { FAMILIES, familyNamed, pluginModules, type FamilyName } from '../families/index.ts';
import { satCountFamilySync, type Witnessed } from '../witness/sat-count.ts';
import { canonicalHash } from './canonical.ts';
import { damagedRows, integrityProblems, readingStore, type RowProblem } from './damage.ts';
import { filterSql, type CatalogueFilter } from './export.ts';
import { jobSeed } from './jobs.ts';
import { CELL_ORDER, type JobRow, type Store } from './store.ts';

/**
 * The largest puzzles (in cells) the SAT witness checks by default, each family's `witness.cheapCells`:
 * measured at about 50–300 ms a puzzle on one core of a laptop-class machine (nonogram 20x20,
 * numberlink 12x12, edgematch 6x6).
 */
export const SAT_MAX_CELLS = Object.fromEntries(Object.values(FAMILIES).map((f) => [f.name, f.witness.cheapCells])) as Record<FamilyName, number>;

export const CHECKS = ['id', 'seeded-id', 'certificate', 'count', 'verify', 'hash', 'sat', 'regenerate'] as const;
export type CheckName = (typeof CHECKS)[number];

export interface CheckOptions {
  /** Deadline of each search (the count and the SAT witness), in ms; regeneration runs without one, as the build did when it had none. */
  budgetMs: number;
  /** Run the SAT witness where cheap (default true). */
  sat?: boolean;
  /** Overrides SAT_MAX_CELLS for every family. */
  satMaxCells?: number;
  /** Regenerate no puzzle (0, the default), all ('all'), or an evenly spread sample of this many. */
  regenerate?: number | 'all';
  filter?: CatalogueFilter;
  /** Worker threads (default 1: this thread). A pool starts only for at least `poolMinPuzzles` puzzles. */
  workers?: number;
  /** Default POOL_MIN_PUZZLES. */
  poolMinPuzzles?: number;
  onProgress?: (done: number, total: number, failed: number) => void;
}

/** Below this many puzzles the check runs in this thread: starting workers would cost more than it saves. */
export const POOL_MIN_PUZZLES = 100;

const CHECK_WORKER = new URL('./check-worker.mjs', import.meta.url).href;

export interface CheckFailure {
  family: string;
  params: string;
  baseSeed: string;
  jobIndex: number;
  seededId: string;
  id: string | null;
  check: CheckName;
  reason: string;
}

export interface CheckReport {
  puzzles: number;
  passed: number;
  failed: number;
  /** How many puzzles each check ran on (and passed or failed). */
  ran: Record<CheckName, number>;
  sat: { checked: number; undecided: number; tooLarge: number; off: boolean };
  failures: CheckFailure[];
  /** SQLite's integrity_check problems ([] when the file is sound; then no puzzle is checked). */
  integrity: string[];
  /** Rows whose columns are not of their schema type (or not JSON where JSON): not checked further. */
  damaged: RowProblem[];
}

type Row = JobRow & { id: number };

/** A registered family with its types forgotten: each is used with its own puzzles only. */
interface Fam {
  name: string;
  witness: { cheapCells: number };
  versions: readonly number[];
  parseParams(t: string): { ok: true; value: unknown } | { ok: false; error: { message: string } };
  parsePuzzle(id: string): { ok: true; value: unknown } | { ok: false; error: { message: string; code: string } };
  makePuzzle(p: unknown): string;
  makeSolution(s: unknown, p: unknown): string;
  verify(p: unknown, s: unknown): { ok: true } | { ok: false; reason: string };
  count(p: unknown, o: { limit: number; budget: Budget }): Verdict<unknown>;
}

/** The rows to regenerate: all, none, or `n` spread evenly over the `total` (first and last included). */
export function sampleIndices(total: number, n: number | 'all'): Set<number> {
  if (n === 'all' || n >= total) return new Set(Array.from({ length: total }, (_, i) => i));
  if (n <= 0) return new Set();
  if (n === 1) return new Set([0]);
  return new Set(Array.from({ length: n }, (_, k) => Math.round((k * (total - 1)) / (n - 1))));
}

/** The second paradigm: the family's own SAT witness, in process (logic-solver), counting to 2. */
function satVerdict(family: string, puzzle: unknown, budget: Budget): Verdict<unknown> {
  return satCountFamilySync(familyNamed(family) as unknown as Witnessed<unknown, unknown>, puzzle, { budget });
}

const verdictText = (v: Verdict<unknown>): string =>
  v.kind === 'multiple' ? 'more than one solution' : v.kind === 'none' ? 'no solution' : v.kind === 'inconclusive' ? `undecided (${v.stop})` : 'unique';

/** What a worker is given to check one stored puzzle. */
export interface CheckTask {
  row: Row;
  regenerate: boolean;
  budgetMs: number;
  sat: boolean;
  satMaxCells?: number;
}

/** What one puzzle's check found: the checks run, the SAT witness's outcome, the failures. */
export interface PuzzleCheck {
  ran: CheckName[];
  sat: 'checked' | 'undecided' | 'too-large' | null;
  failures: CheckFailure[];
}

/** Checks one stored puzzle (all its checks; a failed one does not stop the others that can still run). */
export async function checkPuzzle(task: CheckTask): Promise<PuzzleCheck> {
  const r = task.row;
  const ran: CheckName[] = [];
  let satOutcome: PuzzleCheck['sat'] = null;
  const failures: CheckFailure[] = [];
  const fail = (check: CheckName, reason: string): void => {
    failures.push({ family: r.family, params: r.params, baseSeed: r.base_seed, jobIndex: r.job_index, seededId: r.seeded_id, id: r.puzzle_id, check, reason });
  };
  const budget = (): Budget => ({ deadlineMs: task.budgetMs });
  await checkRow();
  if (task.regenerate) checkRegeneration();
  return { ran, sat: satOutcome, failures };

  async function checkRow(): Promise<void> {
    const name = r.family;
    const family = familyNamed(name) as unknown as Fam | undefined;
    if (family === undefined) {
      ran.push('id');
      fail('id', `unknown puzzle family "${r.family}"`);
      return;
    }

    // The seeded id and seed the job derives.
    ran.push('seeded-id');
    const seed = jobSeed(r.base_seed, r.params, r.job_index);
    const seeded = makeId({ kind: 'seeded', family: name, version: r.generator_version, params: r.params, seed });
    if (r.seed !== seed) fail('seeded-id', `stored seed "${r.seed}", but job ${r.job_index} of the cell has seed "${seed}"`);
    else if (r.seeded_id !== seeded) fail('seeded-id', `stored seeded id ${r.seeded_id}, but the job's is ${seeded}`);

    ran.push('certificate');
    if (r.cert_kind !== 'unique') fail('certificate', `stored certificate "${r.cert_kind ?? 'none'}", not unique`);

    // The descriptive id: parses, and is of the row's size and rule set.
    ran.push('id');
    const text = r.puzzle_id ?? '';
    const parsed = family.parsePuzzle(text);
    if (!parsed.ok) {
      fail('id', `the descriptive id does not parse: ${parsed.error.message} [${parsed.error.code}]`);
      return;
    }
    const head = parseId(text);
    const size = head.ok ? /^(\d+)x(\d+)(?:-(.+))?$/.exec(head.value.params) : null;
    if (head.ok && head.value.family !== name) fail('id', `a ${head.value.family} id in a ${name} row`);
    else if (size && (Number(size[1]) !== r.width || Number(size[2]) !== r.height))
      fail('id', `the id is of a ${size[1]}x${size[2]} puzzle, the row of a ${r.width}x${r.height} one`);
    else if (size && r.rule !== null && size[3] !== r.rule) fail('id', `the id's rule set is ${size[3] ?? 'none'}, the row's ${r.rule}`);
    const puzzle = parsed.value;

    // First paradigm: the family's own solver, counting to 2.
    ran.push('count');
    let solution: unknown;
    try {
      const v = family.count(puzzle, { limit: 2, budget: budget() });
      if (v.kind === 'unique') solution = v.solution;
      else
        fail(
          'count',
          v.kind === 'inconclusive'
            ? `uniqueness not decided within ${task.budgetMs} ms (${v.stop}); a larger --budget-ms may decide it`
            : `the puzzle has ${verdictText(v)}`,
        );
    } catch (e) {
      fail('count', `the solver failed: ${(e as Error).message}`);
    }

    if (solution !== undefined) {
      ran.push('verify');
      const ok = family.verify(puzzle, solution);
      if (!ok.ok) fail('verify', `the solution found does not satisfy the rules: ${ok.reason}`);
      ran.push('hash');
      const hash = canonicalHash(name, puzzle, solution);
      if (hash !== r.canonical_hash)
        fail('hash', `the canonical hash recomputes to ${hash.slice(0, 16)}..., stored ${String(r.canonical_hash).slice(0, 16)}...`);

      // Second paradigm, where cheap.
      const cells = r.width * r.height;
      if (task.sat !== false) {
        if (cells > (task.satMaxCells ?? family.witness.cheapCells)) satOutcome = 'too-large';
        else {
          ran.push('sat');
          try {
            const w = satVerdict(name, puzzle, budget());
            if (w.kind === 'inconclusive') satOutcome = 'undecided';
            else {
              satOutcome = 'checked';
              if (w.kind !== 'unique') fail('sat', `the SAT witness finds ${verdictText(w)}`);
              else if (family.makeSolution(w.solution, puzzle) !== family.makeSolution(solution, puzzle))
                fail('sat', 'the SAT witness finds another unique solution than the solver');
            }
          } catch (e) {
            fail('sat', `the SAT witness failed: ${(e as Error).message}`);
          }
        }
      }
    }
  }

  /** The seeded id generates the stored descriptive id again. */
  function checkRegeneration(): void {
    ran.push('regenerate');
    const info = families().find((f) => f.name === r.family);
    if (info === undefined) {
      fail('regenerate', `unknown puzzle family "${r.family}"`);
      return;
    }
    if (!info.versions.includes(r.generator_version)) {
      fail('regenerate', `generator version ${r.generator_version} is not in this proofgrid (it has ${info.versions.join(', ')})`);
      return;
    }
    const g = generate(r.family, r.params, r.seed, { version: r.generator_version });
    if (!g.ok)
      fail(
        'regenerate',
        g.error.code === 'ERR_INTERNAL' ? `the generator failed: ${g.error.message}` : `the params "${r.params}" do not parse: ${g.error.message}`,
      );
    else if (g.value.kind === 'failed') fail('regenerate', `${r.seeded_id} no longer generates: ${g.value.reason}: ${g.value.message}`);
    else if (g.value.info.id !== r.puzzle_id) fail('regenerate', `${r.seeded_id} now generates ${g.value.info.id}, not the stored id`);
  }
}

/** The rows to check: every stored ok puzzle in the filter, in catalogue order. */
export function rowsToCheck(store: Store, filter: CatalogueFilter = {}): Row[] {
  const { where, params } = filterSql(filter, ["status = 'ok'"]);
  return store.db.prepare(`SELECT * FROM jobs ${where} ORDER BY ${CELL_ORDER}, job_index`).all(params) as Row[];
}

/**
 * Checks every stored ok puzzle (in the filter) and reports each failure with its reason, in catalogue
 * order: in this thread, or on a pool of worker threads (piscina) with `workers` > 1.
 */
export async function checkCatalogue(store: Store, options: CheckOptions): Promise<CheckReport> {
  // The file first (SQLite's full check): with a damaged file the rows read are not to be trusted.
  const integrity = integrityProblems(store, true);
  if (integrity.length > 0) {
    const ran = Object.fromEntries(CHECKS.map((c) => [c, 0])) as Record<CheckName, number>;
    return {
      puzzles: 0,
      passed: 0,
      failed: 0,
      ran,
      sat: { checked: 0, undecided: 0, tooLarge: 0, off: options.sat === false },
      failures: [],
      integrity,
      damaged: [],
    };
  }
  const damaged = damagedRows(store, options.filter);
  const skip = new Set(damaged.map((d) => d.id));
  const rows = readingStore(store, () => rowsToCheck(store, options.filter)).filter((r) => !skip.has(r.id));
  const workers = Math.max(1, options.workers ?? 1);
  if (workers === 1 || rows.length < (options.poolMinPuzzles ?? POOL_MIN_PUZZLES))
    return { ...(await checkRows(rows, options, checkPuzzle, 1)), integrity, damaged };
  const Pool = piscinaPool();
  const pool = new Pool<CheckTask, PuzzleCheck>({
    filename: CHECK_WORKER,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
    workerData: { plugins: pluginModules() },
  });
  try {
    // Two tasks per thread in flight keep every thread busy while results come back.
    return { ...(await checkRows(rows, options, (task) => pool.run(task), 2 * workers)), integrity, damaged };
  } finally {
    await pool.destroy();
  }
}

/** Checks the rows with `run`, `parallel` at a time, and gathers the results in row order. */
async function checkRows(
  rows: readonly Row[],
  options: CheckOptions,
  run: (task: CheckTask) => Promise<PuzzleCheck>,
  parallel: number,
): Promise<Omit<CheckReport, 'integrity' | 'damaged'>> {
  const regenerate = sampleIndices(rows.length, options.regenerate ?? 0);
  const results = new Array<PuzzleCheck | undefined>(rows.length);
  let next = 0;
  let done = 0;
  let failed = 0;
  const lane = async (): Promise<void> => {
    while (next < rows.length) {
      const i = next++;
      const res = await run({
        row: rows[i],
        regenerate: regenerate.has(i),
        budgetMs: options.budgetMs,
        sat: options.sat !== false,
        satMaxCells: options.satMaxCells,
      });
      results[i] = res;
      done++;
      if (res.failures.length > 0) failed++;
      options.onProgress?.(done, rows.length, failed);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, rows.length)) }, lane));
  const ran = Object.fromEntries(CHECKS.map((c) => [c, 0])) as Record<CheckName, number>;
  const sat = { checked: 0, undecided: 0, tooLarge: 0, off: options.sat === false };
  const failures: CheckFailure[] = [];
  for (const res of results as PuzzleCheck[]) {
    for (const c of res.ran) ran[c]++;
    if (res.sat === 'checked') sat.checked++;
    else if (res.sat === 'undecided') sat.undecided++;
    else if (res.sat === 'too-large') sat.tooLarge++;
    failures.push(...res.failures);
  }
  return { puzzles: rows.length, passed: rows.length - failed, failed, ran, sat, failures };
}
