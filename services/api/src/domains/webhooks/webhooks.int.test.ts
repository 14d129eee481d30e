import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobRuntime, type JobRuntime } from '@insp/worker';
import { recordWebhookEvent } from '@insp/db';
import type { WebhookSettings } from '@insp/webhooks';
import { anonymousContext, createTestApp, type TestApp } from '../../testing/test-app.js';
import { startSession } from '../auth/session.service.js';
import { startReceiver, verifyStandardWebhook, type Received } from './webhooks.fixtures.test-helpers.js';

// Real PostgreSQL and Redis (BullMQ at scale, our own key prefix). Only 127.0.0.2 is allowed besides public
// addresses, so the receiver is reachable there while localhost / 127.0.0.1 stay refused.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `insp-test-webhooks-${randomBytes(4).toString('hex')}`;
const settings: WebhookSettings = { policy: { allowPrivate: false, allowNetworks: ['127.0.0.2/32'] }, retryBaseMs: 100, timeoutMs: 3000 };
const log = { debug() {}, info() {}, warn() {}, error() {} };

let t: TestApp;
let runtime: JobRuntime;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  let kick = () => {};
  t = await createTestApp({ webhooks: settings }, { jobs: { kick: () => kick() } });
  const company = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  const users = await t.db
    .insertInto('users')
    .values([
      { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'] },
      { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'], account_flags: ['Developer'] },
      { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'] },
      { kind: 'distributor', email: 'dadmin@dist.example', name: 'D', company_id: company.id, distributor_admin: true, expires_at: new Date(Date.now() + 86_400_000) },
    ])
    .returning(['id', 'email'])
    .execute();
  for (const u of users) tokens[u.email.split('@')[0]!] = (await startSession(anonymousContext(t), u.id)).accessToken;
  receiver = await startReceiver();
  runtime = await startJobRuntime({
    db: t.db, redisUrl: REDIS_URL, queuePrefix: prefix, dataDir: mkdtempSync(join(tmpdir(), 'insp-webhooks-')), mailFrom: 'x <x@company.example>',
    log, runProcessors: true, pollMs: 200, webhooks: settings,
  });
  kick = () => runtime.kick();
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await receiver?.close();
  await t?.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const rpc = async (who: string, kind: 'query' | 'mutation', name: string, input?: unknown) => {
  const headers = tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {};
  const res =
    kind === 'query'
      ? await t.app.inject({ method: 'GET', url: `/trpc/webhooks.${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, headers })
      : await t.app.inject({ method: 'POST', url: `/trpc/webhooks.${name}`, payload: (input ?? {}) as never, headers });
  return { status: res.statusCode, body: res.json() as { result?: { data: any }; error?: { message: string; data: { field?: string } } } };
};
const admin = async (kind: 'query' | 'mutation', name: string, input?: unknown) => {
  const r = await rpc('admin', kind, name, input);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result!.data;
};
const base = () => `http://127.0.0.2:${receiver.port}`;
const createEndpoint = (path: string, events: string[] = ['customer.merged'], url = `${base()}${path}`) => admin('mutation', 'create', { url, events, description: path });

async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const requestsTo = (path: string) => receiver.received.filter((r: Received) => r.path === path);
const deliveryOf = async (endpointId: string) => (await admin('query', 'deliveries', { endpointId })).result[0];
const settled = (endpointId: string) => waitFor(async () => {
  const d = await deliveryOf(endpointId);
  return d && (d.status === 'succeeded' || d.status === 'failed') && d;
}, 'the delivery to settle');

describe('who may manage webhooks', () => {
  it('refuses every procedure to managers (even with the Developer flag), users, distributor admins and the signed-out; admins pass', async () => {
    const e = await createEndpoint('/roles');
    const id = { id: e.id };
    const calls: Array<[ 'query' | 'mutation', string, unknown ]> = [
      ['query', 'list', undefined], ['query', 'get', id], ['query', 'secret', id], ['query', 'deliveries', { endpointId: e.id }],
      ['query', 'delivery', { id: e.id }], ['mutation', 'create', { url: 'https://example.com/x', events: ['audit.finished'] }],
      ['mutation', 'update', { id: e.id, enabled: false }], ['mutation', 'delete', id], ['mutation', 'replay', { id: e.id }], ['mutation', 'sendTest', id],
    ];
    for (const who of ['manager', 'inspector', 'dadmin', 'nobody']) {
      for (const [kind, name, input] of calls) expect((await rpc(who, kind, name, input)).status, `${who} ${name}`).toBe(who === 'nobody' ? 401 : 403);
    }
    expect((await admin('query', 'list')).map((x: { id: string }) => x.id)).toContain(e.id);
    expect((await admin('query', 'secret', id)).secret).toBe(e.secret);
    await admin('mutation', 'delete', id);
  });
});

describe('endpoint input', () => {
  it.each([
    ['ftp://example.com/hook', 'url'],
    ['not a url', 'url'],
    ['http://10.1.2.3/hook', 'url'],
    ['http://127.0.0.1:9/hook', 'url'],
    ['http://[::1]/hook', 'url'],
    ['http://[::ffff:127.0.0.1]/hook', 'url'],
    ['http://169.254.169.254/latest/meta-data', 'url'],
  ])('refuses %s with a 400 naming %s', async (url, field) => {
    const r = await rpc('admin', 'mutation', 'create', { url, events: ['audit.finished'] });
    expect(r.status).toBe(400);
    expect(r.body.error!.data.field).toBe(field);
    expect(r.body.error!.message).toMatch(/^url: /);
  });

  it('refuses no events, unknown events and unknown fields, naming them', async () => {
    const bad = async (input: unknown) => (await rpc('admin', 'mutation', 'create', input)).body.error!.data.field;
    expect(await bad({ url: 'https://example.com/x', events: [] })).toBe('events');
    expect(await bad({ url: 'https://example.com/x', events: ['inspection.deleted'] })).toBe('events.0');
    const extra = await rpc('admin', 'mutation', 'create', { url: 'https://example.com/x', events: ['audit.finished'], colour: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.body.error!.message).toMatch(/colour/);
  });
});

describe('delivery', () => {
  it('sends an event after its commit, signed per Standard Webhooks, only to the endpoints subscribed; a rolled-back change sends nothing', async () => {
    const e = await createEndpoint('/hook', ['customer.merged']);
    expect(e.secret).toMatch(/^whsec_/);
    const other = await createEndpoint('/other', ['audit.finished']);
    const off = await createEndpoint('/off', ['customer.merged']);
    await admin('mutation', 'update', { id: off.id, enabled: false });

    // rolled back: the event, its deliveries and jobs go with the data
    await t.db.transaction().execute(async (trx) => {
      await recordWebhookEvent(trx, 'customer.merged', { customerId: 'x' });
      throw new Error('rolled back');
    }).catch(() => undefined);

    const [a, b] = await t.db.insertInto('customers').values([{ name: 'Quarry A' }, { name: 'Quarry B' }]).returning('id').execute();
    const committedAt = Date.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/customers/${a!.id}/merge`, headers: { authorization: `Bearer ${tokens.admin}` }, payload: { customerId: b!.id, name: 'Quarry AB' } });
    expect(res.statusCode, res.body).toBe(200);

    const got = await waitFor(() => requestsTo('/hook')[0], 'the event at the receiver');
    expect(got.at).toBeGreaterThanOrEqual(committedAt);
    expect(verifyStandardWebhook(e.secret, got)).toBe(true);
    expect(verifyStandardWebhook('whsec_' + Buffer.from('wrong secret').toString('base64'), got)).toBe(false);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ type: 'customer.merged', data: { customerId: b!.id, mergedCustomerId: a!.id, name: 'Quarry AB' } });
    expect(got.headers['webhook-id']).toBe(body.id);
    expect(got.headers['content-type']).toBe('application/json');

    expect((await settled(e.id)).status).toBe('succeeded');
    expect(requestsTo('/hook')).toHaveLength(1);
    expect(requestsTo('/other')).toHaveLength(0);
    expect(requestsTo('/off')).toHaveLength(0);
    expect(await t.db.selectFrom('webhook_events').select('type').where('type', '=', 'customer.merged').execute()).toHaveLength(1);
    expect((await admin('query', 'deliveries', { endpointId: other.id })).count).toBe(0);
  });

  it('retries after the receiver answers 500, with the same id and body, logging each attempt; a replay resends them unchanged', async () => {
    const e = await createEndpoint('/flaky/2');
    const { eventId } = await admin('mutation', 'sendTest', { id: e.id });
    await waitFor(() => requestsTo('/flaky/2').length >= 3, 'three attempts');
    const d = await settled(e.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, eventId, eventType: 'webhook.test', lastStatusCode: 200 });

    const detail = await admin('query', 'delivery', { id: d.id });
    expect(detail.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 500, 500]);
    expect(detail.attemptLog[1].responseExcerpt.length).toBeLessThanOrEqual(1024);
    expect(detail.attemptLog[1].responseExcerpt).toMatch(/^receiver down x+$/);
    expect(detail.attemptLog[1].error).toBe('answered 500');

    const first = requestsTo('/flaky/2');
    for (const r of first) {
      expect(r.headers['webhook-id']).toBe(eventId);
      expect(r.body).toBe(detail.body);
      expect(verifyStandardWebhook(e.secret, r)).toBe(true);
    }
    // the waits between attempts grow (100 ms, then 200 ms: exponential from WEBHOOK_RETRY_BASE_MS)
    expect(first[2]!.at - first[1]!.at).toBeGreaterThanOrEqual(first[1]!.at - first[0]!.at - 50);

    await admin('mutation', 'replay', { id: d.id });
    const replayed = await waitFor(() => requestsTo('/flaky/2')[3], 'the replay');
    expect(replayed.headers['webhook-id']).toBe(eventId);
    expect(replayed.body).toBe(first[0]!.body);
    expect(verifyStandardWebhook(e.secret, replayed)).toBe(true);
    await waitFor(async () => (await deliveryOf(e.id)).attempts === 4 && (await deliveryOf(e.id)).status === 'succeeded', 'the replay logged');
  });

  it('refuses at delivery a name that resolves to a loopback address, without retrying', async () => {
    const e = await createEndpoint('/hook', ['customer.merged'], `http://localhost:${receiver.port}/by-name`);
    await admin('mutation', 'sendTest', { id: e.id });
    const d = await settled(e.id);
    expect(d.status).toBe('failed');
    expect(d.attempts).toBe(1);
    expect(d.lastError).toMatch(/localhost: .*(127\.0\.0\.1|::1).*loopback/);
    expect(requestsTo('/by-name')).toHaveLength(0);
  });

  it('refuses a redirect to 127.0.0.1 (checked again after the redirect)', async () => {
    const before = requestsTo('/hook').length;
    const e = await createEndpoint('/redirect');
    await admin('mutation', 'sendTest', { id: e.id });
    const d = await settled(e.id);
    expect(d.status).toBe('failed');
    expect(d.lastError).toMatch(/127\.0\.0\.1 is in a loopback range/);
    const detail = await admin('query', 'delivery', { id: d.id });
    expect(detail.attemptLog[0].url).toBe(`http://127.0.0.1:${receiver.port}/hook`);
    expect(requestsTo('/redirect')).toHaveLength(1);
    expect(requestsTo('/hook')).toHaveLength(before);
  });
});
