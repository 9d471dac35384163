/**
 * The Numberlink view in Chromium: generating, solving by mouse drags and by keyboard to the win,
 * shortening and cutting paths, undo/redo, reload, share links, hints, checks, touch and a phone-width
 * screenshot. Solutions are computed here in Node from the descriptive id on screen.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { numberlink } from '../../src/families/numberlink/index.ts';
import { cell, center, haveBrowser, newGame as newGameOf, requireBrowser, saved, SHOTS, usePlayer } from './browser.ts';
import { solutionPaths } from './numberlink-paths.ts';
import { longIt } from '../long.ts';

requireBrowser('the Numberlink player end-to-end tests');

/** A fixed, uniquely solvable 5x5 (its solution is traced below); row 4's "2" has one way on. */
const UNIQUE = 'numberlink:5x5-strict:i1h2g3g3g4h2g54g5h1g';
/** .1... / ..... / 2...2 / .1... / ..... : the straight path of 2 crosses the straight one of 1 (several solutions). */
const CROSS = 'numberlink:5x5-strict:g1n2i2g1n';
/** 1. / 1. under no-2x2: the only way to fill it is one 2×2 block. */
const NO_2X2 = 'numberlink:2x2-no-2x2:1g1g';

const h = usePlayer();
const { open, openId } = h;

const newGame = (page: Page, w: number, hgt: number, level: string): Promise<void> => newGameOf(page, w, hgt, level, 'numberlink');

/** The puzzle on screen and, when it has exactly one solution, each pair's path (cells from its first endpoint). */
async function onScreen(page: Page): Promise<{ id: string; width: number; height: number; paths: number[][] }> {
  const id = (await page.locator('#stage').getAttribute('data-puzzle')) ?? '';
  return { id, ...solutionPaths(id) };
}

/** Link bits of each cell on screen (1 north, 2 east, 4 south, 8 west). */
const links = (page: Page): Promise<number[]> => page.locator('.cell').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.links ?? 0)));

/** A mouse drag through these cells' centres. */
async function drag(page: Page, cells: number[]): Promise<void> {
  const a = await center(page, cells[0]);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (const c of cells.slice(1)) {
    const b = await center(page, c);
    await page.mouse.move(b.x, b.y, { steps: 2 });
  }
  await page.mouse.up();
}

describe.skipIf(!haveBrowser)('Numberlink in the web player (Chromium)', () => {
  it('generates a small puzzle with labelled discs and solves it by mouse drags to the win screen', async () => {
    const page = await open();
    await newGame(page, 5, 5, 'easy');
    const { width: W, paths } = await onScreen(page);
    expect(W).toBe(5);
    expect(await page.locator('#puzzle-id').textContent()).toMatch(new RegExp(`^numberlink@${numberlink.version}:5x5-easy#`));
    // Every endpoint shows its label, and says what it is.
    const first = paths[0][0];
    expect(await cell(page, first).getAttribute('aria-label')).toMatch(/^row \d+, column \d+, endpoint \S+, not linked$/);
    expect(await page.locator('.nl-label').count()).toBe(paths.length * 2);
    expect(await page.locator('#cross-mode').isHidden()).toBe(true);
    expect(await page.locator('#help-list').textContent()).toContain('drag');
    for (const [k, path] of paths.entries()) {
      await drag(page, k % 2 === 0 ? path : [...path].reverse());
      if (k < paths.length - 1) expect(await cell(page, path[path.length - 1]).getAttribute('aria-label')).toContain('(joined)');
    }
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await page.locator('#won-stats').textContent()).toMatch(/Time.*Size5×5.*Level/s);
    expect(await page.locator('#status').textContent()).toBe('Solved! Every pair is joined and every cell is filled.');
    await expect.poll(() => page.locator('#history tbody').textContent()).toContain('Numberlink');
    await page.context().close();
  });

  it('solves by keyboard: arrows move, Space starts drawing, arrows draw, reaching the endpoint stops', async () => {
    const page = await open();
    await newGame(page, 6, 5, 'easy');
    const { width: W, paths } = await onScreen(page);
    await cell(page, 0).focus();
    let at = 0;
    const go = async (to: number) => {
      const [dr, dc] = [Math.floor(to / W) - Math.floor(at / W), (to % W) - (at % W)];
      for (let k = 0; k < Math.abs(dr); k++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
      for (let k = 0; k < Math.abs(dc); k++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
      at = to;
    };
    for (const [k, path] of paths.entries()) {
      await go(path[0]);
      await page.keyboard.press(k % 2 === 0 ? 'Space' : 'Enter');
      expect(await page.locator('#status').textContent()).toMatch(/^Drawing from endpoint/);
      for (const c of path.slice(1)) await go(c);
      if (k < paths.length - 1) {
        expect(await page.locator('#status').textContent()).toMatch(/^Stopped drawing: the path reached endpoint/);
        expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.i)).toBe(String(at));
      }
    }
    await page.locator('#won').waitFor({ state: 'visible' });
    // One move per path.
    await expect.poll(() => saved(page)).toBe(`${paths.length}/0`);
    await page.context().close();
  });

  it('dragging back shortens a path, crossing a path cuts it, and undo/redo take back one drag at a time', async () => {
    const page = await openId(CROSS);
    const at = (r: number, c: number) => (r - 1) * 5 + (c - 1);
    // A from row 1 down column 2 to row 4, back up to row 3, in one drag: the path ends at row 3.
    await drag(page, [at(1, 2), at(2, 2), at(3, 2), at(4, 2), at(3, 2)]);
    let l = await links(page);
    expect([l[at(1, 2)], l[at(2, 2)], l[at(3, 2)], l[at(4, 2)]]).toEqual([4, 5, 1, 0]);
    expect(await cell(page, at(3, 2)).getAttribute('aria-label')).toBe('row 3, column 2, path 1 end, linked north');
    // From the path's end back over it: shorter.
    await drag(page, [at(3, 2), at(2, 2)]);
    l = await links(page);
    expect([l[at(2, 2)], l[at(3, 2)]]).toEqual([1, 0]);
    // Drawn on to A's other end, then B straight across it: A is cut at row 3.
    await drag(page, [at(2, 2), at(3, 2), at(4, 2)]);
    expect(await cell(page, at(4, 2)).getAttribute('aria-label')).toContain('endpoint 1 (joined)');
    await drag(page, [at(3, 1), at(3, 2), at(3, 3), at(3, 4), at(3, 5)]);
    l = await links(page);
    expect([l[at(2, 2)], l[at(3, 2)], l[at(4, 2)]]).toEqual([1, 10, 0]);
    expect(await cell(page, at(3, 5)).getAttribute('aria-label')).toContain('endpoint 2 (joined)');
    await expect.poll(() => saved(page)).toBe('4/0');
    // Undo takes back the whole crossing drag, then the drag before it; redo plays them again.
    await page.click('#undo');
    l = await links(page);
    expect([l[at(3, 1)], l[at(3, 2)], l[at(4, 2)]]).toEqual([0, 5, 1]);
    await page.keyboard.press('Control+z');
    expect((await links(page))[at(3, 2)]).toBe(0);
    await page.click('#redo');
    await page.keyboard.press('Control+y');
    expect((await links(page))[at(3, 2)]).toBe(10);
    await expect.poll(() => saved(page)).toBe('4/0');
    // A tap on a path clears its piece: one more step to undo.
    await cell(page, at(3, 4)).click();
    expect((await links(page)).every((x, i) => x === 0 || i === at(1, 2) || i === at(2, 2))).toBe(true);
    await page.click('#undo');
    expect((await links(page))[at(3, 4)]).toBe(10);
    await page.context().close();
  });

  it('grabbing a path reroutes it from there; a joined endpoint draws afresh; keyboard Escape, Ctrl+Z and Delete', async () => {
    const page = await openId(CROSS);
    const at = (r: number, c: number) => (r - 1) * 5 + (c - 1);
    const col2 = [at(1, 2), at(2, 2), at(3, 2), at(4, 2)];
    await drag(page, col2);
    // Pressed in the middle (row 2) and dragged right: the longer side stays, the shorter goes.
    await drag(page, [at(2, 2), at(2, 3)]);
    let l = await links(page);
    expect([l[at(1, 2)], l[at(2, 2)], l[at(2, 3)], l[at(3, 2)], l[at(4, 2)]]).toEqual([0, 6, 8, 5, 1]);
    // From the endpoint the path starts at: all of it goes, a new one starts.
    await drag(page, [at(4, 2), at(4, 3)]);
    l = await links(page);
    expect(l.filter((x) => x !== 0)).toEqual([2, 8]);
    expect([l[at(4, 2)], l[at(4, 3)]]).toEqual([2, 8]);
    await page.click('#undo');
    expect((await links(page))[at(2, 3)]).toBe(8);
    // Keyboard: Escape stops a drawing (kept); Ctrl+Z during a drawing drops only the drawing; Delete clears.
    await cell(page, at(3, 1)).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    expect(await page.locator('#status').textContent()).toBe('Stopped drawing.');
    l = await links(page);
    expect([l[at(3, 1)], l[at(3, 2)], l[at(3, 3)], l[at(2, 2)], l[at(4, 2)]]).toEqual([2, 10, 8, 2, 0]);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    expect((await links(page))[at(3, 4)]).toBe(8);
    await page.keyboard.press('Control+z');
    expect(await page.locator('#status').textContent()).toBe('Drawing cancelled.');
    l = await links(page);
    expect([l[at(3, 3)], l[at(3, 4)]]).toEqual([8, 0]);
    await expect.poll(() => saved(page)).toBe('3/0');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Delete');
    l = await links(page);
    expect(l.filter((x) => x !== 0)).toEqual([2, 8]);
    expect([l[at(2, 2)], l[at(2, 3)]]).toEqual([2, 8]);
    await page.context().close();
  });

  longIt('a reload restores the game and its undo history; a share link opens the same puzzle in a fresh context', async () => {
    const page = await open();
    await newGame(page, 7, 6, 'medium');
    const { id, paths } = await onScreen(page);
    await drag(page, paths[0]);
    await drag(page, paths[1].slice(0, 2));
    await expect.poll(() => saved(page)).toBe('2/0');
    const before = await links(page);
    await page.reload();
    await page.locator('.board').waitFor();
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(id);
    expect(await links(page)).toEqual(before);
    expect(await page.locator('#status').textContent()).toContain('Welcome back');
    expect(await page.locator('#family').inputValue()).toBe('numberlink');
    expect([await page.locator('#width').inputValue(), await page.locator('#height').inputValue(), await page.locator('#level').inputValue()]).toEqual([
      '7',
      '6',
      'medium',
    ]);
    await page.click('#undo');
    expect((await links(page))[paths[1][0]]).toBe(0);
    await page.click('#share');
    const link = await page.locator('#share-link').inputValue();
    const code = await page.locator('#share-code').inputValue();
    expect(code).toMatch(new RegExp(`^numberlink@${numberlink.version}:7x6-medium#`));
    expect(link).toContain(encodeURIComponent(code));
    await page.context().close();
    const other = await open(link);
    await expect.poll(() => other.locator('#stage').getAttribute('data-puzzle')).toBe(id);
    expect(await other.locator('#puzzle-id').textContent()).toBe(code);
    expect((await links(other)).every((x) => x === 0)).toBe(true);
    await other.context().close();
  });

  it('hint highlights the cells of the next step; check finds a wrong link and shows it when asked', async () => {
    const page = await openId(UNIQUE);
    const { paths } = await onScreen(page);
    expect(await page.locator('#verdict').textContent()).toContain('exactly one solution');
    await page.click('#hint');
    await expect
      .poll(() => page.locator('#status').textContent())
      .toMatch(/^Hint \(only way on\): The 2 path at row 4, column 1 has only one way on: into row 4, column 2\./);
    expect(await page.locator('.cell.hint').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)))).toEqual([15, 16]);
    expect(await page.locator('.nl-hint').count()).toBe(1);
    // A right path, then a link no solution has: check says so, and shows the cells when asked.
    await drag(page, paths[0]);
    expect(await page.locator('.cell.hint').count()).toBe(0);
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('No mistakes so far.');
    const onPath = new Map(paths.flatMap((path) => path.map((c) => [c, path] as const)));
    const linked = (a: number, b: number) => {
      const path = onPath.get(a)!;
      const t = path.indexOf(a);
      return path[t - 1] === b || path[t + 1] === b;
    };
    const free = (i: number) => paths.every((path) => path[0] !== i && path[path.length - 1] !== i) && !paths[0].includes(i);
    let wrong: [number, number] | null = null;
    for (let i = 0; i < 25 && !wrong; i++) {
      for (const j of [i % 5 < 4 ? i + 1 : -1, i + 5 < 25 ? i + 5 : -1]) if (!wrong && j >= 0 && free(i) && free(j) && !linked(i, j)) wrong = [i, j];
    }
    expect(wrong).not.toBeNull();
    await drag(page, wrong!);
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Something does not match.');
    expect(await page.locator('.cell.wrong').count()).toBe(0);
    await page.check('#show-wrong');
    await page.click('#check');
    await expect.poll(() => page.locator('.cell.wrong').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)))).toEqual(wrong);
    await page.click('#hint');
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Hint \(mistake\)/);
    expect(await page.locator('.cell.hint').count()).toBe(2);
    await page.click('#undo');
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('No mistakes so far.');
    await page.context().close();
  });

  it('imports a Numberlink file and plays it; restart clears the paths; a bad file is refused by line; a broken rule set is named', async () => {
    const page = await open();
    await page.selectOption('#family', 'numberlink');
    expect(await page.locator('#import').getAttribute('accept')).toContain('.flow');
    await page.setInputFiles('#import', { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('# two pairs\n3 3\nA.B\n...\nA.B\n') });
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe('numberlink:3x3-strict:1g2i1g2');
    expect(await page.locator('#verdict').textContent()).toContain('no solution');
    // The puzzle on screen is its descriptive id, whose labels are numbers.
    expect(await page.locator('.nl-label').allTextContents()).toEqual(['1', '1', '2', '2']);
    await drag(page, [0, 3, 6]);
    expect(await cell(page, 6).getAttribute('aria-label')).toBe('row 3, column 1, endpoint 1 (joined), linked north');
    await page.click('#restart');
    expect((await links(page)).every((x) => x === 0)).toBe(true);
    await page.setInputFiles('#import', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('3 3\nA.B\n..\nA.B\n') });
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^bad\.txt could not be read: [a-z].*\(line 3: /);
    // A rule set beyond the basic rules is shown, and a full board that breaks it says why it has not won.
    await page.evaluate((hash) => (location.hash = hash), `play=${encodeURIComponent(NO_2X2)}`);
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(NO_2X2);
    expect(await page.locator('#rules').textContent()).toBe('rules: no 2×2 of one path');
    await drag(page, [0, 1, 3, 2]);
    expect(await page.locator('#status').textContent()).toBe(
      'Every pair is joined and every cell is filled, but the 2x2 block at row 1 column 1 belongs to path 1: No 2×2 block of cells may belong to a single path.',
    );
    expect(await page.locator('#won').isHidden()).toBe(true);
    await page.context().close();
  });

  // Long suite only (npm test's four minutes); CI runs it at every stop.
  longIt('at phone width the board fits; touch drags draw and a tap clears; screenshots in both themes', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await open(h.url, { width: 360, height: 740, touch: true });
    await newGame(page, 10, 10, 'easy');
    const { paths } = await onScreen(page);
    const box = await page.locator('.board').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThan(250);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A touch drag (pointer events as a finger sends them) along a path, then a tap on it.
    await page.locator('.board').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const touch = async (type: string, i: number) => {
      const c = await center(page, i);
      await page.evaluate(
        ([t, x, y]) => {
          const target = document.elementFromPoint(x as number, y as number)!;
          target.dispatchEvent(
            new PointerEvent(t as string, {
              bubbles: true,
              cancelable: true,
              pointerId: 9,
              pointerType: 'touch',
              isPrimary: true,
              clientX: x as number,
              clientY: y as number,
              button: 0,
            }),
          );
        },
        [type, c.x, c.y] as const,
      );
    };
    const path = paths[0];
    await touch('pointerdown', path[0]);
    for (const c of path.slice(1)) await touch('pointermove', c);
    await touch('pointerup', path[path.length - 1]);
    expect(await cell(page, path[0]).getAttribute('aria-label')).toContain('(joined)');
    for (const other of paths.slice(1, 4)) await drag(page, other);
    await page.screenshot({ path: join(SHOTS, 'numberlink-phone.png'), fullPage: true });
    await page.click('#theme');
    await page.screenshot({ path: join(SHOTS, 'numberlink-phone-other-theme.png'), fullPage: true });
    expect(statSync(join(SHOTS, 'numberlink-phone.png')).size).toBeGreaterThan(5000);
    await cell(page, path[1]).tap();
    expect((await links(page))[path[0]]).toBe(0);
    await page.context().close();
  });
});
