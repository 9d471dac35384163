/**
 * Debian's Chromium, launched the one way every browser test here launches it (test tools cannot
 * download their own browsers on this machine): headless, no sandbox, no GPU, nothing that reaches
 * the network on its own. Playwright gives every launch a fresh temporary profile (its own
 * --user-data-dir).
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.PROOFGRID_CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The player picks its language from the browser's: the tests read its English, so the browser is
  // English unless a context says otherwise (`locale: 'es-ES'` in test/e2e/i18n.test.ts).
  '--lang=en-US',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
