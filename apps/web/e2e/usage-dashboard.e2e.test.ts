import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { apiAs } from './support/editing.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /UsageDashboards (002 §2; issue 22) on the built product with the demo seed: Ada Admin (admin group, Developer flag)
 * sorts, filters and includes customers without inspections, each checked against the API's own answer; Max
 * Manager is refused; the navigation leads there.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

interface Rows {
  result: { customerName: string | null; customerEnglishName: string | null; totalNumberOfEquipment: number }[];
  count: number;
}
const customersTable = (page: Page) => page.getByRole('table', { name: 'Surface drills service dashboard' });
const names = (table: Locator) => table.locator('tbody th').allTextContents();
const totals = async (table: Locator) => (await table.locator('tbody tr td:nth-of-type(1)').allTextContents()).map(Number);
const zone = (page: Page) => page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

describe('/UsageDashboards', () => {
  it('opens from the navigation; sorts on a header click, filters on the name and includes customers without inspections', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, 'admin@company.example', '/');
    await page.getByRole('link', { name: 'Usage dashboard' }).click();
    await page.waitForURL(/\/UsageDashboards$/i);
    const table = customersTable(page);
    const tz = encodeURIComponent(await zone(page));
    const served = await apiAs<Rows>(product.url, page, `/api/v1/inspections/servicedEquipment?onlyIncludeServiced=true&timeZone=${tz}`);
    const all = await apiAs<Rows>(product.url, page, `/api/v1/inspections/servicedEquipment?onlyIncludeServiced=false&timeZone=${tz}`);
    expect(served.count).toBeGreaterThan(0);
    expect(all.count).toBeGreaterThan(served.count);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(served.count);
    await page.getByRole('table', { name: 'Equipment serviced by company' }).getByText('Nordic Distribution Oy').waitFor();
    await screenshot(page, 'usage-dashboard');
    await expectNoSeriousA11yViolations(page, 'usage dashboard');

    // sort: ascending on the first click, descending on the second
    const header = table.getByRole('button', { name: 'Total number of equipment' });
    await header.click();
    await expect.poll(async () => (await totals(table)).join(',')).toBe(served.result.map((r) => r.totalNumberOfEquipment).sort((a, b) => a - b).join(','));
    await header.click();
    await expect.poll(async () => (await totals(table)).join(',')).toBe(served.result.map((r) => r.totalNumberOfEquipment).sort((a, b) => b - a).join(','));
    expect(await table.getByRole('columnheader', { name: 'Total number of equipment' }).getAttribute('aria-sort')).toBe('descending');

    // filter: a customer's name in another case finds that customer
    const one = served.result[0]!;
    await page.getByLabel('Filter by name or English name').fill(one.customerName!.toUpperCase());
    await expect.poll(async () => (await names(table)).every((n) => n.toLowerCase().includes(one.customerName!.toLowerCase()))).toBe(true);
    expect((await names(table)).length).toBeGreaterThan(0);
    await screenshot(page, 'usage-dashboard-filtered');
    await page.getByLabel('Filter by name or English name').fill('');

    // the checkbox adds the customers without inspections
    await page.getByLabel('Include customers without inspections').check();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(all.count);
    await expect.poll(async () => (await table.locator('tbody td').allTextContents()).includes('0 (0%)')).toBe(true);
    await screenshot(page, 'usage-dashboard-all-customers');
    await page.context().close();
  });

  it('refuses a staff Manager with the permissions message and shows no navigation item', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, 'manager@company.example', '/UsageDashboards');
    await page.getByText('Your permissions are not enough for seeing this page.').waitFor();
    expect(await page.getByRole('link', { name: 'Usage dashboard' }).count()).toBe(0);
    expect(await customersTable(page).count()).toBe(0);
    await page.context().close();
  });

  it('fits an 820 px touch tablet with 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/UsageDashboards');
    const table = customersTable(page);
    await table.locator('tbody tr').first().waitFor();
    await expectTouchTargets({
      'column header': page.getByRole('columnheader').getByRole('button'),
      'include customers checkbox and its label': page.locator('label', { hasText: 'Include customers without inspections' }),
      'filter field': page.getByLabel('Filter by name or English name'),
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshot(page, 'usage-dashboard-820');
    await expectNoSeriousA11yViolations(page, 'usage dashboard at 820 px');
    await page.context().close();
  });
});
