/**
 * The comforts in Chromium, on a desktop and on a 360×740 phone with touch: Numberlink's "pairs
 * joined · filled" counter after strokes, edge matching's "pieces placed" counter, pause (the board
 * hidden, the clock stopped under a controlled clock, still paused after a reload), the completion
 * animation (and none under reduced motion), and the settings panel: hide the timer, mistakes at once
 * or only on Check, settings kept over a reload; axe-core with the panel open. Screenshots go to
 * test-results/ (light and dark).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseEdgematchId } from '../../src/families/edgematch/formats/index.ts';
import { edgematch } from '../../src/families/edgematch/index.ts';
import { countEdgematch } from '../../src/families/edgematch/xcc-model.ts';
import { countSolutions as countNonogram } from '../../src/families/nonogram/solver.ts';
import { parseNonogramId } from '../../src/families/nonogram/formats/id.ts';
import { DEFAULT_PUZZLE } from '../../web/src/default-puzzle.ts';
import { axeProblems, cell, haveBrowser, requireBrowser, SHOTS, showPickers, usePlayer } from './browser.ts';
import { solutionPaths } from './numberlink-paths.ts';
import { longIt } from '../long.ts';

requireBrowser('the comforts end-to-end tests');

const h = usePlayer();

/** A fixed, uniquely solvable 5x5 Numberlink (5 pairs). */
const UNIQUE = 'numberlink:5x5-strict:i1h2g3g3g4h2g54g5h1g';
/** .1... / ..... / 2...2 / .1... / ..... : several solutions, so no mistake is ever shown at once. */
const CROSS = 'numberlink:5x5-strict:g1n2i2g1n';

/** Each pair's path in UNIQUE's solution, from its first endpoint. */
const uniquePaths = (): number[][] => solutionPaths(UNIQUE).paths;

/** The default puzzle's solution (1 filled, 0 empty). */
function defaultSolution(): Uint8Array {
  const r = parseNonogramId(DEFAULT_PUZZLE.puzzle);
  if (!r.ok) throw new Error(r.error.message);
  const v = countNonogram(r.value);
  if (v.kind !== 'unique') throw new Error(`the default puzzle is ${v.kind}`);
  return v.solution;
}

interface Device {
  name: 'desktop' | 'phone';
  width: number;
  height: number;
  touch: boolean;
}
const DEVICES: Device[] = [
  { name: 'desktop', width: 1280, height: 900, touch: false },
  { name: 'phone', width: 360, height: 740, touch: true },
];

/** A page on `hash` (a `#play=` link, or nothing), with Chromium's clock under the test's control when asked. */
async function openOn(d: Device, hash = '', opts: { clock?: boolean; reducedMotion?: boolean; dark?: boolean; settings?: object } = {}): Promise<Page> {
  const ctx = await h.browser.newContext({
    viewport: { width: d.width, height: d.height },
    hasTouch: d.touch,
    isMobile: d.touch,
    locale: 'en-US',
    reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
    colorScheme: opts.dark ? 'dark' : 'light',
  });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  if (opts.clock) await page.clock.install();
  if (opts.settings) await page.addInitScript((text) => localStorage.setItem('proofgrid-settings', text), JSON.stringify(opts.settings));
  await page.goto(h.url + hash);
  await page.locator('.board').waitFor();
  return page;
}
const play = (id: string): string => `#play=${encodeURIComponent(id)}`;

/** A finger (CDP touches, as a screen sends them) or the mouse, through these cells' centres. */
async function stroke(page: Page, d: Device, cells: number[], cdp?: CDPSession): Promise<void> {
  const pts: { x: number; y: number }[] = [];
  for (const c of cells) {
    const b = await cell(page, c).boundingBox();
    if (!b) throw new Error(`cell ${c} not shown`);
    pts.push({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  }
  if (d.touch) {
    const s = cdp ?? (await page.context().newCDPSession(page));
    await s.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...pts[0], id: 1 }] });
    for (const p of pts.slice(1)) await s.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...p, id: 1 }] });
    await s.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    return;
  }
  await page.mouse.move(pts[0].x, pts[0].y);
  await page.mouse.down();
  for (const p of pts.slice(1)) await page.mouse.move(p.x, p.y, { steps: 2 });
  await page.mouse.up();
}

/** A tap (touch) or a click on a cell. */
async function press(page: Page, d: Device, i: number): Promise<void> {
  if (d.touch) await cell(page, i).tap();
  else await cell(page, i).click();
}

/** Opens the settings panel: from the game bar on a desktop, from the menu on a phone. */
async function openSettings(page: Page, d: Device): Promise<void> {
  if (d.name === 'phone') {
    expect(await page.locator('.gamebar #settings-btn').count()).toBe(0);
    await showPickers(page);
    expect(await page.locator('.controls #settings-btn').count()).toBe(1);
  } else expect(await page.locator('.gamebar #settings-btn').count()).toBe(1);
  if (d.touch) await page.locator('#settings-btn').tap();
  else await page.click('#settings-btn');
  await page.locator('#settings').waitFor({ state: 'visible' });
  // It opens on screen, whole.
  const b = await page.locator('#settings').boundingBox();
  expect(b && b.y >= 0 && b.x >= 0 && b.y + b.height <= d.height && b.x + b.width <= d.width).toBe(true);
}

async function closeSettings(page: Page): Promise<void> {
  await page.click('#settings-close');
  await page.locator('#settings').waitFor({ state: 'hidden' });
}

const counter = (page: Page) => page.locator('.nl-progress');
const timer = (page: Page) => page.locator('#timer').textContent();

function shot(page: Page, name: string): Promise<Buffer> {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: join(SHOTS, `comforts-${name}.png`) });
}

describe.skipIf(!haveBrowser)('the comforts (Chromium)', () => {
  for (const d of DEVICES) {
    // npm test runs each of these on one device (the long suite on both): the counter on a desktop, the rest on the phone.
    (d.name === 'desktop' ? it : longIt)(
      `${d.name}: Numberlink counts pairs joined and cells filled per stroke; pause stops the clock and survives a reload; the win animates`,
      async () => {
        const paths = uniquePaths();
        expect(paths.length).toBe(5);
        const page = await openOn(d, play(UNIQUE), { clock: true });
        let cdp = d.touch ? await page.context().newCDPSession(page) : undefined;
        const seconds = async (): Promise<number> => {
          const m = /^time (\d+):(\d\d)$/.exec((await timer(page)) ?? '');
          if (!m) throw new Error(`timer says ${await timer(page)}`);
          return Number(m[1]) * 60 + Number(m[2]);
        };
        expect(await counter(page).textContent()).toBe('Pairs joined: 0 / 5 · filled 0 %');
        let cells = 0;
        for (const [k, path] of paths.entries()) {
          await stroke(page, d, path, cdp);
          cells += path.length;
          const percent = Math.floor((100 * cells) / 25);
          await expect.poll(() => counter(page).textContent()).toBe(`Pairs joined: ${k + 1} / 5 · filled ${percent} %`);
          if (k === 1) {
            // Undo takes the stroke back, and the counter with it.
            await page.click('#undo');
            await expect.poll(() => counter(page).getAttribute('data-joined')).toBe('1');
            await page.click('#redo');
            await expect.poll(() => counter(page).getAttribute('data-joined')).toBe('2');
            await shot(page, `numberlink-${d.name}`);
          }
          if (k !== 2) continue;
          // Pause, mid-game: the board goes, the clock stops, and a reload keeps it so.
          await page.clock.runFor(4000);
          const t0 = await seconds();
          expect(t0).toBeGreaterThanOrEqual(3);
          await page.click('#pause');
          expect(await page.locator('#stage').isHidden()).toBe(true);
          expect(await page.locator('#paused').isVisible()).toBe(true);
          expect(await page.locator('#pause').getAttribute('aria-pressed')).toBe('true');
          expect(await page.locator('#hint').isDisabled()).toBe(true);
          expect(await page.locator('#status').textContent()).toBe('Paused: the clock is stopped.');
          const t1 = await seconds();
          expect(t1 - t0).toBeLessThanOrEqual(1);
          await page.clock.runFor(10_000);
          expect(await seconds()).toBe(t1);
          if (d.name === 'phone') await shot(page, 'paused-phone');
          await page.reload();
          await page.locator('#paused').waitFor({ state: 'visible' });
          expect(await page.locator('#stage').isHidden()).toBe(true);
          expect(await seconds()).toBe(t1);
          await page.clock.runFor(5000);
          expect(await seconds()).toBe(t1);
          if (d.touch) await page.locator('#resume').tap();
          else await page.click('#resume');
          expect(await page.locator('#stage').isVisible()).toBe(true);
          expect(await page.locator('#paused').isHidden()).toBe(true);
          await page.clock.runFor(2500);
          const t2 = await seconds();
          expect(t2 - t1).toBeGreaterThanOrEqual(1);
          expect(t2 - t1).toBeLessThanOrEqual(3);
          expect(await counter(page).getAttribute('data-joined')).toBe('3');
          if (d.touch) cdp = await page.context().newCDPSession(page);
        }
        expect(await counter(page).textContent()).toBe('Pairs joined: 5 / 5 · filled 100 %');
        await page.locator('#won').waitFor({ state: 'visible' });
        expect(await page.locator('#stage').getAttribute('class')).toContain('celebrate');
        const anim = () =>
          page.evaluate(() => ({
            board: getComputedStyle(document.querySelector('#stage .board')!).animationName,
            dialog: getComputedStyle(document.querySelector('#won .dialog')!).animationName,
          }));
        expect(await anim()).toEqual({ board: 'proofgrid-win', dialog: 'proofgrid-pop' });
        await shot(page, `won-${d.name}`);
        // Under reduced motion, nothing moves.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        expect(await anim()).toEqual({ board: 'none', dialog: 'none' });
        await page.context().close();
      },
    );

    (d.name === 'phone' ? it : longIt)(
      `${d.name}: edge matching counts the pieces placed; with mistakes at once, a wrong piece is marked as it lands`,
      async () => {
        const page = await openOn(d, play(`edgematch@${edgematch.version}:4x4-easy#comforts`), { settings: { mistakes: 'at-once' } });
        await expect.poll(() => page.locator('#stage').getAttribute('data-family')).toBe('edgematch');
        const inst = parseEdgematchId((await page.locator('#stage').getAttribute('data-puzzle')) ?? '');
        if (!inst.ok) throw new Error(inst.error.message);
        const v = countEdgematch(inst.value);
        if (v.kind !== 'unique') throw new Error(`the puzzle is ${v.kind}`);
        const sol = v.solution;
        const score = page.locator('.em-score');
        const clues = Number(await score.getAttribute('data-placed'));
        expect(clues).toBe(await page.locator('.em .cell.clue').count());
        expect(await score.textContent()).toMatch(new RegExp(`^Pieces placed: ${clues} / 16 · matched joints: \\d+ / 24`));
        const empty = await page.locator('.em .cell:not([data-piece])').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)));
        // The first tray piece, put where it does not belong, then where it does.
        const first = Number(await page.locator('.em-piece').first().getAttribute('data-piece'));
        const home = sol.findIndex((pl) => pl?.piece === first);
        const elsewhere = empty.find((i) => i !== home)!;
        let turns = 0;
        for (const [k, i] of [elsewhere, home].entries()) {
          const piece = page.locator(k === 0 ? '.em-piece' : `.em-piece[data-piece="${first}"]`).first();
          if (k === 1) {
            // Back to the tray first (a tap turns a placed piece, so Delete takes it back).
            await cell(page, elsewhere).focus();
            await page.keyboard.press('Delete');
            await expect.poll(() => score.getAttribute('data-placed')).toBe(String(clues));
          }
          if (d.touch) {
            await piece.tap();
            await cell(page, i).tap();
          } else {
            const a = await piece.boundingBox();
            const b = await cell(page, i).boundingBox();
            if (!a || !b) throw new Error('not shown');
            await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
            await page.mouse.down();
            await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
            await page.mouse.up();
          }
          await expect.poll(() => score.getAttribute('data-placed')).toBe(String(clues + 1));
          expect(await score.textContent()).toContain(`Pieces placed: ${clues + 1} / 16`);
          // Misplaced: marked at once. At home it is marked until it is turned as the solution has it.
          if (k === 1) {
            const want = sol[home]!.rotation;
            for (let t = 0; t < 4 && Number(await cell(page, home).getAttribute('data-rot')) !== want; t++) {
              const before = await cell(page, home).getAttribute('data-rot');
              turns++;
              await press(page, d, home);
              await expect.poll(() => cell(page, home).getAttribute('data-rot')).not.toBe(before);
            }
          }
          await expect
            .poll(() => page.locator('.cell.wrong').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i))))
            .toEqual(k === 0 ? [i] : []);
        }
        await shot(page, `edgematch-${d.name}`);
        // Undo takes back the turns one by one, then the placement.
        for (let u = 0; u < turns; u++) await page.click('#undo');
        await expect.poll(() => score.getAttribute('data-placed')).toBe(String(clues + 1));
        await page.click('#undo');
        await expect.poll(() => score.getAttribute('data-placed')).toBe(String(clues));
        await page.context().close();
      },
    );

    (d.name === 'phone' ? it : longIt)(`${d.name}: settings panel: hide the timer, mistakes at once or on Check, kept over a reload`, async () => {
      const solution = defaultSolution();
      const wrong = [...solution.keys()].filter((i) => solution[i] === 0);
      const page = await openOn(d, '', { dark: d.name === 'phone' });
      expect(await page.locator('#timer').isVisible()).toBe(true);
      await openSettings(page, d);
      // axe-core with the panel open (light on the desktop, dark on the phone).
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, `settings-${d.name}${d.name === 'phone' ? '-dark' : ''}`);
      expect(await page.locator('#set-hide-timer').isChecked()).toBe(false);
      expect(await page.locator('#set-mistakes-on-check').isChecked()).toBe(true);
      expect(await page.locator('#set-auto-cross').isChecked()).toBe(false);
      expect(await page.locator('#settings').textContent()).toContain('Nonogram only');
      await page.check('#set-hide-timer');
      await closeSettings(page);
      expect(await page.locator('#timer').isHidden()).toBe(true);

      // On Check (the default): a wrong fill shows nothing by itself.
      await press(page, d, wrong[0]);
      await expect.poll(() => cell(page, wrong[0]).getAttribute('class')).toMatch(/filled|crossed/);
      await page.waitForTimeout(300);
      expect(await page.locator('.cell.wrong').count()).toBe(0);
      // At once: the wrong mark on the board shows as soon as it is chosen, and each new one as it is placed.
      await openSettings(page, d);
      await page.check('#set-mistakes-at-once');
      await closeSettings(page);
      await expect.poll(() => page.locator('.cell.wrong').count()).toBe(1);
      expect(await page.locator('#status').textContent()).toBe('1 mark does not match the solution (shown in red).');
      await press(page, d, wrong[1]);
      await expect.poll(() => page.locator('.cell.wrong').count()).toBe(2);
      await page.click('#undo');
      await expect.poll(() => page.locator('#stage > *').getAttribute('data-wrong-at')).toBe('1');
      expect(await page.locator('.cell.wrong').count()).toBe(1);
      // A right fill is never marked.
      const right = [...solution.keys()].find((i) => solution[i] === 1)!;
      await press(page, d, right);
      await expect.poll(() => page.locator('#stage > *').getAttribute('data-wrong-at')).toBe('2');
      expect(await page.locator('#stage > *').getAttribute('data-wrong')).toBe('1');
      expect(await page.locator('.cell.wrong').count()).toBe(1);
      if (d.name === 'phone') {
        await page.click('#pause');
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'paused-phone-dark');
        await page.click('#resume');
      }

      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('proofgrid-settings'))) ?? 'null')).toEqual({
        autoCross: false,
        hideTimer: true,
        mistakes: 'at-once',
      });
      await page.reload();
      await page.locator('.board').waitFor();
      expect(await page.locator('#timer').isHidden()).toBe(true);
      // The resumed game's wrong mark shows at once again.
      await expect.poll(() => page.locator('.cell.wrong').count()).toBe(1);
      await openSettings(page, d);
      expect(await page.locator('#set-hide-timer').isChecked()).toBe(true);
      expect(await page.locator('#set-mistakes-at-once').isChecked()).toBe(true);
      // Back to on Check: the marks go.
      await page.check('#set-mistakes-on-check');
      await page.check('#set-auto-cross');
      await page.keyboard.press('Escape');
      await page.locator('#settings').waitFor({ state: 'hidden' });
      expect(await page.locator('.cell.wrong').count()).toBe(0);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('proofgrid-settings'))) ?? 'null')).toMatchObject({
        autoCross: true,
        mistakes: 'on-check',
      });
      // By keyboard: Escape gave the focus back to the button; Enter opens it on its first setting, Space toggles it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('settings-btn');
      await page.keyboard.press('Enter');
      await page.locator('#settings').waitFor({ state: 'visible' });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('set-hide-timer');
      await page.keyboard.press('Space');
      expect(await page.locator('#set-hide-timer').isChecked()).toBe(false);
      await page.keyboard.press('Escape');
      expect(await page.locator('#timer').isVisible()).toBe(true);
      await page.context().close();
    });
  }

  it('never shows mistakes at once on a puzzle without a single known solution; stored junk falls back to defaults', async () => {
    const d = DEVICES[0];
    const page = await openOn(d, play(CROSS));
    await page.evaluate(() => localStorage.setItem('proofgrid-settings', '{"mistakes":"at-once","hideTimer":"yes"'));
    await page.reload();
    await page.locator('.board').waitFor();
    // Unreadable: every default.
    await openSettings(page, d);
    expect(await page.locator('#set-mistakes-on-check').isChecked()).toBe(true);
    expect(await page.locator('#set-hide-timer').isChecked()).toBe(false);
    await page.check('#set-mistakes-at-once');
    await closeSettings(page);
    expect(await page.locator('#status').textContent()).toBe('Mistakes cannot be shown at once for this puzzle: it has no single known solution.');
    // No stroke is ever marked: there is no one solution to hold it to.
    await stroke(page, d, [1, 6, 11, 16]);
    await expect.poll(() => page.locator('.cell[data-links]:not([data-links="0"])').count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(await page.locator('.cell.wrong').count()).toBe(0);
    expect(await page.locator('#stage > *').getAttribute('data-wrong-at')).toBeNull();
    await page.context().close();
  });
});
