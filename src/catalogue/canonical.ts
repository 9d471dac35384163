/**
 * Canonical hashes for de-duplicating catalogues: each family's canonical form (a pure function in its
 * own folder: the puzzle up to the symmetries the family allows) hashed with SHA-256.
 */
import { createHash } from 'node:crypto';
import { familyNamed } from '../families/index.ts';

/** The canonical form of a puzzle of `family` (the family's own `canonical`; the solution is read by families whose form is it). */
export function canonicalText(family: string, puzzle: unknown, solution: unknown): string {
  const f = familyNamed(family);
  if (f === undefined) throw new Error(`no family "${family}" in the registry`);
  return f.canonical(puzzle, solution);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 (hex) of the canonical form: equal for a puzzle and its turned or mirrored copies. */
export function canonicalHash(family: string, puzzle: unknown, solution: unknown): string {
  return sha256Hex(canonicalText(family, puzzle, solution));
}
