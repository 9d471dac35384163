/**
 * The Nonogram clue comforts in Chromium, on a desktop (mouse) and a 360×740 phone (touch through
 * CDP): a clue turns red (and says "cannot fit") when its line's marks cannot fit it and goes back on
 * undo; clue numbers grey once placed, the whole clue once spelled; the drag-length counter shows
 * during a drag, clear of the finger, and is gone after; auto-cross (the stored setting
 * `proofgrid-settings` {"autoCross":true}) crosses a finished line in the same undo step, and does
 * nothing when off. Axe-core on a 30×30 board with a red clue, light and dark; screenshots to test-results/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseNonogramId } from '../../src/families/nonogram/formats/id.ts';
import { longIt } from '../long.ts';
import { axeProblems, cell, center, haveBrowser, requireBrowser, SHOTS, savedGame, showPickers, usePlayer } from './browser.ts';

requireBrowser('the clue comfort end-to-end tests');

/**
 * A 5×5 frame with a dot: rows and columns 5 / 1 1 / 1 1 1 / 1 1 / 5 (one solution).
 *   #####
 *   #...#
 *   #.#.#
 *   #...#
 *   #####
 */
const FRAME = 'nonogram:5x5:5/1.1/1.1.1/1.1/5/5/1.1/1.1.1/1.1/5';
const PHONE = { width: 360, height: 740, touch: true };
const FX = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'phone-boards.json'), 'utf8')) as { nonogram: { id: string } };

const h = usePlayer();

const rowClue = (page: Page, r: number) => page.locator(`.row-clue[data-index="${r}"]`);
const colClue = (page: Page, c: number) => page.locator(`.col-clue[data-index="${c}"]`);
const at = (r: number, c: number) => r * 5 + c;
const marks = (page: Page) =>
  page.$$eval('.board .cell', (els) => els.map((e) => (e.classList.contains('filled') ? '#' : e.classList.contains('crossed') ? 'x' : '.')).join(''));

/** A finger on the page through CDP, as a touch screen sends it. */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  return {
    down: (x: number, y: number) => send('touchStart', x, y),
    move: (x: number, y: number) => send('touchMove', x, y),
    up: () => send('touchEnd'),
  };
}

/** Drags along cells a → b (mouse on a desktop, a finger on a phone), checking the counter mid-drag and after. */
async function dragWithCounter(page: Page, a: number, b: number, cells: number, touch: boolean, shot?: string): Promise<void> {
  const p = await center(page, a);
  const q = await center(page, b);
  const f = touch ? await finger(page) : null;
  if (f) await f.down(p.x, p.y);
  else {
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
  }
  for (let k = 1; k <= 4; k++) {
    const x = p.x + ((q.x - p.x) * k) / 4;
    const y = p.y + ((q.y - p.y) * k) / 4;
    if (f) await f.move(x, y);
    else await page.mouse.move(x, y);
  }
  const badge = page.locator('.ng-count');
  await expect.poll(() => badge.textContent()).toBe(String(cells));
  expect(await badge.isVisible()).toBe(true);
  expect(await badge.getAttribute('aria-hidden')).toBe('true');
  // Above the pointer's cell, so a finger does not hide it; readable (18 px text).
  const box = await badge.boundingBox();
  const end = await cell(page, b).boundingBox();
  if (!box || !end) throw new Error('no badge or cell box');
  expect(box.y + box.height).toBeLessThanOrEqual(end.y + 1);
  expect(box.x + box.width).toBeGreaterThan(end.x - box.width);
  expect(await badge.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(16);
  if (shot) await page.screenshot({ path: join(SHOTS, shot) });
  if (f) await f.up();
  else await page.mouse.up();
  await expect.poll(() => badge.isVisible()).toBe(false);
  // Screen readers hear the length once, at the end.
  expect(await page.locator('.ng-said').textContent()).toMatch(new RegExp(`^${cells} cells in the stroke\\.`));
}

/** Turns auto-cross on or off in the settings panel (on a phone it is behind the menu), and closes the panel. */
async function setAutoCross(page: Page, on: boolean, touch: boolean): Promise<void> {
  await showPickers(page);
  if (touch) await page.locator('#settings-btn').tap();
  else await page.click('#settings-btn');
  await page.locator('#settings').waitFor({ state: 'visible' });
  await page.setChecked('#set-auto-cross', on);
  await page.click('#settings-close');
  await page.locator('#settings').waitFor({ state: 'hidden' });
  if (touch && (await page.locator('#family').isVisible())) await page.click('#menu');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('proofgrid-settings'))) ?? '{}').autoCross).toBe(on);
}

async function tap(page: Page, i: number, touch: boolean): Promise<void> {
  if (!touch) return cell(page, i).click();
  const p = await center(page, i);
  const f = await finger(page);
  await f.down(p.x, p.y);
  await f.up();
}

async function cross(page: Page, i: number, touch: boolean): Promise<void> {
  if (!touch) return cell(page, i).click({ button: 'right' });
  await page.click('#cross-mode');
  await tap(page, i, true);
  await page.click('#cross-mode');
}

describe.skipIf(!haveBrowser)('Nonogram clue comforts', () => {
  mkdirSync(SHOTS, { recursive: true });

  for (const device of ['desktop', 'phone'] as const) {
    const touch = device === 'phone';
    const options = touch ? PHONE : {};

    // npm test runs each of these on one device (the long suite on both).
    (device === 'phone' ? it : longIt)(`${device}: red clue on a line that cannot fit, gone on undo; drag counter during a drag only`, async () => {
      const page = await h.openId(FRAME, options);
      expect(await rowClue(page, 1).getAttribute('class')).not.toContain('red');
      // Row 2 is "1 1": three filled cells in a row cannot fit it.
      await dragWithCounter(page, at(1, 0), at(1, 2), 3, touch, `clues-counter-${device}.png`);
      expect(await marks(page)).toBe('.....###'.padEnd(25, '.'));
      await expect.poll(() => rowClue(page, 1).getAttribute('class')).toContain('red');
      expect(await rowClue(page, 1).getAttribute('aria-label')).toBe('row 2, clues 1 1, cannot fit');
      // Said once, with the stroke's length: the two clues it turned red.
      expect(await page.locator('.ng-said').textContent()).toBe(
        '3 cells in the stroke. Row 2: its clue cannot fit the marks. Column 3: its clue cannot fit the marks.',
      );
      expect(await rowClue(page, 1).getAttribute('title')).toBe('The marks in this line cannot fit this clue');
      // Of the columns it crosses, only column 3 ("1 1 1", so #.#.#) cannot have row 2 filled.
      expect(await colClue(page, 0).getAttribute('class')).not.toContain('red');
      expect(await colClue(page, 1).getAttribute('class')).not.toContain('red');
      expect(await colClue(page, 2).getAttribute('class')).toContain('red');
      await page.screenshot({ path: join(SHOTS, `clues-red-${device}.png`) });
      await page.click('#undo');
      await expect.poll(() => rowClue(page, 1).getAttribute('class')).not.toContain('red');
      expect(await rowClue(page, 1).getAttribute('aria-label')).toBe('row 2, clues 1 1');
      expect(await rowClue(page, 1).getAttribute('title')).toBeNull();
      await page.click('#redo');
      await expect.poll(() => rowClue(page, 1).getAttribute('class')).toContain('red');
      expect(await page.locator('.ng-said').textContent()).toBe('Row 2: its clue cannot fit the marks. Column 3: its clue cannot fit the marks.');
      await page.context().close();
    });

    (device === 'desktop' ? it : longIt)(`${device}: numbers grey once placed, the whole clue once spelled`, async () => {
      const page = await h.openId(FRAME, options);
      // Row 3 "1 1 1": a filled first cell with a cross after it places the first 1 only.
      await tap(page, at(2, 0), touch);
      const nums = rowClue(page, 2).locator('span');
      expect(await nums.nth(0).getAttribute('class')).toBeNull();
      await cross(page, at(2, 1), touch);
      await expect.poll(() => nums.nth(0).getAttribute('class')).toBe('placed');
      expect(await nums.nth(1).getAttribute('class')).toBeNull();
      expect(await nums.nth(2).getAttribute('class')).toBeNull();
      expect(await rowClue(page, 2).getAttribute('aria-label')).toBe('row 3, clues 1 1 1, placed: 1');
      // The last cell filled alone is not placed (the cell before it may still be filled)...
      await tap(page, at(2, 4), touch);
      await expect.poll(async () => (await marks(page)).slice(10, 15)).toBe('#x..#');
      expect(await nums.nth(2).getAttribute('class')).toBeNull();
      // ...until a cross closes it.
      await cross(page, at(2, 3), touch);
      await expect.poll(() => nums.nth(2).getAttribute('class')).toBe('placed');
      expect(await nums.nth(1).getAttribute('class')).toBeNull();
      // The middle one spells the clue: the whole clue greys.
      await tap(page, at(2, 2), touch);
      await expect.poll(() => rowClue(page, 2).getAttribute('class')).toContain('done');
      expect(await rowClue(page, 2).getAttribute('aria-label')).toBe('row 3, clues 1 1 1, done');
      // Undo: back to two numbers placed.
      await page.click('#undo');
      await expect.poll(() => rowClue(page, 2).getAttribute('aria-label')).toBe('row 3, clues 1 1 1, placed: 1 1');
      await page.screenshot({ path: join(SHOTS, `clues-placed-${device}.png`) });
      await page.click('#redo');
      const grey = await nums.nth(0).evaluate((e) => getComputedStyle(e).color);
      const ink = await rowClue(page, 0).evaluate((e) => getComputedStyle(e).color);
      expect(grey).not.toBe(ink);
      await page.screenshot({ path: join(SHOTS, `clues-grey-${device}.png`) });
      await page.context().close();
    });

    (device === 'phone' ? it : longIt)(`${device}: auto-cross on crosses a finished line with the fill, one undo takes both back`, async () => {
      const page = await h.openId(FRAME, options);
      // Turned on in the settings panel; read at each move.
      await setAutoCross(page, true, touch);
      await tap(page, at(1, 0), touch);
      expect((await marks(page)).slice(5, 10)).toBe('#....');
      // The second 1 of row 2 finishes it: its three blank cells are crossed in the same move.
      await tap(page, at(1, 4), touch);
      await expect.poll(async () => (await marks(page)).slice(5, 10)).toBe('#xxx#');
      // Only the finished line: the columns it touched are not finished.
      expect((await marks(page)).replace(/\./g, '')).toBe('#xxx#');
      // Saved as one move: the fill, then its crosses.
      await expect.poll(async () => (await savedGame(page))?.moves).toEqual(['f2.1', 'f2.5+x2.2-2.4']);
      await page.click('#undo');
      await expect.poll(async () => (await marks(page)).slice(5, 10)).toBe('#....');
      await page.click('#redo');
      await expect.poll(async () => (await marks(page)).slice(5, 10)).toBe('#xxx#');
      // The engine takes the move as it is saved (fill and crosses in one): Check finds them right.
      await page.click('#check');
      await expect.poll(() => page.locator('#status').textContent()).toContain('No mistakes so far.');
      // Turned off, a finished line is left as it is.
      await setAutoCross(page, false, touch);
      await tap(page, at(3, 0), touch);
      await tap(page, at(3, 4), touch);
      expect((await marks(page)).slice(15, 20)).toBe('#...#');
      await page.context().close();
    });
  }

  it('red and grey clue numbers are AA (4.5:1) on the clue strip, focus and hint backgrounds, light and dark; axe-core agrees', async () => {
    const page = await h.openId(FRAME);
    // Row 2 red (###..), row 3 with a placed number (#x...), row 5 spelled (#####).
    await dragWithCounter(page, at(1, 0), at(1, 2), 3, false);
    await cell(page, at(2, 0)).click();
    await cell(page, at(2, 1)).click({ button: 'right' });
    await dragWithCounter(page, at(4, 0), at(4, 4), 5, false);
    await page.mouse.move(0, 0);
    await expect.poll(() => rowClue(page, 1).getAttribute('class')).toContain('red');
    const low: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const bg of ['', 'focus', 'hint']) {
        const found = await page.evaluate((bg) => {
          const lum = (c: string) => {
            const [r, g, b] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
              const x = Number(v) / 255;
              return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const background = (e: Element | null): string => {
            for (let x = e; x; x = x.parentElement) {
              const c = getComputedStyle(x).backgroundColor;
              if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
            }
            return 'rgb(255, 255, 255)';
          };
          const out: [string, number][] = [];
          const clues = [...document.querySelectorAll('.row-clue')];
          for (const el of clues) {
            el.classList.remove('focus', 'hint');
            if (bg) el.classList.add(bg);
          }
          for (const span of document.querySelectorAll('.row-clue.red span, .row-clue span.placed, .row-clue.done span')) {
            const a = lum(getComputedStyle(span).color);
            const b = lum(background(span));
            out.push([`${span.parentElement?.getAttribute('aria-label')} ${span.className}`, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)]);
          }
          for (const el of clues) el.classList.remove(bg || 'none');
          return out;
        }, bg);
        // Two red numbers, one placed, one in a spelled clue.
        expect(found.length).toBe(4);
        for (const [what, ratio] of found) if (ratio < 4.5) low.push(`${scheme} ${bg || 'strip'} ${what}: ${ratio.toFixed(2)}`);
      }
      expect(await axeProblems(page)).toEqual([]);
    }
    expect(low).toEqual([]);
    await page.context().close();
  });

  longIt('a 30×30 board with a red clue: screenshots light and dark, desktop and phone; axe-core finds nothing serious', async () => {
    const p = parseNonogramId(FX.nonogram.id);
    if (!p.ok) throw new Error('bad fixture');
    const first = p.value.rows[0][0];
    expect(first).toBeLessThan(p.value.width);
    const problems: string[] = [];
    for (const [device, options] of [
      ['desktop', {}],
      ['phone', PHONE],
    ] as const) {
      const page = await h.openId(FX.nonogram.id, options);
      // Row 1's first block is `first` long: filling one cell more from the left edge cannot fit it.
      for (let c = 0; c <= first; c++) {
        await cell(page, c).focus();
        await page.keyboard.press('f');
      }
      await expect.poll(() => rowClue(page, 0).getAttribute('class')).toContain('red');
      // The red clue is on the focused line (its clue has the focus background): contrast there too.
      expect(await rowClue(page, 0).getAttribute('class')).toContain('focus');
      // A drag down a column, zoomed in on the phone: the counter stays above the finger.
      if (device === 'phone') for (let k = 0; k < 2; k++) await page.click('#zoom-in');
      const w = p.value.width;
      // Zooming keeps the board's middle in view: start on the cell at a point of the screen.
      const start = Number(
        await page.evaluate(() => {
          const b = (document.querySelector('.board') as HTMLElement).getBoundingClientRect();
          const top = Math.max(b.top, (document.querySelector('.ng-cols') as HTMLElement).getBoundingClientRect().bottom);
          const left = Math.max(b.left, (document.querySelector('.ng-rows') as HTMLElement).getBoundingClientRect().right);
          const x = left + (Math.min(b.right, innerWidth) - left) * 0.4;
          const y = top + (Math.min(b.bottom, innerHeight) - top) * 0.15;
          return document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-i]')?.dataset.i;
        }),
      );
      expect(start).toBeGreaterThanOrEqual(0);
      await page.emulateMedia({ colorScheme: 'light' });
      await dragWithCounter(page, start, start + 5 * w, 6, device === 'phone', `clues-30x30-counter-${device}.png`);
      await page.click('#undo');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(SHOTS, `clues-30x30-${device}-${scheme}.png`) });
        for (const p of await axeProblems(page)) problems.push(`${device} ${scheme}: ${p}`);
      }
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
