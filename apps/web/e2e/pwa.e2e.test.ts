import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot, serviceWorkerInControl } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, TABLET } from './support/tablet.js';

/**
 * The installable app (issue 23) on the built product: the service worker precaches the app after one visit, so it
 * opens without a network (a screen visited before and one never visited); the manifest; the first load's JavaScript
 * as the browser transfers it; and a new version's notice. The product serves a copy of the built web app, so a test
 * can publish a 'new version' of the service worker without touching the build other files use.
 */
const root = resolve(import.meta.dirname, '../../..');
const builtWeb = process.env.E2E_BUILD_DIR ? join(resolve(process.env.E2E_BUILD_DIR), 'web') : join(root, 'apps/web/dist');
const web = mkdtempSync(join(tmpdir(), 'insp-e2e-web-'));
cpSync(builtWeb, web, { recursive: true });

let product: Product;
let browser: Browser;
productAndBrowser(
  (p, b) => {
    product = p;
    browser = b;
  },
  { WEB_DIST: web },
);

const ADMIN = 'admin@company.example';
const BUDGET_PUBLIC = 300 * 1024; // issue 23: a first screen loads under 300 kB gzip of JavaScript
// The signed-in count runs until the network is idle, so it holds more than My page's first screen (279 kB in
// bench/web-bundle.bench.ts): My page's two lists (react-admin's list views, requested when their sections render,
// about 93 kB) and the offline queue (Dexie, 38 kB; 0 bytes in runs where the service worker already had it).
// 416.1 and 402.2 kB measured here in two runs with both (docs/decisions.md, "The signed-in first screen under 300 kB"; 467.5 kB before
// that work). This budget catches regressions.
const BUDGET_SIGNED_IN = 430 * 1024;
/**
 * Chunks of screens not opened, and the date picker's (no date field on My page): the service worker fetches them
 * in the background, the page itself never asks.
 */
const OTHER_SCREENS = /\/assets\/(DocumentsPage|AuditEditor|ReportEdit|InspectionPointsPage|ProtocolsPage|DatePickerField)-/;

/** Bytes of JavaScript the page itself transferred (compressed, as on the wire), counted by Chromium's network events. */
async function countScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => void bytes.set(e.requestId, e.encodedDataLength));
  return {
    total: () => [...scripts.keys()].reduce((sum, id) => sum + (bytes.get(id) ?? 0), 0),
    files: () => scripts.size,
    urls: () => [...scripts.values()],
    /** Each script's file name and bytes, for the log: which chunks a figure holds. */
    each: () => [...scripts].map(([id, url]) => `${url.replace(/^.*\/assets\//, '')} ${kB(bytes.get(id) ?? 0)}`).join(', '),
  };
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

describe('installable web app', () => {
  it('loads the login screen and a signed-in first screen within budget, fetching the other screens only in the background', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const login = await countScripts(page);
    await page.goto(product.url + '/login');
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await page.waitForLoadState('networkidle');
    console.log(`first load, login: ${login.files()} scripts, ${kB(login.total())}`);
    expect(login.total()).toBeGreaterThan(20 * 1024); // the count works: the entry alone is bigger than this
    expect(login.total()).toBeLessThan(BUDGET_PUBLIC);

    await signInAsStaff(page, product.url, ADMIN, '/'); // signed in here first: the next context starts from its token
    await context.close();

    const fresh = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })).newPage();
    const first = await countScripts(fresh);
    await signInAsStaff(fresh, product.url, ADMIN, '/');
    await fresh.getByRole('heading', { name: 'My reports' }).waitFor();
    await fresh.waitForLoadState('networkidle');
    console.log(`first load, My page signed in: ${first.files()} scripts, ${kB(first.total())}: ${first.each()}`);
    expect(first.total()).toBeLessThan(BUDGET_SIGNED_IN);
    expect(first.urls().filter((u) => OTHER_SCREENS.test(u))).toEqual([]);
    await serviceWorkerInControl(fresh);
    const precached = await fresh.evaluate(async () => {
      const keys = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
      return keys.flat().map((r) => r.url);
    });
    expect(precached.filter((u) => OTHER_SCREENS.test(u)).length).toBeGreaterThanOrEqual(6);
    await fresh.context().close();
  });

  it('opens without a network after one visit: the shell, a screen visited before and one never visited', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAsStaff(page, product.url, ADMIN, '/Reports');
    await expect.poll(() => page.title()).toBe('Reports · Equipment Inspections');
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(ADMIN).first().waitFor(); // the shell, with the session saved on the last visit
    await expect.poll(() => page.title()).toBe('Reports · Equipment Inspections');
    await page.getByRole('link', { name: 'Documents' }).first().click(); // never opened: its chunk came with the precache
    const documentsScreen = page.getByText('The document library could not be loaded'); // its code ran; its data needs the server
    await documentsScreen.waitFor();
    await page.goto(product.url + '/Documents'); // a full navigation offline: index.html from the service worker
    await documentsScreen.waitFor();
    await screenshot(page, 'pwa-offline-documents');

    // the API is not the app: no index.html for it from the cache
    const api = await page.evaluate(() => fetch('/api/v1/documents').then((r) => r.status, () => 'network error'));
    expect(api).toBe('network error');
    await context.setOffline(false);

    // the manifest: linked, valid, its icons reachable
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await fetch(product.url + href);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as { name: string; short_name: string; theme_color: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Equipment Inspections', short_name: 'Inspections', theme_color: '#17324d', display: 'standalone' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png = await fetch(product.url + icon.src);
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
    }
    const sw = await fetch(product.url + '/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    await context.close();
  });

  it("announces a new version with 'Reload', which installs it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAsStaff(page, product.url, ADMIN, '/');
    await page.getByRole('heading', { name: 'My reports' }).waitFor();
    await serviceWorkerInControl(page);
    expect(await page.getByRole('status').filter({ hasText: 'A new version is ready.' }).count()).toBe(0);

    // a deploy: other bytes at /sw.js (and in the gzip copy the server sends to browsers)
    const newVersion = readFileSync(join(web, 'sw.js'), 'utf8') + `\n// e2e: a new version ${Date.now()}\n`;
    writeFileSync(join(web, 'sw.js'), newVersion);
    writeFileSync(join(web, 'sw.js.gz'), gzipSync(newVersion));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
    await notice.waitFor();
    const reload = notice.getByRole('button', { name: 'Reload' });
    await screenshot(page, 'pwa-update-notice');
    await expectNoSeriousA11yViolations(page, 'update notice');
    await page.setViewportSize(TABLET);
    await expectTouchTargets({ 'Reload button': reload });
    await screenshot(page, 'pwa-update-notice-tablet');

    const before = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null));
    expect(before).toBe('installed');
    await Promise.all([page.waitForEvent('load'), reload.click()]); // the new version takes over and the page reloads
    await page.getByRole('heading', { name: 'My reports' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null))).toBeNull();
    expect(await notice.count()).toBe(0);
    await context.close();
  });
});
