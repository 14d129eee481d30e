import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openBrowser } from './support/browser.js';
import axe from 'axe-core';
import { AXE_SOURCE, expectNoSeriousA11yViolations, seriousA11yViolations } from './support/axe.js';

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

  it('finds colour contrast problems, and the same findings with the faster private fields as with axe as shipped', async () => {
    const body = `<main><h1>Colours</h1>
      <p style="color:#999;background:#fff">grey on white</p>
      <p style="color:#1b2430;background:#f3f5f8">dark on light</p>
      <p style="color:hsl(210 10% 70%);background:#fff">pale hsl</p>
      <p style="color:rgba(0,0,0,0.35)">faint black</p>
      <div style="opacity:0.5"><p style="color:#555">half-faded grey</p></div>
      <p style="color:#fff;background:linear-gradient(#fff,#000)">on a gradient</p>
      <h2 style="font-size:28px;color:#949494">large grey heading</h2>
      <div style="background:#fff"><p style="color:#888;mix-blend-mode:luminosity">blended grey</p></div>
      <button style="color:#ccc;background:#eee">Pale button</button></main>`;
    await show(body);
    expect(await ids()).toEqual(['color-contrast']);
    const findings = async (source: string) => {
      await show(body);
      await page.evaluate(source);
      return page.evaluate(async () => {
        const inPage = (window as unknown as { axe: typeof axe }).axe;
        const results = await inPage.run(document, { resultTypes: ['violations', 'incomplete'] });
        const nodes = (list: typeof results.violations) => list.map((v) => [v.id, v.nodes.map((n) => [n.target.join(' '), n.failureSummary, n.any.map((c) => c.data)])]);
        return JSON.stringify({ violations: nodes(results.violations), incomplete: nodes(results.incomplete) });
      });
    };
    const shipped = await findings(axe.source);
    // what the comparison covers: several failing texts, and a background axe cannot decide (the gradient)
    const parsed = JSON.parse(shipped) as { violations: [string, unknown[]][]; incomplete: [string, unknown[]][] };
    expect(parsed.violations.find(([id]) => id === 'color-contrast')?.[1].length).toBeGreaterThanOrEqual(4);
    expect(parsed.incomplete.find(([id]) => id === 'color-contrast')?.[1].length).toBeGreaterThanOrEqual(1);
    expect(await findings(AXE_SOURCE)).toBe(shipped);
  });
});
