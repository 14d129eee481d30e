import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TV1Audit as TAudit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { apiAs, makePng, myOpenAudit, viewShot } from './support/editing.js';
import { expectTouchTargets, newTabletPage, TABLET } from './support/tablet.js';

/**
 * The audit editor (spec 000 §2.6) on the built product with the demo seed: the inspector opens an open audit of
 * theirs, fills a radio point with its default comment, a table and a photo (each autosaved), watches the summary's
 * autosave persist across a reload, adds a run and accepts a proposed action point; then the editor on a tablet.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const INSPECTOR = 'inspector@company.example';

const api = <T>(page: Page, path: string) => apiAs<T>(product.url, page, path);

const run = (page: Page, title: RegExp) => page.getByRole('region', { name: title });
const point = (scope: Locator, name: string) => scope.getByRole('region', { name, exact: true });
/** Waits until no (*) marker is left: every autosave answered. */
const allSaved = (page: Page) => expect.poll(() => page.getByTestId('save-marker').count(), { timeout: 10_000 }).toBe(0);

/** Opens a select by its label and picks an option (the first when none is named). */
async function pick(page: Page, scope: Locator, label: string, option?: string | RegExp) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const box = await listbox.locator('xpath=..').boundingBox();
  expect(box!.height).toBeLessThanOrEqual(120); // 000 §2.6: dropdown lists 120 px high, scrolling
  await (option ? listbox.getByRole('option', { name: option }) : listbox.getByRole('option').filter({ hasNotText: 'New equipment' }).first()).click();
  await listbox.waitFor({ state: 'hidden' });
}

describe('audit editor', () => {
  it('fills points with autosave, keeps the summary across a reload, adds a run and accepts a proposed action point', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const audit = await myOpenAudit(product.url, page);
    await page.goto(`${product.url}/Audits/${audit.id}`);
    await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'View report' }).getAttribute('href')).toBe(`/Audits/${audit.id}/report`);
    await screenshot(page, 'audit-editor');
    await expectNoSeriousA11yViolations(page, 'audit editor');

    // a radio point of the site run: 'Not OK' brings its default comment (asking first if somebody wrote one)
    const site = run(page, /^Site audit$/);
    const estop = point(site, 'Emergency stop buttons');
    await estop.getByRole('radio', { name: 'Not OK' }).check();
    const replace = page.getByRole('dialog', { name: 'Replace the comment?' });
    if (await replace.isVisible().catch(() => false)) await replace.getByRole('button', { name: 'REPLACE' }).click();
    await expect.poll(() => estop.getByRole('textbox', { name: 'Comment: Emergency stop buttons', exact: true }).inputValue()).toBe('Not working; fix before operation.');
    await estop.getByRole('radio', { name: 'Repair or replace' }).check();
    await expect.poll(() => estop.getByTestId('save-marker').count()).toBe(1);

    // a table of the primary crusher: Average computed live; and a photo, uploaded with the result
    const primary = run(page, /^Primary — Machine audit for crushers/).first();
    const belt = point(primary, 'Conveyor belt thickness');
    await belt.getByRole('textbox', { name: 'Main conveyor Left' }).fill('10');
    await belt.getByRole('textbox', { name: 'Main conveyor Centre' }).fill('12,5');
    await belt.getByRole('textbox', { name: 'Main conveyor Right' }).fill('14');
    await expect.poll(() => belt.getByRole('row', { name: /^Main conveyor/ }).getByTestId('aggregate').textContent()).toMatch(/^12\.17/);
    await belt.getByTestId('photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await belt.getByText('Unallowed file type').waitFor();
    await belt.getByTestId('photo-input').setInputFiles({ name: 'belt.png', mimeType: 'image/png', buffer: makePng(240, 160) });
    await belt.getByRole('textbox', { name: 'Caption' }).last().fill('Belt edge worn');

    // the summary autosaves 1 s after the last keystroke: (*) grey while pending, gone once saved
    const summary = page.getByRole('textbox', { name: 'Summary', exact: true });
    await summary.fill(`Crushers near capacity ${audit.id.slice(0, 8)}`);
    expect(await page.getByTestId('save-marker').filter({ visible: true }).first().getAttribute('data-state')).toBe('pending');
    await allSaved(page);
    await belt.getByText('Not uploaded yet').waitFor({ state: 'detached' }); // uploaded with the result
    expect(await belt.getByRole('textbox', { name: 'Caption' }).inputValue()).toBe('Belt edge worn');
    // measured once uploaded: the upload replaces the local preview with the stored photo (a new element)
    const photo = belt.getByRole('img', { name: 'Belt edge worn' });
    await photo.scrollIntoViewIfNeeded();
    const preview = await photo.boundingBox();
    await viewShot(page, 'audit-editor-photo');
    expect([Math.round(preview!.width), Math.round(preview!.height)]).toEqual([300, 200]);
    await screenshot(page, 'audit-editor-filled');

    const saved = await api<TAudit>(page, `/api/v1/audits/${audit.id}`);
    const siteRun = saved.inspectionProtocolRuns.find((r) => r.protocolType === 'Audit_Site')!;
    const estopSaved = siteRun.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === 'Emergency stop buttons')!.result;
    expect(estopSaved).toMatchObject({ selection: 'Not OK', comment: 'Not working; fix before operation.', rating: 'Repair' });
    const primaryRun = saved.inspectionProtocolRuns.find((r) => r.protocolRunType === 'Audit_Machine:stage_1')!;
    const beltSaved = primaryRun.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === 'Conveyor belt thickness')!.result;
    expect(beltSaved.photos.map((p) => p.caption)).toContain('Belt edge worn');
    expect(beltSaved.rows.find((r) => r.title === 'Main conveyor')!.values.map((v) => v.value)).toEqual(expect.arrayContaining(['10', '12,5', '14']));

    // the point rated repair proposes a short-term action point at once
    const proposal = page.getByTestId('proposal').filter({ hasText: 'Emergency stop buttons: Not working; fix before operation.' });
    await proposal.waitFor();

    // across a reload: the summary as typed, and the proposal still there until decided
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Summary', exact: true }).inputValue()).toBe(`Crushers near capacity ${audit.id.slice(0, 8)}`);
    await page.getByRole('region', { name: 'Proposed from the ratings' }).scrollIntoViewIfNeeded();
    await viewShot(page, 'audit-editor-proposal');
    await proposal.getByRole('button', { name: /^Accept/ }).click();
    await proposal.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Short term' }).getByText('Emergency stop buttons: Not working; fix before operation.').waitFor();

    // add a run: ADD only once stage, family, model, serial number and protocol are given
    const runsBefore = await page.getByTestId('run').count();
    await page.getByRole('button', { name: 'Add: Crushers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add run' });
    const add = dialog.getByRole('button', { name: 'ADD' });
    expect(await add.isDisabled()).toBe(true);
    await pick(page, dialog, 'Stage', 'Quaternary');
    await pick(page, dialog, 'Product family');
    await pick(page, dialog, 'Product model');
    await dialog.getByRole('textbox', { name: 'Serial number' }).fill(`E2E-AUD-${audit.id.slice(0, 6)}`);
    expect(await add.isDisabled()).toBe(true);
    await pick(page, dialog, 'Protocol', 'Machine audit for crushers');
    await viewShot(page, 'audit-editor-add-run');
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('run').count()).toBe(runsBefore + 1);
    const added = run(page, new RegExp(`^Quaternary — Machine audit for crushers — E2E-AUD-${audit.id.slice(0, 6)}`));
    await added.waitFor();
    await expectNoSeriousA11yViolations(page, 'audit editor after edits');

    // deleting it asks through the browser, naming the protocol and the equipment
    const asked = new Promise<string>((done) => page.once('dialog', (d) => (done(d.message()), void d.accept())));
    await added.getByRole('button', { name: /^Delete: / }).click();
    expect(await asked).toMatch(new RegExp(`^Do you really want to delete the run of protocol Machine audit for crushers on E2E-AUD-${audit.id.slice(0, 6)}`));
    await expect.poll(() => page.getByTestId('run').count()).toBe(runsBefore);
    await page.context().close();
  });

  it('fits a tablet held upright: no sideways scroll, 44 px targets', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const audit = await myOpenAudit(product.url, page);
    await page.goto(`${product.url}/Audits/${audit.id}`);
    await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);
    const site = run(page, /^Site audit$/);
    await expectTouchTargets({
      'refresh': page.getByRole('button', { name: 'Refresh' }),
      'change inspector': page.getByRole('button', { name: 'change inspector' }),
      'add action point': page.getByRole('button', { name: /^Add: / }),
      'edit and delete action point': page.getByRole('button', { name: /^(Edit|Delete): / }),
      'include in report': page.getByRole('switch', { name: /^Included in the report/ }),
      'radio option': site.getByRole('radio'),
      'not applicable tick': site.getByRole('checkbox'),
      'run actions': page.getByRole('button', { name: /^(Clone|Change equipment|Change protocol|Delete): / }),
      'change name, date and site': page.getByRole('button', { name: 'Change name, date and site' }),
      'add extra point': page.getByRole('button', { name: /^Add extra point: / }),
    });
    // issue 20: the save status under the title, and the audit's name, date and site changed in their dialog
    expect(await page.getByTestId('save-status').textContent()).toBe('Changes are saved as you go');
    await page.getByRole('button', { name: 'Change name, date and site' }).tap();
    const details = page.getByRole('dialog', { name: 'Change name, date and site' });
    await details.getByRole('textbox', { name: 'Audit name' }).fill(`${audit.name} (renamed)`);
    await expectTouchTargets({ 'dialog buttons': details.getByRole('button', { name: /^(SAVE|CANCEL)$/ }), 'site': details.getByRole('combobox', { name: /^Site/ }) });
    await viewShot(page, 'audit-editor-details-dialog');
    await expectNoSeriousA11yViolations(page, 'audit details dialog on a tablet');
    await details.getByRole('button', { name: 'SAVE' }).tap();
    await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name} (renamed)` }).waitFor();
    const clone = page.getByRole('button', { name: /^Clone: / }).first();
    await clone.scrollIntoViewIfNeeded();
    await viewShot(page, 'audit-editor-tablet-run');
    await screenshot(page, 'audit-editor-tablet');
    await expectNoSeriousA11yViolations(page, 'audit editor on a tablet');
    await page.context().close();
  });

  it('shows a finished audit read-only until it is reopened', async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, product.url, INSPECTOR);
    const list = await api<{ result: { id: string; name: string; finished: boolean }[] }>(page, '/api/v1/audits?mineOnly=true&amount=50');
    const done = list.result.find((a) => a.finished)!;
    await page.goto(`${product.url}/Audits/${done.id}`);
    await page.getByText('This audit is finished and cannot be edited. Reopen it from the audit list to change it.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Summary', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^(Add|Edit|Delete|Clone|Accept): / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'change inspector' }).count()).toBe(0);
    expect(await page.getByRole('radio').first().isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
    await screenshot(page, 'audit-editor-finished');
    await expectNoSeriousA11yViolations(page, 'finished audit');
    await page.context().close();
  });
});
