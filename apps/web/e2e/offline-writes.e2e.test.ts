import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TV1Audit as TAudit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot, viewScreenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { apiAs, makePng, myOpenAudit } from './support/editing.js';
import { expectTouchTargets, TABLET } from './support/tablet.js';

/**
 * The offline write queue (issue 23) in the audit editor: with the network cut (Chromium's network emulation), a
 * point's answer and a photo are kept on the device and say so, the header counts them; the tab is closed before
 * the network is back; the next tab opened online sends them by itself, and the server has each exactly once.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

const INSPECTOR = 'inspector@company.example';
const MANAGER = 'manager@company.example';
const api = <T>(page: Page, path: string) => apiAs<T>(product.url, page, path);
const point = (scope: Locator, name: string) => scope.getByRole('region', { name, exact: true });

/** The stored result of a point of the audit, by run and point name. */
async function storedResult(page: Page, auditId: string, runType: string, pointName: string) {
  const audit = await api<TAudit>(page, `/api/v1/audits/${auditId}`);
  const run = audit.inspectionProtocolRuns.find((r) => r.protocolRunType === runType || r.protocolType === runType)!;
  return run.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === pointName)!.result;
}

describe('offline writes', () => {
  it('keeps answers and a photo made offline on the device, and sends them once from the next tab opened online', async () => {
    const page = await newPage(browser);
    const context = page.context();
    await signInAsStaff(page, product.url, INSPECTOR);
    const audit = await myOpenAudit(product.url, page);
    await page.goto(`${product.url}/Audits/${audit.id}`);
    await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();
    const photosBefore = (await storedResult(page, audit.id, 'Audit_Machine:stage_1', 'Conveyor belt thickness'))?.photos?.length ?? 0;

    await context.setOffline(true);
    const site = page.getByRole('region', { name: /^Site audit$/ });
    const estop = point(site, 'Emergency stop buttons');
    await estop.getByRole('radio', { name: 'Not OK' }).check();
    const replace = page.getByRole('dialog', { name: 'Replace the comment?' });
    if (await replace.isVisible().catch(() => false)) await replace.getByRole('button', { name: 'REPLACE' }).click();
    await estop.getByRole('radio', { name: 'Repair or replace' }).check();
    const belt = point(page.getByRole('region', { name: /^Primary — Machine audit for crushers/ }).first(), 'Conveyor belt thickness');
    await belt.getByTestId('photo-input').setInputFiles({ name: 'offline.png', mimeType: 'image/png', buffer: makePng(240, 160) });
    await belt.getByRole('textbox', { name: 'Caption' }).last().fill('Taken offline');

    // each item says it is only on this device; the header counts what waits
    await expect.poll(() => estop.getByTestId('write-status').textContent()).toBe('Saved on this device');
    await expect.poll(() => belt.getByTestId('write-status').textContent()).toBe('Saved on this device');
    const badge = page.getByTestId('waiting-badge');
    await expect.poll(() => badge.getAttribute('aria-label')).toMatch(/^\d+ changes? waiting to be sent$/);
    await screenshot(page, 'offline-writes-waiting');
    await estop.scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'offline-writes-point');
    await page.evaluate(() => window.scrollTo(0, 0));
    await viewScreenshot(page, 'offline-writes-header');
    await expectNoSeriousA11yViolations(page, 'audit editor with changes waiting offline');

    // nothing reached the server, and the tab is closed before the network is back
    await page.close();
    await context.setOffline(false);
    const check = await context.newPage();
    await check.goto(`${product.url}/ready`);
    expect((await storedResult(check, audit.id, 'Audit_Machine:stage_1', 'Conveyor belt thickness'))?.photos?.length ?? 0).toBe(photosBefore);

    // the next tab, online: the queue resumes by itself and empties
    await check.goto(`${product.url}/Audits/${audit.id}`);
    await check.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();
    await expect.poll(() => check.getByTestId('waiting-badge').count(), { timeout: 30_000 }).toBe(0);

    // on the server, each exactly once
    expect(await storedResult(check, audit.id, 'Audit_Site', 'Emergency stop buttons')).toMatchObject({ selection: 'Not OK', rating: 'Repair' });
    const beltSaved = await storedResult(check, audit.id, 'Audit_Machine:stage_1', 'Conveyor belt thickness');
    expect(beltSaved.photos.length).toBe(photosBefore + 1);
    expect(beltSaved.photos.filter((p) => p.caption === 'Taken offline')).toHaveLength(1);
    await screenshot(check, 'offline-writes-sent');
    await context.close();
  });

  it('sends a signed-out user\'s waiting write only under their own next sign-in: never under the next user\'s', async () => {
    const context = await browser.newContext({ viewport: TABLET, hasTouch: true });
    const page = await context.newPage();
    // every write of the summary that reached the server (an answered request), whoever was signed in
    const answered: string[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().includes('audits.setText')) answered.push(r.url());
    });
    await signInAsStaff(page, product.url, INSPECTOR);
    const inspectorName = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? 'null') as { session: { user: { name: string } } }).session.user.name);
    const audit = await myOpenAudit(product.url, page);
    await page.goto(`${product.url}/Audits/${audit.id}`);
    await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();

    // the API is out of reach (pages still load): the inspector's summary waits on the device
    await context.route(`${product.url}/trpc/**`, (r) => r.abort('internetdisconnected'));
    const summary = `Written by the inspector before logging out ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Summary', exact: true }).fill(summary);
    const badge = page.getByTestId('waiting-badge');
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 }).toBe('1 change waiting to be sent');

    // Log out warns first; the inspector logs out anyway
    await page.getByRole('link', { name: 'Log out' }).click();
    const warning = page.getByRole('dialog', { name: 'Log out before your changes are sent?' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('1 change you made is kept on this device but not sent yet. They are sent only when you sign in again on this device');
    await expectTouchTargets({ 'Stay signed in': warning.getByRole('button', { name: 'Stay signed in' }), 'Log out anyway': warning.getByRole('button', { name: 'Log out anyway' }) });
    await expectNoSeriousA11yViolations(page, 'log out warning');
    await viewScreenshot(page, 'offline-writes-logout-warning');
    await warning.getByRole('button', { name: 'Log out anyway' }).click();
    await page.getByLabel('Email').waitFor({ timeout: 20_000 }); // the login screen

    // the manager signs in on the same device with the API back: the inspector's write is kept, told, and not sent
    await context.unroute(`${product.url}/trpc/**`);
    await signInAsStaff(page, product.url, MANAGER);
    const others = page.getByTestId('others-waiting-badge');
    await expect.poll(() => others.getAttribute('aria-label'), { timeout: 15_000 }).toBe(`1 change by ${inspectorName} waits until they sign in again`);
    expect(await badge.count()).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(3000);
    expect(answered).toEqual([]);
    expect((await apiAs<TAudit>(product.url, page, `/api/v1/audits/${audit.id}`)).summary).not.toBe(summary);
    await viewScreenshot(page, 'offline-writes-others-waiting');
    await expectNoSeriousA11yViolations(page, 'header with another user\'s changes waiting');

    // the manager logs out (nothing of theirs waits: no warning), the inspector signs in again: sent once, as theirs
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByLabel('Email').waitFor({ timeout: 20_000 });
    await signInAsStaff(page, product.url, INSPECTOR);
    await expect.poll(() => answered.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0);
    expect(await others.count()).toBe(0);
    const stored = await page.evaluate(async (id) => {
      const res = await fetch(`/trpc/audits.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await res.json()) as { result: { data: { summary: string; textVersions?: { summary?: { updatedBy: string | null } } } } }).result.data;
    }, audit.id);
    expect(stored.summary).toBe(summary);
    expect(stored.textVersions?.summary?.updatedBy).toBe(inspectorName);
    await page.waitForTimeout(1000);
    expect(answered).toHaveLength(1);
    await context.close();
  });
});
