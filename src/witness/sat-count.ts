/**
 * The SAT witness: counts nonogram solutions (up to a limit, 2 by default) with real SAT solvers, by
 * solving, blocking the solution found (a clause over the cell variables) and solving again. It is
 * the second witness of a different kind next to the native solver: it shares with it only the
 * clues and `verifySolution`.
 *
 * Back-ends:
 * - `logic-solver`: MiniSat compiled to JS (npm `logic-solver`), in process and incremental.
 *   Synchronous: the budget (deadline, nodes, signal) is checked between SAT calls only, since one
 *   call cannot be interrupted. A call that completes after the deadline still counts (its answer is
 *   sound); the next one is not started.
 * - `cadical`, `minisat`: external DIMACS binaries, run from scratch on each call (the formula plus
 *   the blocking clauses so far) in a temporary directory. The remaining time of the deadline is a
 *   hard limit: the process is killed and the verdict is `inconclusive` with stop `deadline`.
 *
 * Stats: `nodes` counts SAT calls (so `budget.maxNodes` bounds the number of calls), `ms` is wall
 * time. Every grid a solver returns is checked with `verifySolution`; a failure throws (it would be
 * an encoding or parsing bug, never a property of the puzzle).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Meter, type Budget } from '../core/budget.ts';
import type { CountOptions } from '../core/family.ts';
import { verdictFromCount, type BudgetStop, type StopReason, type Verdict } from '../core/verdict.ts';
import { verifySolution } from '../families/nonogram/clues.ts';
import { blockingClause, encodeCnf, modelToGrid, toDimacs, type Cnf, type CnfEncoding } from '../families/nonogram/cnf.ts';
import type { Nonogram, Solution } from '../families/nonogram/types.ts';

export const SAT_BINARIES = ['cadical', 'minisat'] as const;
export type SatBinary = (typeof SAT_BINARIES)[number];
export type SatBackend = 'logic-solver' | SatBinary;
export const SAT_BACKENDS: readonly SatBackend[] = ['logic-solver', ...SAT_BINARIES];

export interface SatCountOptions extends CountOptions {
  /** Count up to this many solutions; at least 2 (default 2). */
  limit?: number;
  budget?: Budget;
  /** CNF encoding (default `order`). */
  encoding?: CnfEncoding;
  /** Path of the binary for the external back-ends (default: found on PATH). */
  binaryPath?: string;
}

/** Outcome of one SAT call. */
export type SatCall = { status: 'sat'; model: number[] } | { status: 'unsat' } | { status: 'stopped'; stop: BudgetStop };

// ---------------------------------------------------------------------------------------------
// Shared counting loop

export function checkLimit(limit: number): void {
  // With a limit of 1 a found solution could not be told unique, so verdictFromCount would lie.
  if (!Number.isInteger(limit) || limit < 2) throw new RangeError(`sat count: limit must be an integer >= 2, got ${limit}`);
}

function acceptGrid(p: Nonogram, model: number[], found: Solution[], backend: string): Solution {
  const grid = modelToGrid(model, p);
  const v = verifySolution(p, grid);
  if (!v.ok) throw new Error(`SAT witness (${backend}): model does not verify (encoding bug?): ${v.reason}`);
  for (const g of found) {
    if (g.every((x, i) => x === grid[i])) throw new Error(`SAT witness (${backend}): solution repeated despite its blocking clause`);
  }
  return grid;
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

  constructor(cnf: Pick<Cnf, 'numVars' | 'clauses'>) {
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

/** Counts solutions in process with logic-solver (MiniSat compiled to JS). Synchronous. */
export function satCountLogicSolver(p: Nonogram, options: SatCountOptions = {}): Verdict<Solution> {
  const limit = options.limit ?? 2;
  checkLimit(limit);
  const meter = new Meter(options.budget ?? {});
  const cnf = encodeCnf(p, { encoding: options.encoding });
  const found: Solution[] = [];
  let stop: StopReason = 'completed';
  const sat = new LogicSat(cnf);
  while (found.length < limit) {
    const s = beforeCall(meter);
    if (s) {
      stop = s;
      break;
    }
    const r = sat.solve();
    if (r.status !== 'sat') break;
    const grid = acceptGrid(p, r.model, found, 'logic-solver');
    found.push(grid);
    sat.addClause(blockingClause(grid));
  }
  return verdictFromCount(found, stop, meter.stats());
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

/** Counts solutions with an external binary (cadical or minisat), one process per SAT call. */
export async function satCountBinary(p: Nonogram, binary: SatBinary, options: SatCountOptions = {}): Promise<Verdict<Solution>> {
  const limit = options.limit ?? 2;
  checkLimit(limit);
  const meter = new Meter(options.budget ?? {});
  const cnf = encodeCnf(p, { encoding: options.encoding });
  const clauses = cnf.clauses.slice();
  const found: Solution[] = [];
  let stop: StopReason = 'completed';
  const comment = `proofgrid nonogram ${p.width}x${p.height}, ${cnf.encoding} encoding; cells are vars 1..${p.width * p.height} row-major`;
  while (found.length < limit) {
    const s = beforeCall(meter);
    if (s) {
      stop = s;
      break;
    }
    const timeoutMs = meter.remaining().deadlineMs;
    const r = await solveDimacs(binary, toDimacs({ numVars: cnf.numVars, clauses }, comment), {
      timeoutMs,
      signal: options.budget?.signal,
      binaryPath: options.binaryPath,
    });
    if (r.status === 'stopped') {
      stop = r.stop;
      break;
    }
    if (r.status === 'unsat') break;
    const grid = acceptGrid(p, r.model, found, binary);
    found.push(grid);
    clauses.push(blockingClause(grid));
  }
  return verdictFromCount(found, stop, meter.stats());
}

/** Counts solutions with the chosen back-end. */
export async function satCount(p: Nonogram, backend: SatBackend = 'logic-solver', options: SatCountOptions = {}): Promise<Verdict<Solution>> {
  if (backend === 'logic-solver') return satCountLogicSolver(p, options);
  if (backend === 'cadical' || backend === 'minisat') return satCountBinary(p, backend, options);
  throw new RangeError(`unknown SAT back-end ${String(backend)}`);
}
