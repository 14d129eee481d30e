import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { apiAs } from './support/editing.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /Translations (002 §2, issue 21) on the built product with the demo seed, on the 820 px tablet: Ada Admin opens
 * it from the top navigation, downloads the Surface drills descriptions through the link (a new tab), fills two
 * cells and imports the workbook back. Surface drills' two points are used by no other browser test.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

interface Point {
  descriptionTranslations: { name: string; value: string }[];
}

describe('/Translations', () => {
  it('downloads a workbook through its link (new tab) and imports it back with two edited cells', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Translations' }).click();
    await page.waitForURL((u) => u.pathname === '/Translations');
    await page.getByRole('checkbox', { name: 'Surface drills' }).check();
    await page.getByRole('radio', { name: 'Point descriptions' }).check();
    await page.getByRole('button', { name: 'Prepare workbook' }).click();
    const link = page.getByTestId('workbook-link');
    await link.waitFor();
    await screenshot(page, 'translations-link');
    await expectNoSeriousA11yViolations(page, 'translations with a workbook link');
    await expectTouchTargets({
      'top navigation link': page.locator('nav[aria-label="Main"] a'),
      'category checkbox': page.getByRole('checkbox'),
      'type radio': page.getByRole('radio'),
      'Prepare workbook': page.getByRole('button', { name: 'Prepare workbook' }),
      'workbook link': link,
      'Choose file': page.getByRole('button', { name: 'Choose file' }),
      Import: page.getByRole('button', { name: 'Import' }),
    });

    // The link opens in a new tab (target=_blank) and needs no bearer token: the signed link alone downloads the file.
    // (Playwright reports downloads started in a new tab unreliably, so the file is fetched from the same link.)
    expect(await link.getAttribute('target')).toBe('_blank');
    const res = await fetch(String(await link.getAttribute('href')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Translations_Description_Surface-drills.xlsx');
    const file = join(mkdtempSync(join(tmpdir(), 'insp-e2e-translations-')), 'downloaded.xlsx');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('Translations')!;
    const headings = (ws.getRow(1).values as string[]).slice(1);
    expect(headings.slice(0, 4)).toEqual(['Point id', 'Category', 'English', 'Finnish (fi)']);
    expect(ws.rowCount).toBe(3);
    const ids = [String(ws.getCell('A2').value), String(ws.getCell('A3').value)];
    ws.getCell('D2').value = 'Tarkista puomin letkut (e2e)';
    ws.getCell('E3').value = 'Kontrollera slagtrycket (e2e)';
    const edited = join(mkdtempSync(join(tmpdir(), 'insp-e2e-translations-')), 'edited.xlsx');
    await wb.xlsx.writeFile(edited);

    await page.getByTestId('translations-file').setInputFiles(edited);
    await page.getByRole('button', { name: 'Import' }).click();
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toBe('Point descriptions: 2 rows updated (2 translations), 0 unchanged, 0 refused.');
    await screenshot(page, 'translations-imported');
    await expectNoSeriousA11yViolations(page, 'translations import report');
    const first = await apiAs<Point>(product.url, page, `/api/v1/inspectionPoints/${ids[0]}?fromWebApp=true`);
    expect(first.descriptionTranslations.find((t) => t.name === 'fi')?.value).toBe('Tarkista puomin letkut (e2e)');
    const second = await apiAs<Point>(product.url, page, `/api/v1/inspectionPoints/${ids[1]}?fromWebApp=true`);
    expect(second.descriptionTranslations.find((t) => t.name === 'sv')?.value).toBe('Kontrollera slagtrycket (e2e)');

    // The same file again: both rows changed since that export, so both are refused and nothing is written.
    await page.getByTestId('translations-file').setInputFiles(edited);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('table', { name: 'Import report' }).getByText('Refused').first().waitFor();
    expect(await summary.textContent()).toBe('Point descriptions: 0 rows updated (0 translations), 0 unchanged, 2 refused.');
    await screenshot(page, 'translations-refused');
    await page.context().close();
  });
});
