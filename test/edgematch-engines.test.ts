/**
 * Edge matching's engines as `solve` and `count` run them (src/cli/engine.ts over the family's
 * `cli.engines`): on a corpus of planted boards (both sides of the colour threshold of the default
 * pick) and broken copies (one side turned to a colour nothing else shows: no solution), every engine
 * gives the same count and the same boards, `none` where one says none, and every found board
 * verifies; under a budget too small to finish, each answers inconclusive, never a verdict.
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../src/core/result.ts';
import { Rng } from '../src/core/rng.ts';
import { verdictSolutions, type Verdict } from '../src/core/verdict.ts';
import { countBy, engineFor, findBy, FIRST_SLICE_MS } from '../src/cli/engine.ts';
import { FAMILIES } from '../src/families/index.ts';
import { pickEngine } from '../src/families/edgematch/engines.ts';
import { generatePlanted } from '../src/families/edgematch/planted.ts';
import { makeInstance, verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Board, Instance, Piece } from '../src/families/edgematch/types.ts';
import { availableBinaries } from '../src/witness/sat-count.ts';

const edgematch = FAMILIES.edgematch;
const ENGINES = ['backtrack', 'xcc', ...(availableBinaries().length > 0 ? ['sat'] : []), 'turns'];
const LIMIT = 10;

function broken(inst: Instance, rng: Rng): Instance {
  const fresh = Math.max(...inst.pieces.flat()) + 1;
  const inner = inst.pieces.map((_, i) => i).filter((i) => inst.pieces[i].every((c) => c !== 0));
  const p = rng.pick(inner);
  const d = rng.int(4);
  const pieces = inst.pieces.map((q, i) => (i === p ? (q.map((c, e) => (e === d ? fresh : c)) as unknown as Piece) : q));
  return unwrap(makeInstance(inst.width, inst.height, pieces, inst.clues));
}

function corpus(): { name: string; inst: Instance }[] {
  const out: { name: string; inst: Instance }[] = [];
  const rng = new Rng('edgematch-engines-corpus');
  const shapes: [number, number, number][] = [
    [3, 2, 2],
    [4, 2, 3],
    [4, 3, 6],
    [5, 3, 5],
    [5, 3, 8],
  ];
  for (const [n, b, i] of shapes) {
    for (const s of [0, 2]) {
      const { instance } = unwrap(generatePlanted({ width: n, height: n, borderColours: b, interiorColours: i, clues: s }, `engines-${n}-${i}-${s}`));
      const name = `${n}x${n} b${b} i${i} #${s}`;
      out.push({ name, inst: instance });
      if (s === 0) out.push({ name: `${name} broken`, inst: broken(instance, rng) });
    }
  }
  return out;
}

const CORPUS = corpus();
const key = (b: unknown): string => (b as Board).map((p) => `${p?.piece}:${p?.rotation}`).join(' ');
const summary = (v: Verdict<unknown>): string => (v.kind === 'multiple' ? `multiple:${v.solutions.length}` : v.kind);

describe('edge matching engines through the command path', () => {
  it('the default pick: turns, to find and to count, but the backtracker finds above 144 cells', () => {
    for (const { name, inst } of CORPUS) {
      expect(pickEngine(inst, 'find'), name).toBe('turns');
      expect(engineFor(edgematch, inst, 'count', {}), name).toBe('turns');
    }
    const big = (w: number, h: number): Instance => unwrap(generatePlanted({ width: w, height: h, borderColours: 5, interiorColours: 22 }, 'pick')).instance;
    expect(pickEngine(big(12, 12), 'find')).toBe('turns');
    expect(pickEngine(big(13, 12), 'find')).toBe('backtrack');
    expect(pickEngine(big(13, 12), 'count')).toBe('turns');
  });

  it('turns: a board one engine cannot finish in its first slice is answered by a later turn, with every turn counted', async () => {
    // 8x8 with three interior colours: a count to 2 the backtracker does not finish in 25 ms (checked).
    const { instance } = unwrap(generatePlanted({ width: 8, height: 8, borderColours: 3, interiorColours: 3, clues: 1 }, 's1'));
    expect((await countBy(edgematch, instance, 'backtrack', { limit: 2, budget: { deadlineMs: FIRST_SLICE_MS } })).kind).toBe('inconclusive');
    const v = await countBy(edgematch, instance, 'turns', { limit: 2, budget: { deadlineMs: 20_000 } });
    expect(v.kind).toBe('multiple');
    for (const b of verdictSolutions(v)) expect(verifyBoard(instance, b as Board).ok).toBe(true);
  });

  it('every engine: the same counts and boards, none where one is none, found boards verify', async () => {
    const seen = new Set<string>();
    for (const { name, inst } of CORPUS) {
      const answers = await Promise.all(ENGINES.map((e) => countBy(edgematch, inst, e, { limit: LIMIT, budget: { deadlineMs: 20_000 } })));
      const first = answers[0];
      for (const [k, v] of answers.entries()) {
        const what = `${name} ${ENGINES[k]}`;
        expect(v.kind, what).not.toBe('inconclusive');
        expect(summary(v), what).toBe(summary(first));
        for (const b of verdictSolutions(v)) expect(verifyBoard(inst, b as Board).ok, what).toBe(true);
        if (verdictSolutions(first).length < LIMIT) expect(verdictSolutions(v).map(key).sort(), what).toEqual(verdictSolutions(first).map(key).sort());
      }
      seen.add(first.kind);
      for (const e of ENGINES) {
        const f = await findBy(edgematch, inst, e, { deadlineMs: 20_000 });
        expect(f.kind, `${name} find ${e}`).toBe(first.kind === 'none' ? 'none' : 'found');
        if (f.kind === 'found') expect(verifyBoard(inst, f.solution as Board).ok).toBe(true);
      }
    }
    expect([...seen].sort()).toEqual(['multiple', 'none', 'unique']);
  });

  it('a node budget too small, or a signal already aborted: inconclusive from every engine, never a verdict', async () => {
    const { instance } = unwrap(generatePlanted({ width: 6, height: 6, borderColours: 3, interiorColours: 6, clues: 0 }, 'engines-budget'));
    const aborted = new AbortController();
    aborted.abort();
    for (const budget of [{ maxNodes: 1 }, { signal: aborted.signal }, { deadlineMs: 0 }]) {
      for (const e of ENGINES) {
        const v = await countBy(edgematch, instance, e, { limit: 2, budget });
        expect(v.kind, `${e} ${JSON.stringify(budget)}`).toBe('inconclusive');
        // One SAT call is one node: a SAT find may use it to find a board (checked); never none.
        const f = await findBy(edgematch, instance, e, budget);
        if (e === 'sat' && f.kind === 'found') expect(verifyBoard(instance, f.solution as Board).ok).toBe(true);
        else expect(f.kind, `${e} find ${JSON.stringify(budget)}`).toBe('inconclusive');
      }
    }
  });

  it('a family without engines refuses --engine; an unknown name is refused', () => {
    expect(() => engineFor(FAMILIES.nonogram, undefined, 'count', { engine: 'xcc' })).toThrow(/one engine/);
    expect(engineFor(FAMILIES.nonogram, undefined, 'count', {})).toBeUndefined();
    expect(() => engineFor(edgematch, CORPUS[0].inst, 'find', { engine: 'dlx' })).toThrow(/engines are backtrack, xcc, sat, turns/);
  });
});

describe('taking turns', () => {
  it('does not take a count its slice cut short (multiple below the limit, the whole slice used) as final', async () => {
    // A stand-in family with two engines: under a short slice, each stops after two of its three
    // solutions (a true `multiple`, but not the count asked for); given longer, it counts all three.
    const calls: number[] = [];
    const count = (_p: unknown, _e: string, o: { limit?: number; budget?: { deadlineMs?: number } }) => {
      const ms = o.budget?.deadlineMs ?? Number.POSITIVE_INFINITY;
      calls.push(ms);
      const n = ms >= 100 ? 3 : 2;
      return { kind: 'multiple', stop: 'completed', solutions: ['a', 'b', 'c'].slice(0, n), stats: { nodes: 1, ms: n === 3 ? 1 : ms } } as const;
    };
    const family = {
      ...FAMILIES.edgematch,
      cli: {
        ...FAMILIES.edgematch.cli,
        engines: {
          list: [
            { name: 'one', help: '' },
            { name: 'two', help: '' },
            { name: 'both', help: '', turns: ['one', 'two'] },
          ],
          pick: () => 'both',
          count,
          find: () => ({ kind: 'inconclusive', stop: 'deadline', stats: { nodes: 0, ms: 0 } }),
        },
      },
    };
    const v = await countBy(family as never, {}, 'both', { limit: 5, budget: { deadlineMs: 10_000 } });
    expect(v.kind === 'multiple' && v.solutions.length).toBe(3);
    expect(calls.slice(0, 4)).toEqual([25, 25, 50, 50]);
  });
});
