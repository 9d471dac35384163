/**
 * The engine checks of the fuzz harness: every accepted puzzle goes through count, solve, grade, hint
 * and verify under a small budget, and must come back with typed results, never an exception.
 */
import type { Budget } from '../../src/core/budget.ts';
import { LEVELS, type PuzzleFamily } from '../../src/core/family.ts';
import { STOP_REASONS, VERDICT_KINDS, type FindResult } from '../../src/core/verdict.ts';
import { excerpt } from '../../src/core/text.ts';
import { findEdgematch } from '../../src/families/edgematch/xcc-model.ts';
import { FAMILIES, type FamilyName } from '../../src/families/index.ts';
import { findSolution as findNonogram } from '../../src/families/nonogram/solver.ts';
import { findSolution as findNumberlink } from '../../src/families/numberlink/solver.ts';
import type { EnginePuzzle } from './target.ts';

export const ENGINE_BUDGET: Budget = { maxNodes: 2000, deadlineMs: 200 };

type AnyFamily = PuzzleFamily<unknown, unknown, unknown, unknown, unknown>;
const family = (f: FamilyName): AnyFamily => FAMILIES[f] as unknown as AnyFamily;

const FIND: Record<FamilyName, (p: never, budget: Budget) => FindResult<unknown>> = {
  nonogram: (p, budget) => findNonogram(p, { budget }),
  numberlink: (p, budget) => findNumberlink(p, { budget }),
  edgematch: (p, budget) => findEdgematch(p, { budget }),
};

/** The one call of `hint`: a typed answer under the harness's budget. */
export function hintOf(fam: AnyFamily, puzzle: unknown, state: unknown, budget: Budget): { kind: string } {
  return fam.hint(puzzle, state, budget);
}

export interface EngineReport {
  failures: string[];
  /** Slowest call, ms. */
  maxMs: number;
  /** Known defects of other parts, counted apart (see KNOWN). */
  known: string[];
}

/**
 * Failures of known, open defects that the harness finds: counted and reported apart, not failed on.
 * None today (the Numberlink label-grid routing, once one, is decided exactly since issue 15).
 */
const KNOWN: Partial<Record<FamilyName, RegExp>> = {};

/** Runs the checks; `budget` bounds every search. */
export function engineCheck(ep: EnginePuzzle, budget: Budget = ENGINE_BUDGET): EngineReport {
  const fam = family(ep.family);
  const p = ep.puzzle;
  const failures: string[] = [];
  const known: string[] = [];
  let maxMs = 0;
  const step = (name: string, f: () => string | null): void => {
    const t0 = performance.now();
    let why: string | null;
    try {
      why = f();
    } catch (e) {
      why = `threw ${excerpt(e instanceof Error ? `${e.name}: ${e.message}` : String(e), 160)}`;
    }
    maxMs = Math.max(maxMs, performance.now() - t0);
    if (why === null) return;
    const line = `${name}: ${why}`;
    (KNOWN[ep.family]?.test(line) ? known : failures).push(line);
  };
  const checkSolution = (what: string, s: unknown): string | null => {
    const v = fam.verify(p, s);
    if (!v.ok) return `${what} fails verify: ${excerpt(v.reason, 120)}`;
    return null;
  };
  step('id', () => {
    const id = fam.makePuzzle(p);
    const back = fam.parsePuzzle(id);
    if (!back.ok) return `its own id is refused: ${back.error.code} ${excerpt(back.error.message, 120)}`;
    return fam.makePuzzle(back.value) === id ? null : 'its id reads back as another puzzle';
  });
  step('count', () => {
    const v = fam.count(p, { limit: 2, budget });
    if (!VERDICT_KINDS.includes(v.kind) || !STOP_REASONS.includes(v.stop))
      return `untyped verdict ${excerpt(JSON.stringify({ kind: v.kind, stop: v.stop }), 80)}`;
    if (v.kind === 'unique') return checkSolution('the unique solution', v.solution);
    if (v.kind === 'multiple') return checkSolution('a solution', v.solutions[0]) ?? checkSolution('a solution', v.solutions[1]);
    return null;
  });
  let found: unknown = null;
  step('solve', () => {
    const r = FIND[ep.family](p as never, budget);
    if (r.kind === 'found') {
      found = r.solution;
      return checkSolution('the solution found', r.solution);
    }
    return r.kind === 'none' || (r.kind === 'inconclusive' && STOP_REASONS.includes(r.stop)) ? null : 'untyped find result';
  });
  if (found !== null) {
    step('solution text', () => {
      const text = fam.makeSolution(found, p);
      const back = fam.parseSolution(text, p, budget);
      // Routing a label grid is a search: undecided in the budget is a typed answer, not a refusal.
      if (!back.ok && back.error.code === 'ERR_UNDECIDED') return null;
      if (!back.ok) return `${back.error.code} ${excerpt(back.error.message, 120)}`;
      return checkSolution('the solution read back', back.value);
    });
  }
  step('grade', () => {
    const g = fam.grade(p, budget);
    if (g.ok) return LEVELS.includes(g.grade.level) && g.grade.score >= 0 && g.grade.score <= 100 ? null : `bad grade ${excerpt(JSON.stringify(g.grade), 80)}`;
    return typeof g.stop === 'string' && typeof g.message === 'string' ? null : 'untyped grade failure';
  });
  step('play', () => {
    const s = fam.play.start(p);
    const text = fam.play.makeState(s);
    const back = fam.play.parseState(text, p);
    if (!back.ok) return `the start state's text is refused: ${back.error.code} ${excerpt(back.error.message, 120)}`;
    if (fam.play.makeState(back.value) !== text) return 'the start state reads back otherwise';
    const h = hintOf(fam, p, s, budget);
    return ['hint', 'none', 'inconclusive'].includes(h.kind) ? null : 'untyped hint';
  });
  return { failures, maxMs, known };
}
