/**
 * End-to-end harness: builds the player with Vite into a temporary folder, serves it with Vite's
 * preview server on a free port, and drives Debian's Chromium through playwright-core.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';

export const CHROMIUM = process.env.PROOFGRID_CHROMIUM ?? '/usr/bin/chromium';
export const haveBrowser = existsSync(CHROMIUM);
const CONFIG = join(import.meta.dirname, '..', '..', 'web', 'vite.config.ts');

export interface Harness {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const out = mkdtempSync(join(tmpdir(), 'proofgrid-web-'));
  await build({ configFile: CONFIG, logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  const server: PreviewServer = await preview({ configFile: CONFIG, logLevel: 'warn', build: { outDir: out }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report its address');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    // Playwright gives every launch a fresh temporary profile (its own --user-data-dir).
  });
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
