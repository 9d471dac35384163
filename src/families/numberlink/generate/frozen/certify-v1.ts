/**
 * FROZEN (numberlink generator versions 1–4): the certificate of a candidate, counted to 2 under a
 * node share (2,000,000 nodes for every version), as `countSolutions` of solver.ts at commit a58a316
 * ran it with the generator's settings (`sweepNodes` and `frontierNodes` the share, or no frontier
 * stage for versions 1–2; no windows, no split count; 20,000 path-search nodes before clause learning).
 * The path search is that commit's `NumberlinkSearch`, today's search.ts (moved there from solver.ts
 * unchanged; pinned in ../pins.json); `cdclCount` is a copy of its clause-learning stage (on today's
 * cnf.ts and core/sat.ts, pinned too); the stage order and the way each stage takes its node share are
 * copied from its `hybrid`. Which corner sweep and which
 * frontier counter run is the caller's (`CertifyStages`): each version names the frozen copy or the
 * pinned module it was certified with.
 *
 * Which stage decides, where the share runs out and which second solution a `multiple` carries (the
 * repair splits a path where it differs) all decide the output, so none of this may follow today's
 * solver. Never edit this file to change behaviour: a change is a new generator version.
 */
import { Meter, type Budget } from '../../../../core/budget.ts';
import { verdictFromCount, type StopReason, type Verdict } from '../../../../core/verdict.ts';
import { CdclSolver } from '../../../../core/sat.ts';
import { encodeNumberlink, interpretModel, numberlinkCnfLiterals, type NumberlinkCnf } from '../../cnf.ts';
import { verifySolution } from '../../puzzle.ts';
import { NumberlinkSearch } from '../../search.ts';
import type { Numberlink, Solution } from '../../types.ts';

/** The path search's nodes before clause learning takes over (solver.ts DFS_NODES_BEFORE_CDCL at a58a316). */
const DFS_NODES = 20_000;

/** A frozen corner sweep: exact under no-touch and no-2x2, run to `limit` solutions on a meter. */
export interface FrozenSweep {
  readonly stats: { nodes: number };
  run(limit: number, meter: Meter): { found: Solution[]; stop: StopReason };
}

/** The stages a version's certificate runs: its corner sweep and, from version 3, its frontier counter. */
export interface CertifyStages {
  sweep: (p: Numberlink, rule: 'no-touch' | 'no-2x2') => FrozenSweep;
  /** The strict stage before the path search, or null (versions 1–2 had none). */
  frontier: ((p: Numberlink, options: { limit: number; budget: Budget }) => Verdict<Solution>) | null;
}

/**
 * Counts `p`'s solutions to 2 within `nodes` nodes and the caller's deadline and signal (never its
 * memory cap: a cap would change which stage decides). The verdict's nodes are the stages' total.
 */
export function certify(p: Numberlink, stages: CertifyStages, nodes: number, deadlineMs: number | undefined, signal: Budget['signal']): Verdict<Solution> {
  const limit = 2;
  const meter = new Meter({ deadlineMs, signal, maxNodes: nodes });
  /** A stage's meter: `share` nodes of what is left, the caller's deadline and signal. */
  const share = (n: number): Meter => new Meter({ ...meter.remaining(), maxNodes: Math.min(n, meter.remaining().maxNodes ?? Infinity) });
  /** After a stage that decided nothing: why to stop now (the caller's budget is spent), or null to go on. */
  const spent = (): StopReason | null => (!meter.check() ? (meter.stopped ?? 'deadline') : nodesLeft(meter) ? null : 'node-limit');
  const done = (r: { found: Solution[]; stop: StopReason }): Verdict<Solution> => verdictFromCount(r.found, r.stop, { nodes: meter.nodes, ms: meter.elapsedMs() });
  const strict = p.rule === 'strict';
  if (!strict) {
    // The corner sweep, exact under no-touch and no-2x2, with the whole share.
    const sweep = stages.sweep(p, p.rule === 'no-touch' ? 'no-touch' : 'no-2x2');
    const r = sweep.run(limit, share(nodes));
    meter.tick(sweep.stats.nodes);
    if (r.stop === 'completed') return done(verified(p, r.found, 'completed'));
    const why = r.stop !== 'node-limit' ? r.stop : spent();
    if (why) return done({ found: [], stop: why });
  }
  if (strict && stages.frontier) {
    const v = stages.frontier(p, { limit, budget: share(nodes).remaining() });
    meter.tick(v.stats.nodes);
    if (v.kind !== 'inconclusive') return done(verified(p, v.kind === 'unique' ? [v.solution] : v.kind === 'multiple' ? v.solutions : [], 'completed'));
    const why = spent();
    if (why) return done({ found: [], stop: why });
  }
  const search = new NumberlinkSearch(p);
  const r = search.run(limit, share(DFS_NODES));
  meter.tick(search.stats.nodes);
  let found = r.found;
  let stop = r.stop;
  if (!nodesLeft(meter)) return done(verified(p, found, stop === 'completed' ? stop : 'node-limit'));
  if (stop === 'node-limit' && found.length < limit && meter.check()) {
    const c = cdclCount(p, limit, meter);
    found = c.found;
    stop = c.stop;
  }
  return done(verified(p, found, stop));
}

/** Whether the caller's node budget has any nodes left (a stage stopping at its own cap leaves some). */
const nodesLeft = (meter: Meter): boolean => (meter.remaining().maxNodes ?? 1) > 0;

function verified(p: Numberlink, found: Solution[], stop: StopReason): { found: Solution[]; stop: StopReason } {
  for (const s of found) {
    const v = verifySolution(p, s);
    if (!v.ok) throw new Error(`numberlink certificate returned a grid that does not verify (solver bug): ${v.reason}`);
  }
  return { found, stop };
}

/** Clause learning on the CNF model: solve, cut the loops of a model or block its solution, repeat. */
function cdclCount(p: Numberlink, limit: number, meter: Meter): { found: Solution[]; stop: StopReason } {
  // Its size is known before it is built: refuse it (memory-limit) rather than build too much.
  if (!meter.check() || !meter.holds(numberlinkCnfLiterals(p))) return { found: [], stop: meter.stopped ?? 'deadline' };
  const cnf: NumberlinkCnf = encodeNumberlink(p, meter);
  if (meter.stopped !== null) return { found: [], stop: meter.stopped };
  const solver = new CdclSolver(cnf.numVars);
  const found: Solution[] = [];
  for (const c of cnf.clauses) {
    if (!solver.addClause(c)) return { found, stop: 'completed' };
  }
  // Links off first: a path is the exception among a cell's possible links.
  cnf.edgeVar.forEach((v) => solver.setPhase(v, false));
  for (;;) {
    const status = solver.solve(meter);
    if (status === 'stopped') return { found, stop: meter.stopped ?? 'deadline' };
    if (status === 'unsat') return { found, stop: 'completed' };
    const step = interpretModel(p, cnf, solver.modelTrue());
    let ok = true;
    if ('cuts' in step) {
      for (const cut of step.cuts) ok = solver.addClause(cut) && ok;
    } else {
      found.push(step.solution);
      if (found.length >= limit) return { found, stop: 'completed' };
      ok = solver.addClause(step.block);
    }
    if (!ok) return { found, stop: 'completed' };
  }
}
