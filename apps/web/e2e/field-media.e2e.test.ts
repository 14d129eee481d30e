import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { TV1Audit as TAudit } from '@insp/contracts';
import type { Product } from './support/product.js';
import { BROWSER_OPTIONS, screenshot, viewScreenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { productAndBrowser, signInAsStaff } from './support/sign-in.js';
import { apiAs, makePng, myOpenAudit } from './support/editing.js';
import { expectTouchTargets, TABLET } from './support/tablet.js';

/**
 * Camera, voice comments and resumable uploads in the audit editor (issue 23), on a tablet-sized touch screen: a
 * voice comment recorded with Chromium's fake microphone, played back and saved; a photo taken into a point whose
 * upload is cut after its first chunk goes on from the server's offset, and the server has it exactly once.
 */
let product: Product;
productAndBrowser((p) => {
  product = p;
});

// The run's shared Chromium has no fake microphone: this file launches one of its own with the fake media flags.
let media: Browser;
beforeAll(async () => {
  media = await chromium.launch({
    ...BROWSER_OPTIONS,
    args: [...BROWSER_OPTIONS.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  });
});
afterAll(() => media?.close());

const INSPECTOR = 'inspector@company.example';
const POINT = 'Conveyor belt thickness';
const MACHINE_RUN = 'Audit_Machine:stage_1';

async function tabletPage(): Promise<Page> {
  const context = await media.newContext({ viewport: TABLET, hasTouch: true, serviceWorkers: 'block', permissions: ['microphone'] });
  return context.newPage();
}

async function openAuditPoint(page: Page) {
  await signInAsStaff(page, product.url, INSPECTOR);
  const audit = await myOpenAudit(product.url, page);
  await page.goto(`${product.url}/Audits/${audit.id}`);
  await page.getByRole('heading', { level: 1, name: `Audit: ${audit.name}` }).waitFor();
  const run = page.getByRole('region', { name: /^Primary — Machine audit for crushers/ }).first();
  return { audit, point: run.getByRole('region', { name: POINT, exact: true }) };
}

async function storedResult(page: Page, auditId: string) {
  const audit = await apiAs<TAudit>(product.url, page, `/api/v1/audits/${auditId}`);
  const run = audit.inspectionProtocolRuns.find((r) => r.protocolRunType === MACHINE_RUN || r.protocolType === MACHINE_RUN)!;
  return run.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === POINT)!.result;
}

/** The item's status says 'Saved' and the server holds what `check` looks for (the status is briefly 'Saved' between an upload and the save after it). */
async function savedOnServer<T>(point: Locator, read: () => Promise<T>, check: (v: T) => boolean) {
  await expect.poll(async () => check(await read()), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => point.getByTestId('write-status').textContent(), { timeout: 20_000 }).toBe('Saved');
}

/** A real PNG padded past one upload chunk (1 MB) with bytes after its end, as cameras append metadata. */
const bigPng = () => Buffer.concat([makePng(640, 480), randomBytes(1536 * 1024)]);

describe('field media on a tablet', () => {
  it('records a voice comment with the microphone, plays it back and saves it on the point', async () => {
    const page = await tabletPage();
    const { audit, point } = await openAuditPoint(page);
    const record = point.getByRole('button', { name: /^Record voice comment/ });
    const take = point.getByRole('button', { name: /^Take photo/ });
    await point.scrollIntoViewIfNeeded();
    await expectTouchTargets({ 'Take photo': take, 'Record voice comment': record });

    await record.click();
    await expect.poll(() => point.getByText(/^Recording… 0:0\d$/).count()).toBe(1);
    await page.waitForTimeout(2200);
    await expectTouchTargets({ 'Stop recording': point.getByRole('button', { name: /^Stop recording/ }) });
    await viewScreenshot(page, 'field-media-recording');
    await point.getByRole('button', { name: /^Stop recording/ }).click();

    // played back from the device: the recording has a length and plays
    const player = point.getByLabel(`Voice comment: ${POINT}`);
    await player.waitFor();
    const played = await player.evaluate(async (el) => {
      const audio = el as HTMLAudioElement;
      await audio.play();
      await new Promise((r) => setTimeout(r, 600));
      return { time: audio.currentTime, src: audio.src };
    });
    expect(played.src).toMatch(/^blob:/);
    expect(played.time).toBeGreaterThan(0.2);
    await expectTouchTargets({ 'Record again': point.getByRole('button', { name: /^Record again/ }), 'Delete voice comment': point.getByRole('button', { name: /^Delete voice comment/ }) });
    await savedOnServer(point, () => storedResult(page, audit.id), (r) => !!r?.voiceCommentId);
    await viewScreenshot(page, 'field-media-recorded');
    await expectNoSeriousA11yViolations(page, 'audit point with a recorded voice comment');

    // on the server: the point names a voice comment whose bytes are the browser's webm recording
    const result = await storedResult(page, audit.id);
    expect(result.voiceCommentId).toMatch(/^[0-9a-f-]{36}$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const file = await fetch(`${product.url}/api/v1/voicecomment/${result.voiceCommentId}/file`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.headers.get('content-type')).toBe('audio/webm');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await page.context().close();
  });

  it('a photo taken into a point and cut off mid-upload goes on from the server offset and arrives exactly once', async () => {
    const page = await tabletPage();
    const { audit, point } = await openAuditPoint(page);
    const photosBefore = (await storedResult(page, audit.id))?.photos?.length ?? 0;

    // The network drops on the second chunk: the first megabyte is on the server, the rest is not.
    const calls: string[] = [];
    let patches = 0;
    await page.route(/\/api\/v1\/uploads/, async (route) => {
      const req = route.request();
      calls.push(`${req.method()} ${req.headers()['upload-offset'] ?? ''}`.trim());
      if (req.method() === 'PATCH' && ++patches === 2) return route.abort('connectionreset');
      return route.continue();
    });
    const photo = bigPng();
    await point.getByTestId('camera-input').setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => point.getByTestId('write-status').textContent()).toMatch(/^Sending…|^Saved on this device$/);
    await savedOnServer(point, () => storedResult(page, audit.id), (r) => (r?.photos?.length ?? 0) > photosBefore);
    await point.scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'field-media-photo-resumed');

    // One upload made (POST once); after the cut the client asked where to go on (HEAD) and sent only the rest.
    const chunk = String(1024 * 1024);
    expect(calls).toEqual(['POST', 'PATCH 0', `PATCH ${chunk}`, 'HEAD', `PATCH ${chunk}`]);
    const result = await storedResult(page, audit.id);
    expect(result.photos.length).toBe(photosBefore + 1);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const last = result.photos[result.photos.length - 1]!;
    const file = await fetch(`${product.url}/api/v1/images/${last.imageId}/file`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
    await screenshot(page, 'field-media-audit');
    await page.context().close();
  });
});
