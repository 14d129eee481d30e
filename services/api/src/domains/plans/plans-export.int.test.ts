import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { startJobRuntime, type JobRuntime } from '@insp/worker';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { storageOf } from '../../lib/storage.js';
import { seedReference, signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

let t: TestApp;
let tok: RoleTokens;
let ref: Awaited<ReturnType<typeof seedReference>>;
let runtime: JobRuntime;
let users: Record<string, string>;
const eq: Record<string, string> = {};
const log = { debug() {}, info() {}, warn() {}, error() {} };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const trpc = (name: string, token: string, input: unknown, method: 'GET' | 'POST' = 'POST') =>
  method === 'POST'
    ? t.app.inject({ method, url: `/trpc/${name}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: input as object })
    : t.app.inject({ method, url: `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { authorization: `Bearer ${token}` } });

/** Polls the status as the web does (tRPC), until ready or failed. */
async function whenDone(id: string, token: string) {
  for (let i = 0; i < 200; i++) {
    const res = await trpc('plans.exportDueStatus', token, { id }, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json().result.data;
    if (status.status === 'ready' || status.status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export did not end');
}
async function rowsOf(id: string, token: string) {
  const res = await call('GET', `/api/v1/plans/due/export/${id}/file`, token);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toMatch(/due-\d{4}-\d\d-\d\d\.xlsx/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Due']);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  let kick = () => {};
  t = await createTestApp({}, { jobs: { kick: () => kick() } });
  tok = await signInRoles(t);
  ref = await seedReference(t);
  users = Object.fromEntries((await t.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
  runtime = await startJobRuntime({ db: t.db, dataDir: mkdtempSync(join(tmpdir(), 'insp-due-')), mailFrom: 'x <x@company.example>', log, runProcessors: true, pollMs: 100, storage: storageOf(t.config) });
  kick = () => runtime.kick();
  const rows = await t.db
    .insertInto('equipment')
    .values([
      { serial_number: 'X-1', nick_name: 'Big one', product_family_id: ref.jaw.id, product_model_id: ref.jaw.models.JC100, customer_id: ref.customerId, customer_site_id: ref.siteId },
      { serial_number: 'X-2', product_family_id: ref.cone.id, customer_id: ref.customerId, customer_site_id: ref.siteId },
      { serial_number: 'X-3', product_family_id: ref.deck.id, customer_id: ref.otherCustomerId },
    ])
    .returning(['id', 'serial_number'])
    .execute();
  for (const r of rows) eq[r.serial_number!] = r.id;
  const plan = async (body: Record<string, unknown>) => expect((await call('POST', '/api/v1/plans', tok.manager, body)).statusCode).toBe(201);
  await plan({ equipmentId: eq['X-1'], inspectionType: 'Monthly', inspectorUserId: users['inspector@company.example'], graceDays: 3, startsOn: '2026-01-15' });
  await plan({ equipmentId: eq['X-2'], inspectionType: 'Weekly', inspectorUserId: users['manager@company.example'], startsOn: '2026-02-01' });
  await plan({ equipmentId: eq['X-3'], inspectionType: 'Annual', startsOn: '2026-03-01' });
}, 60_000);
afterAll(async () => {
  await runtime?.close();
  await t?.close();
});

describe("the due list's Excel export", () => {
  it("holds only an inspector's own plans, under a header row, built by the worker with progress", async () => {
    const res = await trpc('plans.exportDue', tok.inspector, { within: 3660 });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().result.data;
    expect(started).toMatchObject({ status: 'pending', rowsDone: 0, rowsTotal: null, error: null });
    expect(await whenDone(started.id, tok.inspector)).toMatchObject({ status: 'ready', rowsDone: 1, rowsTotal: 1 });
    const rows = await rowsOf(started.id, tok.inspector);
    expect(rows[0]).toEqual(['Due on', 'State', 'Days past due', 'Serial number', 'Nickname', 'Product family', 'Model', 'Customer', 'Site', 'Inspection type', 'Protocol', 'Inspector', 'Last done', 'Grace days']);
    expect(rows).toHaveLength(2);
    const [dueOn, state, daysPastDue, ...rest] = rows[1]!;
    expect((dueOn as Date).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(state).toBe('Overdue');
    expect(daysPastDue).toBeGreaterThan(3);
    expect(rest).toEqual(['X-1', 'Big one', 'Jaw JC', 'JC100', 'Quarry Ltd', 'North pit', 'Monthly', undefined, 'Inspector', undefined, 3]);
  });

  it("takes the list's filters over REST, and a manager sees every plan of the customer", async () => {
    const res = await call('POST', `/api/v1/plans/due/export?within=3660&customerId=${ref.customerId}`, tok.manager);
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json();
    expect(await whenDone(id, tok.manager)).toMatchObject({ status: 'ready', rowsTotal: 2 });
    const status = await call('GET', `/api/v1/plans/due/export/${id}`, tok.manager);
    expect(status.json()).toMatchObject({ id, status: 'ready', rowsDone: 2, rowsTotal: 2 });
    expect((await rowsOf(id, tok.manager)).slice(1).map((r) => r[3])).toEqual(['X-1', 'X-2']);
    // Someone else's export is not theirs to see or download.
    expect((await call('GET', `/api/v1/plans/due/export/${id}`, tok.inspector)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/plans/due/export/${id}/file`, tok.admin)).statusCode).toBe(404);
  });

  it('refuses a too-low role and no session, naming bad filters; not ready is a 409', async () => {
    expect((await call('POST', '/api/v1/plans/due/export', tok.nobody)).statusCode).toBe(403);
    expect((await trpc('plans.exportDue', tok.nobody, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/plans/due/export')).statusCode).toBe(401);
    const bad = await call('POST', '/api/v1/plans/due/export?within=-1', tok.manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('within');
    const before = await t.db.selectFrom('due_exports').select('id').execute();
    const waiting = await t.db
      .insertInto('due_exports')
      .values({ user_id: users['manager@company.example']!, viewer: '{}', query: '{}', status: 'running' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/api/v1/plans/due/export/${waiting.id}/file`, tok.manager)).statusCode).toBe(409);
    expect(before).toHaveLength(2);
  });

  it('the daily due job is one of the background services', async () => {
    const res = await call('GET', '/api/v1/backgroundServices', tok.admin);
    expect(res.statusCode).toBe(200);
    const service = res.json().find((s: { id: string }) => s.id === 'plans.dueScan');
    expect(service).toMatchObject({ enabled: true, data: { everyMs: 86_400_000, description: expect.stringContaining('E-mails each inspector') } });
  });
});
