/**
 * The SAT witness for Numberlink: a CNF model of the puzzle with cycle elimination, solved by real
 * SAT solvers (logic-solver in process, or the cadical / minisat binaries), counting solutions up to
 * a limit. It shares nothing with the native search but the puzzle and the verifier.
 * The model is `cnf.ts`'s (loops cut lazily). Solutions are counted as distinct link sets, as the
 * native solver counts them.
 */
import { Meter } from '../core/budget.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../core/verdict.ts';
import { encodeNumberlink, interpretModel } from '../families/numberlink/cnf.ts';
import { verifySolution } from '../families/numberlink/puzzle.ts';
import type { Numberlink, Solution } from '../families/numberlink/types.ts';
import { toDimacs } from '../families/nonogram/cnf.ts';
import { beforeCall, checkLimit, LogicSat, solveDimacs, type SatBackend, type SatCall, type SatCountOptions } from './sat-count.ts';

/**
 * Counts solutions up to `limit` (at least 2) with the chosen back-end. Budget nodes count SAT calls
 * (loop cuts included). Every solution is checked by the verifier; a failure is an encoding bug and throws.
 */
export async function satCountNumberlink(p: Numberlink, backend: SatBackend = 'logic-solver', options: SatCountOptions = {}): Promise<Verdict<Solution>> {
  const limit = options.limit ?? 2;
  checkLimit(limit);
  const meter = new Meter(options.budget ?? {});
  const cnf = encodeNumberlink(p);
  const clauses = cnf.clauses.slice();
  const logic = backend === 'logic-solver' ? new LogicSat(cnf) : null;
  const add = (cl: number[]): void => {
    clauses.push(cl);
    logic?.addClause(cl);
  };
  const found: Solution[] = [];
  let stop: StopReason = 'completed';
  while (found.length < limit) {
    const s = beforeCall(meter);
    if (s) {
      stop = s;
      break;
    }
    const r: SatCall = logic
      ? logic.solve()
      : await solveDimacs(backend as 'cadical' | 'minisat', toDimacs({ numVars: cnf.numVars, clauses }, `proofgrid numberlink ${p.width}x${p.height} ${p.rule}`), { timeoutMs: meter.remaining().deadlineMs, signal: options.budget?.signal, binaryPath: options.binaryPath });
    if (r.status === 'stopped') {
      stop = r.stop;
      break;
    }
    if (r.status === 'unsat') break;
    const step = interpretModel(p, cnf, r.model);
    if ('cuts' in step) {
      for (const cut of step.cuts) add(cut);
      continue;
    }
    const v = verifySolution(p, step.solution);
    if (!v.ok) throw new Error(`numberlink SAT witness (${backend}): model does not verify (encoding bug?): ${v.reason}`);
    found.push(step.solution);
    add(step.block);
  }
  return verdictFromCount(found, stop, meter.stats());
}
