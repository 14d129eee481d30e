import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recurringJobs } from '@insp/contracts';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let tokens: Record<string, string> = {};
let kicks = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { kick: () => void kicks++ } });
  const company = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  tokens = await signInUsers(t, [
    { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'], account_flags: [] },
    { kind: 'staff', email: 'inspector@company.example', name: 'Inspector', idp_groups: ['inspection'], account_flags: ['Developer'] },
    { kind: 'distributor', email: 'dist@dist.example', name: 'D', company_id: company.id, distributor_admin: true, expires_at: new Date(Date.now() + DAY) },
  ]);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.deleteFrom('background_services').execute();
  await t.db.deleteFrom('outbox').execute();
});

const call = (method: 'GET' | 'POST', url: string, who = 'manager', payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as never, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
const outboxNames = async () => (await t.db.selectFrom('outbox').select('name').execute()).map((r) => r.name);

describe('GET api/v1/backgroundServices', () => {
  it("lists every recurring job of the worker with id, status, data and enabled, even before it ever ran", async () => {
    await t.db
      .insertInto('background_services')
      .values({ id: 'documents.sync', status: 'Failed', last_run_at: new Date(1_700_000_000_000), next_run_at: new Date(1_700_000_300_000), last_error: 'boom', last_duration_ms: 12 })
      .execute();
    const res = await call('GET', '/api/v1/backgroundServices');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.map((s: any) => s.id)).toEqual(recurringJobs.map((r) => r.name));
    expect(list.find((s: any) => s.id === 'documents.sync')).toEqual({
      id: 'documents.sync',
      status: 'Failed',
      enabled: true,
      data: { description: expect.any(String), everyMs: 300_000, lastRun: 1_700_000_000_000, nextRun: 1_700_000_300_000, lastError: 'boom', lastDurationMs: 12 },
    });
    expect(list.find((s: any) => s.id === 'maintenance.cleanup')).toMatchObject({ status: 'Idle', enabled: true, data: { lastRun: null, nextRun: null } });
  });

  it('refuses a too-low role: an inspector (even with the Developer flag) and a distributor admin get 403, nobody 401', async () => {
    expect((await call('GET', '/api/v1/backgroundServices', 'inspector')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/backgroundServices', 'dist')).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/backgroundServices/maintenance.logs/enabled', 'inspector', { enabled: false })).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/backgroundServices/maintenance.logs/reset', 'dist')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/backgroundServices', '')).statusCode).toBe(401);
    expect((await call('GET', '/trpc/backgroundServices.list', 'inspector')).statusCode).toBe(403);
  });
});

describe('POST api/v1/backgroundServices/{id}/enabled', () => {
  it('disables a service (Disabled, no next run) and enables it again, in the shared table', async () => {
    await t.db.insertInto('background_services').values({ id: 'maintenance.logs', status: 'Succeeded', next_run_at: new Date() }).execute();
    const off = await call('POST', '/api/v1/backgroundServices/maintenance.logs/enabled', 'manager', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: 'maintenance.logs', enabled: false, status: 'Disabled', data: { nextRun: null } });
    const row = await t.db.selectFrom('background_services').selectAll().where('id', '=', 'maintenance.logs').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: false, status: 'Disabled' });

    const on = await call('POST', '/api/v1/backgroundServices/maintenance.logs/enabled', 'manager', { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, status: 'Idle' });
  });

  it('answers 400 naming the field for a missing or wrong body, and 404 for an unknown id', async () => {
    const missing = await call('POST', '/api/v1/backgroundServices/maintenance.logs/enabled', 'manager', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('enabled');
    const wrong = await call('POST', '/api/v1/backgroundServices/maintenance.logs/enabled', 'manager', { enabled: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('enabled');
    expect((await call('POST', '/api/v1/backgroundServices/outbox-relay/enabled', 'manager', { enabled: false })).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/backgroundServices/no.such/reset', 'manager')).statusCode).toBe(404);
  });
});

describe('POST api/v1/backgroundServices/{id}/reset', () => {
  it('clears a failed state and queues a run through the outbox (the worker runs it)', async () => {
    await t.db.insertInto('background_services').values({ id: 'maintenance.cleanup', status: 'Failed', last_error: 'db away' }).execute();
    const before = kicks;
    const res = await call('POST', '/api/v1/backgroundServices/maintenance.cleanup/reset');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Idle', enabled: true, data: { lastError: null } });
    expect(await outboxNames()).toEqual(['maintenance.cleanup']);
    expect(kicks).toBeGreaterThan(before);
  });

  it('clears a disabled service without running it', async () => {
    await t.db.insertInto('background_services').values({ id: 'maintenance.cleanup', status: 'Failed', enabled: false, last_error: 'x' }).execute();
    const res = await call('POST', '/api/v1/backgroundServices/maintenance.cleanup/reset');
    expect(res.json()).toMatchObject({ status: 'Disabled', enabled: false, data: { lastError: null } });
    expect(await outboxNames()).toEqual([]);
  });

  it('works the same over tRPC for the web app', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/backgroundServices.setEnabled',
      payload: { id: 'documents.sync', enabled: false },
      headers: { authorization: `Bearer ${tokens.manager}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toMatchObject({ id: 'documents.sync', enabled: false });
  });
});
