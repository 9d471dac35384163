/**
 * The SAT witnesses' Node half: the back-ends and the counting loop, once for every family. A family's
 * witness (`family.witness`, from its folder's pure `witness.ts`) gives a CNF and what to make of a
 * model (`SatProblem`, `src/core/witness.ts`); the loop solves, blocks each solution found (or adds the
 * cuts a model calls for, such as Numberlink's loop cuts) and solves again, up to a limit. A witness
 * shares with the family's native solver only the puzzle and its verifier. `satCountFamily` counts any
 * registered family this way; `nonogram-sat.ts`, `numberlink-sat.ts` and `edgematch-sat.ts` are
 * one-line wrappers kept for their callers.
 *
 * Back-ends:
 * - `logic-solver`: MiniSat compiled to JS (npm `logic-solver`), in process and incremental.
 *   Synchronous: the budget (deadline, nodes, signal) is checked between SAT calls only, since one
 *   call cannot be interrupted. A call that completes after the deadline still counts (its answer is
 *   sound); the next one is not started.
 * - `cadical`, `minisat`: external DIMACS binaries, run from scratch on each call (the formula plus
 *   the clauses added so far) in a temporary directory. The remaining time of the deadline is a
 *   hard limit: the process is killed and the verdict is `inconclusive` with stop `deadline`.
 *
 * Stats: `nodes` counts SAT calls (so `budget.maxNodes` bounds the number of calls), `ms` is wall
 * time. Every solution is checked by the witness's `interpret` with the family's verifier; a failure
 * throws (it would be an encoding or parsing bug, never a property of the puzzle).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Meter, type Budget } from '../core/budget.ts';
import type { CountOptions } from '../core/family.ts';
import { toDimacs } from '../core/sat.ts';
import { verdictFromCount, type BudgetStop, type StopReason, type Verdict } from '../core/verdict.ts';
import type { SatCnf, SatProblem, SatWitness } from '../core/witness.ts';

export type { ModelStep, SatCnf, SatProblem, SatWitness } from '../core/witness.ts';

export const SAT_BINARIES = ['cadical', 'minisat'] as const;
export type SatBinary = (typeof SAT_BINARIES)[number];
export type SatBackend = 'logic-solver' | SatBinary;
export const SAT_BACKENDS: readonly SatBackend[] = ['logic-solver', ...SAT_BINARIES];

export interface SatCountOptions extends CountOptions {
  /** Count up to this many solutions; at least 2 (default 2). */
  limit?: number;
  budget?: Budget;
  /** Path of the binary for the external back-ends (default: found on PATH). */
  binaryPath?: string;
}

/** Outcome of one SAT call. */
export type SatCall = { status: 'sat'; model: number[] } | { status: 'unsat' } | { status: 'stopped'; stop: BudgetStop };

// ---------------------------------------------------------------------------------------------
// Checks shared by the loop and the witnesses

export function checkLimit(limit: number): void {
  // With a limit of 1 a found solution could not be told unique, so verdictFromCount would lie.
  if (!Number.isInteger(limit) || limit < 2) throw new RangeError(`sat count: limit must be an integer >= 2, got ${limit}`);
}

/** Budget check before starting a SAT call; returns the stop reason when none may start. */
export function beforeCall(meter: Meter): BudgetStop | null {
  if (!meter.check()) return meter.stopped;
  meter.tick();
  return meter.stopped;
}

// ---------------------------------------------------------------------------------------------
// logic-solver (MiniSat in JS)

interface LogicSolution {
  getTrueVars(): string[];
}
interface LogicSolverInstance {
  getVarNum(name: string): number;
  require(...formulas: unknown[]): void;
  solve(): LogicSolution | null;
}
interface LogicModule {
  Solver: new () => LogicSolverInstance;
  or(...terms: number[]): unknown;
  disablingAssertions<T>(f: () => T): T;
}

let logicModule: LogicModule | null = null;
function loadLogic(): LogicModule {
  if (!logicModule) logicModule = createRequire(import.meta.url)('logic-solver') as LogicModule;
  return logicModule;
}

/** An incremental logic-solver instance loaded with a CNF whose variables are named v1..vN. */
export class LogicSat {
  private readonly Logic: LogicModule;
  private readonly solver: LogicSolverInstance;
  private readonly offset: number;

  constructor(cnf: SatCnf) {
    this.Logic = loadLogic();
    this.solver = new this.Logic.Solver();
    // logic-solver reserves its own variables ($F, $T) first; ours follow in creation order.
    this.offset = this.solver.getVarNum('v1') - 1;
    for (let v = 2; v <= cnf.numVars; v++) {
      if (this.solver.getVarNum(`v${v}`) !== v + this.offset) throw new Error('logic-solver: variables not numbered contiguously');
    }
    this.Logic.disablingAssertions(() => {
      for (const cl of cnf.clauses) this.addClause(cl);
    });
  }

  addClause(clause: readonly number[]): void {
    const off = this.offset;
    const terms = clause.map((l) => (l > 0 ? l + off : l - off));
    this.solver.require(this.Logic.or(...terms));
  }

  solve(): SatCall {
    const sol = this.Logic.disablingAssertions(() => this.solver.solve());
    if (!sol) return { status: 'unsat' };
    const model: number[] = [];
    for (const name of sol.getTrueVars()) {
      if (name.charCodeAt(0) === 118 /* v */) model.push(Number(name.slice(1)));
    }
    return { status: 'sat', model };
  }
}

// ---------------------------------------------------------------------------------------------
// External binaries

const pathCache = new Map<string, string | null>();

/** Absolute path of an executable found on PATH (what `which` does), or null. Cached. */
export function whichBinary(name: string): string | null {
  const cached = pathCache.get(name);
  if (cached !== undefined) return cached;
  let hit: string | null = null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, fsConstants.X_OK);
      hit = candidate;
      break;
    } catch {
      // not here
    }
  }
  pathCache.set(name, hit);
  return hit;
}

/** The external SAT binaries installed on this machine. */
export function availableBinaries(): SatBinary[] {
  return SAT_BINARIES.filter((b) => whichBinary(b) !== null);
}

/** Literals of the `v` lines of a SAT competition style output (cadical's stdout). */
function parseVLines(text: string): number[] {
  const model: number[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('v')) continue;
    for (const tok of line.slice(1).trim().split(/\s+/)) {
      if (tok === '' || tok === '0') continue;
      const n = Number(tok);
      if (!Number.isInteger(n)) throw new Error(`bad literal in solver output: ${tok}`);
      model.push(n);
    }
  }
  return model;
}

function parseStatus(text: string): 'sat' | 'unsat' | 'unknown' {
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === 's SATISFIABLE') return 'sat';
    if (t === 's UNSATISFIABLE') return 'unsat';
    if (t === 's UNKNOWN') return 'unknown';
  }
  return 'unknown';
}

/** Parses minisat's result file: `SAT` then the literals ending in 0, or `UNSAT`, or `INDET`. */
function parseMinisatResult(text: string): { status: 'sat'; model: number[] } | { status: 'unsat' } | { status: 'unknown' } {
  const [head, ...rest] = text.trim().split('\n');
  if (head === 'UNSAT') return { status: 'unsat' };
  if (head !== 'SAT') return { status: 'unknown' };
  const model: number[] = [];
  for (const tok of rest.join(' ').trim().split(/\s+/)) {
    if (tok === '' || tok === '0') continue;
    const n = Number(tok);
    if (!Number.isInteger(n)) throw new Error(`minisat: bad literal in result file: ${tok}`);
    model.push(n);
  }
  return { status: 'sat', model };
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  stopped: BudgetStop | null;
}

/** Runs a process, killing it when `timeoutMs` passes (stop `deadline`) or the signal aborts. */
function run(bin: string, args: string[], timeoutMs: number | undefined, signal: Budget['signal']): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stopped: BudgetStop | null = null;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const kill = (why: BudgetStop): void => {
      if (stopped) return;
      stopped = why;
      child.kill('SIGKILL');
    };
    const timer = timeoutMs !== undefined ? setTimeout(() => kill('deadline'), Math.max(0, timeoutMs)) : null;
    const poll = signal ? setInterval(() => signal.aborted && kill('cancelled'), 10) : null;
    const done = (): void => {
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
    };
    child.on('error', (e) => {
      done();
      reject(e);
    });
    child.on('close', (code, sig) => {
      done();
      resolve({ code, signal: sig, stdout, stderr, stopped });
    });
  });
}

/**
 * One call of an external solver on DIMACS text. `timeoutMs` is a hard limit (the process is
 * killed); `signal` cancels.
 */
export async function solveDimacs(
  binary: SatBinary,
  dimacs: string,
  opts: { timeoutMs?: number; signal?: Budget['signal']; binaryPath?: string } = {},
): Promise<SatCall> {
  const bin = opts.binaryPath ?? whichBinary(binary);
  if (!bin) throw new Error(`${binary} is not installed (not found on PATH)`);
  const dir = mkdtempSync(join(tmpdir(), 'proofgrid-sat-'));
  try {
    const input = join(dir, 'in.cnf');
    writeFileSync(input, dimacs);
    if (binary === 'cadical') {
      const r = await run(bin, ['-q', input], opts.timeoutMs, opts.signal);
      if (r.stopped) return { status: 'stopped', stop: r.stopped };
      const status = parseStatus(r.stdout);
      if (status === 'sat' && r.code === 10) return { status: 'sat', model: parseVLines(r.stdout) };
      if (status === 'unsat' && r.code === 20) return { status: 'unsat' };
      throw new Error(`cadical failed (exit ${r.code}${r.signal ? `, ${r.signal}` : ''}): ${(r.stderr || r.stdout).slice(0, 500)}`);
    }
    const output = join(dir, 'out.txt');
    const r = await run(bin, ['-verb=0', input, output], opts.timeoutMs, opts.signal);
    if (r.stopped) return { status: 'stopped', stop: r.stopped };
    let text = '';
    try {
      text = readFileSync(output, 'utf8');
    } catch {
      // no result file: reported below
    }
    const res = parseMinisatResult(text);
    if (res.status === 'sat' && r.code === 10) return res;
    if (res.status === 'unsat' && r.code === 20) return res;
    throw new Error(`minisat failed (exit ${r.code}${r.signal ? `, ${r.signal}` : ''}): ${(r.stderr || text).slice(0, 500)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The counting loop, once for every family and back-end

/**
 * The loop, as a generator so that one text serves the synchronous back-end and the asynchronous
 * ones: it yields before each SAT call (the budget checked and ticked), receives the call's answer,
 * adds the clauses it calls for with `add`, and returns the verdict.
 */
function* countLoop<S>(
  problem: SatProblem<S>,
  backend: SatBackend,
  limit: number,
  meter: Meter,
  add: (clause: number[]) => void,
): Generator<void, Verdict<S>, SatCall> {
  const found: S[] = [];
  let stop: StopReason = 'completed';
  while (found.length < limit) {
    const s = beforeCall(meter);
    if (s) {
      stop = s;
      break;
    }
    const r = yield;
    if (r.status === 'stopped') {
      stop = r.stop;
      break;
    }
    if (r.status === 'unsat') break;
    const step = problem.interpret(r.model, found, backend);
    if ('cuts' in step) {
      for (const cut of step.cuts) add(cut);
      continue;
    }
    found.push(step.solution);
    add(step.block);
  }
  return verdictFromCount(found, stop, meter.stats());
}

/** Counts a problem's solutions up to `options.limit` (at least 2; default 2) in process with logic-solver. Synchronous. */
export function satCountLogic<S>(problem: SatProblem<S>, options: SatCountOptions = {}): Verdict<S> {
  const limit = options.limit ?? 2;
  checkLimit(limit);
  const meter = new Meter(options.budget ?? {});
  const sat = new LogicSat(problem.cnf);
  const loop = countLoop(problem, 'logic-solver', limit, meter, (cl) => sat.addClause(cl));
  let it = loop.next();
  while (!it.done) it = loop.next(sat.solve());
  return it.value;
}

/** Counts a problem's solutions with an external binary (cadical or minisat), one process per SAT call. */
export async function satCountDimacs<S>(problem: SatProblem<S>, binary: SatBinary, options: SatCountOptions = {}): Promise<Verdict<S>> {
  const limit = options.limit ?? 2;
  checkLimit(limit);
  const meter = new Meter(options.budget ?? {});
  const { numVars } = problem.cnf;
  const clauses = problem.cnf.clauses.slice();
  const loop = countLoop(problem, binary, limit, meter, (cl) => clauses.push(cl));
  let it = loop.next();
  while (!it.done) {
    const r = await solveDimacs(binary, toDimacs({ numVars, clauses }, problem.comment), {
      timeoutMs: meter.remaining().deadlineMs,
      signal: options.budget?.signal,
      binaryPath: options.binaryPath,
    });
    it = loop.next(r);
  }
  return it.value;
}

/** Counts a problem's solutions with the chosen back-end. */
export async function satCountWith<S>(problem: SatProblem<S>, backend: SatBackend, options: SatCountOptions = {}): Promise<Verdict<S>> {
  if (backend === 'logic-solver') return satCountLogic(problem, options);
  if (backend === 'cadical' || backend === 'minisat') return satCountDimacs(problem, backend, options);
  throw new RangeError(`unknown SAT back-end ${String(backend)}`);
}

/** What a SAT count needs of a family: its witness (every `PuzzleFamily` has one). */
export interface Witnessed<P, S, O extends object = object> {
  readonly name: string;
  readonly witness: SatWitness<P, S, O>;
}

/**
 * Counts a family's puzzle with its own witness (`family.witness.problem`) and the chosen back-end.
 * `options` holds the count's options and the witness's encoding options (nonogram's `encoding`, edge
 * matching's `redundant`).
 */
export async function satCountFamily<P, S, O extends object>(
  family: Witnessed<P, S, O>,
  puzzle: P,
  backend: SatBackend = 'logic-solver',
  options?: SatCountOptions & O,
): Promise<Verdict<S>> {
  return satCountWith(family.witness.problem(puzzle, options), backend, options);
}

/** `satCountFamily` in process with logic-solver, synchronous. */
export function satCountFamilySync<P, S, O extends object>(family: Witnessed<P, S, O>, puzzle: P, options?: SatCountOptions & O): Verdict<S> {
  return satCountLogic(family.witness.problem(puzzle, options), options);
}
