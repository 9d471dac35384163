/**
 * Every public edge-matching benchmark file reads, and every solution shipped with one verifies. The
 * data lives outside the repository (shared/bench-data/edgematch beside it; PROOFGRID_BENCH_DATA names
 * the bench-data folder elsewhere), so this is skipped without it. Nothing here is copied into the repo.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longIt } from './long.ts';
import { unwrap } from '../src/core/result.ts';
import {
  detectFormat,
  makeAnjou,
  makeBoardText,
  makeEdgematchId,
  makeHeule,
  makeInstanceText,
  parseAnjou,
  parseBoardSuite,
  parseBoardText,
  parseEdgematchId,
  parseHeule,
  parseInstance,
  parseSol,
  parseTud,
} from '../src/families/edgematch/formats/index.ts';
import { makeInstance, maxScore, paletteReport, pieceKey, rotatePiece, verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Instance, Piece, Placement, Rotation } from '../src/families/edgematch/types.ts';
import { countBacktrack } from '../src/families/edgematch/backtrack.ts';
import { colouringKey } from '../src/families/edgematch/distinct.ts';
import { verdictSolutions } from '../src/core/verdict.ts';

const ROOT = process.env.PROOFGRID_BENCH_DATA ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'bench-data');
const DATA = join(ROOT, 'edgematch');
const HAS_DATA = existsSync(DATA);
if (!HAS_DATA) console.warn(`edgematch-bench-data: ${DATA} not found; skipped`);

const read = (p: string): string => readFileSync(p, 'utf8');
const files = (dir: string, re: RegExp): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => re.test(n))
        .sort()
        .map((n) => join(dir, n))
    : [];

/** The pieces in file order, unrotated, laid out row-major. */
const fileOrder = (inst: Instance): Placement[] => inst.pieces.map((_, piece) => ({ piece, rotation: 0 }));

/** The same instance back through our id, Heule's format (size given), the board suite and the JSON. */
function roundTrips(inst: Instance, label: string): void {
  const size = { width: inst.width, height: inst.height };
  expect(unwrap(parseEdgematchId(makeEdgematchId(inst))), `${label} id`).toEqual(inst);
  expect(unwrap(parseHeule(makeHeule(inst), size)), `${label} heule`).toEqual(inst);
  expect(unwrap(parseAnjou(makeAnjou(inst))), `${label} anjou`).toEqual(inst);
  const puz = unwrap(makeInstanceText({ ...inst, clues: [] }, 'puz'));
  expect(unwrap(parseBoardSuite(puz)), `${label} puz`).toEqual({ ...inst, clues: [] });
}

/** Multiset of pieces up to rotation. */
const keys = (pieces: readonly Piece[]): string[] => pieces.map(pieceKey).sort();

describe.skipIf(!HAS_DATA)('edge-matching bench data', () => {
  it('heule/: all 13 files read (size from the counts), the 8 em_* files are solved in file order', () => {
    const list = [...files(join(DATA, 'heule'), /\.txt$/), join(DATA, 'heule', 'e2', 'e2pieces.txt')];
    expect(list.length).toBe(13);
    const sizes: Record<string, string> = {};
    for (const f of list) {
      const text = read(f);
      expect(detectFormat(text), f).toBe('heule');
      const inst = unwrap(parseInstance(text));
      sizes[basename(f)] = `${inst.width}x${inst.height}`;
      expect(paletteReport(inst.pieces).shared, f).toEqual([]);
      const check = verifyBoard(inst, fileOrder(inst));
      if (basename(f).startsWith('em_')) {
        expect(check.problems, f).toEqual([]);
        expect(check.score).toBe(maxScore(inst.width, inst.height));
      } else expect(check.ok, f).toBe(false);
      roundTrips(inst, f);
    }
    expect(sizes).toMatchObject({
      'clue1.txt': '6x6',
      'clue2.txt': '12x6',
      'clue4.txt': '12x6',
      'e2pieces.txt': '16x16',
      'em_7_3_6.txt': '7x7',
      'em_14_7_3.txt': '14x14',
    });
    const e2 = unwrap(parseHeule(read(join(DATA, 'heule', 'e2', 'e2pieces.txt'))));
    expect(paletteReport(e2.pieces).border).toEqual([1, 5, 9, 13, 17]);
  });

  it('e2profile/: 50 converted files read and 48 are solved as given; the .solved.txt copies fix Generator 1 and 3; the .js originals hold the same pieces and fixed cells', () => {
    const txt = files(join(DATA, 'e2profile'), /^EternityII_Generator\d+\.txt$/);
    expect(txt.length).toBe(50);
    const unsolved: string[] = [];
    for (const f of txt) {
      const inst = unwrap(parseHeule(read(f)));
      expect([inst.width, inst.height]).toEqual([16, 16]);
      const pal = paletteReport(inst.pieces);
      expect(pal.border, f).toEqual([4, 8, 12, 16, 22]);
      expect(pal.interior.length).toBe(17);
      const check = verifyBoard(inst, fileOrder(inst));
      if (check.ok) expect(check.score).toBe(480);
      else unsolved.push(basename(f));
      // The viewer's JavaScript original: the same pieces, and its fixed cells are valid clues.
      const js = read(f.replace(/EternityII_Generator(\d+)\.txt$/, 'pieces.txt.EternityII_Generator$1.js'));
      const pieces = [...js.matchAll(/pieces\[ p \] = "(\d+),(\d+),(\d+),(\d+),"/g)].map((m) => [1, 2, 3, 4].map((i) => Number(m[i])) as unknown as Piece);
      expect(pieces).toEqual(inst.pieces);
      const fixed = [...js.matchAll(/fixed\[ f \] = "(\d+),(\d+),(\d+)"/g)].map((m) => ({
        piece: Number(m[1]),
        cell: Number(m[2]),
        rotation: Number(m[3]) as Rotation,
      }));
      const withClues = unwrap(makeInstance(16, 16, pieces, fixed));
      if (check.ok) expect(verifyBoard(withClues, fileOrder(inst)).ok, f).toBe(true);
    }
    expect(unsolved.sort()).toEqual(['EternityII_Generator1.txt', 'EternityII_Generator3.txt']);
    for (const g of [1, 3]) {
      const orig = unwrap(parseHeule(read(join(DATA, 'e2profile', `EternityII_Generator${g}.txt`))));
      const fixed = unwrap(parseHeule(read(join(DATA, 'e2profile', `EternityII_Generator${g}.solved.txt`))));
      expect(verifyBoard(fixed, fileOrder(fixed)).score).toBe(480);
      expect(keys(fixed.pieces)).toEqual(keys(orig.pieces));
    }
  });

  it('anjou/: 14 JSON instances read with their hints (clockwise), 16x16 share one piece set equal to heule e2 up to colour names', () => {
    const list = files(join(DATA, 'anjou'), /^e2-.*\.json$/);
    expect(list.length).toBe(14);
    const e2Lists = new Set<string>();
    for (const f of list) {
      const text = read(f);
      expect(detectFormat(text)).toBe('anjou');
      const inst = unwrap(parseInstance(text));
      const raw = JSON.parse(text) as { hints: unknown[]; width: number; height: number };
      expect(inst.clues.length).toBe(raw.hints.length);
      expect([inst.width, inst.height]).toEqual([raw.width, raw.height]);
      if (inst.width === 16) {
        expect(inst.clues.length).toBe(8);
        e2Lists.add(JSON.stringify(inst.pieces));
      }
      roundTrips(inst, f);
    }
    expect(e2Lists.size).toBe(1);
    // Read anticlockwise, hint pos 0 rot 3 would put grey inside: our reading must be the clockwise one.
    const v00 = read(join(DATA, 'anjou', 'e2-16x16-v00.json'));
    const flipped = JSON.parse(v00) as { hints: { rot: number }[] };
    flipped.hints = flipped.hints.map((h) => ({ ...h, rot: (4 - h.rot) % 4 }));
    expect(parseAnjou(JSON.stringify(flipped)).ok).toBe(false);
  });

  it('tud2011/: 6 instances read (shared palette reported), the 5 pictured solutions verify', () => {
    const list = files(join(DATA, 'tud2011'), /^bench_\d+x\d+_\d+\.txt$/);
    expect(list.length).toBe(6);
    let solved = 0;
    for (const f of list) {
      const text = read(f);
      expect(detectFormat(text)).toBe('tud');
      const inst = unwrap(parseTud(text));
      expect(paletteReport(inst.pieces).shared.length, f).toBeGreaterThan(0);
      expect(parseInstance(text).ok).toBe(true);
      const solFile = f.replace(/\.txt$/, '_sol.txt');
      if (!existsSync(solFile)) continue;
      const pic = readPicture(read(solFile), inst.width, inst.height);
      const board = boardFromColours(inst, pic);
      const check = verifyBoard(inst, board);
      expect(check.problems, solFile).toEqual([]);
      expect(check.score).toBe(maxScore(inst.width, inst.height));
      expect(unwrap(parseBoardText(makeBoardText(inst, board), inst))).toEqual(board);
      solved++;
    }
    expect(solved).toBe(5);
  });

  // 3,770 boards: the long suite only (test/long.ts).
  longIt('gallicchio/: all 3,770 boards read with their clue, and all 4,038 solution files verify', () => {
    const suite = join(DATA, 'gallicchio', 'board_suite');
    let boards = 0;
    let sols = 0;
    for (const n of readdirSync(suite)) {
      for (const c of readdirSync(join(suite, n))) {
        for (const b of readdirSync(join(suite, n, c))) {
          const dir = join(suite, n, c, b);
          if (!statSync(dir).isDirectory()) continue;
          const puz = read(join(dir, 'puzzle.puz'));
          expect(detectFormat(puz)).toBe('puz');
          const inst = unwrap(parseBoardSuite(puz, read(join(dir, 'puzzle.clue'))));
          expect(inst.width).toBe(Number(n));
          expect(inst.clues.map((cl) => cl.cell)).toEqual([0]);
          boards++;
          const seen = new Set<string>();
          for (const s of readdirSync(dir).filter((x) => x.endsWith('.sol'))) {
            const board = unwrap(parseSol(read(join(dir, s)), inst));
            const check = verifyBoard(inst, board);
            if (!check.ok) throw new Error(`${dir}/${s}: ${JSON.stringify(check.problems.slice(0, 3))}`);
            seen.add(JSON.stringify(board));
            sols++;
          }
          expect(seen.size).toBeGreaterThan(0);
          if (boards % 97 === 0) roundTrips(inst, dir);
        }
      }
    }
    expect(boards).toBe(3770);
    expect(sols).toBe(4038);
  });

  // 570 boards, about 2 s of CPU: the long suite only.
  longIt('gallicchio/: every finished board up to 6x6 counted to the end as colourings, as many as the suite lists, each its own solution', () => {
    const suite = join(DATA, 'gallicchio', 'board_suite');
    let boards = 0;
    let differ = 0;
    for (const n of ['4', '5', '6']) {
      for (const c of readdirSync(join(suite, n))) {
        for (const b of readdirSync(join(suite, n, c))) {
          const dir = join(suite, n, c, b);
          if (!existsSync(join(dir, 'done'))) continue;
          const inst = unwrap(parseBoardSuite(read(join(dir, 'puzzle.puz')), read(join(dir, 'puzzle.clue'))));
          const listed = readdirSync(dir).filter((x) => x.endsWith('.sol'));
          const v = countBacktrack(inst, { limit: 10_000, distinct: 'colourings', budget: { deadlineMs: 20_000 } });
          const got = verdictSolutions(v);
          expect(v.kind, dir).not.toBe('inconclusive');
          expect(got.length, dir).toBe(listed.length);
          const keys = new Set(got.map((g) => colouringKey(inst, g)));
          for (const s of listed) expect(keys.has(colouringKey(inst, unwrap(parseSol(read(join(dir, s)), inst)))), `${dir}/${s}`).toBe(true);
          const strict = countBacktrack(inst, { limit: 10_000, budget: { deadlineMs: 20_000 } });
          if (verdictSolutions(strict).length !== got.length) differ++;
          boards++;
        }
      }
    }
    expect(boards).toBe(570);
    // Some boards have symmetric or identical pieces: their placements outnumber their colourings.
    expect(differ).toBeGreaterThan(0);
  });
});

/** The solved board of a TU Dresden `_sol` picture: per cell the colours shown `[N, E, S, W]`. */
function readPicture(text: string, width: number, height: number): Piece[] {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === 'Solution:');
  const end = lines.findIndex((l) => l.trim() === 'Puzzle:');
  const body = lines.slice(start + 1, end).filter((l) => l.trim() !== '');
  expect(body.length).toBe(7 * height);
  const cells: Piece[] = [];
  for (let r = 0; r < height; r++) {
    const nums = (k: number): number[] => [...body[7 * r + k].matchAll(/\d+/g)].map((m) => Number(m[0]));
    const north = nums(1);
    const we = nums(3);
    const south = nums(5);
    expect([north.length, we.length, south.length]).toEqual([width, 2 * width, width]);
    for (let c = 0; c < width; c++) cells.push([north[c], we[2 * c + 1], south[c], we[2 * c]]);
  }
  return cells;
}

/** A board placing the instance's pieces to show the pictured colours (equal pieces are interchangeable). */
function boardFromColours(inst: Instance, shown: Piece[]): Placement[] {
  const free = new Map<string, number[]>();
  inst.pieces.forEach((p, i) => {
    const k = pieceKey(p);
    free.set(k, [...(free.get(k) ?? []), i]);
  });
  return shown.map((s) => {
    const list = free.get(pieceKey(s));
    const piece = list?.shift();
    if (piece === undefined) throw new Error(`no piece left for ${s.join(' ')}`);
    const rotation = ([0, 1, 2, 3] as const).find((r) => rotatePiece(inst.pieces[piece], r).join() === s.join());
    if (rotation === undefined) throw new Error('unreachable');
    return { piece, rotation };
  });
}
