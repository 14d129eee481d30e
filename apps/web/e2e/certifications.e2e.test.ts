import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';

/** /certifications on the built product with the demo seed (admin@company.example holds CertificationManager). */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const staffSignIn = (page: Page, email: string, startPath = '/') => signInAsStaff(page, product.url, email, startPath);

describe('/certifications', () => {
  it('lists certified users, adds one with a certification, finds it by search, edits it and deletes it after the confirmation', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await staffSignIn(page, 'admin@company.example', '/certifications');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    await screenshot(page, 'certifications-list');
    await expectNoSeriousA11yViolations(page, 'certifications list');
    await page.getByText(/^1 \.\.\. \d+$/).first().waitFor();

    await page.getByRole('button', { name: 'Add certified user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add certified user' }).waitFor();
    await dialog.getByLabel('E-mail').fill('e2e.cert@site.example');
    await dialog.getByLabel('Employee id').fill('E2E-1');
    await dialog.getByRole('button', { name: 'Add certification' }).click();
    await dialog.getByRole('combobox', { name: 'Product family' }).click();
    await page.getByRole('option').first().click();
    await screenshot(page, 'certifications-dialog');
    await expectNoSeriousA11yViolations(page, 'add certified user dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByPlaceholder('Search').fill('e2e.cert');
    const row = page.locator('tbody tr', { hasText: 'e2e.cert@site.example' });
    await row.waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await row.innerText()).toContain('E2E-1');
    await screenshot(page, 'certifications-added');

    // A row click opens the same dialog in edit mode; the saved certification keeps its id.
    await row.getByText('E2E-1').click();
    await dialog.getByRole('heading', { name: 'Edit certified user' }).waitFor();
    expect(await dialog.getByTestId('certification-row').count()).toBe(1);
    await dialog.getByLabel('Employee id').fill('E2E-2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tbody tr', { hasText: 'E2E-2' }).waitFor();

    await row.getByRole('button', { name: 'Delete e2e.cert@site.example' }).click();
    await page.getByText('Delete certified user e2e.cert@site.example (E2E-2)?').waitFor();
    await screenshot(page, 'certifications-delete-confirm');
    await expectNoSeriousA11yViolations(page, 'delete certified user confirmation');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
