/**
 * How big a board each family's view can draw responsively: builds the benchmark page
 * (test/e2e/size-bench/index.html) and opens it in Chromium for growing N×N boards, printing the time to
 * build the view (to its first frame) and the slowest of three moves. `npx tsx test/e2e/size-bench/run.ts
 * [family] [n...]`. The player's limits (MAX_SIDE beside each view) come from this, on a shared 2-core
 * machine: see the comments there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { launchChromium } from '../../chromium.ts';

const root = import.meta.dirname;
const out = mkdtempSync(join(tmpdir(), 'proofgrid-bench-views-'));
const families = process.argv[2] ? [process.argv[2]] : ['nonogram', 'numberlink', 'edgematch'];
const sizes = process.argv.length > 3 ? process.argv.slice(3).map(Number) : [10, 20, 40, 60, 80, 100, 150, 200];
await build({ root, base: './', logLevel: 'warn', build: { outDir: out, emptyOutDir: true, target: 'es2022' } });
const server = await preview({ root, base: './', logLevel: 'warn', build: { outDir: out }, preview: { port: 0, host: '127.0.0.1' } });
const url = server.resolvedUrls?.local[0] ?? '';
const browser = await launchChromium();
try {
  for (const family of families) {
    for (const n of sizes) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${url}?family=${family}&n=${n}`);
      await page.waitForFunction(() => document.title.startsWith('{'), undefined, { timeout: 120_000 });
      console.log(await page.title());
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(out, { recursive: true, force: true });
}
