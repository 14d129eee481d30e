import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { apiAs } from './support/editing.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /tags (002 §2) on the built product with the demo seed: Ada Admin (admin group, Developer flag) edits the tags
 * of a point's multiple-choice and range-value fields; Max Manager is refused.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

interface TagPoints {
  result: { id: string; name: string }[];
}
interface Targets {
  id: string;
  name: string;
  multipleChoices: { id: string; title: string; tags: string[] }[];
  rangeValues: { id: string; title: string; tags: string[] }[];
}

const TAG = 'e2e-tag-wear';

/** A seeded point that has a multiple choice, as the /tags selector lists it. */
async function pointWithChoices(page: Page): Promise<Targets> {
  const points = await apiAs<TagPoints>(product.url, page, '/api/v1/tags/points?amount=100');
  for (const p of points.result) {
    const t = await apiAs<Targets>(product.url, page, `/api/v1/tags/points/${p.id}`);
    if (t.multipleChoices.length) return t;
  }
  throw new Error('the seed has no point with a multiple choice');
}

describe('/tags', () => {
  it('adds a tag to a multiple choice: Save appears, saving keeps it across a reload', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, 'admin@company.example', '/tags');
    const point = await pointWithChoices(page);
    const field = point.multipleChoices[0]!;
    expect(field.tags).not.toContain(TAG);

    await page.getByLabel('Search inspection points').fill(point.name);
    await page.getByRole('list', { name: 'Inspection points' }).getByRole('button', { name: new RegExp(`^${point.name}`) }).first().click();
    const input = page.getByRole('combobox', { name: `Tags of ${field.title || '(no title)'}` }).first();
    await input.waitFor();
    await screenshot(page, 'tags-point');
    await expectNoSeriousA11yViolations(page, 'tags of a point');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.count()).toBe(0);

    await input.fill(TAG);
    await input.press('Enter');
    await save.waitFor();
    await screenshot(page, 'tags-edited');
    await save.click();
    await page.getByText('Tags saved').waitFor();
    expect(await save.count()).toBe(0);
    const stored = await apiAs<Targets>(product.url, page, `/api/v1/tags/points/${point.id}`);
    expect(stored.multipleChoices[0]!.tags).toEqual([...field.tags, TAG]);

    await page.reload();
    await page.getByLabel('Search inspection points').fill(point.name);
    await page.getByRole('list', { name: 'Inspection points' }).getByRole('button', { name: new RegExp(`^${point.name}`) }).first().click();
    await page.getByRole('region', { name: 'Multiple choices' }).getByRole('button', { name: TAG }).waitFor();
    expect(await save.count()).toBe(0);
    await page.context().close();
  });

  it('refuses a staff Manager with the permissions message', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsStaff(page, product.url, 'manager@company.example', '/tags');
    await page.getByText('Your permissions are not enough for seeing this page.').waitFor();
    expect(await page.getByLabel('Search inspection points').count()).toBe(0);
    await page.context().close();
  });

  it('fits an 820 px touch tablet with 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/tags');
    const points = page.getByRole('list', { name: 'Inspection points' }).getByRole('button');
    await points.first().waitFor();
    await expectTouchTargets({ 'point in the selector': points });
    await points.first().click();
    await page.getByRole('heading', { level: 2 }).nth(1).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshot(page, 'tags-820');
    await expectNoSeriousA11yViolations(page, 'tags at 820 px');
    await page.context().close();
  });
});
