import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { apiAs, downloadedFile } from './support/editing.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /Documents (002 §2, issue 21) on the built product with the demo seed: Max Manager adds a category, uploads two
 * files where one name is already in the library (skipped), adds a version, links a document to an inspection point,
 * downloads it and deletes another. At 820 px the controls are 44 px touch targets.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const MANAGER = 'manager@company.example';
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);
const CATEGORY = 'E2E manuals';

async function firstPoint(page: Page): Promise<{ id: string; name: string }> {
  const input = encodeURIComponent(JSON.stringify({ offset: 0, amount: 1 }));
  const res = await apiAs<{ result: { data: { result: { id: string; name: string }[] } } }>(product.url, page, `/trpc/documents.pointChoices?input=${input}`);
  const point = res.result.data.result[0];
  if (!point) throw new Error('the seed has no inspection point');
  return point;
}

describe('/Documents', () => {
  it('uploads, skips a duplicate name, adds a version, links a point, downloads and deletes', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
    await signInAsStaff(page, product.url, MANAGER, '/Documents');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();

    // add category: the new one is selected
    await page.getByRole('button', { name: 'Add category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add category' });
    await dialog.getByLabel('Name').fill(CATEGORY);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: `${CATEGORY} (0)` }).waitFor();
    const docs = page.getByRole('list', { name: 'Documents' });

    // two files, then two more where one name is already listed: that one is skipped, nothing sent for it
    await page.getByTestId('document-files').setInputFiles([
      { name: 'e2e-manual.pdf', mimeType: 'application/pdf', buffer: pdf('manual v1') },
      { name: 'e2e-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
    ]);
    await page.getByText('Successfully uploaded e2e-manual.pdf').waitFor();
    await page.getByText('Successfully uploaded e2e-notes.txt').waitFor();
    await docs.getByRole('button', { name: /e2e-notes\.txt/ }).waitFor();
    await page.getByTestId('document-files').setInputFiles([
      { name: 'E2E-MANUAL.pdf', mimeType: 'application/pdf', buffer: pdf('again') },
      { name: 'e2e-parts.csv', mimeType: 'text/csv', buffer: Buffer.from('part,qty\nbolt,4\n') },
    ]);
    await page.getByText('Successfully uploaded e2e-parts.csv').waitFor();
    await page.getByText('Skipped: a document named E2E-MANUAL.pdf already exists').waitFor();
    await page.getByRole('button', { name: `${CATEGORY} (3)` }).waitFor();
    expect(await docs.getByRole('button').count()).toBe(3);
    await screenshot(page, 'documents-uploaded');
    await expectNoSeriousA11yViolations(page, 'documents after upload');

    // details: size in KB to 2 decimals, a new version
    await docs.getByRole('button', { name: /e2e-manual\.pdf/ }).click();
    const details = page.getByRole('region', { name: 'Document details' });
    await details.getByRole('heading', { name: 'e2e-manual.pdf' }).waitFor();
    await details.getByText(`${(pdf('manual v1').length / 1024).toFixed(2)} KB`).waitFor();
    expect(await details.getByTestId('document-version').textContent()).toBe('1');
    await details.getByTestId('version-file').setInputFiles({ name: 'e2e-manual-v2.pdf', mimeType: 'application/pdf', buffer: pdf('manual version two') });
    await details.getByText('Successfully uploaded e2e-manual-v2.pdf').waitFor();
    await expect.poll(() => details.getByTestId('document-version').textContent()).toBe('2');

    // metadata: link an inspection point; the point's documents then include it
    const point = await firstPoint(page);
    const points = details.getByRole('combobox', { name: 'Inspection points' });
    await points.fill(point.name.slice(0, 20));
    await page.getByRole('option', { name: point.name }).first().click();
    const save = details.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await details.getByRole('status').getByText('Saved').waitFor();
    expect(await save.isDisabled()).toBe(true);
    const linked = await apiAs<{ id: string; name: string }[]>(product.url, page, `/api/v1/documentlibrary/documents/inspectionPoint/${point.id}`);
    expect(linked.map((d) => d.name)).toContain('e2e-manual.pdf');
    await screenshot(page, 'documents-details');

    // download: the current version's bytes
    const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download', exact: true }).click()]);
    expect(readFileSync(await downloadedFile(download), 'utf8')).toContain('manual version two');
    // and the first version's, still kept
    const [first] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download version 1' }).click()]);
    const firstBytes = readFileSync(await downloadedFile(first), 'utf8');
    expect(firstBytes).toContain('manual v1');
    expect(firstBytes).not.toContain('manual version two');

    // delete with confirmation
    await docs.getByRole('button', { name: /e2e-notes\.txt/ }).click();
    await details.getByRole('heading', { name: 'e2e-notes.txt' }).waitFor();
    await details.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete document e2e-notes.txt?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Successfully deleted!').waitFor();
    await page.getByRole('button', { name: `${CATEGORY} (2)` }).waitFor();
    expect(await docs.getByRole('button', { name: /e2e-notes\.txt/ }).count()).toBe(0);

    // a package of the two documents: 'N files, type'
    await page.getByRole('button', { name: 'New package' }).click();
    const pkg = page.getByRole('dialog', { name: 'New document package' });
    await pkg.getByLabel('Name').fill('E2E package');
    const pick = pkg.getByRole('combobox', { name: 'Documents' });
    for (const name of ['e2e-manual.pdf', 'e2e-parts.csv']) {
      await pick.fill(name);
      await page.getByRole('option', { name }).click();
    }
    await pkg.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Document packages' }).getByText('2 files, Manual synching').waitFor();
    await screenshot(page, 'documents-package');
    // opened again, the package reads its documents
    await page.getByRole('list', { name: 'Document packages' }).getByRole('button', { name: /E2E package/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit package E2E package' });
    await edit.getByRole('button', { name: 'e2e-parts.csv' }).or(edit.getByText('e2e-parts.csv')).first().waitFor();
    await edit.getByText('e2e-manual.pdf').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.context().close();

    // the point side (point authoring is Admin): the point lists the linked document, the picker offers the library's
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsStaff(admin, product.url, 'admin@company.example', '/InspectionPoints');
    await admin.getByLabel('Filter inspection points').fill(point.name);
    await admin.getByRole('option', { name: new RegExp(point.name) }).first().click();
    const attached = admin.getByRole('group', { name: 'Attached documents' });
    await attached.getByText(/e2e-manual\.pdf/).waitFor();
    await attached.getByRole('button', { name: 'Choose documents' }).click();
    const picker = admin.getByRole('dialog', { name: 'Attach documents' });
    await picker.getByText(`${CATEGORY} (2)`).waitFor();
    await picker.getByRole('checkbox', { name: /e2e-parts\.csv/ }).waitFor();
    await screenshot(admin, 'documents-point-picker');
    await admin.context().close();
  });

  it('fits an 820 px touch tablet with 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, MANAGER, '/Documents');
    await page.getByRole('button', { name: new RegExp(`^${CATEGORY}`) }).click();
    const docs = page.getByRole('list', { name: 'Documents' }).getByRole('button');
    await docs.first().click();
    await page.getByRole('region', { name: 'Document details' }).getByRole('heading', { level: 2 }).waitFor();
    await expectTouchTargets({
      'Add category': page.getByRole('button', { name: 'Add category' }),
      'category in the tree': page.getByRole('list', { name: 'Document categories' }).getByRole('button'),
      'Upload documents': page.getByRole('button', { name: 'Upload documents' }),
      'document in the list': docs,
      Download: page.getByRole('button', { name: 'Download' }),
      'Upload a new version': page.getByRole('button', { name: 'Upload a new version' }),
      Delete: page.getByRole('button', { name: 'Delete' }),
      Save: page.getByRole('button', { name: 'Save', exact: true }),
      'New package': page.getByRole('button', { name: 'New package' }),
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshot(page, 'documents-820');
    await expectNoSeriousA11yViolations(page, 'documents at 820 px');
    await page.context().close();
  });
});
