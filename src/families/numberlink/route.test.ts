import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { one } from '../../../test/numberlink-helpers.ts';
import { makeSolution, parseNumberlinkId, parseSolution } from './formats/index.ts';
import { makeNumberlink, neighbour, verifySolution } from './puzzle.ts';
import { routeLabels } from './route.ts';
import { findSolution } from './solver.ts';
import { DIRS, RULES, type Numberlink, type Rule } from './types.ts';

/** By brute force: whether some routing of each pair's cells is a path between its endpoints under `rule`. */
function routable(p: Numberlink, owner: Int32Array, rule: Rule): boolean {
  const w = p.width;
  if (rule === 'no-2x2') {
    for (let r = 0; r + 1 < p.height; r++) {
      for (let c = 0; c + 1 < w; c++) {
        const i = r * w + c;
        if (owner[i] === owner[i + 1] && owner[i] === owner[i + w] && owner[i] === owner[i + w + 1]) return false;
      }
    }
  }
  return p.pairs.every(([a, b], k) => {
    const total = owner.filter((o) => o === k).length;
    const path = [a];
    const on = new Uint8Array(owner.length);
    on[a] = 1;
    const touches = (): boolean => {
      // no-touch: two cells of the path side by side are consecutive on it.
      const at = new Map(path.map((c, t) => [c, t]));
      return path.some((c, t) =>
        DIRS.some((d) => {
          const j = neighbour(p, c, d);
          return j >= 0 && at.has(j) && Math.abs(at.get(j)! - t) !== 1;
        }),
      );
    };
    const grow = (cur: number): boolean => {
      if (cur === b) return path.length === total && (rule !== 'no-touch' || !touches());
      for (const d of DIRS) {
        const j = neighbour(p, cur, d);
        if (j < 0 || on[j] || owner[j] !== k) continue;
        on[j] = 1;
        path.push(j);
        if (grow(j)) return true;
        path.pop();
        on[j] = 0;
      }
      return false;
    };
    return grow(a);
  });
}

/** Random label grids on boards up to 4x4: random endpoints, every cell given one of their labels. */
const labelGridArb = fc
  .record({
    w: fc.integer({ min: 1, max: 4 }),
    h: fc.integer({ min: 1, max: 4 }),
    picks: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
    rule: fc.constantFrom(...RULES),
  })
  .map(({ w, h, picks, rule }) => {
    const n = w * h;
    const K = 1 + (picks[0] % Math.max(1, Math.min(3, Math.floor(n / 2))));
    const cells: (string | null)[] = new Array(n).fill(null);
    const free = Array.from({ length: n }, (_, i) => i);
    for (let k = 0; k < 2 * K; k++) cells[free.splice(picks[1 + k] % free.length, 1)[0]] = 'ABC'[k >> 1];
    const labels = cells.map((c, i) => c ?? 'ABC'[picks[10 + i] % K]);
    return { w, h, cells, labels, rule };
  })
  .filter(({ w, h }) => w * h >= 2);

describe('numberlink label grids routed into paths', () => {
  it('a label grid whose path runs beside itself is read back: the 17x5 puzzle of issue 15', () => {
    // One label covers 74 cells; a walk trying directions in order gave up after 2,000,000 steps.
    const p = parseNumberlinkId('numberlink:17x5-strict:j1g1g2h3m3j2');
    if (!p.ok) throw new Error(p.error.message);
    const found = findSolution(p.value);
    if (found.kind !== 'found') throw new Error(found.kind);
    const text = makeSolution(found.solution, p.value);
    if (!text.ok) throw new Error(text.error.message);
    const back = parseSolution(text.value, p.value);
    if (!back.ok) throw new Error(back.error.message);
    expect(verifySolution(p.value, back.value)).toEqual({ ok: true });
  });

  it('decides exactly: agrees with brute force on random label grids under every rule set', () => {
    let routed = 0;
    fc.assert(
      fc.property(labelGridArb, ({ w, h, cells, labels, rule }) => {
        const made = makeNumberlink(w, h, cells, rule);
        if (!made.ok) throw new Error(made.error.message);
        const p = made.value;
        const owner = Int32Array.from(labels, (l) => p.labels.indexOf(l));
        const r = routeLabels(p, owner);
        expect(r.kind).not.toBe('inconclusive');
        expect(r.kind === 'found').toBe(routable(p, owner, rule));
        if (r.kind === 'found') {
          routed++;
          expect(verifySolution(p, r.links)).toEqual({ ok: true });
        }
        // The same through the label grid's text.
        const text = Array.from({ length: h }, (_, row) => labels.slice(row * w, row * w + w).join('')).join('\n');
        const s = parseSolution(text, p);
        expect(s.ok).toBe(r.kind === 'found');
        if (!s.ok) expect(s.error.code).toBe('ERR_SOLUTION');
      }),
      { seed: 15, numRuns: 600 },
    );
    expect(routed).toBeGreaterThan(50);
  });

  it('a routing cut short by its budget is undecided (ERR_UNDECIDED), not a refusal', () => {
    const p = one(`A${'.'.repeat(18)}A\n${`${'.'.repeat(20)}\n`.repeat(19)}`);
    const grid = `${'A'.repeat(20)}\n`.repeat(20);
    expect(parseSolution(grid, p)).toMatchObject({ ok: true });
    const cut = parseSolution(grid, p, { maxNodes: 10 });
    expect(cut).toMatchObject({ ok: false, error: { code: 'ERR_UNDECIDED', message: expect.stringContaining('node-limit') } });
    // A grid that is no routing still says so.
    expect(parseSolution('AAA\nAAA', one('A.A\n...'))).toMatchObject({
      ok: false,
      error: { code: 'ERR_SOLUTION', message: expect.stringContaining('do not form one path') },
    });
  });

  it('names the rule a routing breaks', () => {
    expect(parseSolution('AA\nAA', one('A.\nA.', 'no-2x2'))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('breaks the no-2x2 rule') },
    });
    expect(parseSolution('AAA\nAAA', one('A..\n..A'))).toMatchObject({ ok: true });
    expect(parseSolution('AAA\nAAA', one('A..\n..A', 'no-touch'))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('breaks the no-touch rule') },
    });
  });
});
