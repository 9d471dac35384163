/**
 * The player on a 360×740 phone with touch alone (Chromium, touch emulation, touches sent through CDP
 * as a finger sends them): a 30×30 Nonogram, a 30×30 Numberlink and an 8×8 edge-matching board played
 * to the win from their known solutions (test/e2e/fixtures/phone-boards.json, made by
 * scripts/phone-fixtures.ts); the board's top on the first screen; 32-px touch targets once zoomed;
 * pan mode moves the board and never draws; clues stay in view; the Share panel opens in view on a
 * desktop. Screenshots of every family at desktop and phone size go to test-results/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longIt } from '../long.ts';
import { haveBrowser, requireBrowser, SHOTS, usePlayer } from './browser.ts';

requireBrowser('the phone end-to-end tests');

interface Fixtures {
  nonogram: { id: string; solution: string };
  numberlink: { id: string; paths: number[][] };
  edgematch: { id: string; solution: ([number, number] | null)[] };
}
const FX = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'phone-boards.json'), 'utf8')) as Fixtures;
const PHONE = { width: 360, height: 740, touch: true };
/** The smallest touch target allowed, in CSS pixels. */
const TARGET = 32;

const h = usePlayer();

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A finger on the page, through CDP (so the browser makes touch and pointer events of it, as from a screen). */
class Finger {
  private constructor(
    readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async on(page: Page): Promise<Finger> {
    return new Finger(page, await page.context().newCDPSession(page));
  }

  down(x: number, y: number): Promise<unknown> {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  }
  move(x: number, y: number): Promise<unknown> {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y, id: 1 }] });
  }
  up(): Promise<unknown> {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  async tap(x: number, y: number): Promise<void> {
    await this.down(x, y);
    await this.up();
  }
  /** Two fingers from distance d0 to d1 around (x, y), horizontally. */
  async pinch(x: number, y: number, d0: number, d1: number, steps = 4): Promise<void> {
    const pts = (d: number) => [
      { x: x - d / 2, y, id: 1 },
      { x: x + d / 2, y, id: 2 },
    ];
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pts(d0) });
    for (let k = 1; k <= steps; k++) await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pts(d0 + ((d1 - d0) * k) / steps) });
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  /** Two fingers 40 px apart, centred on (x, y), moved together by (dx, dy). */
  async swipe2(x: number, y: number, dx: number, dy: number): Promise<void> {
    const pts = (k: number) => [
      { x: x - 20 + dx * k, y: y + dy * k, id: 1 },
      { x: x + 20 + dx * k, y: y + dy * k, id: 2 },
    ];
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pts(0) });
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pts(1) });
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  /** Taps the middle of an element (which must be on screen: nothing scrolls it there). */
  async tapOn(sel: string): Promise<void> {
    const b = await this.page.locator(sel).boundingBox();
    if (!b) throw new Error(`${sel} is not shown`);
    expect(b.y >= 0 && b.y + b.height <= PHONE.height, `${sel} on screen`).toBe(true);
    await this.tap(b.x + b.width / 2, b.y + b.height / 2);
  }
}

const middle = (r: Rect) => ({ x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });

/**
 * Where the board is: the part of the stage where cells show (the stage's box on screen, less the clues
 * stuck to its top and left), the cell size and cell 0's corner; read from the page at once.
 */
interface Snap {
  /** The stage's scroll position and its largest. */
  scroll: { sl: number; st: number; ml: number; mt: number };
  free: Rect;
  size: number;
  x0: number;
  y0: number;
  width: number;
}
function snap(page: Page): Promise<Snap> {
  return page.evaluate(() => {
    const s = document.querySelector('#stage')!.getBoundingClientRect();
    const r = (sel: string) => document.querySelector(sel)?.getBoundingClientRect();
    const cols = r('.ng-cols');
    const rows = r('.ng-rows');
    const c0 = document.querySelector('.cell')!.getBoundingClientRect();
    const board = document.querySelector('.board') as HTMLElement;
    const st = document.querySelector('#stage') as HTMLElement;
    return {
      scroll: { sl: st.scrollLeft, st: st.scrollTop, ml: st.scrollWidth - st.clientWidth, mt: st.scrollHeight - st.clientHeight },
      free: {
        left: Math.max(s.left, rows ? rows.right : s.left, 0),
        top: Math.max(s.top, cols ? cols.bottom : s.top, 0),
        right: Math.min(s.right, window.innerWidth),
        bottom: Math.min(s.bottom, window.innerHeight),
      },
      size: c0.width,
      x0: c0.left,
      y0: c0.top,
      width: Number(board.style.getPropertyValue('--cols')),
    };
  });
}
/** Cell i's box on screen, from a snapshot (cells are a grid of equal squares). */
const box = (g: Snap, i: number): Rect => {
  const left = g.x0 + (i % g.width) * g.size;
  const top = g.y0 + Math.floor(i / g.width) * g.size;
  return { left, top, right: left + g.size, bottom: top + g.size };
};

/**
 * Finger strokes, each a list of cells, sent in the page as a finger's pointer events (pointerdown on
 * the first cell's middle, a move through each next one, pointerup on the last) to whatever is on screen
 * at each point; answers the points where that was not the cell meant (hidden, off screen).
 */
function strokes(page: Page, g: Snap, list: number[][]): Promise<string[]> {
  const pts = list.map((cells) => cells.map((i) => ({ i, ...middle(box(g, i)) })));
  return page.evaluate((all) => {
    const missed: string[] = [];
    const fire = (type: string, p: { i: number; x: number; y: number }) => {
      const t = document.elementFromPoint(p.x, p.y);
      if (t?.closest<HTMLElement>('.cell')?.dataset.i !== String(p.i)) missed.push(`${type} at cell ${p.i}: ${t?.className ?? 'nothing'}`);
      (t ?? document.body).dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          pointerId: 11,
          pointerType: 'touch',
          isPrimary: true,
          clientX: p.x,
          clientY: p.y,
          button: 0,
        }),
      );
    };
    for (const s of all) {
      fire('pointerdown', s[0]);
      for (const p of s.slice(1)) fire('pointermove', p);
      fire('pointerup', s[s.length - 1]);
    }
    return missed;
  }, pts);
}

/**
 * Brings cell `i` to the free area's top-left corner (or its middle; as near as the stage scrolls) with
 * two-finger swipes on the board, in draw mode (two fingers pan; they never draw).
 */
async function panTo(f: Finger, i: number, at: 'corner' | 'centre' = 'corner'): Promise<Snap> {
  const page = f.page;
  // The board follows the fingers; measure again after each swipe until the cell is there.
  for (let round = 0; ; round++) {
    const g = await snap(page);
    const { free } = g;
    const c = box(g, i);
    const lim = g.scroll;
    const goal =
      at === 'corner' ? { x: free.left + 5, y: free.top + 5 } : { x: (free.left + free.right - g.size) / 2, y: (free.top + free.bottom - g.size) / 2 };
    // The stage scrolls no further than its ends (the rest would move the page).
    const dx = Math.max(-(lim.ml - lim.sl), Math.min(lim.sl, goal.x - c.left));
    const dy = Math.max(-(lim.mt - lim.st), Math.min(lim.st, goal.y - c.top));
    // A few pixels off is near enough (a swipe that short is taken for a finger's tremble).
    if (Math.abs(dx) < 4 && Math.abs(dy) < 4) return g;
    if (round === 8) throw new Error(`panning to cell ${i} did not get there: ${JSON.stringify({ c, lim, goal })}`);
    // Both fingers (40 px apart) stay on the free area from start to end.
    const spanX = free.right - free.left - 60;
    const spanY = free.bottom - free.top - 20;
    const sx = Math.max(-spanX, Math.min(spanX, dx));
    const sy = Math.max(-spanY, Math.min(spanY, dy));
    const m = middle(free);
    await f.swipe2(m.x - sx / 2, m.y - sy / 2, sx, sy);
  }
}

/** Taps the Pan button, and waits for the tap's click to switch the mode (it comes after the touch ends). */
async function setPan(f: Finger, on: boolean): Promise<void> {
  const pressed = () => f.page.locator('#pan-mode').getAttribute('aria-pressed');
  expect(await pressed()).toBe(String(!on));
  await f.tapOn('#pan-mode');
  await expect.poll(pressed).toBe(String(on));
}

/** Presses the zoom-in button until the board's cells are at least TARGET px. */
async function zoomToTargets(f: Finger): Promise<number> {
  for (let k = 0; k < 8; k++) {
    const { size } = await snap(f.page);
    if (size >= TARGET) return size;
    await f.tapOn('#zoom-in');
    // The tap's click comes after the touch ends.
    await expect.poll(async () => (await snap(f.page)).size).toBeGreaterThan(size);
  }
  throw new Error('the zoom never reached 32-px cells');
}

async function openPhone(id: string): Promise<{ page: Page; f: Finger }> {
  const page = await h.openId(id, PHONE);
  return { page, f: await Finger.on(page) };
}

/** The board's top is on the first screen, with room for it below. */
async function boardFirst(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const b = await page.locator('.board').boundingBox();
  expect(b!.y).toBeLessThan(PHONE.height * 0.45);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe.skipIf(!haveBrowser)('the player on a 360×740 phone, touch alone', () => {
  // The two 30×30 wins take 7-20 s each: the long suite (test/long.ts) plays them; npm test plays the 8×8.
  longIt('Nonogram 30×30: board first, zoomed to 32-px cells with the clues stuck in view, painted to the win', async () => {
    const { id, solution } = FX.nonogram;
    const { page, f } = await openPhone(id);
    await boardFirst(page);
    await shot(page, 'phone-nonogram');
    // The new-puzzle controls are behind the menu.
    expect(await page.locator('#family').isVisible()).toBe(false);
    await f.tapOn('#menu');
    await expect.poll(() => page.locator('#family').isVisible()).toBe(true);
    await shot(page, 'phone-menu');
    await page.waitForTimeout(350); // a second tap this soon on the same place would be a double tap
    await f.tapOn('#menu');
    await expect.poll(() => page.locator('#family').isVisible()).toBe(false);
    const size = await zoomToTargets(f);
    expect(size).toBeGreaterThanOrEqual(TARGET);
    const W = 30;
    const H = 30;
    // Tiles of the board that fit the free area: each is brought into view by a two-finger swipe, then
    // its runs are painted, a finger's drag each.
    const g0 = await snap(page);
    const tw = Math.max(1, Math.floor((g0.free.right - g0.free.left - 10) / size));
    const th = Math.max(1, Math.floor((g0.free.bottom - g0.free.top - 10) / size));
    let checked = false;
    for (let r0 = 0; r0 < H; r0 += th)
      for (let c0 = 0; c0 < W; c0 += tw) {
        const g = await panTo(f, r0 * W + c0);
        if (!checked && r0 > 0 && c0 > 0) {
          // Scrolled into the middle of the board: both clue strips are still at the stage's edges.
          const clues = await page.evaluate(() => {
            const s = document.querySelector('#stage')!.getBoundingClientRect();
            const c = document.querySelector('.ng-cols')!.getBoundingClientRect();
            const r = document.querySelector('.ng-rows')!.getBoundingClientRect();
            return { colTop: c.top - s.top, rowLeft: r.left - s.left };
          });
          expect(Math.abs(clues.colTop)).toBeLessThan(1);
          expect(Math.abs(clues.rowLeft)).toBeLessThan(1);
          await shot(page, 'phone-nonogram-30-zoomed');
          checked = true;
        }
        const runs: number[][] = [];
        for (let r = r0; r < Math.min(H, r0 + th); r++) {
          const end = Math.min(W, c0 + tw);
          for (let c = c0; c < end; c++) {
            if (solution[r * W + c] !== '1' || (c > c0 && solution[r * W + c - 1] === '1')) continue;
            let e = c;
            while (e + 1 < end && solution[r * W + e + 1] === '1') e++;
            runs.push(e > c ? [r * W + c, r * W + e] : [r * W + c]);
          }
        }
        expect(await strokes(page, g, runs)).toEqual([]);
      }
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await page.locator('.cell.filled').count()).toBe([...solution].filter((x) => x === '1').length);
    await page.context().close();
  });

  longIt('Numberlink 30×30: a swipe in pan mode moves the board and draws nothing; pinch zooms; drawn to the win', async () => {
    const { id, paths } = FX.numberlink;
    const { page, f } = await openPhone(id);
    await boardFirst(page);
    await shot(page, 'phone-numberlink');
    const W = 30;
    const linked = () => page.locator('.cell[data-links]:not([data-links="0"])').count();
    // Pan mode: a swipe along the first path scrolls instead of drawing.
    await setPan(f, true);
    const pinchAt = middle((await snap(page)).free);
    await f.pinch(pinchAt.x, pinchAt.y, 60, 150);
    const pinched = (await snap(page)).size;
    expect(pinched).toBeGreaterThan(20);
    const a = middle((await snap(page)).free);
    const before = await page.locator('#stage').evaluate((s) => [s.scrollLeft, s.scrollTop]);
    await f.down(a.x, a.y);
    await f.move(a.x + 30, a.y + 30);
    await f.move(a.x + 60, a.y + 60);
    // Held still before it lifts (no fling, which would swallow the next tap).
    await page.waitForTimeout(150);
    await f.move(a.x + 60, a.y + 60);
    await f.up();
    expect(await linked()).toBe(0);
    expect(await page.locator('#stage').evaluate((s) => [s.scrollLeft, s.scrollTop])).not.toEqual(before);
    await setPan(f, false);
    await zoomToTargets(f);
    expect((await snap(page)).size).toBeGreaterThanOrEqual(TARGET);

    // Draw mode. The board is gone over a screen at a time (screens overlapping by a cell, in rows,
    // left to right then back); on each, every path is drawn on from where it ends as far as the screen
    // shows it, one drag each, through the corners only (the view fills in the straight cells a fast
    // finger skips); a path that leaves the screen goes on from its end on a later one. Two fingers pan.
    const g0 = await snap(page);
    const H = 30;
    const view = { w: Math.floor((g0.free.right - g0.free.left - 10) / g0.size), h: Math.floor((g0.free.bottom - g0.free.top - 10) / g0.size) };
    const origins: [number, number][] = [];
    for (let tr = 0; tr * (view.h - 1) < H - 1; tr++) {
      const row: [number, number][] = [];
      for (let tc = 0; tc * (view.w - 1) < W - 1; tc++) row.push([Math.min(tr * (view.h - 1), H - view.h), Math.min(tc * (view.w - 1), W - view.w)]);
      origins.push(...(tr % 2 === 0 ? row : row.reverse()));
    }
    const order = new Map(origins.map(([r, c], n) => [r * W + c, n]));
    const firstScreen = (c: number) =>
      origins.findIndex(([r0, c0]) => Math.floor(c / W) - r0 < view.h && Math.floor(c / W) >= r0 && (c % W) - c0 < view.w && c % W >= c0);
    const todo = paths.map((p) => (firstScreen(p[p.length - 1]) < firstScreen(p[0]) ? [...p].reverse() : p));
    const done = todo.map(() => 0);
    let pans = 0;
    for (let pass = 0; done.some((d, k) => d < todo[k].length - 1); pass++) {
      expect(pass).toBeLessThan(6);
      for (const [r0, c0] of origins) {
        const on = (c: number) => Math.floor(c / W) >= r0 && Math.floor(c / W) < r0 + view.h && c % W >= c0 && c % W < c0 + view.w;
        const batch: number[][] = [];
        todo.forEach((path, k) => {
          let j = done[k];
          if (j >= path.length - 1 || !on(path[j]) || !on(path[j + 1])) return;
          const from = j;
          while (j + 1 < path.length && on(path[j + 1])) j++;
          batch.push(path.slice(from, j + 1).filter((c, n, a) => n === 0 || n === a.length - 1 || a[n + 1] - c !== c - a[n - 1]));
          done[k] = j;
        });
        if (batch.length === 0) continue;
        const g = await panTo(f, r0 * W + c0);
        pans++;
        expect(await strokes(page, g, batch)).toEqual([]);
      }
    }
    expect(order.size).toBe(origins.length);
    expect(pans).toBeLessThan(3 * origins.length);
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await linked()).toBe(W * 30);
    await page.context().close();
  });

  it('edge matching 8×8: a finger drags a piece up from the tray, taps place the rest; board and tray stay on the first screen; solved', async () => {
    const { id, solution } = FX.edgematch;
    const { page, f } = await openPhone(id);
    await boardFirst(page);
    await shot(page, 'phone-edgematch');
    const where = new Map<number, [number, number]>();
    solution.forEach((pl, i) => pl && where.set(pl[0], [i, pl[1]]));
    // The whole board and the tray's first piece are on the first screen, and stay there: nothing
    // below scrolls (the taps land where these boxes are).
    const layout = await page.evaluate(() => {
      const r = (e: Element) => e.getBoundingClientRect().toJSON() as DOMRect;
      return {
        board: r(document.querySelector('.em .board')!),
        tray: r(document.querySelector('.em-tray')!),
        cells: [...document.querySelectorAll('.em .cell')].map(r),
      };
    });
    for (const b of [layout.board, layout.tray]) {
      expect(b.top).toBeGreaterThanOrEqual(0);
      expect(b.bottom).toBeLessThanOrEqual(PHONE.height);
      expect(b.right).toBeLessThanOrEqual(PHONE.width);
    }
    expect(Math.min(...layout.cells.map((c) => c.width))).toBeGreaterThanOrEqual(TARGET);
    // The tray shows its pieces in piece order, so its first place always holds the lowest piece not
    // on the board; a piece put down is turned to fit the grey frame, which on an edge or corner cell
    // is the solution's turn, and elsewhere it stays unturned. So each piece is: a tap on the tray's
    // first place, a tap on its cell, and on an inner cell a tap per quarter turn. Checked at the end.
    const clues = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.em .cell[data-piece]')].map((c) => Number(c.dataset.i)));
    const slot = await page.evaluate(() => {
      const b = document.querySelector('.em-tray .em-piece')!.getBoundingClientRect();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    });
    const side = Math.sqrt(solution.length);
    const edge = (i: number) => i < side || i >= solution.length - side || i % side === 0 || i % side === side - 1;
    const pieces = [...where.keys()].filter((k) => !clues.includes(where.get(k)![0])).sort((a, b) => a - b);
    expect(pieces.length).toBe(solution.length - clues.length);
    // The first piece through the browser's own touch handling: a finger drags it from the tray up
    // onto its cell (a tray piece lets the browser pan sideways only, so an upward drag carries it).
    const [i0, r0] = where.get(pieces[0])!;
    const c0 = middle(layout.cells[i0]);
    await f.down(slot.x, slot.y);
    for (let k = 1; k <= 4; k++) await f.move(slot.x + ((c0.x - slot.x) * k) / 4, slot.y + ((c0.y - slot.y) * k) / 4);
    await f.up();
    expect(await page.locator(`.em .cell[data-i="${i0}"]`).getAttribute('data-piece')).toBe(String(pieces[0]));
    if (!edge(i0)) for (let t = 0; t < r0; t++) await f.tap(c0.x, c0.y);
    await expect.poll(() => page.locator(`.em .cell[data-i="${i0}"]`).getAttribute('data-rot')).toBe(String(r0));
    // The rest as taps, each where the finger lands and what must be there: the tray's first piece, or a cell.
    const taps: { x: number; y: number; want: string }[] = [];
    for (const k of pieces.slice(1)) {
      const [i, r] = where.get(k)!;
      const at = { x: (layout.cells[i].left + layout.cells[i].right) / 2, y: (layout.cells[i].top + layout.cells[i].bottom) / 2, want: `cell ${i}` };
      taps.push({ ...slot, want: `piece ${k}` }, at);
      if (!edge(i)) for (let t = 0; t < r; t++) taps.push(at);
    }
    // Sent in the page as a finger's pointer events to whatever is on screen at each point (a check
    // that nothing moved: every tap lands on what it meant).
    const missed = await page.evaluate((list) => {
      const out: string[] = [];
      for (const t of list) {
        const el = document.elementFromPoint(t.x, t.y);
        const piece = el?.closest<HTMLElement>('.em-piece')?.dataset.piece;
        const c = el?.closest<HTMLElement>('.cell')?.dataset.i;
        const got = piece !== undefined ? `piece ${piece}` : c !== undefined ? `cell ${c}` : (el?.className ?? 'nothing');
        if (got !== t.want) out.push(`${t.want}: ${got}`);
        for (const type of ['pointerdown', 'pointerup'])
          (el ?? document.body).dispatchEvent(
            new PointerEvent(type, {
              bubbles: true,
              cancelable: true,
              pointerId: 12,
              pointerType: 'touch',
              isPrimary: true,
              clientX: t.x,
              clientY: t.y,
              button: 0,
            }),
          );
      }
      return out;
    }, taps);
    expect(missed).toEqual([]);
    const onBoard = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.em .cell')].map((c) => (c.dataset.piece ? [Number(c.dataset.piece), Number(c.dataset.rot)] : null)),
    );
    expect(onBoard).toEqual(solution);
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('touch targets: every bar button and, once zoomed, the cells of the largest boards the pickers offer are ≥ 32 px', async () => {
    const page = await h.open(undefined, PHONE);
    const f = await Finger.on(page);
    const small = await page.evaluate(
      (min) =>
        [...document.querySelectorAll<HTMLElement>('.top button, .gamebar button, .gamebar label')]
          .filter((b) => b.offsetParent !== null)
          .map((b) => ({ id: b.id, ...b.getBoundingClientRect().toJSON() }))
          .filter((b) => b.width < min || b.height < min),
      TARGET,
    );
    expect(small).toEqual([]);
    // How to play says how to zoom and pan.
    expect(await page.locator('#help-list').textContent()).toContain('two fingers, or one finger in Pan mode, move the board');
    // A 40×40 nonogram (the pickers' largest) reaches 32-px cells at the zoom's top.
    const full = (n: number) =>
      `nonogram:${n}x${n}:${Array<string>(2 * n)
        .fill(String(n))
        .join('/')}`;
    await page.evaluate((id) => (location.hash = `#play=${encodeURIComponent(id)}`), full(40));
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(full(40));
    await zoomToTargets(f);
    await page.context().close();
  });

  it('on a desktop: each family in view (screenshots), column clues stay while the board scrolls, Share opens in view', async () => {
    const page = await h.openId(FX.nonogram.id);
    const stageTop = () => page.locator('#stage').evaluate((s) => s.getBoundingClientRect().top);
    // A 30×30 nonogram is taller than the screen: the stage scrolls, its column clues stay at its top.
    const b = (await page.locator('.board').boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + 100);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.locator('#stage').evaluate((s) => s.scrollTop)).toBeGreaterThan(0);
    expect(Math.abs((await page.locator('.ng-cols').evaluate((e) => e.getBoundingClientRect().top)) - (await stageTop()))).toBeLessThan(1);
    await shot(page, 'desktop-nonogram');
    // Scrolled down the page, Share opens at the top of the screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.click('#share');
    const panel = (await page.locator('#share-panel').boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.y + panel.height).toBeLessThanOrEqual(900);
    await shot(page, 'desktop-share');
    await page.click('#share-close');
    for (const [family, id] of [
      ['numberlink', FX.numberlink.id],
      ['edgematch', FX.edgematch.id],
    ] as const) {
      await page.evaluate((x) => (location.hash = `#play=${encodeURIComponent(x)}`), id);
      await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(id);
      // Another puzzle starts at its top-left corner, whatever the one before was scrolled to.
      expect(await page.locator('#stage').evaluate((s) => [s.scrollLeft, s.scrollTop])).toEqual([0, 0]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `desktop-${family}`);
    }
    // The edge-matching tray is beside the board, both on the first screen.
    for (const sel of ['.em .board', '.em-tray']) {
      const r = (await page.locator(sel).boundingBox())!;
      expect(r.y + Math.min(r.height, 200)).toBeLessThanOrEqual(900);
      expect(r.x + r.width).toBeLessThanOrEqual(1280);
    }
    await page.context().close();
  });
});
