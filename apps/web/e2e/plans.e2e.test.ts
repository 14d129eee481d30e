import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { readFileSync } from 'node:fs';
import { screenshot } from './support/browser.js';
import { downloadedFile } from './support/editing.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/** Issue 24 on screen: plans on the equipment record and for a site, the Due view, My page's due list, the prefilled start. */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** A tRPC query with the page's session, as the app makes it. */
const query = <T>(page: Page, path: string, input: unknown) =>
  page.evaluate(
    async ([p, i]) => {
      const res = await fetch(`/trpc/${p}?input=${encodeURIComponent(JSON.stringify(i))}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      return (await res.json()).result.data;
    },
    [path, input] as const,
  ) as Promise<T>;

const settled = (page: Page) => page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)).then(() => undefined));
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await screenshot(page, name);
}
async function pick(page: Page, label: string, option: string | RegExp) {
  const select = page.getByRole('dialog').getByRole('combobox', { name: label });
  await expect.poll(() => select.getAttribute('aria-disabled')).toBeNull();
  await select.click();
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  await settled(page);
  await expectTouchTargets({ [`${label} options`]: options });
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

let machine: { id: string; serialNumber: string };
let customer: { id: string; name: string };

describe('inspection plans on a tablet', () => {
  it('lets a manager add a plan on the equipment page and plans for a whole site, and lists them as due', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'manager@company.example', '/');
    customer = (await query<Array<{ id: string; name: string }>>(page, 'inspectionStart.customers', { search: 'Kalliomurske' }))[0]!;
    const sites = await query<Array<{ id: string; name: string }>>(page, 'inspectionStart.sites', { customerId: customer.id });
    const site = sites.find((s) => /Main quarry/.test(s.name)) ?? sites[0]!;
    const machines = await query<Array<{ id: string; serialNumber: string | null }>>(page, 'inspectionStart.equipment', { customerId: customer.id, customerSiteId: site.id });
    machine = machines.find((m) => m.serialNumber) as typeof machine;

    // The equipment record: 'Plans', 'Add plan'.
    await page.goto(`${product.url}/Equipments/${machine.id}`);
    const plans = page.getByRole('region', { name: 'Plans' });
    await plans.getByRole('button', { name: 'Add plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add plan' }).waitFor();
    await pick(page, 'Inspection type', 'Weekly');
    await pick(page, 'Inspector', /Ilkka Inspector/);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('First due date').fill(threeDaysAgo);
    await settled(page);
    await expectTouchTargets({ 'plan dialog SAVE': dialog.getByRole('button', { name: 'SAVE' }), 'plan dialog CANCEL': dialog.getByRole('button', { name: 'CANCEL' }), 'Remind the customer': dialog.getByRole('checkbox') });
    await expectNoSeriousA11yViolations(page, 'the plan dialog');
    await shot(page, 'plans-add-dialog');
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await dialog.waitFor({ state: 'detached' });
    const weekly = plans.getByRole('row').filter({ hasText: 'Weekly' });
    await weekly.waitFor();
    expect(await weekly.getByTestId('plan-state').innerText()).toMatch(/^(Overdue by \d+ days?|Due today|Due in \d+ days?|In progress|Due \d+ days? ago, within grace)$/);
    await expectTouchTargets({ 'Add plan': plans.getByRole('button', { name: 'Add plan' }), 'plan row buttons': plans.getByRole('button', { name: /^(Edit|Delete) plan/ }) });
    await shot(page, 'plans-equipment');

    // The customer: 'Plan inspections' for a site.
    await page.goto(`${product.url}/Customers/${customer.id}`);
    await page.getByRole('button', { name: `Plan inspections for site ${site.name}` }).click();
    await pick(page, 'Inspection type', 'Monthly');
    await dialog.getByRole('button', { name: 'CREATE PLANS' }).click();
    const result = dialog.getByRole('status');
    await result.waitFor();
    expect(await result.innerText()).toMatch(/^Created \d+ plans?(; \d+ machines? already had one)?\.$/);
    await shot(page, 'plans-site-result');
    await dialog.getByRole('button', { name: 'CLOSE' }).click();

    // The Due view: both plans, with their states in words.
    await page.getByRole('link', { name: 'Due', exact: true }).click();
    await page.waitForURL(/\/Due$/);
    await page.getByRole('heading', { name: 'Due', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Customer' }).fill('Kalliomurske');
    await page.getByRole('option', { name: customer.name }).click();
    const rows = page.getByTestId('plan-row').filter({ hasText: machine.serialNumber });
    await rows.filter({ hasText: 'Weekly' }).waitFor();
    await page.getByRole('combobox', { name: 'Due within' }).click();
    await page.getByRole('option', { name: '90 days' }).click();
    await rows.filter({ hasText: 'Monthly' }).first().waitFor();
    await settled(page);
    await expectTouchTargets({
      'Start inspection': page.getByRole('link', { name: /^Start inspection/ }),
      'row edit and delete': page.getByRole('button', { name: /^(Edit|Delete) plan/ }),
      'Due within': page.getByRole('combobox', { name: 'Due within' }),
      State: page.getByRole('combobox', { name: 'State' }),
    });
    // The row's buttons fit the tablet's width without scrolling sideways.
    const lastButton = await page.getByRole('button', { name: /^Delete plan/ }).first().boundingBox();
    expect(lastButton!.x + lastButton!.width).toBeLessThanOrEqual(820);
    await expectNoSeriousA11yViolations(page, 'the Due view');
    await shot(page, 'plans-due-view');
    // The list as filtered, built by the worker (in-process on the embedded default) and downloaded as a workbook.
    await expectTouchTargets({ 'Export to Excel': page.getByRole('button', { name: 'Export to Excel' }) });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = readFileSync(await downloadedFile(file));
    expect(workbook.subarray(0, 2).toString()).toBe('PK');
    expect(workbook.toString('latin1')).toContain('xl/worksheets');
    await page.getByText(/^Saved .*\.xlsx\.$/).waitFor();
    await page.context().close();
  });

  it("shows the inspector their due inspection first on My page; 'Start inspection' opens /Reports/new prefilled; no plan buttons for them", async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'inspector@company.example', '/');
    const section = page.getByRole('region', { name: 'My due inspections' });
    const row = section.getByTestId('plan-row').filter({ hasText: machine.serialNumber }).filter({ hasText: 'Weekly' });
    await row.waitFor();
    expect((await page.getByRole('heading', { level: 2 }).allInnerTexts())[0]).toBe('My due inspections');
    await settled(page);
    await expectTouchTargets({ 'My page Start inspection': section.getByRole('link', { name: /^Start inspection/ }) });
    await expectNoSeriousA11yViolations(page, "My page's due inspections");
    await shot(page, 'plans-my-page');

    await row.getByRole('link', { name: /^Start inspection/ }).click();
    await page.waitForURL((u) => u.pathname === '/Reports/new' && u.searchParams.get('equipmentId') === machine.id && u.searchParams.get('type') === 'Weekly');
    await expect.poll(() => page.getByRole('combobox', { name: 'Customer' }).inputValue(), { timeout: 15_000 }).toBe(customer.name);
    await expect.poll(() => page.getByRole('combobox', { name: 'Equipment' }).innerText()).toContain(machine.serialNumber);
    await shot(page, 'plans-start-prefilled');

    // Too low for plans: an inspector sees the Due view without edit or delete, and no plan buttons anywhere on it.
    await page.goto(`${product.url}/Due`);
    await page.getByTestId('plan-row').first().waitFor();
    expect(await page.getByRole('button', { name: /plan/i }).count()).toBe(0);
    await page.context().close();
  });
});
