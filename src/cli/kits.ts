/**
 * The command line's kits, one per registered family (`src/families/index.ts`): a family added to
 * the registry without a kit here does not type-check.
 */
import { FAMILIES, isFamilyName, type FamilyName } from '../families/index.ts';
import { UserError } from './exit.ts';
import type { AnyKit } from './kit.ts';
import { edgematchKit } from './kit-edgematch.ts';
import { nonogramKit } from './kit-nonogram.ts';
import { numberlinkKit } from './kit-numberlink.ts';

export const KITS: Record<FamilyName, AnyKit> = { nonogram: nonogramKit, numberlink: numberlinkKit, edgematch: edgematchKit };

export const FAMILY_NAMES = Object.keys(FAMILIES) as FamilyName[];

for (const name of FAMILY_NAMES) {
  if (KITS[name].family !== FAMILIES[name]) throw new Error(`the command line's ${name} kit does not carry the registered family`);
}

const union = (lists: (readonly string[])[]): string[] => [...new Set(lists.flat())];

/** Every file format name of every family (`id` is shared: ids name their family). */
export const ALL_FORMATS: readonly string[] = union(FAMILY_NAMES.map((f) => KITS[f].formats));
/** Every rule set of every family that has rule sets. */
export const ALL_RULES: readonly string[] = union(FAMILY_NAMES.map((f) => KITS[f].rules));

/**
 * The one check of a `--rule` value against a family (before its kit parses or generates anything):
 * the family must have rule sets and this must be one of them. `where` prefixes the message.
 */
export function checkRule(kit: AnyKit, rule: string | undefined, where?: string): void {
  if (rule === undefined) return;
  const at = where !== undefined ? `${where}: ` : '';
  const name = kit.family.name;
  if (kit.rules.length === 0) {
    const having = FAMILY_NAMES.filter((f) => KITS[f].rules.length > 0).join(', ');
    throw new UserError(`${at}--rule applies to ${having} puzzles, not to ${name} puzzles (${name} puzzles have no rule sets)`);
  }
  if (!kit.rules.includes(rule)) throw new UserError(`${at}unknown ${name} rule set "${rule}" (expected ${kit.rules.join(', ')})`);
}

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
