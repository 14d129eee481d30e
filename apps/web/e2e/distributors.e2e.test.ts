import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitForMail, type Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { expectTouchTargets, newTabletPage, TABLET } from './support/tablet.js';
import { signInAsStaff, signInAsDistributor, newPage as openPage, productAndBrowser } from './support/sign-in.js';

/**
 * Distributors (002 §2): staff add a distributor with a new company, the distributor sets a password
 * from the e-mailed link and signs in; a distributor admin sees only their own company on the Users page.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const newPage = () => openPage(browser);

const staffSignIn = (page: Page, email: string, startPath = '/') => signInAsStaff(page, product.url, email, startPath);

const distributorSignIn = (page: Page, email: string, password: string) => signInAsDistributor(page, product.url, email, password);

/** Screenshots only: let a dialog finish fading in so the picture shows it as people see it. */
const settle = (page: Page) => page.waitForTimeout(400);

const NEW_EMAIL = 'fresh.distributor@andes.example';

describe('distributors', () => {
  it('staff add a distributor with a new company; the distributor sets a password from the e-mail and signs in', async () => {
    const page = await newPage();
    await staffSignIn(page, 'admin@company.example', '/ExternalUsers');
    await page.getByText('Dana Distributor').waitFor();
    await screenshot(page, 'distributors-list');
    await expectNoSeriousA11yViolations(page, 'distributors list');

    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname === '/ExternalUsers/create');
    await page.getByLabel('Name', { exact: true }).fill('Fiona Fresh');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText("must contain '@'").waitFor();
    await page.getByText('select at least one category (division)').waitFor();
    await screenshot(page, 'distributors-form-errors');
    await expectNoSeriousA11yViolations(page, 'new distributor form with errors');

    await page.getByLabel('E-mail').fill(NEW_EMAIL);
    await page.getByLabel('Company').click();
    await page.getByRole('option', { name: 'New company' }).click();
    await page.getByLabel('New company name').fill('Andes Mining Supply');
    await page.getByLabel('Crushers').check();
    await page.getByLabel('Distributor admin').check();
    await screenshot(page, 'distributors-form-filled');
    await expectNoSeriousA11yViolations(page, 'new distributor form, filled');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/ExternalUsers');

    await page.getByPlaceholder('Search').fill('andes');
    const row = page.getByRole('row', { name: /Fiona Fresh/ });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // header + the one match
    expect(await row.innerText()).toMatch(/Andes Mining Supply[\s\S]*Password not set/);
    await screenshot(page, 'distributors-search');

    // the delete confirmation, with the spec's text, cancelled
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete distributor Fiona Fresh?').waitFor();
    await settle(page);
    await screenshot(page, 'distributors-delete-confirm');
    await expectNoSeriousA11yViolations(page, 'delete distributor confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Delete distributor Fiona Fresh?').waitFor({ state: 'hidden' });

    const mail = await waitForMail(product.dataDir, NEW_EMAIL);
    const link = mail.match(/https?:\/\/\S+\/nosession\/SetPassword\?userId=[^\s"<&]+&(amp;)?token=[^\s"<]+/)![0].replace(/&amp;/g, '&');
    expect(link.startsWith(product.url)).toBe(true);

    const fresh = await newPage();
    await fresh.goto(link);
    await fresh.getByLabel('New password', { exact: true }).fill('Andes-pass-123');
    await fresh.getByLabel('New password again').fill('Andes-pass-123');
    await fresh.getByRole('button', { name: 'Set password' }).click();
    await fresh.getByText('Password changed successfully.').waitFor();

    const signIn = await newPage();
    await distributorSignIn(signIn, NEW_EMAIL, 'Andes-pass-123');
    await signIn.getByText(NEW_EMAIL).first().waitFor();
    // a distributor admin (the flag set above) gets the Users page, showing their own company only
    await signIn.locator('nav a', { hasText: 'Users' }).click();
    await signIn.getByRole('row', { name: /Fiona Fresh/ }).waitFor();
    expect(await signIn.getByRole('row').count()).toBe(2);
    expect(await signIn.getByText('Dana Distributor').count()).toBe(0);
    await screenshot(signIn, 'distributors-user-management');
    await expectNoSeriousA11yViolations(signIn, 'users (distributor admin)');
    for (const p of [page, fresh, signIn]) await p.context().close();
  });

  it('a distributor admin adds a user to their own company without company or admin fields, and activates an expired one', async () => {
    const page = await newPage();
    await distributorSignIn(page, 'dist.admin@distributor.example', 'Distributor-1');
    // (the password step of the login screen shows the e-mail too: wait for the signed-in navigation instead)
    await page.locator('nav a', { hasText: 'Users' }).click();
    const expired = page.getByRole('row', { name: /Erik Expired/ });
    await expired.waitFor();
    expect(await expired.innerText()).toContain('Expired');
    await expired.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Activate distributor Erik Expired?').waitFor();
    await settle(page);
    await screenshot(page, 'users-activate-confirm');
    await expectNoSeriousA11yViolations(page, 'activate distributor confirmation');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => expired.innerText()).toContain('Active');

    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL((u) => u.pathname === '/UserManagement/create');
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByLabel('Company').count()).toBe(0);
    expect(await page.getByLabel('Distributor admin').count()).toBe(0);
    await screenshot(page, 'users-form');
    await expectNoSeriousA11yViolations(page, 'new user form (distributor admin)');
    await page.getByLabel('Name', { exact: true }).fill('Nina Nordic');
    await page.getByLabel('E-mail').fill('dist.user@distributor.example');
    await page.getByLabel('Screens').check();
    await page.getByRole('button', { name: 'Save' }).click();
    // an e-mail in use: the server's answer shows under the field
    await page.locator('.MuiFormHelperText-root', { hasText: 'another user already has this e-mail address' }).waitFor();
    await screenshot(page, 'users-form-email-taken');
    await expectNoSeriousA11yViolations(page, 'user form with a server error');
    await page.getByLabel('E-mail').fill('nina@distributor.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/UserManagement');
    await waitForMail(product.dataDir, 'nina@distributor.example');

    // edit by row click
    await page.getByRole('row', { name: /Nina Nordic/ }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Nina Nordic');
    await page.getByLabel('Name', { exact: true }).fill('Nina Nordqvist');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/UserManagement');
    await page.getByRole('row', { name: /Nina Nordqvist/ }).waitFor();
    // nobody is offered deleting their own account
    expect(await page.getByRole('row', { name: /Dana Distributor/ }).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'users-list');
    await page.context().close();
  });

  it('fits the distributors list on a tablet held upright, with row buttons of at least 44 px', async () => {
    const page = await newTabletPage(browser);
    await staffSignIn(page, 'admin@company.example', '/ExternalUsers');
    await page.getByText('Dana Distributor').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    const rowButtons = page.locator('tbody').getByRole('button', { name: /^(Activate|Send password link|Delete)$/ });
    await expectTouchTargets({ 'row button': rowButtons });
    await screenshot(page, 'tablet-distributors-list');
    await expectNoSeriousA11yViolations(page, 'distributors list on a tablet');
    await page.context().close();
  });
});
