import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openBrowser } from './support/browser.js';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from './support/axe.js';

/**
 * The accessibility check every screen's test runs (support/axe.ts) finds what it must: serious and critical
 * violations in the page and in its frames, again after a navigation, and at tablet width; excluded parts are
 * left out. A runner that silently found nothing would pass every screen.
 */
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser(inject('e2eBrowserEndpoint'));
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  // A page of a real origin, as the product's are (axe talks to frames by postMessage, which an about: page's
  // null origin does not allow).
  await page.route('http://axe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: html }));
});
let html = '';
/** Navigates to a page with this body (each time a new document: the check must put axe in again). */
const show = async (body: string, head = '') => {
  html = `<!doctype html><html lang="en"><head><title>Check</title>${head}</head><body>${body}</body></html>`;
  await page.goto('http://axe.test/');
};
afterAll(() => browser?.close());

const ids = async (exclude?: string[]) => (await seriousA11yViolations(page, { exclude })).map((v) => v.id).sort();

describe('accessibility check', () => {
  it('finds a button without a name and an image without alt text, and nothing on a clean page', async () => {
    await show('<main><h1>Bad</h1><button></button><img src="data:image/png;base64,iVBORw0KGgo="></main>');
    expect(await ids()).toEqual(['button-name', 'image-alt']);
    await expect(expectNoSeriousA11yViolations(page, 'bad page')).rejects.toThrow(/\[critical\] button-name.*\n\s+button/);
    await show('<main><h1>Fine</h1><button>Save</button></main>');
    expect(await ids()).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'clean page');
  });

  it('looks inside frames, and leaves out what is excluded', async () => {
    await show('<main><h1>Outer</h1><iframe title="inner" srcdoc="<button></button>"></iframe></main>');
    expect(await ids()).toEqual(['button-name']);
    expect(await ids(['iframe'])).toEqual([]);
  });

  it('finds what only the tablet width shows', async () => {
    await show(
      '<main><h1>Narrow</h1><div id="narrow"><button></button></div></main>',
      '<style>#narrow { display: none } @media (max-width: 900px) { #narrow { display: block } }</style>',
    );
    expect(await ids()).toEqual([]);
    await expect(expectNoSeriousA11yViolations(page, 'narrow page')).rejects.toThrow(/button-name \(at 820 px wide\)/);
  });
});
