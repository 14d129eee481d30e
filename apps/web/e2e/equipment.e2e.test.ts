import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/** /Equipments and /ProductFamilies on the built product with the demo seed (embedded default). */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function staffSignIn(email: string, startPath: string): Promise<Page> {
  const page = await newPage(browser);
  await signInAsStaff(page, product.url, email, startPath);
  return page;
}

describe('equipment', () => {
  it("lists equipment serial descending; an admin sees 'Manage product models' and the delete modal with the inspection count", async () => {
    const page = await staffSignIn('admin@company.example', '/Equipments');
    await page.locator('table tbody tr').first().waitFor();
    const serials = (await page.locator('table tbody tr td:first-child').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
    expect(serials.length).toBeGreaterThan(1);
    expect([...serials].sort().reverse()).toEqual(serials);
    await page.getByRole('link', { name: 'Manage product models' }).waitFor();
    await screenshot(page, 'equipment-list-admin');
    await expectNoSeriousA11yViolations(page, 'equipment list');

    await page.getByRole('button', { name: /^Delete / }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/inspections? (has|have) been conducted on the equipment\./).waitFor();
    await dialog.getByText('Do you really want to delete the equipment?').waitFor();
    await screenshot(page, 'equipment-delete-modal');
    await expectNoSeriousA11yViolations(page, 'delete equipment dialog');
    await dialog.getByRole('button', { name: 'CANCEL' }).click();

    await page.locator('table tbody tr').first().click();
    await page.getByLabel('Serial number').waitFor();
    // the saved family and model show once the families have loaded
    await expect.poll(() => page.getByRole('combobox', { name: 'Product model' }).innerText()).toMatch(/\w/);
    await expect.poll(() => page.getByLabel('Customer').inputValue()).toMatch(/\w/);
    await screenshot(page, 'equipment-edit');
    await expectNoSeriousA11yViolations(page, 'equipment edit form');
    await page.getByLabel('Nickname').fill('Edited nickname');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/Equipments$/);
    const edited = page.locator('table tbody tr', { hasText: 'Edited nickname' });
    await edited.first().waitFor();
    await screenshot(page, 'equipment-list-after-edit');
    expect(await edited.count()).toBe(1);
    await page.context().close();
  });

  it('gives the row delete buttons and the edit form buttons touch targets of at least 44 px on a tablet', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/Equipments');
    await page.locator('table tbody tr').first().waitFor();
    await expectTouchTargets({ 'row Delete': page.getByRole('button', { name: /^Delete / }) });
    await screenshot(page, 'tablet-equipment-list');
    await page.locator('table tbody tr').first().click();
    await page.getByLabel('Serial number').waitFor();
    await expectTouchTargets({ 'Save': page.getByRole('button', { name: 'Save' }) });
    await screenshot(page, 'tablet-equipment-edit');
    await page.context().close();
  });

  it("hides 'Manage product models' from a manager", async () => {
    const page = await staffSignIn('manager@company.example', '/Equipments');
    await page.locator('table tbody tr').first().waitFor();
    expect(await page.getByText('Manage product models').count()).toBe(0);
    await screenshot(page, 'equipment-list-manager');
    await page.context().close();
  });
});

describe('product families', () => {
  it('adds a family and a model to it', async () => {
    const page = await staffSignIn('admin@company.example', '/Equipments');
    await page.getByRole('link', { name: 'Manage product models' }).click();
    await page.waitForURL(/\/ProductFamilies$/);
    await page.locator('table tbody tr').first().waitFor();
    await screenshot(page, 'product-families');
    await expectNoSeriousA11yViolations(page, 'product families');

    const name = `AAA E2E ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Add family' });
    await form.getByLabel('Name', { exact: false }).first().fill(name);
    await form.getByRole('combobox').click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Add family' }).click();
    await page.getByTestId('models-title').getByText(`Models of ${name}`).waitFor();
    await page.getByText('No models defined for the family').waitFor();

    const modelForm = page.getByRole('form', { name: 'Add model' });
    await modelForm.getByLabel('Model name').fill('M-1');
    await modelForm.getByRole('button', { name: 'Add model' }).click();
    await page.getByRole('list', { name: 'Product models' }).getByText('M-1').waitFor();
    await screenshot(page, 'product-families-added');
    await expectNoSeriousA11yViolations(page, 'product families with a family selected');
    await page.context().close();
  });
});
