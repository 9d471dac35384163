import { describe, expect, it } from 'vitest';
import { unwrap } from '../core/result.ts';
import { makeEdgematchId, parseBoard } from '../families/edgematch/formats/index.ts';
import { generatePlanted } from '../families/edgematch/planted.ts';
import { maxScore, scoreBoard, verifyBoard } from '../families/edgematch/puzzle.ts';
import type { Instance } from '../families/edgematch/types.ts';
import * as api from './index.ts';

const planted = (w: number, interior: number, seed: string): Instance =>
  unwrap(generatePlanted({ width: w, height: w, borderColours: 3, interiorColours: interior, clues: 1 }, seed)).instance;

describe('api.best', () => {
  it('answers the best board as text, with every improvement; a perfect board is solved', () => {
    const inst = planted(5, 4, 'api-best');
    const seen: number[] = [];
    const r = api.best(makeEdgematchId(inst), {
      seed: 's',
      budget: { maxNodes: 2_000_000 },
      onImprove(score, text) {
        const b = unwrap(parseBoard(text, inst));
        expect(verifyBoard(inst, b).problems.every((p) => p.kind === 'joint')).toBe(true);
        expect(scoreBoard(inst, b)).toBe(score);
        seen.push(score);
      },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.kind).toBe('solved');
    expect(r.value.stop).toBe('completed');
    expect(r.value.score).toBe(maxScore(5, 5));
    expect(seen.at(-1)).toBe(r.value.score);
    expect(verifyBoard(inst, unwrap(parseBoard(r.value.board!, inst))).ok).toBe(true);
  });

  it('a node budget stops it as best with the stop named, the same board for the same seed; a start board is kept to', () => {
    const inst = planted(7, 9, 'api-best-7');
    const id = makeEdgematchId(inst);
    const a = api.best(id, { seed: 'n', budget: { maxNodes: 20_000 } });
    const b = api.best(id, { seed: 'n', budget: { maxNodes: 20_000 } });
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(a.value.kind).toBe('best');
    expect([a.value.board, a.value.score, a.value.stats.nodes]).toEqual([b.value.board, b.value.score, b.value.stats.nodes]);
    if (a.value.kind !== 'best') return;
    expect(a.value.stop).toBe('node-limit');
    const c = api.best(id, { seed: 'm', budget: { maxNodes: 20_000 }, start: a.value.board! });
    expect(c.ok && c.value.score !== null && c.value.score >= a.value.score!).toBe(true);
  });

  it('refuses other families and a start board of another puzzle', () => {
    const non = api.best('nonogram:2x2:1/1/1/1');
    expect(non.ok).toBe(false);
    if (!non.ok) expect(non.error.code).toBe('ERR_FAMILY');
    const inst = planted(5, 4, 'api-best');
    const r = api.best(makeEdgematchId(inst), { start: '4x4\n0:0 1:0 2:0 3:0\n4:0 5:0 6:0 7:0\n8:0 9:0 10:0 11:0\n12:0 13:0 14:0 15:0\n' });
    expect(r.ok).toBe(false);
  });
});
