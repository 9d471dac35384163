/** Fuzz targets: every edge-matching format, boards (board text and .sol), moves, play states and params. */
import { LEVELS } from '../../src/core/family.ts';
import { ok, type Result } from '../../src/core/result.ts';
import type { Rng } from '../../src/core/rng.ts';
import { edgematch, parseBoard, parseEdgematchFile } from '../../src/families/edgematch/index.ts';
import {
  makeAnjou,
  makeBoardText,
  makeClue,
  makeEdgematchId,
  makeHeule,
  makePuz,
  makeSol,
  makeTud,
  parseAnjou,
  parseBoardSuite,
  parseEdgematchId,
  parseHeule,
  parseTud,
} from '../../src/families/edgematch/formats/index.ts';
import { makeGeneratorParams, parseGeneratorParams } from '../../src/families/edgematch/planted.ts';
import { makeMove, makeState, parseMove, parseState, type EdgematchMove, type EdgematchState } from '../../src/families/edgematch/play.ts';
import type { Board, Instance, Placement, Rotation } from '../../src/families/edgematch/types.ts';
import { randomEdgematch } from './puzzles.ts';
import { afterId, reread, same, target, type EnginePuzzle, type Target } from './target.ts';

const key = (p: Instance) => ({ width: p.width, height: p.height, pieces: p.pieces, clues: p.clues });
const puzzles = (p: Instance): EnginePuzzle[] => [{ family: 'edgematch', puzzle: p }];

/** The board suite's two files in one input: puzzle.puz, a `%%` line, puzzle.clue. */
const CLUE_MARK = '\n%%\n';
function parseSuite(text: string): Result<Instance> {
  const k = text.indexOf(CLUE_MARK);
  return k < 0 ? parseBoardSuite(text) : parseBoardSuite(text.slice(0, k), text.slice(k + CLUE_MARK.length));
}
const makeSuite = (p: Instance): string => `${makePuz(p)}${p.clues.length > 0 ? `${CLUE_MARK}${makeClue(p)}` : ''}`;

function oneTarget(
  name: string,
  parse: (t: string) => Result<Instance>,
  write: (p: Instance) => Result<string>,
  make: (rng: Rng) => Instance = (rng) => randomEdgematch(rng),
): Target {
  return target<Instance>({
    name: `edgematch/${name}`,
    valid: (rng) => {
      const w = write(make(rng));
      return w.ok ? w.value : '';
    },
    parse,
    roundTrip: (p) => {
      const w = write(p);
      if (!w.ok) return `the writer refuses an accepted puzzle: ${w.error.message}`;
      return reread(parse(w.value), (back) => same(key(p), key(back)));
    },
    puzzles,
  });
}

/** A decoder of text that follows a puzzle's id on the first line. */
const withPuzzle = <T>(parse: (body: string, p: Instance) => Result<T>) => afterId(parseEdgematchId, parse);

/** A board with some pieces placed (clues in place, other pieces anywhere, some cells empty). */
function randomBoard(rng: Rng, p: Instance): Board {
  const n = p.width * p.height;
  const board: (Placement | null)[] = new Array(n).fill(null);
  for (const c of p.clues) board[c.cell] = { piece: c.piece, rotation: c.rotation };
  const free = rng.shuffle(Array.from({ length: n }, (_, i) => i).filter((i) => !p.clues.some((c) => c.piece === i)));
  for (let cell = 0; cell < n; cell++) {
    if (board[cell] || free.length === 0 || rng.chance(1, 4)) continue;
    board[cell] = { piece: free.pop()!, rotation: rng.int(4) as Rotation };
  }
  return board;
}

/** A move the rules allow: clue cells and clue pieces are never moved. */
function randomMove(rng: Rng, p: Instance): EdgematchMove {
  const cells = Array.from({ length: p.width * p.height }, (_, i) => i).filter((i) => !p.clues.some((c) => c.cell === i));
  const pieces = Array.from({ length: p.pieces.length }, (_, i) => i).filter((i) => !p.clues.some((c) => c.piece === i));
  const cell = rng.pick(cells);
  const kind = rng.pick(['place', 'rotate', 'take'] as const);
  if (kind === 'place') return { kind, width: p.width, piece: rng.pick(pieces), cell, rotation: rng.int(4) as Rotation };
  if (kind === 'rotate') return { kind, width: p.width, cell, turns: rng.range(1, 3) as 1 | 2 | 3 };
  return { kind, width: p.width, cell };
}

/** Heule files hold no size and read back wide boards (width ≥ height): only those are written. */
const wide = (rng: Rng): Instance => {
  for (;;) {
    const p = randomEdgematch(rng);
    if (p.width >= p.height) return p;
  }
};

export const EDGEMATCH_TARGETS: Target[] = [
  oneTarget(
    'heule',
    (t) => parseHeule(t),
    (p) => ok(makeHeule(p)),
    wide,
  ),
  oneTarget('puz', parseSuite, (p) => ok(makeSuite(p))),
  oneTarget('anjou', parseAnjou, (p) => ok(makeAnjou(p))),
  oneTarget('tud', parseTud, makeTud, (rng) => ({ ...randomEdgematch(rng), clues: [] })),
  oneTarget(
    'id',
    (t) => parseEdgematchId(t.trim()),
    (p) => ok(`${makeEdgematchId(p)}\n`),
  ),
  target<Instance[]>({
    name: 'edgematch/auto',
    valid: (rng) => {
      const p = wide(rng);
      return rng.pick([makeHeule, makeAnjou, makePuz, (q: Instance) => `${makeEdgematchId(q)}\n${makeEdgematchId(randomEdgematch(rng))}\n`])(p);
    },
    parse: (t) => parseEdgematchFile(t),
    roundTrip: (ps) => reread(parseEdgematchFile(ps.map(makeEdgematchId).join('\n')), (back) => same(ps.map(key), back.map(key))),
    puzzles: (ps) => ps.flatMap(puzzles),
  }),
  target<{ p: Instance; v: Board }>({
    name: 'edgematch/board',
    valid: (rng) => {
      const p = randomEdgematch(rng);
      const b = randomBoard(rng, p);
      // An empty .sol file (no piece placed) reads as no board at all, so .sol only for placed pieces.
      const sol = rng.chance(1, 3) && b.some((x) => x !== null);
      return `${makeEdgematchId(p)}\n${sol ? makeSol(p, b) : makeBoardText(p, b)}`;
    },
    parse: withPuzzle((body, p) => parseBoard(body, p)),
    roundTrip: ({ p, v }) => reread(parseBoard(makeBoardText(p, v), p), (back) => same(v, back)),
    puzzles: ({ p }) => puzzles(p),
  }),
  target<{ p: Instance; v: EdgematchMove }>({
    name: 'edgematch/move',
    valid: (rng) => {
      const p = randomEdgematch(rng);
      return `${makeEdgematchId(p)}\n${makeMove(randomMove(rng, p))}`;
    },
    parse: withPuzzle((body, p) => parseMove(body, p)),
    roundTrip: ({ p, v }) => reread(parseMove(makeMove(v), p), (back) => same(v, back)),
  }),
  target<{ p: Instance; v: EdgematchState }>({
    name: 'edgematch/state',
    valid: (rng) => {
      const p = randomEdgematch(rng);
      const board = randomBoard(rng, p);
      return `${makeEdgematchId(p)}\n${makeState({ width: p.width, height: p.height, board, tray: [], clues: [] })}`;
    },
    parse: withPuzzle((body, p) => parseState(body, p)),
    roundTrip: ({ p, v }) => reread(parseState(makeState(v), p), (back) => same(v, back)),
  }),
  target({
    name: 'edgematch/params',
    valid: (rng) => `${rng.range(4, 8)}x${rng.range(4, 8)}-${rng.pick(LEVELS)}${rng.chance(1, 2) ? `-b${rng.range(2, 5)}-i${rng.range(2, 9)}` : ''}`,
    parse: (t) => edgematch.parseParams(t),
    roundTrip: (v) => reread(edgematch.parseParams(edgematch.makeParams(v)), (back) => same(v, back)),
  }),
  target({
    name: 'edgematch/generator-params',
    valid: (rng) =>
      makeGeneratorParams({
        width: rng.range(2, 20),
        height: rng.range(2, 20),
        borderColours: rng.range(1, 6),
        interiorColours: rng.range(1, 20),
        clues: rng.range(0, 4),
      }),
    parse: parseGeneratorParams,
    roundTrip: (v) => reread(parseGeneratorParams(makeGeneratorParams(v)), (back) => same(v, back)),
  }),
];
