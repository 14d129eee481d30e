import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';

/** Customers on the built product with the demo seed: list, compare and merge (spec 002 §2, §4). */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const staffSignIn = (page: Page, email: string, startPath = '/') => signInAsStaff(page, product.url, email, startPath);

const siteNames = (page: Page, scope = page.locator('body')) =>
  scope.getByRole('table', { name: 'Sites' }).locator('tbody tr td:first-child').allInnerTexts();

describe('customers', () => {
  it('lets an admin tick two customers, compare them and merge them into the second under a new name', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await staffSignIn(page, 'admin@company.example', '/Customers');
    expect(new URL(page.url()).pathname).toBe('/Customers');
    const row = (name: string) => page.locator('tr', { hasText: name });
    await row('Göta Bergtäkt AB').waitFor();
    await screenshot(page, 'customers-list');
    await expectNoSeriousA11yViolations(page, 'customers list');

    await page.getByRole('button', { name: 'Delete Bergen Pukk AS' }).click();
    const del = page.getByRole('dialog', { name: 'Delete customer?' });
    await del.getByTestId('delete-customer-counts').waitFor();
    expect(await del.getByTestId('delete-customer-name').textContent()).toBe('Bergen Pukk AS');
    await screenshot(page, 'customers-delete-modal');
    await expectNoSeriousA11yViolations(page, 'delete customer dialog');
    await del.getByRole('button', { name: 'CANCEL' }).click();
    await del.waitFor({ state: 'hidden' });

    const compare = page.getByRole('button', { name: 'Compare selected' });
    expect(await compare.isDisabled()).toBe(true);
    await row('Göta Bergtäkt AB').getByRole('checkbox', { name: 'Compare' }).check();
    await row('Norrland Krossverk AB').getByRole('checkbox', { name: 'Compare' }).check();
    expect(await row('Bergen Pukk AS').getByRole('checkbox', { name: 'Compare' }).isDisabled()).toBe(true);
    await compare.click();

    await page.waitForURL(/\/Customers\/[0-9a-f-]+\/compare\/[0-9a-f-]+$/);
    const [, , id1, , id2] = new URL(page.url()).pathname.split('/');
    const sides = page.getByTestId('compare-side');
    await expect.poll(() => sides.count()).toBe(2);
    await sides.nth(0).getByText('Göta Bergtäkt AB').waitFor();
    await sides.nth(1).getByText('Norrland Krossverk AB').waitFor();
    const union = [...(await siteNames(page, sides.nth(0))), ...(await siteNames(page, sides.nth(1)))].sort();
    expect(union.length).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'customers-compare');
    await expectNoSeriousA11yViolations(page, 'compare customers');

    await page.getByRole('button', { name: 'MERGE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge the two customers into one' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Göta Bergtäkt AB');
    await dialog.getByLabel('Name').fill('Scandinavian Aggregates AB');
    await expectNoSeriousA11yViolations(page, 'merge customers dialog');
    await dialog.getByRole('button', { name: 'MERGE' }).click();

    await page.waitForURL((u) => u.pathname === `/Customers/${id2}`);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe('Scandinavian Aggregates AB');
    expect((await siteNames(page)).sort()).toEqual(union);
    await screenshot(page, 'customers-details-merged');
    await expectNoSeriousA11yViolations(page, 'customer details');

    // the first customer is gone from the list; the survivor is there under its new name
    await page.goto(`${product.url}/Customers/${id1}`);
    await page.getByRole('alert').waitFor();
    await page.goto(`${product.url}/Customers`);
    await row('Scandinavian Aggregates AB').waitFor();
    expect(await row('Göta Bergtäkt AB').count()).toBe(0);
    await page.context().close();
  });

  it('lets an admin create a customer and add a site to it, and shows an inspector the permission text', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await staffSignIn(page, 'admin@company.example', '/Customers/create');
    await page.getByLabel('Name').fill('Fjord Gravel AS');
    await page.getByLabel('MDM ID').fill('MDM-E2E-1');
    await expectNoSeriousA11yViolations(page, 'new customer form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/Customers\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('customer-name').textContent()).toBe('Fjord Gravel AS');
    await page.getByText('No sites defined for the customer').waitFor();
    await page.getByRole('button', { name: 'Add site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add site' });
    await dialog.getByLabel('Name').fill('Harbour quarry');
    await dialog.getByLabel('Country').fill('NO');
    await expectNoSeriousA11yViolations(page, 'add site dialog');
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await page.getByRole('table', { name: 'Sites' }).getByText('Harbour quarry').waitFor();
    await screenshot(page, 'customers-details-new');
    await page.context().close();

    const inspector = await (await browser.newContext()).newPage();
    await staffSignIn(inspector, 'inspector@company.example', '/Customers');
    await inspector.getByText('Your permissions are not enough for seeing this page.').waitFor();
    await inspector.context().close();
  });

  it('lets an admin import a CSV of customers and shows the report with the row it skipped', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await staffSignIn(page, 'admin@company.example', '/Customers/import');
    await page.getByRole('heading', { name: 'Import customers' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'customer import, choosing a file');
    const csv = 'Customer name,Customer MDM id,Site name\r\nImported Quarry AB,MDM-IMP-1,North pit\r\n,MDM-IMP-2,South pit\r\n';
    await page.getByTestId('import-file').setInputFiles({ name: 'customers-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('chosen-file').getByText('customers-e2e.csv').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import finished: 1 row imported, 1 row skipped because of errors.').waitFor();
    const skipped = page.getByRole('table', { name: 'Rows not imported' }).locator('tbody tr');
    expect(await skipped.allInnerTexts()).toEqual([expect.stringMatching(/^3\s+Customer name\s+is required$/)]);
    await screenshot(page, 'customer-import-report');
    await expectNoSeriousA11yViolations(page, 'customer import, report');
    await page.context().close();
  });
});
