// Screenshots of the web app's screens for a visual check, plus the network requests of the login page.
// Needs the product running with its demo data, e.g.
//   (cd apps/web && npx vite build) && PORT=3100 DATA_DIR=/tmp/web-shots npx tsx services/api/src/server.ts
//   BASE_URL=http://localhost:3100 node apps/web/scripts/screenshots.mjs [outDir]
// Screenshots go to outDir (default /tmp/web-screens), never into the repository.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BASE = process.env.BASE_URL ?? 'http://localhost:3100';
const OUT = process.argv[2] ?? '/tmp/web-screens';
const DIST_ADMIN = { email: 'dist.admin@distributor.example', password: 'Distributor-1' };
mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const shot = async (page, name) => {
  await page.waitForTimeout(250); // let transitions finish
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
  console.log(`  ${name}.png  ${new URL(page.url()).pathname}${new URL(page.url()).search}`);
};

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('  page error:', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('  console error:', m.text()));
  // /auth/token and /auth/logout are pages of the web app; if the server does not serve them (404), serve index.html.
  await page.route(/\/auth\/(token|logout)(\?|$)/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    if (response.status() !== 404) return route.fulfill({ response });
    console.log(`  note: the server answered 404 for ${new URL(route.request().url()).pathname}; served index.html instead`);
    const index = await (await fetch(`${BASE}/index.html`)).text();
    return route.fulfill({ status: 200, contentType: 'text/html', body: index });
  });
  return { context, page };
}

async function signInDistributor(page, { email, password }) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-email').waitFor();
}

async function signInStaff(page, email, returnTo = '/') {
  await page.goto(`${BASE}/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dev-idp\//);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/auth\/token/);
  // A redirect is not routed through page.route: if the server answered 404, load the page again (routed).
  if ((await page.content()).includes('NOT_FOUND')) {
    console.log('  note: the server answered 404 for /auth/token after the identity provider; reloading it as the web page');
    await page.reload();
  }
  await page.getByTestId('user-email').waitFor({ timeout: 15_000 });
}

// 1. Login page: what the browser downloads (must not include react-admin) and both steps.
{
  const { context, page } = await newPage();
  const scripts = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return;
    const body = await r.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(r.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').waitFor();
  await page.waitForLoadState('networkidle');
  const total = scripts.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
  console.log(`login page scripts: ${scripts.length} files, ${(total.raw / 1024).toFixed(1)} kB (gzip ${(total.gzip / 1024).toFixed(1)} kB)`);
  for (const s of scripts) console.log(`  ${s.url.padEnd(48)} ${(s.raw / 1024).toFixed(1).padStart(7)} kB`);
  console.log(`  react-admin chunk requested: ${scripts.some((s) => /AdminApp/.test(s.url)) ? 'YES (wrong)' : 'no'}`);

  await shot(page, '01-login-email');
  await page.getByRole('button', { name: 'Continue' }).click();
  await shot(page, '02-login-email-empty');
  await page.getByLabel('Email').fill(DIST_ADMIN.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).waitFor();
  await shot(page, '03-login-password');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('login-error').waitFor();
  await shot(page, '04-login-wrong-password');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByTestId('forgot-confirm').waitFor();
  await shot(page, '05-login-forgot-confirm');
  await page.getByRole('button', { name: 'Send link' }).click();
  await page.getByTestId('login-notice').waitFor();
  await shot(page, '06-login-forgot-sent');
  await context.close();
}

// 2. Distributor admin: shell, Users in the navigation, no Audits; the permission screen on /Audits; log out.
{
  const { context, page } = await newPage();
  await page.goto(`${BASE}/UserManagement`);
  await page.waitForURL(/\/login\?returnTo=/);
  console.log(`without a token /UserManagement → ${new URL(page.url()).pathname}${new URL(page.url()).search}`);
  await signInDistributor(page, DIST_ADMIN);
  await page.goto(`${BASE}/`);
  await page.getByTestId('welcome').waitFor();
  await shot(page, '10-shell-distributor-admin');
  await page.goto(`${BASE}/Audits`);
  await page.getByTestId('not-allowed').waitFor();
  await shot(page, '11-not-allowed');
  await page.getByRole('link', { name: 'Log out' }).click();
  // shown for the revoke call plus 300 ms: catch it if we can
  if (await page.getByText('Logging out...').waitFor({ timeout: 2000 }).then(() => true, () => false)) {
    await page.screenshot({ path: join(OUT, '12-logging-out.png') });
  }
  await page.waitForURL(/\/login/, { timeout: 10_000 });
  console.log(`after log out: ${new URL(page.url()).pathname}, token: ${await page.evaluate(() => localStorage.getItem('token'))}`);
  await context.close();
}

// 3. Staff admin (Developer flag) through the development identity provider: full navigation, placeholders, 404.
{
  const { context, page } = await newPage();
  try {
    await signInStaff(page, 'admin@company.example', '/tags');
    await shot(page, '20-shell-admin-tags');
    await page.goto(`${BASE}/`);
    await page.getByTestId('welcome').waitFor();
    await shot(page, '21-shell-admin-my-page');
    await page.goto(`${BASE}/Customers/123`);
    await page.getByTestId('placeholder').waitFor();
    await shot(page, '22-shell-admin-customer');
    await page.goto(`${BASE}/no-such-page`);
    await page.getByTestId('not-found').waitFor();
    await shot(page, '23-not-found');
    await page.goto(`${BASE}/Tags`);
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    console.log(`  /Tags (capital T) shows the Tags screen, nav item active: ${await page.getByRole('navigation').getByRole('link', { name: 'Tags' }).getAttribute('aria-current')}`);

    // Level 0: a Developer's debug token with no groups. Navigation hidden, My page refused.
    const adminToken = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${BASE}/auth/debugtoken?groups=`, { headers: { authorization: `Bearer ${adminToken}` } });
    const { accessToken } = await res.json();
    await page.evaluate((t) => localStorage.setItem('token', t), accessToken);
    // hold the session answer back a moment to see 'Authorizing.....'
    await page.route(/\/trpc\/[^?]*auth\.session/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.goto(`${BASE}/`);
    await page.getByText('Authorizing.....').waitFor();
    await shot(page, '24-authorizing');
    await page.getByTestId('not-allowed').waitFor();
    console.log(`  level 0: navigation present: ${await page.getByRole('navigation').count()}`);
    await shot(page, '25-level-0');
  } catch (e) {
    console.log('  staff sign-in failed:', e.message);
    await shot(page, '29-staff-failure');
  }
  await context.close();
}

// 4. Set-password and forgot-password screens (public).
{
  const { context, page } = await newPage();
  await page.goto(`${BASE}/nosession/SetPassword?userId=00000000-0000-4000-8000-000000000000&token=not-a-real-token`);
  await page.getByLabel('New password', { exact: true }).waitFor();
  await shot(page, '30-set-password');
  await page.getByLabel('New password', { exact: true }).fill('short1');
  await page.getByLabel('New password again').fill('short2');
  await page.getByRole('button', { name: 'Set password' }).click();
  await shot(page, '31-set-password-problems');
  await page.getByLabel('New password', { exact: true }).fill('Longenough1');
  await page.getByLabel('New password again').fill('Longenough1');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByTestId('set-password-outcome').waitFor();
  await shot(page, '32-set-password-failed');
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  await page.getByText('E-mail sent').waitFor();
  await shot(page, '33-set-password-email-sent');
  await page.goto(`${BASE}/nosession/ForgotPassword`);
  await page.getByLabel('Email').waitFor();
  await shot(page, '34-forgot-password');
  await context.close();
}

await browser.close();
