/**
 * The command line's view of the registry (src/families/index.ts): every command asks here for a
 * family by name and for what all families have together (format names, rule sets). Each family
 * brings its own formats, terminal drawing and marks reading as members of its object (`formats`,
 * `render`, `cli`; see src/core/family-cli.ts), so the commands are written once, against `AnyFamily`.
 */
import { checkRule as checkRuleOf } from '../api/load.ts';
import { allFamilies, familyNamed, type AnyFamily } from '../families/index.ts';
import { UserError } from './exit.ts';

/** A family whose puzzle type is forgotten; each loaded puzzle travels with the family that parsed it. */
export type { AnyFamily };

/** Every family the command line knows (the product's, then plug-ins), in registry order. */
export function allCliFamilies(): AnyFamily[] {
  return allFamilies();
}

/** The names of every family, in registry order. */
export function familyNames(): string[] {
  return allCliFamilies().map((f) => f.name);
}

/** The family of this name, or undefined. */
export function familyByName(name: string): AnyFamily | undefined {
  return familyNamed(name);
}

/** The family of a name the options already checked (a `--family` choice). */
export function namedFamily(name: string): AnyFamily {
  const f = familyByName(name);
  if (f === undefined) throw new Error(`no family "${name}" in the registry`);
  return f;
}

const union = (lists: (readonly string[])[]): string[] => [...new Set(lists.flat())];

/** Every file format name of every family (`id` is shared: ids name their family). */
export function allFormats(): string[] {
  return union(allCliFamilies().map((f) => f.formats.names));
}

/** Every rule set of every family that has rule sets. */
export function allRules(): string[] {
  return union(allCliFamilies().map((f) => f.formats.rules));
}

/**
 * The one check of a `--rule` value against a family (before it parses or generates anything), the
 * string API's `checkRule`: the family must have rule sets and this must be one of them. `where`
 * prefixes the message.
 */
export function checkRule(family: AnyFamily, rule: string | undefined, where?: string): void {
  const bad = checkRuleOf(family, rule);
  if (bad) throw new UserError(`${where !== undefined ? `${where}: ` : ''}${bad.message}`);
}

/** Where a family's name and version show in help texts: `nonogram 1, numberlink 0 (experimental)`. */
export function versionsText(): string {
  return allCliFamilies()
    .map((f) => `${f.name} ${f.version}${f.version === 0 ? ' (experimental)' : ''}`)
    .join(', ');
}
