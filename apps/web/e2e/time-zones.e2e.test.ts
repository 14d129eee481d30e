import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TCustomer, TV1InspectionReport as TInspectionEdit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { apiAs, viewShot } from './support/editing.js';
import { productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage, TABLET } from './support/tablet.js';

/**
 * One time zone for every date (issue 20): the app shows dates and times in the browser's zone, in the reports list,
 * the report's details and its edit form alike, east and west of UTC; the report itself (PDF, REST) prints the
 * customer's zone, chosen on the customer's page.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const ADMIN = 'admin@company.example';
// 15.01.2027 05:00 UTC: 18:00 on the 15th in Auckland (UTC+13), 21:00 on the 14th in Los Angeles (UTC-8), 07:00 in Helsinki.
// After every seeded date, so the report heads the list (newest first).
const WHEN = Date.UTC(2027, 0, 15, 5);

/** A write of the product's API as the signed-in page (its bearer token). */
async function send(page: Page, method: 'PUT' | 'POST', path: string, body: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${product.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return res.json() as Promise<unknown>;
}

/** An In_Use report (the admin may edit it) dated WHEN, started then, through the REST update as any client would. */
async function reportDatedWhen(page: Page): Promise<TInspectionEdit> {
  const list = await apiAs<{ result: { id: string; status: string; serialNumber: string | null }[] }>(product.url, page, '/api/v1/inspections?amount=200');
  const open = list.result.find((r) => r.status === 'In_Use' && r.serialNumber);
  expect(open, 'an In_Use report with a serial number in the demo seed').toBeDefined();
  const d = await apiAs<TInspectionEdit>(product.url, page, `/api/v1/inspections/${open!.id}/editDetails`);
  // a draft (finished false): only the dates change; results are never deleted by a save
  await send(page, 'PUT', `/api/v1/inspections/update?id=${d.id}&lang=en`, {
    id: d.id, finished: false, content: { inspectionDate: WHEN }, started: WHEN, ended: null,
  });
  return apiAs<TInspectionEdit>(product.url, page, `/api/v1/inspections/${d.id}/editDetails`);
}

const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u2066-\u2069\u200e]/g, '').trim();

describe('dates in the time zone of the browser', () => {
  it("shows a report's date the same in the reports list, its details and its edit form, in Auckland and in Los Angeles", async () => {
    const setup = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
    await signInAsStaff(setup, product.url, ADMIN);
    const report = await reportDatedWhen(setup);
    expect(report.inspectionDate).toBe(WHEN);
    await setup.context().close();

    for (const [zone, day, time, zoneName] of [
      ['Pacific/Auckland', '15.01.2027', '18:00', 'GMT+13'],
      ['America/Los_Angeles', '14.01.2027', '21:00', 'GMT-8'],
    ] as const) {
      const slug = zone.split('/')[1]!.toLowerCase();
      const page = await (await browser.newContext({ timezoneId: zone, viewport: { width: 1280, height: 900 } })).newPage();
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
      await signInAsStaff(page, product.url, ADMIN, '/Reports');

      // the list: newest first, so the report dated WHEN heads it
      const first = page.locator('table tbody tr').first();
      await expect.poll(() => first.innerText()).toContain(report.content.equipment.serialNumber!);
      const headers = (await page.locator('table thead th').allInnerTexts()).map((h) => h.trim());
      const dateCell = first.locator(`td:nth-child(${headers.indexOf('Inspection date') + 1})`);
      expect(plain(await dateCell.innerText()), `${zone}: list`).toBe(day);
      await screenshot(page, `time-zones-${slug}-list`);

      // the details: the report's document in the viewer's zone, the start time named by the zone
      await page.goto(`${product.url}/Reports/${report.id}/details`);
      const frame = page.frameLocator('[data-testid=report-frame]').locator('body');
      await expect.poll(() => frame.innerText()).toContain(`${day} ${time} ${zoneName}`);
      const details = await frame.innerText();
      expect(details, `${zone}: details`).toMatch(new RegExp(`Inspection date\\s*${day.replaceAll('.', '\\.')}`));
      expect(details).not.toContain(' UTC');
      await screenshot(page, `time-zones-${slug}-details`);

      // the edit form: the same day, the start in the zone, its label naming the zone
      await page.goto(`${product.url}/Reports/${report.id}/edit`);
      const date = page.getByRole('group', { name: /^Inspection date/ });
      await date.waitFor();
      const shown = async (group: typeof date) => plain(await group.locator('.MuiPickersSectionList-root').textContent());
      expect(await shown(date), `${zone}: edit form`).toBe(day);
      const started = page.getByRole('group', { name: `Started (${zoneName})` });
      expect(await shown(started)).toBe(`${day} ${time}`);
      await page.getByRole('region', { name: 'Info' }).scrollIntoViewIfNeeded();
      await viewShot(page, `time-zones-${slug}-edit`);

      // saving the unchanged form sends the very same instants back
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Save the inspection?' });
      await confirm.waitFor();
      const reuse = confirm.getByRole('radio', { name: 'Yes, reuse the old signatures' });
      if (await reuse.count()) await reuse.check();
      const draft = confirm.getByRole('button', { name: /save as draft/i });
      await ((await draft.count()) ? draft : confirm.getByRole('button', { name: 'SAVE', exact: true })).click();
      await page.waitForURL((u) => u.pathname === `/Reports/${report.id}/details`);
      const after = await apiAs<TInspectionEdit>(product.url, page, `/api/v1/inspections/${report.id}/editDetails`);
      expect({ inspectionDate: after.inspectionDate, started: after.started }).toEqual({ inspectionDate: WHEN, started: WHEN });
      await page.context().close();
    }
  });
});

describe("the report in the customer's time zone", () => {
  it('lets an admin pick the time zone on the customer page, at 820 px with 44 px targets, and the report prints in it', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, ADMIN);
    const report = await reportDatedWhen(page);
    const customer = await apiAs<TCustomer>(product.url, page, `/api/v1/customers/${report.customerId}`);
    // Some demo customers have a zone of their own (the seed's German, Finnish, … customers): start from none.
    if (customer.timeZone) await send(page, 'PUT', `/api/v1/customers/${customer.id}`, { name: customer.name, mdmCustomerId: customer.mdmCustomerId, timeZone: null });
    await page.goto(`${product.url}/Customers/${customer.id}`);
    await page.getByTestId('customer-time-zone').waitFor();
    expect(plain(await page.getByTestId('customer-time-zone').innerText())).toBe("Time zone of reports: – (the product's setting)");
    // no zone of its own: the report prints in REPORT_TIME_ZONE (UTC by default), named
    expect(await apiAs<string>(product.url, page, `/api/v1/inspections/${report.id}/reporthtml`)).toContain('15.01.2027 05:00 UTC');

    await page.getByRole('button', { name: 'Edit', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Edit customer' });
    const zone = dialog.getByRole('combobox', { name: 'Time zone of reports' });
    await zone.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await expectTouchTargets({
      'time zone field': dialog.locator('.MuiAutocomplete-inputRoot'),
      'open the list': dialog.getByRole('button', { name: 'Open' }),
      'dialog buttons': dialog.getByRole('button', { name: /^(CANCEL|SAVE)$/ }),
    });
    await expectNoSeriousA11yViolations(page, 'edit customer dialog with the time zone (tablet)');
    await zone.tap();
    await zone.fill('hels');
    const option = page.getByRole('option', { name: /^Europe\/Helsinki \(EE/ });
    await option.waitFor();
    // the open list's options (the dialog's report language select has options of its own)
    await expectTouchTargets({ 'time zone options': page.getByRole('listbox').getByRole('option') });
    await expectNoSeriousA11yViolations(page, 'time zone list open (tablet)');
    await viewShot(page, 'time-zones-customer-picker-tablet');
    await option.tap();
    expect(await zone.inputValue()).toMatch(/^Europe\/Helsinki \(EE/);
    await dialog.getByRole('button', { name: 'SAVE' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => plain(await page.getByTestId('customer-time-zone').innerText())).toBe('Time zone of reports: Europe/Helsinki');
    await screenshot(page, 'time-zones-customer-details-tablet');

    // the report (what the PDF prints) in the customer's zone; the app's view still in the viewer's
    const html = await apiAs<string>(product.url, page, `/api/v1/inspections/${report.id}/reporthtml`);
    expect(html).toContain('15.01.2027 07:00 EET');
    expect(html).not.toContain(' UTC');

    // the new-customer form has the field too
    await page.goto(`${product.url}/Customers/create`);
    const create = page.getByRole('combobox', { name: 'Time zone of reports' });
    await create.waitFor();
    await expectTouchTargets({ 'time zone field': page.locator('.MuiAutocomplete-inputRoot') });
    await expectNoSeriousA11yViolations(page, 'new customer with the time zone (tablet)');
    await screenshot(page, 'time-zones-new-customer-tablet');
    await page.context().close();
  });
});
