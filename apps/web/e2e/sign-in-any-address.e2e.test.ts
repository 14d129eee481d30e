import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from './support/product.js';
import { newPage, productAndBrowser } from './support/sign-in.js';
import { screenshot } from './support/browser.js';

let product: Product;
let browser: Browser;
productAndBrowser((p, b) => ([product, browser] = [p, b]));

describe('staff sign-in from another address than PUBLIC_URL', () => {
  it('opened at 127.0.0.1 while PUBLIC_URL says localhost, a staff user signs in and lands signed in', async () => {
    const other = product.url.replace('localhost', '127.0.0.1');
    expect(other).not.toBe(product.url);
    const page = await newPage(browser);
    await page.goto(`${other}/Customers`);
    await page.getByLabel('Email').fill('admin@company.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/dev-idp\//);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname.toLowerCase() === '/customers');
    await page.getByText('admin@company.example').first().waitFor();
    // The flow ran on PUBLIC_URL's origin from start to end, so the user is there now, signed in.
    expect(new URL(page.url()).origin).toBe(product.url);
    await screenshot(page, 'sign-in-any-address-landed');
    await page.context().close();
  });

  it('a callback this tab did not start names the address to open', async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/auth/callback?code=x&state=y`);
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe(`Sign-in could not be completed in this browser tab: open the product at ${product.url} and try again`);
    await screenshot(page, 'sign-in-flow-missing');
    await page.context().close();
  });
});
