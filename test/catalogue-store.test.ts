/** The catalogue store (schema, migrations, de-duplication view) and the canonical hashes. */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalHash } from '../src/catalogue/canonical.ts';
import { MIGRATIONS, migrate, openStore, SCHEMA_VERSION, StoreError, type JobRow } from '../src/catalogue/store.ts';
import { catalogueRows } from '../src/catalogue/export.ts';
import { gridSymmetries } from '../src/core/symmetry.ts';
import { rotatePiece } from '../src/families/edgematch/puzzle.ts';
import type { Clue, Instance, Piece, Rotation } from '../src/families/edgematch/types.ts';
import { FAMILIES } from '../src/families/index.ts';
import { makeNumberlink } from '../src/families/numberlink/puzzle.ts';
import type { Numberlink } from '../src/families/numberlink/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'proofgrid-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
const dbPath = (): string => join(dir, `s${++fileNo}.db`);

// Grid transforms written independently of src/core/symmetry.ts: (r, c) of a w×h grid to the new grid.
type Move = (r: number, c: number, w: number, h: number) => [number, number];
const turn: Move = (r, c, _w, h) => [c, h - 1 - r]; // clockwise quarter turn: the sides swap
const mirror: Move = (r, c, w) => [r, w - 1 - c];
const half: Move = (r, c, w, h) => [h - 1 - r, w - 1 - c];
const flipV: Move = (r, c, _w, h) => [h - 1 - r, c];

function moveCell(i: number, w: number, h: number, m: Move): { cell: number; w: number; h: number } {
  const [r, c] = m(Math.floor(i / w), i % w, w, h);
  const swaps = m === turn;
  const w2 = swaps ? h : w;
  return { cell: r * w2 + c, w: w2, h: swaps ? w : h };
}

function moveGrid<T>(grid: readonly T[], w: number, h: number, m: Move): T[] {
  const out = new Array<T>(grid.length);
  grid.forEach((v, i) => (out[moveCell(i, w, h, m).cell] = v));
  return out;
}

function generated(family: 'nonogram' | 'numberlink' | 'edgematch', params: string, seed: string): { puzzle: unknown; solution: unknown } {
  const f = FAMILIES[family];
  const p = f.parseParams(params);
  if (!p.ok) throw new Error(p.error.message);
  const r = (f.generate as (p: unknown, s: string) => { ok: boolean; puzzle?: unknown; solution?: unknown; message?: string })(p.value, seed);
  if (!r.ok) throw new Error(`generation failed: ${r.message}`);
  return { puzzle: r.puzzle, solution: r.solution };
}

describe('grid symmetries', () => {
  it('are 8 on a square and 4 on other rectangles (2 and 2 without mirrors), each a permutation, identity first', () => {
    expect(gridSymmetries(4, 4)).toHaveLength(8);
    expect(gridSymmetries(4, 6)).toHaveLength(4);
    expect(gridSymmetries(4, 4, { mirrors: false })).toHaveLength(4);
    expect(gridSymmetries(4, 6, { mirrors: false })).toHaveLength(2);
    for (const [w, h] of [
      [4, 4],
      [3, 5],
    ]) {
      for (const s of gridSymmetries(w, h)) {
        const image = new Set(Array.from({ length: w * h }, (_, i) => s.cell(i)));
        expect(image.size).toBe(w * h);
      }
      const id = gridSymmetries(w, h)[0];
      expect(Array.from({ length: w * h }, (_, i) => id.cell(i))).toEqual(Array.from({ length: w * h }, (_, i) => i));
    }
  });
  it('turn like the independent transforms of this test', () => {
    const s = gridSymmetries(3, 3).find((x) => x.turns === 1 && !x.mirrored)!;
    for (let i = 0; i < 9; i++) expect(s.cell(i)).toBe(moveCell(i, 3, 3, turn).cell);
  });
});

describe('canonical hashes', () => {
  it('nonogram: a solution grid and its turned and mirrored copies hash equal; other grids differ', () => {
    for (const [params, w, h] of [
      ['6x6-easy', 6, 6],
      ['5x7-medium', 5, 7],
    ] as const) {
      const hashes = new Set<string>();
      for (const seed of ['a', 'b', 'c']) {
        const { puzzle, solution } = generated('nonogram', params, seed);
        const grid = [...(solution as Uint8Array)];
        const h0 = canonicalHash('nonogram', puzzle, solution);
        const moves: Move[] = w === h ? [turn, mirror, half, flipV] : [mirror, half, flipV];
        for (const m of moves) {
          const moved = Uint8Array.from(moveGrid(grid, w, h, m));
          expect(canonicalHash('nonogram', { ...(puzzle as object), width: w, height: h }, moved), `${params} ${seed}`).toBe(h0);
        }
        hashes.add(h0);
      }
      expect(hashes.size).toBe(3);
    }
  });

  it('numberlink: turned, mirrored and relabelled copies hash equal; another rule set or grid differs', () => {
    const cellsOf = (p: Numberlink): (string | null)[] => {
      const cells = new Array<string | null>(p.width * p.height).fill(null);
      p.pairs.forEach(([a, b], k) => (cells[a] = cells[b] = p.labels[k]));
      return cells;
    };
    const hashes = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd']) {
      const p = generated('numberlink', '6x6-medium', seed).puzzle as Numberlink;
      const h0 = canonicalHash('numberlink', p, null);
      for (const m of [turn, mirror, half, flipV]) {
        // Relabel too: labels are names, the scan order of the moved grid numbers them afresh.
        const cells = moveGrid(cellsOf(p), 6, 6, m).map((l) => (l === null ? null : String.fromCharCode(90 - p.labels.indexOf(l))));
        const q = makeNumberlink(6, 6, cells, p.rule);
        if (!q.ok) throw new Error(q.error.message);
        expect(canonicalHash('numberlink', q.value, null)).toBe(h0);
      }
      const other = makeNumberlink(6, 6, cellsOf(p), p.rule === 'strict' ? 'no-2x2' : 'strict');
      if (!other.ok) throw new Error(other.error.message);
      expect(canonicalHash('numberlink', other.value, null)).not.toBe(h0);
      hashes.add(h0);
    }
    expect(hashes.size).toBe(4);
    // A rectangle: the half turn is the same puzzle.
    const r = generated('numberlink', '5x7-easy', 'r').puzzle as Numberlink;
    const turned = makeNumberlink(5, 7, moveGrid(cellsOf(r), 5, 7, half), r.rule);
    if (!turned.ok) throw new Error(turned.error.message);
    expect(canonicalHash('numberlink', turned.value, null)).toBe(canonicalHash('numberlink', r, null));
  });

  it('edgematch: a board turn with the pieces reordered and relisted hashes equal; a mirror image or other clues differ', () => {
    const hashes = new Set<string>();
    for (const seed of ['a', 'b', 'c']) {
      const p = generated('edgematch', '5x5-medium', seed).puzzle as Instance;
      const h0 = canonicalHash('edgematch', p, null);
      // Turn the board a quarter clockwise; list the pieces in reverse order, each listed turned by k.
      const n = p.pieces.length;
      const k = (i: number): number => i % 4;
      const pieces: Piece[] = p.pieces.map((pc, i) => rotatePiece(pc, k(i))).reverse();
      const clues: Clue[] = p.clues
        .map((c) => ({
          cell: moveCell(c.cell, 5, 5, turn).cell,
          piece: n - 1 - c.piece,
          rotation: ((((c.rotation + 1 - k(c.piece)) % 4) + 4) % 4) as Rotation,
        }))
        .sort((a, b) => a.cell - b.cell);
      expect(canonicalHash('edgematch', { ...p, pieces, clues }, null)).toBe(h0);
      // The mirror image: pieces flipped (E and W swap), clues mirrored. Pieces cannot be flipped: another puzzle.
      const flip = (pc: Piece): Piece => [pc[0], pc[3], pc[2], pc[1]];
      const mirrored: Instance = {
        ...p,
        pieces: p.pieces.map(flip),
        clues: p.clues.map((c) => ({ cell: moveCell(c.cell, 5, 5, mirror).cell, piece: c.piece, rotation: ((4 - c.rotation) % 4) as Rotation })),
      };
      expect(canonicalHash('edgematch', mirrored, null)).not.toBe(h0);
      // The same pieces with a clue moved elsewhere.
      const moved: Instance = { ...p, clues: p.clues.map((c) => ({ ...c, cell: (c.cell + 1) % n })) };
      expect(canonicalHash('edgematch', moved, null)).not.toBe(h0);
      hashes.add(h0);
    }
    expect(hashes.size).toBe(3);
  });
});

/** A stored row for a cell of `nonogram 5x5-easy`, seed "s". */
function row(index: number, hash: string | null, status: 'ok' | 'failed' = 'ok'): JobRow {
  return {
    family: 'nonogram',
    generator_version: 1,
    params: '5x5-easy',
    base_seed: 's',
    job_index: index,
    seed: `s/5x5-easy/${index}`,
    width: 5,
    height: 5,
    level: 'easy',
    rule: null,
    status,
    puzzle_id: status === 'ok' ? `nonogram:5x5:${hash}` : null,
    seeded_id: `nonogram@1:5x5-easy#s/5x5-easy/${index}`,
    canonical_hash: status === 'ok' ? hash : null,
    cert_kind: status === 'ok' ? 'unique' : null,
    cert_stop: status === 'ok' ? 'completed' : null,
    cert_budget_ms: null,
    cert_nodes: 1,
    cert_ms: 0.1,
    grade_level: 'easy',
    grade_score: 1,
    grade_metrics: '{}',
    diag_path: 'direct',
    diag_attempts: 1,
    diag_nodes: 1,
    diag_ms: 1,
    diag_rejected: '{}',
    failure_reason: status === 'failed' ? 'attempts-exhausted' : null,
    failure_message: status === 'failed' ? 'no luck' : null,
  };
}

const CELL = { family: 'nonogram', generator_version: 1, params: '5x5-easy', base_seed: 's', width: 5, height: 5, level: 'easy', rule: null, budget_ms: null };
const BUILD = {
  family: 'nonogram',
  base_seed: 's',
  generator_version: 1,
  budget_ms: null,
  cells: ['5x5-easy'],
  workers: 1,
  options: {},
  proofgrid_version: 'test',
};

describe('store', () => {
  it('creates a fresh database at the current schema version, in WAL mode with synchronous FULL', () => {
    const path = dbPath();
    const s = openStore(path);
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(s.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.db.pragma('synchronous', { simple: true })).toBe(2);
    s.close();
    // Opening it again changes nothing.
    const t = openStore(path);
    expect(t.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    t.close();
  });

  it('migrates a database of an older version, keeping its rows', () => {
    expect(SCHEMA_VERSION).toBeGreaterThan(1);
    const path = dbPath();
    const old = new Database(path);
    old.transaction(() => {
      MIGRATIONS[0](old);
      old.pragma('user_version = 1');
    })();
    old
      .prepare(
        'INSERT INTO cells (family, generator_version, params, base_seed, width, height, level, rule, per_cell, budget_ms) VALUES (?, 1, ?, ?, 5, 5, ?, NULL, 2, NULL)',
      )
      .run('nonogram', '5x5-easy', 's', 'easy');
    old.close();
    const s = openStore(path);
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(s.cells()).toHaveLength(1);
    s.addJob(row(0, 'h0'), null);
    expect(catalogueRows(s)).toHaveLength(1);
    s.close();
  });

  it('refuses a database of a newer version, and one that is not a catalogue', () => {
    const newer = dbPath();
    const db = new Database(newer);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openStore(newer)).toThrow(StoreError);
    expect(() => openStore(newer)).toThrow(/newer than this proofgrid's/);
    const other = dbPath();
    const o = new Database(other);
    o.exec('CREATE TABLE t (x)');
    o.close();
    expect(() => openStore(other)).toThrow(/not a proofgrid catalogue/);
    const mem = new Database(':memory:');
    migrate(mem);
    expect(mem.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    mem.close();
  });

  it('keeps the first copy of each puzzle in job order, whatever order rows were written in, and N per cell', () => {
    const s = openStore(dbPath());
    s.startBuild({ ...BUILD, per_cell: 3 }, [{ ...CELL, per_cell: 3 }]);
    // Job order: 0:A 1:failed 2:B 3:A (duplicate) 4:C 5:D. Written out of order.
    const rows = [row(5, 'D'), row(3, 'A'), row(0, 'A'), row(4, 'C'), row(1, null, 'failed'), row(2, 'B')];
    for (const r of rows) s.addJob(r, null);
    const cat = catalogueRows(s, { family: 'nonogram' });
    expect(cat.map((r) => [r.job_index, r.canonical_hash, r.place])).toEqual([
      [0, 'A', 1],
      [2, 'B', 2],
      [4, 'C', 3],
    ]);
    // Duplicates and failures stay stored.
    expect(s.jobsOfCell({ family: 'nonogram', generator_version: 1, params: '5x5-easy', base_seed: 's' })).toHaveLength(6);
    // A larger N takes the next distinct one.
    s.startBuild({ ...BUILD, per_cell: 10 }, [{ ...CELL, per_cell: 10 }]);
    expect(catalogueRows(s).map((r) => r.canonical_hash)).toEqual(['A', 'B', 'C', 'D']);
    // A job is stored once.
    expect(() => s.addJob(row(2, 'B'), null)).toThrow(/UNIQUE/);
    // An ok row must carry its puzzle and hash.
    expect(() => s.addJob({ ...row(9, 'E'), canonical_hash: null }, null)).toThrow(/CHECK/);
    s.close();
  });
});
