import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, signInAsStaff, productAndBrowser } from './support/sign-in.js';

/**
 * Issue 20: the reports list search ignores case and accents, on the built product with the demo seed (customers
 * 'Steinbruch Müller GmbH' and 'Áridos del Sur SL').
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const rows = (page: Page) => page.locator('table tbody tr');
const search = (page: Page) => page.getByPlaceholder('Search name, serial, nickname, customer, site or inspector');

describe('/Reports search', () => {
  it('finds the accented customer\'s reports from a word typed without accents, in any case', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/Reports');
    await rows(page).first().waitFor();

    await search(page).fill('muller');
    await expect.poll(async () => {
      const texts = await rows(page).allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.includes('Steinbruch Müller GmbH'));
    }).toBe(true);
    await screenshot(page, 'reports-search-unaccented');
    await expectNoSeriousA11yViolations(page, 'reports list searched without accents');

    await search(page).fill('ARIDOS');
    await expect.poll(async () => {
      const texts = await rows(page).allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.includes('Áridos del Sur SL'));
    }).toBe(true);
  });
});
