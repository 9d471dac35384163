/**
 * The edge-matching view in Chromium: dragging pieces from the tray, turning by click and key,
 * undo/redo, joint marks and the score, hints and checks, solving by mouse and by keyboard alone to the
 * win, reload, share, a generated game, touch drags and screenshots. The puzzle is made here in Node by
 * the playable generator and solved by the engine's count (its unique solution).
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClue, makeEdgematchId, makePuz } from '../../src/families/edgematch/formats/index.ts';
import { edgematch } from '../../src/families/edgematch/index.ts';
import { generatePlayable, playableParams } from '../../src/families/edgematch/generator.ts';
import { scoreBoard, shownColour } from '../../src/families/edgematch/puzzle.ts';
import type { Board, Instance, Placement } from '../../src/families/edgematch/types.ts';
import { countEdgematch } from '../../src/families/edgematch/xcc-model.ts';
import { cell, center, haveBrowser, newGame, requireBrowser, saved, savedGame, SHOTS, usePlayer } from './browser.ts';
import { longIt } from '../long.ts';

requireBrowser('the edge-matching player end-to-end tests');

const h = usePlayer();
const { open, openId } = h;

/** A certified 4x4 puzzle (its descriptive id), and its unique solution. */
let P: Instance;
let ID = '';
let SOL: Board;
let CLUES: Set<number>;

beforeAll(() => {
  const g = generatePlayable(playableParams(4, 4, 'easy'), 'e2e-view');
  if (!g.ok) throw new Error(`no puzzle: ${g.message}`);
  P = g.puzzle;
  ID = makeEdgematchId(P);
  const v = countEdgematch(P);
  if (v.kind !== 'unique') throw new Error(`the test puzzle is ${v.kind}`);
  SOL = v.solution;
  CLUES = new Set(P.clues.map((c) => c.cell));
});

const want = (i: number): Placement => SOL[i]!;
/** The score of the clues plus these placements. */
const scoreWith = (placed: [number, Placement][]): number => {
  const board: (Placement | null)[] = SOL.map(() => null);
  for (const c of P.clues) board[c.cell] = { piece: c.piece, rotation: c.rotation };
  for (const [i, pl] of placed) board[i] = pl;
  return scoreBoard(P, board);
};
const free = (): number[] => SOL.map((_, i) => i).filter((i) => !CLUES.has(i));
const trayPiece = (page: Page, k: number): Locator => page.locator(`.em-piece[data-piece="${k}"]`);
/** Each cell's placement on screen, `piece:rotation` or null. */
const onBoard = (page: Page): Promise<(string | null)[]> =>
  page
    .locator('.em .cell')
    .evaluateAll((els) =>
      els.map((e) => ((e as HTMLElement).dataset.piece === undefined ? null : `${(e as HTMLElement).dataset.piece}:${(e as HTMLElement).dataset.rot}`)),
    );
const rotOf = async (page: Page, i: number): Promise<number> => Number(await cell(page, i).getAttribute('data-rot'));
const status = (page: Page) => page.locator('#status').textContent();

/** A mouse drag from a locator's centre to cell `to`'s. */
async function dragTo(page: Page, from: Locator, to: number): Promise<void> {
  const b = await from.boundingBox();
  if (!b) throw new Error('drag source not visible');
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  const c = await center(page, to);
  await page.mouse.move(c.x, c.y, { steps: 5 });
  await page.mouse.up();
}

/** Clicks a placed piece until it shows rotation `r`. */
async function clickTo(page: Page, i: number, r: number): Promise<void> {
  const turns = (r - (await rotOf(page, i)) + 4) % 4;
  for (let k = 0; k < turns; k++) await cell(page, i).click();
  expect(await rotOf(page, i)).toBe(r);
}

/** Drags the solution's piece for cell i from the tray and turns it as the solution has it. */
async function placeRight(page: Page, i: number): Promise<void> {
  await dragTo(page, trayPiece(page, want(i).piece), i);
  expect(await cell(page, i).getAttribute('data-piece')).toBe(String(want(i).piece));
  await clickTo(page, i, want(i).rotation);
}

describe.skipIf(!haveBrowser)('edge matching in the web player (Chromium)', () => {
  it('drags a piece from the tray onto a cell, turns it by click and by key, undo/redo, matched and mismatched joints, the score', async () => {
    const page = await openId(ID);
    expect(await page.locator('#stage').getAttribute('data-family')).toBe('edgematch');
    expect(await page.locator('#family').inputValue()).toBe('edgematch');
    expect(await page.locator('.em-piece').count()).toBe(16 - P.clues.length);
    expect(await page.locator('.em-score').textContent()).toMatch(
      new RegExp(`^Pieces placed: ${P.clues.length} / 16 · matched joints: ${scoreWith([])} / 24$`),
    );
    expect(await page.locator('#help-list').textContent()).toContain('Drag a piece from the tray');
    // Clues are on the board, marked and fixed.
    const clue = P.clues[0];
    expect(await cell(page, clue.cell).getAttribute('aria-label')).toMatch(
      /, clue, piece \d+, (not turned|turned once clockwise|turned twice|turned once anticlockwise): N \d+, E \d+, S \d+, W \d+$/,
    );
    await cell(page, clue.cell).click();
    expect(await status(page)).toContain('holds a clue');
    expect(await saved(page)).toBe('0/0');

    // A horizontal pair of free cells.
    const [a, b] = free()
      .map((i) => [i, i + 1])
      .find(([i, j]) => i % 4 < 3 && !CLUES.has(j))!;
    await dragTo(page, trayPiece(page, want(a).piece), a);
    await expect.poll(() => saved(page)).toBe('1/0');
    expect(await cell(page, a).getAttribute('data-piece')).toBe(String(want(a).piece));
    expect(await trayPiece(page, want(a).piece).count()).toBe(0);
    expect((await savedGame(page))!.moves[0]).toMatch(new RegExp(`^p${want(a).piece}@${Math.floor(a / 4) + 1}\\.${(a % 4) + 1}:[0-3]$`));
    const r0 = await rotOf(page, a);
    // A click turns it clockwise; R or Space too (the clicked cell has the focus); Shift+R turns back.
    await cell(page, a).click();
    expect(await rotOf(page, a)).toBe((r0 + 1) % 4);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.i)).toBe(String(a));
    await page.keyboard.press('r');
    expect(await rotOf(page, a)).toBe((r0 + 2) % 4);
    await page.keyboard.press('Space');
    expect(await rotOf(page, a)).toBe((r0 + 3) % 4);
    await page.keyboard.press('Shift+R');
    expect(await rotOf(page, a)).toBe((r0 + 2) % 4);
    await expect.poll(() => saved(page)).toBe('5/0');
    // Undo and redo, by button and by key.
    await page.click('#undo');
    expect(await rotOf(page, a)).toBe((r0 + 3) % 4);
    await page.keyboard.press('Control+z');
    expect(await rotOf(page, a)).toBe((r0 + 2) % 4);
    await page.click('#redo');
    await page.keyboard.press('Control+y');
    expect(await rotOf(page, a)).toBe((r0 + 2) % 4);
    await expect.poll(() => saved(page)).toBe('5/0');
    await expect.poll(async () => (await savedGame(page))!.marks).toContain(`${want(a).piece}:${(r0 + 2) % 4}`);

    // Both pieces as the solution has them: their joint is matched and scores.
    await clickTo(page, a, want(a).rotation);
    await placeRight(page, b);
    expect(await page.locator(`.em-ok[data-a="${a}"][data-b="${b}"]`).count()).toBe(1);
    expect(await page.locator('.em-bad').count()).toBe(0);
    const right = scoreWith([
      [a, want(a)],
      [b, want(b)],
    ]);
    expect(right).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.em-score').getAttribute('data-score')).toBe(String(right));
    // Turn b until its west side differs from a's east side: a red mark, no score.
    const east = shownColour(P.pieces[want(a).piece], want(a).rotation, 1);
    let r = want(b).rotation as number;
    do r = (r + 1) % 4;
    while (shownColour(P.pieces[want(b).piece], r, 3) === east);
    await clickTo(page, b, r);
    expect(await page.locator(`.em-bad[data-a="${a}"][data-b="${b}"]`).count()).toBe(1);
    expect(await cell(page, b).getAttribute('aria-label')).toMatch(/; does not match on ([NES], )*W$/);
    expect(await cell(page, a).getAttribute('aria-label')).toMatch(/; does not match on (N, )?E(, S)?$/);
    expect(await page.locator('.em-score').getAttribute('data-score')).toBe(
      String(
        scoreWith([
          [a, want(a)],
          [b, { piece: want(b).piece, rotation: r as Placement['rotation'] }],
        ]),
      ),
    );
    expect(Number(await page.locator('.em-score').getAttribute('data-score'))).toBeLessThan(right);
    expect(await page.locator('.em-score').textContent()).toMatch(/mismatched/);
    // Dragging a placed piece off the board sends it back to the tray.
    const trayBox = await page.locator('.em-tray').boundingBox();
    const c = await center(page, b);
    await page.mouse.move(c.x, c.y);
    await page.mouse.down();
    await page.mouse.move(trayBox!.x + 4, trayBox!.y + 4, { steps: 5 });
    await page.mouse.up();
    expect(await cell(page, b).getAttribute('data-piece')).toBeNull();
    expect(await trayPiece(page, want(b).piece).count()).toBe(1);
    expect(await page.locator('.em-bad').count()).toBe(0);
    expect((await savedGame(page))!.moves.at(-1)).toBe(`t${Math.floor(b / 4) + 1}.${(b % 4) + 1}`);
    // A piece dragged from a cell onto another placed piece swaps with it.
    await placeRight(page, b);
    await dragTo(page, cell(page, a), b);
    expect(await cell(page, a).getAttribute('data-piece')).toBe(String(want(b).piece));
    expect(await cell(page, b).getAttribute('data-piece')).toBe(String(want(a).piece));
    await page.context().close();
  });

  it('hint names its step and highlights it; check marks a wrong piece, then finds no mistakes', async () => {
    const page = await openId(ID);
    await page.click('#hint');
    await expect.poll(() => status(page)).toMatch(/^Hint \([a-z ]+\): .*row \d, column \d/);
    const m = /row (\d), column (\d)/.exec((await status(page))!)!;
    const at = (Number(m[1]) - 1) * 4 + Number(m[2]) - 1;
    expect(await page.locator('.em .cell.hint').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)))).toContain(at);
    // The hinted piece is highlighted and selected in the tray: Enter on the hinted cell puts it there as the hint says.
    const named = Number(/[Pp]iece (\d+)/.exec((await status(page))!)![1]);
    expect(named).toBe(want(at).piece);
    expect(await trayPiece(page, named).getAttribute('class')).toContain('hint');
    expect(await trayPiece(page, named).getAttribute('aria-pressed')).toBe('true');
    await cell(page, at).focus();
    await page.keyboard.press('Enter');
    expect(await cell(page, at).getAttribute('data-piece')).toBe(String(want(at).piece));
    expect(await rotOf(page, at)).toBe(want(at).rotation);
    await page.click('#undo');
    expect(await cell(page, at).getAttribute('data-piece')).toBeNull();
    // One right piece and one wrong one (another cell's piece).
    const [x, y, z] = free();
    await placeRight(page, x);
    expect(await page.locator('.em .cell.hint').count()).toBe(0);
    await page.click('#check');
    await expect.poll(() => status(page)).toBe('No mistakes so far.');
    await dragTo(page, trayPiece(page, want(z).piece), y);
    await page.check('#show-wrong');
    await page.click('#check');
    await expect.poll(() => status(page)).toBe('Something does not match: 1 cell marked in red.');
    expect(await page.locator('.em .cell.wrong').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)))).toEqual([y]);
    await page.click('#hint');
    await expect
      .poll(() => status(page))
      .toMatch(
        new RegExp(`^Hint \\(mistake\\): Piece ${want(z).piece} .* at row ${Math.floor(y / 4) + 1}, column ${(y % 4) + 1} is not part of the solution\\.$`),
      );
    expect(await page.locator('.em .cell.hint').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)))).toEqual([y]);
    // Delete takes it back to the tray (focus is on it after the drag).
    await cell(page, y).focus();
    await page.keyboard.press('Delete');
    expect(await cell(page, y).getAttribute('data-piece')).toBeNull();
    await page.click('#check');
    await expect.poll(() => status(page)).toBe('No mistakes so far.');
    await page.context().close();
  });

  longIt('solves the puzzle by mouse drags and clicks to the win screen; restart empties the board', async () => {
    const page = await openId(ID);
    const cells = free();
    for (const [k, i] of cells.entries()) {
      await placeRight(page, i);
      if (k < cells.length - 1) expect(await page.locator('#won').isHidden()).toBe(true);
    }
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await status(page)).toBe('Solved! Every piece is placed, every joint matches and the frame is grey all round.');
    expect(await page.locator('.em-score').textContent()).toBe('Pieces placed: 16 / 16 · matched joints: 24 / 24');
    expect(await page.locator('.em-bad').count()).toBe(0);
    expect(await page.locator('.em-ok').count()).toBe(24);
    await expect.poll(() => page.locator('#history tbody').textContent()).toContain('Edge matching');
    mkdirSync(SHOTS, { recursive: true });
    await page.click('#won-close');
    await page.screenshot({ path: join(SHOTS, 'edgematch-solved.png'), fullPage: true });
    await page.click('#restart');
    expect((await onBoard(page)).filter((x) => x !== null).length).toBe(P.clues.length);
    expect(await page.locator('.em-piece').count()).toBe(cells.length);
    await page.context().close();
  });

  // Long suite only (npm test's four minutes); CI runs it at every stop.
  longIt('solves by keyboard alone: arrows, [ and ] choose a tray piece, Enter and P place, R turns, M moves, T takes back', async () => {
    const page = await openId(ID);
    await cell(page, 0).focus();
    let at = 0;
    const go = async (to: number) => {
      const [dr, dc] = [Math.floor(to / 4) - Math.floor(at / 4), (to % 4) - (at % 4)];
      for (let k = 0; k < Math.abs(dr); k++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
      for (let k = 0; k < Math.abs(dc); k++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
      at = to;
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.i)).toBe(String(to));
    };
    const selectedPiece = async () => Number(await page.locator('.em-piece[aria-pressed="true"]').getAttribute('data-piece'));
    const choose = async (k: number) => {
      for (let guard = 0; guard < 20 && (await selectedPiece()) !== k; guard++) await page.keyboard.press(']');
      expect(await selectedPiece()).toBe(k);
    };
    // ] and [ step through the tray, round and round.
    const s0 = await selectedPiece();
    await page.keyboard.press(']');
    expect(await selectedPiece()).not.toBe(s0);
    await page.keyboard.press('[');
    expect(await selectedPiece()).toBe(s0);
    expect(await status(page)).toMatch(/^Piece \d+ selected/);
    const cells = free();
    // The first two pieces go to each other's cells, then M moves one onto the other: they swap.
    const [c1, c2] = cells;
    await go(c1);
    await choose(want(c2).piece);
    await page.keyboard.press('Enter');
    expect(await cell(page, c1).getAttribute('data-piece')).toBe(String(want(c2).piece));
    await go(c2);
    await choose(want(c1).piece);
    await page.keyboard.press('p');
    expect(await cell(page, c2).getAttribute('data-piece')).toBe(String(want(c1).piece));
    await page.keyboard.press('m');
    expect(await status(page)).toMatch(/^Moving piece/);
    await go(c1);
    await page.keyboard.press('Enter');
    expect(await cell(page, c1).getAttribute('data-piece')).toBe(String(want(c1).piece));
    expect(await cell(page, c2).getAttribute('data-piece')).toBe(String(want(c2).piece));
    // T takes back to the tray; Enter from the tray (Tab there) picks a piece and returns to the board.
    await page.keyboard.press('t');
    expect(await cell(page, c1).getAttribute('data-piece')).toBeNull();
    await page.locator('.em-piece[tabindex="0"]').focus();
    for (let guard = 0; guard < 20 && (await page.evaluate(() => (document.activeElement as HTMLElement).dataset.piece)) !== String(want(c1).piece); guard++)
      await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.i)).toBe(String(c1));
    await page.keyboard.press('Enter');
    expect(await cell(page, c1).getAttribute('data-piece')).toBe(String(want(c1).piece));
    const turn = async (i: number) => {
      for (let guard = 0; guard < 4 && (await rotOf(page, i)) !== want(i).rotation; guard++) await page.keyboard.press('r');
      expect(await rotOf(page, i)).toBe(want(i).rotation);
    };
    await turn(c1);
    await go(c2);
    await turn(c2);
    for (const i of cells.slice(2)) {
      await go(i);
      await choose(want(i).piece);
      await page.keyboard.press('Enter');
      await turn(i);
    }
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await status(page)).toMatch(/^Solved!/);
    await page.context().close();
  });

  longIt('a reload restores the game; a share link opens the same puzzle in a fresh context', async () => {
    const page = await openId(ID);
    const [x, y] = free();
    await placeRight(page, x);
    await dragTo(page, trayPiece(page, want(y).piece), y);
    const n = (await savedGame(page))!.moves.length;
    await expect.poll(() => saved(page)).toBe(`${n}/0`);
    const before = await onBoard(page);
    await page.reload();
    await page.locator('.board').waitFor();
    await expect.poll(() => page.locator('#stage').getAttribute('data-puzzle')).toBe(ID);
    expect(await onBoard(page)).toEqual(before);
    expect(await status(page)).toContain('Welcome back');
    expect(await page.locator('#family').inputValue()).toBe('edgematch');
    await page.click('#undo');
    expect(await cell(page, y).getAttribute('data-piece')).toBeNull();
    await page.click('#share');
    const link = await page.locator('#share-link').inputValue();
    expect(await page.locator('#share-code').inputValue()).toBe(ID);
    await page.context().close();
    const other = await open(link);
    await expect.poll(() => other.locator('#stage').getAttribute('data-puzzle')).toBe(ID);
    expect((await onBoard(other)).filter((v) => v !== null).length).toBe(P.clues.length);
    // The same puzzle imported from an id file.
    await other.selectOption('#family', 'edgematch');
    expect(await other.locator('#import').getAttribute('accept')).toContain('.puz');
    await other.setInputFiles('#import', { name: 'one.id', mimeType: 'text/plain', buffer: Buffer.from(`# one puzzle\n${ID}\n`) });
    await expect.poll(() => other.locator('#status').textContent()).toBe('Imported: exactly one solution (proven).');
    expect(await other.locator('#stage').getAttribute('data-puzzle')).toBe(ID);
    // The board suite's two files chosen together: the .clue beside the .puz gives the clues back.
    expect(await other.locator('#import').getAttribute('accept')).toContain('.clue');
    await other.setInputFiles('#import', [
      { name: 'suite.puz', mimeType: 'text/plain', buffer: Buffer.from(makePuz(P)) },
      { name: 'suite.clue', mimeType: 'text/plain', buffer: Buffer.from(makeClue(P)) },
    ]);
    await expect.poll(() => other.locator('#status').textContent()).toBe('Imported: exactly one solution (proven).');
    expect((await onBoard(other)).filter((v) => v !== null).length).toBe(P.clues.length);
    // The .puz alone has no clues; the .clue alone is not a puzzle, and the player says what to choose.
    await other.setInputFiles('#import', { name: 'suite.puz', mimeType: 'text/plain', buffer: Buffer.from(makePuz(P)) });
    await expect.poll(() => other.locator('#status').textContent()).toBe('Imported: more than one solution: any answer that follows the rules wins.');
    expect((await onBoard(other)).filter((v) => v !== null).length).toBe(0);
    await other.setInputFiles('#import', { name: 'suite.clue', mimeType: 'text/plain', buffer: Buffer.from(makeClue(P)) });
    await expect.poll(() => other.locator('#status').textContent()).toMatch(/^suite\.clue is read beside a puzzle file: choose the puzzle file with it\.$/);
    await other.context().close();
  });

  it('generates a game from the pickers; at phone width the board fits, touch drags place and taps turn; screenshots', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await open(h.url, { width: 360, height: 740, touch: true });
    await newGame(page, 5, 5, 'easy', 'edgematch');
    expect(await page.locator('#puzzle-id').textContent()).toMatch(new RegExp(`^edgematch@${edgematch.version}:5x5-easy#`));
    expect([await page.locator('#width').inputValue(), await page.locator('#height').inputValue()]).toEqual(['5', '5']);
    const box = await page.locator('.board').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A finger's drag from the tray to an empty cell (pointer events as touch sends them).
    await page.locator('.board').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    const empty = Number(await page.locator('.em .cell:not([data-piece])').first().getAttribute('data-i'));
    const first = page.locator('.em-piece').first();
    const piece = await first.getAttribute('data-piece');
    const touch = async (type: string, x: number, y: number) =>
      page.evaluate(
        ([t, px, py]) => {
          const target = document.elementFromPoint(px as number, py as number)!;
          target.dispatchEvent(
            new PointerEvent(t as string, {
              bubbles: true,
              cancelable: true,
              pointerId: 7,
              pointerType: 'touch',
              isPrimary: true,
              clientX: px as number,
              clientY: py as number,
              button: 0,
            }),
          );
        },
        [type, x, y] as const,
      );
    const fb = (await first.boundingBox())!;
    const to = await center(page, empty);
    await touch('pointerdown', fb.x + fb.width / 2, fb.y + fb.height / 2);
    await touch('pointermove', (fb.x + to.x) / 2, (fb.y + to.y) / 2);
    await touch('pointermove', to.x, to.y);
    await touch('pointerup', to.x, to.y);
    expect(await cell(page, empty).getAttribute('data-piece')).toBe(piece);
    const r = await rotOf(page, empty);
    await cell(page, empty).tap();
    expect(await rotOf(page, empty)).toBe((r + 1) % 4);
    await page.screenshot({ path: join(SHOTS, 'edgematch-phone.png'), fullPage: true });
    await page.click('#theme');
    await page.screenshot({ path: join(SHOTS, 'edgematch-phone-other-theme.png'), fullPage: true });
    expect(statSync(join(SHOTS, 'edgematch-phone.png')).size).toBeGreaterThan(5000);
    await page.context().close();
  });
});

describe('edge matching at 10×10 (generator version 3)', () => {
  longIt(
    'generates a 10×10 from the pickers on a desktop; at 360×740 the board fits, a tap takes a tray piece and a tap puts it down; screenshots',
    async () => {
      mkdirSync(SHOTS, { recursive: true });
      const desk = await open(h.url);
      await newGame(desk, 10, 10, 'medium', 'edgematch');
      expect(await desk.locator('#puzzle-id').textContent()).toMatch(new RegExp(`^edgematch@${edgematch.version}:10x10-medium#`));
      expect(await desk.locator('.em .cell').count()).toBe(100);
      const board = (await desk.locator('.em .board').boundingBox())!;
      expect(board.x).toBeGreaterThanOrEqual(0);
      expect(board.x + board.width).toBeLessThanOrEqual(1280);
      expect(await desk.locator('.em-piece').count()).toBeGreaterThan(0);
      await desk.screenshot({ path: join(SHOTS, 'edgematch-10x10-desktop.png') });
      await desk.context().close();

      // The phone opens a 10x10 made here (its descriptive id), so the touches know the solution.
      const g = generatePlayable(playableParams(10, 10, 'medium'), 'e2e-10');
      const got = g.ok ? g : g.nearest;
      if (!got) throw new Error(`no 10x10 puzzle: ${g.ok ? '' : g.message}`);
      const id = makeEdgematchId(got.puzzle);
      const page = await openId(id, { width: 360, height: 740, touch: true });
      // Opened from a link, the board is counted and graded there: proven unique (the backtracker's count), with its level.
      await expect.poll(() => page.locator('#verdict').getAttribute('class'), { timeout: 30_000 }).toContain('verdict-unique');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const layout = await page.evaluate(() => ({
        board: document.querySelector('.em .board')!.getBoundingClientRect().toJSON() as DOMRect,
        cells: [...document.querySelectorAll('.em .cell')].map((c) => c.getBoundingClientRect().width),
      }));
      expect(layout.board.left).toBeGreaterThanOrEqual(0);
      expect(layout.board.right).toBeLessThanOrEqual(360);
      expect(Math.min(...layout.cells)).toBeGreaterThanOrEqual(28);
      await page.screenshot({ path: join(SHOTS, 'edgematch-10x10-phone.png'), fullPage: true });
      // The tray's first piece goes to its cell in the solution: a tap on it, a tap on the cell.
      const first = page.locator('.em-tray .em-piece').first();
      const piece = Number(await first.getAttribute('data-piece'));
      const target = got.solution.findIndex((pl) => pl?.piece === piece);
      await first.tap();
      await cell(page, target).tap();
      expect(await cell(page, target).getAttribute('data-piece')).toBe(String(piece));
      await page.screenshot({ path: join(SHOTS, 'edgematch-10x10-phone-placed.png'), fullPage: true });
      expect(statSync(join(SHOTS, 'edgematch-10x10-phone.png')).size).toBeGreaterThan(5000);
      await page.context().close();
    },
  );
});
