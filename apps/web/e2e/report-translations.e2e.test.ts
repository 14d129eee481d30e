import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * Issue 19 'A report in German is German': on the built product with the demo seed (German and Finnish for the
 * report texts), a Daily check for Jaw JC printed in German shows its categories, options, choices, range values and
 * type in German; the point editor's Localization tab and /CategoryTitles author them.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const FRAME = '[data-testid=report-frame]';
const frameText = (page: Page) => page.frameLocator(FRAME).locator('body').innerText();
const headings = (page: Page) => page.frameLocator(FRAME).locator('.category h3').allInnerTexts();
/** The PDFs are kept beside the screenshots for people to look at (test-results is ignored by git). */
const pdfDir = resolve(import.meta.dirname, '../../../test-results/report-pdfs');

async function staffSignIn(email: string, startPath: string, tablet = false): Promise<Page> {
  const page = tablet ? await newTabletPage(browser) : await newPage(browser);
  await signInAsStaff(page, product.url, email, startPath);
  return page;
}

/** GET …/reportpdf?lang= as the web app does: 202 means still rendering, ask again. */
async function reportPdf(page: Page, id: string, lang: string): Promise<Buffer> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${product.url}/api/v1/inspections/${id}/reportpdf?lang=${lang}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status === 200) return Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(202);
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`no PDF in ${lang}`);
}

describe('a report in German is German (issue 19)', () => {
  it('shows a finished Daily check in German: categories, options, choices, point names and type; Finnish likewise', async () => {
    const page = await staffSignIn('admin@company.example', '/Reports');
    await page.locator('table tbody tr').first().waitFor();
    await page.getByPlaceholder('Search name, serial, nickname, customer, site or inspector').fill('Daily check for Jaw JC');
    const row = page.locator('table tbody tr').filter({ hasText: 'Finished' }).filter({ hasText: 'Daily check for Jaw JC' }).first();
    await row.locator('td').first().click();
    await page.waitForURL(/\/Reports\/[0-9a-f-]{36}$/);
    const id = /\/Reports\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect.poll(() => frameText(page), { timeout: 20_000 }).toMatch(/Daily check for Jaw JC/);
    expect(await headings(page)).toEqual(expect.arrayContaining(['Safety', 'Feeder']));

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'German', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/lang=de/);
    await expect.poll(() => headings(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(['Sicherheit', 'Aufgeber']));
    const german = await headings(page);
    for (const english of ['General', 'Safety', 'Feeder', 'Crusher', 'Hydraulics', 'Engine']) expect(german).not.toContain(english);
    const text = await frameText(page);
    // type, option group (OK / Not OK, Condition), multiple choice and range value texts
    for (const word of ['Täglich', 'In Ordnung', 'Schutzvorrichtungen', 'Warnschilder', 'Feuerlöscher', 'Not-Aus-Taster', 'Jeden Not-Aus-Taster und jede Reißleine prüfen.']) {
      expect(text, word).toContain(word);
    }
    for (const english of ['Warning signs', 'Fire extinguisher', 'Emergency stop buttons', 'Test every emergency stop button', 'Not OK']) expect(text, english).not.toContain(english);
    await screenshot(page, 'report-view-german');
    await expectNoSeriousA11yViolations(page, 'German report view', { exclude: [FRAME] });

    await page.goto(`${product.url}/Reports/${id}?lang=fi`);
    await expect.poll(() => headings(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(['Turvallisuus', 'Syötin']));
    expect(await frameText(page)).toContain('Päivittäinen');

    // The PDFs of both, printed by the worker from the same renderer, kept for people to look at.
    mkdirSync(pdfDir, { recursive: true });
    for (const lang of ['de', 'fi']) {
      const pdf = await reportPdf(page, id, lang);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      writeFileSync(join(pdfDir, `daily-check-${lang}.pdf`), pdf);
    }
    await page.context().close();
  });

  it('is usable on a tablet: the German report view and its language choice', async () => {
    const page = await staffSignIn('admin@company.example', '/Reports', true);
    await page.locator('table tbody tr').first().waitFor();
    await page.locator('table tbody tr').filter({ hasText: 'Finished' }).first().locator('td').first().click();
    await page.waitForURL(/\/Reports\/[0-9a-f-]{36}$/);
    await page.goto(`${page.url()}?lang=de`);
    await expect.poll(() => frameText(page), { timeout: 20_000 }).toMatch(/\w/);
    await expectTouchTargets({ 'language choice': page.getByRole('combobox', { name: 'Language' }) });
    await expectNoSeriousA11yViolations(page, 'German report view on a tablet', { exclude: [FRAME] });
    await page.context().close();
  });
});

/** Opens a point of the library once the search has answered (the unfiltered list is replaced meanwhile). */
async function openPoint(page: Page, name: string) {
  await page.getByRole('option').first().waitFor();
  await page.getByLabel('Filter inspection points').fill(name);
  await expect.poll(() => page.getByRole('option').count()).toBe(1);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByText(/^Id: /).waitFor();
}

describe('authoring the report texts (issue 19)', () => {
  it("translates a point's option texts on its Localization tab, language by language", async () => {
    const page = await staffSignIn('admin@company.example', '/InspectionPoints', true);
    await openPoint(page, 'Jaw dies wear');
    await page.getByRole('tab', { name: 'Localization' }).click();
    await page.getByRole('heading', { name: 'Texts in the report' }).waitFor();
    // custom options with no translation yet; the shared group's would say so
    const finnish = page.getByRole('textbox', { name: 'Replace now (Finnish)' });
    expect(await finnish.inputValue()).toBe('Vaihdettava heti');
    await page.getByRole('combobox', { name: 'Translate into' }).click();
    await page.getByRole('option', { name: 'German', exact: true }).click();
    await page.getByRole('textbox', { name: 'Replace now (German)' }).fill('Sofort austauschen');
    await page.getByRole('button', { name: 'Save text translations' }).click();
    await page.getByText('Translations saved.').waitFor();
    await screenshot(page, 'inspection-points-localization-texts-820');
    await expectNoSeriousA11yViolations(page, 'Localization tab with the report texts');
    await expectTouchTargets({
      'language choice': page.getByRole('combobox', { name: 'Translate into' }),
      'save button': page.getByRole('button', { name: 'Save text translations' }),
    });
    await page.reload();
    await openPoint(page, 'Jaw dies wear');
    await page.getByRole('tab', { name: 'Localization' }).click();
    await page.getByRole('combobox', { name: 'Translate into' }).click();
    await page.getByRole('option', { name: 'German', exact: true }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Replace now (German)' }).inputValue()).toBe('Sofort austauschen');
    await page.context().close();
  });

  it('translates the reference category titles on /CategoryTitles', async () => {
    const page = await staffSignIn('admin@company.example', '/CategoryTitles', true);
    await page.getByRole('heading', { name: 'Category titles' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Feeder (Finnish)' }).inputValue()).toBe('Syötin');
    await page.getByRole('textbox', { name: 'Documentation (Finnish)' }).fill('Asiakirjat');
    await page.getByRole('button', { name: 'Save translations' }).click();
    await page.getByText('Translations saved.').waitFor();
    await screenshot(page, 'category-titles-820');
    await expectNoSeriousA11yViolations(page, 'category titles');
    await expectTouchTargets({
      'language choice': page.getByRole('combobox', { name: 'Translate into' }),
      'save button': page.getByRole('button', { name: 'Save translations' }),
    });
    await page.context().close();
  });
});
