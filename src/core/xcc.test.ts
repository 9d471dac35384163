import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Meter } from './budget.ts';
import { langford, queens } from '../../test/xcc-problems.ts';
import { XccInputError, XccProblem, type XccEntry, type XccFlatSpec, type XccSpec } from './xcc.ts';

/** Sudoku of side b*b: option (r, c, d) = r*s*s + c*s + d; items cell, row-digit, column-digit, box-digit. */
function sudoku(b: number): XccSpec {
  const s = b * b;
  const options: XccEntry[][] = [];
  for (let r = 0; r < s; r++) {
    for (let c = 0; c < s; c++) {
      const box = Math.floor(r / b) * b + Math.floor(c / b);
      for (let d = 0; d < s; d++) options.push([r * s + c, s * s + r * s + d, 2 * s * s + c * s + d, 3 * s * s + box * s + d]);
    }
  }
  return { primary: 4 * s * s, secondary: 0, options };
}

function clueOptions(grid: string, s: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < s * s; k++) {
    const ch = grid[k];
    if (ch !== '.') out.push(k * s + Number(ch) - 1);
  }
  return out;
}

function gridOf(solution: number[], s: number): string {
  const cells = new Array<string>(s * s).fill('?');
  for (const o of solution) cells[Math.floor(o / s)] = String((o % s) + 1);
  return cells.join('');
}

const itemOf = (e: XccEntry): number => (typeof e === 'number' ? e : e.item);
const colourOf = (e: XccEntry): number => (typeof e === 'number' ? 0 : e.colour);

/** Every solution, by trying every subset of options (independent of the engine). Sorted lists, in subset order. */
function bruteForce(spec: XccSpec, forced: number[] = []): number[][] {
  const m = spec.options.length;
  const n = spec.primary + spec.secondary;
  const out: number[][] = [];
  for (let mask = 0; mask < 1 << m; mask++) {
    if (forced.some((k) => ((mask >> k) & 1) === 0)) continue;
    const uses: number[][] = Array.from({ length: n }, () => []);
    const chosen: number[] = [];
    for (let k = 0; k < m; k++) {
      if (((mask >> k) & 1) === 0) continue;
      chosen.push(k);
      for (const e of spec.options[k]) uses[itemOf(e)].push(colourOf(e));
    }
    let ok = true;
    for (let i = 0; i < n && ok; i++) {
      const u = uses[i];
      if (i < spec.primary) ok = u.length === 1;
      else if (u.length >= 2) ok = u.every((c) => c !== 0 && c === u[0]);
    }
    if (ok) out.push(chosen);
  }
  return out;
}

function allSolutions(p: XccProblem, forced?: number[]): number[][] {
  const out: number[][] = [];
  const e = p.forEachSolution((s) => void out.push(s), { forced });
  expect(e.stop).toBe('completed');
  expect(e.count).toBe(out.length);
  return out;
}

const key = (s: number[]): string => s.join(',');
const sortedKeys = (ss: number[][]): string[] => ss.map(key).sort();

describe('XccProblem: known counts', () => {
  it('n-queens for n = 1..8', () => {
    const expected = [1, 0, 0, 2, 10, 4, 40, 92];
    for (let n = 1; n <= 8; n++) {
      const e = new XccProblem(queens(n)).countAll();
      expect(e.stop, `n=${n}`).toBe('completed');
      expect(e.count, `n=${n}`).toBe(expected[n - 1]);
    }
  });

  it('8-queens solutions are valid placements and all distinct', () => {
    const sols = allSolutions(new XccProblem(queens(8)));
    expect(new Set(sols.map(key)).size).toBe(92);
    for (const s of sols) {
      expect(s).toHaveLength(8);
      const q = s.map((o) => [Math.floor(o / 8), o % 8]);
      for (let a = 0; a < 8; a++) {
        for (let b = a + 1; b < 8; b++) {
          expect(q[a][0]).not.toBe(q[b][0]);
          expect(q[a][1]).not.toBe(q[b][1]);
          expect(Math.abs(q[a][0] - q[b][0])).not.toBe(Math.abs(q[a][1] - q[b][1]));
        }
      }
    }
  });

  it('Langford pairs (both reversals counted): n=3 → 2, n=4 → 2, n=5 → 0, n=7 → 52', () => {
    expect(new XccProblem(langford(3)).countAll().count).toBe(2);
    expect(new XccProblem(langford(4)).countAll().count).toBe(2);
    expect(new XccProblem(langford(5)).countAll().count).toBe(0);
    expect(new XccProblem(langford(7)).countAll().count).toBe(52);
  });

  it('Langford n=3 gives 231213 and its reversal', () => {
    const spec = langford(3);
    const seqs = allSolutions(new XccProblem(spec)).map((s) => {
      const seq = new Array<number>(6).fill(0);
      for (const o of s) {
        const [v, a, b] = spec.options[o] as number[];
        seq[a - 3] = v + 1;
        seq[b - 3] = v + 1;
      }
      return seq.join('');
    });
    expect(seqs.sort()).toEqual(['231213', '312132']);
  });

  it('a 9×9 Sudoku with clues as forced options has its one known solution', () => {
    const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    const answer = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
    const p = new XccProblem(sudoku(3));
    const v = p.count({ forced: clueOptions(puzzle, 9) });
    expect(v.kind).toBe('unique');
    if (v.kind !== 'unique') return;
    expect(gridOf(v.solution, 9)).toBe(answer);
    // The same puzzle with the clues as a restricted option list instead of forced options.
    const spec = sudoku(3);
    const keep = spec.options.filter((_, o) => {
      const ch = puzzle[Math.floor(o / 9)];
      return ch === '.' || Number(ch) - 1 === o % 9;
    });
    const v2 = new XccProblem({ ...spec, options: keep }).count();
    expect(v2.kind).toBe('unique');
  });

  it('a 4×4 Sudoku with too few clues is multiple, with two distinct valid witnesses', () => {
    const v = new XccProblem(sudoku(2)).count({ forced: clueOptions('12..............', 4) });
    expect(v.kind).toBe('multiple');
    if (v.kind !== 'multiple') return;
    expect(v.solutions).toHaveLength(2);
    expect(key(v.solutions[0])).not.toBe(key(v.solutions[1]));
    for (const s of v.solutions) expect(gridOf(s, 4).startsWith('12')).toBe(true);
    // 288 grids in all; those starting 1 2 are 288 / 12.
    expect(new XccProblem(sudoku(2)).countAll().count).toBe(288);
    expect(new XccProblem(sudoku(2)).countAll({ forced: clueOptions('12..............', 4) }).count).toBe(24);
  });
});

describe('XccProblem: colours', () => {
  const a = 0;
  const b = 1;
  const x = 2; // secondary
  const two = (ca: number, cb: number): XccProblem =>
    new XccProblem({
      primary: 2,
      secondary: 1,
      options: [
        [a, ca === 0 ? x : { item: x, colour: ca }],
        [b, cb === 0 ? x : { item: x, colour: cb }],
      ],
    });

  it('two options giving a secondary item the same colour are compatible', () => {
    const v = two(3, 3).count();
    expect(v.kind).toBe('unique');
    if (v.kind === 'unique') expect(v.solution).toEqual([0, 1]);
  });
  it('different colours, or an uncoloured use, clash', () => {
    expect(two(3, 4).count().kind).toBe('none');
    expect(two(0, 0).count().kind).toBe('none');
    expect(two(3, 0).count().kind).toBe('none');
    expect(two(0, 3).count().kind).toBe('none');
  });
  it('the colour choice decides the count', () => {
    // a and b each choose colour 1 or 2 on x: two consistent solutions; c forces colour 2: one.
    const opts: XccEntry[][] = [
      [0, { item: 3, colour: 1 }],
      [0, { item: 3, colour: 2 }],
      [1, { item: 3, colour: 1 }],
      [1, { item: 3, colour: 2 }],
    ];
    const lowered = opts.map((o) => o.map((e) => (typeof e === 'number' ? e : { item: 2, colour: e.colour })));
    const free = new XccProblem({ primary: 2, secondary: 1, options: lowered });
    expect(sortedKeys(allSolutions(free))).toEqual(['0,2', '1,3']);
    const pinned = new XccProblem({ primary: 3, secondary: 1, options: [...opts, [2, { item: 3, colour: 2 }]] });
    expect(allSolutions(pinned)).toEqual([[1, 3, 4]]);
  });
  it('a secondary item need not be covered, and many options may share one colour', () => {
    const p = new XccProblem({
      primary: 3,
      secondary: 2,
      options: [[0, { item: 3, colour: 5 }], [1, { item: 3, colour: 5 }, 4], [2, { item: 3, colour: 5 }], [2]],
    });
    expect(sortedKeys(allSolutions(p))).toEqual(['0,1,2', '0,1,3']);
  });
  it('colours interact across several secondary items (purify and unpurify restore state)', () => {
    // Edge-matching flavour: a row of 3 cells, 3 pieces; interior edges 0|1 and 1|2 coloured.
    // piece k at cell c: option with the edge colours the piece shows on its sides.
    const pieces = [
      [0, 1], // left colour, right colour (0 = border)
      [1, 2],
      [2, 0],
    ];
    const options: XccEntry[][] = [];
    for (let c = 0; c < 3; c++) {
      for (let k = 0; k < 3; k++) {
        const [l, r] = pieces[k];
        const o: XccEntry[] = [c, 3 + k];
        if (c > 0) {
          if (l === 0) continue;
          o.push({ item: 6 + c - 1, colour: l });
        } else if (l !== 0) continue;
        if (c < 2) {
          if (r === 0) continue;
          o.push({ item: 6 + c, colour: r });
        } else if (r !== 0) continue;
        options.push(o);
      }
    }
    const p = new XccProblem({ primary: 6, secondary: 2, options });
    expect(p.count().kind).toBe('unique');
    expect(p.countAll().count).toBe(bruteForce({ primary: 6, secondary: 2, options }).length);
  });
});

/** The constructor rejects `spec` with an XccInputError whose message matches `pattern`. */
function bad(spec: XccSpec | XccFlatSpec, pattern: RegExp): void {
  expect(() => new XccProblem(spec)).toThrow(XccInputError);
  expect(() => new XccProblem(spec)).toThrow(pattern);
}

describe('XccProblem: input validation', () => {
  it('rejects malformed problems with clear messages', () => {
    bad({ primary: 2, secondary: 0, options: [[0, 2]] }, /option 0: item 2 out of range/);
    bad({ primary: 2, secondary: 0, options: [[0], [-1]] }, /option 1: item -1 out of range/);
    bad({ primary: 2, secondary: 1, options: [[0, 1, 0]] }, /option 0: item 0 appears twice/);
    bad({ primary: 2, secondary: 1, options: [[0, { item: 2, colour: 1 }, { item: 2, colour: 2 }]] }, /item 2 appears twice/);
    bad({ primary: 2, secondary: 1, options: [[2]] }, /option 0: no primary item/);
    bad({ primary: 2, secondary: 1, options: [[]] }, /option 0: no primary item/);
    bad({ primary: 2, secondary: 1, options: [[{ item: 0, colour: 1 }]] }, /primary item 0 cannot carry a colour/);
    bad({ primary: 2, secondary: 1, options: [[0, { item: 2, colour: -1 }]] }, /colour -1/);
    bad({ primary: 2, secondary: 1, options: [[0, { item: 2, colour: 1.5 }]] }, /colour 1.5/);
    bad({ primary: -1, secondary: 1, options: [] }, /primary item count/);
    bad({ primary: 1, secondary: 0.5, options: [] }, /secondary item count/);
  });
  it('rejects a count limit below 2 and a forced option out of range', () => {
    const p = new XccProblem(queens(4));
    expect(() => p.count({ limit: 1 })).toThrow(RangeError);
    expect(() => p.count({ forced: [16] })).toThrow(/forced option 16 out of range/);
  });
  it('no primary items: the empty selection is the one solution', () => {
    const v = new XccProblem({ primary: 0, secondary: 2, options: [] }).count();
    expect(v.kind).toBe('unique');
    if (v.kind === 'unique') expect(v.solution).toEqual([]);
  });
});

describe('XccProblem: forced options', () => {
  it('forced options are in every solution; clashing or repeated forced options leave none', () => {
    const p = new XccProblem(queens(6));
    const all = allSolutions(p);
    expect(all).toHaveLength(4);
    const withQ = all.filter((s) => s.includes(all[0][0]));
    expect(allSolutions(p, [all[0][0]])).toEqual(withQ);
    expect(p.count({ forced: [0, 1] }).kind).toBe('none'); // same row
    expect(p.count({ forced: [0, 7] }).kind).toBe('none'); // same diagonal (secondary item)
    expect(p.count({ forced: [all[0][0], all[0][0]] }).kind).toBe('none');
    const v = p.count({ forced: all[0] });
    expect(v.kind).toBe('unique');
  });
});

/** Random small problems: up to 4 primary, 3 secondary items, 10 options, colours 0..2. */
const smallSpec = fc.record({ primary: fc.integer({ min: 1, max: 4 }), secondary: fc.integer({ min: 0, max: 3 }) }).chain(({ primary, secondary }) =>
  fc
    .array(
      fc.record({
        prim: fc.uniqueArray(fc.integer({ min: 0, max: primary - 1 }), { minLength: 1, maxLength: primary }),
        sec:
          secondary === 0
            ? fc.constant<{ item: number; colour: number }[]>([])
            : fc.uniqueArray(fc.record({ item: fc.integer({ min: primary, max: primary + secondary - 1 }), colour: fc.integer({ min: 0, max: 2 }) }), {
                maxLength: secondary,
                selector: (e) => e.item,
              }),
      }),
      { maxLength: 10 },
    )
    .map((os) => ({
      primary,
      secondary,
      options: os.map((o) => [...o.prim, ...o.sec.map((e) => (e.colour === 0 ? e.item : e))]) as XccEntry[][],
    })),
);

describe('XccProblem: against brute force', () => {
  it('finds exactly the solutions of the subset enumeration', () => {
    fc.assert(
      fc.property(smallSpec, (spec) => {
        const p = new XccProblem(spec);
        const mine = allSolutions(p);
        expect(new Set(mine.map(key)).size).toBe(mine.length);
        expect(sortedKeys(mine)).toEqual(sortedKeys(bruteForce(spec)));
      }),
      { numRuns: 400 },
    );
  });

  it('verdicts and find-one agree with brute force', () => {
    fc.assert(
      fc.property(smallSpec, (spec) => {
        const p = new XccProblem(spec);
        const truth = bruteForce(spec);
        const v = p.count();
        const f = p.findOne();
        const keys = new Set(truth.map(key));
        if (truth.length === 0) {
          expect(v.kind).toBe('none');
          expect(f.kind).toBe('none');
        } else {
          expect(f.kind).toBe('found');
          if (f.kind === 'found') expect(keys.has(key(f.solution))).toBe(true);
          if (truth.length === 1) {
            expect(v.kind).toBe('unique');
            if (v.kind === 'unique') expect(key(v.solution)).toBe(key(truth[0]));
          } else {
            expect(v.kind).toBe('multiple');
            if (v.kind === 'multiple') {
              expect(v.solutions).toHaveLength(2);
              for (const s of v.solutions) expect(keys.has(key(s))).toBe(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('forced options match the brute-force solutions containing them', () => {
    fc.assert(
      fc.property(
        smallSpec.filter((s) => s.options.length > 0),
        fc.array(fc.nat(), { maxLength: 3 }),
        (spec, picks) => {
          const forced = picks.map((k) => k % spec.options.length);
          const p = new XccProblem(spec);
          const unique = [...new Set(forced)];
          const expected = unique.length === forced.length ? bruteForce(spec, forced) : [];
          expect(sortedKeys(allSolutions(p, forced))).toEqual(sortedKeys(expected));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('XccProblem: budget, limits and determinism', () => {
  it('a tiny node limit is inconclusive (node-limit), never none or unique', () => {
    const p = new XccProblem(queens(8));
    const v = p.count({ budget: { maxNodes: 5 } });
    expect(v.kind).toBe('inconclusive');
    expect(v.stop).toBe('node-limit');
    expect(v.stats.nodes).toBeLessThanOrEqual(6);
    const f = p.findOne({ budget: { maxNodes: 3 } });
    expect(f.kind).toBe('inconclusive');
    if (f.kind === 'inconclusive') expect(f.stop).toBe('node-limit');
    // Even a problem with no solution is inconclusive when the limit cuts it short.
    const none = new XccProblem(queens(3)).count({ budget: { maxNodes: 2 } });
    expect(none.kind).toBe('inconclusive');
  });

  it('solutions met before a budget stop are real ones; two of them already prove multiple', () => {
    const p = new XccProblem(queens(8));
    const truth = new Set(allSolutions(p).map(key));
    const met: number[][] = [];
    const e = p.forEachSolution((s) => void met.push(s), { budget: { maxNodes: 400 } });
    expect(e.stop).toBe('node-limit');
    expect(met.length).toBeGreaterThan(1);
    expect(met.length).toBeLessThan(92);
    for (const s of met) expect(truth.has(key(s))).toBe(true);
    // One solution met before the stop: inconclusive carrying it (not unique).
    let nodes = 0;
    while (p.forEachSolution(() => undefined, { budget: { maxNodes: nodes } }).count === 0) nodes++;
    const v = p.count({ budget: { maxNodes: nodes } });
    expect(v.kind).toBe('inconclusive');
    if (v.kind === 'inconclusive') {
      expect(v.found).toHaveLength(1);
      expect(truth.has(key(v.found[0]))).toBe(true);
    }
    // Two solutions met before the stop: multiple is already certain.
    expect(p.count({ limit: 1000, budget: { maxNodes: 400 } }).kind).toBe('multiple');
  });

  it('an aborted signal gives cancelled, before any work', () => {
    const signal = { aborted: true };
    const p = new XccProblem(queens(6));
    const v = p.count({ budget: { signal } });
    expect(v.kind).toBe('inconclusive');
    expect(v.stop).toBe('cancelled');
    expect(v.stats.nodes).toBe(0);
    expect(p.findOne({ budget: { signal } }).kind).toBe('inconclusive');
    expect(p.countAll({ budget: { signal } }).stop).toBe('cancelled');
  });

  it('a signal aborted during the search stops it (cancelled)', () => {
    const signal = { aborted: false };
    const p = new XccProblem(queens(8));
    let seen = 0;
    const e = p.forEachSolution(
      () => {
        if (++seen === 3) signal.aborted = true;
      },
      { budget: { signal } },
    );
    expect(e.stop).toBe('cancelled');
    expect(e.count).toBeLessThan(92);
  });

  it('a deadline read through the meter clock gives deadline', () => {
    let t = 0;
    const meter = new Meter({ deadlineMs: 10 }, { now: () => (t += 1) });
    const e = new XccProblem(queens(8)).countAll({ meter });
    expect(e.stop).toBe('deadline');
    expect(e.count).toBeLessThan(92);
    t = 0;
    const none = new XccProblem(langford(9)).count({ meter: new Meter({ deadlineMs: 10 }, { now: () => (t += 1) }) });
    expect(none.kind).toBe('inconclusive');
    expect(none.stop).toBe('deadline');
  });

  it('limit 2 stops early with multiple; a larger limit carries more witnesses', () => {
    const p = new XccProblem(queens(8));
    const full = p.countAll();
    const v = p.count();
    expect(v.kind).toBe('multiple');
    expect(v.stop).toBe('completed');
    if (v.kind === 'multiple') expect(v.solutions).toHaveLength(2);
    expect(v.stats.nodes).toBeLessThan(full.stats.nodes);
    const v10 = p.count({ limit: 10 });
    if (v10.kind === 'multiple') expect(v10.solutions).toHaveLength(10);
    else expect.unreachable();
  });

  it('the visitor can stop early', () => {
    const p = new XccProblem(queens(8));
    let n = 0;
    const e = p.forEachSolution(() => ++n < 5);
    expect(e.stop).toBe('visitor');
    expect(e.count).toBe(5);
  });

  it('is deterministic: same solutions, same order, same node counts, also after an interrupted search', () => {
    const p = new XccProblem(langford(7));
    const first = allSolutions(p);
    const nodes1 = p.countAll().stats.nodes;
    p.count({ budget: { maxNodes: 50 } }); // interrupted mid-search: state must not leak
    p.count(); // stopped by the limit
    expect(allSolutions(p)).toEqual(first);
    expect(p.countAll().stats.nodes).toBe(nodes1);
    expect(allSolutions(new XccProblem(langford(7)))).toEqual(first);
  });

  it('a shared meter keeps counting across searches', () => {
    const meter = new Meter();
    const p = new XccProblem(queens(6));
    const a = p.countAll({ meter }).stats.nodes;
    const b = p.countAll({ meter }).stats.nodes;
    expect(b).toBe(2 * a);
  });

  it('deep searches do not recurse: a chain of 50000 levels', () => {
    // Option i takes item i and secondary s_i; alternative option a_i (i >= 1) takes item i and s_(i-1), so
    // it clashes with option i-1. Item 0 has only option 0, hence a_1 is out, hence option 1, and so on:
    // one solution, options 0..n-1, found at depth n.
    const n = 50000;
    const options: XccEntry[][] = [];
    for (let i = 0; i < n; i++) options.push(i + 1 < n ? [i, n + i] : [i]);
    for (let i = 1; i < n; i++) options.push([i, n + i - 1]);
    const v = new XccProblem({ primary: n, secondary: n - 1, options }).count();
    expect(v.kind).toBe('unique');
    if (v.kind === 'unique') expect(v.solution).toEqual(Array.from({ length: n }, (_, i) => i));
  });
});

/** The flat form of a spec (items and colours side by side, option k at starts[k] .. starts[k+1]-1). */
function flatten(spec: XccSpec): XccFlatSpec {
  const starts = [0];
  const items: number[] = [];
  const colours: number[] = [];
  for (const o of spec.options) {
    for (const e of o) {
      items.push(itemOf(e));
      colours.push(colourOf(e));
    }
    starts.push(items.length);
  }
  return {
    primary: spec.primary,
    secondary: spec.secondary,
    starts: Int32Array.from(starts),
    items: Int32Array.from(items),
    colours: Int32Array.from(colours),
  };
}

describe('XccProblem: flat input', () => {
  it('gives the same solutions, in the same order, with the same node counts as entry lists', () => {
    for (const spec of [queens(8), langford(7), sudoku(2)]) {
      const a = new XccProblem(spec);
      const b = new XccProblem(flatten(spec));
      expect(b.optionCount).toBe(a.optionCount);
      expect(allSolutions(b)).toEqual(allSolutions(a));
      expect(b.countAll().stats.nodes).toBe(a.countAll().stats.nodes);
    }
    fc.assert(
      fc.property(smallSpec, (spec) => {
        const a = new XccProblem(spec);
        const b = new XccProblem(flatten(spec));
        expect(allSolutions(b)).toEqual(allSolutions(a));
        expect(b.countAll().stats.nodes).toBe(a.countAll().stats.nodes);
      }),
      { numRuns: 200 },
    );
    // Colours may be left out when every entry is uncoloured.
    const { colours: _, ...plain } = flatten(queens(6));
    expect(new XccProblem(plain).countAll().count).toBe(4);
  });

  it('rejects malformed flat problems with the same messages', () => {
    bad({ primary: 2, secondary: 0, starts: [0, 2], items: [0, 2] }, /option 0: item 2 out of range/);
    bad({ primary: 2, secondary: 1, starts: [0, 2], items: [0, 2], colours: [0, -1] }, /colour -1/);
    bad({ primary: 2, secondary: 1, starts: [0, 1], items: [0], colours: [1] }, /primary item 0 cannot carry a colour/);
    bad({ primary: 2, secondary: 1, starts: [0, 2, 2], items: [0, 0] }, /option 0: item 0 appears twice/);
    bad({ primary: 2, secondary: 1, starts: [0, 1, 1], items: [0] }, /option 1: no primary item/);
    bad({ primary: 2, secondary: 1, starts: [1, 1], items: [0] }, /starts must begin with 0/);
    bad({ primary: 2, secondary: 1, starts: [0, 2, 1], items: [0, 1] }, /starts\[2\]/);
    bad({ primary: 2, secondary: 1, starts: [0, 1], items: [0, 1] }, /last start/);
    bad({ primary: 2, secondary: 1, starts: [0, 2], items: [0, 1], colours: [0] }, /1 colours for 2 items/);
    bad({ primary: 2, secondary: 1, starts: [], items: [] }, /starts must begin with 0/);
  });
});

describe('XccProblem: search state between searches', () => {
  it('a node limit stops at the node it names, whatever the limit', () => {
    const p = new XccProblem(queens(6));
    const full = p.countAll().stats.nodes;
    for (let max = 0; max <= full + 1; max++) {
      const e = p.countAll({ budget: { maxNodes: max } });
      if (max < full) {
        expect(e.stop).toBe('node-limit');
        expect(e.stats.nodes).toBe(max + 1);
      } else {
        expect(e.stop).toBe('completed');
        expect(e.stats.nodes).toBe(full);
      }
    }
    // On a shared meter that has already counted some nodes, the limit is on the total.
    const meter = new Meter({ maxNodes: full + 10 });
    p.countAll({ meter });
    const e = p.countAll({ meter });
    expect(e.stop).toBe('node-limit');
    expect(e.stats.nodes).toBe(full + 11);
  });

  it('the visitor sees the meter count of the nodes so far', () => {
    const p = new XccProblem(queens(8));
    const meter = new Meter();
    const seen: number[] = [];
    p.forEachSolution(() => void seen.push(meter.nodes), { meter });
    const firsts: number[] = [];
    for (let k = 1; k <= 5; k++) {
      let c = 0;
      firsts.push(p.forEachSolution(() => ++c < k).stats.nodes);
    }
    expect(seen.slice(0, 5)).toEqual(firsts);
  });

  it('a visitor may search the same problem again, or throw, without disturbing later searches', () => {
    const p = new XccProblem(queens(6));
    const first = allSolutions(p);
    const nodes = p.countAll().stats.nodes;
    const inner: number[] = [];
    const outer = p.forEachSolution(() => {
      const e = p.countAll();
      inner.push(e.count, e.stats.nodes);
    });
    expect(outer.count).toBe(4);
    expect(outer.stats.nodes).toBe(nodes);
    expect(inner).toEqual([4, nodes, 4, nodes, 4, nodes, 4, nodes]);
    expect(() =>
      p.forEachSolution(() => {
        throw new Error('visitor failed');
      }),
    ).toThrow('visitor failed');
    expect(allSolutions(p)).toEqual(first);
    expect(p.countAll().stats.nodes).toBe(nodes);
    // Stops of every kind leave the problem as it was.
    p.count({ forced: [0, 1] });
    p.count({ budget: { maxNodes: 7 } });
    p.findOne();
    expect(allSolutions(p)).toEqual(first);
    expect(p.countAll({ forced: [first[1][0]] }).count).toBe(first.filter((s) => s.includes(first[1][0])).length);
  });
});
