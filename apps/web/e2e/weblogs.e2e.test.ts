import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /weblogs (002 §2) on the built product with the demo seed: Ada Admin (Developer flag) opens Web logs from the
 * navigation and finds her own requests, written by the API in batches; Max Manager is refused and has no nav item.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const ADMIN = 'admin@company.example';

describe('/weblogs', () => {
  it("lists the API's requests; 'Load log' narrows to the users named; the column filters work on the loaded rows", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, ADMIN, '/');
    await page.getByRole('link', { name: 'Web logs' }).click();
    await page.waitForURL(/\/weblogs$/);
    const table = page.getByRole('table', { name: 'Web log' });
    // The rows of this sign-in reach the database within the API's flush interval (1 s): load until they show.
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Load log' }).click();
        return table.getByRole('cell', { name: ADMIN, exact: true }).count();
      }, { timeout: 10_000 })
      .toBeGreaterThan(0);

    await page.getByLabel('users as csv').fill('ADMIN@company.example');
    await page.getByRole('button', { name: 'Load log' }).click();
    // keepPreviousData: the unfiltered rows stay until the filtered page arrives.
    await expect.poll(async () => [...new Set(await table.locator('tbody tr td:nth-child(2)').allTextContents())]).toEqual([ADMIN]);

    await page.getByLabel('Filter Method').fill('pOsT');
    const methods = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(methods.every((m) => m === 'POST')).toBe(true);
    await page.getByLabel('Filter Method').fill('');
    await page.getByLabel('Filter Status code').fill('200');
    expect((await table.locator('tbody tr td:nth-child(4)').allTextContents()).every((c) => c.includes('200'))).toBe(true);
    await screenshot(page, 'weblogs');
    await expectNoSeriousA11yViolations(page, 'web logs');
    await page.context().close();
  });

  it('refuses a staff Manager with the permissions message and shows no Web logs item', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, 'manager@company.example', '/weblogs');
    await page.getByText('Your permissions are not enough for seeing this page.').waitFor();
    expect(await page.getByRole('link', { name: 'Web logs' }).count()).toBe(0);
    expect(await page.getByLabel('users as csv').count()).toBe(0);
    await page.context().close();
  });

  it('fits an 820 px touch tablet with 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, ADMIN, '/weblogs');
    await page.getByRole('table', { name: 'Web log' }).waitFor();
    await expectTouchTargets({
      'Load log': page.getByRole('button', { name: 'Load log' }),
      'App logs link': page.getByRole('link', { name: 'App logs' }),
      'users as csv': page.getByLabel('users as csv'),
      'Filter User': page.getByLabel('Filter User'),
      'Next': page.getByRole('button', { name: 'Next' }),
    });
    await screenshot(page, 'weblogs-820');
    await expectNoSeriousA11yViolations(page, 'web logs at 820 px');
    await page.context().close();
  });
});
