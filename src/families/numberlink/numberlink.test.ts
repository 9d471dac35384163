import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  makeGrid,
  makeLetters,
  makeNumberlinkId,
  makeNumlin,
  makeSolution,
  parseGrid,
  parseLetters,
  parseNumberlinkId,
  parseNumlin,
  parsePuzzles,
  parseSolution,
} from './formats/index.ts';
import { linksFromPaths, makeNumberlink, verifySolution } from './puzzle.ts';
import { countSolutions, findSolution } from './solver.ts';
import { RULES, type Numberlink } from './types.ts';
import { one, plantedArb } from '../../../test/numberlink-helpers.ts';

describe('numberlink puzzles and formats', () => {
  it('reads the W H grid format: several puzzles, comments, optional blank lines, 0 0 ends', () => {
    const r = parseGrid('# a comment\n3 2\nA.B\nA.B\n2 1\nCC\n\n0 0\nignored');
    expect(r.ok && r.value.map((p) => [p.width, p.height, p.labels.join('')])).toEqual([
      [3, 2, 'AB'],
      [2, 1, 'C'],
    ]);
    // A byte-order mark (as some editors write) is dropped, as in the nonogram formats.
    expect(parseGrid('\uFEFF2 1\nAA\n')).toMatchObject({ ok: true, value: [{ width: 2, height: 1 }] });
  });
  it('refuses bad input with the line and the problem', () => {
    expect(parseGrid('3 2\nA.B\nA.C\n')).toMatchObject({ ok: false, error: { line: 1, message: expect.stringContaining('label "B" appears once') } });
    expect(parseGrid('3 1\nAAA\n')).toMatchObject({ ok: false, error: { message: expect.stringContaining('appears 3 times') } });
    expect(parseGrid('3 2\nA.B\nAB\n')).toMatchObject({ ok: false, error: { line: 3, message: 'row 2 has 2 cells, the header says 3' } });
    expect(parseGrid('3 3\nA.A\n')).toMatchObject({ ok: false, error: { code: 'ERR_LINE_COUNT' } });
    expect(parseGrid('three 2\n')).toMatchObject({ ok: false, error: { line: 1, code: 'ERR_SYNTAX' } });
    expect(parseLetters('A.B\nA.\n')).toMatchObject({ ok: false, error: { line: 2, message: expect.stringContaining('ragged') } });
    expect(parseNumlin('https://puzz.link/p?numlin/3/1/1g.')).toMatchObject({ ok: false, error: { code: 'ERR_CLUE' } });
    expect(parseNumlin('https://puzz.link/p?numlin/2/1/111')).toMatchObject({ ok: false, error: { code: 'ERR_SIZE' } });
    expect(parseNumberlinkId('numberlink:3x1-loose:1g1')).toMatchObject({ ok: false, error: { message: expect.stringContaining('unknown rule set "loose"') } });
    expect(parsePuzzles('')).toMatchObject({ ok: false, error: { code: 'ERR_EMPTY' } });
  });
  it('round-trips every format, and detects each', () => {
    fc.assert(
      fc.property(plantedArb, fc.constantFrom(...RULES), ({ w, h, cells }, rule) => {
        const made = makeNumberlink(w, h, cells, rule);
        if (!made.ok) return false;
        const p = made.value;
        const id = makeNumberlinkId(p);
        const back = parseNumberlinkId(id);
        const viaNumlin = parseNumlin(makeNumlin(p), rule);
        const grid = makeGrid([p]);
        const letters = makeLetters([p]);
        const viaGrid = grid.ok ? parseGrid(grid.value, rule) : null;
        const viaLetters = letters.ok ? parseLetters(letters.value, rule) : null;
        const same = (q: Numberlink) =>
          q.width === p.width && q.height === p.height && q.rule === p.rule && JSON.stringify(q.pairs) === JSON.stringify(p.pairs);
        const detected = [id, makeNumlin(p), grid.ok ? grid.value : '', letters.ok ? letters.value : ''].map((t) => parsePuzzles(t, undefined, rule));
        return (
          back.ok &&
          same(back.value) &&
          viaNumlin.ok &&
          same(viaNumlin.value[0]) &&
          !!viaGrid?.ok &&
          same(viaGrid.value[0]) &&
          !!viaLetters?.ok &&
          same(viaLetters.value[0]) &&
          detected.every((d) => d.ok && same(d.value[0]))
        );
      }),
      { seed: 3 },
    );
    // Numbers past 15 and 255 use puzz.link's longer forms.
    const wide = makeNumberlink(
      600,
      1,
      Array.from({ length: 600 }, (_, i) => String(Math.floor(i / 2))),
      'strict',
    );
    expect(wide.ok).toBe(true);
    if (wide.ok) {
      const url = makeNumlin(wide.value);
      expect(url).toContain('-10');
      expect(url).toContain('+100');
      const back = parseNumlin(url);
      expect(back.ok && back.value[0].pairs).toEqual(wide.value.pairs);
    }
  });
  it('writes and reads solutions as label grids; the verifier refuses broken ones with a reason', () => {
    fc.assert(
      fc.property(plantedArb, ({ w, h, cells, paths }) => {
        const made = makeNumberlink(w, h, cells, 'strict');
        if (!made.ok) return false;
        const links = linksFromPaths(made.value, paths);
        if (!verifySolution(made.value, links).ok) return false;
        const text = makeSolution(links, made.value);
        const back = text.ok ? parseSolution(text.value, made.value) : null;
        return !!back?.ok && verifySolution(made.value, back.value).ok;
      }),
      { seed: 4 },
    );
    const p = one('A.A\nB.B');
    expect(verifySolution(p, new Uint8Array(6))).toMatchObject({ ok: false, reason: expect.stringContaining('has 0 links') });
    expect(parseSolution('AAA\nBAB\n', p)).toMatchObject({ ok: false, error: { message: expect.stringContaining('do not form one path') } });
    // A loop away from the endpoints is not a solution.
    const q = one('A..A\n....\n....');
    const loop = linksFromPaths(q, [
      [0, 1, 2, 3],
      [4, 5, 9, 8, 4],
      [6, 7, 11, 10, 6],
    ]);
    expect(verifySolution(q, loop)).toMatchObject({ ok: false });
  });
});

describe('numberlink solver', () => {
  // Known answers, worked out by hand: [puzzle, strict, no-2x2, no-touch].
  const KNOWN: [string, string, string, string][] = [
    ['AA', 'unique', 'unique', 'unique'],
    ['AB\nAB', 'unique', 'unique', 'unique'],
    ['A.\n.A', 'none', 'none', 'none'],
    // Corner to corner through all of a 3x3 grid: the two snakes, each with a 2x2 block and self-touching.
    ['A..\n...\n..A', 'multiple', 'none', 'none'],
    ['ABC\n...\nABC', 'unique', 'unique', 'unique'],
    ['A.B\n...\nA.B', 'none', 'none', 'none'],
  ];
  it('gives the known verdicts under each rule set, multiple always with two verified witnesses', () => {
    for (const [text, ...want] of KNOWN) {
      RULES.forEach((rule, i) => {
        const v = countSolutions(one(text, rule));
        expect(v.kind, `${JSON.stringify(text)} under ${rule}`).toBe(want[i]);
        if (v.kind === 'multiple') {
          const [a, b] = v.solutions;
          expect(a.some((x, j) => x !== b[j])).toBe(true);
          for (const s of v.solutions) expect(verifySolution(one(text, rule), s).ok).toBe(true);
        }
      });
    }
    const snakes = countSolutions(one('A..\n...\n..A'), { limit: 10 });
    expect(snakes.kind === 'multiple' && snakes.solutions.length).toBe(2);
  });
  it('finds the planted covering of every planted puzzle under strict', () => {
    fc.assert(
      fc.property(plantedArb, ({ w, h, cells }) => {
        const p = makeNumberlink(w, h, cells, 'strict');
        return p.ok && countSolutions(p.value).kind !== 'none';
      }),
      { seed: 5, numRuns: 200 },
    );
  });
  it('finds one solution by either stage (search, or clause learning after 0 nodes of it)', () => {
    fc.assert(
      fc.property(plantedArb, fc.constantFrom(0, 20_000), ({ w, h, cells }, dfsNodes) => {
        const p = makeNumberlink(w, h, cells, 'strict');
        if (!p.ok) return false;
        const r = findSolution(p.value, { dfsNodes });
        return r.kind === 'found' && verifySolution(p.value, r.solution).ok;
      }),
      { seed: 6, numRuns: 60 },
    );
  });
  it('a budget that runs out is inconclusive, never none or multiple', () => {
    const p = one('A....B\n......\n......\n......\n......\nA....B');
    expect(countSolutions(p).kind).toBe('multiple');
    const v = countSolutions(p, { budget: { maxNodes: 5 } });
    expect(v).toMatchObject({ kind: 'inconclusive', stop: 'node-limit' });
  });
});
