/**
 * Installable and offline: the built player's service worker precaches it on the first visit, and a
 * reload with the network off (the browser offline and the server gone) still plays, the engine worker
 * included. The manifest is served, names its icons, and Chromium finds the page installable.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, launchChromium } from '../chromium.ts';
import { buildPlayer, PLAYER_CONFIG } from '../setup/player-build.ts';
import { haveBrowser, newGame, requireBrowser } from './browser.ts';

requireBrowser('the offline tests');

// This file's own server (the harness's is shared by its tests): one test here stops it.
let server: PreviewServer | undefined;
let browser: Browser | undefined;
let url = '';
/** The run's build (read only), and whether this file built it (and so removes it). */
let out = '';
let ours = false;

/** A preview server on the build in `dir` (on `port`, else a free one), and its address. */
async function serve(dir: string, port = 0): Promise<{ server: PreviewServer; url: string }> {
  const s = await preview({
    configFile: PLAYER_CONFIG,
    logLevel: 'warn',
    build: { outDir: dir },
    preview: { port, host: '127.0.0.1', strictPort: port !== 0 },
  });
  const at = s.resolvedUrls?.local[0];
  if (!at) throw new Error('the preview server did not report its address');
  return { server: s, url: at };
}

beforeAll(async () => {
  if (!haveBrowser) return;
  const shared = inject('playerBuild') as string | undefined;
  ours = shared === undefined;
  out = shared ?? (await buildPlayer());
  ({ server, url } = await serve(out));
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (ours) rmSync(out, { recursive: true, force: true });
});

/** A page on the player (in a fresh context unless given one), what fails to load in it listed. */
async function openPage(at = url, context?: BrowserContext): Promise<{ page: Page; failed: string[] }> {
  if (!browser) throw new Error('no browser');
  const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await ctx.newPage();
  const failed: string[] = [];
  page.on('pageerror', (e) => failed.push(`page error ${e.message}`));
  page.on('requestfailed', (r) => failed.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(at);
  await page.locator('.board').waitFor();
  return { page, failed };
}

/** Every URL in the page's caches (the service worker's precache), relative to the page. */
const cachedPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname.slice(1));
    }
    return paths.sort();
  });

describe.skipIf(!haveBrowser)('installable and offline', () => {
  it('serves a manifest whose icons load at their sizes, and Chromium parses it without errors', async () => {
    const { page, failed } = await openPage();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('./manifest.webmanifest');
    const res = await page.request.get(new URL(href ?? '', url).href);
    expect(res.status()).toBe(200);
    const m = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(m).toMatchObject({
      short_name: 'proofgrid',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#f7f7f4',
      theme_color: '#f7f7f4',
    });
    expect(m.icons.map((i) => `${i.sizes} ${i.type} ${i.purpose ?? 'any'}`)).toEqual([
      '192x192 image/png any',
      '512x512 image/png any',
      '512x512 image/png maskable',
      'any image/svg+xml any',
    ]);
    // Each icon loads as an image of the size it claims.
    const sizes = await page.evaluate(
      (srcs) =>
        Promise.all(
          srcs.map(
            (src) =>
              new Promise<string>((resolve) => {
                const img = new Image();
                img.onload = () => resolve(`${img.naturalWidth}x${img.naturalHeight}`);
                img.onerror = () => resolve(`error ${src}`);
                img.src = new URL(src, new URL('manifest.webmanifest', location.href)).href;
              }),
          ),
        ),
      m.icons.filter((i) => i.type === 'image/png').map((i) => i.src),
    );
    expect(sizes).toEqual(['192x192', '512x512', '512x512']);
    // Chromium's own verdict: the manifest it parsed, and what (if anything) stops an install.
    const cdp = await page.context().newCDPSession(page);
    const app = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(app.errors).toEqual([]);
    expect(app.url).toBe(new URL('manifest.webmanifest', url).href);
    expect(failed).toEqual([]);
    await page.context().close();
  });

  it('Chromium finds the page installable (in a profile of its own: an off-the-record context never is)', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'proofgrid-profile-'));
    const ctx = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      await page.goto(url);
      await page.locator('.board').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
      const cdp = await ctx.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await ctx.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('a new build installs in the background, waits while a tab of the old one is open, then is what opens', async () => {
    // The next build: this one with another title, its service worker's precache list saying so.
    const next = mkdtempSync(join(tmpdir(), 'proofgrid-next-'));
    cpSync(out, next, { recursive: true });
    const html = readFileSync(join(next, 'index.html'), 'utf8').replace('<title>', '<title>Next build: ');
    writeFileSync(join(next, 'index.html'), html);
    const sw = readFileSync(join(next, 'sw.js'), 'utf8');
    const revised = sw.replace(/(url:"index\.html",revision:")[0-9a-f]+/, `$1${createHash('md5').update(html).digest('hex')}`);
    expect(revised).not.toBe(sw);
    writeFileSync(join(next, 'sw.js'), revised);
    let first: PreviewServer | undefined;
    let second: PreviewServer | undefined;
    try {
      const a = await serve(out);
      first = a.server;
      const { page, failed } = await openPage(a.url);
      const ctx = page.context();
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 10_000 });
      const title = await page.title();
      expect(title).not.toMatch(/^Next build/);
      // The new build is deployed at the same address; the open tab's reload finds its worker, which
      // installs and waits, and a reload of that tab still shows the build it has.
      await first.close();
      first = undefined;
      second = (await serve(next, Number(new URL(a.url).port))).server;
      await page.reload();
      const waiting = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? 'none');
      await expect.poll(waiting, { timeout: 10_000 }).toBe('installed');
      await page.reload();
      await page.locator('.board').waitFor();
      expect(await page.title()).toBe(title);
      expect(failed).toEqual([]);
      // With the tab closed, the next visit is the new build (a visit that comes before the switch
      // is still the old build's, and closing it lets the switch happen: hence the retries).
      await page.close();
      await expect
        .poll(
          async () => {
            const p = await ctx.newPage();
            await p.goto(a.url);
            const t = await p.title();
            if (!t.startsWith('Next build')) await p.close();
            return t;
          },
          { timeout: 10_000, interval: 500 },
        )
        .toMatch(/^Next build: /);
      const now = ctx.pages()[0];
      await now.locator('.board').waitFor();
      await now.click('#check');
      await expect.poll(() => now.locator('#status').textContent()).toBe('No mistakes so far.');
      await ctx.close();
    } finally {
      await first?.close();
      await second?.close();
      rmSync(next, { recursive: true, force: true });
    }
  });

  it('after one visit, plays with the network off: the page, the engine worker, Check, Hint and New game', async () => {
    const { page, failed } = await openPage();
    // The first visit's service worker installs, precaches the build and takes the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 10_000 });
    const cached = await cachedPaths(page);
    for (const want of [
      /^index\.html/,
      /^assets\/index-[\w-]+\.js/,
      /^assets\/index-[\w-]+\.css/,
      /^assets\/browser-worker-[\w-]+\.js/,
      /^manifest\.webmanifest/,
    ]) {
      expect(
        cached.some((p) => want.test(p)),
        `${want} in ${cached.join(', ')}`,
      ).toBe(true);
    }
    // Off: the browser offline, and the server stopped (so nothing could come from it anyway).
    await page.context().setOffline(true);
    await server?.close();
    server = undefined;
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(() => page.locator('#puzzle-id').textContent()).toBe('nonogram@1:10x10-easy#welcome');
    // The engine worker runs from the cache: a check, a hint, and a generation.
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('No mistakes so far.');
    await page.click('#hint');
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Hint \(/);
    await newGame(page, 5, 5, 'easy');
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toMatch(/^nonogram:5x5:/);
    expect(failed).toEqual([]);
    // And the network is indeed off for the page: what the cache does not hold cannot be fetched.
    expect(
      await page.evaluate(() =>
        fetch('./not-in-the-cache.txt').then(
          (r) => `status ${r.status}`,
          (e: Error) => e.name,
        ),
      ),
    ).toBe('TypeError');
    await page.context().close();
  });
});
