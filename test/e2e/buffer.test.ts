/**
 * Instant New game: the player keeps certified puzzles made ahead per (family, size, level) in
 * IndexedDB, filled by a background worker; once the pickers' choice is buffered (`#new[data-ready]`),
 * New game shows a puzzle in under 100 ms measured in the page, with no busy dialog, and the buffered
 * puzzle is the generator's own for its seed (its share id regenerates it). With the network off (after
 * one visit, the service worker serving the app) New game still plays from the buffer.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/api/index.ts';
import { haveBrowser, requireBrowser, SHOTS, usePlayer } from './browser.ts';

requireBrowser('the New game buffer tests');

const h = usePlayer();

/** Picks a family, size and level, and waits until the buffer holds a puzzle for them. */
async function pick(page: Page, family: string, w: number, hgt: number, level: string): Promise<void> {
  await page.selectOption('#family', family);
  await page.selectOption('#width', String(w));
  await page.selectOption('#height', String(hgt));
  await page.selectOption('#level', level);
  await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('#new')!.dataset.ready ?? 0) >= 1, undefined, { timeout: 30_000 });
}

/**
 * Presses New game and answers how long (ms, in the page) until another puzzle's board is on the stage,
 * and whether the busy dialog showed meanwhile.
 */
async function timedNewGame(page: Page): Promise<{ ms: number; busy: boolean; shareId: string; puzzle: string }> {
  await page.evaluate(() => {
    const w = window as unknown as { t0?: number; t1?: number; busy?: boolean };
    delete w.t1;
    w.busy = false;
    const stage = document.querySelector<HTMLElement>('#stage')!;
    const before = stage.dataset.puzzle;
    document.querySelector('#new')!.addEventListener('click', () => (w.t0 = performance.now()), { once: true, capture: true });
    const busy = new MutationObserver(() => {
      if (!document.querySelector<HTMLElement>('#busy')!.hidden) w.busy = true;
    });
    busy.observe(document.querySelector('#busy')!, { attributes: true });
    new MutationObserver((_, obs) => {
      if (stage.dataset.puzzle !== before && stage.querySelector('.board')) {
        w.t1 = performance.now();
        obs.disconnect();
        busy.disconnect();
      }
    }).observe(stage, { attributes: true, childList: true });
  });
  await page.click('#new');
  await page.waitForFunction(() => (window as unknown as { t1?: number }).t1 !== undefined, undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const w = window as unknown as { t0: number; t1: number; busy: boolean };
    return {
      ms: w.t1 - w.t0,
      busy: w.busy,
      shareId: document.querySelector('#puzzle-id')!.textContent ?? '',
      puzzle: document.querySelector<HTMLElement>('#stage')!.dataset.puzzle ?? '',
    };
  });
}

describe.skipIf(!haveBrowser)('instant New game from the buffer', () => {
  it('once warm, New game takes under 100 ms for each family, size and level tried; the puzzles are the generator’s own', async () => {
    const page = await h.open();
    const seen = new Set<string>();
    for (const [family, w, hgt, level] of [
      ['nonogram', 10, 10, 'easy'],
      ['nonogram', 20, 15, 'medium'],
      ['numberlink', 7, 7, 'easy'],
      ['edgematch', 5, 5, 'easy'],
    ] as const) {
      await pick(page, family, w, hgt, level);
      const t = await timedNewGame(page);
      console.log(`New game from the buffer, ${family} ${w}x${hgt} ${level}: ${t.ms.toFixed(1)} ms`);
      expect(t.ms).toBeLessThan(100);
      expect(t.busy).toBe(false);
      expect(t.shareId).toMatch(new RegExp(`^${family}@\\d+:${w}x${hgt}-${level}#`));
      expect(seen.has(t.shareId)).toBe(false);
      seen.add(t.shareId);
      // The same seeded puzzle a share link regenerates.
      const o = api.open(t.shareId);
      expect(o.ok && o.value.kind === 'generated' && o.value.info.id).toBe(t.puzzle);
      expect(await page.locator('#status').textContent()).toMatch(/^New \d+×\d+ puzzle\./);
      // Refilled behind it.
      await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('#new')!.dataset.ready ?? 0) >= 1, undefined, { timeout: 30_000 });
    }
    await page.context().close();
  });

  it('with the network off, New game still plays from the buffer', async () => {
    const page = await h.open();
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 15_000 });
    await pick(page, 'nonogram', 15, 15, 'easy');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#new')!.dataset.ready === '2', undefined, { timeout: 30_000 });
    await page.context().setOffline(true);
    await page.reload();
    await page.locator('.board').waitFor();
    // The network is indeed off for the page: what the cache does not hold cannot be fetched.
    expect(
      await page.evaluate(() =>
        fetch(`./not-cached-${Date.now()}.txt`).then(
          (r) => `status ${r.status}`,
          (e: Error) => e.name,
        ),
      ),
    ).toBe('TypeError');
    // The pickers follow the game on screen (the welcome puzzle, 10×10): pick the buffered choice again.
    await pick(page, 'nonogram', 15, 15, 'easy');
    const t = await timedNewGame(page);
    console.log(`New game from the buffer, offline after a reload: ${t.ms.toFixed(1)} ms`);
    expect(t.ms).toBeLessThan(100);
    expect(t.shareId).toMatch(/^nonogram@\d+:15x15-easy#/);
    expect(await page.locator('.cell').count()).toBe(225);
    // A second one comes from the buffer too (it held two), and the refill still works offline.
    const t2 = await timedNewGame(page);
    expect(t2.ms).toBeLessThan(100);
    expect(t2.shareId).not.toBe(t.shareId);
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('#new')!.dataset.ready ?? 0) >= 1, undefined, { timeout: 30_000 });
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'buffer-offline.png') });
    await page.context().close();
  });
});
