/**
 * Catalogue jobs: what a worker is told to do. A job is a plain instruction, (family, params, seed,
 * generator version, deadline); the worker derives everything from it, so a job gives the same row
 * on any worker, in any order, on any machine (a deadline aside: see `budget_ms`).
 */

/** The seed a build uses when none is given: the same command then gives the same catalogue. */
export const DEFAULT_CATALOGUE_SEED = 'catalogue';

/** One cell of a catalogue: a family's params (size, requested level, rule set), under a base seed. */
export interface CellSpec {
  family: string;
  /** The params text as the family writes it (`family.makeParams`), e.g. `6x6-easy`, `10x10-hard-no-2x2`. */
  params: string;
  width: number;
  height: number;
  level: string;
  /** The rule set the puzzles are unique under, for families that have rule sets; null otherwise. */
  rule: string | null;
  generatorVersion: number;
  baseSeed: string;
  /** The deadline of each generation in milliseconds, or null for none (then every job is deterministic). */
  budgetMs: number | null;
}

export interface Job extends CellSpec {
  /** 0-based position of the job in its cell: the catalogue is the first distinct puzzles in this order. */
  index: number;
  seed: string;
}

/**
 * The seed of a cell's job `index`: `base/params/index` (e.g. `catalogue/6x6-easy/17`), so jobs of
 * different cells never share a seed and the seeded id `nonogram@1:6x6-easy#catalogue/6x6-easy/17`
 * regenerates the puzzle anywhere.
 */
export function jobSeed(baseSeed: string, params: string, index: number): string {
  return `${baseSeed}/${params}/${index}`;
}

export function jobOf(cell: CellSpec, index: number): Job {
  return { ...cell, index, seed: jobSeed(cell.baseSeed, cell.params, index) };
}

/** How many jobs a cell may use before it is reported short: 3N + 10. */
export function jobCap(perCell: number): number {
  return 3 * perCell + 10;
}
