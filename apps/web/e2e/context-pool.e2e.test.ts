import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { productAndBrowser } from './support/sign-in.js';

// The kept browser contexts of support/context-pool.ts: a test that gets one sees what a new context would give it.
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** What a page's origin holds: storage of each kind, cookies, IndexedDB databases. */
async function originState(page: Page) {
  return page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookies: document.cookie,
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
}

const listenerCount = (page: Page, event: string) => (page as unknown as NodeJS.EventEmitter).listenerCount(event);

describe('kept browser contexts', () => {
  let first: Page;

  it('a test leaves cookies, storage, a database, a listener and another size behind', async () => {
    first = await (await browser.newContext(DESKTOP)).newPage();
    await first.goto(`${product.url}/ready`);
    await first.evaluate(async () => {
      localStorage.setItem('left', '1');
      sessionStorage.setItem('left', '1');
      document.cookie = 'left=1; path=/';
      await new Promise((resolve, reject) => {
        const open = indexedDB.open('left-behind');
        open.onsuccess = () => resolve(open.result.close());
        open.onerror = () => reject(open.error);
      });
    });
    first.on('dialog', (dialog) => void dialog.dismiss());
    await first.setViewportSize({ width: 500, height: 500 });
    expect(await originState(first)).toEqual({ local: 1, session: 1, cookies: 'left=1', databases: ['left-behind'] });
    // left open: the test's end hands it back
  });

  it('the next test with the same options gets that page back with none of it', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    expect(page).toBe(first); // the kept one, or this test would prove nothing
    expect(page.url()).toBe('about:blank');
    expect(page.viewportSize()).toEqual(DESKTOP.viewport);
    expect(listenerCount(page, 'dialog')).toBe(0);
    await page.goto(`${product.url}/ready`);
    expect(await originState(page)).toEqual({ local: 0, session: 0, cookies: '', databases: [] });
    expect(await page.context().cookies()).toEqual([]);
    await page.context().close();
  });

  it('a context with other options, or one a test routed, is a new one', async () => {
    const tablet = await (await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true })).newPage();
    expect(tablet).not.toBe(first);
    await tablet.context().close();

    const routed = await (await browser.newContext(DESKTOP)).newPage();
    expect(routed).toBe(first);
    await routed.route('**/never', (route) => route.abort());
    await routed.context().close();
    expect(routed.isClosed()).toBe(true);
    const next = await (await browser.newContext(DESKTOP)).newPage();
    expect(next).not.toBe(first);
    await next.context().close();
  });
});
