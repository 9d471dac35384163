/**
 * Edge matching, three paradigms against each other: Algorithm C on the exact cover model
 * (`countEdgematch`), the scan-row backtracker (`countBacktrack`) and the SAT witness (the CNF of
 * `cnf.ts` under logic-solver in process, and the cadical / minisat binaries when installed). On small
 * planted instances and broken ones (one side of one piece turned to a colour nothing else has) they
 * must agree on the verdict, the count up to the limit and, when the counts are complete, on the very
 * boards.
 */
import { describe, expect, it } from 'vitest';
import { LONG } from './long.ts';
import { unwrap } from '../src/core/result.ts';
import { Rng } from '../src/core/rng.ts';
import { verdictSolutions, type Verdict } from '../src/core/verdict.ts';
import { countBacktrack } from '../src/families/edgematch/backtrack.ts';
import { edgematchCnf, makeDimacs } from '../src/families/edgematch/cnf.ts';
import { generatePlanted } from '../src/families/edgematch/planted.ts';
import { makeInstance, verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Board, Instance, Piece } from '../src/families/edgematch/types.ts';
import { countEdgematch } from '../src/families/edgematch/xcc-model.ts';
import { edgematchSatProblem, satCountEdgematch, satCountEdgematchSync } from '../src/witness/edgematch-sat.ts';
import { availableBinaries, type SatBinary } from '../src/witness/sat-count.ts';

const LIMIT = 50;

const summary = (v: Verdict<unknown>): string => (v.kind === 'multiple' ? `multiple:${v.solutions.length}` : v.kind);
const key = (b: Board): string => b.map((p) => `${p?.piece}:${p?.rotation}`).join(' ');
const keys = (v: Verdict<Board>): string[] => verdictSolutions(v).map(key).sort();

/** One side of one piece (an interior piece when there is one) turned to a colour nothing else shows: no solution. */
function broken(inst: Instance, rng: Rng): Instance {
  const fresh = Math.max(...inst.pieces.flat()) + 1;
  const inner = inst.pieces.map((_, i) => i).filter((i) => inst.pieces[i].every((c) => c !== 0));
  const p = inner.length > 0 ? rng.pick(inner) : rng.int(inst.pieces.length);
  const d = rng.pick([0, 1, 2, 3].filter((e) => inst.pieces[p][e] !== 0));
  const pieces = inst.pieces.map((q, i) => (i === p ? (q.map((c, e) => (e === d ? fresh : c)) as unknown as Piece) : q));
  return unwrap(makeInstance(inst.width, inst.height, pieces, inst.clues));
}

/** Small planted instances (sizes 2 to 4, few to many colours, 0 to 2 clues) and a broken copy of some. */
function corpus(): { name: string; inst: Instance }[] {
  const out: { name: string; inst: Instance }[] = [];
  const rng = new Rng('edgematch-sat-corpus');
  const shapes: [number, number, number, number][] = [
    [2, 2, 1, 1],
    [2, 3, 2, 1],
    [3, 2, 2, 1],
    [3, 3, 1, 1],
    [3, 3, 2, 2],
    [3, 3, 3, 3],
    [4, 3, 2, 3],
    [3, 4, 3, 4],
    [4, 4, 3, 4],
    [4, 4, 4, 8],
    [4, 4, 3, 10],
  ];
  for (const [w, h, b, i] of shapes) {
    for (let s = 0; s < 3; s++) {
      const clues = rng.int(3);
      const { instance } = unwrap(generatePlanted({ width: w, height: h, borderColours: b, interiorColours: i, clues }, `sat-${w}x${h}-${s}`));
      const name = `${w}x${h} b${b} i${i} k${clues} #${s}`;
      out.push({ name, inst: instance });
      if (s === 0) out.push({ name: `${name} broken`, inst: broken(instance, rng) });
    }
  }
  return out;
}

const CORPUS = corpus();

/** Both counts are complete below the limit, so then they found the same boards. */
function expectSameAnswer(name: string, a: Verdict<Board>, b: Verdict<Board>): void {
  expect(summary(b), name).toBe(summary(a));
  if (verdictSolutions(a).length < LIMIT) expect(keys(b), name).toEqual(keys(a));
}

describe('edge matching: Algorithm C, the backtracker and the SAT witness agree', () => {
  it('on planted and broken instances: none, unique and multiple, the same counts and the same boards', () => {
    const seen = new Set<string>();
    for (const { name, inst } of CORPUS) {
      const xcc = countEdgematch(inst, { limit: LIMIT });
      const bt = countBacktrack(inst, { limit: LIMIT });
      const sat = satCountEdgematchSync(inst, { limit: LIMIT });
      for (const v of [xcc, bt, sat]) {
        expect(v.stop, name).toBe('completed');
        for (const board of verdictSolutions(v)) expect(verifyBoard(inst, board).ok, name).toBe(true);
      }
      expectSameAnswer(`${name}: backtracker`, xcc, bt);
      expectSameAnswer(`${name}: SAT`, xcc, sat);
      if (name.endsWith('broken')) expect(sat.kind, name).toBe('none');
      seen.add(sat.kind);
    }
    expect([...seen].sort()).toEqual(['multiple', 'none', 'unique']);
  });

  it('without the redundant clauses the SAT count is the same', () => {
    for (const { name, inst } of CORPUS.filter((_, k) => k % 3 === 0)) {
      expectSameAnswer(name, satCountEdgematchSync(inst, { limit: LIMIT }), satCountEdgematchSync(inst, { limit: LIMIT, redundant: false }));
    }
  });

  it('respects a clue: the count with it is the boards of the count without it that hold it', () => {
    let tried = 0;
    for (const { name, inst } of CORPUS) {
      if (inst.clues.length > 0) continue;
      const all = satCountEdgematchSync(inst, { limit: LIMIT });
      if (all.kind !== 'multiple' || all.solutions.length >= LIMIT) continue;
      const boards = all.solutions;
      // A cell where the boards differ, fixed as the last board has it.
      const cell = boards[0].findIndex((p, c) => boards.some((b) => b[c]?.piece !== p?.piece || b[c]?.rotation !== p?.rotation));
      if (cell < 0) continue;
      const pl = boards[boards.length - 1][cell]!;
      const clued = unwrap(makeInstance(inst.width, inst.height, inst.pieces, [{ cell, piece: pl.piece, rotation: pl.rotation }]));
      const want = boards
        .filter((b) => b[cell]?.piece === pl.piece && b[cell]?.rotation === pl.rotation)
        .map(key)
        .sort();
      const v = satCountEdgematchSync(clued, { limit: LIMIT });
      expect(keys(v), name).toEqual(want);
      expect(want.length).toBeLessThan(boards.length);
      expect(summary(countEdgematch(clued, { limit: LIMIT })), name).toBe(summary(v));
      tried++;
    }
    expect(tried).toBeGreaterThan(2);
  });

  it('a budget that runs out gives inconclusive, never unique or none', async () => {
    const multi = CORPUS.find(({ inst }) => satCountEdgematchSync(inst, { limit: 3 }).kind === 'multiple')!.inst;
    // One SAT call allowed: one board found, the second call not started.
    const one = satCountEdgematchSync(multi, { limit: 3, budget: { maxNodes: 1 } });
    expect(one).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
    if (one.kind === 'inconclusive') {
      expect(one.found.length).toBe(1);
      expect(verifyBoard(multi, one.found[0]).ok).toBe(true);
    }
    const unique = CORPUS.find(({ inst }) => satCountEdgematchSync(inst).kind === 'unique')!.inst;
    expect(satCountEdgematchSync(unique, { budget: { maxNodes: 1 } })).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
    expect(await satCountEdgematch(unique, 'logic-solver', { budget: { maxNodes: 0 } })).toMatchObject({ kind: 'inconclusive', stop: 'node-limit', found: [] });
    expect(satCountEdgematchSync(unique, { budget: { deadlineMs: 0 } })).toMatchObject({ kind: 'inconclusive', stop: 'deadline' });
  });

  it('throws on a model that does not verify (an encoding bug is never an answer)', () => {
    const { inst } = CORPUS[CORPUS.length - 1];
    const problem = edgematchSatProblem(inst);
    expect(() => problem.interpret([1], [], 'logic-solver')).toThrow(/does not verify/);
  });
});

/** A tiny DIMACS reader: the header, the comment lines and the clauses. */
function parseDimacs(text: string): { vars: number; count: number; comments: string[]; clauses: number[][] } {
  let vars = -1;
  let count = -1;
  const comments: string[] = [];
  const clauses: number[][] = [];
  let cur: number[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('c')) comments.push(line.slice(2));
    else if (line.startsWith('p ')) {
      const m = /^p cnf (\d+) (\d+)$/.exec(line);
      if (!m) throw new Error(`bad header ${line}`);
      vars = Number(m[1]);
      count = Number(m[2]);
    } else {
      for (const tok of line.trim().split(/\s+/)) {
        if (tok === '') continue;
        const l = Number(tok);
        if (l === 0) {
          clauses.push(cur);
          cur = [];
        } else cur.push(l);
      }
    }
  }
  return { vars, count, comments, clauses };
}

describe('edge matching DIMACS', () => {
  it('round-trips through a parser: header counts, clauses, a comment naming the instance', () => {
    for (const { name, inst } of CORPUS.filter((_, k) => k % 4 === 0)) {
      const text = makeDimacs(inst);
      const cnf = edgematchCnf(inst);
      const d = parseDimacs(text);
      expect(d.vars, name).toBe(cnf.numVars);
      expect(d.count, name).toBe(cnf.clauses.length);
      expect(d.clauses.length, name).toBe(d.count);
      expect(d.clauses, name).toEqual(cnf.clauses);
      expect(Math.max(...d.clauses.flat().map(Math.abs)), name).toBeLessThanOrEqual(d.vars);
      expect(d.comments[0], name).toBe(`proofgrid edgematch ${inst.width}x${inst.height}: ${inst.pieces.length} pieces, ${inst.clues.length} clues`);
    }
  });
});

const binaries = availableBinaries();
for (const bin of ['cadical', 'minisat'] as SatBinary[]) {
  const available = binaries.includes(bin);
  if (!available) console.warn(`\n*** ${bin} is not installed: the edgematch SAT witness tests with it are skipped (apt-get install ${bin}) ***\n`);
  describe(`edge matching SAT witness: ${bin} binary`, () => {
    it.skipIf(!available)('agrees with Algorithm C and the backtracker on a sample', async () => {
      const limit = 6;
      // npm test runs every sixth instance; the long suite (test/long.ts) every second.
      const sample = CORPUS.filter((_, k) => k % (LONG ? 2 : 6) === 0);
      const queue = sample.slice();
      const worker = async (): Promise<void> => {
        for (let e = queue.shift(); e; e = queue.shift()) {
          const v = await satCountEdgematch(e.inst, bin, { limit });
          const xcc = countEdgematch(e.inst, { limit });
          const bt = countBacktrack(e.inst, { limit });
          expect(summary(v), e.name).toBe(summary(xcc));
          expect(summary(v), e.name).toBe(summary(bt));
          if (verdictSolutions(xcc).length < limit) {
            expect(keys(v), e.name).toEqual(keys(xcc));
            expect(keys(v), e.name).toEqual(keys(bt));
          }
        }
      };
      await Promise.all([worker(), worker()]);
    });

    it.skipIf(!available)('a spent deadline gives inconclusive', async () => {
      const { inst } = CORPUS.find((e) => e.name.startsWith('4x4 b3 i10'))!;
      expect(await satCountEdgematch(inst, bin, { budget: { deadlineMs: 0 } })).toMatchObject({ kind: 'inconclusive', stop: 'deadline' });
    });
  });
}
