import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD_HINT, PASSWORD_RULE } from '@insp/contracts';
import { waitForMail, type Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';
import { signInAsStaff, signInAsDistributor, newPage as openPage, productAndBrowser } from './support/sign-in.js';

/**
 * Browser flows on the product as `npm start` runs it: the built server on the embedded default
 * (PGlite, in-process jobs, development identity provider, mail written to DATA_DIR/mail).
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const newPage = () => openPage(browser);

// every sign-in here goes through the provider: the flow is what this file tests
const staffSignIn = (page: Page, email: string, startPath = '/') => signInAsStaff(page, product.url, email, startPath, { viaProvider: true });

const distributorSignIn = (page: Page, email: string, password: string) => signInAsDistributor(page, product.url, email, password);

const navLabels = async (page: Page) => {
  await page.locator('nav').first().waitFor();
  return (await page.locator('nav a').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
};

describe('staff sign-in through the development identity provider', () => {
  it('goes from the login screen through the provider and back to the page that was asked for', async () => {
    const page = await newPage();
    await page.goto(product.url + '/Reports');
    await page.getByLabel('Email').waitFor();
    await screenshot(page, 'login-email');
    await expectNoSeriousA11yViolations(page, 'login, e-mail step');
    await staffSignIn(page, 'admin@company.example', '/Reports');
    expect(new URL(page.url()).pathname).toBe('/Reports');
    await expect.poll(() => page.locator('nav a', { hasText: 'Reports' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'shell-admin');
    await page.context().close();
  });
});

describe('navigation per role', () => {
  it('shows an admin with the Developer and CertificationManager flags the developer and certification items', async () => {
    const page = await newPage();
    await staffSignIn(page, 'admin@company.example');
    expect(await navLabels(page)).toEqual([
      'My page', 'Reports', 'Due', 'Actions', 'Audits', 'Inspection points', 'Inspection protocols', 'Documents', 'Customers',
      'Equipment', 'Distributors', 'Usage dashboard', 'Web logs', 'Tags', 'Certifications',
      // issue 21: the screens that could only be typed before
      'App logs', 'Background services', 'Debug token', 'Translations', 'Webhooks',
    ]);
    await page.getByTestId('welcome').waitFor();
    await screenshot(page, 'my-page-admin');
    await expectNoSeriousA11yViolations(page, 'My page and the top navigation (admin)');
    await page.context().close();
  });

  it('shows a manager the management items but not authoring, developer or certification items', async () => {
    const page = await newPage();
    await staffSignIn(page, 'manager@company.example');
    expect(await navLabels(page)).toEqual(['My page', 'Reports', 'Due', 'Actions', 'Audits', 'Documents', 'Customers', 'Equipment', 'Distributors', 'Background services', 'Debug token']);
    await page.context().close();
  });

  it('shows an inspector only their working items', async () => {
    const page = await newPage();
    await staffSignIn(page, 'inspector@company.example');
    expect(await navLabels(page)).toEqual(['My page', 'Reports', 'Due', 'Actions', 'Audits']);
    await page.context().close();
  });

  it('shows a distributor admin the Users page and authoring, and no audits', async () => {
    const page = await newPage();
    await distributorSignIn(page, 'dist.admin@distributor.example', 'Distributor-1');
    await page.getByText('dist.admin@distributor.example').first().waitFor();
    expect(await navLabels(page)).toEqual(['My page', 'Reports', 'Due', 'Actions', 'Inspection points', 'Inspection protocols', 'Users']);
    await screenshot(page, 'shell-distributor-admin');
    await expectNoSeriousA11yViolations(page, 'My page and the top navigation (distributor admin)');
    await page.context().close();
  });
});

describe('permission screen', () => {
  it('tells an inspector who opens an admin page that the permissions are not enough', async () => {
    const page = await newPage();
    await staffSignIn(page, 'inspector@company.example');
    await page.goto(product.url + '/Documents');
    await page.getByText('Your permissions are not enough for seeing this page.').waitFor();
    await screenshot(page, 'permission-screen');
    await expectNoSeriousA11yViolations(page, 'permission screen');
    await page.context().close();
  });
});

describe('distributor sign-in with password', () => {
  it('refuses a wrong password with a visible error and signs in with the right one', async () => {
    const page = await newPage();
    await distributorSignIn(page, 'dist.user@distributor.example', 'Wrong-password-1');
    await page.getByText('Wrong e-mail or password').waitFor();
    await screenshot(page, 'login-password-error');
    await expectNoSeriousA11yViolations(page, 'login, password step with the wrong-password error');
    await page.getByLabel('Password', { exact: true }).fill('Distributor-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('dist.user@distributor.example').first().waitFor();
    expect(await navLabels(page)).toEqual(['My page', 'Reports', 'Due', 'Actions']);
    await page.context().close();
  });
});

describe('log out', () => {
  it('revokes the token and returns a staff user to the login screen through the provider', async () => {
    const page = await newPage();
    await staffSignIn(page, 'manager@company.example');
    const token = await page.evaluate(() => Object.values(localStorage).find((v) => v.split('.').length === 3));
    expect(token).toBeTruthy();
    const before = await fetch(`${product.url}/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(before.status).toBe(200);
    // Record what the tab goes through: the steps are quick (300 ms), so watch rather than poll.
    const visited: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && visited.push(new URL(f.url()).pathname));
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.body.innerText.includes('Logging out...')) sessionStorage.setItem('saw-logging-out', '1');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByLabel('Email').waitFor({ timeout: 20_000 }).catch(async (e) => {
      await screenshot(page, 'logout-stuck');
      throw new Error(`log out did not reach the login screen: at ${page.url()} after ${visited.join(' → ')}`, { cause: e });
    });
    expect(new URL(page.url()).origin).toBe(product.url);
    expect(await page.evaluate(() => sessionStorage.getItem('saw-logging-out'))).toBe('1');
    expect(visited).toContain('/auth/logout');
    expect(visited.some((p) => p.startsWith('/dev-idp/'))).toBe(true); // the identity provider's logout
    const after = await fetch(`${product.url}/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    // back at the protected page, the login screen shows again
    await page.goto(product.url + '/Reports');
    await page.getByLabel('Email').waitFor();
    await page.context().close();
  });
});

describe('set password through the link in the written e-mail', () => {
  it('sends a reset link, sets a new password on the public screen and signs in with it', async () => {
    const email = 'dist.user@distributor.example';
    const page = await newPage();
    await page.goto(product.url + '/');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'login, password step');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByText(`Send a password reset link to ${email}?`).waitFor();
    await expectNoSeriousA11yViolations(page, 'login, forgot-password dialog');
    await page.getByRole('button', { name: 'Send link' }).click();
    const mail = await waitForMail(product.dataDir, email);
    const link = mail.match(/https?:\/\/\S+\/nosession\/SetPassword\?userId=[^\s"<&]+&(amp;)?token=[^\s"<]+/)![0].replace(/&amp;/g, '&');
    expect(link.startsWith(product.url)).toBe(true);

    // the hint's own example is the new password: what the hint allows, the server accepts (issue 20)
    const fresh = await newPage();
    await fresh.goto(link);
    await fresh.getByText(PASSWORD_HINT).waitFor();
    await fresh.getByLabel('New password', { exact: true }).fill(PASSWORD_RULE.example);
    await fresh.getByLabel('New password again').fill(PASSWORD_RULE.example);
    await screenshot(fresh, 'set-password');
    await expectNoSeriousA11yViolations(fresh, 'set password form');
    await fresh.getByRole('button', { name: 'Set password' }).click();
    await fresh.getByText('Password changed successfully.').waitFor();
    await expectNoSeriousA11yViolations(fresh, 'set password, done');

    // the link works once
    const reuse = await newPage();
    await reuse.goto(link);
    await reuse.getByLabel('New password', { exact: true }).fill('Another-pass12');
    await reuse.getByLabel('New password again').fill('Another-pass12');
    await reuse.getByRole('button', { name: 'Set password' }).click();
    await reuse.getByText('Password change failed!').waitFor();
    await screenshot(reuse, 'set-password-failed');
    await expectNoSeriousA11yViolations(reuse, 'set password, failed');

    const signIn = await newPage();
    await distributorSignIn(signIn, email, PASSWORD_RULE.example);
    await signIn.getByText(email).first().waitFor();
    for (const p of [page, fresh, reuse, signIn]) await p.context().close();
  });
});

describe('on a tablet', () => {
  it('gives the sign-in buttons, the top navigation and Log out touch targets of at least 44 px', async () => {
    const page = await newTabletPage(browser);
    await page.goto(product.url + '/');
    await expectTouchTargets({ 'Continue': page.getByRole('button', { name: 'Continue' }) });
    await page.getByLabel('Email').fill('dist.admin@distributor.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectTouchTargets({
      'Back': page.getByRole('button', { name: 'Back' }),
      'Show password': page.getByRole('button', { name: 'Show password' }),
      'Forgot password?': page.getByRole('button', { name: 'Forgot password?' }),
      'Sign in': page.getByRole('button', { name: 'Sign in' }),
    });
    await screenshot(page, 'tablet-login-password');
    await expectNoSeriousA11yViolations(page, 'login, password step on a tablet');
    await page.getByLabel('Password', { exact: true }).fill('Distributor-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('welcome').waitFor();
    await expectTouchTargets({ 'top navigation link': page.locator('nav a'), 'Log out': page.getByRole('link', { name: 'Log out' }) });
    await screenshot(page, 'tablet-my-page');
    await expectNoSeriousA11yViolations(page, 'My page on a tablet');
    await page.context().close();
  });

  it('shows the set-password hint in full and gives Set password a touch target of at least 44 px', async () => {
    const page = await newTabletPage(browser);
    await page.goto(`${product.url}/nosession/SetPassword?userId=${crypto.randomUUID()}&token=t`);
    await page.getByText(PASSWORD_HINT).waitFor();
    await expectTouchTargets({ 'Set password': page.getByRole('button', { name: 'Set password' }) });
    await screenshot(page, 'tablet-set-password');
    await expectNoSeriousA11yViolations(page, 'set password on a tablet');
    await page.context().close();
  });
});
