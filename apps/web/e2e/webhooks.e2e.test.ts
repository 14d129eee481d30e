import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Product } from './support/product.js';
import { screenshot } from './support/browser.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { signInAsStaff, productAndBrowser } from './support/sign-in.js';
import { expectTouchTargets, newTabletPage } from './support/tablet.js';

/**
 * /Webhooks (issue 22) on the built product at tablet width: Ada Admin opens it from the navigation, registers a
 * local receiver (allowed here by WEBHOOK_ALLOW_PRIVATE), copies the secret shown once, sends a test event, sees the
 * delivery succeed and replays it; the receiver checks each signature. A manager is refused.
 */
let product: Product;
let browser: Browser;
productAndBrowser((p, b) => {
  product = p;
  browser = b;
}, { WEBHOOK_ALLOW_PRIVATE: 'true' });

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => (received.push({ headers: req.headers, body }), res.writeHead(204).end()));
});
beforeAll(() => new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r)));
afterAll(() => new Promise<void>((r) => (receiver.closeAllConnections(), receiver.close(() => r()))));

// Standard Webhooks, as a receiver reads it: HMAC-SHA256 keyed with the base64 after whsec_, over id.timestamp.body.
const signed = (secret: string, r: (typeof received)[number]) =>
  r.headers['webhook-signature'] ===
  'v1,' + createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');

describe('/Webhooks', () => {
  it('registers an endpoint, shows its secret once, sends a signed test event and replays it unchanged', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'admin@company.example', '/');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/Webhooks$/i);
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Audit finished').check();
    await page.getByLabel('Inspection finished').check();
    await expectTouchTargets({ 'Create button': page.getByRole('button', { name: 'Create' }), 'URL field': page.getByLabel('URL') });
    await page.getByRole('button', { name: 'Create' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('link', { name: url }).waitFor();
    await screenshot(page, 'webhooks-list');
    await expectNoSeriousA11yViolations(page, 'webhooks list with the new secret');

    await page.getByRole('link', { name: url }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => received.length).toBe(1);
    expect(signed(secret, received[0]!)).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test', id: received[0]!.headers['webhook-id'] });
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByRole('cell', { name: 'succeeded' }).waitFor();
    await expectTouchTargets({
      'Send test event': page.getByRole('button', { name: 'Send test event' }),
      'Show secret': page.getByRole('button', { name: 'Show secret' }),
      Replay: page.getByRole('button', { name: 'Replay' }),
      'Event checkboxes': page.getByRole('checkbox'),
    });

    await page.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(signed(secret, received[1]!)).toBe(true);
    await deliveries.getByRole('button', { name: '2' }).click();
    await page.getByRole('table', { name: 'Attempts' }).getByRole('cell', { name: '204' }).first().waitFor();
    await screenshot(page, 'webhook-endpoint');
    await expectNoSeriousA11yViolations(page, 'webhook endpoint with its deliveries and attempts');
    await page.context().close();
  });

  it('refuses a staff Manager with the permissions message and shows no navigation item', async () => {
    const page = await newTabletPage(browser);
    await signInAsStaff(page, product.url, 'manager@company.example', '/Webhooks');
    await page.getByText('Your permissions are not enough for seeing this page.').waitFor();
    expect(await page.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await page.context().close();
  });
});
