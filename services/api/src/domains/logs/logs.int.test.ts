import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_LOG_MAX_EVENTS } from '@insp/contracts';
import { createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let tokens: Record<string, string> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  // Batches of 10 and a timer that never fires on its own in a test: the test decides when rows are written.
  t = await createTestApp({ webLog: { enabled: true, flushMs: 3600_000, batchRows: 10, capacity: 10_000 } });
  const company = await t.db.insertInto('companies').values({ name: 'Dist Oy' }).returning('id').executeTakeFirstOrThrow();
  tokens = await signInUsers(t, [
    { kind: 'staff', email: 'dev@company.example', name: 'Dev', idp_groups: ['inspection'], account_flags: ['Developer'] },
    { kind: 'staff', email: 'admin@company.example', name: 'Admin', idp_groups: ['admin'], account_flags: [] },
    { kind: 'staff', email: 'manager@company.example', name: 'Manager', idp_groups: ['manager'], account_flags: [] },
    { kind: 'distributor', email: 'dist@dist.example', name: 'D', company_id: company.id, distributor_admin: true, account_flags: ['Developer'], expires_at: new Date(Date.now() + DAY) },
  ]);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, who = 'dev', payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as never, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
const flush = () => t.app.webLog!.flush();

describe('the request log (web_logs)', () => {
  it('writes one row per API request with date, user, method, status code, response time and URL', async () => {
    const before = Date.now();
    await flush();
    expect((await call('GET', '/auth/user', 'manager')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/customers/query?amount=1', 'manager')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/log/web', 'manager')).statusCode).toBe(403);
    await flush();
    const res = await call('GET', `/api/v1/log/web/filter?users=MANAGER@company.example&start=${before}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().result;
    expect(rows.map((r: any) => [r.hostingDiagnostics.data.method, r.hostingDiagnostics.data.statusCode, r.hostingDiagnostics.data.url])).toEqual([
      ['GET', 403, '/api/v1/log/web'],
      ['GET', 200, '/api/v1/customers/query?amount=1'],
      ['GET', 200, '/auth/user'],
    ]);
    expect(rows[0].authLogger.data.user).toBe('manager@company.example');
    expect(rows[0].hostingDiagnostics.date).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0].hostingDiagnostics.data.duration).toBeGreaterThanOrEqual(0);
    expect(res.json().count).toBe(3);
  });

  it('writes many requests in few multi-row inserts, never one per request', async () => {
    await flush();
    const { inserts, written } = { ...t.app.webLog!.stats };
    for (let i = 0; i < 25; i++) await call('GET', '/auth/user', 'manager');
    // two full batches of 10 went on their own; the other 5 wait for the timer (or a flush)
    await new Promise((r) => setTimeout(r, 50));
    expect(t.app.webLog!.stats.inserts - inserts).toBe(2);
    expect(t.app.webLog!.waiting).toBe(5);
    await flush();
    expect(t.app.webLog!.stats.inserts - inserts).toBe(3);
    expect(t.app.webLog!.stats.written - written).toBe(25);
  });

  it('pages in SQL and filters by users (csv, any case), start and stop', async () => {
    await flush();
    const start = Date.now();
    for (let i = 0; i < 3; i++) await call('GET', '/auth/user', 'admin');
    await call('GET', '/auth/user', 'manager');
    await flush();
    const stop = Date.now();
    const page = await call('GET', `/api/v1/log/web/filter?users=admin@company.example,%20Manager@Company.example&start=${new Date(start).toISOString()}&stop=${stop}&amount=2`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result).toHaveLength(2);
    expect(page.json().count).toBe(4);
    const second = await call('GET', `/api/v1/log/web/filter?users=admin@company.example&start=${start}&stop=${stop}&amount=2&offset=2`);
    expect(second.json().result).toHaveLength(1);
    expect(second.json().count).toBe(3);
    const none = await call('GET', `/api/v1/log/web/filter?users=admin@company.example&start=${stop + 1}`);
    expect(none.json()).toEqual({ result: [], count: 0 });
    const latest = await call('GET', '/api/v1/log/web?amount=1');
    expect(latest.json().result).toHaveLength(1);
    expect(latest.json().count).toBeGreaterThan(1);
  });

  it('answers 400 naming the field for a bad start, a stop before start and too large a page', async () => {
    const bad = async (query: string, field: string) => {
      const res = await call('GET', `/api/v1/log/web/filter?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    };
    await bad('start=yesterday', 'start');
    await bad('start=2000&stop=1000', 'stop');
    await bad('amount=501', 'amount');
  });

  it('is for the Developer flag only: staff with it pass; admins and managers without it and distributors with it are refused', async () => {
    for (const url of ['/api/v1/log/web', '/api/v1/log/web/filter?users=a@b.example', '/api/v1/log/app', '/api/v1/log/app/sessions', '/api/v1/log']) {
      expect((await call('GET', url, 'dev')).statusCode, url).toBe(200);
      expect((await call('GET', url, 'admin')).statusCode, url).toBe(403);
      expect((await call('GET', url, 'manager')).statusCode, url).toBe(403);
      expect((await call('GET', url, 'dist')).statusCode, url).toBe(403);
      expect((await call('GET', url, '')).statusCode, url).toBe(401);
    }
  });
});

describe('buffer limits and closing', () => {
  it('answers the daily view (logs.aggregate\'s rows) newest day first, filtered by users, to the Developer flag only', async () => {
    await t.db
      .insertInto('web_log_daily')
      .values([
        { day: '2026-11-20', user_email: 'ann@company.example', requests: 4, client_errors: 1, server_errors: 0, duration_ms_total: 10, duration_ms_max: 7 },
        { day: '2026-11-21', user_email: '', requests: 2, client_errors: 2, server_errors: 0, duration_ms_total: 3, duration_ms_max: 2 },
        { day: '2026-11-21', user_email: 'ann@company.example', requests: 3, client_errors: 0, server_errors: 1, duration_ms_total: 1, duration_ms_max: 0.5 },
      ] as never)
      .execute();
    const daily = (input: Record<string, unknown>, who = 'dev') => call('GET', `/trpc/logs.webDaily?input=${encodeURIComponent(JSON.stringify(input))}`, who);
    const all = (await daily({ amount: 2 })).json().result.data;
    expect(all).toEqual({
      result: [
        { day: '2026-11-21', user: null, requests: 2, clientErrors: 2, serverErrors: 0, averageMs: 1.5, longestMs: 2 },
        { day: '2026-11-21', user: 'ann@company.example', requests: 3, clientErrors: 0, serverErrors: 1, averageMs: 0.33, longestMs: 0.5 },
      ],
      count: 3,
    });
    expect((await daily({ users: 'ANN@company.example', offset: 1 })).json().result.data.result.map((d: { day: string }) => d.day)).toEqual(['2026-11-20']);
    for (const who of ['admin', 'manager', 'dist']) expect((await daily({}, who)).statusCode, who).toBe(403);
    expect((await daily({ amount: 0 })).statusCode).toBe(400);
  });

  it('drops and counts rows past its capacity instead of growing, and writes what waits when the app closes', async () => {
    const app = await createTestApp({ webLog: { enabled: true, flushMs: 3600_000, batchRows: 1000, capacity: 5 } });
    try {
      for (let i = 0; i < 8; i++) await app.app.inject({ method: 'GET', url: '/auth/user' });
      expect(app.app.webLog!.waiting).toBe(5);
      expect(app.app.webLog!.stats.dropped).toBe(3);
      expect(await app.db.selectFrom('web_logs').select('id').execute()).toEqual([]);
      await app.app.close();
      const rows = await app.db.selectFrom('web_logs').select(['status_code', 'url', 'user_email']).execute();
      expect(rows).toHaveLength(5);
      expect(rows[0]).toEqual({ status_code: 401, url: '/auth/user', user_email: null });
    } finally {
      await app.database.destroy();
    }
  });

  it('writes nothing with WEB_LOG=off', async () => {
    const app = await createTestApp({ webLog: { enabled: false, flushMs: 1000, batchRows: 10, capacity: 10 } });
    try {
      await app.app.inject({ method: 'GET', url: '/auth/user' });
      expect(app.app.webLog).toBeNull();
      await app.app.close();
      expect(await app.db.selectFrom('web_logs').select('id').execute()).toEqual([]);
    } finally {
      await app.database.destroy();
    }
  });
});

const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);
const event = (timestamp: number, eventName = 'opened', extra: Record<string, unknown> = {}) => ({ timestamp, appVersion: '3.1.0', eventName, osName: 'Android', properties: '{"screen":"home"}', ...extra });

describe('POST api/v1/log (app events from field clients)', () => {
  it('stores a batch with the signed-in sender and answers how many it accepted', async () => {
    const res = await call('POST', '/api/v1/log', 'dist', { events: [event(T0), event(T0 + 1000, 'saved')] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await t.db.selectFrom('app_logs').select(['event_name', 'user_email', 'app_version', 'os_name', 'properties']).where('user_email', '=', 'dist@dist.example').orderBy('occurred_at').execute();
    expect(rows).toEqual([
      { event_name: 'opened', user_email: 'dist@dist.example', app_version: '3.1.0', os_name: 'Android', properties: '{"screen":"home"}' },
      { event_name: 'saved', user_email: 'dist@dist.example', app_version: '3.1.0', os_name: 'Android', properties: '{"screen":"home"}' },
    ]);
  });

  it('answers 400 naming the field: no events, too many, a missing event name, a clock far off, an unknown field', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await call('POST', '/api/v1/log', 'manager', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    };
    await bad({ events: [] }, 'events');
    await bad({ events: Array.from({ length: APP_LOG_MAX_EVENTS + 1 }, () => event(T0)) }, 'events');
    await bad({ events: [event(T0), { timestamp: T0 }] }, 'events.1.eventName');
    await bad({ events: [event(Date.now() + 3 * DAY)] }, 'events.0.timestamp');
    await bad({ events: [event(T0, 'x', { colour: 'red' })] }, 'events.0.colour');
    await bad({ events: [event(T0, 'x', { properties: 'x'.repeat(8001) })] }, 'events.0.properties');
    expect(await t.db.selectFrom('app_logs').select('id').where('user_email', '=', 'manager@company.example').execute()).toEqual([]);
  });

  it('refuses a body over 2 MB with 413 and a call without a token with 401', async () => {
    const huge = { events: [event(T0, 'x', { properties: 'x'.repeat(3 * 1024 * 1024) })] };
    expect((await call('POST', '/api/v1/log', 'manager', huge)).statusCode).toBe(413);
    expect((await call('POST', '/api/v1/log', '', { events: [event(T0)] })).statusCode).toBe(401);
  });
});

describe('GET api/v1/log/app and its sessions', () => {
  beforeAll(async () => {
    const day = Date.UTC(2026, 10, 21, 6, 0, 0);
    // dev: 0, +1 min, +6 min (5 min gap: same session, exactly 300000 ms), +11 min + 1 ms (splits) ; admin once; dev the next day
    await call('POST', '/api/v1/log', 'dev', { events: [event(day), event(day + 60_000), event(day + 360_000), event(day + 660_001, 'closed', { appVersion: '3.2.0' }), event(day + DAY)] });
    await call('POST', '/api/v1/log', 'admin', { events: [event(day + 120_000)] });
  });

  it('filters by day and e-mail (any case), newest first, paged', async () => {
    const res = await call('GET', '/api/v1/log/app?date=2026-11-21&email=DEV@company.example&amount=3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(4);
    expect(res.json().result.map((e: any) => e.eventName)).toEqual(['closed', 'opened', 'opened']);
    expect(res.json().result[0]).toMatchObject({ user: 'dev@company.example', appVersion: '3.2.0', osName: 'Android', properties: '{"screen":"home"}' });
    const both = await call('GET', '/api/v1/log/app?date=2026-11-21');
    expect(both.json().count).toBe(5);
    expect((await call('GET', '/api/v1/log/app?date=21.11.2026')).json().field).toBe('date');
  });

  it('splits sessions where the gap exceeds 300000 ms, per sender', async () => {
    const res = await call('GET', '/api/v1/log/app/sessions?date=2026-11-21');
    expect(res.statusCode, res.body).toBe(200);
    const day = Date.UTC(2026, 10, 21, 6, 0, 0);
    expect(res.json()).toEqual({
      count: 3,
      result: [
        { user: 'dev@company.example', start: day + 660_001, end: day + 660_001, events: 1, appVersion: '3.2.0', osName: 'Android' },
        { user: 'admin@company.example', start: day + 120_000, end: day + 120_000, events: 1, appVersion: '3.1.0', osName: 'Android' },
        { user: 'dev@company.example', start: day, end: day + 360_000, events: 3, appVersion: '3.1.0', osName: 'Android' },
      ],
    });
    const second = await call('GET', '/api/v1/log/app/sessions?date=2026-11-21&offset=2&amount=1');
    expect(second.json()).toMatchObject({ count: 3, result: [{ start: day, events: 3 }] });
  });
});
