/**
 * The player in Spanish (issue 17 item 7): a browser whose language is es-ES gets the page in Spanish
 * (`<html lang="es">`, the pickers and buttons, the help list, a bad share link's sentence, the win
 * dialog, a hint of each family in the engine's data worded in Spanish), axe-core finds no serious
 * violation in it, and the switch goes back to English and stays there. Desktop and a 360×740 phone
 * with touch. Screenshots go to test-results/i18n-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { edgematch } from '../../src/families/edgematch/index.ts';
import { numberlink } from '../../src/families/numberlink/index.ts';
import { parseNonogramId } from '../../src/families/nonogram/formats/id.ts';
import { countSolutions } from '../../src/families/nonogram/solver.ts';
import * as api from '../../src/api/index.ts';
import { isEdgematchSays } from '../../src/families/edgematch/says.ts';
import { isNonogramSays } from '../../src/families/nonogram/says.ts';
import { isNumberlinkSays } from '../../src/families/numberlink/says.ts';
import { DEFAULT_PUZZLE } from '../../web/src/default-puzzle.ts';
import { edgematchHintWords } from '../../web/src/views/edgematch-words.ts';
import { nonogramHintWords } from '../../web/src/views/nonogram-words.ts';
import { numberlinkHintWords } from '../../web/src/views/numberlink-words.ts';
import { setWordsLanguage, W } from '../../web/src/words.ts';
import { axeProblems, center, haveBrowser, requireBrowser, SHOTS, showPickers, usePlayer } from './browser.ts';
import { longIt, sample } from '../long.ts';

requireBrowser('the language end-to-end tests');

const h = usePlayer();

const SIZES = [
  ['desktop', 1280, 900, false],
  ['phone', 360, 740, true],
] as const;

/** A fresh page whose browser speaks `locale`, at `fragment` (a share link) or the plain page. */
async function openIn(locale: string, width: number, height: number, touch: boolean, fragment = ''): Promise<Page> {
  const ctx = await h.browser.newContext({ locale, viewport: { width, height }, hasTouch: touch, isMobile: touch });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${h.url}${fragment}`);
  return page;
}

/** The page's visible text. */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point, hidden elements left out.
const visibleText = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);

/** English that must not show on the Spanish page (its own words, not the puzzle's name). */
const ENGLISH =
  /\b(the|and|piece|board|cell|drag|New game|Undo|Redo|Restart|Check|Hint|Share|How to play|Level|Width|Height|Import|measured|generated|solution|Finished games)\b/;

/** English a Spanish hint must not hold. */
const HINT_ENGLISH = /\b(the|and|row|column|clue|cells?|piece|path|link|only|fits|turned|into|between|suppose|trial|mistake|overlap|line)\b/i;

/**
 * What the status line says for the first hint of a puzzle (its id, seeded or descriptive) in a
 * Spanish player: the engine's hint at the start, worded from its `says` by the family's words.
 */
function spanishFirstHint(id: string): string {
  const opened = api.open(id);
  if (!opened.ok || opened.value.kind === 'failed') throw new Error(`cannot open ${id}`);
  const r = api.hint(opened.value.info.id, []);
  if (!r.ok || r.value.kind !== 'hint') throw new Error(`no hint for ${id}`);
  const says: unknown = JSON.parse(JSON.stringify(r.value.hint.says));
  setWordsLanguage('es');
  try {
    const words = isNonogramSays(says)
      ? nonogramHintWords(says)
      : isNumberlinkSays(says)
        ? numberlinkHintWords(says)
        : isEdgematchSays(says)
          ? edgematchHintWords(says)
          : null;
    if (!words) throw new Error(`no words for ${JSON.stringify(says)}`);
    return W.app.hintSay(words.technique, words.text, true);
  } finally {
    setWordsLanguage('en');
  }
}

/**
 * Asks for a hint (a tap on a phone) and checks the status line says the engine's first hint for
 * `id` in Spanish, as the family's words give it in Node; a screenshot shows it.
 */
async function spanishHint(page: Page, id: string, touch: boolean, shot: string): Promise<void> {
  const want = spanishFirstHint(id);
  expect(want).toMatch(/^Pista \(/);
  expect(want).not.toMatch(HINT_ENGLISH);
  if (touch) await page.tap('#hint');
  else await page.click('#hint');
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 15_000 }).toMatch(/^Pista \(/);
  const said = (await page.locator('#status').textContent()) ?? '';
  expect(said, shot).toBe(want);
  expect(said).toMatch(/\b(fila|columna)\b/);
  await page.screenshot({ path: join(SHOTS, shot) });
}

describe.skipIf(!haveBrowser)('the player in Spanish', () => {
  it('is in Spanish for an es-ES browser, desktop and phone: lang, buttons, help, a hint, a bad import and a bad link, axe-core (screenshots)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // npm test: the phone (touch, the menu); the long suite adds the desktop.
    for (const [size, width, height, touch] of sample(SIZES, ([size]) => size === 'phone')) {
      const page = await openIn('es-ES', width, height, touch);
      await page.locator('.board').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.title()).toBe('proofgrid — puzles certificados');
      expect(await page.locator('#new').textContent()).toBe('Nueva partida');
      expect(await page.locator('#undo').textContent()).toBe('Deshacer');
      expect(await page.locator('#level option[value="medium"]').textContent()).toBe('medio');
      expect(await page.locator('#help summary').textContent()).toBe('Cómo se juega: Nonograma');
      const help = await page.locator('#help-list li').allTextContents();
      expect(help[0]).toMatch(/^Rellena las casillas/);
      expect(help.at(-1)).toMatch(/^Tableros grandes/);
      expect(await page.locator('#grade').textContent()).toMatch(/^Nivel: fácil \(medido: /);
      // The switch is with the new-puzzle controls: in the menu on a phone.
      await showPickers(page);
      expect(await page.locator('#lang').isVisible()).toBe(true);
      expect(await page.locator('label.lang').textContent()).toMatch(/^Idioma /);
      expect(await page.locator('#lang option:checked').textContent()).toBe('Español');
      await page.click('#help summary');
      const text = await visibleText(page);
      expect(text).toContain('Nonograma 10×10, generado');
      expect(text.match(ENGLISH)).toBeNull();
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `i18n-es-${size}.png`), fullPage: true });
      await page.screenshot({ path: join(SHOTS, `i18n-es-${size}-top.png`) });
      // A hint: the engine's data, worded in Spanish.
      await spanishHint(page, DEFAULT_PUZZLE.puzzle, touch, `i18n-es-hint-nonogram-${size}.png`);
      if (!touch) {
        // A file the engine cannot read: the code's sentence in Spanish and its line, none of the engine's English.
        await page.setInputFiles('#import', { name: 'bad.non', mimeType: 'text/plain', buffer: Buffer.from('width 2\nheight x\n') });
        await expect.poll(() => page.locator('#status').textContent()).toMatch(/^No se pudo leer bad\.non: [a-z].*\(línea 2\)\.$/);
        expect(await page.locator('#status').textContent()).not.toMatch(HINT_ENGLISH);
        await page.screenshot({ path: join(SHOTS, 'i18n-es-bad-import-desktop.png') });
      }
      await page.context().close();

      // A share link of a family the player does not know: said in Spanish, in the bad-link panel.
      const bad = await openIn('es-ES', width, height, touch, `#play=${encodeURIComponent('chess:8x8:rnbqkbnr')}`);
      await bad.locator('.link-problem').waitFor();
      expect(await bad.locator('.link-problem h2').textContent()).toBe('Este enlace no abre ningún puzle');
      expect(await bad.locator('.link-problem .why').textContent()).toBe(
        'No se puede mostrar este puzle: este reproductor no sabe mostrar la familia «chess».',
      );
      expect(await bad.locator('.link-problem button').allTextContents()).toEqual(['Jugar el puzle de ejemplo', 'Nueva partida']);
      expect(await axeProblems(bad)).toEqual([]);
      await bad.screenshot({ path: join(SHOTS, `i18n-es-bad-link-${size}.png`), fullPage: true });
      await bad.context().close();
    }
  });

  longIt('names the other families in Spanish: edge matching and Numberlink, their help, status and hints', async () => {
    const emId = `edgematch@${edgematch.version}:4x4-easy#es`;
    const nlId = `numberlink@${numberlink.version}:5x5-easy#es`;
    const em = await openIn('es-ES', 360, 740, true, `#play=${encodeURIComponent(emId)}`);
    await expect.poll(() => em.locator('#stage').getAttribute('data-family')).toBe('edgematch');
    expect(await em.locator('.em-score').textContent()).toMatch(/^Piezas colocadas: \d+ \/ 16 · uniones que coinciden: \d+ \/ 24$/);
    expect(await em.locator('#help summary').textContent()).toBe('Cómo se juega: Encaje de bordes');
    expect(await em.locator('.em-tray').getAttribute('aria-label')).toBe('Bandeja: las piezas que no están en el tablero');
    expect((await visibleText(em)).match(ENGLISH)).toBeNull();
    expect(await axeProblems(em)).toEqual([]);
    await em.screenshot({ path: join(SHOTS, 'i18n-es-edgematch-phone.png') });
    await spanishHint(em, emId, true, 'i18n-es-hint-edgematch-phone.png');
    await em.context().close();
    const nl = await openIn('es-ES', 1280, 900, false, `#play=${encodeURIComponent(nlId)}`);
    await expect.poll(() => nl.locator('#stage').getAttribute('data-family')).toBe('numberlink');
    expect(await nl.locator('#help-list li').nth(1).textContent()).toMatch(/^Reglas de este puzle: estándar\. /);
    expect(await nl.locator('#rules').textContent()).toBe('reglas: estándar');
    expect(await nl.locator('.cell[data-i="0"]').getAttribute('aria-label')).toMatch(/^fila 1, columna 1, /);
    expect((await visibleText(nl)).match(ENGLISH)).toBeNull();
    await spanishHint(nl, nlId, false, 'i18n-es-hint-numberlink-desktop.png');
    await nl.context().close();
  });

  // Long suite only (npm test's four minutes); CI runs it at every stop.
  longIt('shows the win dialog in Spanish, and the switch goes back to English and stays', async () => {
    const page = await openIn('es-ES', 1280, 900, false);
    await page.locator('.board').waitFor();
    const p = parseNonogramId(DEFAULT_PUZZLE.puzzle);
    if (!p.ok) throw new Error(DEFAULT_PUZZLE.puzzle);
    const v = countSolutions(p.value);
    if (v.kind !== 'unique') throw new Error(v.kind);
    for (let i = 0; i < v.solution.length; i++) {
      if (v.solution[i] !== 1) continue;
      const c = await center(page, i);
      await page.mouse.click(c.x, c.y);
    }
    await page.locator('#won').waitFor({ state: 'visible' });
    expect(await page.locator('#won-title').textContent()).toBe('¡Resuelto!');
    expect(await page.locator('#won-stats dt').allTextContents()).toEqual(['Tiempo', 'Tamaño', 'Nivel', 'Comprobaciones', 'Pistas usadas']);
    expect(await page.locator('#won-stats dd').nth(3).textContent()).toBe('0 (0 errores encontrados)');
    expect(await page.locator('#won-new').textContent()).toBe('Nueva partida');
    expect(await page.locator('#status').textContent()).toBe('¡Resuelto! Todas las pistas se cumplen.');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'i18n-es-won-desktop.png') });
    await page.click('#won-close');

    // The switch: English, kept over a reload, the solved game still on screen.
    await Promise.all([page.waitForEvent('load'), page.selectOption('#lang', 'en')]);
    await page.locator('.board').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('#new').textContent()).toBe('New game');
    expect(await page.locator('#help-list li').first().textContent()).toMatch(/^Fill the cells/);
    expect(await page.locator('#lang').inputValue()).toBe('en');
    await page.reload();
    await page.locator('.board').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('#undo').textContent()).toBe('Undo');
    await page.screenshot({ path: join(SHOTS, 'i18n-en-after-switch-desktop.png') });
    await page.context().close();
  });
});
