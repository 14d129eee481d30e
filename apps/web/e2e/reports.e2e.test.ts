import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { downloadedFile } from './support/editing.js';
import { newPage, signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage, TABLET } from './support/tablet.js';

/**
 * /Reports, My page and the report pages (issue 7) on the built product with the demo seed: ~60 reports in
 * every status by Ilkka Inspector (Rater flag), Max Manager, Ada Admin and the distributors.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function staffSignIn(email: string, startPath: string, tablet = false): Promise<Page> {
  const page = tablet ? await newTabletPage(browser) : await newPage(browser);
  await signInAsStaff(page, product.url, email, startPath);
  return page;
}

/** Helpers take the page, or a part of it (My page holds two lists). */
type Scope = Page | Locator;
const rows = (page: Scope) => page.locator('table tbody tr');
const search = (page: Scope) => page.getByPlaceholder('Search name, serial, nickname, customer, site or inspector');
/** The column texts of every shown row (innerText of the cells). */
const column = async (page: Scope, header: string) => {
  const headers = (await page.locator('table thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return (await page.locator(`table tbody tr td:nth-child(${index + 1})`).allInnerTexts()).map((s) => s.trim());
};
/** The first row whose text passes, by its index: a stable locator (rows do not move on a status change). */
async function rowWhere(page: Page, what: string, test: (text: string) => boolean): Promise<Locator> {
  const i = (await rows(page).allInnerTexts()).findIndex(test);
  expect(i, `a row with ${what}`).toBeGreaterThanOrEqual(0);
  return rows(page).nth(i);
}
const rowWith = (page: Page, ...texts: string[]) => rowWhere(page, texts.join(' + '), (t) => texts.every((x) => t.includes(x)));
const nameOf = async (row: Locator) => (await row.locator('td').first().innerText()).split('\n')[0]!.trim();
const FRAME = '[data-testid=report-frame]';
const frameText = (page: Page) => page.frameLocator(FRAME).locator('body').innerText();

/** The report's own document (what the frame shows), on a page of its own: axe cannot run inside a frame without scripts. */
async function openReportDocument(page: Page): Promise<Page> {
  const doc = (await page.locator(FRAME).getAttribute('srcdoc'))!;
  const alone = await page.context().newPage();
  await alone.setViewportSize(page.viewportSize()!);
  await alone.setContent(doc);
  return alone;
}

describe('/Reports', () => {
  it('an admin searches, filters by type, clears, and opens a report and its details', async () => {
    const page = await staffSignIn('admin@company.example', '/Reports');
    await rows(page).first().waitFor();
    expect(await page.getByText(/^\d+ rows$/).innerText()).toMatch(/^5\d rows$/);
    const dates = (await column(page, 'Inspection date')).map((d) => d.split('.').reverse().join(''));
    expect([...dates].sort().reverse()).toEqual(dates); // newest first (000 §9)
    await screenshot(page, 'reports-list-admin');
    await expectNoSeriousA11yViolations(page, 'reports list');

    await search(page).fill('screens');
    await expect.poll(async () => (await rows(page).allInnerTexts()).every((t) => /screens/i.test(t))).toBe(true);
    expect(await rows(page).count()).toBeLessThan(50);
    await page.getByRole('button', { name: 'Clear value' }).click();
    await expect.poll(() => search(page).inputValue()).toBe('');
    await expect.poll(() => rows(page).count()).toBe(50);

    await page.getByRole('checkbox', { name: 'Weekly' }).check();
    await page.getByRole('checkbox', { name: 'Monthly' }).check();
    await expect.poll(async () => [...new Set(await column(page, 'Type'))].sort()).toEqual(['Monthly', 'Weekly']);
    await screenshot(page, 'reports-list-filtered');
    await page.getByRole('checkbox', { name: 'Weekly' }).uncheck();
    await page.getByRole('checkbox', { name: 'Monthly' }).uncheck();
    await expect.poll(() => rows(page).count()).toBe(50);

    const finished = await rowWith(page, 'Finished', 'Daily check for Jaw JC');
    await finished.locator('td').first().click();
    await page.waitForURL(/\/Reports\/[0-9a-f-]{36}$/);
    await expect.poll(() => frameText(page), { timeout: 20_000 }).toMatch(/Daily check for Jaw JC/);
    await screenshot(page, 'report-view');
    await expectNoSeriousA11yViolations(page, 'report view', { exclude: [FRAME] });

    await page.getByRole('link', { name: 'Details' }).click();
    await page.waitForURL(/\/details$/);
    await expect.poll(() => frameText(page), { timeout: 20_000 }).toMatch(/Daily check for Jaw JC/);
    expect(await page.frameLocator(FRAME).locator('a').count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).waitFor();
    await page.getByText(/^Status: /).waitFor();
    await screenshot(page, 'report-details');
    await expectNoSeriousA11yViolations(page, 'report details', { exclude: [FRAME] });
    // opened from a bare link (no list row along), the page loads the inspection by id
    await page.goto(page.url());
    await page.getByText('Status: Finished').waitFor();
    await expect.poll(() => frameText(page), { timeout: 20_000 }).toMatch(/Daily check for Jaw JC/);
    await page.context().close();
  });

  it('the inspector contact sets an own In use report to Waiting on its details page, and a rater rates in the list', async () => {
    const page = await staffSignIn('inspector@company.example', '/Reports');
    await rows(page).first().waitFor();
    const open = await rowWith(page, 'In use', 'Ilkka Inspector');
    const name = await nameOf(open);
    // someone else's open report offers no status change to a User
    const othersOpen = await rowWhere(page, "someone else's open report", (t) => t.includes('In use') && !t.includes('Ilkka Inspector'));
    expect(await othersOpen.getByRole('button', { name: /^Change status of/ }).count()).toBe(0);
    expect(await open.getByRole('button', { name: /^Download PDF/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0); // a User deletes nothing

    await open.getByRole('button', { name: `Details of ${name}` }).click();
    await page.waitForURL(/\/details$/);
    await page.getByText('Status: In use').waitFor();
    await page.getByRole('button', { name: 'Edit status' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Do you really want to change the status from In use to Waiting?').waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe('Update status');
    await expectNoSeriousA11yViolations(page, 'update status dialog', { exclude: [FRAME] });
    await screenshot(page, 'report-details-update-status'); // after axe: the dialog has finished fading in
    await dialog.getByRole('button', { name: 'UPDATE' }).click();
    await page.getByText('Status: Waiting').waitFor();
    expect(await page.getByRole('button', { name: 'Edit status' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/Reports$/);

    const rated = await rowWith(page, 'Finished');
    const ratedName = await nameOf(rated);
    const ok = rated.getByRole('button', { name: `Rate ${ratedName} Ok` });
    const nok = rated.getByRole('button', { name: `Rate ${ratedName} Nok` });
    const target = (await nok.getAttribute('aria-pressed')) === 'true' ? ok : nok;
    await target.click();
    await expect.poll(() => target.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'reports-list-rated');
    await page.reload();
    await rows(page).first().waitFor();
    await expect.poll(() => rows(page).first().innerText()).toMatch(/\w/);
    const stored = rows(page).filter({ has: page.getByRole('button', { name: (await target.getAttribute('aria-label'))! }) }).first();
    expect(await stored.getByRole('button', { name: (await target.getAttribute('aria-label'))! }).getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it("a manager deletes a report after 'Delete inspection {name}?'", async () => {
    const page = await staffSignIn('manager@company.example', '/Reports');
    await rows(page).first().waitFor();
    const before = Number((await page.getByText(/^\d+ rows$/).innerText()).split(' ')[0]);
    const first = rows(page).first();
    const name = await nameOf(first);
    const [serial, date] = [(await column(page, 'Serial number'))[0]!, (await column(page, 'Inspection date'))[0]!];
    const sameText = (t: string) => t.includes(name) && t.includes(serial) && t.includes(date);
    await search(page).fill(serial);
    await expect.poll(async () => (await rows(page).allInnerTexts()).every((t) => t.includes(serial))).toBe(true);
    const alike = (await rows(page).allInnerTexts()).filter(sameText).length;
    await search(page).fill('');
    await expect.poll(() => rows(page).count()).toBe(50);
    expect(await first.getByRole('button', { name: /^Rate / }).count()).toBe(0); // a manager without the Rater flag
    await first.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').innerText()).toBe(`Delete inspection ${name}?`);
    await dialog.getByText('Do you really want to delete the inspection?').waitFor();
    await expectNoSeriousA11yViolations(page, 'delete inspection dialog');
    await screenshot(page, 'reports-delete-modal');
    await dialog.getByRole('button', { name: 'DELETE' }).click();
    await page.getByText(`${before - 1} rows`).waitFor();
    await search(page).fill(serial);
    await expect.poll(async () => (await rows(page).allInnerTexts()).filter(sameText).length).toBe(alike - 1);
    await page.context().close();
  });

  it('downloads a PDF in the language chosen, named by the server', async () => {
    const page = await staffSignIn('admin@company.example', '/Reports');
    await rows(page).first().waitFor();
    const finished = await rowWith(page, 'Finished');
    const name = await nameOf(finished);
    // The first two answers are the server's 'still rendering' (202, Retry-After: 1), so the pending state
    // shows whatever the PDF cache holds; then the real answer comes through.
    const asked: string[] = [];
    await page.route('**/api/v1/inspections/*/reportpdf*', (route) => {
      asked.push(route.request().url());
      return asked.length <= 2
        ? route.fulfill({ status: 202, headers: { 'retry-after': '1' }, contentType: 'application/json', body: '{"status":"pending"}' })
        : route.continue();
    });
    await finished.getByRole('button', { name: `Download PDF of ${name}` }).click();
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('menuitem', { name: 'Finnish' }).click();
    await page.getByTestId('pdf-progress').getByText('Still rendering', { exact: false }).waitFor();
    await page.getByRole('button', { name: `Preparing the PDF of ${name}` }).waitFor();
    await screenshot(page, 'reports-pdf-pending');
    const file = await download;
    expect(asked.length).toBe(3);
    expect(asked.every((u) => u.endsWith('?lang=fi'))).toBe(true);
    expect(file.suggestedFilename()).toMatch(/^\d{8}_.+_.+\.pdf$/);
    expect(await downloadedFile(file).then((p) => readFileSync(p).subarray(0, 5).toString())).toBe('%PDF-');
    await page.getByTestId('pdf-progress').waitFor({ state: 'hidden' });
    await page.getByText(`Saved ${file.suggestedFilename()}`).waitFor();
    await page.context().close();
  });

  it("the report's own document has no serious axe findings", async () => {
    const page = await staffSignIn('admin@company.example', '/Reports');
    await rows(page).first().waitFor();
    await (await rowWith(page, 'Finished')).locator('td').first().click();
    await expect.poll(() => frameText(page), { timeout: 20_000 }).toMatch(/\w/);
    const alone = await openReportDocument(page);
    try {
      await expectNoSeriousA11yViolations(alone, 'the report document');
    } finally {
      await page.context().close();
    }
  });

  it('fits a tablet held upright, with row actions large enough to touch', async () => {
    const page = await staffSignIn('admin@company.example', '/Reports', true);
    await rows(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await expectTouchTargets({
      'type checkbox': page.getByRole('checkbox'),
      'row Details': page.getByRole('button', { name: /^Details of / }),
      'row PDF': page.getByRole('button', { name: /^Download PDF of / }),
      'row status': page.getByRole('button', { name: /^Change status of / }),
      'row Delete': page.getByRole('button', { name: /^Delete / }),
      'rating thumbs': page.getByRole('button', { name: /^Rate / }),
    });
    await search(page).fill('jaw');
    await expectTouchTargets({ 'search clear X': page.getByRole('button', { name: 'Clear value' }) });
    await screenshot(page, 'reports-list-820');
    await page.context().close();
  });
});

describe('My page', () => {
  it("lists the inspector's own reports 10 a page with search, details and PDF, and their audits", async () => {
    const page = await staffSignIn('inspector@company.example', '/');
    const mine = page.locator('section[aria-labelledby="my-reports-title"]');
    const audits = page.locator('section[aria-labelledby="my-audits-title"]');
    await page.getByRole('heading', { name: 'My reports' }).waitFor();
    await rows(mine).first().waitFor();
    expect(await rows(mine).count()).toBeLessThanOrEqual(10);
    expect(new Set(await column(mine, 'Name')).size).toBeGreaterThan(0);
    await rows(audits).first().waitFor();
    expect(await rows(audits).count()).toBeLessThanOrEqual(10);
    expect(await audits.getByRole('button', { name: /finish|reopen|delete/i }).count()).toBe(0);
    await screenshot(page, 'my-page-inspector');
    await expectNoSeriousA11yViolations(page, 'My page');

    await search(mine).fill('jaw');
    await expect.poll(async () => (await rows(mine).allInnerTexts()).every((t) => /jaw/i.test(t))).toBe(true);
    const first = rows(mine).first();
    const name = await nameOf(first);
    await first.getByRole('button', { name: `Details of ${name}` }).click();
    await page.waitForURL(/\/Reports\/[0-9a-f-]{36}\/details$/);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await rows(audits).first().click();
    await page.waitForURL(/\/Audits\/[0-9a-f-]{36}$/);
    await page.context().close();
  });

  it('is usable on a tablet', async () => {
    const page = await staffSignIn('inspector@company.example', '/', true);
    await rows(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await expectTouchTargets({ 'row Details': page.getByRole('button', { name: /^Details of / }) });
    await screenshot(page, 'my-page-820');
    await page.context().close();
  });
});
