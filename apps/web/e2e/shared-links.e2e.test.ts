import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { viewShot } from './support/editing.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * Shared report links (issue 20) on the built product with the demo seed, on a tablet (820 px, touch): an inspector
 * makes a link of an audit report's PDF, finds it in the live links, revokes it, and the link answers 410 from then on.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const FRAME = '[data-testid=report-frame]';
const settled = (page: Page) => page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));

describe('shared report links', () => {
  it('lists a link made on the audit report page and revokes it: the PDF is served before and refused (410) after', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'inspector@company.example', '/Audits');
    const row = page.locator('table tbody tr').first();
    await row.waitFor();
    await row.getByRole('button', { name: /^View report of / }).click();
    await page.waitForURL(/\/report$/);
    const section = page.getByRole('region', { name: 'Shared links' });
    await section.getByText('No live shared links.').waitFor();

    // a link for a day
    await page.getByRole('combobox', { name: 'Valid for' }).click();
    await page.getByRole('option', { name: '1 day' }).waitFor();
    await settled(page);
    await expectTouchTargets({ 'lifetime option': page.getByRole('option') });
    await page.getByRole('option', { name: '1 day' }).click();
    await page.getByRole('button', { name: 'Get a shareable PDF link' }).click();
    const link = page.getByTestId('storage-url').getByRole('link');
    await link.waitFor({ timeout: 90_000 });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\/api\/v1\/shared\/[A-Za-z0-9_-]{43}$/);
    const before = await page.request.get(href);
    expect(before.status()).toBe(200);
    expect((await before.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // listed with who shared it and until when; Revoke asks first
    const item = section.getByRole('listitem').filter({ hasText: (await link.innerText()).trim() });
    await item.getByText(/^Shared by Ilkka Inspector on .*, valid until /).waitFor();
    await expectTouchTargets({ Revoke: item.getByRole('button', { name: 'Revoke' }), 'Copy link': page.getByRole('button', { name: 'Copy link' }) });
    await expectNoSeriousA11yViolations(page, 'audit report with its shared links', { exclude: [FRAME] });
    await item.getByRole('button', { name: 'Revoke' }).click();
    const ask = page.getByRole('dialog', { name: 'Revoke this link?' });
    await ask.waitFor();
    await viewShot(page, 'shared-links-revoke');
    await expectTouchTargets({ REVOKE: ask.getByRole('button', { name: 'REVOKE' }), CANCEL: ask.getByRole('button', { name: 'CANCEL' }) });
    await expectNoSeriousA11yViolations(page, 'revoke a shared link', { exclude: [FRAME] });
    await ask.getByRole('button', { name: 'REVOKE' }).click();
    await ask.waitFor({ state: 'hidden' });
    await section.getByText('No live shared links.').waitFor();
    await viewShot(page, 'shared-links-revoked');

    const after = await page.request.get(href);
    expect(after.status()).toBe(410);
    expect((await after.json()).message).toBe('This link has been revoked.');
    await page.context().close();
  }, 180_000);

  it("makes and lists a link of a finished inspection report's PDF on its details page, on a tablet", async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/Reports');
    const list = await page.evaluate(async () => {
      const res = await fetch('/api/v1/inspections?amount=200', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await res.json()) as { result: { id: string; status: string }[] };
    });
    const finished = list.result.find((r) => r.status === 'Finished')!;
    await page.goto(`${product.url}/Reports/${finished.id}/details`);
    const section = page.getByRole('region', { name: 'Shared links' });
    await section.getByText('No live shared links.').waitFor();
    await page.getByRole('button', { name: 'Get a shareable PDF link' }).click();
    const link = page.getByTestId('storage-url').getByRole('link');
    await link.waitFor({ timeout: 90_000 });
    const served = await page.request.get((await link.getAttribute('href'))!);
    expect(served.status()).toBe(200);
    await section.getByRole('listitem').first().waitFor();
    await expectTouchTargets({ Revoke: section.getByRole('button', { name: 'Revoke' }), 'Copy link': page.getByRole('button', { name: 'Copy link' }) });
    await viewShot(page, 'shared-links-inspection-report');
    await expectNoSeriousA11yViolations(page, 'report details with its shared links', { exclude: [FRAME] });
    await page.context().close();
  }, 180_000);
});
