/**
 * The player's Hint behind the busy dialog (issue 15): a slow hint shows the dialog, Cancel ends it at
 * once and the game goes on; a hint that runs out of time says so ("inconclusive"), not "nothing
 * follows"; a quick hint still works and does not flash the dialog. Screenshots of the hint's dialog
 * at desktop and phone width.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeNonogramId } from '../../src/families/nonogram/formats/index.ts';
import { onesNonogram } from '../hint-boards.ts';
import { cell, haveBrowser, requireBrowser, SHOTS, usePlayer } from './browser.ts';
import { longIt } from '../long.ts';

requireBrowser('the player hint end-to-end tests');

const h = usePlayer();
/**
 * A 100x100 nonogram of `1,1,…` lines (the largest the view draws): its hint runs far past the limit
 * (18 s in Node to find that nothing follows; 80x80 takes 5.6 s, too close to the limit).
 */
const SLOW_ID = makeNonogramId(onesNonogram(100));
/**
 * Seconds the engine may take (`?limit=`): opening the slow board stops there, and so does each hint
 * on it unless the page sets `?hint-limit=` apart.
 */
const LIMIT_S = 3;
/**
 * The hint limit of the Cancel case: long enough that screenshots at two sizes of a 10,000-cell board
 * on a loaded machine cannot outlast it (3 s did once in CI), so Cancel always meets a running search.
 */
const CANCEL_HINT_S = 60;

async function openSlow(page: Page): Promise<void> {
  await page.evaluate((hash) => (location.hash = hash), `play=${encodeURIComponent(SLOW_ID)}`);
  await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle'), { timeout: 20_000 }).toBe(SLOW_ID);
  await page.locator('#busy').waitFor({ state: 'hidden' });
}

/** On the slow board at `?limit=3`: a hint runs out of time and says so. */
async function inconclusive(page: Page): Promise<void> {
  await openSlow(page);
  const t1 = Date.now();
  await page.click('#hint');
  await expect
    .poll(() => page.locator('#status').textContent(), { timeout: 15_000 })
    .toMatch(/^No hint found within 3 s: the search was inconclusive, which does not mean nothing follows/);
  expect(Date.now() - t1).toBeGreaterThanOrEqual(LIMIT_S * 1000 - 100);
  expect(await page.locator('#busy').isHidden()).toBe(true);
  expect(await page.locator('.hint').count()).toBe(0);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('#status').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'hint-inconclusive-phone.png') });
  await page.context().close();
}

describe.skipIf(!haveBrowser)('the player’s Hint', () => {
  // Long suite only (npm test's four minutes); CI runs it at every stop.
  longIt(
    'a slow hint shows the busy dialog; Cancel ends it at once and the game goes on; running out of time says inconclusive',
    async () => {
      const page = await h.open(`${h.url}?limit=${LIMIT_S}&hint-limit=${CANCEL_HINT_S}`);
      await openSlow(page);
      await page.click('#hint');
      await page.locator('#busy').waitFor({ state: 'visible' });
      expect(await page.locator('#busy-title').textContent()).toBe('Looking for a hint…');
      expect(await page.locator('#busy-progress').textContent()).toContain(`up to ${CANCEL_HINT_S} s`);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('cancel');
      mkdirSync(SHOTS, { recursive: true });
      for (const [name, width, height] of [
        ['desktop', 1280, 900],
        ['phone', 360, 740],
      ] as const) {
        await page.setViewportSize({ width, height });
        const file = join(SHOTS, `hint-busy-${name}.png`);
        await page.screenshot({ path: file });
        expect(statSync(file).size).toBeGreaterThan(5000);
        const box = await page.locator('#busy .dialog').boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      const t0 = Date.now();
      await page.click('#cancel');
      await page.locator('#busy').waitFor({ state: 'hidden' });
      // At once: far inside the search's 60 s, so Cancel did not wait for it (not a speed test: a loaded
      // CI machine took 1.2 s to redraw the 10,000-cell page).
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(await page.locator('#status').textContent()).toContain('Cancelled');
      // The game goes on: same puzzle; a move plays, and a fresh engine answers the next hint with the
      // step that follows from it.
      expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(SLOW_ID);
      await cell(page, 0).click();
      expect(await cell(page, 0).getAttribute('class')).toContain('filled');
      await page.click('#hint');
      await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Hint \(/);
      await page.context().close();
      // Running out of time: the page's `?limit=` alone bounds the hint too.
      await inconclusive(await h.open(`${h.url}?limit=${LIMIT_S}`));
    },
    90_000,
  );

  it('a quick hint still works and does not flash the busy dialog', async () => {
    const page = await h.open();
    // The engine worker starts on the first request: start it with a check, so that the hint below
    // is timed alone and a cold worker on a loaded machine cannot cross the 300 ms.
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/mistakes|match|compare/);
    // Watch the dialog: a hint that answers in milliseconds never shows it.
    await page.evaluate(() => {
      const w = window as unknown as { busyShown: number };
      w.busyShown = 0;
      new MutationObserver(() => {
        if (!(document.querySelector('#busy') as HTMLElement).hidden) w.busyShown++;
      }).observe(document.querySelector('#busy')!, { attributes: true });
    });
    await page.click('#hint');
    await expect
      .poll(() => page.locator('#status').textContent())
      .toMatch(/^Hint \((overlap|completion|unreachable|line logic|contradiction)\): (row|column) \d+/);
    expect(await page.locator('.clue.hint').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { busyShown: number }).busyShown)).toBe(0);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(SHOTS, 'hint-quick-phone.png') });
    await page.context().close();
  });
});
