/**
 * The daily puzzle (web/src/daily.ts): `?daily=FAMILY` and the Daily button open the generator's own
 * puzzle for the day's seed, the same in every browser on a day and another the next day; its win
 * says a result to share that gives nothing of the solution away, and copies it.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { countSolutions } from '../../src/families/nonogram/solver.ts';
import { parseNonogramId } from '../../src/families/nonogram/formats/id.ts';
import { FAMILIES } from '../../src/families/index.ts';
import { center, haveBrowser, requireBrowser, SHOTS, showPickers, usePlayer } from './browser.ts';
import { longIt } from '../long.ts';

requireBrowser('the daily puzzle tests');

const h = usePlayer();

/** A page whose clock says `iso` (fixed), opened on `query`; the board shown. */
async function openOn(iso: string, query: string, phone = false): Promise<Page> {
  const ctx = await h.browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1280, height: 900 },
    hasTouch: phone,
    isMobile: phone,
  });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await ctx.newPage();
  await page.clock.setFixedTime(new Date(iso));
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${h.url}${query}`);
  await page.locator('.board').waitFor();
  return page;
}

const shareId = (page: Page) => page.locator('#puzzle-id').textContent();

describe.skipIf(!haveBrowser)('the daily puzzle', () => {
  // Long suite only (npm test's four minutes); CI runs it at every stop.
  longIt('is the same seeded puzzle in every browser on a day, another the next day; its win shares a result without the solution', async () => {
    const want = `nonogram@${FAMILIES.nonogram.version}:10x10-medium#daily-2026-12-01`;
    const a = await openOn('2026-12-01T23:30:00Z', '?daily=nonogram');
    await expect.poll(() => shareId(a)).toBe(want);
    expect(await a.locator('#status').textContent()).toContain('daily Nonogram of 2026-12-01');
    expect(await a.locator('#grade').textContent()).toMatch(/^Level: medium/);
    const b = await openOn('2026-12-01T00:10:00Z', '?daily=nonogram');
    await expect.poll(() => shareId(b)).toBe(want);
    const puzzle = (await a.locator('#stage').getAttribute('data-puzzle')) ?? '';
    expect(await b.locator('#stage').getAttribute('data-puzzle')).toBe(puzzle);
    await b.context().close();
    const next = await openOn('2026-12-02T08:00:00Z', '?daily=nonogram');
    await expect.poll(() => shareId(next)).toBe(want.replace('2026-12-01', '2026-12-02'));
    expect(await next.locator('#stage').getAttribute('data-puzzle')).not.toBe(puzzle);
    await next.context().close();

    // Solved by clicks from the solution computed here.
    const p = parseNonogramId(puzzle);
    if (!p.ok) throw new Error(puzzle);
    const v = countSolutions(p.value);
    if (v.kind !== 'unique') throw new Error(v.kind);
    for (let i = 0; i < v.solution.length; i++) {
      if (v.solution[i] !== 1) continue;
      const c = await center(a, i);
      await a.mouse.click(c.x, c.y);
    }
    await a.locator('#won').waitFor({ state: 'visible' });
    await a.screenshot({ path: join(SHOTS, 'daily-won-desktop.png') });
    const text = (await a.locator('#won-share').textContent()) ?? '';
    expect(text).toMatch(/^proofgrid daily 2026-12-01\nNonogram 10×10 medium: solved in \d+:\d\d, no hints, no checks\nhttp:\/\/[^\s]+\?daily=nonogram$/);
    // Nothing of the puzzle's description or its solution is in it.
    expect(text).not.toContain(puzzle.split(':')[2].slice(0, 12));
    expect(text).not.toMatch(/[#.]{5}/);
    await a.click('#won-copy');
    await expect.poll(() => a.evaluate(() => navigator.clipboard.readText())).toBe(text);
    expect(await a.locator('#status').textContent()).toContain('Result copied');
    // A game that is not a daily has no result to share.
    await a.click('#won-close');
    await a.context().close();
  });

  it('the Daily button opens the picked family’s daily on a phone; a reload resumes it', async () => {
    const page = await openOn('2026-12-01T12:00:00Z', '', true);
    await showPickers(page);
    await page.selectOption('#family', 'edgematch');
    await page.click('#daily');
    await expect.poll(() => shareId(page)).toBe(`edgematch@${FAMILIES.edgematch.version}:5x5-medium#daily-2026-12-01`);
    const puzzle = await page.locator('#stage').getAttribute('data-puzzle');
    await page.screenshot({ path: join(SHOTS, 'daily-phone.png') });
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(puzzle);
    // Pressed again on the same day, it keeps the game on screen.
    await showPickers(page);
    await page.click('#daily');
    await expect.poll(() => page.locator('#status').textContent()).toContain('daily Edge matching of 2026-12-01');
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(puzzle);
    await page.context().close();
  });
});
