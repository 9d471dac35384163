import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_MAX_STATES, Meter, WORK_PER_CHECK } from './budget.ts';
import { makeId, parseId } from './ids.ts';
import { log2Exact, Rng } from './rng.ts';
import { verdictFromCount } from './verdict.ts';

describe('Rng', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = new Rng('abc');
    const b = new Rng('abc');
    const c = new Rng('abd');
    const xa = Array.from({ length: 8 }, () => a.nextU32());
    expect(Array.from({ length: 8 }, () => b.nextU32())).toEqual(xa);
    expect(Array.from({ length: 8 }, () => c.nextU32())).not.toEqual(xa);
  });
  it('pins the stream of a known seed (a change here changes every generated puzzle)', () => {
    const r = new Rng('proofgrid');
    expect(Array.from({ length: 4 }, () => r.nextU32())).toMatchInlineSnapshot(`
      [
        2848449815,
        2528742859,
        3475779543,
        2520100462,
      ]
    `);
  });
  it('int(n) stays in range and covers it', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const r = new Rng(seed);
        for (let i = 0; i < 50; i++) {
          const x = r.int(n);
          if (!(x >= 0 && x < n && Number.isInteger(x))) return false;
        }
        return true;
      }),
    );
    const r = new Rng('cover');
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(r.int(7));
    expect(seen.size).toBe(7);
  });
  it('shuffle is a permutation', () => {
    const r = new Rng('s');
    const xs = r.shuffle(Array.from({ length: 50 }, (_, i) => i));
    expect([...xs].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('Meter', () => {
  it('stops at the node limit and stays stopped', () => {
    const m = new Meter({ maxNodes: 10 });
    let n = 0;
    while (m.tick()) n++;
    expect(n).toBe(10);
    expect(m.stopped).toBe('node-limit');
    expect(m.tick()).toBe(false);
  });
  it('reports cancellation from the signal', () => {
    const ac = new AbortController();
    const m = new Meter({ signal: ac.signal });
    expect(m.check()).toBe(true);
    ac.abort();
    expect(m.check()).toBe(false);
    expect(m.stopped).toBe('cancelled');
  });
  it('reports the deadline from an injected clock', () => {
    let t = 0;
    const m = new Meter({ deadlineMs: 100 }, { now: () => t });
    expect(m.check()).toBe(true);
    t = 150;
    expect(m.check()).toBe(false);
    expect(m.stopped).toBe('deadline');
  });
  it('reads the clock by work, not by ticks: one heavy node is enough, bare ticks every 64', () => {
    let t = 0;
    let reads = 0;
    const clock = { now: () => (reads++, t) };
    const m = new Meter({ deadlineMs: 100 }, clock);
    const base = reads;
    expect(m.tick()).toBe(true); // the first report reads the clock at once
    expect(reads).toBe(base + 1);
    for (let i = 0; i < 63; i++) m.tick();
    expect(reads).toBe(base + 1);
    m.tick();
    expect(reads).toBe(base + 2);
    t = 150;
    // one node whose inside reports a check's worth of work sees the deadline, without 64 ticks
    expect(m.work(WORK_PER_CHECK)).toBe(false);
    expect(m.stopped).toBe('deadline');
  });
  it('sees an aborted signal at the first report', () => {
    const m = new Meter({ signal: { aborted: true } });
    expect(m.work(1)).toBe(false);
    expect(m.stopped).toBe('cancelled');
  });
  it('lowers its node limit (never above the budget) and holds states against maxStates', () => {
    const m = new Meter({ maxNodes: 10 });
    m.limitNodes(100);
    let n = 0;
    while (m.tick()) n++;
    expect(n).toBe(10);
    const l = new Meter({});
    l.limitNodes(3);
    expect(l.remaining().maxNodes).toBe(3);
    n = 0;
    while (l.tick()) n++;
    expect(n).toBe(3);
    // A sub-search's budget keeps to the lowered limit (it read the budget's, here none, before).
    const r = new Meter({ maxNodes: 50 });
    r.limitNodes(8);
    r.tick(5);
    expect(r.remaining().maxNodes).toBe(3);
    const s = new Meter({ maxStates: 1000 });
    expect(s.holds(1000)).toBe(true);
    expect(s.holds(1001)).toBe(false);
    expect(s.stopped).toBe('memory-limit');
    expect(new Meter({}).holds(DEFAULT_MAX_STATES)).toBe(true);
    expect(new Meter({ maxStates: 5 }).remaining().maxStates).toBe(5);
  });
});

describe('verdictFromCount', () => {
  const stats = { nodes: 1, ms: 0 };
  it('maps counts to verdicts, and a budget stop to inconclusive', () => {
    expect(verdictFromCount([], 'completed', stats).kind).toBe('none');
    expect(verdictFromCount(['a'], 'completed', stats).kind).toBe('unique');
    expect(verdictFromCount(['a', 'b'], 'completed', stats).kind).toBe('multiple');
    expect(verdictFromCount(['a'], 'node-limit', stats).kind).toBe('inconclusive');
    expect(verdictFromCount([], 'deadline', stats).kind).toBe('inconclusive');
    // Two witnesses prove "multiple" even if the budget then ran out.
    expect(verdictFromCount(['a', 'b'], 'cancelled', stats).kind).toBe('multiple');
  });
});

describe('ids', () => {
  it('round-trips descriptive and seeded ids', () => {
    for (const s of ['nonogram:5x5:1/2.1//3', 'nonogram@3:15x10-hard#my seed:with#marks']) {
      const r = parseId(s);
      expect(r.ok).toBe(true);
      if (r.ok) expect(makeId(r.value)).toBe(s);
    }
  });
  it('rejects malformed ids with a code', () => {
    for (const s of ['', 'nonogram', 'Non:5x5:x', 'nonogram@x:5x5#1', 'nonogram@1:5x5', 'nonogram@1:#s', 'nonogram:5x5']) {
      const r = parseId(s);
      expect(r.ok).toBe(false);
    }
  });
});

describe('log2Exact', () => {
  it('is exact at powers of two, monotone, and close to log2 between', () => {
    for (let e = 0; e < 40; e++) expect(log2Exact(2 ** e)).toBe(e);
    let prev = -1;
    for (let x = 1; x < 5000; x += 0.5) {
      const v = log2Exact(x);
      expect(v).toBeGreaterThanOrEqual(prev);
      expect(Math.abs(v - Math.log2(x))).toBeLessThan(0.09);
      prev = v;
    }
    expect(log2Exact(0)).toBe(0);
  });
});
