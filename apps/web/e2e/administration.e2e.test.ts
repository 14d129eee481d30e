import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * Issue 20 on the built product with the demo seed: renaming and deleting product families and models, a manager
 * opening an equipment record, and My audits sorted by Customer and Status.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

async function staffSignIn(email: string, startPath: string, page?: Page): Promise<Page> {
  const p = page ?? (await newPage(browser));
  await signInAsStaff(p, product.url, email, startPath);
  return p;
}
const familyRow = (page: Page, name: string) => page.locator('table tbody tr', { has: page.getByText(name, { exact: true }) });

describe('product families: rename and delete', () => {
  it('renames a family and a model, deletes them after asking, and shows why a family in use is not deleted', async () => {
    const page = await staffSignIn('admin@company.example', '/ProductFamilies');
    await page.locator('table tbody tr').first().waitFor();
    const name = `AAA Rename ${Date.now()}`;
    const form = page.getByRole('form', { name: 'Add family' });
    await form.getByLabel('Name', { exact: false }).first().fill(name);
    await form.getByRole('combobox').click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Add family' }).click();
    await page.getByTestId('models-title').getByText(`Models of ${name}`).waitFor();

    // rename the family in its dialog
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename product family ${name}` });
    await rename.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} renamed`);
    await rename.getByRole('textbox', { name: 'Long name' }).fill('Renamed in the browser');
    await screenshot(page, 'product-family-rename');
    await expectNoSeriousA11yViolations(page, 'rename product family dialog');
    await rename.getByRole('button', { name: 'SAVE' }).click();
    await familyRow(page, `${name} renamed`).waitFor();
    await page.getByTestId('models-title').getByText(`Models of ${name} renamed`).waitFor();

    // a model: add, rename, delete after asking
    const modelForm = page.getByRole('form', { name: 'Add model' });
    await modelForm.getByLabel('Model name').fill('M-1');
    await modelForm.getByRole('button', { name: 'Add model' }).click();
    const models = page.getByRole('list', { name: 'Product models' });
    await models.getByText('M-1').waitFor();
    await models.getByRole('button', { name: 'Rename M-1' }).click();
    const renameModel = page.getByRole('dialog', { name: 'Rename product model M-1' });
    await renameModel.getByRole('textbox', { name: 'Model name' }).fill('M-2');
    await renameModel.getByRole('button', { name: 'SAVE' }).click();
    await models.getByText('M-2').waitFor();
    // the family now has a model: its delete is refused, saying so
    await familyRow(page, `${name} renamed`).getByRole('button', { name: /^Delete / }).click();
    let del = page.getByRole('dialog', { name: `Delete product family ${name} renamed?` });
    await del.getByRole('button', { name: 'DELETE' }).click();
    await del.getByRole('alert').getByText(`Product family '${name} renamed' is in use and cannot be deleted: product models (1)`).waitFor();
    await del.getByRole('button', { name: 'CLOSE' }).click();
    await models.getByRole('button', { name: 'Delete M-2' }).click();
    const delModel = page.getByRole('dialog', { name: 'Delete product model M-2?' });
    await delModel.getByText('Do you really want to delete the product model M-2? This cannot be undone.').waitFor();
    await delModel.getByRole('button', { name: 'DELETE' }).click();
    await page.getByText('No models defined for the family').waitFor();

    // now nothing uses the family: asked first, then deleted
    await familyRow(page, `${name} renamed`).getByRole('button', { name: /^Delete / }).click();
    del = page.getByRole('dialog', { name: `Delete product family ${name} renamed?` });
    await del.getByText(`Do you really want to delete the product family ${name} renamed? This cannot be undone.`).waitFor();
    await screenshot(page, 'product-family-delete-question');
    await expectNoSeriousA11yViolations(page, 'delete product family dialog');
    await del.getByRole('button', { name: 'DELETE' }).click();
    await expect.poll(() => familyRow(page, `${name} renamed`).count()).toBe(0);
    await page.getByText('Select a product family to see its models.').waitFor();

    // a seeded family with models, equipment and reports: the server's reason is shown
    await familyRow(page, 'Jaw JC').getByRole('button', { name: 'Delete Jaw JC' }).click();
    del = page.getByRole('dialog', { name: 'Delete product family Jaw JC?' });
    await del.getByRole('button', { name: 'DELETE' }).click();
    const reason = del.getByRole('alert');
    await reason.waitFor();
    expect(await reason.innerText()).toMatch(/^Product family 'Jaw JC' is in use and cannot be deleted: product models \(4\), equipment \(\d+\)/);
    await screenshot(page, 'product-family-delete-refused');
    await expectNoSeriousA11yViolations(page, 'delete refused');
    await del.getByRole('button', { name: 'CLOSE' }).click();
    await familyRow(page, 'Jaw JC').waitFor();
    await page.context().close();
  });

  it('gives the rename and delete buttons and the dialogs touch targets of at least 44 px on a tablet', async () => {
    const page = await staffSignIn('admin@company.example', '/ProductFamilies', await newTabletPage(browser));
    await page.locator('table tbody tr').first().waitFor();
    await expectTouchTargets({
      'row Rename': page.getByRole('button', { name: /^Rename / }),
      'row Delete': page.getByRole('button', { name: /^Delete / }),
    });
    await familyRow(page, 'Cone HC').locator('td').first().click();
    const models = page.getByRole('list', { name: 'Product models' });
    await models.getByText('HC300').waitFor();
    await expectTouchTargets({
      'model Rename': models.getByRole('button', { name: /^Rename / }),
      'model Delete': models.getByRole('button', { name: /^Delete / }),
    });
    await screenshot(page, 'tablet-product-families');
    await models.getByRole('button', { name: 'Rename HC300' }).click();
    const dialog = page.getByRole('dialog');
    await expectTouchTargets({ SAVE: dialog.getByRole('button', { name: 'SAVE' }), CANCEL: dialog.getByRole('button', { name: 'CANCEL' }) });
    await screenshot(page, 'tablet-product-model-rename');
    await dialog.getByRole('button', { name: 'CANCEL' }).click();
    await page.context().close();
  });
});

describe('equipment record for a manager', () => {
  it('opens read-only from the list: the facts and the inspection count, no form', async () => {
    const page = await staffSignIn('manager@company.example', '/Equipments');
    const first = page.locator('table tbody tr').first();
    const serial = (await first.locator('td').first().innerText()).trim();
    await first.click();
    await page.waitForURL(/\/Equipments\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Equipment ${serial}`) }).waitFor();
    await page.getByRole('term').getByText('Inspections conducted').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByText('Your permissions are not enough for seeing this page.').count()).toBe(0);
    await screenshot(page, 'equipment-record-manager');
    await expectNoSeriousA11yViolations(page, 'equipment record, manager');
    await page.getByRole('link', { name: 'Back to equipment' }).click();
    await page.waitForURL(/\/Equipments$/);
    await page.context().close();
  });

  it('gives the way back a touch target of at least 44 px on a tablet', async () => {
    const page = await staffSignIn('manager@company.example', '/Equipments', await newTabletPage(browser));
    await page.locator('table tbody tr').first().click();
    await page.getByRole('term').getByText('Inspections conducted').waitFor();
    await expectTouchTargets({ 'Back to equipment': page.getByRole('link', { name: 'Back to equipment' }) });
    await screenshot(page, 'tablet-equipment-record-manager');
    await page.context().close();
  });
});

describe('My audits sorted by Customer and Status', () => {
  const column = async (list: Locator, header: string) => {
    const headers = (await list.locator('table thead th').allInnerTexts()).map((h) => h.trim());
    const index = headers.indexOf(header);
    expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
    return (await list.locator(`table tbody tr td:nth-child(${index + 1})`).allInnerTexts()).map((s) => s.trim());
  };
  const sorted = (values: string[]) => {
    const lower = values.map((v) => v.toLowerCase());
    const up = [...lower].sort();
    return JSON.stringify(lower) === JSON.stringify(up) || JSON.stringify(lower) === JSON.stringify([...up].reverse());
  };

  it('sorts the inspector’s audits by customer and by status on a header click, without an error', async () => {
    const page = await staffSignIn('inspector@company.example', '/');
    const audits = page.getByRole('region', { name: 'My audits' });
    await audits.locator('table tbody tr').first().waitFor();
    const before = await column(audits, 'Customer');
    expect(before.length).toBeGreaterThan(2);
    expect(sorted(before)).toBe(false); // newest first is not a customer order (else the test proves nothing)
    await audits.getByRole('columnheader', { name: 'Customer' }).getByRole('button').click();
    await expect.poll(async () => sorted(await column(audits, 'Customer'))).toBe(true);
    expect((await column(audits, 'Customer')).sort()).toEqual([...before].sort());
    await audits.getByRole('columnheader', { name: 'Status' }).getByRole('button').click();
    await expect.poll(async () => sorted(await column(audits, 'Status'))).toBe(true);
    const statuses = await column(audits, 'Status');
    expect(new Set(statuses)).toEqual(new Set(['Open', 'Finished']));
    expect(await page.getByText(/orderKey/).count()).toBe(0);
    // The sort button's tooltip fades in under the pointer: moved away, so axe judges the page, not a half-drawn tooltip.
    // Both headers' tooltips may still be fading out, so wait for none rather than for one.
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
    await screenshot(page, 'my-audits-by-status');
    await expectNoSeriousA11yViolations(page, 'My page, audits sorted by status');
    await page.context().close();
  });

  it('gives the sortable headers of My audits touch targets of at least 44 px on a tablet', async () => {
    const page = await staffSignIn('inspector@company.example', '/', await newTabletPage(browser));
    const audits = page.getByRole('region', { name: 'My audits' });
    await audits.locator('table tbody tr').first().waitFor();
    await expectTouchTargets({ 'Status sort': audits.getByRole('columnheader', { name: 'Status' }).getByRole('button') });
    await audits.getByRole('columnheader', { name: 'Status' }).getByRole('button').click();
    await expect.poll(async () => sorted(await column(audits, 'Status'))).toBe(true);
    await screenshot(page, 'tablet-my-audits-by-status');
    await page.context().close();
  });
});
