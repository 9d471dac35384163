/**
 * Vitest global setup of the browser tests (test/e2e): builds the player with Vite once per
 * `vitest run`, from the current sources, into a temp folder removed after the run. Each test file
 * still starts its own preview server on it and its own browser (test/e2e/browser.ts), and gets the
 * folder through `inject('playerBuild')`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { provideFresh } from './fresh.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The player built for this run (test/setup/player-build.ts). */
    playerBuild: string;
  }
}

export const PLAYER_CONFIG = join(import.meta.dirname, '..', '..', 'web', 'vite.config.ts');

/** Builds the player into a fresh temp folder; returns the folder. */
export async function buildPlayer(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'proofgrid-web-'));
  try {
    await build({ configFile: PLAYER_CONFIG, logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  } catch (e) {
    rmSync(out, { recursive: true, force: true });
    throw e;
  }
  return out;
}

export default function setup(project: TestProject): Promise<() => void> {
  return provideFresh(project, 'playerBuild', async () => {
    const out = await buildPlayer();
    return { value: out, dir: out };
  });
}
