/**
 * The one registry of puzzle families: the product's own (`FAMILIES`, typed by name) and, at run
 * time, plug-ins (`registerFamily`, `loadFamilyModules`), so a third party adds a family without
 * editing proofgrid. Everything that asks for a family by name (the CLI, the catalogue and its worker
 * threads) asks `familyNamed` / `allFamilies` here.
 */
import type { Level, LevelChoice, PuzzleFamily } from '../core/family.ts';
import { edgematch } from './edgematch/index.ts';
import { nonogram } from './nonogram/index.ts';
import { numberlink } from './numberlink/index.ts';

/** The product's families. */
export const FAMILIES = { nonogram, numberlink, edgematch } as const;
export type FamilyName = keyof typeof FAMILIES;

export function isFamilyName(s: string): s is FamilyName {
  return Object.hasOwn(FAMILIES, s);
}

/** A family whose types are forgotten: what the registry hands out by name. */
export type AnyFamily = PuzzleFamily<unknown, unknown, unknown, unknown, unknown, unknown>;

/** Families registered at run time, by name, in registration order. */
const extra = new Map<string, AnyFamily>();
/** The module specifiers plug-ins were loaded from, for worker threads to load the same. */
const modules: string[] = [];

/** The members every family object must have (functions, or objects for the tables). */
const FUNCTIONS = [
  'parseParams',
  'makeParams',
  'parsePuzzle',
  'makePuzzle',
  'parseFile',
  'parseSolution',
  'makeSolution',
  'verify',
  'canonical',
  'count',
  'find',
  'grade',
  'hint',
  'hintMoves',
  'generate',
] as const;
const TABLES = ['witness', 'play', 'formats', 'render', 'cli'] as const;

/** Why `f` cannot be a family, or undefined when it has the shape of one. */
export function familyProblem(f: unknown): string | undefined {
  if (typeof f !== 'object' || f === null) return 'not an object';
  const o = f as Record<string, unknown>;
  if (typeof o.name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(o.name)) return 'its name must be lower-case letters, digits and dashes';
  if (typeof o.version !== 'number' || !Array.isArray(o.versions)) return 'it needs a version and the list of versions it can run';
  for (const k of FUNCTIONS) if (typeof o[k] !== 'function') return `its ${k} is not a function`;
  for (const k of TABLES) if (typeof o[k] !== 'object' || o[k] === null) return `it has no ${k}`;
  if (!Array.isArray((o.formats as { rows?: unknown }).rows)) return 'its formats table has no rows (build it with tableFromRows)';
  return undefined;
}

/**
 * Adds a family to the registry. The object itself is registered (not compared with anything by
 * module identity: a bundled plug-in carries its own copy of core). Registering the same object
 * twice is harmless; another family under a taken name is refused.
 */
// biome-ignore lint/suspicious/noExplicitAny: any family's object, whatever its puzzle types (unknown would refuse most by variance).
export function registerFamily(f: PuzzleFamily<any, any, any, any, any, any, any>): void {
  const problem = familyProblem(f);
  if (problem !== undefined) throw new TypeError(`not a puzzle family: ${problem}`);
  const taken = familyNamed(f.name);
  if (taken === (f as unknown)) return;
  if (taken !== undefined) throw new TypeError(`a family named "${f.name}" is already registered`);
  extra.set(f.name, f as unknown as AnyFamily);
}

/** The family of this name (the product's or a plug-in), or undefined. */
export function familyNamed(name: string): AnyFamily | undefined {
  return isFamilyName(name) ? (FAMILIES[name] as unknown as AnyFamily) : extra.get(name);
}

/** Every registered family: the product's, then plug-ins in the order they were registered. */
export function allFamilies(): AnyFamily[] {
  return [...(Object.values(FAMILIES) as unknown as AnyFamily[]), ...extra.values()];
}

/**
 * Imports ES modules (URLs, or specifiers the host resolves) and registers each one's default export:
 * a family, or an array of families. Remembered in `pluginModules()` for worker threads.
 */
export async function loadFamilyModules(specifiers: readonly string[]): Promise<void> {
  for (const spec of specifiers) {
    if (modules.includes(spec)) continue;
    const m = (await import(/* @vite-ignore */ spec)) as { default?: unknown };
    const found = Array.isArray(m.default) ? m.default : [m.default];
    if (m.default === undefined) throw new TypeError(`${spec} has no default export (export default yourFamily)`);
    for (const f of found) registerFamily(f as PuzzleFamily<unknown, unknown, unknown>);
    modules.push(spec);
  }
}

/** The plug-in modules loaded so far (`loadFamilyModules`), to hand to worker threads. */
export function pluginModules(): string[] {
  return [...modules];
}

/**
 * The levels a family's current generator version produces at a size, as measured (its level table:
 * `npm run level-table`); null when the family has no table or none for its current version, in which
 * case every level is tried. `params` (parsed) picks a kind measured apart (nonogram colour puzzles).
 */
export function familyLevels(family: AnyFamily, width: number, height: number, params?: unknown): LevelChoice[] | null {
  return family.levels?.(width, height, params) ?? null;
}

/** Whether `level` is offered at this size (true where nothing was measured). */
export function levelOffered(family: AnyFamily, width: number, height: number, level: Level, params?: unknown): boolean {
  return familyLevels(family, width, height, params)?.find((c) => c.level === level)?.offered ?? true;
}
