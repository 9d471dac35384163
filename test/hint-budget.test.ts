/**
 * Hints under a budget (issue 15): on boards where an unbounded hint ran for seconds to minutes, every
 * family answers `inconclusive` within the budget's slack, with a node limit and with a deadline;
 * `none` only when the search finished; a stopped search never gives a wrong hint.
 */
import { describe, expect, it } from 'vitest';
import type { Budget } from '../src/core/budget.ts';
import type { HintResult, PuzzleFamily } from '../src/core/family.ts';
import { edgematch, generatePlayable, playableParams } from '../src/families/edgematch/index.ts';
import { generateNonogram, nonogram } from '../src/families/nonogram/index.ts';
import { nonogramHint } from '../src/families/nonogram/hint.ts';
import { EMPTY, FILLED } from '../src/families/nonogram/types.ts';
import { generateNumberlink, numberlink } from '../src/families/numberlink/index.ts';
import { HINT_BOARDS, sparseNumberlink } from './hint-boards.ts';

type AnyFamily = PuzzleFamily<any, any, any, any, any>;

/**
 * What a deadline may be overshot by: the max(20 ms, 10 %) plus one line solve (or one trial's
 * propagation), taken generously as 200 ms since the machine running the tests is shared and loaded.
 */
const ALLOWANCE_MS = 200;
const DEADLINE_MS = 100;
const MAX_NODES = 50;

function timed(fam: AnyFamily, p: unknown, budget: Budget): { r: HintResult; ms: number } {
  const state = fam.play.start(p);
  const t = performance.now();
  const r = fam.hint(p, state, budget);
  return { r, ms: performance.now() - t };
}

describe('hints under a budget, on adversarial boards', () => {
  for (const [name, fam, make] of HINT_BOARDS) {
    it(`${name}: inconclusive at ${MAX_NODES} nodes and at a ${DEADLINE_MS} ms deadline`, () => {
      const p = make();
      const byNodes = timed(fam, p, { maxNodes: MAX_NODES });
      expect(byNodes.r).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
      expect(byNodes.r.stats.nodes).toBeLessThanOrEqual(MAX_NODES + 1);
      const byTime = timed(fam, p, { deadlineMs: DEADLINE_MS });
      expect(byTime.r).toMatchObject({ kind: 'inconclusive', stop: 'deadline' });
      expect(byTime.ms).toBeLessThan(DEADLINE_MS + ALLOWANCE_MS);
      expect(byTime.r.stats.ms).toBeGreaterThanOrEqual(DEADLINE_MS);
    });
  }
  it('a cancelled signal stops a hint at once', () => {
    const { r, ms } = timed(numberlink, sparseNumberlink(200, 200, 1), { signal: { aborted: true } });
    expect(r).toMatchObject({ kind: 'inconclusive', stop: 'cancelled' });
    expect(ms).toBeLessThan(ALLOWANCE_MS);
  });
});

describe('hints that finish', () => {
  const non = generateNonogram({ width: 10, height: 10, level: 'medium' }, 'hint-budget');
  const nl = generateNumberlink({ width: 7, height: 7, level: 'easy', rule: 'strict' }, 'hint-budget');
  const em = generatePlayable(playableParams(4, 4, 'easy'), 'hint-budget');
  if (!non.ok || !nl.ok || !em.ok) throw new Error('generation failed');
  const cases: [string, AnyFamily, unknown, unknown, unknown][] = [
    [
      'nonogram',
      nonogram,
      non.puzzle,
      nonogram.play.start(non.puzzle),
      { ...nonogram.play.start(non.puzzle), marks: Uint8Array.from(non.solution, (v) => (v ? FILLED : EMPTY)) },
    ],
    ['numberlink', numberlink, nl.puzzle, numberlink.play.start(nl.puzzle), { ...numberlink.play.start(nl.puzzle), links: Uint8Array.from(nl.solution) }],
    ['edgematch', edgematch, em.puzzle, edgematch.play.start(em.puzzle), { ...edgematch.play.start(em.puzzle), board: em.solution }],
  ];
  for (const [name, fam, p, start, solved] of cases) {
    it(`${name}: a real hint on an easy board, none on the solved board, both within the default budget`, () => {
      expect(fam.play.isSolved(p, solved)).toBe(true);
      expect(fam.hint(p, start)).toMatchObject({ kind: 'hint', hint: { technique: expect.any(String), message: expect.any(String) } });
      expect(fam.hint(p, solved)).toMatchObject({ kind: 'none', reason: 'solved' });
      // A budget that suffices changes nothing.
      const free = fam.hint(p, start, {});
      expect(fam.hint(p, start, { maxNodes: 10_000_000, deadlineMs: 60_000 })).toEqual({ ...free, stats: expect.anything() });
    });
  }
  it('a nonogram hint stopped at any node count is a hint that agrees with the solution, or inconclusive, never none', () => {
    const p = non.puzzle;
    const kinds = new Set<string>();
    for (let maxNodes = 0; maxNodes <= 45; maxNodes++) {
      const r = nonogramHint(p, new Uint8Array(100), { maxNodes });
      kinds.add(r.kind);
      expect(r.kind).not.toBe('none');
      if (r.kind !== 'hint') continue;
      for (const c of r.hint.focus.cells) {
        expect(c.value === 'filled' ? 1 : 0).toBe(non.solution[c.row * 10 + c.col]);
      }
    }
    // Both outcomes occur: the limit really cuts the search.
    expect(kinds).toEqual(new Set(['hint', 'inconclusive']));
  });
});
