/**
 * Colour nonograms in the player (issue 20), in Chromium: the menu's "Colour example" opens the
 * embedded 10×10 apple; it is solved by the palette (clicks) and by the keyboard (digits pick a colour,
 * Space fills); its clue chips' text is AA on the chip (measured in the page); the palette's buttons
 * are 44 px targets; progress survives a reload; its share link reopens it; a 360×740 phone shows it
 * too. Axe-core finds nothing serious on either screen; screenshots to test-results/. The desktop
 * solve runs in the long suite only.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { colourOfMark } from '../../src/families/nonogram/play.ts';
import { COLOUR_EXAMPLE } from '../../web/src/default-puzzle.ts';
import { longIt } from '../long.ts';
import { contrast } from '../../web/src/views/colour-chips.ts';
import { axeProblems, cell, haveBrowser, requireBrowser, SHOTS, savedGame, showPickers, usePlayer } from './browser.ts';

requireBrowser('the colour nonogram end-to-end tests');

const h = usePlayer();

/** The apple as the example draws it: 1 red, 2 green, 3 brown. */
const APPLE = ['.....3.22.', '....322...', '..111311..', '.11111111.', '1111111111', '1111111111', '1111111111', '.11111111.', '.11111111.', '..11..11..'];
const PICTURE = Array.from(APPLE.join(''), (c) => (c === '.' ? 0 : Number(c)));

async function openExample(page: Page): Promise<void> {
  await showPickers(page);
  await page.click('#colour-example');
  await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(COLOUR_EXAMPLE.shareId);
  await page.locator('.ng-palette').waitFor();
}

/** Each cell's colour as drawn (data-colour; 0 for none). */
const drawn = (page: Page): Promise<number[]> => page.$$eval('.board .cell', (els) => els.map((e) => Number((e as HTMLElement).dataset.colour ?? 0)));

const rgbHex = (css: string): string =>
  (css.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((v) => Number(v).toString(16).padStart(2, '0'))
    .join('');

/** The least contrast of a chip's text on its background, over every chip on the page. */
async function leastChipContrast(page: Page): Promise<number> {
  const pairs = await page.$$eval('.clue span.chip', (els) => els.map((e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]));
  expect(pairs.length).toBeGreaterThan(20);
  return Math.min(...pairs.map(([fg, bg]) => contrast(rgbHex(fg), rgbHex(bg))));
}

async function paletteTargets(page: Page): Promise<number> {
  const boxes = await page.$$eval('.ng-palette .swatch', (els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  expect(boxes.length).toBe(4);
  return Math.min(...boxes);
}

describe.skipIf(!haveBrowser)('colour nonograms in the player', () => {
  // The whole solve is in the long suite (LONG_E2E_FILES); npm test keeps the phone's quick check.
  longIt('desktop: the example is solved by palette and keyboard; chips AA, 44 px palette, reload and share link keep it', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await h.open();
    await openExample(page);
    expect(await leastChipContrast(page)).toBeGreaterThanOrEqual(4.5);
    expect(await paletteTargets(page)).toBeGreaterThanOrEqual(44);
    // Rows 1 to 3 by the keyboard: a right click crosses the corner and puts the focus there.
    await cell(page, 0).click({ button: 'right' });
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 10; c++) {
        const v = PICTURE[r * 10 + c];
        if (v > 0) {
          await page.keyboard.press(String(v));
          await page.keyboard.press(' ');
        }
        if (c < 9) await page.keyboard.press('ArrowRight');
      }
      if (r < 2) {
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Home');
      }
    }
    expect((await drawn(page)).slice(0, 30)).toEqual(PICTURE.slice(0, 30));
    expect(await page.locator('.ng-palette .swatch[data-colour="1"]').getAttribute('aria-pressed')).toBe('true');
    // The rest by the palette: pick red, click its cells.
    await page.click('.ng-palette .swatch[data-colour="1"]');
    for (let i = 30; i < 60; i++) if (PICTURE[i] === 1) await cell(page, i).click();
    // Progress survives a reload, colours and all, and the marks text names them.
    await expect.poll(async () => (await savedGame(page))?.moves.length ?? 0).toBe(41);
    const marks = (await savedGame(page))?.marks ?? '';
    expect(marks.split('/')[0]).toBe('x????3?22?');
    await page.reload();
    await page.locator('.ng-palette').waitFor();
    expect((await drawn(page)).slice(0, 60)).toEqual(PICTURE.slice(0, 60));
    await page.click('.ng-palette .swatch[data-colour="1"]');
    for (let i = 60; i < 100; i++) if (PICTURE[i] === 1) await cell(page, i).click();
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await drawn(page)).toEqual(PICTURE);
    await page.screenshot({ path: join(SHOTS, 'colour-desktop-won.png') });
    await page.click('#won-close');
    expect(await axeProblems(page)).toEqual([]);
    // The share link is the puzzle's descriptive id, and opens it in a fresh page.
    await page.click('#share');
    const link = await page.locator('#share-link').inputValue();
    expect(link).toContain('#play=');
    const other = await h.open(link);
    await expect.poll(() => other.locator('#stage').getAttribute('data-puzzle')).toBe(COLOUR_EXAMPLE.shareId);
    expect(await other.locator('.ng-palette .swatch').count()).toBe(4);
    await other.context().close();
    await page.context().close();
  });

  it('import: an Olšák .g colour file opens with its palette and chips, certified unique', async () => {
    const page = await h.open();
    const g = [
      'apple',
      '#d',
      '  0:.  white',
      '  a:a  #D62828',
      '  b:b  #2F9E44',
      '  c:c  #7F4F24',
      ': rows',
      ...['1c 2b', '1c 2b', '3a 1c 2a', '8a', '10a', '10a', '10a', '8a', '8a', '2a 2a'],
      ': columns',
      ...['3a', '6a', '8a', '8a', '1c 7a', '1c 1b 1c 6a', '1b 8a', '1b 8a', '1b 6a', '3a'],
      ': end',
      '',
    ].join('\n');
    expect(await page.locator('#import').getAttribute('accept')).toMatch(/\.g\b.*\.cnon.*\.json.*\.csv/);
    await page.locator('#import').setInputFiles({ name: 'apple.g', mimeType: 'text/plain', buffer: Buffer.from(g) });
    await page.locator('.ng-palette').waitFor();
    expect(await page.locator('.ng-palette .swatch').count()).toBe(4);
    await expect.poll(() => page.locator('#verdict').textContent()).toMatch(/exactly one solution/);
    const chips = await page.$$eval('.row-clue[data-index="0"] span.chip', (els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(chips).toEqual(['rgb(127, 79, 36)', 'rgb(47, 158, 68)']);
    // ] and [ step through the palette (colours past 9 have no digit), wrapping past the cross.
    const pressed = () => page.locator('.ng-palette .swatch[aria-pressed="true"]').getAttribute('data-colour');
    await cell(page, 0).click({ button: 'right' });
    await page.keyboard.press(']');
    expect(await pressed()).toBe('2');
    for (const [key, want] of [
      ['[', '1'],
      ['[', '0'],
      ['[', '3'],
      [']', '0'],
    ]) {
      await page.keyboard.press(key);
      expect(await pressed()).toBe(want);
    }
    // A hint names a colour technique, in words from its says, and points at cells; Check finds no mistake.
    await page.click('#hint');
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 15_000 })
      .toMatch(/^Hint \(colour (overlap|line logic|completion)\): (row|column) \d+, clue \d+ [a-z]/);
    expect(await page.locator('.cell.hint-cell').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'colour-hint.png') });
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 15_000 }).toBe('No mistakes so far.');
    await page.context().close();
  });

  it('New game with the colours picker: a generated colour puzzle (version 2) with its palette', async () => {
    const page = await h.open();
    expect(await page.locator('#colours-label').isVisible()).toBe(true);
    await page.selectOption('#width', '5');
    await page.selectOption('#height', '5');
    await page.selectOption('#level', 'easy');
    await page.selectOption('#colours', '2');
    await page.click('#new');
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle'), { timeout: 30_000 }).toMatch(/^nonogram:5x5:white=[0-9a-f]{6},[^;]+;/);
    await page.locator('.ng-palette').waitFor();
    expect(await page.locator('.ng-palette .swatch').count()).toBe(3);
    // Shared by its seeded id, generator version 2.
    await page.click('#share');
    expect(await page.locator('#share-code').inputValue()).toMatch(/^nonogram@2:5x5-easy-c2#/);
    await page.click('#share-close');
    // Black and white again: version 1, no palette.
    await page.selectOption('#colours', '');
    await page.click('#new');
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle'), { timeout: 30_000 }).toMatch(/^nonogram:5x5:[0-9./]+$/);
    expect(await page.locator('.ng-palette').count()).toBe(0);
    await page.context().close();
  });

  it('phone 360×740: the example shows its palette and chips, a tap fills in the picked colour; axe clean', async () => {
    const page = await h.open(undefined, { width: 360, height: 740, touch: true });
    await openExample(page);
    expect(await paletteTargets(page)).toBeGreaterThanOrEqual(44);
    expect(await leastChipContrast(page)).toBeGreaterThanOrEqual(4.5);
    await page.locator('.ng-palette .swatch[data-colour="2"]').tap();
    await cell(page, 7).tap();
    await expect.poll(async () => (await drawn(page))[7]).toBe(2);
    // 0 picks the cross: a tap crosses.
    await page.locator('.ng-palette .swatch[data-colour="0"]').tap();
    await cell(page, 0).tap();
    await expect.poll(() => cell(page, 0).getAttribute('class')).toMatch(/crossed/);
    const g = await savedGame(page);
    expect(g?.moves).toEqual(['f1.8@2', 'x1.1']);
    expect(colourOfMark(3)).toBe(2);
    await page.screenshot({ path: join(SHOTS, 'colour-phone.png'), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });
});
