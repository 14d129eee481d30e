import { afterAll, beforeAll, expect, it } from 'vitest';
import { startJobRuntime, type JobRuntime } from '@insp/worker';
import { generateWebhookSecret, type WebhookSettings } from '@insp/webhooks';
import { createPgliteTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';
import { startReceiver, verifyStandardWebhook } from './webhooks.fixtures.test-helpers.js';

// The embedded default: PGlite, no Redis, jobs run in this process through the outbox (polled every 50 ms here),
// with the same retry schedule.
const settings: WebhookSettings = { policy: { allowPrivate: true, allowNetworks: [] }, retryBaseMs: 100, timeoutMs: 3000 };
let t: TestApp;
let runtime: JobRuntime;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let token = '';

beforeAll(async () => {
  t = await createPgliteTestApp('insp-webhooks-pglite-');
  token = (await signInUsers(t, [{ kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'] }])).admin!;
  receiver = await startReceiver();
  runtime = await startJobRuntime({ db: t.db, dataDir: t.config.dataDir, mailFrom: 'x <x@company.example>', log: { debug() {}, info() {}, warn() {}, error() {} }, runProcessors: true, pollMs: 50, webhooks: settings });
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  await receiver?.close();
  await t?.close();
});

it('delivers a signed event in-process on the embedded default and retries it after a 500 with the same id and body', async () => {
  const secret = generateWebhookSecret();
  const { id } = await t.db.insertInto('webhook_endpoints').values({ url: `http://127.0.0.1:${receiver.port}/flaky/1`, secret, events: ['audit.finished'] }).returning('id').executeTakeFirstOrThrow();
  const res = await t.app.inject({ method: 'POST', url: '/trpc/webhooks.sendTest', payload: { id }, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  const until = Date.now() + 15_000;
  while (receiver.received.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  const [first, second] = receiver.received;
  expect(second, 'a second attempt').toBeDefined();
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  expect(second!.body).toBe(first!.body);
  expect(verifyStandardWebhook(secret, second!)).toBe(true);
  const settled = async () => t.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('endpoint_id', '=', id).executeTakeFirstOrThrow();
  while ((await settled()).status !== 'succeeded' && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  expect(await settled()).toEqual({ status: 'succeeded', attempts: 2 });
}, 30_000);
