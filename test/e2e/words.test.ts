/**
 * Plain words in Chromium: axe-core finds no serious or critical accessibility violation (colour
 * contrast among them) on each family's main screen, in the light and the dark scheme, at desktop and
 * phone size; no engine code (`ERR_…`) is shown after a bad share link or a bad import; the info line
 * describes the puzzle instead of printing its id. Screenshots go to test-results/words-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { edgematch } from '../../src/families/edgematch/index.ts';
import { numberlink } from '../../src/families/numberlink/index.ts';
import { afterColon, ERROR_SENTENCES } from '../../web/src/words.ts';
import { axeProblems, haveBrowser, newGame, requireBrowser, SHOTS, usePlayer } from './browser.ts';
import { LONG, sample } from '../long.ts';

requireBrowser('the plain-words and accessibility end-to-end tests');

const h = usePlayer();

/** The page's visible text (what a player reads; the Share panel's hidden id is not in it). */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point, hidden elements left out.
const visibleText = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);

/** Each family's page (its id; null: the welcome puzzle), and the one device and scheme npm test checks it on. */
const SCREENS: [string, string | null, 'desktop' | 'phone', 'light' | 'dark'][] = [
  ['nonogram', null, 'desktop', 'dark'],
  ['numberlink', `numberlink@${numberlink.version}:5x5-easy#words`, 'phone', 'light'],
  ['edgematch', `edgematch@${edgematch.version}:4x4-easy#words`, 'desktop', 'light'],
];

describe.skipIf(!haveBrowser)('plain words and contrast', () => {
  it('axe-core finds no serious violation on each family, light and dark, desktop and phone (screenshots; npm test: each family once)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const problems: string[] = [];
    for (const [size, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 360, 740],
    ] as const) {
      for (const [family, id, quickSize, quickScheme] of SCREENS) {
        // npm test checks each family once, on its quick device and scheme; the long suite every scheme
        // of every page on both devices.
        if (!LONG && quickSize !== size) continue;
        const page = await h.open(id === null ? h.url : `${h.url}#play=${encodeURIComponent(id)}`, { width, height });
        await expect.poll(() => page.locator('#stage').getAttribute('data-family')).toBe(family);
        for (const scheme of sample(['light', 'dark'] as const, (scheme) => scheme === quickScheme)) {
          await page.emulateMedia({ colorScheme: scheme });
          const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          // The scheme took: a light page on a light background, a dark one on a dark background.
          const [r, g, b] = (bg.match(/\d+/g) ?? []).map(Number);
          expect((r + g + b) / 3 > 128).toBe(scheme === 'light');
          for (const p of await axeProblems(page)) problems.push(`${family} ${size} ${scheme}: ${p}`);
          if (family !== 'numberlink') await page.screenshot({ path: join(SHOTS, `words-${family}-${size}-${scheme}.png`), fullPage: true });
        }
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  });

  it('a bad share link and a bad import are told in sentences, never as ERR_ codes', async () => {
    // A truncated id: the engine refuses it with a code.
    mkdirSync(SHOTS, { recursive: true });
    const link = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await link.goto(`${h.url}#play=${encodeURIComponent('nonogram:10x10:7/8/6.3/6')}`);
    await link.locator('.link-problem').waitFor();
    const why = (await link.locator('.link-problem .why').textContent()) ?? '';
    // The code's own sentence, then the engine's words: not merely a message with its code cut off.
    expect(why).toMatch(/\.$/);
    expect(why.startsWith(`The engine refused: ${afterColon(ERROR_SENTENCES.ERR_LINE_COUNT)} (too few lines of clues`)).toBe(true);
    expect(await visibleText(link)).not.toMatch(/ERR_[A-Z]/);
    expect(await axeProblems(link)).toEqual([]);
    await link.screenshot({ path: join(SHOTS, 'words-bad-link-desktop-light.png'), fullPage: true });
    await link.context().close();

    const page = await h.open();
    await page.setInputFiles('#import', { name: 'bad.non', mimeType: 'text/plain', buffer: Buffer.from('width 2\nheight x\n') });
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^bad\.non could not be read: [a-z].*\(line 2: /);
    expect(await visibleText(page)).not.toMatch(/ERR_[A-Z]/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SHOTS, 'words-bad-import-desktop-dark.png') });
    await page.context().close();
  });

  it('the info line describes the puzzle, generated or imported, without its id; the Share panel has the id', async () => {
    const page = await h.open();
    await newGame(page, 5, 5, 'easy');
    const shareId = (await page.locator('#puzzle-id').textContent()) ?? '';
    expect(shareId).toMatch(/^nonogram@\d+:5x5-easy#/);
    const info = (await page.locator('.info').textContent()) ?? '';
    expect(info).toContain('Nonogram 5×5, generated');
    expect(info).toMatch(/Level: easy \(measured: [a-z]/);
    expect(info).not.toContain(shareId);
    expect(info).not.toMatch(/score/i);
    // The number stays in the tooltip.
    expect(await page.locator('#grade').getAttribute('title')).toMatch(/score \d+ of 100/);
    await page.click('#share');
    expect(await page.locator('#share-code').inputValue()).toBe(shareId);

    // A 50×60 nonogram (every cell filled) whose descriptive id runs to hundreds of characters.
    const id = `nonogram:50x60:${[...Array<string>(50).fill('60'), ...Array<string>(60).fill('50')].join('/')}`;
    await page.setInputFiles('#import', { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from(id) });
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle'), { timeout: 20_000 }).toBe(id);
    const imported = (await page.locator('.info').textContent()) ?? '';
    expect(imported).toContain('Nonogram 50×60, imported from big.txt');
    expect(imported).not.toContain('nonogram:');
    expect(await visibleText(page)).not.toContain(id);
    await page.context().close();
  });
});
