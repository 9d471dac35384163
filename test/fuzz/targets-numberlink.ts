/** Fuzz targets: every Numberlink format, solutions, moves, play states and params. */
import type { Result } from '../../src/core/result.ts';
import type { Rng } from '../../src/core/rng.ts';
import { numberlink } from '../../src/families/numberlink/index.ts';
import {
  makePuzzles,
  makeNumberlinkId,
  parseGrid,
  parseLetters,
  parseNumberlinkId,
  parseNumlin,
  parsePuzzles,
  parseSolution,
  makeSolution,
  type FormatName,
} from '../../src/families/numberlink/formats/index.ts';
import { makeMove, makeState, parseMove, parseState, type NumberlinkMove, type NumberlinkState } from '../../src/families/numberlink/play.ts';
import { linksFromPaths } from '../../src/families/numberlink/puzzle.ts';
import { LEVELS } from '../../src/core/family.ts';
import type { Numberlink, Solution } from '../../src/families/numberlink/types.ts';
import { randomNumberlink } from './puzzles.ts';
import { afterId, reread, same, target, type EnginePuzzle, type Target } from './target.ts';

const key = (p: Numberlink) => ({ width: p.width, height: p.height, rule: p.rule, pairs: p.pairs });
const puzzles = (ps: Numberlink[]): EnginePuzzle[] => ps.map((puzzle) => ({ family: 'numberlink', puzzle }));
const some = (rng: Rng): Numberlink[] => Array.from({ length: rng.range(1, 3) }, () => randomNumberlink(rng));

/** The straight-segment routing randomNumberlink builds its pairs on (a solution when they cover the grid). */
function straightLinks(p: Numberlink): Solution {
  const paths = p.pairs.map(([a, b]) => Array.from({ length: b - a + 1 }, (_, k) => a + k));
  return linksFromPaths(p, paths);
}

/** A format that does not carry the rule is read with the puzzle's rule (all puzzles of an input share one). */
function fileTarget(format: FormatName, parse: (t: string, rule: Numberlink['rule']) => Result<Numberlink[]>): Target {
  const RULE = 'strict';
  return target<Numberlink[]>({
    name: `numberlink/${format}`,
    valid: (rng) => {
      const ps = some(rng).map((p) => (format === 'id' ? p : { ...p, rule: RULE }) as Numberlink);
      const w = makePuzzles(ps, format);
      return w.ok ? w.value : '';
    },
    parse: (t) => parse(t, RULE),
    roundTrip: (ps) => {
      const w = makePuzzles(ps, format);
      if (!w.ok) return format === 'grid' || format === 'letters' ? null : `the writer refuses an accepted puzzle: ${w.error.message}`; // > 61 pairs do not fit one character each
      return reread(parse(w.value, RULE), (back) => same(ps.map(key), back.map(key)));
    },
    puzzles,
  });
}

/** A decoder of text that follows a puzzle's id on the first line. */
const withPuzzle = <T>(parse: (body: string, p: Numberlink) => Result<T>) => afterId(parseNumberlinkId, parse);

function randomMove(rng: Rng, p: Numberlink): NumberlinkMove {
  if (rng.chance(1, 4)) return { kind: 'clear', width: p.width, cell: rng.int(p.width * p.height) };
  const cells = [rng.int(p.width * p.height)];
  for (let k = rng.range(1, 6); k > 0; k--) {
    const c = cells[cells.length - 1];
    const next = [c - p.width, c + p.width, c % p.width > 0 ? c - 1 : -1, c % p.width < p.width - 1 ? c + 1 : -1].filter(
      (j) => j >= 0 && j < p.width * p.height,
    );
    cells.push(rng.pick(next));
  }
  return { kind: 'stroke', width: p.width, cells };
}

export const NUMBERLINK_TARGETS: Target[] = [
  fileTarget('grid', parseGrid),
  fileTarget('letters', parseLetters),
  fileTarget('numlin', parseNumlin),
  fileTarget('id', (t) => parsePuzzles(t, 'id')),
  target<Numberlink[]>({
    name: 'numberlink/auto',
    valid: (rng) => {
      const w = makePuzzles(
        some(rng).map((p) => ({ ...p, rule: 'strict' as const })),
        rng.pick(['grid', 'letters', 'numlin', 'id'] as const),
      );
      return w.ok ? w.value : '';
    },
    parse: (t) => numberlink.parseFile(t),
    roundTrip: (ps) => reread(parsePuzzles(ps.map(makeNumberlinkId).join('\n'), 'id'), (back) => same(ps.map(key), back.map(key))),
    puzzles,
  }),
  target<{ p: Numberlink; v: Solution }>({
    name: 'numberlink/solution',
    valid: (rng) => {
      // Puzzles whose straight segments cover the grid (randomNumberlink drops some pairs now and then).
      for (;;) {
        const p = randomNumberlink(rng);
        const s = makeSolution(straightLinks(p), p);
        if (s.ok) return `${makeNumberlinkId(p)}\n${s.value}`;
      }
    },
    parse: withPuzzle((body, p) => parseSolution(body, p)),
    roundTrip: ({ p, v }) => {
      const s = makeSolution(v, p);
      return s.ok ? reread(parseSolution(s.value, p), (back) => same(v, back)) : `the writer refuses an accepted solution: ${s.error.message}`;
    },
    puzzles: ({ p }) => puzzles([p]),
  }),
  target<{ p: Numberlink; v: NumberlinkMove }>({
    name: 'numberlink/move',
    valid: (rng) => {
      const p = randomNumberlink(rng);
      return `${makeNumberlinkId(p)}\n${makeMove(randomMove(rng, p))}`;
    },
    parse: withPuzzle((body, p) => parseMove(body, p)),
    roundTrip: ({ p, v }) => reread(parseMove(makeMove(v), p), (back) => same(v, back)),
  }),
  target<{ p: Numberlink; v: NumberlinkState }>({
    name: 'numberlink/state',
    valid: (rng) => {
      const p = randomNumberlink(rng);
      let s = numberlink.play.start(p);
      for (let k = rng.range(0, 6); k > 0; k--) s = numberlink.play.apply(s, randomMove(rng, p));
      return `${makeNumberlinkId(p)}\n${makeState(s)}`;
    },
    parse: withPuzzle((body, p) => parseState(body, p)),
    roundTrip: ({ p, v }) => reread(parseState(makeState(v), p), (back) => same(v, back)),
  }),
  target({
    name: 'numberlink/params',
    valid: (rng) =>
      numberlink.makeParams({
        width: rng.range(5, 40),
        height: rng.range(5, 40),
        level: rng.pick(LEVELS),
        rule: rng.pick(['strict', 'no-2x2', 'no-touch'] as const),
      }),
    parse: (t) => numberlink.parseParams(t),
    roundTrip: (v) => reread(numberlink.parseParams(numberlink.makeParams(v)), (back) => same(v, back)),
  }),
];
