/**
 * Vitest global setup: bundles the CLI (src/cli/main.ts) once per `vitest run` with esbuild, from the
 * current sources, so that the CLI tests spawn one plain JavaScript file instead of bin/proofgrid.js,
 * which registers tsx and transpiles the sources in every process (about a second of CPU each).
 * The tests get the bundle's path through `inject('cliBundle')` (test/cli-helpers.ts); a few still
 * spawn bin/proofgrid.js (the sources under tsx; test/package.test.ts runs the packed command).
 *
 * The bundle lives in a fresh temp folder (a new one on each watch-mode re-run), removed after the run, with a `node_modules` link to the
 * project's so that the packages (left out of the bundle) resolve as from the project. Every
 * `import.meta.url` in the sources is replaced by the URL of the source file it is written in, so
 * what the CLI finds next to its sources (the worker-thread entries src/catalogue/worker.mjs,
 * check-worker.mjs, src/runner/node-worker.mjs, package.json) it finds from the bundle too.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { provideFresh } from './fresh.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI bundled for this run (test/setup/cli-bundle.ts). */
    cliBundle: string;
  }
}

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src') + sep;

/** Replaces `import.meta.url` in each source file by that file's own URL. */
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (!args.path.startsWith(SRC)) return undefined;
      const text = await readFile(args.path, 'utf8');
      const contents = text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js', resolveDir: join(args.path, '..') };
    });
  },
};

/** Builds the bundle into a temp folder; returns where it is. */
export async function bundleCli(): Promise<{ file: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'proofgrid-cli-bundle-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const file = join(dir, 'proofgrid.mjs');
  try {
    await build({
      entryPoints: [join(ROOT, 'src', 'cli', 'main.ts')],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      tsconfig: join(ROOT, 'tsconfig.node.json'),
      plugins: [sourceUrls],
      logLevel: 'warning',
    });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return { file, dir };
}

export default function setup(project: TestProject): Promise<() => void> {
  return provideFresh(project, 'cliBundle', async () => {
    const { file, dir } = await bundleCli();
    return { value: file, dir };
  });
}
