import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TV1Audit as TAudit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot, serviceWorkerInControl, viewScreenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { apiAs, myOpenAudit } from './support/editing.js';
import { expectTouchTargets, TABLET } from './support/tablet.js';

/**
 * 'Make available offline' (issue 23) on a tablet: the audit is stored on the device, the network goes, the page
 * is reloaded and the editor opens from the device; an answer made then reaches the server once the network is
 * back, exactly once; each run's previous values come from the device too; 'On this device' lists the audit with its
 * size and removes it.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const INSPECTOR = 'inspector@company.example';
const point = (scope: Locator, name: string) => scope.getByRole('region', { name, exact: true });

async function storedResult(page: Page, auditId: string, runType: string, pointName: string) {
  const audit = await apiAs<TAudit>(product.url, page, `/api/v1/audits/${auditId}`);
  const run = audit.inspectionProtocolRuns.find((r) => r.protocolRunType === runType || r.protocolType === runType)!;
  return run.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === pointName)!.result;
}

describe('available offline', () => {
  it('opens a stored audit after a reload offline, sends the answer made there once, and lists and removes it', async () => {
    const context = await browser.newContext({ viewport: TABLET, hasTouch: true, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAsStaff(page, product.url, INSPECTOR);
    await serviceWorkerInControl(page); // before another address opens in this tab (browser.ts says why)
    const audit = await myOpenAudit(product.url, page);
    const heading = page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` });
    await page.goto(`${product.url}/Audits/${audit.id}`);
    await heading.waitFor();
    await serviceWorkerInControl(page);
    // issue 23: what each run's machine measured last time (the demo's audit runs on machines with earlier inspections)
    const previous = await apiAs<{ runs: { points: unknown[] }[] }>(product.url, page, `/api/v1/audits/${audit.id}/previousValues`);
    expect(previous.runs.length, "the demo's open audit has a run on a machine with earlier values").toBeGreaterThan(0);
    const previousLines = page.locator('[data-testid="previous-value"], [data-testid="previous-table"]');
    await expect.poll(() => previousLines.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const shownOnline = await previousLines.allTextContents();

    // download, with its done state
    const make = page.getByRole('button', { name: 'Make available offline' });
    await expectTouchTargets({ 'Make available offline': make });
    const started = Date.now();
    await make.click();
    const done = page.getByTestId('available-done');
    await expect.poll(() => done.textContent(), { timeout: 30_000 }).toMatch(/^Available offline \(stored .+\) · [\d.]+ (B|kB|MB)$/);
    console.log(`made available offline in ${Date.now() - started} ms`);
    await viewScreenshot(page, 'offline-available-done');

    // offline, reloaded: the editor opens from the device with its points
    const writes: string[] = [];
    page.on('response', (r) => {
      if (/\/trpc\/[^?]*audits\.(createResult|updateResult)/.test(r.url())) writes.push(`${r.status()} ${r.url()}`);
    });
    await context.setOffline(true);
    await page.reload();
    await heading.waitFor({ timeout: 30_000 });
    const site = page.getByRole('region', { name: /^Site audit$/ });
    const estop = point(site, 'Emergency stop buttons');
    await estop.waitFor();
    await screenshot(page, 'offline-available-reloaded');
    // the previous values from the device: the same lines as online
    await expect.poll(() => previousLines.allTextContents(), { timeout: 15_000 }).toEqual(shownOnline);
    console.log(`audit previous values offline: ${shownOnline.length} lines, e.g. ${shownOnline[0]}`);
    for (const line of shownOnline) expect(line).toMatch(/^Previous(: .+ on | values \(under each cell\) from the inspection of | values from the inspection of )\d\d\.\d\d\.\d{4}:?$/);
    await previousLines.first().scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'offline-available-audit-previous');
    await expectNoSeriousA11yViolations(page, 'audit editor offline, with previous values');

    // an answer made offline is kept, then sent when the network is back
    await estop.getByRole('radio', { name: 'Not OK' }).check();
    const replace = page.getByRole('dialog', { name: 'Replace the comment?' });
    if (await replace.isVisible().catch(() => false)) await replace.getByRole('button', { name: 'REPLACE' }).click();
    await expect.poll(() => estop.getByTestId('write-status').textContent(), { timeout: 15_000 }).toBe('Saved on this device');
    expect(writes).toEqual([]);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('waiting-badge').count(), { timeout: 30_000 }).toBe(0);
    expect(await storedResult(page, audit.id, 'Audit_Site', 'Emergency stop buttons')).toMatchObject({ selection: 'Not OK' });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^200 /);

    // 'On this device': the audit with its size; axe and touch targets at 820 px; Remove
    const headerLink = page.getByRole('link', { name: 'On this device' });
    await headerLink.click();
    await page.getByRole('heading', { level: 1, name: 'On this device' }).waitFor();
    const row = page.getByTestId('stored-item').filter({ hasText: audit.name });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Audit.*[\d.]+ (B|kB|MB)/);
    expect(await page.getByTestId('storage-usage').textContent()).toMatch(/^Stored here: [\d.]+ (B|kB|MB)\. This app uses .+ of the .+ this browser allows it\.$/);
    await expectNoSeriousA11yViolations(page, 'On this device');
    const remove = page.getByRole('button', { name: `Remove ${audit.name} from this device` });
    await expectTouchTargets({ 'Header link': headerLink, 'Editor link': row.getByRole('link'), Remove: remove });
    // the header's tooltip closed when its icon was pressed: nothing covers the navigation (issue 23, it stayed open)
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await viewScreenshot(page, 'offline-available-list');
    await remove.click();
    await page.getByText(`${audit.name} was removed from this device.`).waitFor();
    await expect.poll(() => page.getByTestId('stored-item').count()).toBe(0);
    await page.getByText('Nothing is stored on this device yet.', { exact: false }).waitFor();
    await context.close();
  });

  it('opens the report edit form of a stored inspection after a reload offline, with its points, photos and previous values', async () => {
    const context = await browser.newContext({ viewport: TABLET, hasTouch: true, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAsStaff(page, product.url, INSPECTOR);
    await serviceWorkerInControl(page); // before another address opens in this tab (browser.ts says why)
    const list = await apiAs<{ result: { id: string; name: string; status: string }[] }>(product.url, page, '/api/v1/inspections?mineOnly=true&amount=200');
    // an open inspection of the inspector's whose data names images (photos, signatures), so their bytes are stored
    // too, and whose machine has earlier measured values (issue 23: the previous values are stored with it)
    // (one with a table's previous cells if the seed has one, to see them)
    let inspection = list.result.find((r) => r.status === 'In_Use')!;
    let photos = 0;
    let previous = 0;
    let found = 0;
    for (const candidate of list.result.filter((r) => r.status === 'In_Use')) {
      const data = JSON.stringify(await apiAs<unknown>(product.url, page, `/api/v1/inspections/${candidate.id}/editDetails`));
      const images = data.match(/"imageId":"[^"]+"/g)?.length ?? 0;
      const points = (await apiAs<{ points: { cells: unknown[] }[] }>(product.url, page, `/api/v1/inspections/${candidate.id}/previousValues`)).points;
      const fit = images > 0 && points.length > 0 ? (points.some((p) => p.cells.length > 0) ? 2 : 1) : 0;
      if (fit <= found) continue;
      [inspection, photos, previous, found] = [candidate, images, points.length, fit];
      if (fit === 2) break;
    }
    expect(previous, 'an open inspection of the demo seed with earlier values of its machine').toBeGreaterThan(0);
    const previousLines = page.locator('[data-testid="previous-value"], [data-testid="previous-table"]');
    const heading = page.getByRole('heading', { level: 1, name: `Edit inspection: ${inspection.name}` });
    await page.goto(`${product.url}/Reports/${inspection.id}/edit`);
    await heading.waitFor();
    await serviceWorkerInControl(page);
    const make = page.getByRole('button', { name: 'Make available offline' });
    await expectTouchTargets({ 'Make available offline': make });
    await expect.poll(() => previousLines.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const shownOnline = await previousLines.allTextContents();
    await make.click();
    await expect.poll(() => page.getByTestId('available-done').textContent(), { timeout: 30_000 }).toMatch(/^Available offline/);

    await context.setOffline(true);
    await page.reload();
    await heading.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('radio').count()).toBeGreaterThan(0);
    // what the machine measured last time, from the device: the same lines as online ('Previous: 12.3 mm on 05.10.2026')
    await expect.poll(() => previousLines.allTextContents(), { timeout: 15_000 }).toEqual(shownOnline);
    console.log(`previous values offline: ${shownOnline.length} lines, e.g. ${shownOnline[0]}`);
    for (const line of shownOnline) expect(line).toMatch(/^Previous(: .+ on | values \(under each cell\) from the inspection of | values from the inspection of )\d\d\.\d\d\.\d{4}:?$/);
    await previousLines.first().scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'offline-available-previous-values');
    await expectNoSeriousA11yViolations(page, 'report edit form offline, with previous values');
    // the photos' previews come from the device (an <img> of a Blob)
    expect(photos, 'an open inspection of the demo seed with images').toBeGreaterThan(0);
    await expect.poll(() => page.locator('img[src^="blob:"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    console.log(`report edit form offline: ${photos} image ids in the data, ${await page.locator('img[src^="blob:"]').count()} shown`);
    await screenshot(page, 'offline-available-report-edit');
    const table = page.getByTestId('previous-table').first();
    if (await table.count()) {
      await table.scrollIntoViewIfNeeded();
      await viewScreenshot(page, 'offline-available-previous-table');
      // a table whose rows the inspector adds lists its earlier rows; the row added takes their values under its cells
      const listed = page.getByTestId('point').filter({ has: page.getByTestId('previous-rows') }).first();
      if (await listed.count()) {
        // by its name: once a row is added the list goes, and a locator filtered by it would find nothing
        const card = point(page.locator('body'), (await listed.getAttribute('aria-label'))!);
        await card.getByRole('button', { name: 'Add row' }).click();
        await expect.poll(() => card.locator('.MuiFormHelperText-root').filter({ hasText: /^Previous: / }).count()).toBeGreaterThan(0);
        await viewScreenshot(page, 'offline-available-previous-cells');
      }
    }

    // a save kept on the device: this browser refuses persistent storage, so 'may clear them' is told, under the
    // navigation at the top, never over the save bar at the bottom (it was a snackbar there)
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save the inspection?' }).getByRole('button', { name: /^SAVE( AS DRAFT)?$/ }).click();
    const kept = page.getByTestId('saved-on-device');
    await kept.waitFor({ timeout: 15_000 });
    const warning = page.getByTestId('storage-warning');
    await warning.waitFor({ timeout: 15_000 });
    const [bar, told, nav] = await Promise.all([kept.locator('xpath=..').boundingBox(), warning.boundingBox(), page.getByRole('navigation', { name: 'Main' }).boundingBox()]);
    expect(told!.y + told!.height, 'the warning ends above the save bar').toBeLessThanOrEqual(bar!.y);
    expect(told!.y, 'the warning starts under the navigation').toBeGreaterThanOrEqual(nav!.y + nav!.height - 1);
    await expectTouchTargets({ 'storage warning OK': warning.getByRole('button', { name: 'OK' }) });
    await viewScreenshot(page, 'offline-available-storage-warning');
    await context.setOffline(false);
    await context.close();
  });
});
