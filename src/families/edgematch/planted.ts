/**
 * The planted edge-matching generator, version 1: a solved board is coloured first, then cut into
 * pieces, shuffled and turned. Output depends only on (params, seed, version): integer arithmetic on the
 * seeded stream (core Rng), no clock. Nothing here certifies uniqueness (the solvers come later); the
 * planted solution is returned with the instance.
 *
 * 1. Joints. Every pair of touching sides is a joint. Border joints (between two rim cells, along the
 *    rim) get the border colours 1..B; the others get the interior colours B+1..B+I. Balance: each
 *    palette's joints, in row-major order (a cell's E joint, then its S joint), are given colours
 *    round-robin (1, 2, .., B, 1, 2, ..), and that list is shuffled, so any two colours of a palette
 *    are on joint counts that differ by at most 1 (each joint shows its colour on two piece sides). At
 *    16×16 with 5 + 17 colours this is exactly Eternity II's profile: 60 border joints, 12 per border
 *    colour; 420 interior joints, 12 colours on 25 and 5 on 24.
 * 2. Pieces. Each cell's piece shows the colours of its four joints and grey on the rim. Piece k of
 *    the instance is the piece of cell `order[k]` (a shuffled permutation) turned back by a random
 *    rotation r_k ∈ 0..3 (all pieces are turned, rim pieces too; the formats carry any rotation), so the
 *    planted solution places piece k at `order[k]` with rotation r_k.
 * 3. Clues. K cells (default 5), fixed with their planted piece and rotation. First the Eternity II
 *    hint cells, generalised: the centre (row ⌊H/2⌋, col ⌊(W−1)/2⌋), then (2, 2), (H−3, W−3),
 *    (2, W−3), (H−3, 2) (clamped to the board, repeats skipped); at 16×16 these are cells 135, 34,
 *    221, 45 and 210, the official ones. Further clues take cells in a seeded random order.
 *
 * Pieces may repeat (up to rotation) when colours are few; Eternity II's pieces are all distinct.
 */
import { ok, type Result } from '../../core/result.ts';
import { Rng } from '../../core/rng.ts';
import { excerpt, fail } from '../../core/text.ts';
import { isBorderJoint, jointSlot, makeInstance, MAX_COLOUR, MAX_SIDE, MIN_SIDE, neighbour, shownColour } from './puzzle.ts';
import type { Clue, Instance, Piece, Placement, Rotation } from './types.ts';

export const GENERATOR_VERSION = 1;
export const GENERATOR_VERSIONS: readonly number[] = [1];

export interface EdgematchParams {
  width: number;
  height: number;
  /** Colours on the joints along the rim (1..B). */
  borderColours: number;
  /** Colours on all other joints (B+1..B+I). */
  interiorColours: number;
  /** Clue cells (default 5, like the official puzzle). */
  clues?: number;
}

export const DEFAULT_CLUES = 5;

/**
 * Colour profiles. "22 colours" in the published study can be read two ways, both expressible:
 * `official`: 5 border + 17 interior colours (22 in all, Eternity II's own profile);
 * `interior-22`: 22 interior colours, plus 5 border colours.
 */
export const COLOUR_PROFILES = {
  official: { borderColours: 5, interiorColours: 17 },
  'interior-22': { borderColours: 5, interiorColours: 22 },
} as const;
export type ColourProfile = keyof typeof COLOUR_PROFILES;

/** Params of a colour profile at a size. */
export function profileParams(profile: ColourProfile, width: number, height: number = width, clues: number = DEFAULT_CLUES): EdgematchParams {
  return { width, height, ...COLOUR_PROFILES[profile], clues };
}

/** The Eternity II profile: 16×16, 5 border + 17 interior colours, 5 clues. */
export const E2_PARAMS: EdgematchParams = profileParams('official', 16, 16);

/** `WxH-bB-iI-kK`, e.g. `16x16-b5-i17-k5`. */
export function makeGeneratorParams(p: EdgematchParams): string {
  return `${p.width}x${p.height}-b${p.borderColours}-i${p.interiorColours}-k${p.clues ?? DEFAULT_CLUES}`;
}

export function parseGeneratorParams(text: string): Result<EdgematchParams> {
  const m = /^(\d{1,4})x(\d{1,4})-b(\d{1,5})-i(\d{1,5})(?:-k(\d{1,5}))?$/.exec(text.trim());
  if (!m) return fail('ERR_SYNTAX', `bad edgematch generator params "${excerpt(text)}": expected WxH-bB-iI[-kK], e.g. 16x16-b5-i17-k5`);
  const p = {
    width: Number(m[1]),
    height: Number(m[2]),
    borderColours: Number(m[3]),
    interiorColours: Number(m[4]),
    clues: m[5] === undefined ? DEFAULT_CLUES : Number(m[5]),
  };
  const bad = paramsProblem(p);
  return bad ? fail('ERR_SIZE', bad) : ok(p);
}

/** Why params cannot be generated, or null. */
export function paramsProblem(p: EdgematchParams): string | null {
  const { width, height, borderColours: b, interiorColours: i } = p;
  const k = p.clues ?? DEFAULT_CLUES;
  if (![width, height, b, i, k].every((v) => Number.isInteger(v) && v >= 0)) return 'sizes, colour counts and clues must be non-negative integers';
  if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE)
    return `board sides must be ${MIN_SIDE} to ${MAX_SIDE}, got ${width}x${height}`;
  if (b < 1) return 'at least one border colour is needed';
  const interiorJoints = interiorJointCount(width, height);
  if (interiorJoints > 0 && i < 1) return `a ${width}x${height} board has interior joints: at least one interior colour is needed`;
  if (b + i > MAX_COLOUR) return `at most ${MAX_COLOUR} colours in all`;
  if (k > width * height) return `${k} clues do not fit on ${width * height} cells`;
  return null;
}

function interiorJointCount(width: number, height: number): number {
  return width * (height - 1) + height * (width - 1) - 2 * (width - 1) - 2 * (height - 1);
}

export interface Planted {
  instance: Instance;
  /** The planted solution: piece k at cell order[k], turned as generated. */
  solution: Placement[];
}

/** The clue cells for K clues: the official pattern first, then seeded random cells. */
export function clueCells(width: number, height: number, k: number, rng: Rng): number[] {
  const clamp = (v: number, n: number): number => Math.max(0, Math.min(n - 1, v));
  const at = (r: number, c: number): number => clamp(r, height) * width + clamp(c, width);
  const preferred = [at(Math.floor(height / 2), Math.floor((width - 1) / 2)), at(2, 2), at(height - 3, width - 3), at(2, width - 3), at(height - 3, 2)];
  const out: number[] = [];
  for (const c of preferred) if (out.length < k && !out.includes(c)) out.push(c);
  if (out.length < k) {
    const rest = rng.shuffle(Array.from({ length: width * height }, (_, i) => i).filter((c) => !out.includes(c)));
    out.push(...rest.slice(0, k - out.length));
  }
  return out;
}

/** A planted instance and its solution; the same (params, seed) give the same output everywhere. */
export function generatePlanted(params: EdgematchParams, seed: string): Result<Planted> {
  const bad = paramsProblem(params);
  if (bad) return fail('ERR_SIZE', bad);
  const { width, height, borderColours: nb, interiorColours: ni } = params;
  const k = params.clues ?? DEFAULT_CLUES;
  const n = width * height;
  const rng = new Rng(`edgematch/${GENERATOR_VERSION}/${seed}`);

  // 1. Joints: joint index 2·cell + 0 is the cell's E joint, 2·cell + 1 its S joint.
  const border: number[] = [];
  const interior: number[] = [];
  for (let cell = 0; cell < n; cell++) {
    for (const d of [1, 2]) {
      if (neighbour(width, height, cell, d) < 0) continue;
      (isBorderJoint(width, height, cell, d) ? border : interior).push(2 * cell + (d - 1));
    }
  }
  const jointColour = new Int32Array(2 * n);
  const paint = (joints: number[], first: number, count: number, r: Rng): void => {
    const colours = r.shuffle(joints.map((_, j) => first + (j % count)));
    joints.forEach((joint, j) => (jointColour[joint] = colours[j]));
  };
  paint(border, 1, nb, rng.fork('border'));
  paint(interior, nb + 1, Math.max(ni, 1), rng.fork('interior'));

  // 2. Each cell's piece as shown in the solution, then shuffled and turned back.
  const shown = (cell: number, d: number): number => {
    const slot = jointSlot(width, height, cell, d);
    return slot < 0 ? 0 : jointColour[slot];
  };
  const order = rng.fork('order').shuffle(Array.from({ length: n }, (_, i) => i));
  const turns = rng.fork('rotation');
  const pieces: Piece[] = [];
  const solution: Placement[] = new Array(n);
  for (let p = 0; p < n; p++) {
    const cell = order[p];
    const r = turns.int(4) as Rotation;
    // Shown on side d is piece[(d − r) mod 4], so piece[i] is what side (i + r) mod 4 shows.
    pieces.push([shown(cell, r & 3), shown(cell, (1 + r) & 3), shown(cell, (2 + r) & 3), shown(cell, (3 + r) & 3)]);
    solution[cell] = { piece: p, rotation: r };
  }

  // 3. Clues.
  const clues: Clue[] = clueCells(width, height, k, rng.fork('clues')).map((cell) => ({
    cell,
    piece: solution[cell].piece,
    rotation: solution[cell].rotation,
  }));
  const made = makeInstance(width, height, pieces, clues, { separatePalettes: true });
  if (!made.ok) return made;
  // The planted board must show what was painted (a cheap self-check of the turning arithmetic).
  for (let cell = 0; cell < n; cell++) {
    for (let d = 0; d < 4; d++) {
      if (shownColour(pieces[solution[cell].piece], solution[cell].rotation, d) !== shown(cell, d))
        return fail('ERR_SOLUTION', `internal error: planted cell ${cell} side ${d} does not show its colour`);
    }
  }
  return ok({ instance: made.value, solution });
}
