import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longIt } from '../long.ts';
import { countSolutions } from '../../src/families/nonogram/solver.ts';
import { parseNonogramId } from '../../src/families/nonogram/formats/id.ts';
import { cell, center, haveBrowser, newGame, requireBrowser, saved, SHOTS, usePlayer } from './browser.ts';

requireBrowser('the player end-to-end tests');

/** Generator v1 tries all its 400 candidates for this id and certifies none at expert level (~5 s in Node). */
const SLOW_ID = 'nonogram@1:60x60-expert#slow';

const h = usePlayer();
const { open } = h;

/** The puzzle on screen (its descriptive id), and its unique solution computed here in Node. */
async function onScreen(page: Page): Promise<{ id: string; width: number; height: number; solution: Uint8Array }> {
  const id = (await page.locator('#stage').getAttribute('data-puzzle')) ?? '';
  const p = parseNonogramId(id);
  if (!p.ok) throw new Error(`bad id on screen: ${id}`);
  const v = countSolutions(p.value);
  if (v.kind !== 'unique') throw new Error(`puzzle on screen is ${v.kind}`);
  return { id, width: p.value.width, height: p.value.height, solution: v.solution };
}

const filledCells = (page: Page) => page.locator('.cell.filled').count();

describe.skipIf(!haveBrowser)('web player in Chromium', () => {
  it('opens with the embedded default puzzle, graded and certified, with readable labels', async () => {
    const page = await open();
    await expect.poll(() => page.locator('#puzzle-id').textContent()).toBe('nonogram@1:10x10-easy#welcome');
    expect(await page.locator('#verdict').textContent()).toContain('exactly one solution');
    expect(await page.locator('#grade').textContent()).toContain('easy');
    expect(await cell(page, 0).getAttribute('aria-label')).toBe('row 1, column 1, blank');
    expect(await page.locator('.row-clue').first().getAttribute('aria-label')).toMatch(/^row 1, clues? [0-9 ]+$/);
    expect(await page.locator('.board').getAttribute('role')).toBe('grid');
    await page.context().close();
  });

  it('generates a small puzzle and solves it by mouse (clicks, drags, right-click crosses) to the win screen', async () => {
    const page = await open();
    await newGame(page, 5, 5, 'easy');
    const { width: W, height: H, solution } = await onScreen(page);
    expect([W, H]).toEqual([5, 5]);
    for (let r = 0; r < H; r++) {
      let c = 0;
      while (c < W) {
        const i = r * W + c;
        if (solution[i] === 1) {
          let e = c;
          while (e + 1 < W && solution[r * W + e + 1] === 1) e++;
          const a = await center(page, i);
          const b = await center(page, r * W + e);
          await page.mouse.move(a.x, a.y);
          await page.mouse.down();
          await page.mouse.move(b.x, b.y, { steps: 4 });
          await page.mouse.up();
          c = e + 1;
        } else {
          if (r === 0) await cell(page, i).click({ button: 'right' });
          c++;
        }
      }
    }
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await page.locator('#won-stats').textContent()).toMatch(/Time.*Size5×5.*Level/s);
    await expect.poll(() => page.locator('#history summary').textContent()).toBe('Finished games (1)');
    await page.context().close();
  });

  it('solves by keyboard alone (arrows to move, Space fills, X crosses)', async () => {
    const page = await open();
    await newGame(page, 5, 5, 'easy');
    const { width: W, height: H, solution } = await onScreen(page);
    await cell(page, 0).focus();
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        await page.keyboard.press(solution[r * W + c] === 1 ? 'Space' : 'x');
        if (c < W - 1) await page.keyboard.press('ArrowRight');
      }
      if (r < H - 1) {
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Home');
      }
    }
    await page.locator('#won').waitFor({ state: 'visible' });
    // The win comes with the last filled cell (crosses after it land on the win dialog): every cross
    // placed is on an empty cell of the solution.
    const crossed = await page.locator('.cell.crossed').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)));
    expect(crossed.length).toBeGreaterThan(0);
    expect(crossed.every((i) => solution[i] === 0)).toBe(true);
    await page.context().close();
  });

  it('undo and redo each decision (buttons and Ctrl+Z / Ctrl+Y)', async () => {
    const page = await open();
    await cell(page, 0).click();
    await cell(page, 1).click({ button: 'right' });
    expect(await cell(page, 0).getAttribute('class')).toContain('filled');
    await page.click('#undo');
    expect(await cell(page, 1).getAttribute('class')).not.toContain('crossed');
    await page.click('#undo');
    expect(await filledCells(page)).toBe(0);
    expect(await page.locator('#undo').isDisabled()).toBe(true);
    await page.click('#redo');
    expect(await filledCells(page)).toBe(1);
    await page.keyboard.press('Control+z');
    expect(await filledCells(page)).toBe(0);
    await page.keyboard.press('Control+y');
    expect(await filledCells(page)).toBe(1);
    await page.context().close();
  });

  it('restart clears the marks of the same puzzle; new game makes another', async () => {
    const page = await open();
    const first = await page.locator('#stage').getAttribute('data-puzzle');
    await cell(page, 3).click();
    await cell(page, 4).click();
    await page.click('#restart');
    expect(await filledCells(page)).toBe(0);
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(first);
    await newGame(page, 10, 10, 'medium');
    expect(await page.locator('#stage').getAttribute('data-puzzle')).not.toBe(first);
    expect(await page.locator('#grade').textContent()).toContain('medium');
    await page.context().close();
  });

  it('a reload restores the game: puzzle, marks, undo history', async () => {
    const page = await open();
    await newGame(page, 10, 5, 'easy');
    const id = await page.locator('#stage').getAttribute('data-puzzle');
    await cell(page, 7).click();
    await cell(page, 8).click({ button: 'right' });
    await expect.poll(() => saved(page)).toBe('2/0');
    await page.reload();
    await page.locator('.board').waitFor();
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(id);
    expect(await cell(page, 7).getAttribute('class')).toContain('filled');
    expect(await cell(page, 8).getAttribute('class')).toContain('crossed');
    expect(await page.locator('#status').textContent()).toContain('Welcome back');
    await page.click('#undo');
    expect(await cell(page, 8).getAttribute('class')).not.toContain('crossed');
    // A closed tab: another page of the same browser profile resumes the game (once the undo is saved).
    await expect.poll(() => saved(page)).toBe('1/1');
    const ctx = page.context();
    await page.close();
    const again = await ctx.newPage();
    await again.goto(h.url);
    await again.locator('.board').waitFor();
    await expect.poll(() => again.locator('#stage').getAttribute('data-puzzle')).toBe(id);
    expect(await cell(again, 7).getAttribute('class')).toContain('filled');
    expect(await again.locator('#redo').isDisabled()).toBe(false);
    await ctx.close();
  });

  it('a share link opens the same puzzle in a fresh browser context', async () => {
    const page = await open();
    await newGame(page, 15, 10, 'medium');
    const id = await page.locator('#stage').getAttribute('data-puzzle');
    await page.click('#share');
    const link = await page.locator('#share-link').inputValue();
    const code = await page.locator('#share-code').inputValue();
    expect(code).toMatch(/^nonogram@1:15x10-medium#/);
    expect(link).toContain(encodeURIComponent(code));
    await page.context().close();
    const other = await open(link);
    await expect.poll(() => other.locator('#stage').getAttribute('data-puzzle')).toBe(id);
    expect(await other.locator('#puzzle-id').textContent()).toBe(code);
    // The pickers follow the puzzle on screen.
    expect([await other.locator('#width').inputValue(), await other.locator('#height').inputValue(), await other.locator('#level').inputValue()]).toEqual([
      '15',
      '10',
      'medium',
    ]);
    await other.context().close();
  });

  it('cancelling a long generation stops the engine at once and keeps the page responsive', async () => {
    const page = await open();
    const id = await page.locator('#stage').getAttribute('data-puzzle');
    // A shared 60x60 expert id: regenerating it takes seconds of engine work.
    await page.evaluate((h) => (location.hash = h), `play=${encodeURIComponent(SLOW_ID)}`);
    await page.locator('#busy').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('#busy-progress').textContent()).toMatch(/Candidate \d+ of at most/);
    // The page answers while the engine works.
    const t1 = Date.now();
    expect(await page.evaluate(() => document.querySelectorAll('.cell').length)).toBeGreaterThan(0);
    expect(Date.now() - t1).toBeLessThan(1000);
    expect(await page.locator('#busy').isVisible()).toBe(true);
    const t0 = Date.now();
    await page.click('#cancel');
    await page.locator('#busy').waitFor({ state: 'hidden' });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await page.locator('#status').textContent()).toContain('Cancelled');
    // Escape cancels too.
    await page.evaluate((h) => (location.hash = h), `play=${encodeURIComponent(SLOW_ID)}`);
    await expect.poll(() => page.locator('#busy-progress').textContent()).toMatch(/Candidate \d+ of at most/);
    await page.keyboard.press('Escape');
    await page.locator('#busy').waitFor({ state: 'hidden', timeout: 2000 });
    // Same game, still playable, and a fresh engine answers.
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(id);
    await cell(page, 0).click();
    expect(await cell(page, 0).getAttribute('class')).toContain('filled');
    await page.click('#hint');
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Hint \(/);
    await page.context().close();
  });

  // About 13 s of generation that certifies nothing: the long suite only (test/long.ts).
  longIt(
    'a generation that cannot certify says why and shows no puzzle',
    async () => {
      const page = await open();
      const id = await page.locator('#stage').getAttribute('data-puzzle');
      await page.evaluate((h) => (location.hash = h), `play=${encodeURIComponent(SLOW_ID)}`);
      await page.locator('#failed').waitFor({ state: 'visible', timeout: 45_000 });
      expect(await page.locator('#failed-msg').textContent()).toMatch(
        /^No puzzle is shown: none of the candidates .* could be proven to have exactly one solution/,
      );
      // Deterministic: the same id would fail the same way, so no retry is offered for it.
      expect(await page.locator('#retry').isHidden()).toBe(true);
      await page.click('#failed-close');
      expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(id);
      await page.context().close();
    },
    60_000,
  );

  longIt('a new game that runs out of time says why and offers another seed', async () => {
    const page = await open(`${h.url}?limit=0.001`);
    const id = await page.locator('#stage').getAttribute('data-puzzle');
    await page.selectOption('#width', '30');
    await page.selectOption('#height', '30');
    await page.selectOption('#level', 'expert');
    await page.click('#new');
    await page.locator('#failed').waitFor({ state: 'visible' });
    expect(await page.locator('#failed-msg').textContent()).toMatch(/^No puzzle is shown: the generator ran out of time before it could prove/);
    expect(await page.locator('#retry').textContent()).toBe('Try another seed');
    await page.click('#retry');
    await page.locator('#failed').waitFor({ state: 'visible' });
    await page.click('#failed-close');
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(id);
    await page.context().close();
  });

  it('touch: a tap fills, cross mode makes taps cross, a long press crosses', async () => {
    const ctx = await h.browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    await page.goto(h.url);
    await page.locator('.board').waitFor();
    await cell(page, 0).tap();
    expect(await cell(page, 0).getAttribute('class')).toContain('filled');
    await page.locator('#cross-mode').tap();
    expect(await page.locator('#cross-mode').getAttribute('aria-pressed')).toBe('true');
    await cell(page, 1).tap();
    expect(await cell(page, 1).getAttribute('class')).toContain('crossed');
    await page.locator('#cross-mode').tap();
    // A long press: touch pointer down, held past the long-press time, then up.
    const c = await center(page, 2);
    const fire = (type: string) =>
      page.evaluate(
        ([t, x, y]) => {
          const target = document.elementFromPoint(x as number, y as number)!;
          target.dispatchEvent(
            new PointerEvent(t as string, {
              bubbles: true,
              cancelable: true,
              pointerId: 7,
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
    await fire('pointerdown');
    await page.waitForTimeout(700);
    await fire('pointerup');
    expect(await cell(page, 2).getAttribute('class')).toContain('crossed');
    await ctx.close();
  });

  it('hint names the technique and highlights its line; check finds a mistake without revealing cells unless asked', async () => {
    const page = await open();
    const { solution } = await onScreen(page);
    await page.click('#hint');
    await expect
      .poll(() => page.locator('#status').textContent())
      .toMatch(/^Hint \((overlap|completion|unreachable|line logic|contradiction)\): (row|column) \d+/);
    expect(await page.locator('.clue.hint').count()).toBe(1);
    const wrong = solution.indexOf(0);
    await cell(page, wrong).click();
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Something does not match.');
    expect(await page.locator('.cell.wrong').count()).toBe(0);
    await page.check('#show-wrong');
    await page.click('#check');
    await expect.poll(() => page.locator('.cell.wrong').count()).toBe(1);
    await page.click('#undo');
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('No mistakes so far.');
    await page.context().close();
  });

  it('imports a puzzle file and shows its verdict; a bad file gets an error naming the line', async () => {
    const page = await open();
    const ambiguous = 'width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n';
    await page.setInputFiles('#import', { name: 'two.non', mimeType: 'text/plain', buffer: Buffer.from(ambiguous) });
    await expect.poll(() => page.locator('#verdict').textContent()).toContain('more than one solution');
    expect(await page.locator('.cell').count()).toBe(4);
    await page.setInputFiles('#import', { name: 'bad.non', mimeType: 'text/plain', buffer: Buffer.from('width 2\nheight x\n') });
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^bad\.non could not be read: [a-z].*\(line 2: /);
    await page.context().close();
  });

  it('switches theme, and shows the board at desktop and at phone width (screenshots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await open();
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.click('#theme');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(before);
    for (const [name, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(100);
      const box = await page.locator('.board').boundingBox();
      expect(box).not.toBeNull();
      expect(box!.width).toBeGreaterThan(150);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const file = join(SHOTS, `player-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      expect(statSync(file).size).toBeGreaterThan(5000);
    }
    await page.context().close();
  });
});
