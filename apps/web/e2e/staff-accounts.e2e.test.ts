import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { expectTouchTargets, newTabletPage, TABLET } from './support/tablet.js';
import { signInAsStaff, newPage, productAndBrowser } from './support/sign-in.js';

/**
 * /StaffAccounts (issue 6) on the built product with the demo seed: Ada Admin (admin group; Developer and
 * CertificationManager) gives Ilkka Inspector (inspection group; Rater) a flag, which survives a reload.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

describe('/StaffAccounts', () => {
  it('an admin reaches it from Distributors, searches, ticks a flag of another user and finds it stored after a reload', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/ExternalUsers');
    await page.getByRole('row', { name: /Dana Distributor/ }).waitFor();
    await screenshot(page, 'staff-accounts-link-on-distributors');
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    await page.waitForURL((u) => u.pathname === '/StaffAccounts');
    const rows = page.locator('tbody tr');
    await page.getByRole('row', { name: /Max Manager/ }).waitFor();
    // staff only: the seeded distributors never show
    expect(await page.getByText('Dana Distributor').count()).toBe(0);
    // the signed-in user's own flags are shown, not editable
    const own = page.getByRole('checkbox', { name: 'Developer: Ada Admin' });
    expect(await own.isChecked()).toBe(true);
    expect(await own.isDisabled()).toBe(true);

    await page.getByPlaceholder('Search name or e-mail').fill('inspector@');
    const row = page.getByRole('row', { name: /Ilkka Inspector/ });
    await row.waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await row.innerText()).toMatch(/inspector@company\.example\s+User\s+Never/);
    const cert = page.getByRole('checkbox', { name: 'Certification manager: Ilkka Inspector' });
    expect(await cert.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Rater: Ilkka Inspector' }).isChecked()).toBe(true);

    // the box shows what the server stored: it turns ticked once the save is done
    await cert.click();
    await page.getByText('Account flags of Ilkka Inspector saved.').waitFor();
    await expect.poll(() => cert.isChecked()).toBe(true);
    await expect.poll(() => cert.isEnabled()).toBe(true);
    await screenshot(page, 'staff-accounts-flag-saved');

    await page.reload();
    const reloaded = page.getByRole('checkbox', { name: 'Certification manager: Ilkka Inspector' });
    await reloaded.waitFor();
    expect(await reloaded.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Rater: Ilkka Inspector' }).isChecked()).toBe(true);

    await page.getByPlaceholder('Search name or e-mail').fill('');
    await page.getByRole('row', { name: /Max Manager/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'staff accounts list');
    await screenshot(page, 'staff-accounts-list');
    await page.context().close();
  });

  it('fits a tablet held upright, with flag boxes large enough to touch', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/StaffAccounts');
    await page.getByRole('row', { name: /Max Manager/ }).waitFor();
    // the seven columns fit 820 px: nothing scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    await expectTouchTargets({ 'flag checkbox': page.getByRole('checkbox') });
    await screenshot(page, 'staff-accounts-list-820');
    await page.context().close();
  });

  it('a manager is not offered the link and is refused the page', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, 'manager@company.example', '/ExternalUsers');
    await page.getByRole('link', { name: 'Add' }).waitFor();
    expect(await page.getByRole('link', { name: 'Staff accounts' }).count()).toBe(0);
    await page.goto(product.url + '/StaffAccounts');
    await page.getByText('Your permissions are not enough for seeing this page.').waitFor();
    await page.context().close();
  });
});
