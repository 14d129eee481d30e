import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TV1Audit as TAudit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot, serviceWorkerInControl } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { apiAs, myOpenAudit, viewShot } from './support/editing.js';
import { expectTouchTargets, TABLET } from './support/tablet.js';

/**
 * Issue 23 in the browser: two people on one field of an audit (the later save wins, both are told); an app update
 * while writes wait (no Reload until they are sent, then the new version installs and every write is on the server
 * once); and the list of writes the server refused. The product serves a copy of the build, so the update test can
 * publish a new service worker (as pwa.e2e.test.ts does).
 */
const root = resolve(import.meta.dirname, '../../..');
const builtWeb = process.env.E2E_BUILD_DIR ? join(resolve(process.env.E2E_BUILD_DIR), 'web') : join(root, 'apps/web/dist');
const web = mkdtempSync(join(tmpdir(), 'insp-e2e-web-'));
cpSync(builtWeb, web, { recursive: true });

let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
}, { WEB_DIST: web });

const INSPECTOR = 'inspector@company.example';
const MANAGER = 'manager@company.example';
const POINT = 'Emergency stop buttons';
const COMMENT = `Comment: ${POINT}`;

async function openAudit(page: Page, id: string, name: string) {
  await page.goto(`${product.url}/Audits/${id}`);
  await page.getByRole('heading', { level: 1, name: `Audit: ${name}` }).waitFor();
}
const estop = (page: Page): Locator => page.getByRole('region', { name: /^Site audit$/ }).getByRole('region', { name: POINT, exact: true });
/** The stored result of the site run's point, as the REST API answers it. */
async function storedEstop(page: Page, auditId: string) {
  const audit = await apiAs<TAudit>(product.url, page, `/api/v1/audits/${auditId}`);
  const site = audit.inspectionProtocolRuns.find((r) => r.protocolType === 'Audit_Site')!;
  return site.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === POINT)!.result as { comment: string | null; version?: number } | null;
}
/** What focus, a reconnect or the tab coming back does: react-query reads again, the queue resumes. */
const tabShown = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

describe('field conflicts, an update while writes wait, refused writes', () => {
  it('two people save the same point: the later wins, the later saver is told, the earlier one when the editor reads again', async () => {
    const inspector = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const manager = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsStaff(inspector, product.url, INSPECTOR);
    const audit = await myOpenAudit(product.url, inspector);
    await signInAsStaff(manager, product.url, MANAGER);
    await openAudit(inspector, audit.id, audit.name);
    await openAudit(manager, audit.id, audit.name); // both editors have read the point as it was

    await estop(inspector).getByRole('textbox', { name: COMMENT, exact: true }).fill('Inspector: both buttons stiff');
    await expect.poll(() => estop(inspector).getByTestId('write-status').textContent()).toBe('Saved');
    await estop(manager).getByRole('textbox', { name: COMMENT, exact: true }).fill('Manager: left button replaced');
    await expect.poll(() => estop(manager).getByTestId('write-status').textContent()).toBe('Saved');

    // the later save won on the server, and its maker is told whose change it replaced
    expect((await storedEstop(manager, audit.id))?.comment).toBe('Manager: left button replaced');
    const replaced = estop(manager).getByTestId('conflict-notice');
    await expect.poll(() => replaced.textContent()).toMatch(new RegExp(`^${POINT} was changed by Ilkka Inspector at \\d{2}:\\d{2} while you were editing; your answer replaced it\\.`));
    await estop(manager).scrollIntoViewIfNeeded();
    await viewShot(manager, 'field-conflicts-replaced');

    // the earlier one: the editor reads again (the tab shown again) and shows the newer answer, saying who made it
    await tabShown(inspector);
    const changed = estop(inspector).getByTestId('conflict-notice');
    await expect.poll(() => changed.textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^${POINT} was changed by Max Manager at \\d{2}:\\d{2}\\.`));
    expect(await estop(inspector).getByRole('textbox', { name: COMMENT, exact: true }).inputValue()).toBe('Manager: left button replaced');
    await estop(inspector).scrollIntoViewIfNeeded();
    await viewShot(inspector, 'field-conflicts-changed');
    await expectNoSeriousA11yViolations(inspector, 'audit editor with a change notice');
    await changed.getByRole('button', { name: 'Dismiss' }).click();
    expect(await changed.count()).toBe(0);
    await inspector.context().close();
    await manager.context().close();
  });

  it('an app update while writes wait: no Reload until they are sent, then it installs, and each write is on the server once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signInAsStaff(page, product.url, INSPECTOR);
    await serviceWorkerInControl(page); // before another address opens in this tab (browser.ts says why)
    const audit = await myOpenAudit(product.url, page);
    await openAudit(page, audit.id, audit.name);
    await serviceWorkerInControl(page);
    const before = await storedEstop(page, audit.id);

    // the API is out of reach (the page and the service worker still load files): the writes wait on the device
    await context.route(`${product.url}/trpc/**`, (r) => r.abort('internetdisconnected'));
    const summary = `Written while the server was out of reach ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Summary', exact: true }).fill(summary);
    await estop(page).getByRole('textbox', { name: COMMENT, exact: true }).fill('Kept on the device, then sent');
    const badge = page.getByTestId('waiting-badge');
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 }).toBe('2 changes waiting to be sent');

    // a deploy: other bytes at /sw.js; the new version installs and waits
    const newVersion = readFileSync(join(web, 'sw.js'), 'utf8') + `\n// e2e: a new version ${Date.now()}\n`;
    writeFileSync(join(web, 'sw.js'), newVersion);
    writeFileSync(join(web, 'sw.js.gz'), gzipSync(newVersion));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
    await expect.poll(() => notice.textContent(), { timeout: 15_000 }).toBe('A new version is ready. It will be installed when everything is sent.');
    expect(await notice.getByRole('button', { name: 'Reload' }).count()).toBe(0);
    await screenshot(page, 'field-conflicts-update-waits');

    // the server is back: the queue sends, then Reload is offered
    await context.unroute(`${product.url}/trpc/**`);
    await tabShown(page);
    await expect.poll(() => badge.count(), { timeout: 60_000 }).toBe(0);
    const reload = notice.getByRole('button', { name: 'Reload' });
    await reload.waitFor({ timeout: 15_000 });
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null))).toBeNull();

    // every write on the server, each once: the point's version moved by exactly one save
    const after = await storedEstop(page, audit.id);
    expect(after?.comment).toBe('Kept on the device, then sent');
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect((await apiAs<TAudit>(product.url, page, `/api/v1/audits/${audit.id}`)).summary).toBe(summary);
    await context.close();
  });

  it('lists a write the server refused, with what, when and why, and dismisses it (axe, 820 px touch targets)', async () => {
    const context = await browser.newContext({ viewport: TABLET, hasTouch: true });
    const page = await context.newPage();
    await signInAsStaff(page, product.url, INSPECTOR);
    const audit = await myOpenAudit(product.url, page);
    await openAudit(page, audit.id, audit.name);
    // someone finishes the audit while it is open here: the next change is refused
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const finish = (finished: boolean) => fetch(`${product.url}/api/v1/audits/${audit.id}/finished`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(finished),
    });
    expect((await finish(true)).status).toBe(200);
    await page.getByRole('textbox', { name: 'Internal comment', exact: true }).fill('Too late: the audit is finished');
    const button = page.getByTestId('refused-button');
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('1 change not saved');
    await expectTouchTargets({ 'header button': button });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Changes not saved' });
    const entry = dialog.getByTestId('refused-entry');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toMatch(/^Audit: Internal commentMade: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}.*Reason: .+/);
    await viewShot(page, 'field-conflicts-refused-list');
    await expectNoSeriousA11yViolations(page, 'refused changes');
    await expectTouchTargets({ 'Open': entry.getByRole('link', { name: 'Open' }), 'Dismiss': entry.getByRole('button', { name: 'Dismiss' }), 'Close': dialog.getByRole('button', { name: 'Close' }) });
    await entry.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => entry.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => button.count()).toBe(0);
    expect((await finish(false)).status).toBe(200);
    await context.close();
  });
});
