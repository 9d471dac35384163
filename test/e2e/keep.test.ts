/**
 * Nothing lost: progress survives a reload and a closed tab; Restart is one undo step; a game another
 * takes the place of (New game, a share link) goes to Recent games and Resume brings it back; a save
 * of the previous format still opens; no request of the page fails (the favicon among them).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUZZLE } from '../../web/src/default-puzzle.ts';
import { cell, haveBrowser, newGame, requireBrowser, saved, SHOTS, usePlayer } from './browser.ts';
import { RESTART_MOVE } from '../../src/player/session.ts';

requireBrowser('the keep-your-game end-to-end tests');

const h = usePlayer();
const PHONE = { width: 360, height: 740, touch: true };
/** A save written by the previous format (1), of the default puzzle: 3 moves, one to redo, 2:05 played. */
const OLD_SAVE = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'save-format-1.json'), 'utf8')) as Record<string, unknown>;

interface Stored {
  moves: string[];
  elapsedMs: number;
  puzzle: string;
}

/** A key of the player's IndexedDB store (`current`, `recent`), as stored. */
function stored<T>(page: Page, key: string): Promise<T | undefined> {
  return page.evaluate(
    (k) =>
      new Promise<T | undefined>((resolve, reject) => {
        const req = indexedDB.open('proofgrid');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const get = req.result.transaction('games').objectStore('games').get(k);
          get.onsuccess = () => {
            resolve(get.result as T | undefined);
            req.result.close();
          };
        };
      }),
    key,
  );
}

const marked = (page: Page, kind: 'filled' | 'crossed') =>
  page.locator(`.cell.${kind}`).evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)));
const status = (page: Page) => page.locator('#status').textContent();
/** The timer's reading in seconds. */
async function timerSeconds(page: Page): Promise<number> {
  const m = /time (?:(\d+):)?(\d+):(\d+)/.exec((await page.locator('#timer').textContent()) ?? '');
  if (!m) throw new Error('no timer on screen');
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

describe.skipIf(!haveBrowser)('nothing lost', () => {
  it('loading the page makes no failed request; the favicon is an SVG that is served', async () => {
    const ctx = await h.browser.newContext();
    const page = await ctx.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
    await page.goto(h.url, { waitUntil: 'networkidle' });
    await page.locator('.board').waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    expect(failed).toEqual([]);
    // Headless Chromium fetches no icon; a browser with a window fetches the one the page names, else /favicon.ico.
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? new URL('/favicon.ico', location.href).href);
    const r = await page.request.get(icon);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toContain('image/svg+xml');
    await ctx.close();
  });

  it('progress survives a reload and a closed-and-reopened tab; Restart then Undo brings every mark back', async () => {
    const page = await h.open();
    await cell(page, 0).click();
    await cell(page, 1).click();
    await cell(page, 12).click({ button: 'right' });
    await expect.poll(() => saved(page)).toBe('3/0');
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await marked(page, 'filled')).toEqual([0, 1]);
    expect(await marked(page, 'crossed')).toEqual([12]);
    const ctx = page.context();
    await page.close();
    const tab = await ctx.newPage();
    await tab.goto(h.url);
    await tab.locator('.board').waitFor();
    expect(await status(tab)).toBe('Welcome back: your game is as you left it.');
    expect(await marked(tab, 'filled')).toEqual([0, 1]);
    expect(await marked(tab, 'crossed')).toEqual([12]);
    // The undo history came back too.
    await tab.click('#undo');
    expect(await marked(tab, 'crossed')).toEqual([]);
    await tab.click('#redo');
    await tab.click('#restart');
    expect(await status(tab)).toBe('Restarted: all marks cleared, same puzzle. (Undo brings your marks back.)');
    expect(await marked(tab, 'filled')).toEqual([]);
    expect(await tab.locator('#restart').isDisabled()).toBe(true);
    // The engine is asked about the board since the restart (a check of the cleared board finds nothing).
    await tab.click('#check');
    await expect.poll(() => status(tab)).toBe('No mistakes so far.');
    await tab.click('#undo');
    expect(await marked(tab, 'filled')).toEqual([0, 1]);
    expect(await marked(tab, 'crossed')).toEqual([12]);
    await ctx.close();
  });

  it('phone, touch: Restart is one move, saved and replayed after a reload; undo and redo go over it', async () => {
    const page = await h.open(undefined, PHONE);
    for (const i of [0, 1, 2]) await cell(page, i).tap();
    await page.locator('#restart').tap();
    expect(await status(page)).toMatch(/^Restarted: .*\(Undo brings your marks back\.\)$/);
    expect(await marked(page, 'filled')).toEqual([]);
    await expect.poll(async () => (await stored<Stored>(page, 'current'))?.moves.at(-1)).toBe(RESTART_MOVE);
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await marked(page, 'filled')).toEqual([]);
    await page.locator('#undo').tap();
    expect(await marked(page, 'filled')).toEqual([0, 1, 2]);
    await page.locator('#redo').tap();
    expect(await marked(page, 'filled')).toEqual([]);
    await page.locator('#undo').tap();
    await cell(page, 3).tap();
    expect(await marked(page, 'filled')).toEqual([0, 1, 2, 3]);
    await expect.poll(() => saved(page)).toBe('4/0');
    await page.context().close();
  });

  for (const [name, opts] of [
    ['desktop', {}],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: New game mid-game puts the game in Recent games; Resume brings back its marks, moves and time; Remove removes`, async () => {
      const page = await h.open(undefined, opts);
      const tap = (i: number) => ('touch' in opts ? cell(page, i).tap() : cell(page, i).click());
      for (const i of [0, 1, 2]) await tap(i);
      await expect.poll(() => timerSeconds(page), { timeout: 3000 }).toBeGreaterThan(0);
      await newGame(page, 5, 5, 'easy');
      expect(await status(page)).toMatch(/ Your unfinished game is kept in Recent games\.$/);
      const recent = page.locator('#recent li');
      await expect.poll(() => recent.count()).toBe(1);
      const [kept] = (await stored<Stored[]>(page, 'recent')) ?? [];
      expect(kept.puzzle).toBe(DEFAULT_PUZZLE.puzzle);
      expect(kept.moves.length).toBe(3);
      expect(kept.elapsedMs).toBeGreaterThanOrEqual(1000);
      expect(await recent.locator('.what').textContent()).toBe('Nonogram 10×10 · easy');
      expect(await recent.locator('.meta').textContent()).toMatch(/^3 moves · time 0:(0[1-9]|[1-5]\d) · started /);
      await tap(0);
      await page.locator('#recent summary').click();
      mkdirSync(SHOTS, { recursive: true });
      await page.locator('#recent').screenshot({ path: join(SHOTS, `recent-games-${name}.png`) });
      await recent.getByRole('button', { name: /^Resume / }).click();
      await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(DEFAULT_PUZZLE.puzzle);
      expect(await marked(page, 'filled')).toEqual([0, 1, 2]);
      expect(await timerSeconds(page)).toBeGreaterThanOrEqual(Math.floor(kept.elapsedMs / 1000));
      await expect.poll(() => saved(page)).toBe('3/0');
      // The game it took the place of (one move) is the one in Recent games now.
      await expect.poll(() => recent.locator('.what').textContent()).toBe('Nonogram 5×5 · easy');
      expect(await recent.count()).toBe(1);
      expect(await recent.locator('.meta').textContent()).toMatch(/^1 move · /);
      await recent.getByRole('button', { name: /^Remove / }).click();
      await expect.poll(() => page.locator('#recent').isHidden()).toBe(true);
      expect(await stored<Stored[]>(page, 'recent')).toEqual([]);
      await page.context().close();
    });
  }

  it('a share link opened over a game in progress, in a reopened tab, keeps that game in Recent games', async () => {
    const page = await h.open();
    await cell(page, 5).click();
    await expect.poll(() => saved(page)).toBe('1/0');
    const ctx = page.context();
    await page.close();
    const id = 'nonogram@1:5x5-easy#keep';
    const tab = await ctx.newPage();
    await tab.goto(`${h.url}#play=${encodeURIComponent(id)}`);
    await expect.poll(() => tab.locator('#puzzle-id').textContent()).toBe(id);
    await expect.poll(() => tab.locator('#recent li').count()).toBe(1);
    expect(await tab.locator('#recent .meta').textContent()).toMatch(/^1 move · /);
    await ctx.close();
  });

  it('a save of the previous format (1) opens: marks, redo, time and counters as they were', async () => {
    const ctx = await h.browser.newContext();
    const page = await ctx.newPage();
    // Written on the player's origin before the player runs (a page of it that runs no script).
    await page.goto(`${h.url}favicon.svg`);
    await page.evaluate(
      (rec) =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('proofgrid');
          req.onupgradeneeded = () => req.result.createObjectStore('games');
          req.onsuccess = () => {
            const tx = req.result.transaction('games', 'readwrite');
            tx.objectStore('games').put(rec, 'current');
            tx.oncomplete = () => {
              req.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      OLD_SAVE,
    );
    await page.goto(h.url);
    await page.locator('.board').waitFor();
    expect(await status(page)).toBe('Welcome back: your game is as you left it.');
    expect(await marked(page, 'filled')).toEqual([0, 1, 2, 23]);
    expect(await marked(page, 'crossed')).toEqual([10]);
    expect(await timerSeconds(page)).toBeGreaterThanOrEqual(125);
    expect(await page.locator('#redo').isDisabled()).toBe(false);
    await page.click('#redo');
    expect(await marked(page, 'filled')).toEqual([0, 1, 2, 23, 44]);
    // Saved again in the current format.
    await expect.poll(async () => (await stored<{ format: number }>(page, 'current'))?.format).toBe(2);
    await ctx.close();
  });
});
