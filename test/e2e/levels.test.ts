/**
 * Honest levels in Chromium (issue 17 item 1): the level picker offers only the (size, level) pairs
 * the family's level table says its generator makes, and says why the others are missing; every game
 * a picker option gives shows the level the engine measures for it (graded again here, in Node), which
 * is the level picked, unless the page said another came out and the player kept it; a seeded id out
 * of reach opens the "an easy came out" dialog, whose Keep it plays that puzzle at its measured level.
 * Desktop and a 360×740 phone with touch; screenshots in test-results/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAMILIES, familyLevels, type AnyFamily } from '../../src/families/index.ts';
import { haveBrowser, requireBrowser, SHOTS, showPickers, usePlayer } from './browser.ts';

requireBrowser('the honest-levels end-to-end tests');

const h = usePlayer();

/** The level the engine measures for the puzzle on the stage (its descriptive id, graded again). */
function measuredLevel(family: string, id: string): string {
  const f = FAMILIES[family as keyof typeof FAMILIES] as unknown as AnyFamily;
  const p = f.parsePuzzle(id);
  if (!p.ok) throw new Error(`${id}: ${p.error.message}`);
  const g = f.grade(p.value, { deadlineMs: 60_000 });
  if (!g.ok) throw new Error(`${id}: ${g.message}`);
  return g.grade.level;
}

/** The level the page shows: "Level: hard (measured: …)" → "hard". */
async function shownLevel(page: Page): Promise<string> {
  const text = (await page.locator('#grade').textContent()) ?? '';
  return /^Level: (\w+)/.exec(text)?.[1] ?? text;
}

/**
 * Picks a pair and presses New game; answers the level the game shows, after Keep it when the page
 * said another level came out (then that level is the one it named).
 */
async function play(page: Page, family: string, w: number, hgt: number, level: string): Promise<{ shown: string; id: string; said: string | null }> {
  const before = await page.locator('#stage').getAttribute('data-puzzle');
  await showPickers(page);
  await page.selectOption('#family', family);
  await page.selectOption('#width', String(w));
  await page.selectOption('#height', String(hgt));
  await page.selectOption('#level', level);
  await page.click('#new');
  await page.waitForFunction((b) => {
    const s = document.querySelector('#stage') as HTMLElement;
    const failed = !(document.querySelector('#failed') as HTMLElement).hidden;
    return failed || (s.dataset.puzzle !== b && (document.querySelector('#busy') as HTMLElement).hidden);
  }, before);
  let said: string | null = null;
  if (!(await page.locator('#failed').isHidden())) {
    // Budget ran out at this level: the dialog names the level that came out, and Keep it plays it.
    const title = (await page.locator('#failed-title').textContent()) ?? '';
    said = /^An? (\w+) came out$/.exec(title)?.[1] ?? null;
    expect(said, `dialog title "${title}"`).not.toBeNull();
    expect(said).not.toBe(level);
    await page.click('#keep');
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).not.toBe(before);
  }
  const id = (await page.locator('#stage').getAttribute('data-puzzle')) ?? '';
  return { shown: await shownLevel(page), id, said };
}

/** Pairs the pickers offer, over the three families and a few sizes and levels. */
const PAIRS: [string, number, number, string][] = [
  ['numberlink', 6, 6, 'hard'],
  ['numberlink', 8, 8, 'expert'],
  ['numberlink', 10, 10, 'medium'],
  ['nonogram', 10, 10, 'hard'],
  ['nonogram', 5, 5, 'medium'],
  ['edgematch', 4, 4, 'medium'],
  ['edgematch', 5, 5, 'hard'],
];

describe('honest levels', () => {
  it.skipIf(!haveBrowser)(
    'every game a picker option gives shows the level measured for it, which is the level picked (or the one the page said came out)',
    async () => {
      const page = await h.open();
      for (const [family, w, hgt, level] of PAIRS) {
        const offered = familyLevels(FAMILIES[family as keyof typeof FAMILIES] as unknown as AnyFamily, w, hgt)?.find((c) => c.level === level)?.offered;
        expect(offered, `${family} ${w}x${hgt} ${level} is in the table`).toBe(true);
        const g = await play(page, family, w, hgt, level);
        const measured = measuredLevel(family, g.id);
        expect(g.shown, `${family} ${w}x${hgt} ${level}: ${g.id}`).toBe(measured);
        expect(measured).toBe(g.said ?? level);
      }
      await page.context().close();
    },
    240_000,
  );

  it.skipIf(!haveBrowser)('the picker greys out the levels a size does not have, says why, and moves off them', async () => {
    const page = await h.open();
    await page.selectOption('#family', 'edgematch');
    await page.selectOption('#width', '5');
    await page.selectOption('#height', '5');
    await page.selectOption('#level', 'expert');
    expect(await page.locator('#level-note').isHidden()).toBe(true);
    // 4x4 edge matching tops out at hard: expert is greyed, the choice moves to hard, the note says why.
    await page.selectOption('#width', '4');
    await page.selectOption('#height', '4');
    const expert = page.locator('#level option[value="expert"]');
    expect(await expert.isDisabled()).toBe(true);
    expect(await page.locator('#level').inputValue()).toBe('hard');
    const note = (await page.locator('#level-note').textContent()) ?? '';
    expect(note).toMatch(
      /^No expert puzzles at 4×4: when the generator was measured, 0 of 6 tries came out expert in time\. Levels at this size: easy, medium, hard\.$/,
    );
    expect(await page.locator('#level').getAttribute('aria-describedby')).toBe('level-note');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'levels-picker.png') });
    // Every option's state is the table's, at every size the pickers offer, for every family.
    for (const family of ['nonogram', 'numberlink', 'edgematch'] as const) {
      await page.selectOption('#family', family);
      const sides = await page.locator('#width option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
      for (const side of sides) {
        await page.selectOption('#width', String(side));
        await page.selectOption('#height', String(side));
        const states = await page
          .locator('#level option')
          .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, !(o as HTMLOptionElement).disabled]));
        const want = familyLevels(FAMILIES[family] as unknown as AnyFamily, side, side)?.map((c) => [c.level, c.offered]);
        expect(states, `${family} ${side}x${side}`).toEqual(want);
      }
    }
    await page.context().close();
  });

  for (const phone of [false, true]) {
    it.skipIf(!haveBrowser)(`a seeded id out of reach says which level came out; Keep it plays that one${phone ? ' (phone, touch)' : ''}`, async () => {
      const page = await h.open(undefined, phone ? { width: 360, height: 740, touch: true } : {});
      // numberlink@5:5x5-expert#b: no expert in 12 runs; the nearest is easy (test/golden/numberlink-v5.json).
      await page.evaluate(() => {
        location.hash = `#play=${encodeURIComponent('numberlink@5:5x5-expert#b')}`;
      });
      await page.locator('#failed').waitFor({ state: 'visible' });
      expect(await page.locator('#failed-title').textContent()).toBe('An easy came out');
      expect(await page.locator('#failed-msg').textContent()).toMatch(
        /^No expert 5×5 puzzle came out this time: .* measured easy\. Keep that easy puzzle, or try again for an expert one\.$/,
      );
      // The same id gives the same answer: no "try again" for a link.
      expect(await page.locator('#retry').isHidden()).toBe(true);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `levels-other-level${phone ? '-phone' : ''}.png`) });
      if (phone) await page.locator('#keep').tap();
      else await page.click('#keep');
      await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe('numberlink:5x5-strict:1g2g23i1j345h5j4');
      expect(await shownLevel(page)).toBe('easy');
      expect(measuredLevel('numberlink', 'numberlink:5x5-strict:1g2g23i1j345h5j4')).toBe('easy');
      // Shared by what it is: its descriptive id (the seeded id gives the failure, not this puzzle).
      await page.click('#share');
      expect(await page.locator('#puzzle-id').textContent()).toBe('numberlink:5x5-strict:1g2g23i1j345h5j4');
      await page.click('#share-close');
      if (phone) {
        await showPickers(page);
        await page.selectOption('#family', 'edgematch');
        await page.selectOption('#width', '4');
        await page.selectOption('#height', '4');
      }
      await page.screenshot({ path: join(SHOTS, `levels-kept${phone ? '-phone' : ''}.png`), fullPage: phone });
      await page.context().close();
    });
  }
});
