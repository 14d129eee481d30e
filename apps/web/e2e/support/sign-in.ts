import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startProduct, type Product } from './product.js';
import { openBrowser } from './browser.js';
import { beginTest, releaseTestContexts } from './context-pool.js';
import { cloneDatabase } from '@insp/db/testing';
import { preparedDataDir, productDatabaseEnv } from './prepared-data.js';
// the API's own sign-in tests' browser without JavaScript (it imports nothing of the API)
import { TestBrowser } from '../../../../services/api/src/testing/test-browser.js';

/** A browser context with no cookies and no storage (kept between tests: context-pool.ts), at a desktop size. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** Staff tokens this file's sign-ins received, by product and e-mail: a later sign-in of the same person resumes. */
const signedIn = new Map<string, string>();
const TOKEN_KEY = 'token'; // apps/web/src/providers/token.ts

/**
 * Staff sign-in, like a person coming back in a new tab: the person's token is put where the app keeps it and the
 * page opens signed in. The token comes from the first sign-in of that person to the file's product, which goes
 * through the same addresses as the login screen's Continue (the API's login, the development identity provider's
 * form, the hand-over cookie) over plain HTTP (test-browser.ts): the login screen and the provider's page are the
 * same build in every file, and loading both in the browser cost each file's first sign-in of a person about a
 * CPU-second (issue 18's test time). `sign-in.e2e.test.ts` goes through the screens with `viaProvider` on every
 * sign-in (the login screen, Continue, the provider's page, Sign in), and so does any sign-in the HTTP one cannot
 * finish (an account the provider refuses shows its message on the screens, as before). A token revoked since (a
 * test logged out) lands on the login screen, and the person signs in again.
 */
export async function signInAsStaff(page: Page, baseUrl: string, email: string, startPath = '/', opts: { viaProvider?: boolean } = {}) {
  const key = `${baseUrl} ${email.toLowerCase()}`;
  if (!opts.viaProvider) {
    const saved = signedIn.get(key);
    if (saved && (await resumeSession(page, baseUrl, saved, email, startPath))) return;
    const token = await tokenThroughProvider(baseUrl, email);
    if (token) {
      signedIn.set(key, token);
      if (await resumeSession(page, baseUrl, token, email, startPath)) return;
    }
  }
  await page.goto(baseUrl + startPath);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dev-idp\//);
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/dev-idp') && !u.pathname.startsWith('/auth/'));
  await page.getByText(email).first().waitFor();
  const saved = await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY);
  if (saved) signedIn.set(key, saved);
}

/**
 * The login screen's Continue without the screens: the API's login address with the e-mail as login hint, the
 * provider's sign-in form submitted, and the token the API hands over in its short-lived cookie; undefined when the
 * provider or the API refuses the person, or the exchange fails in any other way (a page without its form, a
 * network error): the caller then signs in through the screens, which say what went wrong.
 */
export async function tokenThroughProvider(baseUrl: string, email: string): Promise<string | undefined> {
  try {
    const browser = new TestBrowser();
    const signInPage = await browser.visit(`${baseUrl}/api/v1/auth/login?${new URLSearchParams({ email, returnTo: '/' })}`, baseUrl);
    if (!signInPage.url.includes('/dev-idp/')) return undefined;
    const done = await browser.submit(signInPage, baseUrl, { email });
    return done.location?.startsWith(`${baseUrl}/auth/token`) ? browser.cookie('Token')?.value : undefined;
  } catch {
    return undefined;
  }
}

/** Opens `startPath` with a saved token; false when the app answered with its login screen instead. */
async function resumeSession(page: Page, baseUrl: string, token: string, email: string, startPath: string): Promise<boolean> {
  await page.goto(`${baseUrl}/ready`); // a small page of the product's origin, to write its storage
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [TOKEN_KEY, token]);
  await page.goto(baseUrl + startPath);
  const header = page.getByText(email).first();
  await header.or(page.getByRole('button', { name: 'Continue' })).first().waitFor();
  if (await header.isVisible()) return true;
  await page.evaluate((k) => localStorage.removeItem(k), TOKEN_KEY);
  return false;
}

/** Distributor sign-in with e-mail and password (the caller checks the outcome). */
export async function signInAsDistributor(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(baseUrl + '/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The product (built, demo seed) and a browser for one test file: started before its tests, stopped after them.
 * The callback receives both once they are up. The product runs on a copy of the run's prepared data folder and
 * database (a PostgreSQL copy of the prepared one, or PGlite in the folder with E2E_DATABASE=embedded), and the
 * browser is a connection to the run's Chromium (global-setup.ts); run without that set-up, both start fresh on PGlite.
 * `extraEnv` adds settings for this file's product (webhooks.e2e: WEBHOOK_ALLOW_PRIVATE for its local receiver).
 */
export function productAndBrowser(ready: (product: Product, browser: Browser) => void, extraEnv: Record<string, string> = {}) {
  let started: [Product, Browser] | undefined;
  let database: Awaited<ReturnType<typeof cloneDatabase>> | undefined;
  beforeAll(async () => {
    const prepared = inject('e2ePreparedDataDir');
    const copyOf = prepared ? await preparedDataDir(prepared) : undefined;
    const template = inject('e2ePreparedDatabase');
    database = template ? await cloneDatabase(template) : undefined;
    const env = { ...(database ? productDatabaseEnv(database.url) : {}), ...extraEnv };
    started = await Promise.all([startProduct({ copyOf, env }), openBrowser(inject('e2eBrowserEndpoint'))]);
    ready(...started);
  });
  beforeEach(() => {
    if (started) beginTest(started[1]);
  });
  afterEach(async ({ task }) => {
    if (started) await releaseTestContexts(started[1], task.result?.state === 'pass');
  });
  afterAll(async () => {
    // a later file's product may get the same port: its people sign in afresh
    if (started) for (const key of [...signedIn.keys()]) if (key.startsWith(`${started[0].url} `)) signedIn.delete(key);
    await started?.[1].close();
    await started?.[0].stop();
    if (started) rmSync(started[0].dataDir, { recursive: true, force: true });
    await database?.drop();
  });
}
