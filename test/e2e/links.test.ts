/**
 * Share links that open nothing, and boards larger than the player draws: on a fresh page a bad link
 * keeps saying what is wrong with it (never replaced by another puzzle), with the ways on; oversized
 * boards (links, imports) are refused by name and size before anything freezes the page.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longIt } from '../long.ts';
import { cell, haveBrowser, requireBrowser, saved, SHOTS, usePlayer } from './browser.ts';

requireBrowser('the share-link and size-limit end-to-end tests');

const h = usePlayer();

/** A nonogram whose every cell is filled (trivial for the engine, any size). */
const fullNonogram = (w: number, hgt: number): string =>
  `nonogram:${w}x${hgt}:${[...Array<string>(hgt).fill(String(w)), ...Array<string>(w).fill(String(hgt))].join('/')}`;
const WELCOME = 'nonogram:10x10:7/8/6.3/6.2/5.1/5/1/1.1/2/3/4/7/6.2/6.3/6.1/4/2.1/3/3/3';

/** Opens the player at `#play=<fragment>` (the fragment as written, not encoded again) and waits until it settles. */
async function openLink(fragment: string, ctx?: BrowserContext, size = { width: 1280, height: 900 }): Promise<Page> {
  const context = ctx ?? (await h.browser.newContext({ viewport: size }));
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${h.url}#play=${fragment}`);
  await page.locator('.link-problem, .board').first().waitFor();
  await page.locator('#busy').waitFor({ state: 'hidden' });
  return page;
}

/** The bad-link panel is up, saying `why`; gives the status text. */
async function linkProblemShown(page: Page, why: RegExp): Promise<string | null> {
  await page.locator('.link-problem').waitFor();
  const status = await page.locator('#status').textContent();
  expect(status).toMatch(why);
  expect(await page.locator('.link-problem .why').textContent()).toBe(status);
  return status;
}

/** The bad-link panel is still up, no other puzzle in its place, still saying `status`. */
async function linkProblemStays(page: Page, status: string | null): Promise<void> {
  expect(await page.locator('.link-problem').isVisible()).toBe(true);
  expect(await page.locator('.board').count()).toBe(0);
  expect(await page.locator('#stage').getAttribute('data-puzzle')).toBeNull();
  expect(await page.locator('#status').textContent()).toBe(status);
  expect(await page.locator('#puzzle-id').textContent()).toBe('');
  // No game, so no game bar (its buttons would do nothing).
  expect(await page.locator('.gamebar').isVisible()).toBe(false);
  expect(await page.locator('.link-problem button').allTextContents()).toEqual(expect.arrayContaining(['Play the example puzzle', 'New game']));
}

/** The bad-link panel is up and stays up (the old defect: within milliseconds the default puzzle's greeting replaced the error). */
async function expectLinkProblem(page: Page, why: RegExp): Promise<void> {
  const status = await linkProblemShown(page, why);
  await page.waitForTimeout(1000);
  await linkProblemStays(page, status);
}

describe.skipIf(!haveBrowser)('share links that open nothing', () => {
  const cases: [string, string, RegExp][] = [
    ['bad family', encodeURIComponent('chess:8x8:rnbqkbnr'), /no view for the family "chess"/],
    ['bad characters', encodeURIComponent(WELCOME.replace(/3$/, 'q')), /^The engine refused: /],
    ['bad %-escape', '%E0%A4%A', /damaged \(bad %-escape\)/],
    ['not an id', 'nonsense', /^This link does not name a puzzle: not a puzzle id/],
    ['truncated', encodeURIComponent(WELCOME.slice(0, 24)), /^The engine refused: /],
    ['huge size', encodeURIComponent('nonogram:1000000x1000000:1'), /1000000×1000000 board is larger than this player can draw: Nonogram boards up to 100×100/],
    [
      'huge Numberlink id',
      encodeURIComponent('numberlink:2147483648x5-strict:11'),
      /2147483648×5 board is larger than this player can draw: Numberlink boards up to 80×80/,
    ],
    [
      'unknown version',
      encodeURIComponent('nonogram@99:10x10-easy#welcome'),
      /^No puzzle is shown: this puzzle was made by a generator version this player does not have/,
    ],
  ];
  longIt(`a fresh page keeps saying what is wrong with the link: ${cases.map(([name]) => name).join(', ')}`, async () => {
    // All at once (each in its own fresh context), then one wait for a greeting that must not come.
    const pages = await Promise.all(cases.map(([, fragment]) => openLink(fragment)));
    const said = await Promise.all(pages.map((page, k) => linkProblemShown(page, cases[k][2])));
    await pages[0].waitForTimeout(1000);
    for (const [k, page] of pages.entries()) await linkProblemStays(page, said[k]);
    // The unknown version's failure dialog says it too; closing it leaves the panel.
    const v = pages[cases.findIndex(([name]) => name === 'unknown version')];
    expect(await v.locator('#failed-msg').textContent()).toMatch(/generator version/);
    await v.click('#failed-close');
    expect(await v.locator('.link-problem').isVisible()).toBe(true);
    for (const page of pages) await page.context().close();
  });

  it('offers the example puzzle, and the saved game when there is one (which the bad link leaves saved)', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // A game in progress in this context: one cell filled.
    const game = await ctx.newPage();
    await game.goto(h.url);
    await game.locator('.board').waitFor();
    await cell(game, 0).click();
    await expect.poll(() => saved(game)).toBe('1/0');
    await game.close();
    const page = await openLink('nonsense', ctx);
    await expectLinkProblem(page, /does not name a puzzle/);
    expect(await page.locator('.link-problem button.primary').textContent()).toBe('Resume your saved game');
    expect(await saved(page)).toBe('1/0');
    await page.click('text=Resume your saved game');
    await page.locator('.board').waitFor();
    expect(await cell(page, 0).getAttribute('class')).toContain('filled');
    expect(await page.locator('.link-problem').count()).toBe(0);
    // Another bad link, now with a game on screen: the game stays, the status says why.
    await page.evaluate(() => (location.hash = 'play=chess%3A1x1%3Ax'));
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/no view for the family "chess"/);
    expect(await page.locator('.board').count()).toBe(1);
    expect(await cell(page, 0).getAttribute('class')).toContain('filled');
    await ctx.close();

    const fresh = await openLink('nonsense');
    await expectLinkProblem(fresh, /does not name a puzzle/);
    expect(await fresh.locator('.link-problem button.primary').textContent()).toBe('Play the example puzzle');
    await fresh.click('text=Play the example puzzle');
    await expect.poll(() => fresh.locator('#puzzle-id').textContent()).toBe('nonogram@1:10x10-easy#welcome');
    expect(await fresh.locator('.gamebar').isVisible()).toBe(true);
    expect(await fresh.locator('#stage').getAttribute('data-puzzle')).toBe(WELCOME);
    await fresh.context().close();
  });
});

describe.skipIf(!haveBrowser)('boards larger than the player draws', () => {
  it('refuses a 1000×1000 share link at once, naming size and limit, and the page stays responsive', async () => {
    const t0 = Date.now();
    const page = await openLink(encodeURIComponent(fullNonogram(1000, 1000)));
    await expectLinkProblem(page, /^Cannot show this puzzle: this 1000×1000 board is larger than this player can draw: Nonogram boards up to 100×100\.$/);
    expect(Date.now() - t0).toBeLessThan(8000);
    const t1 = Date.now();
    expect(await page.evaluate(() => document.querySelectorAll('.link-problem button').length)).toBe(2);
    expect(Date.now() - t1).toBeLessThan(500);
    await page.context().close();
  });

  it('opens a board at the limit, and refuses other families above theirs', async () => {
    const page = await openLink(encodeURIComponent(fullNonogram(100, 100)));
    await page.locator('.board').waitFor();
    expect(await page.locator('.cell').count()).toBe(10_000);
    await page.context().close();
    const nl = await openLink(encodeURIComponent('numberlink:81x81-strict:11'));
    await linkProblemShown(nl, /81×81 board is larger than this player can draw: Numberlink boards up to 80×80/);
    await nl.context().close();
    const em = await openLink(encodeURIComponent('edgematch:25x25:abcd'));
    await linkProblemShown(em, /25×25 board is larger than this player can draw: Edge matching boards up to 24×24/);
    await em.context().close();
  });

  it('an import refuses only its oversized puzzles, and a file of oversized ones leaves the game as it was', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await h.open(h.url, { width: 360, height: 740 });
    const ids = ['nonogram:2x2:1/1/1/1', fullNonogram(120, 120), fullNonogram(5, 5)].join('\n');
    await page.setInputFiles('#import', { name: 'mixed.txt', mimeType: 'text/plain', buffer: Buffer.from(ids) });
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle'), { timeout: 20_000 }).toBe('nonogram:2x2:1/1/1/1');
    expect(await page.locator('#status').textContent()).toMatch(
      /^Of the 3 puzzles in mixed\.txt, 1 is not shown: this 120×120 board is larger than this player can draw: Nonogram boards up to 100×100\. Playing the first of the other 2\. Imported: /,
    );
    await page.screenshot({ path: join(SHOTS, 'import-oversized-phone.png'), fullPage: true });
    await page.setInputFiles('#import', { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from(fullNonogram(300, 300)) });
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 20_000 })
      .toBe('Cannot show big.txt: this 300×300 board is larger than this player can draw: Nonogram boards up to 100×100.');
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe('nonogram:2x2:1/1/1/1');
    expect(await page.locator('.link-problem').count()).toBe(0);
    await page.context().close();
  });

  it('a saved game larger than the player draws is said, not silently replaced', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await ctx.newPage();
    await first.goto(h.url);
    await first.locator('.board').waitFor();
    await expect.poll(() => saved(first)).toBe('0/0');
    await first.close();
    // A page with no game on screen (a bad link) saves nothing over what is written here.
    const page = await openLink('nonsense', ctx);
    await page.evaluate(
      (puzzle) =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('proofgrid');
          req.onsuccess = () => {
            const store = req.result.transaction('games', 'readwrite').objectStore('games');
            const get = store.get('current');
            get.onsuccess = () => {
              const put = store.put({ ...get.result, puzzle, shareId: puzzle, version: null, provenance: 'imported' }, 'current');
              put.onsuccess = () => resolve();
              put.onerror = () => reject(new Error('put failed'));
            };
          };
        }),
      fullNonogram(120, 120),
    );
    await page.goto(h.url);
    await page.locator('.board').waitFor();
    await expect
      .poll(() => page.locator('#status').textContent())
      .toBe('Your saved game could not be shown (this 120×120 board is larger than this player can draw: Nonogram boards up to 100×100); here is a new one.');
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(WELCOME);
    await ctx.close();
  });

  it('shows the bad-link panel at desktop and phone width (screenshots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [name, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 360, 740],
    ] as const) {
      const page = await openLink(encodeURIComponent(fullNonogram(1000, 1000)), undefined, { width, height });
      await page.locator('.link-problem').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = await page.locator('.link-problem').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      const file = join(SHOTS, `link-problem-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(statSync(file).size).toBeGreaterThan(5000);
      await page.context().close();
    }
  });
});
