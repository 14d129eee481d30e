import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { downloadedFile, viewShot } from './support/editing.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /Protocols (001 §2, issue 10) on the built product with the demo seed: Ada Admin builds a Commission protocol
 * (two categories, a subcategory, a new phase, points added from the list with the add button and by double click),
 * saves it, finds it, exports it to Excel, copies it (after confirming) and deletes the copy.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const NAME = `E2E commission ${Date.now()}`;
const PHASE = `E2E phase ${Date.now()}`;

async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Filters the list to the point, then adds it: select and the 'Add {name}' button (tap on a tablet), or double click. */
async function addFromList(page: Page, pointName: string, how: 'button' | 'tap' | 'double click' = 'button') {
  const filter = page.getByLabel('Filter inspection points');
  await filter.fill(pointName);
  const options = page.getByRole('listbox', { name: 'Inspection points' }).getByRole('option');
  // the list keeps the previous rows while the filtered ones load: a tap on a row that then moves hits another
  await expect.poll(async () => {
    const names = await options.allTextContents();
    return names.length > 0 && names.every((n) => n.toLowerCase().includes(pointName.toLowerCase()));
  }).toBe(true);
  const option = options.filter({ hasText: new RegExp(`^${pointName}`) }).first();
  await option.waitFor();
  if (how === 'double click') return option.dblclick();
  await (how === 'tap' ? option.tap() : option.click());
  const add = page.getByRole('button', { name: `Add ${pointName}`, exact: true });
  await (how === 'tap' ? add.tap() : add.click());
}

async function insertTitle(page: Page, label: string, text: string) {
  await page.getByRole('combobox', { name: label }).fill(text);
  await page.getByRole('button', { name: `${label}: insert` }).click();
}

describe('/Protocols', () => {
  it('builds, saves, finds, exports, copies and deletes a Commission protocol', { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInAsStaff(page, product.url, 'admin@company.example', '/Protocols');
    expect(await page.getByRole('tab', { name: 'Protocols' }).getAttribute('id')).toBe('tab-1');
    await page.getByRole('table', { name: 'Protocols' }).getByRole('row').nth(1).waitFor();
    await screenshot(page, 'protocols-list');
    await expectNoSeriousA11yViolations(page, 'protocols list');

    await page.getByRole('tab', { name: 'Create protocol' }).click();
    expect(await page.getByRole('tab', { name: 'Create protocol' }).getAttribute('id')).toBe('tab-2');
    const save = page.getByRole('button', { name: 'Save protocol' });
    expect(await save.isDisabled()).toBe(true);
    await choose(page, 'Inspection type', 'Commission');
    await page.getByText('This inspection type is only shown to specific groups').waitFor();
    await page.getByRole('button', { name: 'Add target' }).click();
    await choose(page, 'Product family 1', 'Jaw JC');

    await insertTitle(page, 'Insert category title', 'E2E Engine');
    await insertTitle(page, 'Insert subcategory title', 'E2E Before start');
    await addFromList(page, 'Engine hours');
    await addFromList(page, 'General remarks');
    await insertTitle(page, 'Insert category title', 'E2E Hydraulics');
    await addFromList(page, 'Hydraulic oil temperature', 'double click');
    const first = page.getByRole('region', { name: 'Category 1' });
    await first.getByRole('listitem', { name: 'Engine hours' }).waitFor();
    await first.getByRole('listitem', { name: 'General remarks' }).waitFor();
    await page.getByRole('region', { name: 'Category 2' }).getByRole('listitem', { name: 'Hydraulic oil temperature' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete category 1' }).isDisabled()).toBe(true);

    await page.getByLabel('Phases on').check();
    await page.getByLabel('New phase name').fill(PHASE);
    await page.getByRole('button', { name: 'Create phase' }).click();
    await page.getByRole('button', { name: `1. ${PHASE}` }).waitFor();
    await page.getByText('you need to choose phase for every point before you can create a protocol').first().waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NAME);
    expect(await save.isDisabled()).toBe(true);
    const point = (name: string) => page.getByRole('listitem', { name, exact: true });
    for (const p of ['Engine hours', 'General remarks', 'Hydraulic oil temperature']) await choose(page, 'Phase', PHASE, point(p));
    await choose(page, 'Subcategory', 'E2E Before start', point('Engine hours'));
    expect(await save.isDisabled()).toBe(false);
    await page.waitForTimeout(300); // the last menu's fade-out
    await screenshot(page, 'protocols-create-filled');
    await expectNoSeriousA11yViolations(page, 'protocols create tab');

    await save.click();
    await page.getByText('New Protocol saved!').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');

    await page.getByRole('tab', { name: 'Protocols' }).click();
    await page.getByLabel('Search protocols').fill(NAME);
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    await page.getByText('1–1 of 1 protocols').waitFor();
    await row.click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.locator('dd', { hasText: /^Jaw JC$/ }).waitFor();
    const engine = page.getByRole('region', { name: 'E2E Engine' });
    await engine.getByText('Engine hours').waitFor();
    await engine.getByText(`Phase: ${PHASE}`).first().waitFor();
    // both points of the first category went under the subcategory selected when it was inserted
    await expect.poll(() => engine.getByText('Subcategory: E2E Before start').count()).toBe(2);
    await page.waitForTimeout(300); // the action buttons' colour transition after loading
    await screenshot(page, 'protocols-detail');
    await expectNoSeriousA11yViolations(page, 'protocol detail');

    const download = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await downloadedFile(file));
    const sheet = wb.getWorksheet('Protocol')!;
    const cells: string[] = [];
    sheet.eachRow((r) => r.eachCell((c) => cells.push(String(c.value))));
    expect(cells).toContain('Engine hours');
    expect(cells).toContain('Hydraulic oil temperature');
    expect(cells.some((c) => c.includes('E2E Hydraulics'))).toBe(true);

    const sourceId = new URL(page.url()).searchParams.get('id');
    expect(sourceId).toBeTruthy();
    await page.getByRole('button', { name: 'Create copy' }).click();
    const ask = page.getByRole('dialog', { name: `Create a copy of ${NAME}?` });
    await ask.getByText(`A new protocol named '${NAME} (copy)'`, { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, 'create copy dialog');
    await screenshot(page, 'protocols-copy-dialog');
    await ask.getByRole('button', { name: 'Create copy' }).click();
    await page.getByRole('heading', { name: `${NAME} (copy)` }).waitFor();
    await page.getByText(`Copy created: ${NAME} (copy).`).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).not.toBe(sourceId);
    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.getByText('1–2 of 2 protocols').waitFor();
    await page.getByRole('row', { name: new RegExp(`${NAME} \\(copy\\)`) }).click();
    await page.getByRole('heading', { name: `${NAME} (copy)` }).waitFor();
    await page.getByRole('button', { name: 'Delete protocol' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete protocol ${NAME} (copy)?` });
    await dialog.getByText(/Type: Commission\. Targets: Jaw JC\./).waitFor();
    await viewShot(page, 'protocols-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1–1 of 1 protocols').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(`${NAME} \\(copy\\)`) }).count()).toBe(0);
    await context.close();
  });

  it('saves a prefill dependency of a protocol inspections use into a new version and links the old one', { timeout: 120_000 }, async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsStaff(page, product.url, 'admin@company.example', '/Protocols');
    await page.getByLabel('Search protocols').fill('Daily check for Jaw JC');
    await page.getByText('1–2 of 2 protocols').waitFor();
    await page.getByRole('row', { name: /Daily check for Jaw JC/ }).filter({ hasNotText: '(copy)' }).click();
    await page.getByRole('heading', { name: 'Daily check for Jaw JC' }).waitFor();
    expect(await page.getByText(/used by [1-9]\d* inspections?/).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Edit JSON' }).first().click();
    const json = page.getByRole('textbox', { name: /^Dependency JSON of / });
    await json.fill('{"dependsOn": "equipment.productModelId", "e2e": true}');
    await page.getByRole('button', { name: 'Save JSON' }).click();
    await page.getByText('Saved in a new version (2): inspections use the previous one.').waitFor();
    await page.getByText('Version 2 (shown)').waitFor();
    // jsonb keeps its own key order, so only the new key is looked for
    await page.getByText(/"e2e":true/).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'protocols-new-version');
    await page.getByRole('button', { name: 'Version 1' }).click();
    await page.getByText(/This is an old version/).waitFor();
    await page.getByText('Version 1 (shown)').waitFor();
    await page.context().close();
  });

  it('changes a protocol an inspection uses into version 2 on a tablet: the inspection keeps version 1, a new one starts on version 2', { timeout: 180_000 }, async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/Protocols');
    const api = <T,>(method: string, path: string, body?: unknown) =>
      page.evaluate(async ({ method, path, body }) => {
        const res = await fetch(path, { method, headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      }, { method, path, body }) as Promise<T>;
    // A FAT protocol of its own (no other test starts FAT inspections), run on the machine of a seeded report.
    const pointId = async (name: string) => (await api<{ id: string; name: string }[]>('GET', `/api/v1/inspectionPoints/list?search=${encodeURIComponent(name)}&limit=20`)).find((x) => x.name === name)!.id;
    const [hours, remarks] = [await pointId('Engine hours'), await pointId('General remarks')];
    const name = `E2E versions ${Date.now()}`;
    const v1 = await api<{ id: string }>('POST', '/api/v1/inspectionProtocols', {
      name, type: 'FAT', categories: [{ index: 0, title: 'Checks', inspectionPoints: [{ inspectionPointId: hours, index: 0 }, { inspectionPointId: remarks, index: 1 }] }],
    });
    const seeded = (await api<{ result: { id: string }[] }>('GET', '/api/v1/inspections?limit=1')).result[0]!;
    const machine = await api<{ customerId: string; customerSiteId: string | null; equipmentId: string }>('GET', `/api/v1/inspections/${seeded.id}/editDetails`);
    type Started = { id: string; protocolId: string; categories: { inspectionPoints: { name: string }[] }[] };
    const start = () => api<Started>('POST', '/api/v1/inspections', { protocolId: v1.id, customerId: machine.customerId, customerSiteId: machine.customerSiteId, equipment: { id: machine.equipmentId } });
    const inProgress = await start();
    expect(inProgress.protocolId).toBe(v1.id);

    // The administrator changes it: renamed, General remarks out, Engine hours named and shown in the report header.
    await page.goto(`${product.url}/Protocols?id=${v1.id}`);
    await page.getByRole('button', { name: 'Edit protocol' }).click();
    const nameBox = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => nameBox.inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Remove General remarks (2)' }).click();
    await page.getByRole('button', { name: 'Settings of Engine hours (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Engine hours: settings in this protocol' });
    await dialog.getByRole('textbox', { name: 'Name in this protocol' }).fill('Hours at acceptance');
    await dialog.getByRole('checkbox', { name: 'Show value in report header' }).check();
    await page.waitForTimeout(300);
    await expectTouchTargets({ 'dialog buttons': dialog.getByRole('button'), 'dialog checkbox': dialog.getByRole('checkbox') });
    await expectNoSeriousA11yViolations(page, 'protocol point settings dialog at 820 px');
    await screenshot(page, 'protocols-point-settings-820');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('named Hours at acceptance here · value in report header').waitFor();
    await nameBox.fill(`${name} v2`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await expectTouchTargets({
      'save': page.getByRole('button', { name: 'Save changes' }),
      'cancel': page.getByRole('button', { name: 'Cancel' }),
      'point actions': page.getByRole('region', { name: 'Category 1' }).getByRole('button'),
    });
    await expectNoSeriousA11yViolations(page, 'protocol edit form at 820 px');
    await screenshot(page, 'protocols-edit-820');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved as version 2: inspections started on version 1 keep it; new ones start on version 2.').waitFor();
    await page.getByText('Version 2 (shown)').waitFor();
    const history = page.getByRole('list', { name: 'What version 2 changed' });
    await history.getByText(`Name: '${name}' → '${name} v2'`).waitFor();
    await history.getByText('Point removed from Checks: General remarks').waitFor();
    await history.getByText('Checks · Hours at acceptance: name in this protocol, show value in report header changed').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'protocols-version-2-history-820');
    await expectNoSeriousA11yViolations(page, 'protocol version 2 with its history at 820 px');
    const v2 = new URL(page.url()).searchParams.get('id')!;
    expect(v2).not.toBe(v1.id);

    // The inspection in progress keeps version 1's checklist; one started now (even from the old id) gets version 2's.
    const kept = await api<Started>('GET', `/api/v1/inspections/${inProgress.id}/editDetails`);
    expect(kept.protocolId).toBe(v1.id);
    expect(kept.categories.flatMap((c) => c.inspectionPoints.map((x) => x.name))).toEqual(['Engine hours', 'General remarks']);
    const fresh = await start();
    expect(fresh.protocolId).toBe(v2);
    expect(fresh.categories.flatMap((c) => c.inspectionPoints.map((x) => x.name))).toEqual(['Hours at acceptance']);
    await page.goto(`${product.url}/Reports/${inProgress.id}/protocol`);
    await page.getByText('General remarks').first().waitFor();
    await page.context().close();
  });

  it('fits an 820 px touch tablet with 44 px targets, the create tab stacked', { timeout: 120_000 }, async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/Protocols');
    const rows = page.getByRole('table', { name: 'Protocols' }).getByRole('row');
    await rows.nth(1).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await expectTouchTargets({
      tab: page.getByRole('tab'),
      'sort header': page.getByRole('table', { name: 'Protocols' }).getByRole('button'),
      'protocol row': rows.nth(1),
      'next page': page.getByRole('button', { name: /next page/i }),
    });
    await screenshot(page, 'protocols-list-820');
    await rows.nth(1).click();
    await page.getByRole('button', { name: 'Export to Excel' }).waitFor();
    await expectTouchTargets({
      'back': page.getByRole('button', { name: 'Back to list' }),
      'export': page.getByRole('button', { name: 'Export to Excel' }),
      'copy': page.getByRole('button', { name: 'Create copy' }),
      'delete': page.getByRole('button', { name: 'Delete protocol' }),
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await page.waitForTimeout(300);
    await screenshot(page, 'protocols-detail-820');

    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.getByRole('tab', { name: 'Create protocol' }).click();
    await choose(page, 'Inspection type', 'Commission');
    await insertTitle(page, 'Insert category title', 'Tablet category');
    await addFromList(page, 'Engine hours', 'tap');
    await page.getByRole('region', { name: 'Category 1' }).getByRole('listitem', { name: 'Engine hours' }).waitFor();
    await page.getByLabel('Phases on').check();
    const left = await page.getByRole('region', { name: 'Categories and points' }).boundingBox();
    const right = await page.getByRole('region', { name: 'New protocol' }).boundingBox();
    expect(right!.y).toBeGreaterThanOrEqual(left!.y + left!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await expectTouchTargets({
      'insert buttons': page.getByRole('button', { name: /: insert$/ }),
      'add point': page.getByRole('button', { name: 'Add Engine hours' }),
      'add target': page.getByRole('button', { name: 'Add target' }),
      'point actions': page.getByRole('region', { name: 'Category 1' }).getByRole('button'),
      'checkboxes': page.getByRole('region', { name: 'New protocol' }).getByRole('checkbox'),
      'save': page.getByRole('button', { name: 'Save protocol' }),
    });
    await screenshot(page, 'protocols-create-820');
    await expectNoSeriousA11yViolations(page, 'protocols create tab at 820 px');
    await page.context().close();
  });
});
