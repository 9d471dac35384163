/**
 * Plug-in families on the command line: `--plugin <module>` (repeatable, anywhere on the line) and
 * the PROOFGRID_PLUGINS environment variable (modules separated by the path delimiter, `:` on POSIX)
 * name ES modules whose default export is a puzzle family (or an array of them). They are imported
 * and registered (src/families/index.ts) before the commands are built, so every command, option
 * choice and help text sees them, and the catalogue's worker threads load the same modules.
 */
import { existsSync } from 'node:fs';
import { delimiter, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadFamilyModules } from '../families/index.ts';
import { UserError } from './exit.ts';

/** The command line without its `--plugin` options, and the modules they name (env first). */
export function takePlugins(argv: readonly string[], env: string | undefined = process.env.PROOFGRID_PLUGINS): { argv: string[]; modules: string[] } {
  const modules = (env ?? '').split(delimiter).filter((s) => s.trim() !== '');
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '--plugin') {
      const m = argv[i + 1];
      if (m === undefined || m.startsWith('-')) throw new UserError("option '--plugin <module>' argument missing");
      modules.push(m);
      i++;
    } else if (a.startsWith('--plugin=')) modules.push(a.slice('--plugin='.length));
    else rest.push(a);
  }
  return { argv: rest, modules };
}

/**
 * What to import for a module named on the command line: a URL as given; a path (relative to the
 * working directory) as its file URL; anything else as a package specifier.
 */
export function moduleUrl(spec: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(spec) && !/^[a-z]:[\\/]/i.test(spec)) return spec;
  if (spec.startsWith('.') || isAbsolute(spec) || existsSync(spec)) return pathToFileURL(resolve(spec)).href;
  return spec;
}

/** Imports and registers the plug-ins; a module that fails to load or is not a family is bad input. */
export async function loadPlugins(modules: readonly string[]): Promise<void> {
  for (const spec of modules) {
    try {
      await loadFamilyModules([moduleUrl(spec)]);
    } catch (e) {
      throw new UserError(`--plugin ${spec}: ${(e as Error).message}`);
    }
  }
}
