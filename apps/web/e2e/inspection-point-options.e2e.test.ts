import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { apiAs, makePng, viewShot } from './support/editing.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * The option editors of /InspectionPoints (issue 9, 001 §2) on the built product with the demo seed, as Ada Admin:
 * a point of every option type created through the screen and found in the list, and a dropdown option
 * batch-updated onto another point's option of the same title.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

interface Point {
  id: string;
  name: string;
  type: string;
  optionGroup: { id: string; custom: boolean; name: string; options: { id: string; name: string }[] } | null;
  rangeValueTitle: string | null;
  rangeValues: { id: string; title: string }[];
  multipleChoices: { id: string; title: string; metas: { type: string; value: string }[]; options: { title: string }[] }[];
  dropdowns: { id: string; title: string; options: { id: string; title: string; imageId: string | null }[] }[];
}

async function openPoints(page: Page) {
  await signInAsStaff(page, product.url, 'admin@company.example', '/InspectionPoints');
  await page.getByRole('tab', { name: 'Inspection points' }).waitFor();
}

/** Chooses a template on the create tab and fills the common form's required fields. */
async function startPoint(page: Page, template: string, name: string) {
  await page.getByRole('tab', { name: 'Create inspection point' }).click();
  await page.getByRole('group', { name: 'Choose a template' }).getByRole('button', { name: template, exact: true }).click();
  await page.getByRole('textbox', { name: /^Name\b/ }).fill(name);
  await page.getByRole('combobox', { name: /^Product category/ }).click();
  await page.getByRole('option', { name: 'Crushers' }).click();
}

async function save(page: Page, name: string) {
  const button = page.getByRole('button', { name: 'Save', exact: true });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await page.getByText(`Saved ${name}.`).waitFor();
}

/** The point as the API reads it, found by its exact name through the list call. */
async function pointNamed(page: Page, name: string): Promise<Point> {
  const list = await apiAs<{ result?: { id: string; name: string }[] } | { id: string; name: string }[]>(
    product.url,
    page,
    `/api/v1/inspectionPoints/list?search=${encodeURIComponent(name)}`,
  );
  const rows = Array.isArray(list) ? list : (list.result ?? []);
  const hit = rows.find((r) => r.name === name);
  expect(hit, name).toBeTruthy();
  return apiAs<Point>(product.url, page, `/api/v1/inspectionPoints/${hit!.id}?fromWebApp=true`);
}

async function apiWrite<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${product.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const select = async (page: Page, combobox: string, option: string) => {
  const box = page.getByRole('combobox', { name: combobox });
  await expect.poll(() => box.getAttribute('aria-disabled')).toBeNull();
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('/InspectionPoints option editors', () => {
  it('creates a point of every option type through the screen and finds each in the list', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openPoints(page);

    // Radio button selection with a predefined group: the group is shared, not copied.
    await startPoint(page, 'Radio button selection', 'E2E opt radio predefined');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(false);
    await select(page, 'Predefined option group', 'OK / Not OK');
    await page.getByRole('list', { name: 'Options of the chosen group' }).getByText('Not OK').waitFor();
    await screenshot(page, 'point-options-radio-predefined');
    await expectNoSeriousA11yViolations(page, 'radio point with a predefined group');
    await save(page, 'E2E opt radio predefined');

    // ... and customized: a custom copy with its own option rows.
    await startPoint(page, 'Radio button selection', 'E2E opt radio custom');
    await select(page, 'Predefined option group', 'Condition');
    await page.getByRole('button', { name: 'Customize' }).click();
    expect(await page.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
    const first = page.getByRole('group', { name: 'Option 1' });
    await first.getByLabel('Option name').fill('Like new');
    await first.getByRole('checkbox', { name: 'Follow-up value' }).check();
    await first.getByLabel('Follow-up title').fill('Hours since service');
    await screenshot(page, 'point-options-radio-customized');
    await save(page, 'E2E opt radio custom');

    await startPoint(page, 'Radio selection plus range values', 'E2E opt radio values');
    await select(page, 'Predefined option group', 'OK / Not OK');
    await page.getByLabel('Title for the values').fill('Measured');
    await page.getByRole('group', { name: 'Range value 1' }).getByLabel('Title', { exact: true }).fill('Gap mm');
    await save(page, 'E2E opt radio values');

    await startPoint(page, 'Multiple choices', 'E2E opt choices');
    const list1 = page.getByRole('group', { name: 'Choice list 1' });
    await list1.getByLabel('Choice list title').fill('Damage');
    await list1.getByRole('group', { name: 'Choice 1' }).getByLabel('Choice', { exact: true }).fill('Cracked');
    await list1.getByRole('button', { name: 'Add choice' }).click();
    await list1.getByRole('group', { name: 'Choice 2' }).getByLabel('Choice', { exact: true }).fill('Bent');
    await screenshot(page, 'point-options-choices');
    await expectNoSeriousA11yViolations(page, 'multiple choices point');
    await save(page, 'E2E opt choices');

    await startPoint(page, 'Multiple choices plus range values', 'E2E opt choices values');
    await page.getByRole('group', { name: 'Choice list 1' }).getByLabel('Choice list title').fill('Leaks');
    await page.getByRole('group', { name: 'Choice 1' }).getByLabel('Choice', { exact: true }).fill('Oil');
    await page.getByLabel('Title for the values').fill('Pressures');
    await page.getByRole('group', { name: 'Range value 1' }).getByLabel('Title', { exact: true }).fill('bar');
    await save(page, 'E2E opt choices values');

    // Dropdown with an image option: the upload runs at once and Save links it.
    await startPoint(page, 'Dropdown', 'E2E opt dropdown');
    const card = page.getByRole('group', { name: 'Dropdown 1' });
    await card.getByLabel('Dropdown title').fill('Liner state');
    const option1 = card.getByRole('group', { name: 'Option 1' });
    await option1.getByLabel('Option title').fill('Worn');
    await option1.getByLabel('Image of option 1').setInputFiles({ name: 'worn.png', mimeType: 'image/png', buffer: makePng(64, 48) });
    await option1.getByText('Success').waitFor();
    await option1.getByRole('img', { name: 'Image of Worn' }).waitFor();
    await card.getByRole('button', { name: 'Add option' }).click();
    await card.getByRole('group', { name: 'Option 2' }).getByLabel('Option title').fill('Good');
    await screenshot(page, 'point-options-dropdown');
    await expectNoSeriousA11yViolations(page, 'dropdown point');
    await save(page, 'E2E opt dropdown');

    // every one is in the list
    await page.getByLabel('Filter inspection points').fill('E2E opt');
    const names = ['E2E opt choices', 'E2E opt choices values', 'E2E opt dropdown', 'E2E opt radio custom', 'E2E opt radio predefined', 'E2E opt radio values'];
    for (const n of names) await page.getByRole('option', { name: new RegExp(`^${n},`) }).waitFor();
    await screenshot(page, 'point-options-list');

    // what was stored
    const predefined = await pointNamed(page, 'E2E opt radio predefined');
    expect(predefined.optionGroup).toMatchObject({ custom: false, name: 'OK / Not OK' });
    const custom = await pointNamed(page, 'E2E opt radio custom');
    expect(custom.optionGroup!.custom).toBe(true);
    expect(custom.optionGroup!.options.map((o) => o.name)).toContain('Like new');
    const groups = await apiAs<{ id: string; name: string; options: { id: string }[] }[]>(product.url, page, '/api/v1/inspectionPointOptionGroups?custom=false');
    const condition = groups.find((g) => g.name === 'Condition')!;
    expect(custom.optionGroup!.id).not.toBe(condition.id);
    for (const o of custom.optionGroup!.options) expect(condition.options.map((c) => c.id)).not.toContain(o.id);
    const values = await pointNamed(page, 'E2E opt radio values');
    expect(values).toMatchObject({ rangeValueTitle: 'Measured', rangeValues: [{ title: 'Gap mm' }] });
    const choices = await pointNamed(page, 'E2E opt choices');
    expect(choices.multipleChoices).toMatchObject([{ title: 'Damage', metas: [{ type: 'AnyProductModel', value: 'true' }], options: [{ title: 'Cracked' }, { title: 'Bent' }] }]);
    const dropdown = await pointNamed(page, 'E2E opt dropdown');
    expect(dropdown.dropdowns[0]!.title).toBe('Liner state');
    expect(dropdown.dropdowns[0]!.options.map((o) => o.title)).toEqual(['Worn', 'Good']);
    expect(dropdown.dropdowns[0]!.options[0]!.imageId).toBeTruthy();
    await page.context().close();
  });

  it("batch-updates a dropdown option onto another point's option of the same title", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openPoints(page);
    const categories = await apiAs<{ id: string; name: string }[]>(product.url, page, '/api/v1/productCategories/all');
    const productCategoryId = categories.find((c) => c.name === 'Crushers')!.id;
    const point = (name: string, dropdown: string, option: string) =>
      apiWrite(page, 'POST', '/api/v1/inspectionPoints', {
        type: 'Dropdown',
        name,
        productCategoryId,
        dropdowns: [{ title: dropdown, options: [{ title: option }, { title: 'Other' }] }],
      });
    await point('E2E batch source', 'Belt', 'Frayed edge');
    await point('E2E batch target', 'Conveyor belt', 'frayed EDGE');

    await page.getByLabel('Filter inspection points').fill('E2E batch source');
    await page.getByRole('option', { name: /^E2E batch source,/ }).click();
    const option1 = page.getByRole('group', { name: 'Dropdown 1' }).getByRole('group', { name: 'Option 1' });
    await option1.getByRole('button', { name: 'Batch update' }).click();
    const dialog = page.getByRole('dialog', { name: 'Batch update' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'E2E batch target' });
    await row.waitFor();
    expect(await row.innerText()).toContain('E2E batch target · Conveyor belt · frayed EDGE');
    await dialog.getByText(/images are not batch-updated/).waitFor();
    await row.getByRole('checkbox').check();

    // closing with a selection asks first
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByText('Are you sure you want to close? You have selected options, you can save them from the bottom of the dialog.').waitFor();
    await viewShot(page, 'point-options-batch-close-warning');
    await page.getByRole('button', { name: 'Keep selecting' }).click();
    await viewShot(page, 'point-options-batch-dialog');
    await expectNoSeriousA11yViolations(page, 'batch update dialog');

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText(/Batch update done: 1 option updated/).waitFor({ timeout: 30_000 });
    const target = await pointNamed(page, 'E2E batch target');
    expect(target.dropdowns[0]!.options.map((o) => o.title)).toEqual(['Frayed edge', 'Other']);
    await page.context().close();
  });

  it('fits the option editors on an 820 px touch tablet with 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await openPoints(page);
    await startPoint(page, 'Dropdown', 'E2E opt tablet');
    const card = page.getByRole('group', { name: 'Dropdown 1' });
    await card.getByRole('group', { name: 'Option 1' }).getByRole('checkbox', { name: 'Follow-up value' }).check();
    await expectTouchTargets({
      'Pick an existing dropdown': card.locator('label', { hasText: 'Pick an existing dropdown' }),
      'Multiselect': card.locator('label', { hasText: 'Multiselect' }),
      'Follow-up value': card.locator('label', { hasText: 'Follow-up value' }),
      'Add image': card.getByText('Add image'),
      'Add option': card.getByRole('button', { name: 'Add option' }),
      'Remove option': card.getByRole('button', { name: 'Remove option 1' }),
      'Add new dropdown': page.getByRole('button', { name: 'Add new dropdown' }),
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await card.locator('label', { hasText: 'Pick an existing dropdown' }).click();
    await card.getByRole('list', { name: 'Existing dropdowns' }).getByRole('button').first().waitFor();
    expect(Math.round((await card.getByRole('list', { name: 'Existing dropdowns' }).boundingBox())!.height)).toBe(300);
    await screenshot(page, 'point-options-dropdown-820');
    await expectNoSeriousA11yViolations(page, 'dropdown picker at 820 px');
    await page.context().close();
  });
});
