// Draws the app icons (the product mark of components/Brand.tsx: a check in a rounded square) as PNGs with the
// Chromium the browser tests use, into public/icons. Run after changing the mark: node apps/web/scripts/make-icons.mjs
// The maskable icon fills its whole square and keeps the mark inside the 80 % safe zone (a launcher crops it to a circle).
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');
const NAVY = '#17324d'; // theme.ts palette.primary.main
const AMBER = '#f2a900'; // theme.ts palette.secondary.main
const check = (scale, offset) =>
  `<path d="M9 16.5l4.5 4.5L23 11.5" transform="translate(${offset} ${offset}) scale(${scale})" stroke="${AMBER}" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${NAVY}"/>${check(1, 0)}</svg>`;
// full-bleed square; the check scaled to 60 % around the centre
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${NAVY}"/>${check(0.75, 4)}</svg>`;
writeFileSync(join(out, 'icon.svg'), icon + '\n');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', icon, 192],
  ['icon-512.png', icon, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  writeFileSync(join(out, name), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}
await browser.close();
console.log('icons written to', out);
