/**
 * Imports that respect the file: a collection's first puzzle plays at once while the rest is checked in
 * a worker of its own (progress, Stop, each verdict as it arrives, the game's worker free for checks);
 * an imported Numberlink puzzle plays under the first rule set that makes it unique, says which, and
 * lets the player choose another. The files are made here by repeating a few generated puzzles
 * (test/e2e/fixtures/collection-*.ids) into the shapes of the real collections: a 1000-puzzle TAAI
 * tournament file of 25×25 boards and a 135-puzzle Janko-style `W H` grid file.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/api/index.ts';
import { makeClue, makeEdgematchId, makePuz } from '../../src/families/edgematch/formats/index.ts';
import { generatePlayable, playableParams } from '../../src/families/edgematch/generator.ts';
import { longIt } from '../long.ts';
import { axeProblems, haveBrowser, requireBrowser, SHOTS, showPickers, usePlayer } from './browser.ts';

requireBrowser('the import tests');

const h = usePlayer();
const fixture = (name: string): string[] =>
  readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8')
    .split('\n')
    .filter((l) => l !== '');

/** `n` puzzles, the fixture's repeated in turn, written in `format`. */
function file(ids: string[], n: number, format: string): string {
  const r = api.convert(
    Array.from({ length: n }, (_, k) => ids[k % ids.length]),
    format,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value.text;
}

/**
 * Chooses `name` in the file picker and answers how long (ms, measured in the page) from the choice
 * to a board of the file's on the stage.
 */
async function importTimed(page: Page, name: string, text: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { t0?: number; t1?: number };
    delete w.t1;
    const before = document.querySelector<HTMLElement>('#stage')!.dataset.puzzle;
    document.querySelector('#import')!.addEventListener('change', () => (w.t0 = performance.now()), { once: true, capture: true });
    new MutationObserver((_, obs) => {
      if (document.querySelector<HTMLElement>('#stage')!.dataset.puzzle !== before && document.querySelector('#stage .board')) {
        w.t1 = performance.now();
        obs.disconnect();
      }
    }).observe(document.querySelector('#stage')!, { attributes: true, childList: true });
  });
  await page.setInputFiles('#import', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction(() => (window as unknown as { t1?: number }).t1 !== undefined, undefined, { timeout: 10_000 });
  return page.evaluate(() => {
    const w = window as unknown as { t0: number; t1: number };
    return w.t1 - w.t0;
  });
}

const verdicts = (page: Page): Promise<(string | null)[]> =>
  page.locator('#collection-list li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.verdict ?? null));
const checkedCount = async (page: Page): Promise<number> => (await verdicts(page)).filter((v) => v !== 'pending').length;

describe.skipIf(!haveBrowser)('imports that respect the file', () => {
  // The long suite (a minute of background checking under load): npm test imports the 135-puzzle file below.
  longIt('a 1000-puzzle TAAI file plays its first puzzle at once; the rest is checked in the background with progress, and Stop ends it', async () => {
    const ids = fixture('collection-nonogram.ids');
    const page = await h.open();
    const ms = await importTimed(page, 'taai-1000.txt', file(ids, 1000, 'taai'));
    console.log(`TAAI 1000: first puzzle on the board ${Math.round(ms)} ms after the file was chosen`);
    expect(ms).toBeLessThan(1500);
    expect(await page.locator('#stage').getAttribute('data-puzzle')).toBe(ids[0]);
    expect(await page.locator('.board').count()).toBe(1);
    // Progress: the bar above the board counts, verdicts arrive in the list as they are reached.
    await expect.poll(() => page.locator('#collection-status').textContent()).toMatch(/^taai-1000\.txt: \d+ of 1000 puzzles checked$/);
    await expect.poll(() => checkedCount(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect((await verdicts(page)).slice(0, 3)).toEqual(['unique', 'unique', 'unique']);
    await expect.poll(() => page.locator('#verdict').textContent()).toBe('exactly one solution (proven)');
    // The game's own worker is free: a check answers while the file is still being checked.
    expect(await page.locator('#collection-stop').isVisible()).toBe(true);
    const t = Date.now();
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('No mistakes so far.');
    expect(Date.now() - t).toBeLessThan(3000);
    await page.setViewportSize({ width: 360, height: 740 });
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('#collection-list summary').click();
    // The bar sits above the board, the list below it: the board stays on the first screen.
    const [bar, board, list] = await Promise.all(['#collection', '.board', '#collection-list'].map((s) => page.locator(s).boundingBox()));
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(board!.y);
    expect(list!.y).toBeGreaterThanOrEqual(board!.y + board!.height);
    await page.screenshot({ path: join(SHOTS, 'import-collection-phone.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Stop: the worker is terminated at once; no verdict arrives after it.
    await page.click('#collection-stop');
    await expect.poll(() => page.locator('#collection-status').textContent()).toMatch(/^taai-1000\.txt: checking stopped, \d+ of 1000 puzzles checked\./);
    const stopped = await checkedCount(page);
    expect(stopped).toBeLessThan(1000);
    await page.waitForTimeout(500);
    expect(await checkedCount(page)).toBe(stopped);
    // A puzzle not reached is still played from the list, and checked alone.
    const row = page.locator('#collection-list li').nth(stopped + 1);
    expect(await row.getAttribute('data-verdict')).toBe('pending');
    await row.locator('button').click();
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(ids[(stopped + 1) % ids.length]);
    await expect.poll(() => row.getAttribute('data-verdict')).toBe('unique');
    await expect.poll(() => page.locator('#verdict').textContent()).toBe('exactly one solution (proven)');
    expect(await row.getAttribute('aria-current')).toBe('true');
    await page.screenshot({ path: join(SHOTS, 'import-collection-desktop.png') });
    await page.context().close();
  });

  longIt('a Janko-style 135-puzzle Numberlink file plays under the first rule set that makes each unique, and the player can change it', async () => {
    const ids = fixture('collection-numberlink.ids');
    const page = await h.open(undefined, { width: 360, height: 740, touch: true });
    await showPickers(page);
    await page.selectOption('#family', 'numberlink');
    const ms = await importTimed(page, 'janko-135.txt', file(ids, 135, 'grid'));
    console.log(`Numberlink 135: first puzzle on the board ${Math.round(ms)} ms after the file was chosen`);
    expect(ms).toBeLessThan(1500);
    // The first puzzle has several solutions under the plain rule and one under no-2x2: played under no-2x2, and said.
    const underNo2x2 = ids[0].replace('-strict:', '-no-2x2:');
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(underNo2x2);
    expect(await page.locator('#rule-set').inputValue()).toBe('no-2x2');
    expect(await page.locator('#rules').textContent()).toBe('rules: no 2×2 of one path');
    expect(await page.locator('#verdict').textContent()).toBe('exactly one solution (proven)');
    expect(await page.locator('#status').textContent()).toContain(
      'Played under the rule set “no 2×2 of one path”, the first that gives it exactly one solution (standard: several solutions).',
    );
    // Check works under the chosen rule set.
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toBe('No mistakes so far.');
    await page.screenshot({ path: join(SHOTS, 'import-numberlink-rules-phone.png') });
    expect(await axeProblems(page)).toEqual([]);
    // The second is unique under the plain rule; the list says each one's rule set as it is counted.
    await expect.poll(() => checkedCount(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    const rows = page.locator('#collection-list li span');
    expect(await rows.nth(0).textContent()).toBe('1. 11×11 · one solution · rules: no 2×2 of one path');
    expect(await rows.nth(1).textContent()).toBe('2. 11×11 · one solution · rules: standard');
    // The player chooses the plain rule: counted under it, several solutions, so Check is off.
    await page.selectOption('#rule-set', 'strict');
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(ids[0]);
    expect(await page.locator('#status').textContent()).toBe(
      'Now played under the rule set “standard”: more than one solution: any answer that follows the rules wins.',
    );
    expect(await page.locator('#rules').textContent()).toBe('rules: standard');
    await page.click('#check');
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Check needs a puzzle with exactly one proven solution/);
    // Stop is tested on the 1000-puzzle file; here the 135 may all be checked by now (the bar's Stop
    // then hides, perhaps between a look and a click): either way the bar says how checking ended.
    const stopped = await page
      .locator('#collection-stop')
      .click({ timeout: 2000 })
      .then(
        () => true,
        () => false,
      );
    await expect
      .poll(() => page.locator('#collection-status').textContent())
      .toMatch(stopped ? /checking stopped|all 135 puzzles checked/ : /all 135 puzzles checked/);
    await page.context().close();
  });

  it('a small file is checked to the end and says what it found; an id naming its rule set keeps it', async () => {
    const ids = fixture('collection-numberlink.ids');
    const page = await h.open();
    await page.selectOption('#family', 'numberlink');
    await page.setInputFiles('#import', {
      name: 'three.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`${file(ids.slice(0, 2), 2, 'grid')}\n3 3\n1..\n...\n..1\n`),
    });
    await expect
      .poll(() => page.locator('#collection-status').textContent(), { timeout: 10_000 })
      .toBe('three.txt: all 3 puzzles checked (2 with exactly one solution, 1 with several).');
    expect(await page.locator('#collection-stop').isHidden()).toBe(true);
    await page.locator('#collection-list summary').click();
    // The bar and the open list (with its Play buttons): axe-core finds no serious violation, in both themes.
    expect(await axeProblems(page)).toEqual([]);
    await page.click('#theme');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'import-collection-dark.png'), fullPage: true });
    await page.locator('#collection-list li').nth(2).locator('button').click();
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toMatch(/^numberlink:3x3-strict:/);
    expect(await page.locator('#status').textContent()).toContain(
      'No rule set tried gives it exactly one proven solution (standard: several solutions; no 2×2 of one path: no solution). Check is off',
    );
    const own = ids[0].replace('-strict:', '-no-touch:');
    await page.setInputFiles('#import', { name: 'own.id', mimeType: 'text/plain', buffer: Buffer.from(`${own}\n`) });
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(own);
    expect(await page.locator('#status').textContent()).toBe('Imported: exactly one solution (proven).');
    await page.context().close();
  });

  it('files dropped on the page import as if chosen: a board suite .puz with its .clue together', async () => {
    const g = generatePlayable(playableParams(4, 4, 'easy'), 'e2e-drop');
    if (!g.ok) throw new Error(g.message);
    const page = await h.open();
    await page.selectOption('#family', 'edgematch');
    const drop = (files: { name: string; text: string }[]) =>
      page.evaluate((fs) => {
        const dt = new DataTransfer();
        for (const f of fs) dt.items.add(new File([f.text], f.name, { type: 'text/plain' }));
        const stage = document.querySelector('#stage')!;
        const over = new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true });
        stage.dispatchEvent(over);
        stage.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        return over.defaultPrevented;
      }, files);
    expect(
      await drop([
        { name: 'suite.puz', text: makePuz(g.puzzle) },
        { name: 'suite.clue', text: makeClue(g.puzzle) },
      ]),
    ).toBe(true);
    // The import is read and counted in the worker: a loaded CI machine took over 5 s (the default wait) once.
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle'), { timeout: 20_000 }).toBe(makeEdgematchId(g.puzzle));
    await expect.poll(() => page.locator('#status').textContent(), { timeout: 20_000 }).toBe('Imported: exactly one solution (proven).');
    expect(await page.locator('#about').textContent()).toBe('Edge matching 4×4, imported from suite.puz');
    await page.context().close();
  });

  it('a game of an imported puzzle saved undecided is checked again when it resumes (here: moved to the rule set that fits)', async () => {
    const ids = fixture('collection-numberlink.ids');
    const page = await h.open();
    const ctx = page.context();
    await page.selectOption('#family', 'numberlink');
    await page.setInputFiles('#import', { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from(file([ids[0]], 1, 'grid')) });
    const fits = ids[0].replace('-strict:', '-no-2x2:');
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(fits);
    await page.close();
    // The save as a page closed before the verdict came would leave it: undecided, under the plain rule.
    const other = await ctx.newPage();
    await other.goto(`${h.url}favicon.svg`);
    await other.evaluate(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('proofgrid');
          req.onsuccess = () => {
            const tx = req.result.transaction('games', 'readwrite');
            const games = tx.objectStore('games');
            const get = games.get('current');
            get.onsuccess = () => games.put({ ...get.result, puzzle: id, shareId: id, verdict: 'inconclusive', grade: null }, 'current');
            tx.oncomplete = () => {
              req.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      ids[0],
    );
    await other.goto(h.url);
    await other.locator('.board').waitFor();
    expect(await other.locator('#status').textContent()).toBe('Welcome back: your game is as you left it.');
    await expect.poll(() => other.locator('#stage').getAttribute('data-puzzle')).toBe(fits);
    expect(await other.locator('#verdict').textContent()).toBe('exactly one solution (proven)');
    expect(await other.locator('#rule-set').inputValue()).toBe('no-2x2');
    await ctx.close();
  });
});
