/**
 * End-to-end harness: the player built and served for this run, and Debian's Chromium driven
 * through playwright-core, both started once by the global setup test/setup/player-build.ts (each
 * file connects; run without that setup, a file starts its own). Also the
 * helpers every player test file uses (`usePlayer` for the harness and pages, the page helpers below);
 * what only one family's tests need stays in its file.
 */
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { haveChromium, launchChromium } from '../chromium.ts';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildPlayer, servePlayer } from '../setup/player-build.ts';

export { CHROMIUM } from '../chromium.ts';
export const haveBrowser = haveChromium;
/** Where the screenshots go. */
export const SHOTS = join(import.meta.dirname, '..', '..', 'test-results');

export interface Harness {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The run's preview server and Chromium (test/setup/player-build.ts) when the global setup started
 * them: the file connects (its contexts close when it disconnects). Run without that setup, or with
 * PROOFGRID_OWN_BROWSER=1 (to compare the two ways' test time), the file launches a Chromium of its own
 * (and without the setup builds and serves its own player too), and closes them after.
 */
export async function startHarness(): Promise<Harness> {
  const sharedUrl = inject('playerUrl') as string | undefined;
  const ws = inject('browserWs') as string | undefined;
  if (sharedUrl && ws && process.env.PROOFGRID_OWN_BROWSER !== '1') {
    const browser = await chromium.connect(ws);
    return {
      url: sharedUrl,
      browser,
      async close() {
        await browser.close();
      },
    };
  }
  // The run's build is shared by the test files (read only); a build of our own is ours to remove.
  const shared = inject('playerBuild') as string | undefined;
  const out = shared ?? (await buildPlayer());
  const { server, url } = await servePlayer(out);
  const browser = await launchChromium();
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await server.close();
      if (shared === undefined) rmSync(out, { recursive: true, force: true });
    },
  };
}

/**
 * Says loudly that `what` is skipped when Chromium is missing, and fails instead when
 * PROOFGRID_REQUIRE_BROWSER=1 (as in CI). Call at the top of a test file.
 */
export function requireBrowser(what: string): void {
  if (haveBrowser) return;
  const msg = `Debian chromium is not installed (apt-get install chromium): ${what} are skipped`;
  if (process.env.PROOFGRID_REQUIRE_BROWSER === '1') throw new Error(msg);
  console.warn(`\n*** ${msg} ***\n`);
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** A touch device (phone): touch events and the mobile viewport. */
  touch?: boolean;
  /** The browser's language (`navigator.languages`); English unless told. */
  locale?: string;
}

/** A test file's player: the served address, the browser, and pages opened on it. */
export interface Player {
  readonly url: string;
  readonly browser: Browser;
  /** A page in a fresh context (1280x900 unless told), page errors logged, the board shown. */
  open(url?: string, options?: PageOptions): Promise<Page>;
  /** Opens a puzzle by its id, as a share link does. */
  openId(id: string, options?: PageOptions): Promise<Page>;
}

/**
 * Starts the harness before the file's tests (when Chromium is installed) and closes it after them.
 * Call at the top level of a test file.
 */
export function usePlayer(): Player {
  let h: Harness | undefined;
  beforeAll(async () => {
    if (haveBrowser) h = await startHarness();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });
  const started = (): Harness => {
    if (!h) throw new Error('the player harness is not started (is Chromium installed?)');
    return h;
  };
  const open = async (url = started().url, options: PageOptions = {}): Promise<Page> => {
    const ctx = await started().browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      hasTouch: options.touch,
      isMobile: options.touch,
      locale: options.locale ?? 'en-US',
    });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(url);
    await page.locator('.board').waitFor();
    return page;
  };
  return {
    get url() {
      return started().url;
    },
    get browser() {
      return started().browser;
    },
    open,
    async openId(id, options = {}) {
      const page = await open(`${started().url}#play=${encodeURIComponent(id)}`, options);
      await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(id);
      return page;
    },
  };
}

/** On a phone the new-puzzle pickers (family, size, level, New game, Import) are in the menu: opens it when they are hidden. */
export async function showPickers(page: Page): Promise<void> {
  if (!(await page.locator('#family').isVisible())) await page.click('#menu');
}

/**
 * Picks a size and level (and the family, when given) and presses New game; waits for another puzzle
 * on the stage and the busy indicator gone.
 */
export async function newGame(page: Page, w: number, hgt: number, level: string, family?: string): Promise<void> {
  const before = await page.locator('#stage').getAttribute('data-puzzle');
  await showPickers(page);
  if (family !== undefined) await page.selectOption('#family', family);
  await page.selectOption('#width', String(w));
  await page.selectOption('#height', String(hgt));
  await page.selectOption('#level', level);
  await page.click('#new');
  await page.waitForFunction((b) => {
    const s = document.querySelector('#stage') as HTMLElement | null;
    return !!s && s.dataset.puzzle !== b && (document.querySelector('#busy') as HTMLElement).hidden;
  }, before);
  if (family !== undefined) expect(await page.locator('#stage').getAttribute('data-family')).toBe(family);
}

/** The board cell of index `i` (row-major). */
export const cell = (page: Page, i: number): Locator => page.locator(`.cell[data-i="${i}"]`);

/** The centre of cell `i` on the page. */
export async function center(page: Page, i: number): Promise<{ x: number; y: number }> {
  const b = await cell(page, i).boundingBox();
  if (!b) throw new Error(`cell ${i} not visible`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** The move list, redo list and marks (the family's state text) of the game saved in the page's IndexedDB. */
export function savedGame(page: Page): Promise<{ moves: string[]; redo: string[]; marks: string } | null> {
  return page.evaluate(
    () =>
      new Promise<{ moves: string[]; redo: string[]; marks: string } | null>((resolve) => {
        const req = indexedDB.open('proofgrid');
        req.onsuccess = () => {
          const get = req.result.transaction('games').objectStore('games').get('current');
          get.onsuccess = () => {
            const r = get.result as { moves?: string[]; redo?: string[]; marks?: string } | undefined;
            resolve(r ? { moves: r.moves ?? [], redo: r.redo ?? [], marks: r.marks ?? '' } : null);
            req.result.close();
          };
        };
      }),
  );
}

/** Moves played and on the redo list of the game saved in the page's IndexedDB, as `played/redo`. */
export async function saved(page: Page): Promise<string> {
  const g = await savedGame(page);
  return `${g?.moves.length ?? 0}/${g?.redo.length ?? 0}`;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical violations axe-core finds on the page, one line each (rule, and where). */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n}`));
}
