import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatDateIn, type TV1InspectionReport as TInspectionEdit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { apiAs, makePng, viewShot } from './support/editing.js';
import { expectTouchTargets, newTabletPage, TABLET } from './support/tablet.js';

/**
 * The report edit form (spec 000 §2.8) on the built product with the demo seed: the inspector opens an In_Use
 * inspection of theirs, fills points of several kinds, adds a photo and a signature, saves through the
 * confirm-saving modal and finds the values in the report HTML; then the form on a tablet held upright.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const INSPECTOR = 'inspector@company.example';

const api = <T>(page: Page, path: string) => apiAs<T>(product.url, page, path);

/** The signed-in inspector's In_Use inspection with the protocol named, found through the list call. */
async function myOpenInspection(page: Page, name: string): Promise<string> {
  const list = await api<{ result: { id: string; name: string; status: string }[] }>(page, '/api/v1/inspections?mineOnly=true&amount=200');
  const found = list.result.find((r) => r.status === 'In_Use' && r.name === name);
  if (!found) throw new Error(`the demo seed has no In_Use '${name}' of ${INSPECTOR}: ${list.result.map((r) => `${r.name} (${r.status})`).join(', ')}`);
  return found.id;
}

const point = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** `PUT api/v1/inspections/update` of inspection `id` as the person signed in on `page` (their saved token); 200 expected. */
async function putUpdate(page: Page, id: string, body: unknown): Promise<TInspectionEdit> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${product.url}/api/v1/inspections/update?lang=en&id=${id}`, {
    method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TInspectionEdit;
}

/** A stroke across the pad, by mouse or by touch (CDP touch events: Chromium turns them into touch pointer events). */
async function drawSignature(page: Page, pad: Locator, by: 'mouse' | 'touch') {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const points = Array.from({ length: 12 }, (_, i) => ({ x: box.x + 30 + i * ((box.width - 60) / 11), y: box.y + box.height / 2 + Math.sin(i) * 35 }));
  if (by === 'mouse') {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 3 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', points[0]);
  for (const p of points.slice(1)) await touch('touchMove', p);
  await touch('touchEnd');
  await cdp.detach();
}

/** Whether the pad holds ink: some pixel differs from the white background. */
const padHasInk = (pad: Locator) =>
  pad.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
    return false;
  });

describe('report edit form', () => {
  it('lets the inspector fill points of several kinds, add a photo and a signature, save through the confirm modal and see it in the report', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const id = await myOpenInspection(page, 'Weekly maintenance for crushers');
    await page.goto(`${product.url}/Reports/${id}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit inspection: Weekly maintenance for crushers' }).waitFor();
    await screenshot(page, 'report-edit-form');
    await expectNoSeriousA11yViolations(page, 'report edit form');

    // radio selection: the option with a default comment fills the empty comment
    const estop = point(page, 'Emergency stop buttons');
    await estop.getByRole('radio', { name: 'Not OK' }).check();
    expect(await estop.getByRole('textbox', { name: 'Comment: Emergency stop buttons', exact: true }).inputValue()).toBe('Not working; fix before operation.');
    await estop.getByRole('radio', { name: 'Repair or replace' }).check();

    // multiple choices with a range value (comma as decimal point)
    const lube = point(page, 'Lubrication system');
    await lube.getByRole('checkbox', { name: 'Some dry' }).check();
    await lube.getByRole('textbox', { name: 'Grease used (kg/week)' }).fill('2,5');

    // a table: the Average column computes live, to 2 decimals, and cannot be typed in
    const belt = point(page, 'Conveyor belt thickness');
    await belt.getByRole('textbox', { name: 'Main conveyor Left' }).fill('10');
    await belt.getByRole('textbox', { name: 'Main conveyor Centre' }).fill('12,5');
    await belt.getByRole('textbox', { name: 'Main conveyor Right' }).fill('14');
    const mainRow = belt.getByRole('row', { name: /^Main conveyor/ });
    await expect.poll(() => mainRow.getByTestId('aggregate').textContent()).toBe('12.17▼');
    // issue 20: the limits are shown with the table and a value past one is marked while typed (12.17 mm is below the low limit)
    expect(await mainRow.getByTestId('aggregate').getAttribute('data-limit')).toBe('low');
    expect(await belt.getByTestId('table-limits').textContent()).toMatch(/^Limits: .*low \d/);
    await mainRow.scrollIntoViewIfNeeded();
    await viewShot(page, 'report-edit-table-limits');
    expect(await belt.getByRole('textbox', { name: 'Main conveyor Average' }).count()).toBe(0);

    // a number that breaks the rule is marked at once
    const left = belt.getByRole('textbox', { name: 'Side conveyor Left' });
    await left.fill('12 mm');
    expect(await left.getAttribute('aria-invalid')).toBe('true');
    await left.fill('11.25');

    // a dropdown with a follow-up value
    const wear = point(page, 'Wear parts in use');
    await wear.getByRole('combobox', { name: 'Supplier' }).click();
    await page.getByRole('option', { name: 'Third-party parts' }).click();
    await wear.getByRole('textbox', { name: 'Part number' }).fill('4711');

    // a photo with caption and layout, held locally until the save
    await belt.getByTestId('photo-input').setInputFiles({ name: 'belt.png', mimeType: 'image/png', buffer: makePng(240, 160) });
    await belt.getByText('Not uploaded yet').waitFor();
    await belt.getByRole('textbox', { name: 'Caption' }).fill('Belt edge worn on the left');
    await belt.getByRole('combobox', { name: 'Layout' }).click();
    await page.getByRole('option', { name: 'HorizontalGraph' }).click();
    const preview = await belt.getByRole('img', { name: 'Belt edge worn on the left' }).boundingBox();
    expect([Math.round(preview!.width), Math.round(preview!.height)]).toEqual([300, 200]);

    // a file of another type is refused with the spec's message
    await belt.getByTestId('photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await belt.getByText('Unallowed file type').waitFor();

    // texts, a finding and the customer's signature drawn with the mouse
    await page.getByRole('textbox', { name: 'Summary', exact: true }).fill('Belts worn; emergency stop to be repaired.');
    await page.getByRole('button', { name: 'Add finding' }).click();
    const finding = page.getByTestId('finding').last();
    await finding.getByRole('textbox', { name: 'Title' }).fill('Emergency stop cable frayed');
    await finding.getByRole('textbox', { name: 'Corrective action' }).fill('Replace the pull wire.');
    const pad = page.getByRole('group', { name: 'Customer signature' }).getByTestId('signature-pad');
    await drawSignature(page, pad, 'mouse');
    expect(await padHasInk(pad)).toBe(true);
    await screenshot(page, 'report-edit-filled');

    // issue 20: the points still missing a required rating are listed, and the save would only be a draft; rated, it finishes
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const unrated = page.getByRole('dialog', { name: 'Save the inspection?' });
    const missing = unrated.getByTestId('missing-ratings');
    await missing.waitFor();
    const names = await missing.getByRole('listitem').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('Emergency stop buttons'); // rated above
    expect(await unrated.getByRole('button', { name: 'SAVE', exact: true }).count()).toBe(0);
    await unrated.getByRole('button', { name: 'SAVE AS DRAFT' }).waitFor();
    await viewShot(page, 'report-edit-missing-ratings');
    await expectNoSeriousA11yViolations(page, 'report edit, ratings missing');
    await unrated.getByRole('button', { name: 'CANCEL' }).click();
    for (const name of names) await point(page, name).getByRole('radiogroup', { name: `Rating: ${name}` }).getByRole('radio', { name: 'Ok' }).check();

    // save: the confirm modal (no earlier signatures on an open inspection), then 'Sending...'
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Save the inspection?' });
    await confirm.getByText('This inspection has no earlier signatures to reuse.').waitFor();
    expect(await confirm.getByRole('checkbox', { name: 'Send the report to the customer by e-mail' }).isChecked()).toBe(false);
    await viewShot(page, 'report-edit-confirm');
    await expectNoSeriousA11yViolations(page, 'report edit, confirm saving');
    // uploads held back a moment, so the 'Sending...' modal can be seen with its progress
    await page.route('**/api/v1/images', async (route) => {
      await new Promise((r) => setTimeout(r, 1_000));
      await route.continue();
    });
    await confirm.getByRole('button', { name: 'SAVE' }).click();
    const sending = page.getByRole('dialog', { name: 'Sending...' });
    await sending.getByText('This may take a while.').waitFor();
    await sending.getByText(/^Uploading photo 1 of 2$/).waitFor();
    await viewShot(page, 'report-edit-sending');
    await page.waitForURL((u) => u.pathname === `/Reports/${id}/details`);
    await page.unroute('**/api/v1/images');

    // what was saved: the edit data and the report HTML
    const saved = await api<TInspectionEdit>(page, `/api/v1/inspections/${id}/editDetails`);
    expect(saved.finished).toBe(true);
    expect(saved.customerSignature).toMatch(/^[0-9a-f-]{36}$/);
    const points = saved.categories.flatMap((c) => c.inspectionPoints);
    const beltSaved = points.find((p) => p.name === 'Conveyor belt thickness')!.content;
    expect(beltSaved.photos).toEqual([expect.objectContaining({ caption: 'Belt edge worn on the left', layout: 'HorizontalGraph' })]);
    expect(points.find((p) => p.name === 'Emergency stop buttons')!.content).toMatchObject({ selection: 'Not OK', rating: 'Repair' });

    const html = await api<string>(page, `/api/v1/inspections/${id}/reporthtml`);
    expect(html).toContain('Not working; fix before operation.');
    expect(html).toContain('Some dry');
    expect(html).toMatch(/2[.,]5/);
    expect(html).toContain('12.17');
    expect(html).toContain('Third-party parts');
    expect(html).toContain('Belt edge worn on the left');
    expect(html).toContain('Emergency stop cable frayed');
    expect(html).toContain('Belts worn; emergency stop to be repaired.');
    expect(html).toContain(`/api/v1/images/${beltSaved.photos[0]!.imageId}/file`);
    expect(html).toContain(`/api/v1/images/${saved.customerSignature}/file`);

    // opened again, the form holds the saved values and asks about the old signature before SAVE
    await page.goto(`${product.url}/Reports/${id}/edit`);
    expect(await point(page, 'Lubrication system').getByRole('textbox', { name: 'Grease used (kg/week)' }).inputValue()).toBe('2,5');
    await page.getByRole('group', { name: 'Customer signature' }).getByRole('img', { name: 'Customer signature' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Save the inspection?' });
    await again.getByText('Do you want to reuse the old signatures?').waitFor();
    expect(await again.getByRole('button', { name: 'SAVE' }).isDisabled()).toBe(true);
    await again.getByRole('radio', { name: 'Yes, reuse the old signatures' }).check();
    expect(await again.getByRole('button', { name: 'SAVE' }).isEnabled()).toBe(true);
    await viewShot(page, 'report-edit-confirm-signatures');
    await again.getByRole('button', { name: 'CANCEL' }).click();
    await page.context().close();
  });

  it('fits a tablet held upright, with 44 px touch targets, a signature drawn by finger and the unsaved-data question on leaving', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const id = await myOpenInspection(page, 'Daily check for Jaw JC');
    await page.goto(`${product.url}/Reports/${id}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit inspection: Daily check for Jaw JC' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);

    // dates day.month.year whatever the browser's language (000 §9), typed by touch, a calendar with 44 px days
    const loaded = await api<TInspectionEdit>(page, `/api/v1/inspections/${id}/editDetails`);
    const date = page.getByRole('group', { name: /^Inspection date/ });
    const shown = async () => (await date.locator('.MuiPickersSectionList-root').textContent())?.replace(/[\u2066-\u2069\u200e]/g, '');
    // the day in the browser's zone (issue 20), as the lists show it
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await shown()).toBe(formatDateIn(loaded.inspectionDate, zone));
    await date.getByRole('spinbutton', { name: 'Day' }).tap();
    await page.keyboard.type('24122026');
    expect(await shown()).toBe('24.12.2026');
    await page.getByRole('button', { name: 'Calendar for Inspection date' }).tap();
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    await calendar.getByRole('gridcell', { name: '24', exact: true }).waitFor();
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished))); // it grows from a smaller scale
    await expectTouchTargets({
      'calendar days': calendar.locator('.MuiPickerDay-root'),
      'calendar buttons': page.getByRole('button', { name: /^Calendar for / }),
    });
    await viewShot(page, 'report-edit-tablet-calendar');
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    const shots = resolve(import.meta.dirname, '../../../test-results/screenshots');
    await page.getByRole('region', { name: 'Info' }).screenshot({ path: join(shots, 'report-edit-tablet-info.png') });

    const jaw = point(page, 'Jaw dies wear');
    await jaw.getByRole('textbox', { name: 'Comment: Jaw dies wear', exact: true }).fill('Left die cracked at the top.');
    await jaw.getByRole('radio', { name: 'Worn' }).check();
    // a comment somebody wrote is replaced only when the person agrees
    const ask = page.getByRole('dialog', { name: 'Replace the comment?' });
    await ask.waitFor();
    await viewShot(page, 'report-edit-tablet-replace-comment');
    await ask.getByRole('button', { name: 'KEEP' }).click();
    expect(await jaw.getByRole('textbox', { name: 'Comment: Jaw dies wear', exact: true }).inputValue()).toBe('Left die cracked at the top.');
    const css = point(page, 'Crusher setting (CSS)');
    await css.getByRole('textbox', { name: 'CSS', exact: true }).fill('45,5');
    await css.getByText('Above the critical high limit').waitFor();
    await css.getByRole('checkbox', { name: 'Not applicable: Crusher setting (CSS)' }).check();
    expect(await css.getByRole('textbox', { name: 'CSS', exact: true }).isDisabled()).toBe(true);
    await css.getByRole('checkbox', { name: 'Not applicable: Crusher setting (CSS)' }).uncheck();

    const pad = page.getByRole('group', { name: 'Provider signature' }).getByTestId('signature-pad');
    await drawSignature(page, pad, 'touch');
    expect(await padHasInk(pad)).toBe(true);
    await page.getByTestId('unsaved-marker').waitFor();

    await expectTouchTargets({
      'Save button': page.getByRole('button', { name: 'Save', exact: true }),
      'Back button': page.getByRole('button', { name: 'Back' }),
      'option radios': jaw.locator('.MuiRadio-root'),
      'rating radios': css.locator('.MuiRadio-root'),
      'not applicable ticks': page.getByTestId('point').locator('.MuiCheckbox-root'),
      'add photo buttons': page.getByRole('button', { name: /^Add photo/ }),
      'signature buttons': page.getByRole('group', { name: 'Provider signature' }).getByRole('button'),
      'add finding': page.getByRole('button', { name: 'Add finding' }),
    });
    await screenshot(page, 'report-edit-tablet');
    await expectNoSeriousA11yViolations(page, 'report edit form on a tablet');

    // leaving with unsaved edits asks first (000 §2.8)
    await page.getByRole('button', { name: 'Back' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave the page?' });
    await leave.getByText('You have unsaved data, do you want to leave the page?').waitFor();
    await viewShot(page, 'report-edit-tablet-unsaved');
    await expectNoSeriousA11yViolations(page, 'unsaved data question');
    await leave.getByRole('button', { name: 'STAY' }).click();
    expect(new URL(page.url()).pathname).toBe(`/Reports/${id}/edit`);
    // the browser's own prompt on reload
    const dialogs: string[] = [];
    page.once('dialog', (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.reload({ timeout: 5_000 }).catch(() => undefined);
    expect(dialogs).toEqual(['beforeunload']);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Leave the page?' }).getByRole('button', { name: 'LEAVE' }).click();
    await page.waitForURL((u) => u.pathname === `/Reports/${id}/details`);
    await page.context().close();
  });

  it('issue 23: a summary the manager saved while the inspector edited it is replaced by the later save, and the form says so beside it', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const name = 'Daily check for Jaw JC';
    const id = await myOpenInspection(page, name);
    await page.goto(`${product.url}/Reports/${id}/edit`);
    await page.getByRole('heading', { level: 1, name: `Edit inspection: ${name}` }).waitFor();
    // meanwhile the manager saves the summary (REST, from the version read)
    const manager = await newPage(browser);
    await signInAsStaff(manager, product.url, 'manager@company.example');
    const token = await manager.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${product.url}/api/v1/inspections/update?lang=en&id=${id}`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ finished: false, content: { summary: 'The manager wrote this.' }, fieldVersions: { summary: 0 } }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await page.getByRole('textbox', { name: 'Summary', exact: true }).fill('The inspector wrote this.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Save the inspection?' });
    await confirm.getByRole('button', { name: /^SAVE( AS DRAFT)?$/ }).click();
    const notice = page.getByTestId('conflict-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Summary was changed by .+ at \d\d:\d\d while you were editing; your answer replaced it\./);
    await page.getByTestId('saved-over').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/Reports/${id}/edit`);
    await notice.scrollIntoViewIfNeeded();
    await viewShot(page, 'report-edit-text-replaced');
    await expectNoSeriousA11yViolations(page, 'report edit, a text replaced');
    const saved = await api<TInspectionEdit>(page, `/api/v1/inspections/${id}/editDetails`);
    expect(saved.content.summary).toBe('The inspector wrote this.');
  });
  it('issue 23: a finding the inspector removes after the manager changed it is kept, and the form says so beside it', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const name = 'Daily check for Jaw JC';
    const id = await myOpenInspection(page, name);
    const put = (p: Page, body: unknown) => putUpdate(p, id, body);
    // the inspector's finding, added over REST (the other findings, not named, are kept)
    const added = await put(page, { finished: false, findings: [{ title: 'Cracked jaw plate' }], partVersions: { findings: {} } });
    const finding = added.findings.find((f) => f.title === 'Cracked jaw plate')!;
    await page.goto(`${product.url}/Reports/${id}/edit`);
    await page.getByRole('heading', { level: 1, name: `Edit inspection: ${name}` }).waitFor();
    // meanwhile the manager changes it, from the version read
    const manager = await newPage(browser);
    await signInAsStaff(manager, product.url, 'manager@company.example');
    await put(manager, { finished: false, findings: [{ ...finding, title: 'Cracked jaw plate, both sides' }], partVersions: { findings: { [finding.id]: finding.version } } });
    // the inspector, on the form read before, removes it and saves
    await page.getByRole('button', { name: 'Remove finding Cracked jaw plate', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save the inspection?' }).getByRole('button', { name: /^SAVE( AS DRAFT)?$/ }).click();
    const card = page.getByRole('article', { name: 'Cracked jaw plate, both sides' });
    const notice = card.getByTestId('conflict-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Finding “Cracked jaw plate, both sides” was changed by .+ at \d\d:\d\d while you were editing, so your removal was not applied\./);
    expect(new URL(page.url()).pathname).toBe(`/Reports/${id}/edit`);
    await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await viewShot(page, 'report-edit-finding-kept');
    await expectNoSeriousA11yViolations(page, 'report edit, a finding kept');
    const saved = await api<TInspectionEdit>(page, `/api/v1/inspections/${id}/editDetails`);
    expect(saved.findings.find((f) => f.id === finding.id)).toMatchObject({ title: 'Cracked jaw plate, both sides', updatedBy: expect.any(String) });
  });
  it('issue 23: a finding the manager removed while the inspector changed it comes back with the change, and the form says so beside it', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const name = 'Daily check for Jaw JC';
    const id = await myOpenInspection(page, name);
    const put = (p: Page, body: unknown) => putUpdate(p, id, body);
    const added = await put(page, { finished: false, findings: [{ title: 'Worn jaw liner' }], partVersions: { findings: {} } });
    const finding = added.findings.find((f) => f.title === 'Worn jaw liner')!;
    await page.goto(`${product.url}/Reports/${id}/edit`);
    await page.getByRole('heading', { level: 1, name: `Edit inspection: ${name}` }).waitFor();
    // meanwhile the manager removes it, from the version read (the other findings, not named, are kept)
    const manager = await newPage(browser);
    await signInAsStaff(manager, product.url, 'manager@company.example');
    const removed = await put(manager, { finished: false, findings: [], partVersions: { findings: { [finding.id]: finding.version } } });
    expect(removed.findings.some((f) => f.id === finding.id)).toBe(false);
    // the inspector, on the form read before, changes its title and saves
    const before = page.getByRole('article', { name: 'Worn jaw liner' });
    await before.getByRole('textbox', { name: 'Title' }).fill('Worn jaw liner, left');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save the inspection?' }).getByRole('button', { name: /^SAVE( AS DRAFT)?$/ }).click();
    const card = page.getByRole('article', { name: 'Worn jaw liner, left' });
    const notice = card.getByTestId('conflict-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Finding “Worn jaw liner, left” was removed by .+ at \d\d:\d\d while you were editing; your change brought it back\./);
    await page.getByTestId('saved-over').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/Reports/${id}/edit`);
    await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await viewShot(page, 'report-edit-finding-brought-back');
    await expectNoSeriousA11yViolations(page, 'report edit, a finding brought back');
    // on a tablet held upright: the note fits its card and its Dismiss is a touch target
    await page.setViewportSize(TABLET);
    await notice.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectTouchTargets({ Dismiss: notice.getByRole('button', { name: 'Dismiss' }) });
    await viewShot(page, 'report-edit-finding-brought-back-tablet');
    const saved = await api<TInspectionEdit>(page, `/api/v1/inspections/${id}/editDetails`);
    expect(saved.findings.find((f) => f.id === finding.id)).toMatchObject({ title: 'Worn jaw liner, left' });
  });
});
