/**
 * The pins of the generator versions: for every live module a family's pipelines reach (the import
 * graph of its generate/versions.ts, as test/generator-versions.test.ts walks it), a SHA-256 of its
 * text and the versions that run it. Frozen copies under generate/frozen/ and the modules shared for a
 * stated reason (core SHARED_CORE_MODULES, the family's SHARED_MODULES) are not pinned: the copies are
 * never edited, the shared ones cannot change an output.
 *
 * Copy-on-write: a version runs today's module as long as it is unchanged. The guard test recomputes
 * these hashes; a module whose text moved must either be copied to generate/frozen/ first (its old
 * text, for the versions that pin it), or, when the change cannot alter any generated puzzle, re-pinned
 * with `npm run pin-generators` (bench/pin-generators.ts), which rewrites each family's pins.json.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { SHARED_CORE_MODULES } from '../src/core/family.ts';
import { SHARED_MODULES as EDGEMATCH_SHARED } from '../src/families/edgematch/generate/versions.ts';
import { FAMILIES } from '../src/families/index.ts';
import { SHARED_MODULES as NONOGRAM_SHARED } from '../src/families/nonogram/generate/versions.ts';
import { SHARED_MODULES as NUMBERLINK_SHARED } from '../src/families/numberlink/generate/versions.ts';

/** Each family's modules shared with today's code for a stated reason (its generate/versions.ts). */
export const SHARED_MODULES: Record<string, Readonly<Record<string, string>>> = {
  edgematch: EDGEMATCH_SHARED,
  nonogram: NONOGRAM_SHARED,
  numberlink: NUMBERLINK_SHARED,
};

/** The families whose generator versions are pinned: every family of the registry. */
export const PINNED_FAMILIES: readonly PinnedFamily[] = Object.values(FAMILIES);

/** Every source file `from` reaches by relative imports and re-exports (types included), `from` too. */
export function closure(from: string): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) walk(normalize(join(dirname(f), m[1])));
  };
  walk(from);
  return seen;
}

/** What the pins of a family need to know of it: its name and its versions with what they pin. */
export interface PinnedFamily {
  readonly name: string;
  readonly generators: readonly { readonly version: number; readonly pinned: Readonly<Record<string, string>> }[];
}

export const generateDir = (family: string): string => `src/families/${family}/generate`;
export const pinsPath = (family: string): string => `${generateDir(family)}/pins.json`;

/**
 * The modules a version's `pinned` record names, as repository paths: `frozen/x.ts` (the family's
 * generate/frozen/), `core/x.ts` (src/core/) and `<family>/x.ts` (a live module of the family).
 */
export function pinnedRefs(family: string, pinned: Readonly<Record<string, string>>): { what: string; path: string }[] {
  const out: { what: string; path: string }[] = [];
  const re = new RegExp(`(?<![\\w/.-])((?:frozen|core|${family})\\/[a-z0-9-]+\\.ts)\\b`, 'g');
  for (const [what, text] of Object.entries(pinned)) {
    for (const m of text.matchAll(re)) {
      const ref = m[1];
      const path = ref.startsWith('core/') ? `src/${ref}` : ref.startsWith('frozen/') ? `${generateDir(family)}/${ref}` : `src/families/${ref}`;
      out.push({ what, path });
    }
  }
  return out;
}

export interface Pin {
  sha256: string;
  /** The versions that run this text (those whose `pinned` record reaches it; all when none names it). */
  versions: number[];
}

export interface PinManifest {
  about: string;
  modules: Record<string, Pin>;
}

const ABOUT =
  'Written by `npm run pin-generators`. Each live module these generator versions run, with the SHA-256 of its text; test/generator-versions.test.ts fails when one changes. Before changing what a pinned module does, copy it to generate/frozen/<name>-v<N>.ts and point those versions there.';

export const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The live modules the family's pipelines reach and would have to be frozen if they changed. */
export function pinsOf(family: PinnedFamily, shared: Readonly<Record<string, string>>): PinManifest {
  const dir = generateDir(family.name);
  const allowed = { ...SHARED_CORE_MODULES, ...shared };
  const live = [...closure(`${dir}/versions.ts`)].filter((f) => !f.startsWith(`${dir}/`) && !(f in allowed)).sort();
  const reach = family.generators.map((g) => {
    const set = new Set<string>();
    for (const { path } of pinnedRefs(family.name, g.pinned)) for (const f of closure(path)) set.add(f);
    return { version: g.version, set };
  });
  const all = family.generators.map((g) => g.version);
  const modules: Record<string, Pin> = {};
  for (const f of live) {
    const named = reach.filter((r) => r.set.has(f)).map((r) => r.version);
    modules[f] = { sha256: sha256(f), versions: named.length > 0 ? named : all };
  }
  return { about: ABOUT, modules };
}

/** The manifest as written: two-space JSON, each version list on one line. */
export const manifestText = (m: PinManifest): string =>
  `${JSON.stringify(m, null, 2).replace(/\[\s+([\d,\s]+?)\s+\]/g, (_, list: string) => `[${list.split(/,\s*/).join(', ')}]`)}\n`;

/**
 * What is wrong with the committed manifest against the tree, one sentence each saying what to do;
 * empty when every pin holds.
 */
export function pinProblems(family: string, want: PinManifest, committed: PinManifest | null): string[] {
  const file = pinsPath(family);
  if (!committed) return [`${file} is missing: run \`npm run pin-generators\` and commit it`];
  const out: string[] = [];
  for (const [path, pin] of Object.entries(want.modules)) {
    const had = committed.modules[path];
    const vs = pin.versions.map((v) => `v${v}`).join(', ');
    const base = path.replace(/^.*\//, '').replace(/\.ts$/, '');
    if (!had) {
      out.push(
        `${path} is run by ${family} ${vs} but not pinned in ${file}: if it is meant to be, run \`npm run pin-generators\` and commit the manifest; else freeze a copy under ${generateDir(family)}/frozen/ or name it in SHARED_MODULES with why it cannot change an output`,
      );
    } else if (had.sha256 !== pin.sha256) {
      const first = (had.versions.length > 0 ? had.versions : pin.versions)[0];
      const hvs = had.versions.map((v) => `v${v}`).join(', ');
      out.push(
        `${path} has changed, and it is pinned by ${family} ${hvs} (${file}). Before changing behaviour, copy the pinned text (git show HEAD:${path}) to ${generateDir(family)}/frozen/${base}-v${first}.ts (header: FROZEN) and point the pipelines of ${hvs} there; or, if the change cannot alter any generated puzzle (a comment, formatting), re-pin with \`npm run pin-generators\` (the reviewer sees it in the manifest diff)`,
      );
    } else if (had.versions.join() !== pin.versions.join()) {
      out.push(`${path} is now run by ${family} ${vs} (pinned for ${had.versions.map((v) => `v${v}`).join(', ')}): re-pin with \`npm run pin-generators\``);
    }
  }
  for (const path of Object.keys(committed.modules)) {
    if (!(path in want.modules)) out.push(`${path} is pinned in ${file} but no ${family} pipeline runs it any more: re-pin with \`npm run pin-generators\``);
  }
  return out;
}
