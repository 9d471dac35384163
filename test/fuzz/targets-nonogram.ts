/** Fuzz targets: every nonogram format, the solution text, moves, play states and params. */
import { ok, type Result } from '../../src/core/result.ts';
import type { Rng } from '../../src/core/rng.ts';
import { nonogram } from '../../src/families/nonogram/index.ts';
import {
  makeNon,
  makeNonogramId,
  makePuzzles,
  makeSolution,
  makeTaai,
  makeTaaiSolutions,
  makeTatham,
  makeXml,
  parseIds,
  parseNin,
  parseNon,
  parseNonogramId,
  parsePuzzles,
  parseSolution,
  parseTaai,
  parseTaaiSolutions,
  parseTatham,
  parseXml,
} from '../../src/families/nonogram/formats/index.ts';
import { makeMove, makeState, parseMove, parseState, type NonogramMove } from '../../src/families/nonogram/play.ts';
import type { Nonogram } from '../../src/families/nonogram/types.ts';
import { randomNonogram } from './puzzles.ts';
import { afterId, reread, same, target, type EnginePuzzle, type Target } from './target.ts';

const clues = (p: Nonogram) => ({ width: p.width, height: p.height, rows: p.rows, cols: p.cols });
const withGoal = (p: Nonogram) => ({ ...clues(p), goal: p.meta?.goal ?? null });
const puzzles = (ps: Nonogram[]): EnginePuzzle[] => ps.map((puzzle) => ({ family: 'nonogram', puzzle }));
const some = (rng: Rng, square = false): Nonogram[] => Array.from({ length: rng.range(1, 3) }, () => randomNonogram(rng, 12, square));

/** A file format: write → re-read gives the same puzzles (clues, and the goal where the format holds one). */
function fileTarget(
  name: string,
  parse: (t: string) => Result<Nonogram[]>,
  write: (ps: Nonogram[]) => Result<string>,
  make: (rng: Rng) => Nonogram[],
  key: (p: Nonogram) => unknown = clues,
): Target {
  return target<Nonogram[]>({
    name: `nonogram/${name}`,
    valid: (rng) => {
      const w = write(make(rng));
      return w.ok ? w.value : '';
    },
    parse,
    roundTrip: (ps) => {
      const w = write(ps);
      if (!w.ok) return `the writer refuses an accepted puzzle: ${w.error.message}`;
      return reread(parse(w.value), (back) => same(ps.map(key), back.map(key)));
    },
    puzzles,
  });
}

/** Inputs that need a puzzle: its id on the first line, then the text. */
/** A decoder of text that follows a puzzle's id on the first line. */
const withPuzzle = <T>(parse: (body: string, p: Nonogram) => Result<T>) => afterId(parseNonogramId, parse);

function randomRun(rng: Rng, p: Nonogram): NonogramMove {
  const from = { row: rng.int(p.height), col: rng.int(p.width) };
  const to = rng.chance(1, 2) ? { row: from.row, col: rng.int(p.width) } : { row: rng.int(p.height), col: from.col };
  return { op: rng.pick(['fill', 'cross', 'clear'] as const), from, to, paint: rng.chance(1, 3) };
}

/** A move: one run, or now and then one with more runs after it (`f1.1-1.3+x1.4`, as auto-cross makes). */
function randomMove(rng: Rng, p: Nonogram): NonogramMove {
  const m = randomRun(rng, p);
  if (!rng.chance(1, 4)) return m;
  return { ...m, also: Array.from({ length: 1 + rng.int(3) }, () => randomRun(rng, p)) };
}

export const NONOGRAM_TARGETS: Target[] = [
  fileTarget('non', parseNon, (ps) => ok(makeNon(ps)), some, withGoal),
  fileTarget('xml', parseXml, (ps) => makeXml(ps), some, withGoal),
  fileTarget(
    'nin',
    parseNin,
    (ps) => makePuzzles(ps, 'nin'),
    (rng) => [randomNonogram(rng)],
  ),
  fileTarget(
    'taai',
    parseTaai,
    (ps) => makeTaai(ps),
    (rng) => some(rng, true),
  ),
  fileTarget('tatham', parseTatham, (ps) => ok(`${ps.map(makeTatham).join('\n')}\n`), some),
  fileTarget('id', parseIds, (ps) => ok(`${ps.map(makeNonogramId).join('\n')}\n`), some),
  target<Nonogram[]>({
    name: 'nonogram/auto',
    valid: (rng) => {
      const ps = some(rng);
      const w = makePuzzles(ps, rng.pick(['non', 'xml', 'tatham', 'id'] as const));
      return w.ok ? w.value : '';
    },
    parse: (t) => parsePuzzles(t),
    roundTrip: (ps) => reread(parseIds(ps.map(makeNonogramId).join('\n')), (back) => same(ps.map(clues), back.map(clues))),
    puzzles,
  }),
  target<Map<number, Uint8Array>>({
    name: 'nonogram/taai-solutions',
    valid: (rng) => {
      const grids = new Map<number, Uint8Array>();
      for (let k = rng.range(1, 3); k > 0; k--) grids.set(rng.int(1000), randomNonogram(rng, 10, true).meta!.goal!);
      const w = makeTaaiSolutions(grids);
      return w.ok ? w.value : '';
    },
    parse: parseTaaiSolutions,
    roundTrip: (grids) => {
      const w = makeTaaiSolutions(grids);
      return w.ok ? reread(parseTaaiSolutions(w.value), (back) => same(grids, back)) : `the writer refuses: ${w.error.message}`;
    },
  }),
  target<{ p: Nonogram; v: Uint8Array }>({
    name: 'nonogram/solution',
    valid: (rng) => {
      const p = randomNonogram(rng);
      return `${makeNonogramId(p)}\n${makeSolution(p.meta!.goal!, p)}`;
    },
    parse: withPuzzle((body, p) => parseSolution(body, p)),
    roundTrip: ({ p, v }) => reread(parseSolution(makeSolution(v, p), p), (back) => same(v, back)),
    puzzles: ({ p }) => puzzles([p]),
  }),
  target<{ p: Nonogram; v: NonogramMove }>({
    name: 'nonogram/move',
    valid: (rng) => {
      const p = randomNonogram(rng);
      return `${makeNonogramId(p)}\n${makeMove(randomMove(rng, p))}`;
    },
    parse: withPuzzle((body, p) => parseMove(body, p)),
    roundTrip: ({ p, v }) => reread(parseMove(makeMove(v), p), (back) => same(v, back)),
  }),
  target<{ p: Nonogram; v: ReturnType<typeof nonogram.play.start> }>({
    name: 'nonogram/state',
    valid: (rng) => {
      const p = randomNonogram(rng);
      const marks = Uint8Array.from({ length: p.width * p.height }, () => rng.int(3));
      return `${makeNonogramId(p)}\n${makeState({ width: p.width, height: p.height, marks })}`;
    },
    parse: withPuzzle((body, p) => parseState(body, p)),
    roundTrip: ({ p, v }) => reread(parseState(makeState(v), p), (back) => same(v, back)),
  }),
  target({
    name: 'nonogram/params',
    valid: (rng) => nonogram.makeParams({ width: rng.range(5, 60), height: rng.range(5, 60), level: rng.pick(['easy', 'medium', 'hard', 'expert'] as const) }),
    parse: (t) => nonogram.parseParams(t),
    roundTrip: (v) => reread(nonogram.parseParams(nonogram.makeParams(v)), (back) => same(v, back)),
  }),
];
