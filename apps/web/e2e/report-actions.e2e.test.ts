import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TV1InspectionReport as TInspectionEdit, TInspectionListItem, TProtocolFit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { screenshot, viewScreenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { newPage, signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * Issue 20 on the built product with the demo seed: the report screens offer what the server accepts (a Manager
 * gets no 'Edit inspection' on a finished report, an Admin reopens it), voice comments play, and an inspector's
 * start left without an answer is discarded on leaving the form.
 */
let product: Product;
let browser: Browser;

productAndBrowser((p, b) => {
  product = p;
  browser = b;
});

/** A call of the API with the page's session token, as the app makes it. */
const api = <T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(async ({ p, method, body }) => {
    const res = await fetch(p, {
      method: method ?? 'GET',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
  }, { p: path, method: init.method, body: init.body }) as Promise<{ status: number; body: T }>;

const FRAME = '[data-testid=report-frame]';
const excludeFrame = { exclude: [FRAME] };
const settled = (page: Page) => page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)).then(() => undefined));

async function signIn(email: string, path: string, tablet = false) {
  const page = tablet ? await newTabletPage(browser) : await newPage(browser);
  await signInAsStaff(page, product.url, email, path);
  return page;
}

/** Reports of the seed by status, through the list call the screens use. */
async function reports(page: Page, status: string): Promise<TInspectionListItem[]> {
  const { body } = await api<{ result: TInspectionListItem[] }>(page, '/api/v1/inspections?amount=100');
  return body.result.filter((r) => r.status === status);
}

describe('report actions where the server allows them', () => {
  it("gives a Manager no 'Edit inspection' on a finished report; an Admin reopens it on a tablet and may edit it again", async () => {
    const manager = await signIn('manager@company.example', '/Reports');
    const finished = (await reports(manager, 'Finished'))[0]!;
    await manager.goto(`${product.url}/Reports/${finished.id}/details`);
    await manager.getByTestId('report-status').getByText('Status: Finished').waitFor();
    await manager.getByRole('link', { name: 'View protocol' }).waitFor();
    expect(await manager.getByRole('link', { name: 'Edit inspection' }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    // and the form itself, opened by its address, offers no Save but says why
    await manager.goto(`${product.url}/Reports/${finished.id}/edit`);
    await manager.getByTestId('cannot-save').getByText(/A finished inspection can only be changed by an Admin/).waitFor();
    expect(await manager.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await manager.getByRole('textbox', { name: 'Summary', exact: true }).isDisabled()).toBe(true);
    await screenshot(manager, 'report-actions-manager-finished-form');
    await manager.context().close();

    const admin = await signIn('admin@company.example', `/Reports/${finished.id}/details`, true);
    await admin.getByTestId('report-status').getByText('Status: Finished').waitFor();
    const reportText = () => admin.frameLocator(FRAME).locator('body').innerText();
    await expect.poll(reportText).toMatch(/\bFinished\b/);
    expect(await reportText()).not.toMatch(/\bIn use\b/);
    const reopen = admin.getByRole('button', { name: 'Reopen' });
    await expectTouchTargets({
      'Reopen button': reopen,
      'View protocol link': admin.getByRole('link', { name: 'View protocol' }),
      'Edit inspection link': admin.getByRole('link', { name: 'Edit inspection' }),
    });
    expect(await admin.getByRole('button', { name: 'Edit status' }).count()).toBe(0);
    await screenshot(admin, 'report-actions-admin-finished');
    await expectNoSeriousA11yViolations(admin, 'report details, finished, admin', excludeFrame);
    await reopen.tap();
    const ask = admin.getByRole('dialog', { name: `Reopen ${finished.name}?` });
    await ask.getByText('Do you really want to reopen the inspection? It can then be edited again.').waitFor();
    await settled(admin);
    await expectTouchTargets({ 'reopen dialog buttons': ask.getByRole('button') });
    await expectNoSeriousA11yViolations(admin, 'reopen question', excludeFrame);
    await screenshot(admin, 'report-actions-reopen-question');
    await ask.getByRole('button', { name: 'REOPEN' }).tap();
    // The status, the report's own text and the offered actions follow without a reload.
    await admin.getByTestId('report-status').getByText('Status: In use').waitFor();
    await expect.poll(() => admin.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    await admin.getByRole('button', { name: 'Edit status' }).waitFor();
    await expect.poll(reportText, { timeout: 15_000 }).toMatch(/\bIn use\b/);
    const { body } = await api<TInspectionEdit>(admin, `/api/v1/inspections/${finished.id}/web`);
    expect(body.status).toBe('In_Use');
    await screenshot(admin, 'report-actions-reopened');
    await admin.context().close();
  });

  it('plays a voice comment on the details page, in the edit form and in the protocol view', async () => {
    const page = await signIn('admin@company.example', '/Reports', true);
    let found: { id: string; point: string } | null = null;
    for (const r of (await api<{ result: TInspectionListItem[] }>(page, '/api/v1/inspections?amount=100')).body.result) {
      const { body } = await api<TInspectionEdit>(page, `/api/v1/inspections/${r.id}/web`);
      const point = body.categories.flatMap((c) => c.inspectionPoints).find((p) => p.content.voiceCommentId);
      if (point) {
        found = { id: r.id, point: point.content.nameOverride || point.name };
        break;
      }
    }
    expect(found, 'a seeded report with a voice comment').not.toBeNull();
    const { id, point } = found!;

    const playable = async (where: string) => {
      const audio = page.getByRole('figure').filter({ hasText: `Voice comment: ${point}` }).locator('audio').first();
      await audio.waitFor();
      expect(await audio.getAttribute('src'), where).toMatch(/^blob:/);
      // The bytes came with the token and the browser can decode and play them.
      const played = await audio.evaluate(async (a: HTMLAudioElement) => {
        a.muted = true;
        await a.play();
        return { ready: a.readyState, duration: a.duration };
      });
      expect(played.ready, where).toBeGreaterThanOrEqual(1);
      expect(played.duration, where).toBeGreaterThan(0);
      await expectTouchTargets({ [`${where} voice player`]: audio });
    };

    await page.goto(`${product.url}/Reports/${id}/details`);
    await page.getByRole('heading', { name: 'Voice comments' }).waitFor();
    await playable('details');
    await page.getByRole('heading', { name: 'Voice comments' }).scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'report-actions-voice-details');
    await expectNoSeriousA11yViolations(page, 'details with voice comments', excludeFrame);

    await page.goto(`${product.url}/Reports/${id}/edit`);
    await playable('edit form');
    await page.getByRole('figure').filter({ hasText: 'Voice comment:' }).first().evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await viewScreenshot(page, 'report-actions-voice-edit');
    await expectNoSeriousA11yViolations(page, 'edit form with a voice comment');

    await page.goto(`${product.url}/Reports/${id}/protocol`);
    await playable('protocol view');
    await page.getByRole('figure').filter({ hasText: 'Voice comment:' }).first().evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await viewScreenshot(page, 'report-actions-voice-protocol');
    await expectNoSeriousA11yViolations(page, 'protocol view with a voice comment');
    await page.context().close();
  });

  it('asks an inspector who leaves an empty start on a tablet to keep or discard it; DISCARD removes it', async () => {
    const page = await signIn('inspector@company.example', '/Reports', true);
    // A start as /Reports/new makes it, on a seeded machine with its best-fit protocol.
    const model = (await reports(page, 'In_Use'))[0]!;
    const { body: seen } = await api<TInspectionEdit>(page, `/api/v1/inspections/${model.id}/web`);
    const { body: fits } = await api<TProtocolFit[]>(page, `/api/v1/InspectionProtocols/sortedByFit?equipmentId=${seen.equipmentId}`);
    const start = async () => {
      const res = await api<TInspectionEdit>(page, '/api/v1/inspections', {
        method: 'POST',
        body: { protocolId: fits[0]!.id, customerId: seen.customerId, customerSiteId: seen.customerSiteId, equipment: { id: seen.equipmentId } },
      });
      expect(res.status).toBe(201);
      return res.body.id;
    };

    // KEEP leaves it in the lists, as it is.
    const kept = await start();
    await page.goto(`${product.url}/Reports/${kept}/edit`);
    const form = page.getByRole('form', { name: /^Edit inspection: / });
    await form.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await form.getByRole('button', { name: 'Back' }).tap();
    const ask = page.getByRole('dialog', { name: 'Keep this inspection?' });
    await ask.getByText('Nothing has been saved in this inspection yet. Keep it as an empty report in use, or discard it?').waitFor();
    await settled(page);
    await expectTouchTargets({ 'keep or discard buttons': ask.getByRole('button') });
    await expectNoSeriousA11yViolations(page, 'keep or discard question');
    await viewScreenshot(page, 'report-actions-discard-question');
    await ask.getByRole('button', { name: 'KEEP' }).tap();
    await page.waitForURL((u) => u.pathname === `/Reports/${kept}/details`);
    expect((await api(page, `/api/v1/inspections/${kept}/web`)).status).toBe(200);

    // DISCARD deletes it (soft) and goes to the reports list.
    const discarded = await start();
    await page.goto(`${product.url}/Reports/${discarded}/edit`);
    await form.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await form.getByRole('button', { name: 'Back' }).tap();
    await ask.getByRole('button', { name: 'DISCARD' }).tap();
    await page.waitForURL((u) => u.pathname === '/Reports');
    expect((await api(page, `/api/v1/inspections/${discarded}/web`)).status).toBe(404);
    await page.locator('table tbody tr').first().waitFor();
    await screenshot(page, 'report-actions-discarded');

    // Another inspector's start is not theirs to discard: the server refuses it.
    const manager = await signIn('manager@company.example', '/Reports');
    const { body: can } = await api<TInspectionEdit>(manager, `/api/v1/inspections/${kept}/web`);
    expect(can.can).toMatchObject({ discard: false });
    await manager.context().close();
    await page.context().close();
  });
});
