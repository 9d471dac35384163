// Renders the player's install icons (web/public/icons/*.png) from its favicon (web/public/favicon.svg)
// with the Chromium the browser tests use (PROOFGRID_CHROMIUM, else /usr/bin/chromium): a 192 and a
// 512 px copy of the favicon ("any"), and a 512 px maskable one whose glyph sits inside the safe zone
// (the middle 80 % circle) on a full-bleed tile. The PNGs are committed; run this again after changing
// the favicon: node scripts/icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC = fileURLToPath(new URL('../web/public/', import.meta.url));
const favicon = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
// The maskable tile: the favicon's colour to every edge, its four squares scaled to half the side.
const tile = favicon.match(/<rect width="16" height="16" rx="3" fill="(#[0-9a-f]{6})"\/>/i)?.[1];
const glyph = favicon.match(/<g fill="#fff">[\s\S]*?<\/g>/)?.[0];
if (!tile || !glyph) throw new Error('favicon.svg no longer has the tile and glyph this script expects');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="${tile}"/><g transform="translate(8 8) scale(0.667) translate(-8 -8)">${glyph}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: process.env.PROOFGRID_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    writeFileSync(join(PUBLIC, 'icons', file), await page.screenshot({ omitBackground: true, type: 'png' }));
    await page.close();
  }
} finally {
  await browser.close();
}
