/**
 * The command line's kits, one per registered family (`src/families/index.ts`): a family added to
 * the registry without a kit here does not type-check.
 */
import { FAMILIES, isFamilyName, type FamilyName } from '../families/index.ts';
import type { AnyKit } from './kit.ts';
import { nonogramKit } from './kit-nonogram.ts';
import { numberlinkKit } from './kit-numberlink.ts';

export const KITS: Record<FamilyName, AnyKit> = { nonogram: nonogramKit, numberlink: numberlinkKit };

export const FAMILY_NAMES = Object.keys(FAMILIES) as FamilyName[];

for (const name of FAMILY_NAMES) {
  if (KITS[name].family !== FAMILIES[name]) throw new Error(`the command line's ${name} kit does not carry the registered family`);
}

const union = (lists: (readonly string[])[]): string[] => [...new Set(lists.flat())];

/** Every file format name of every family (`id` is shared: ids name their family). */
export const ALL_FORMATS: readonly string[] = union(FAMILY_NAMES.map((f) => KITS[f].formats));
/** Every rule set of every family that has rule sets. */
export const ALL_RULES: readonly string[] = union(FAMILY_NAMES.map((f) => KITS[f].rules));

export function kitOf(name: string): AnyKit | undefined {
  return isFamilyName(name) ? KITS[name] : undefined;
}

/** The families that have a format of this name. */
export function familiesWithFormat(format: string): FamilyName[] {
  return FAMILY_NAMES.filter((f) => KITS[f].formats.includes(format));
}

/** Where a family's name and version show in help texts: `nonogram 1, numberlink 0 (experimental)`. */
export function versionsText(): string {
  return FAMILY_NAMES.map((f) => `${f} ${FAMILIES[f].version}${FAMILIES[f].version === 0 ? ' (experimental)' : ''}`).join(', ');
}
