/**
 * Canonical hashes for de-duplicating catalogues: each family's canonical form (a pure function in its
 * own folder: the puzzle up to the symmetries the family allows) hashed with SHA-256.
 */
import { createHash } from 'node:crypto';
import { canonicalEdgematch } from '../families/edgematch/canonical.ts';
import type { FamilyName } from '../families/index.ts';
import { canonicalNonogram } from '../families/nonogram/canonical.ts';
import { canonicalNumberlink } from '../families/numberlink/canonical.ts';
import type { Instance } from '../families/edgematch/types.ts';
import type { Nonogram, Solution as NonogramSolution } from '../families/nonogram/types.ts';
import type { Numberlink } from '../families/numberlink/types.ts';

/** The canonical form of a puzzle of `family` (the solution is read by families whose form is it). */
export function canonicalText(family: FamilyName, puzzle: unknown, solution: unknown): string {
  switch (family) {
    case 'nonogram':
      return canonicalNonogram(puzzle as Nonogram, solution as NonogramSolution);
    case 'numberlink':
      return canonicalNumberlink(puzzle as Numberlink);
    case 'edgematch':
      return canonicalEdgematch(puzzle as Instance);
  }
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 (hex) of the canonical form: equal for a puzzle and its turned or mirrored copies. */
export function canonicalHash(family: FamilyName, puzzle: unknown, solution: unknown): string {
  return sha256Hex(canonicalText(family, puzzle, solution));
}
