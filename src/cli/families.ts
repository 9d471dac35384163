/**
 * The command line's view of the registry (src/families/index.ts): every command asks here for a
 * family by name and for what all families have together (format names, rule sets). Each family
 * brings its own formats, terminal drawing and marks reading as members of its object (`formats`,
 * `render`, `cli`; see src/core/family-cli.ts), so the commands are written once, against `AnyFamily`.
 */
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
 * The one check of a `--rule` value against a family (before it parses or generates anything):
 * the family must have rule sets and this must be one of them. `where` prefixes the message.
 */
export function checkRule(family: AnyFamily, rule: string | undefined, where?: string): void {
  if (rule === undefined) return;
  const at = where !== undefined ? `${where}: ` : '';
  const name = family.name;
  const rules = family.formats.rules;
  if (rules.length === 0) {
    const having = allCliFamilies()
      .filter((f) => f.formats.rules.length > 0)
      .map((f) => f.name)
      .join(', ');
    throw new UserError(`${at}--rule applies to ${having} puzzles, not to ${name} puzzles (${name} puzzles have no rule sets)`);
  }
  if (!rules.includes(rule)) throw new UserError(`${at}unknown ${name} rule set "${rule}" (expected ${rules.join(', ')})`);
}

/** The families that have a format of this name. */
export function familiesWithFormat(format: string): string[] {
  return allCliFamilies()
    .filter((f) => f.formats.names.includes(format))
    .map((f) => f.name);
}

/** Where a family's name and version show in help texts: `nonogram 1, numberlink 0 (experimental)`. */
export function versionsText(): string {
  return allCliFamilies()
    .map((f) => `${f.name} ${f.version}${f.version === 0 ? ' (experimental)' : ''}`)
    .join(', ');
}
