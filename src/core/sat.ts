/**
 * A CDCL SAT solver in plain TypeScript: the engine's own clause-learning search, for the instances
 * where line propagation plus branching needs exponential time and learned nogoods do not (the heavy
 * tail of the tournament sets, puzzles with several far-apart solutions). Pure engine code: no Node,
 * no DOM, no clock (time and cancellation come through the budget meter).
 *
 * Textbook design (after MiniSat and Glucose, written from the published algorithms):
 * - two watched literals with blocker literals; binary clauses are recognised in the watch lists and
 *   propagate without touching the clause;
 * - first-UIP conflict analysis with recursive clause minimisation;
 * - VSIDS variable activity in a binary heap, phase saving (initial phases may be set: a known
 *   solution as the starting phase makes the search look near it first);
 * - Luby restarts; learned clauses ranked by LBD (glue), the worse half of those with glue > 2 deleted
 *   at each reduction;
 * - incremental: clauses may be added between calls (for example a clause that blocks the last model),
 *   learned clauses are kept.
 *
 * Budget: one node per conflict and one per decision. Exhausting the meter stops the search with
 * status `stopped`, which says nothing about satisfiability.
 *
 * Literals in the API are DIMACS integers (v or -v, v >= 1). Internally literal v is 2v and -v is 2v+1.
 */
import type { Meter } from './budget.ts';
import { luby } from './grid.ts';

export type SatStatus = 'sat' | 'unsat' | 'stopped';

export interface SatStats {
  decisions: number;
  conflicts: number;
  propagations: number;
  restarts: number;
  learnts: number;
  reductions: number;
}

const NO_REASON = -1;
/** Base of the Luby restart sequence, in conflicts. */
const RESTART_BASE = 100;
const VAR_DECAY = 0.95;
const FIRST_REDUCE = 2000;
const REDUCE_INCREMENT = 300;

/** Work units (see `Meter.work`) reported per assignment a propagation makes. */
const PROPAGATION_WORK = 16;

export class CdclSolver {
  readonly stats: SatStats = { decisions: 0, conflicts: 0, propagations: 0, restarts: 0, learnts: 0, reductions: 0 };
  private nVars = 0;
  /** Value of each literal code: 1 true, -1 false, 0 unassigned. */
  private vals = new Int8Array(4);
  private level = new Int32Array(2);
  private reason = new Int32Array(2);
  private trail = new Int32Array(2);
  private trailSize = 0;
  private qhead = 0;
  private trailLim: number[] = [];
  private activity = new Float64Array(2);
  private varInc = 1;
  /** Saved phase per variable: 1 positive, 0 negative. */
  private phase = new Uint8Array(2);
  /** Forced phase per variable: 0 none (use the saved phase), 1 positive, 2 negative. */
  private forced = new Uint8Array(2);
  private seen = new Uint8Array(2);
  // heap of variables by activity
  private heap = new Int32Array(2);
  private heapSize = 0;
  private heapIndex = new Int32Array(2);
  // clauses
  private clauses: (Int32Array | null)[] = [];
  private glue: number[] = [];
  private freeRefs: number[] = [];
  private learntRefs: number[] = [];
  /** Watch lists per literal code: pairs (clause ref, blocker); binary clauses as (-(ref + 1), other). */
  private watches: Int32Array[] = [new Int32Array(0), new Int32Array(0), new Int32Array(0), new Int32Array(0)];
  private watchLen = new Int32Array(4);
  private unsat = false;
  private modelVals: Int8Array | null = null;
  private levelStamp = new Int32Array(2);
  private stampCounter = 0;
  private maxLearnts = FIRST_REDUCE;
  private restartIndex = 0;
  /** Literals held by the clause database (original and learned): the unit of `Budget.maxStates`. */
  private literals = 0;

  constructor(numVars = 0) {
    this.ensureVars(numVars);
  }

  get numVars(): number {
    return this.nVars;
  }

  /** Makes variables 1..n exist. */
  ensureVars(n: number): void {
    if (n <= this.nVars) return;
    const cap = this.level.length;
    if (n + 1 > cap) {
      const size = Math.max(n + 1, cap * 2);
      const grow32 = (a: Int32Array) => {
        const b = new Int32Array(size);
        b.set(a);
        return b;
      };
      const vals = new Int8Array(size * 2);
      vals.set(this.vals);
      this.vals = vals;
      const wl = new Int32Array(size * 2);
      wl.set(this.watchLen);
      this.watchLen = wl;
      this.level = grow32(this.level);
      this.reason = grow32(this.reason);
      this.trail = grow32(this.trail);
      this.heap = grow32(this.heap);
      this.heapIndex = grow32(this.heapIndex);
      this.levelStamp = grow32(this.levelStamp);
      const act = new Float64Array(size);
      act.set(this.activity);
      this.activity = act;
      const ph = new Uint8Array(size);
      ph.set(this.phase);
      this.phase = ph;
      const fo = new Uint8Array(size);
      fo.set(this.forced);
      this.forced = fo;
      this.seen = new Uint8Array(size);
    }
    for (let v = this.nVars + 1; v <= n; v++) {
      this.watches.push(new Int32Array(0), new Int32Array(0));
      this.reason[v] = NO_REASON;
      this.heapIndex[v] = -1;
      this.heapInsert(v);
    }
    this.nVars = n;
  }

  private code(lit: number): number {
    if (!Number.isInteger(lit) || lit === 0) throw new RangeError(`sat: bad literal ${lit}`);
    const v = lit < 0 ? -lit : lit;
    if (v > this.nVars) this.ensureVars(v);
    return lit > 0 ? 2 * v : 2 * v + 1;
  }

  /** Adds a clause (DIMACS literals). Returns false once the formula is known unsatisfiable. */
  addClause(lits: readonly number[]): boolean {
    if (this.unsat) return false;
    this.cancelUntil(0);
    this.modelVals = null;
    const codes: number[] = [];
    for (const l of lits) codes.push(this.code(l));
    codes.sort((a, b) => a - b);
    const out: number[] = [];
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i];
      if (i > 0 && codes[i - 1] === c) continue;
      if (i > 0 && codes[i - 1] === (c ^ 1)) return true; // tautology
      const val = this.vals[c];
      if (val === 1) return true; // satisfied at level 0
      if (val === -1) continue;
      out.push(c);
    }
    if (out.length === 0) {
      this.unsat = true;
      return false;
    }
    if (out.length === 1) {
      this.enqueue(out[0], NO_REASON);
      if (this.propagate() !== NO_REASON) this.unsat = true;
      return !this.unsat;
    }
    this.attach(Int32Array.from(out), false, 0);
    return true;
  }

  /** Sets the phase a variable takes when the search decides it (a hint, never a constraint). */
  setPhase(v: number, value: boolean): void {
    this.ensureVars(v);
    this.phase[v] = value ? 1 : 0;
  }

  /**
   * Makes every decision on `v` take `value` first, whatever phase was saved (null lifts it). A hint
   * that outlasts restarts and models, never a constraint.
   */
  forcePhase(v: number, value: boolean | null): void {
    this.ensureVars(v);
    this.forced[v] = value === null ? 0 : value ? 1 : 2;
  }

  /** Value of variable v in the last model (after `solve` returned `sat`). */
  modelValue(v: number): boolean {
    if (this.modelVals === null) throw new Error('sat: no model (solve did not return sat, or a clause was added since)');
    return this.modelVals[2 * v] === 1;
  }

  /** Positive literals of the last model, as DIMACS variables. */
  modelTrue(): number[] {
    const out: number[] = [];
    for (let v = 1; v <= this.nVars; v++) if (this.modelValue(v)) out.push(v);
    return out;
  }

  private attach(c: Int32Array, learnt: boolean, lbd: number): number {
    const ref = this.freeRefs.length > 0 ? (this.freeRefs.pop() as number) : this.clauses.length;
    this.clauses[ref] = c;
    this.literals += c.length;
    this.glue[ref] = lbd;
    if (learnt && c.length > 2) this.learntRefs.push(ref);
    const w = c.length === 2 ? -(ref + 1) : ref;
    this.watch(c[0] ^ 1, w, c[1]);
    this.watch(c[1] ^ 1, w, c[0]);
    return ref;
  }

  private watch(lit: number, w: number, blocker: number): void {
    let ws = this.watches[lit];
    const n = this.watchLen[lit];
    if (n + 2 > ws.length) {
      const grown = new Int32Array(Math.max(8, ws.length * 2));
      grown.set(ws);
      this.watches[lit] = grown;
      ws = grown;
    }
    ws[n] = w;
    ws[n + 1] = blocker;
    this.watchLen[lit] = n + 2;
  }

  private enqueue(lit: number, from: number): void {
    const v = lit >> 1;
    this.vals[lit] = 1;
    this.vals[lit ^ 1] = -1;
    this.level[v] = this.trailLim.length;
    this.reason[v] = from;
    this.trail[this.trailSize++] = lit;
  }

  /** Unit propagation; returns the conflicting clause's ref or NO_REASON. */
  private propagate(): number {
    const { vals, watches, clauses, watchLen } = this;
    let conflict = NO_REASON;
    while (this.qhead < this.trailSize) {
      const p = this.trail[this.qhead++];
      const falseLit = p ^ 1;
      const ws = watches[p];
      this.stats.propagations++;
      const n = watchLen[p];
      let i = 0;
      let j = 0;
      while (i < n) {
        const w = ws[i];
        const blocker = ws[i + 1];
        i += 2;
        if (vals[blocker] === 1) {
          ws[j++] = w;
          ws[j++] = blocker;
          continue;
        }
        if (w < 0) {
          // binary clause: the blocker is the other literal
          ws[j++] = w;
          ws[j++] = blocker;
          if (vals[blocker] === -1) {
            conflict = -w - 1;
            while (i < n) ws[j++] = ws[i++];
          } else {
            this.enqueue(blocker, -w - 1);
          }
          continue;
        }
        const c = clauses[w];
        if (c === null) continue; // deleted: drop the watch
        if (c[0] === falseLit) {
          c[0] = c[1];
          c[1] = falseLit;
        }
        const first = c[0];
        if (first !== blocker && vals[first] === 1) {
          ws[j++] = w;
          ws[j++] = first;
          continue;
        }
        let moved = false;
        for (let k = 2; k < c.length; k++) {
          const l = c[k];
          if (vals[l] !== -1) {
            c[1] = l;
            c[k] = falseLit;
            this.watch(l ^ 1, w, first);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        ws[j++] = w;
        ws[j++] = first;
        if (vals[first] === -1) {
          conflict = w;
          while (i < n) ws[j++] = ws[i++];
        } else {
          this.enqueue(first, w);
        }
      }
      watchLen[p] = j;
      if (conflict !== NO_REASON) return conflict;
    }
    return NO_REASON;
  }

  private cancelUntil(lvl: number): void {
    if (this.trailLim.length <= lvl) return;
    const stop = this.trailLim[lvl];
    for (let i = this.trailSize - 1; i >= stop; i--) {
      const lit = this.trail[i];
      const v = lit >> 1;
      this.vals[lit] = 0;
      this.vals[lit ^ 1] = 0;
      this.reason[v] = NO_REASON;
      this.phase[v] = (lit & 1) === 0 ? 1 : 0;
      if (this.heapIndex[v] < 0) this.heapInsert(v);
    }
    this.trailSize = stop;
    this.qhead = stop;
    this.trailLim.length = lvl;
  }

  // ---- heap (max-activity first) ----
  private heapLess(a: number, b: number): boolean {
    return this.activity[a] > this.activity[b];
  }

  private heapUp(i: number): void {
    const { heap, heapIndex } = this;
    const v = heap[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pv = heap[parent];
      if (!this.heapLess(v, pv)) break;
      heap[i] = pv;
      heapIndex[pv] = i;
      i = parent;
    }
    heap[i] = v;
    heapIndex[v] = i;
  }

  private heapDown(i: number): void {
    const { heap, heapIndex } = this;
    const v = heap[i];
    const n = this.heapSize;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.heapLess(heap[child + 1], heap[child])) child++;
      if (!this.heapLess(heap[child], v)) break;
      heap[i] = heap[child];
      heapIndex[heap[i]] = i;
      i = child;
    }
    heap[i] = v;
    heapIndex[v] = i;
  }

  private heapInsert(v: number): void {
    if (this.heapSize >= this.heap.length) {
      const h = new Int32Array(this.heap.length * 2 + 2);
      h.set(this.heap);
      this.heap = h;
    }
    this.heap[this.heapSize] = v;
    this.heapIndex[v] = this.heapSize;
    this.heapSize++;
    this.heapUp(this.heapSize - 1);
  }

  private heapPop(): number {
    const v = this.heap[0];
    this.heapIndex[v] = -1;
    this.heapSize--;
    if (this.heapSize > 0) {
      this.heap[0] = this.heap[this.heapSize];
      this.heapIndex[this.heap[0]] = 0;
      this.heapDown(0);
    }
    return v;
  }

  private bump(v: number): void {
    this.activity[v] += this.varInc;
    if (this.activity[v] > 1e100) {
      for (let u = 1; u <= this.nVars; u++) this.activity[u] *= 1e-100;
      this.varInc *= 1e-100;
    }
    if (this.heapIndex[v] >= 0) this.heapUp(this.heapIndex[v]);
  }

  // ---- conflict analysis ----
  private analyzeStack: number[] = [];
  private toClear: number[] = [];

  /** First-UIP learned clause (asserting literal first, then the literal of the backjump level). */
  private analyze(conflict: number): { learnt: number[]; backLevel: number } {
    const { seen, level, trail, reason, clauses } = this;
    const dl = this.trailLim.length;
    const learnt: number[] = [0];
    let pathC = 0;
    let p = -1;
    let idx = this.trailSize - 1;
    let confl = conflict;
    this.toClear.length = 0;
    for (;;) {
      const c = clauses[confl] as Int32Array;
      for (let k = 0; k < c.length; k++) {
        const q = c[k];
        const v = q >> 1;
        if (p !== -1 && v === p >> 1) continue;
        if (seen[v] === 0 && level[v] > 0) {
          this.bump(v);
          seen[v] = 1;
          this.toClear.push(v);
          if (level[v] >= dl) pathC++;
          else learnt.push(q);
        }
      }
      while (seen[trail[idx] >> 1] === 0) idx--;
      p = trail[idx];
      idx--;
      seen[p >> 1] = 0;
      pathC--;
      if (pathC <= 0) break;
      confl = reason[p >> 1];
    }
    learnt[0] = p ^ 1;
    // mark the clause's literals for minimisation
    for (let k = 1; k < learnt.length; k++) seen[learnt[k] >> 1] = 1;
    let abstract = 0;
    for (let k = 1; k < learnt.length; k++) abstract |= 1 << (level[learnt[k] >> 1] & 31);
    let j = 1;
    for (let k = 1; k < learnt.length; k++) {
      const v = learnt[k] >> 1;
      if (reason[v] === NO_REASON || !this.redundant(learnt[k], abstract)) learnt[j++] = learnt[k];
    }
    learnt.length = j;
    for (const v of this.toClear) seen[v] = 0;
    for (let k = 0; k < learnt.length; k++) seen[learnt[k] >> 1] = 0;
    // backjump level: highest level among the other literals, moved to position 1
    let backLevel = 0;
    if (learnt.length > 1) {
      let maxI = 1;
      for (let k = 2; k < learnt.length; k++) if (level[learnt[k] >> 1] > level[learnt[maxI] >> 1]) maxI = k;
      const t = learnt[1];
      learnt[1] = learnt[maxI];
      learnt[maxI] = t;
      backLevel = level[learnt[1] >> 1];
    }
    return { learnt, backLevel };
  }

  /** True when literal p is implied by other literals of the learned clause (seen = 1). */
  private redundant(p: number, abstract: number): boolean {
    const { seen, level, reason, clauses } = this;
    const stack = this.analyzeStack;
    stack.length = 0;
    stack.push(p);
    const top = this.toClear.length;
    while (stack.length > 0) {
      const q = stack.pop() as number;
      const c = clauses[reason[q >> 1]] as Int32Array;
      for (let k = 0; k < c.length; k++) {
        const l = c[k];
        const v = l >> 1;
        if (v === q >> 1) continue;
        if (seen[v] === 0 && level[v] > 0) {
          if (reason[v] !== NO_REASON && (abstract & (1 << (level[v] & 31))) !== 0) {
            seen[v] = 1;
            stack.push(l);
            this.toClear.push(v);
          } else {
            for (let t = top; t < this.toClear.length; t++) seen[this.toClear[t]] = 0;
            this.toClear.length = top;
            return false;
          }
        }
      }
    }
    return true;
  }

  private computeGlue(lits: readonly number[]): number {
    const stamp = ++this.stampCounter;
    let n = 0;
    for (const l of lits) {
      const lv = this.level[l >> 1];
      if (this.levelStamp[lv] !== stamp) {
        this.levelStamp[lv] = stamp;
        n++;
      }
    }
    return n;
  }

  private locked(ref: number): boolean {
    const c = this.clauses[ref] as Int32Array;
    for (let k = 0; k < 2; k++) {
      const l = c[k];
      if (this.vals[l] === 1 && this.reason[l >> 1] === ref) return true;
    }
    return false;
  }

  /** Deletes the worse half of the learned clauses with glue > 2 that are not reasons. */
  private reduce(): void {
    this.stats.reductions++;
    const cands: number[] = [];
    const keep: number[] = [];
    for (const ref of this.learntRefs) {
      if (this.glue[ref] > 2 && !this.locked(ref)) cands.push(ref);
      else keep.push(ref);
    }
    // worst first: highest glue, ties by ref (a deterministic order)
    cands.sort((a, b) => this.glue[b] - this.glue[a] || a - b);
    const drop = cands.length >> 1;
    const dead = new Uint8Array(this.clauses.length);
    for (let i = 0; i < drop; i++) {
      dead[cands[i]] = 1;
      this.literals -= (this.clauses[cands[i]] as Int32Array).length;
      this.clauses[cands[i]] = null;
    }
    for (let i = drop; i < cands.length; i++) keep.push(cands[i]);
    this.learntRefs = keep;
    // purge watches of deleted clauses before their refs can be reused
    for (let lit = 0; lit < this.watches.length; lit++) {
      const ws = this.watches[lit];
      const n = this.watchLen[lit];
      let j = 0;
      for (let i = 0; i < n; i += 2) {
        const w = ws[i];
        if (w >= 0 && dead[w] === 1) continue;
        ws[j++] = w;
        ws[j++] = ws[i + 1];
      }
      this.watchLen[lit] = j;
    }
    for (let i = 0; i < drop; i++) this.freeRefs.push(cands[i]);
    this.maxLearnts += REDUCE_INCREMENT;
  }

  private pickBranch(): number {
    while (this.heapSize > 0) {
      const v = this.heapPop();
      if (this.vals[2 * v] !== 0) continue;
      const f = this.forced[v];
      if (f !== 0) return f === 1 ? 2 * v : 2 * v + 1;
      return this.phase[v] === 1 ? 2 * v : 2 * v + 1;
    }
    return -1;
  }

  /**
   * Searches for a model under the meter's budget. `sat`: a model is available (`modelValue`) and the
   * solver stays usable (add a clause and solve again). `unsat`: no model exists. `stopped`: the budget
   * ran out first. Budget: a node per conflict and per decision; each propagation reports its
   * assignments as work (PROPAGATION_WORK each), so the clock is read by work done; the clause
   * database's literals are held against `maxStates`.
   */
  solve(meter: Meter): SatStatus {
    if (this.unsat) return 'unsat';
    this.modelVals = null;
    this.cancelUntil(0);
    if (this.propagate() !== NO_REASON) {
      this.unsat = true;
      return 'unsat';
    }
    let conflictsToRestart = RESTART_BASE * luby(this.restartIndex + 1);
    for (;;) {
      const trailBefore = this.trailSize;
      const confl = this.propagate();
      // A conflict at level 0 is a proof, whatever the budget says: taken before the budget check, so
      // that a stop at that moment does not lose it (propagation has moved past its literal).
      if (confl !== NO_REASON && this.trailLim.length === 0) {
        this.stats.conflicts++;
        this.unsat = true;
        return 'unsat';
      }
      if (!meter.work(PROPAGATION_WORK * (this.trailSize - trailBefore + 1)) || !meter.holds(this.literals)) {
        this.cancelUntil(0);
        return 'stopped';
      }
      if (confl !== NO_REASON) {
        this.stats.conflicts++;
        const { learnt, backLevel } = this.analyze(confl);
        this.cancelUntil(backLevel);
        if (learnt.length === 1) {
          this.enqueue(learnt[0], NO_REASON);
        } else {
          const ref = this.attach(Int32Array.from(learnt), true, this.computeGlue(learnt));
          this.stats.learnts++;
          this.enqueue(learnt[0], ref);
        }
        this.varInc /= VAR_DECAY;
        conflictsToRestart--;
        if (!meter.tick()) {
          this.cancelUntil(0);
          return 'stopped';
        }
        continue;
      }
      if (conflictsToRestart <= 0) {
        this.stats.restarts++;
        this.restartIndex++;
        conflictsToRestart = RESTART_BASE * luby(this.restartIndex + 1);
        this.cancelUntil(0);
        continue;
      }
      if (this.learntRefs.length - this.trailSize >= this.maxLearnts) this.reduce();
      const next = this.pickBranch();
      if (next < 0) {
        this.modelVals = this.vals.slice();
        // cancelUntil saves every unassigned literal's value as its phase: the next call starts from this model
        this.cancelUntil(0);
        return 'sat';
      }
      this.stats.decisions++;
      if (!meter.tick()) {
        this.cancelUntil(0);
        return 'stopped';
      }
      this.trailLim.push(this.trailSize);
      this.enqueue(next, NO_REASON);
    }
  }
}

/**
 * DIMACS CNF text, for external solvers and files: optional comment lines (`c ...`, one per line of
 * `comments`), the `p cnf V C` header, then one clause per line terminated by 0. Any family's CNF.
 */
export function toDimacs(cnf: { numVars: number; clauses: readonly (readonly number[])[] }, comments?: string | readonly string[]): string {
  const out: string[] = [];
  const lines = comments === undefined ? [] : typeof comments === 'string' ? comments.split('\n') : comments.flatMap((c) => c.split('\n'));
  for (const c of lines) out.push(c.length > 0 ? `c ${c}` : 'c');
  out.push(`p cnf ${cnf.numVars} ${cnf.clauses.length}`);
  for (const cl of cnf.clauses) out.push(cl.length > 0 ? `${cl.join(' ')} 0` : '0');
  return `${out.join('\n')}\n`;
}
