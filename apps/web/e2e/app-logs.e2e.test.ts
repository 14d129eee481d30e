import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /Logs (002 §2) on the built product with the demo seed: a field client's events sent through POST api/v1/log,
 * read by Ada Admin (Developer flag) as a table and as sessions (split where the gap exceeds 5 minutes). /Logs has
 * no nav item: she reaches it from Web logs.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const ADMIN = 'admin@company.example';
const DAY = '2026-03-14';
const T = Date.parse(`${DAY}T09:00:00Z`);

/** Sends events as the signed-in page's user, as the field app does. */
async function sendEvents(page: Page, events: unknown[]) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${product.url}/api/v1/log`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('/Logs', () => {
  it('shows the events of a day and an e-mail, then the sessions split at the 5-minute gap', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, ADMIN, '/weblogs');
    const ev = (at: number, eventName: string) => ({ timestamp: at, appVersion: '4.2.0', eventName, osName: 'iPadOS', properties: JSON.stringify({ email: ADMIN }) });
    await sendEvents(page, [ev(T, 'app opened'), ev(T + 120_000, 'inspection started'), ev(T + 900_000, 'inspection saved')]);

    // the link on the Web logs page (the shell's navigation has one too)
    await page.getByRole('main').getByRole('link', { name: 'App logs' }).click();
    await page.waitForURL(/\/Logs$/);
    await page.getByLabel('date').fill(DAY);
    await page.getByLabel('e-mail').fill(ADMIN);
    await page.getByRole('button', { name: 'Load' }).click();
    const table = page.getByRole('table', { name: 'App log' });
    await table.getByRole('cell', { name: 'inspection saved' }).waitFor();
    // issue 22 polish: a page heading, and one page of rows reads '3 rows' (not '1 ... 3 of 3'). Waiting for it also
    // waits for the filtered answer: the unfiltered page shown before it holds 'inspection saved' too.
    await page.getByRole('heading', { level: 1, name: 'App logs' }).waitFor();
    await page.getByText('3 rows', { exact: true }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    await screenshot(page, 'app-logs-table');
    await expectNoSeriousA11yViolations(page, 'app logs table');

    await page.getByRole('button', { name: 'Sessions' }).click();
    const sessions = page.getByRole('table', { name: 'App log sessions' });
    await sessions.getByRole('cell', { name: '2 min 0 s' }).waitFor();
    expect(await sessions.locator('tbody tr').count()).toBe(2);
    expect(await sessions.locator('tbody tr').first().locator('td').nth(4).textContent()).toBe('1');
    await screenshot(page, 'app-logs-sessions');
    await expectNoSeriousA11yViolations(page, 'app logs sessions');
    await page.context().close();
  });

  it('refuses a staff Manager with the permissions message', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, 'manager@company.example', '/Logs');
    await page.getByText('Your permissions are not enough for seeing this page.').waitFor();
    expect(await page.getByRole('button', { name: 'Load' }).count()).toBe(0);
    await page.context().close();
  });

  it('fits an 820 px touch tablet with 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, ADMIN, '/Logs');
    await page.getByRole('table', { name: 'App log' }).waitFor();
    await expectTouchTargets({
      Load: page.getByRole('button', { name: 'Load' }),
      'view buttons': page.getByRole('group', { name: 'View' }).getByRole('button'),
      'e-mail': page.getByLabel('e-mail'),
      date: page.getByLabel('date'),
      'Web logs link': page.getByRole('link', { name: 'Web logs' }),
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshot(page, 'app-logs-820');
    await expectNoSeriousA11yViolations(page, 'app logs at 820 px');
    await page.context().close();
  });
});
