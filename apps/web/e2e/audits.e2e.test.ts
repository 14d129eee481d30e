import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { downloadedFile } from './support/editing.js';
import { newPage, signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /Audits, the new-audit page and /Audits/{id}/report (issue 8) on the built product with the demo seed: five
 * audits, two open (Ilkka Inspector's and Max Manager's) and three finished.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function signIn(email: string, startPath: string, tablet = false): Promise<Page> {
  const page = tablet ? await newTabletPage(browser) : await newPage(browser);
  await signInAsStaff(page, product.url, email, startPath);
  return page;
}

const rows = (page: Page) => page.locator('table tbody tr');
const search = (page: Page) => page.getByPlaceholder('Search name, customer or inspector');
const column = async (page: Page, header: string) => {
  const headers = (await page.locator('table thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return (await page.locator(`table tbody tr td:nth-child(${index + 1})`).allInnerTexts()).map((s) => s.trim());
};
/** The server sorts by code point (Á after M), so the test compares the same way. */
const sorted = (xs: string[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
/** A modal fully shown (its fade-in done), for a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);
const names = async (page: Page) => (await column(page, 'Name')).map((t) => t.split('\n')[0]!.trim());
async function rowWith(page: Page, text: string): Promise<Locator> {
  const i = (await rows(page).allInnerTexts()).findIndex((t) => t.includes(text));
  expect(i, `a row with ${text}`).toBeGreaterThanOrEqual(0);
  return rows(page).nth(i);
}
const nameOf = async (row: Locator) => (await row.locator('td').first().innerText()).split('\n')[0]!.trim();
const FRAME = '[data-testid=report-frame]';
const frameText = (page: Page) => page.frameLocator(FRAME).locator('body').innerText();

describe('/Audits', () => {
  it('a manager sees every audit newest first, searches, sorts by name and inspector', async () => {
    const page = await signIn('manager@company.example', '/Audits');
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBeGreaterThanOrEqual(5);
    const dates = (await column(page, 'Inspection date')).map((d) => d.split('.').reverse().join(''));
    expect(dates.every((d) => /^\d{8}$/.test(d))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(await column(page, 'Status'))).toEqual(new Set(['Open', 'Finished']));
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(await rows(page).count());
    await screenshot(page, 'audits-list-manager');
    await expectNoSeriousA11yViolations(page, 'audits list');

    await page.locator('table thead th').filter({ hasText: 'Name' }).getByRole('button').click();
    await expect.poll(async () => {
      const n = await names(page);
      return n.length > 1 && n.join('|') === sorted(n).join('|');
    }).toBe(true);
    await page.locator('table thead th').filter({ hasText: 'Inspector' }).getByRole('button').click();
    await expect.poll(async () => {
      const n = await column(page, 'Inspector');
      return n.join('|') === sorted(n).join('|');
    }).toBe(true);

    await search(page).fill('Max Manager');
    await expect.poll(async () => (await column(page, 'Inspector')).every((t) => t === 'Max Manager') && (await rows(page).count()) >= 1).toBe(true);
    await screenshot(page, 'audits-list-searched');
    await page.getByRole('button', { name: 'Clear value' }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(5);
    await page.context().close();
  });

  it('an inspector finishes and reopens an audit through their own modals; a finished row does not open', async () => {
    const page = await signIn('inspector@company.example', '/Audits');
    await rows(page).first().waitFor();
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0); // Manager and above only
    const open = await rowWith(page, 'Open');
    const name = await nameOf(open);
    const row = rows(page).filter({ hasText: name });

    await row.getByRole('button', { name: `Finish ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Do you really want to finish the audit?', { exact: false }).waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe(`Finish ${name}?`);
    await settle(page);
    await screenshot(page, 'audits-finish-modal');
    await expectNoSeriousA11yViolations(page, 'finish modal');
    await dialog.getByRole('button', { name: 'FINISH' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.locator('td').nth(4).innerText()).toBe('Finished');

    // a finished row stays on the list when clicked
    await row.locator('td').first().click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/Audits');

    await row.getByRole('button', { name: `Reopen ${name}` }).click();
    await dialog.getByText('Do you really want to reopen the audit?', { exact: false }).waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe(`Reopen ${name}?`);
    await settle(page);
    await screenshot(page, 'audits-reopen-modal');
    await dialog.getByRole('button', { name: 'REOPEN' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.locator('td').nth(4).innerText()).toBe('Open');

    // an open row opens its editor
    await row.locator('td').first().click();
    await page.waitForURL(/\/Audits\/[0-9a-f-]{36}$/);
    await page.context().close();
  });

  it('on a tablet the list fits and every control is a 44 px target', async () => {
    const page = await signIn('manager@company.example', '/Audits', true);
    await rows(page).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectTouchTargets({
      'New audit': page.getByRole('link', { name: 'New audit' }),
      'view report': page.getByRole('button', { name: /^View report of / }),
      'download PDF': page.getByRole('button', { name: /^Download PDF of / }),
      'finish or reopen': page.getByRole('button', { name: /^(Finish|Reopen) / }),
      delete: page.getByRole('button', { name: /^Delete / }),
    });
    await screenshot(page, 'audits-list-tablet');
    await page.context().close();
  });
});

describe('New audit', () => {
  it('an inspector creates an audit on a tablet and lands in its editor', async () => {
    const page = await signIn('inspector@company.example', '/Audits', true);
    await page.getByRole('link', { name: 'New audit' }).click();
    await page.waitForURL(/\/Audits\/new$/);
    await page.getByRole('heading', { name: 'New audit', level: 1 }).waitFor();
    const create = page.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Inspector', exact: true }).inputValue()).toBe('Ilkka Inspector');
    expect(await page.getByRole('textbox', { name: 'Inspector e-mail' }).inputValue()).toBe('inspector@company.example');
    await expectNoSeriousA11yViolations(page, 'new audit, empty');

    await page.getByRole('combobox', { name: 'Customer' }).fill('Kalliom');
    await page.getByRole('option', { name: 'Kalliomurske Oy' }).click();
    const site = page.getByRole('combobox', { name: 'Site' });
    await expect.poll(() => site.getAttribute('aria-disabled')).toBeNull();
    if (!(await site.innerText()).trim().replace(/\u200b/g, '')) {
      await site.click();
      await page.getByRole('listbox').getByRole('option').first().click();
    }
    // the inspection date, typed day.month.year
    const date = page.getByRole('group', { name: 'Inspection date' });
    await date.click();
    await page.keyboard.type('24122026');
    await expect.poll(() => page.locator('input[name=inspectionDate]').inputValue()).toBe('24.12.2026');
    await expect.poll(() => create.isDisabled()).toBe(false);
    await expectTouchTargets({ Create: create, Cancel: page.getByRole('button', { name: 'Cancel' }), 'open calendar': page.getByRole('button', { name: /Choose the inspection date/ }) });
    await screenshot(page, 'audits-new-complete');
    await expectNoSeriousA11yViolations(page, 'new audit, complete');

    const created = page.waitForResponse((r) => r.url().includes('audits.create'));
    await create.click();
    expect((await created).status()).toBe(200);
    await page.waitForURL(/\/Audits\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    // it is on the list, open, dated as typed
    await page.goto(`${product.url}/Audits`);
    await rows(page).first().waitFor();
    await search(page).fill('Kalliomurske');
    await expect.poll(async () => (await rows(page).allInnerTexts()).some((t) => t.includes('24.12.2026') && t.includes('Open'))).toBe(true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await page.context().close();
  });
});

describe('/Audits/{id}/report', () => {
  it('shows the report of a finished audit, downloads its PDF after a pending answer, and gives its storage link', { timeout: 300_000 }, async () => {
    const page = await signIn('manager@company.example', '/Audits');
    await rows(page).first().waitFor();
    const finished = await rowWith(page, 'Finished');
    const name = await nameOf(finished);
    await finished.getByRole('button', { name: `View report of ${name}` }).click();
    await page.waitForURL(/\/Audits\/[0-9a-f-]{36}\/report$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expect.poll(() => frameText(page), { timeout: 30_000 }).toMatch(/\w/);
    await screenshot(page, 'audits-report');
    await expectNoSeriousA11yViolations(page, 'audit report', { exclude: [FRAME] });
    // the report's own document on a page of its own (axe cannot run inside a frame without scripts)
    const alone = await page.context().newPage();
    await alone.setContent((await page.locator(FRAME).getAttribute('srcdoc'))!);
    await expectNoSeriousA11yViolations(alone, 'the audit report document');
    await alone.close();

    const asked: string[] = [];
    await page.route('**/api/v1/audits/*/reportpdf?*', (route) => {
      asked.push(route.request().url());
      return asked.length <= 1
        ? route.fulfill({ status: 202, headers: { 'retry-after': '1' }, contentType: 'application/json', body: '{"status":"pending"}' })
        : route.continue();
    });
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'German' }).click();
    await page.waitForURL(/\?lang=de$/);
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await page.getByTestId('pdf-progress').getByText('Still rendering', { exact: false }).waitFor();
    await page.screenshot({ path: 'test-results/screenshots/audits-report-pdf-pending.png' });
    const file = await download;
    expect(asked.length).toBe(2);
    expect(asked.every((u) => u.endsWith('?lang=de'))).toBe(true);
    expect(file.suggestedFilename()).toMatch(/^\d{8}_audit_de\.pdf$/);
    expect(await downloadedFile(file).then((p) => readFileSync(p).subarray(0, 5).toString())).toBe('%PDF-');

    await page.getByRole('button', { name: 'Get a shareable PDF link' }).click();
    const link = page.getByTestId('storage-url').getByRole('link');
    await link.waitFor({ timeout: 60_000 });
    expect(await link.innerText()).toMatch(/^\d{8}_audit_de\.pdf$/);
    await page.getByTestId('storage-url').getByText(/^Valid until \d\d\.\d\d\.\d{4} \d\d:\d\d \S+$/).waitFor();
    const href = (await link.getAttribute('href'))!;
    const res = await page.request.get(new URL(href, product.url).toString());
    expect(res.status()).toBe(200);
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'audits-report-link');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/screenshots/audits-report-link-top.png' }); // the header, readable
    await expectNoSeriousA11yViolations(page, 'audit report with link', { exclude: [FRAME] });

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/Audits$/);
    await page.context().close();
  });

  it('on a tablet the report page controls are 44 px targets', async () => {
    const page = await signIn('inspector@company.example', '/Audits', true);
    await rows(page).first().waitFor();
    const row = rows(page).first();
    await row.getByRole('button', { name: /^View report of / }).click();
    await page.waitForURL(/\/report$/);
    await expect.poll(() => frameText(page), { timeout: 30_000 }).toMatch(/\w/);
    await expectTouchTargets({
      Back: page.getByRole('button', { name: 'Back' }),
      'Download PDF': page.getByRole('button', { name: 'Download PDF' }),
      'PDF link': page.getByRole('button', { name: 'Get a shareable PDF link' }),
      Language: page.getByRole('combobox', { name: 'Language' }),
    });
    await screenshot(page, 'audits-report-tablet');
    await page.context().close();
  });
});
