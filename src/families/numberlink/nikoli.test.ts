import { describe, expect, it } from 'vitest';
import { countNikoli, verifyNikoli } from './nikoli.ts';
import { makeNumberlink } from './puzzle.ts';

const board = (w: number, h: number, s: string) => {
  const r = makeNumberlink(
    w,
    h,
    [...s].map((c) => (c === '.' ? null : c)),
    'strict',
  );
  if (!r.ok) throw new Error('bad board');
  return r.value;
};

describe('countNikoli (cover-not-required)', () => {
  it('counts the empty-cell solution a strict count does not have', () => {
    // A A / . . : the direct link (bottom row empty) and the detour through the bottom row.
    const r = countNikoli(board(2, 2, 'AA..'), 10);
    expect(r.stop).toBe('completed');
    expect(r.found.length).toBe(2);
    expect(r.found.filter((s) => s.every((m) => m !== 0)).length).toBe(1);
  });
  it('finds none where the paths must cross', () => {
    const r = countNikoli(board(2, 2, 'ABBA'), 10);
    expect(r.stop).toBe('completed');
    expect(r.found.length).toBe(0);
  });
  it('rejects a loop beside a path and a dead end', () => {
    const p = board(2, 2, 'AA..');
    expect(verifyNikoli(p, Uint8Array.from([2, 8, 0, 0])).ok).toBe(true);
    expect(verifyNikoli(p, Uint8Array.from([2, 8, 2, 0])).ok).toBe(false);
  });
  it('stops inconclusive when the node cap runs out', () => {
    expect(countNikoli(board(3, 3, 'A.......A'), 1000, 5).stop).toBe('node-limit');
  });
});
