import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { recurringJobs } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /BackgroundServices and /Admin (002 §2) on the built product with the demo seed (embedded jobs: the in-process
 * schedules), as the seeded Manager: disable and enable a service, RESET the failed one until its run succeeds, then
 * a debug token acting as an inspector, after which the manager-only items leave the navigation.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const MANAGER = 'manager@company.example';
const row = (page: Page, id: string) => page.getByTestId(`service-${id}`);
const status = (page: Page, id: string) => row(page, id).locator('td').nth(1);

describe('background services and the debug token', () => {
  it('a manager disables, enables and resets services, then sets a debug token as an inspector', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, MANAGER, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Background services' }).click();
    await page.getByRole('heading', { level: 1, name: 'Background services' }).waitFor();
    await row(page, 'maintenance.generatedFiles').getByText('Last error: storage: connect ECONNREFUSED 127.0.0.1:9000').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(recurringJobs.length);
    expect(await status(page, 'maintenance.generatedFiles').textContent()).toBe('Failed');
    await screenshot(page, 'background-services');
    await expectNoSeriousA11yViolations(page, 'background services');

    // The box shows what the server stored (it changes once the answer is in), hence click, not uncheck().
    await page.getByRole('checkbox', { name: 'enabled: maintenance.logs' }).click();
    await status(page, 'maintenance.logs').getByText('Disabled').waitFor();
    expect(await page.getByRole('checkbox', { name: 'enabled: maintenance.logs' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'enabled: maintenance.logs' }).click();
    await status(page, 'maintenance.logs').getByText('Idle').waitFor();

    // RESET: the failed state goes, and the run it queued (in this process) succeeds; REFRESH shows it.
    await page.getByRole('button', { name: 'RESET maintenance.generatedFiles' }).click();
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'REFRESH' }).click();
      return status(page, 'maintenance.generatedFiles').textContent();
    }, { timeout: 15_000, interval: 500 }).toBe('Succeeded');
    expect(await row(page, 'maintenance.generatedFiles').getByText(/^Last error/).count()).toBe(0);
    await screenshot(page, 'background-services-after-reset');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Debug token' }).click();
    await page.getByRole('heading', { level: 1, name: 'Debug token' }).waitFor();
    for (const g of ['manager', 'admin', 'audit', 'commission', 'inspection', 'mecu']) await page.getByRole('checkbox', { name: g, exact: true }).waitFor();
    // A manager without the Developer flag cannot mint an admin token.
    expect(await page.getByRole('checkbox', { name: 'admin', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'inspection', exact: true }).check();
    await page.getByRole('checkbox', { name: 'audit', exact: true }).check();
    await screenshot(page, 'debug-token');
    await expectNoSeriousA11yViolations(page, 'debug token');
    await page.getByRole('button', { name: 'SET TOKEN' }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Background services' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Debug token' }).count()).toBe(0);
    await page.context().close();
  });

  it('fits an 820 px touch tablet with 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, MANAGER, '/BackgroundServices');
    await row(page, 'documents.sync').waitFor();
    await expectTouchTargets({
      REFRESH: page.getByRole('button', { name: 'REFRESH' }),
      RESET: page.getByRole('button', { name: /^RESET / }),
      enabled: page.getByRole('checkbox', { name: /^enabled: / }),
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshot(page, 'background-services-820');
    await expectNoSeriousA11yViolations(page, 'background services at 820 px');

    await page.goto(`${product.url}/Admin`);
    await page.getByRole('heading', { level: 1, name: 'Debug token' }).waitFor();
    await expectTouchTargets({ groups: page.getByRole('checkbox'), 'SET TOKEN': page.getByRole('button', { name: 'SET TOKEN' }) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshot(page, 'debug-token-820');
    await page.context().close();
  });
});
