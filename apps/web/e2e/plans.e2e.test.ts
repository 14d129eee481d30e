import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from './support/product.js';
import { readFileSync } from 'node:fs';
import { screenshot, viewScreenshot } from './support/browser.js';
import { downloadedFile } from './support/editing.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * Issue 24 on screen: plans on the equipment record and for a site, the Due view, My page's due list, the prefilled
 * start, the follow-up actions screen, and an open action beside its point in the machine's next inspection.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** A tRPC query with the page's session, as the app makes it. */
const query = <T>(page: Page, path: string, input: unknown) =>
  page.evaluate(
    async ([p, i]) => {
      const res = await fetch(`/trpc/${p}?input=${encodeURIComponent(JSON.stringify(i))}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      return (await res.json()).result.data;
    },
    [path, input] as const,
  ) as Promise<T>;

/** A tRPC mutation with the page's session. */
const mutate = <T>(page: Page, path: string, input: unknown) =>
  page.evaluate(
    async ([p, i]) => {
      const res = await fetch(`/trpc/${p}`, { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' }, body: JSON.stringify(i) });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()).result.data;
    },
    [path, input] as const,
  ) as Promise<T>;

const settled = (page: Page) => page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)).then(() => undefined));
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await screenshot(page, name);
}
async function pick(page: Page, label: string, option: string | RegExp) {
  const select = page.getByRole('dialog').getByRole('combobox', { name: label });
  await expect.poll(() => select.getAttribute('aria-disabled')).toBeNull();
  await select.click();
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  await settled(page);
  await expectTouchTargets({ [`${label} options`]: options });
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

let machine: { id: string; serialNumber: string };
let customer: { id: string; name: string };

describe('inspection plans on a tablet', () => {
  it('lets a manager add a plan on the equipment page and plans for a whole site, and lists them as due', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'manager@company.example', '/');
    customer = (await query<Array<{ id: string; name: string }>>(page, 'inspectionStart.customers', { search: 'Kalliomurske' }))[0]!;
    const sites = await query<Array<{ id: string; name: string }>>(page, 'inspectionStart.sites', { customerId: customer.id });
    const site = sites.find((s) => /Main quarry/.test(s.name)) ?? sites[0]!;
    const machines = await query<Array<{ id: string; serialNumber: string | null }>>(page, 'inspectionStart.equipment', { customerId: customer.id, customerSiteId: site.id });
    machine = machines.find((m) => m.serialNumber) as typeof machine;

    // The equipment record: 'Plans', 'Add plan'.
    await page.goto(`${product.url}/Equipments/${machine.id}`);
    const plans = page.getByRole('region', { name: 'Plans' });
    await plans.getByRole('button', { name: 'Add plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add plan' }).waitFor();
    await pick(page, 'Inspection type', 'Weekly');
    await pick(page, 'Inspector', /Ilkka Inspector/);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('First due date').fill(threeDaysAgo);
    await settled(page);
    await expectTouchTargets({ 'plan dialog SAVE': dialog.getByRole('button', { name: 'SAVE' }), 'plan dialog CANCEL': dialog.getByRole('button', { name: 'CANCEL' }), 'Remind the customer': dialog.getByRole('checkbox') });
    await expectNoSeriousA11yViolations(page, 'the plan dialog');
    await shot(page, 'plans-add-dialog');
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await dialog.waitFor({ state: 'detached' });
    const weekly = plans.getByRole('row').filter({ hasText: 'Weekly' });
    await weekly.waitFor();
    expect(await weekly.getByTestId('plan-state').innerText()).toMatch(/^(Overdue by \d+ days?|Due today|Due in \d+ days?|In progress|Due \d+ days? ago, within grace)$/);
    await expectTouchTargets({ 'Add plan': plans.getByRole('button', { name: 'Add plan' }), 'plan row buttons': plans.getByRole('button', { name: /^(Edit|Delete) plan/ }) });
    await shot(page, 'plans-equipment');

    // The customer: 'Plan inspections' for a site.
    await page.goto(`${product.url}/Customers/${customer.id}`);
    await page.getByRole('button', { name: `Plan inspections for site ${site.name}` }).click();
    await pick(page, 'Inspection type', 'Monthly');
    await dialog.getByRole('button', { name: 'CREATE PLANS' }).click();
    const result = dialog.getByRole('status');
    await result.waitFor();
    expect(await result.innerText()).toMatch(/^Created \d+ plans?(; \d+ machines? already had one)?\.$/);
    await shot(page, 'plans-site-result');
    await dialog.getByRole('button', { name: 'CLOSE' }).click();

    // The Due view: both plans, with their states in words.
    await page.getByRole('link', { name: 'Due', exact: true }).click();
    await page.waitForURL(/\/Due$/);
    await page.getByRole('heading', { name: 'Due', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Customer' }).fill('Kalliomurske');
    await page.getByRole('option', { name: customer.name }).click();
    const rows = page.getByTestId('plan-row').filter({ hasText: machine.serialNumber });
    await rows.filter({ hasText: 'Weekly' }).waitFor();
    await page.getByRole('combobox', { name: 'Due within' }).click();
    await page.getByRole('option', { name: '90 days' }).click();
    await rows.filter({ hasText: 'Monthly' }).first().waitFor();
    await settled(page);
    await expectTouchTargets({
      'Start inspection': page.getByRole('link', { name: /^Start inspection/ }),
      'row edit and delete': page.getByRole('button', { name: /^(Edit|Delete) plan/ }),
      'Due within': page.getByRole('combobox', { name: 'Due within' }),
      State: page.getByRole('combobox', { name: 'State' }),
    });
    // The row's buttons fit the tablet's width without scrolling sideways.
    const lastButton = await page.getByRole('button', { name: /^Delete plan/ }).first().boundingBox();
    expect(lastButton!.x + lastButton!.width).toBeLessThanOrEqual(820);
    await expectNoSeriousA11yViolations(page, 'the Due view');
    await shot(page, 'plans-due-view');
    // The list as filtered, built by the worker (in-process on the embedded default) and downloaded as a workbook.
    await expectTouchTargets({ 'Export to Excel': page.getByRole('button', { name: 'Export to Excel' }) });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = readFileSync(await downloadedFile(file));
    expect(workbook.subarray(0, 2).toString()).toBe('PK');
    expect(workbook.toString('latin1')).toContain('xl/worksheets');
    await page.getByText(/^Saved .*\.xlsx\.$/).waitFor();
    await page.context().close();
  });

  it("shows the inspector their due inspection first on My page; 'Start inspection' opens /Reports/new prefilled; no plan buttons for them", async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'inspector@company.example', '/');
    const section = page.getByRole('region', { name: 'My due inspections' });
    const row = section.getByTestId('plan-row').filter({ hasText: machine.serialNumber }).filter({ hasText: 'Weekly' });
    await row.waitFor();
    expect((await page.getByRole('heading', { level: 2 }).allInnerTexts())[0]).toBe('My due inspections');
    await settled(page);
    await expectTouchTargets({ 'My page Start inspection': section.getByRole('link', { name: /^Start inspection/ }) });
    await expectNoSeriousA11yViolations(page, "My page's due inspections");
    await shot(page, 'plans-my-page');

    await row.getByRole('link', { name: /^Start inspection/ }).click();
    await page.waitForURL((u) => u.pathname === '/Reports/new' && u.searchParams.get('equipmentId') === machine.id && u.searchParams.get('type') === 'Weekly');
    await expect.poll(() => page.getByRole('combobox', { name: 'Customer' }).inputValue(), { timeout: 15_000 }).toBe(customer.name);
    await expect.poll(() => page.getByRole('combobox', { name: 'Equipment' }).innerText()).toContain(machine.serialNumber);
    await shot(page, 'plans-start-prefilled');

    // Too low for plans: an inspector sees the Due view without edit or delete, and no plan buttons anywhere on it.
    await page.goto(`${product.url}/Due`);
    await page.getByTestId('plan-row').first().waitFor();
    expect(await page.getByRole('button', { name: /plan/i }).count()).toBe(0);
    await page.context().close();
  });

  it('lets a manager accept a proposed follow-up action with an assignee and a due date, then close it with the inspection that shows the fix', async () => {
    // The seed skips the proposal triggers; an admin finishing a finished report with bad ratings again proposes.
    type Row = { id: string; pointName: string; text: string; serialNumber: string | null; inspectionId: string };
    const admin = await newTabletPage(browser);
    await signInAsStaff(admin, product.url, 'admin@company.example', '/');
    const reports = await query<{ result: Array<{ id: string; status: string; rating: string | null; serialNumber: string | null; inspectionDate: number }> }>(admin, 'inspections.list', { amount: 200, search: '' });
    const finished = reports.result.filter((r) => r.status === 'Finished' && r.serialNumber);
    // First the reports whose machine has a later finished report (one to close the action with), Nok ones first.
    const fixable = (r: (typeof finished)[number]) => finished.some((o) => o.id !== r.id && o.serialNumber === r.serialNumber && o.inspectionDate >= r.inspectionDate);
    const candidates = finished.sort((a, b) => Number(fixable(b)) - Number(fixable(a)) || Number(b.rating === 'Nok') - Number(a.rating === 'Nok'));
    let proposal: Row | undefined;
    for (const r of candidates.slice(0, 12)) {
      await mutate(admin, 'inspections.updateStatus', { id: r.id, data: { status: 'In_Use' } });
      await mutate(admin, 'inspections.updateStatus', { id: r.id, data: { status: 'Finished' } }).catch(() => undefined);
      proposal = (await query<{ result: Row[] }>(admin, 'actions.list', { inspectionId: r.id, states: ['proposed'] })).result[0];
      if (proposal) break;
    }
    expect(proposal, 'a finished report with a Repair or Immediate action result').toBeDefined();
    await admin.context().close();

    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'manager@company.example', '/');
    await page.getByRole('link', { name: 'Actions', exact: true }).click();
    await page.waitForURL(/\/Actions$/);
    await page.getByRole('heading', { name: 'Actions', level: 1 }).waitFor();
    // The unfiltered first page may already hold the row: wait for the searched list, not just the row, before measuring.
    const searched = page.waitForResponse((r) => r.url().includes('actions.list') && decodeURIComponent(r.url()).includes(`"search":"${proposal!.serialNumber!}"`));
    await page.getByRole('searchbox', { name: 'Search' }).fill(proposal!.serialNumber!);
    await searched;
    // The row of this proposal: its point, found by its report (a machine's reports may share points and texts).
    const rowsOfIt = page.getByTestId('action-row').filter({ has: page.locator(`a[href="/Reports/${proposal!.inspectionId}"]`) }).filter({ hasText: proposal!.pointName });
    const row = rowsOfIt.first();
    await row.getByRole('button', { name: /^Accept:/ }).waitFor();
    expect(await row.getByTestId('action-state').innerText()).toBe('Proposed');
    await settled(page);
    await expectTouchTargets({
      'row buttons': page.getByTestId('action-row').getByRole('button'),
      'report links': page.getByTestId('action-row').getByRole('link'),
      State: page.getByRole('combobox', { name: 'State' }),
    });
    const lastButton = await row.getByRole('button', { name: /^Dismiss:/ }).boundingBox();
    expect(lastButton!.x + lastButton!.width).toBeLessThanOrEqual(820);
    await expectNoSeriousA11yViolations(page, 'the Actions screen');
    await shot(page, 'actions-list');

    await row.getByRole('button', { name: /^Accept:/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Accept action' }).waitFor();
    await pick(page, 'Assignee', /Ilkka Inspector/);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Due date').fill(inAWeek);
    await settled(page);
    await expectTouchTargets({ 'action dialog SAVE': dialog.getByRole('button', { name: 'SAVE' }), 'action dialog CANCEL': dialog.getByRole('button', { name: 'CANCEL' }) });
    await expectNoSeriousA11yViolations(page, 'the accept dialog');
    await shot(page, 'actions-accept-dialog');
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await dialog.waitFor({ state: 'detached' });
    const accepted = rowsOfIt.filter({ hasText: 'Ilkka Inspector' }).first();
    await expect.poll(() => accepted.getByTestId('action-state').innerText()).toBe('Open');
    expect(await accepted.innerText()).toContain(inAWeek.split('-').reverse().join('.'));

    // The fix: the newest of the machine's finished reports since the finding one (what the server offers).
    const fixes = await query<Array<{ id: string; name: string; inspectionDate: number }>>(page, 'actions.fixCandidates', { id: proposal!.id });
    expect(fixes.length, 'a later finished report of the same machine').toBeGreaterThan(0);
    await accepted.getByRole('button', { name: /^Close:/ }).click();
    await dialog.getByRole('heading', { name: 'Close action' }).waitFor();
    await dialog.getByRole('textbox', { name: /Comment/ }).fill('Fixed on site');
    const fixPick = dialog.getByRole('combobox', { name: 'Inspection that shows the fix' });
    await expect.poll(() => fixPick.getAttribute('aria-disabled')).toBeNull();
    await fixPick.click();
    const fixOptions = page.getByRole('listbox').getByRole('option');
    await fixOptions.first().waitFor();
    const fixTexts = await fixOptions.allInnerTexts();
    expect(fixTexts[0]).toBe('None');
    expect(fixTexts.slice(1).map((t) => t.split(' — ').slice(1).join(' — '))).toEqual(fixes.map((f) => f.name));
    for (const t of fixTexts.slice(1)) expect(t).toMatch(/^\d\d\.\d\d\.\d{4} — /);
    await settled(page);
    await expectTouchTargets({ 'fix inspection options': fixOptions });
    await shot(page, 'actions-close-fix-options');
    await fixOptions.nth(1).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await settled(page);
    await expectTouchTargets({ 'fix inspection pick': fixPick, 'action dialog SAVE': dialog.getByRole('button', { name: 'SAVE' }) });
    await expectNoSeriousA11yViolations(page, 'the close dialog');
    await shot(page, 'actions-close-dialog');
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await dialog.waitFor({ state: 'detached' });
    const done = await query<{ state: string; closeComment: string; assigneeName: string; dueOn: string; fixedByInspectionId: string | null }>(page, 'actions.get', { id: proposal!.id });
    expect(done).toMatchObject({ state: 'closed', closeComment: 'Fixed on site', dueOn: inAWeek, fixedByInspectionId: fixes[0]!.id });
    expect(done.assigneeName).toMatch(/Ilkka Inspector/);
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Closed' }).click();
    const closed = rowsOfIt.filter({ hasText: 'Ilkka Inspector' }).first();
    await expect.poll(() => closed.getByTestId('action-state').innerText()).toBe('Closed');
    expect(await closed.getByRole('button').count()).toBe(0);
    await shot(page, 'actions-closed');
    await page.context().close();
  });
  it('shows an open action beside its point in the next inspection of the machine, to an inspector who is not its assignee', async () => {
    type Row = { id: string; pointName: string; inspectionPointId: string | null; inspectionId: string };
    type Edit = { protocolId: string | null; customerId: string | null; equipmentId: string | null; categories: Array<{ inspectionPoints: Array<{ inspectionPointId: string | null }> }> };
    const admin = await newTabletPage(browser);
    await signInAsStaff(admin, product.url, 'admin@company.example', '/');
    // A proposal on a protocol point of a finished report (the seed skips the triggers: finishing again proposes).
    const reports = await query<{ result: Array<{ id: string; status: string; rating: string | null; serialNumber: string | null }> }>(admin, 'inspections.list', { amount: 200, search: '' });
    const candidates = reports.result.filter((r) => r.status === 'Finished' && r.serialNumber).sort((a, b) => Number(b.rating === 'Nok') - Number(a.rating === 'Nok'));
    let found: { row: Row; edit: Edit } | undefined;
    for (const r of candidates.slice(12, 40)) {
      const edit = await query<Edit>(admin, 'inspectionEdit.editDetails', { id: r.id });
      if (!edit.protocolId || !edit.customerId || !edit.equipmentId) continue;
      await mutate(admin, 'inspections.updateStatus', { id: r.id, data: { status: 'In_Use' } });
      await mutate(admin, 'inspections.updateStatus', { id: r.id, data: { status: 'Finished' } }).catch(() => undefined);
      const points = new Set(edit.categories.flatMap((c) => c.inspectionPoints.map((p) => p.inspectionPointId)));
      const rows = (await query<{ result: Row[] }>(admin, 'actions.list', { inspectionId: r.id, states: ['proposed'] })).result;
      const row = rows.find((a) => a.inspectionPointId && points.has(a.inspectionPointId));
      if (row) { found = { row, edit }; break; }
    }
    expect(found, 'a finished report proposing an action on a protocol point').toBeDefined();
    const { row, edit } = found!;
    const manager = (await query<Array<{ id: string; name: string }>>(admin, 'plans.inspectors', { search: 'manager' }))[0]!;
    await mutate(admin, 'actions.accept', { id: row.id, data: { assigneeUserId: manager.id, dueOn: '2026-01-15', text: 'Replace the worn part before the next shift' } });
    const next = await mutate<{ id: string }>(admin, 'inspectionEdit.create', { protocolId: edit.protocolId, customerId: edit.customerId, equipment: { id: edit.equipmentId } });
    await admin.context().close();

    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'inspector@company.example', `/Reports/${next.id}/edit`);
    const note = page.getByTestId('open-action').filter({ hasText: 'Replace the worn part before the next shift' });
    await note.waitFor();
    expect(await note.innerText()).toContain(`Open action: Replace the worn part before the next shift (overdue since 15.01.2026, assigned to ${manager.name})`);
    // Beside its point: inside the card of the point it was found on, under the point's name.
    const card = page.getByTestId('point').filter({ has: note });
    expect(await card.count()).toBe(1);
    expect(await card.getByRole('heading').first().innerText()).toContain(row.pointName);
    const link = note.getByRole('link', { name: /^Found in: / });
    expect(await link.getAttribute('href')).toBe(`/Reports/${row.inspectionId}`);
    await expectTouchTargets({ 'found-in link': link });
    await expectNoSeriousA11yViolations(page, 'the edit form with an open action');
    await card.scrollIntoViewIfNeeded();
    await settled(page);
    await viewScreenshot(page, 'edit-open-action');
    await page.context().close();
  });
});
