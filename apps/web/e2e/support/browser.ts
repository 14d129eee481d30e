import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Headless Chromium as the developers' guide prescribes (Debian's /usr/bin/chromium). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH && process.env.CHROMIUM_PATH !== 'bundled' ? process.env.CHROMIUM_PATH : '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

const shotsDir = resolve(import.meta.dirname, '../../../../test-results/screenshots');

/** Saves a screenshot under test-results/screenshots (ignored by git) for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}
