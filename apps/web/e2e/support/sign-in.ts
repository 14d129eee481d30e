import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startProduct, type Product } from './product.js';
import { openBrowser } from './browser.js';
import { preparedDataDir } from './prepared-data.js';

/** A fresh browser context (no cookies, no storage) at a desktop size. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/**
 * Staff sign-in as a person does it: the login screen, Continue, the development identity provider's page
 * (the e-mail arrives as login hint), Sign in, and back in the product with the e-mail in the header.
 */
export async function signInAsStaff(page: Page, baseUrl: string, email: string, startPath = '/') {
  await page.goto(baseUrl + startPath);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dev-idp\//);
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/dev-idp') && !u.pathname.startsWith('/auth/'));
  await page.getByText(email).first().waitFor();
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
 * The product (built, embedded default, demo seed) and a browser for one test file: started before its
 * tests, stopped after them. The callback receives both once they are up. The product runs on a copy of the
 * run's prepared data folder and the browser is a connection to the run's Chromium (global-setup.ts); run
 * without that set-up, both are started fresh.
 */
export function productAndBrowser(ready: (product: Product, browser: Browser) => void) {
  let started: [Product, Browser] | undefined;
  beforeAll(async () => {
    const prepared = inject('e2ePreparedDataDir');
    const copyOf = prepared ? await preparedDataDir(prepared) : undefined;
    started = await Promise.all([startProduct({ copyOf }), openBrowser(inject('e2eBrowserEndpoint'))]);
    ready(...started);
  });
  afterAll(async () => {
    await started?.[1].close();
    await started?.[0].stop();
    if (started) rmSync(started[0].dataDir, { recursive: true, force: true });
  });
}
