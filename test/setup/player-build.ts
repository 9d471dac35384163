/**
 * Vitest global setup of the browser tests (test/e2e): builds the player with Vite once per
 * `vitest run`, from the current sources, into a temp folder removed after the run; serves it with
 * one Vite preview server; and starts one Chromium (a playwright browser server) that every test
 * file connects to. A file gets the folder, the address and the browser's endpoint through
 * `inject('playerBuild' | 'playerUrl' | 'browserWs')` (test/e2e/browser.ts). Launching a Chromium
 * and a server per file cost about 2 s of wall time and of CPU each on this 2-core machine; the
 * files' pages still live in browser contexts of their own (storage, service workers and caches are
 * per context), and a file's contexts close when it disconnects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS, haveChromium } from '../chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The player built for this run (test/setup/player-build.ts). */
    playerBuild: string;
    /** Where the run's preview server serves that build. */
    playerUrl: string;
    /** The run's Chromium, for `chromium.connect` (empty when Chromium is not installed). */
    browserWs: string;
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

/** Serves a build with Vite's preview server on a free port (or `port`); its address. */
export async function servePlayer(outDir: string, port = 0): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({
    configFile: PLAYER_CONFIG,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, host: '127.0.0.1', strictPort: port !== 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report its address');
  return { server, url };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dirs: string[] = [];
  let server: PreviewServer | undefined;
  let browser: BrowserServer | undefined;
  const run = async (): Promise<void> => {
    const out = await buildPlayer();
    dirs.push(out);
    await server?.close();
    ({ server } = await servePlayer(out));
    const url = server.resolvedUrls?.local[0] ?? '';
    if (haveChromium && !browser) browser = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    project.provide('playerBuild', out);
    project.provide('playerUrl', url);
    project.provide('browserWs', browser?.wsEndpoint() ?? '');
  };
  await run();
  project.onTestsRerun(run);
  return async () => {
    await browser?.close();
    await server?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
}
