import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { equipmentDueColumns, equipmentDueFilter, syncDefaultTimeZone } from '@insp/db';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { liveEquipmentRows } from '../equipment/equipment.queries.js';
import { seedReference, signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

let t: TestApp;
let tok: RoleTokens;
let ref: Awaited<ReturnType<typeof seedReference>>;
let users: Record<string, string>;
const eq: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  ref = await seedReference(t);
  users = Object.fromEntries((await t.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
  const rows = await t.db
    .insertInto('equipment')
    .values([
      { serial_number: 'P-1', product_family_id: ref.jaw.id, product_model_id: ref.jaw.models.JC100, customer_id: ref.customerId, customer_site_id: ref.siteId },
      { serial_number: 'P-2', product_family_id: ref.jaw.id, product_model_id: ref.jaw.models.JC200, customer_id: ref.customerId, customer_site_id: ref.siteId },
      { serial_number: 'P-3', product_family_id: ref.cone.id, product_model_id: ref.cone.models.HC300, customer_id: ref.customerId, customer_site_id: ref.siteId },
      { serial_number: 'P-4', product_family_id: ref.deck.id, product_model_id: ref.deck.models.SC1, customer_id: ref.otherCustomerId },
    ])
    .returning(['id', 'serial_number'])
    .execute();
  for (const r of rows) eq[r.serial_number!] = r.id;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const day = 86_400_000;
/** An inspection (a report, not an audit run) of a type on a machine, dated `daysAgo` days before now. */
const inspect = async (equipmentId: string, type: string, at: Date, finished: boolean, extra: Record<string, unknown> = {}) =>
  (
    await t.db
      .insertInto('inspections')
      .values({ name: `${type} check`, type, equipment_id: equipmentId, inspection_date: at, finished, ...extra })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const ago = (days: number) => new Date(Date.now() - days * day);
const plan = async (body: Record<string, unknown>, token = tok.manager) => {
  const res = await call('POST', '/api/v1/plans', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const del = (id: string) => call('DELETE', `/api/v1/plans/${id}`, tok.manager);

describe('due dates', () => {
  it('follow the last finished inspection of the type, in months that end early and leap years', async () => {
    const cases: Array<[string, string, string]> = [
      ['Monthly', '2024-01-31T12:00:00Z', '2024-02-29'],
      ['Monthly', '2023-01-31T12:00:00Z', '2023-02-28'],
      ['Annual', '2024-02-29T12:00:00Z', '2025-02-28'],
      ['Quarterly', '2023-11-30T12:00:00Z', '2024-02-29'],
      ['Mid_Year', '2023-08-31T12:00:00Z', '2024-02-29'],
      ['Weekly', '2023-12-28T12:00:00Z', '2024-01-04'],
      ['Daily', '2024-02-28T12:00:00Z', '2024-02-29'],
    ];
    for (const [type, at, due] of cases) {
      const done = await inspect(eq['P-1']!, type, new Date(at), true);
      const p = await plan({ equipmentId: eq['P-1'], inspectionType: type });
      expect({ type, at, dueOn: p.dueOn }).toEqual({ type, at, dueOn: due });
      expect(p).toMatchObject({ lastDoneInspectionId: done, lastDoneAt: Date.parse(at), state: 'overdue', timeZone: 'UTC' });
      expect((await del(p.id)).statusCode).toBe(200);
      await t.db.deleteFrom('inspections').where('id', '=', done).execute();
    }
  });

  it("count the day in the customer's time zone, across a daylight saving change", async () => {
    await t.db.updateTable('customers').set({ time_zone: 'Europe/Helsinki' }).where('id', '=', ref.customerId).execute();
    try {
      // 22:30 UTC on 30 March 2024 is 00:30 on the 31st in Helsinki, the night clocks went from +2 to +3.
      await inspect(eq['P-2']!, 'Daily', new Date('2024-03-30T22:30:00Z'), true);
      const daily = await plan({ equipmentId: eq['P-2'], inspectionType: 'Daily' });
      expect(daily).toMatchObject({ dueOn: '2024-04-01', timeZone: 'Europe/Helsinki' });
      // 23:30 UTC on 31 October 2024 is 01:30 on 1 November in Helsinki (+2 again): a week later is 8 November.
      await inspect(eq['P-2']!, 'Weekly', new Date('2024-10-31T23:30:00Z'), true);
      const weekly = await plan({ equipmentId: eq['P-2'], inspectionType: 'Weekly' });
      expect(weekly.dueOn).toBe('2024-11-08');
      await del(daily.id);
      await del(weekly.id);
    } finally {
      await t.db.updateTable('customers').set({ time_zone: null }).where('id', '=', ref.customerId).execute();
    }
  });

  it('moves with each finished inspection: a late one counts from its own date; started, reopened and deleted ones too', async () => {
    const p = await plan({ equipmentId: eq['P-3'], inspectionType: 'Monthly', graceDays: 3, startsOn: '2020-01-01' });
    expect(p).toMatchObject({ dueOn: '2020-01-01', state: 'overdue', lastDoneAt: null });
    const get = async () => (await call('GET', `/api/v1/plans/${p.id}`, tok.manager)).json();

    // Finished 10 days ago (late): due a month after that day, not after the date it was due.
    const late = await inspect(eq['P-3']!, 'Monthly', ago(10), true);
    let now = await get();
    expect(now.lastDoneInspectionId).toBe(late);
    expect(now.state).toBe('upcoming');
    expect(now.dueOn).toBe((await sql<{ d: string }>`select to_char((${ago(10)}::timestamptz at time zone 'UTC')::date + interval '1 month', 'YYYY-MM-DD') as d`.execute(t.db)).rows[0]!.d);

    // Another type or an audit run does not count.
    await inspect(eq['P-3']!, 'Weekly', ago(1), true);
    const audit = await t.db.insertInto('audits').values({ name: 'Audit', inspection_date: ago(1) }).returning('id').executeTakeFirstOrThrow();
    await inspect(eq['P-3']!, 'Monthly', ago(1), true, { audit_id: audit.id });
    expect((await get()).lastDoneInspectionId).toBe(late);

    // Started after the last finished one: in progress, whatever the dates.
    const started = await inspect(eq['P-3']!, 'Monthly', ago(0), false);
    now = await get();
    expect(now).toMatchObject({ state: 'in_progress', inProgressInspectionId: started });
    // Finished: it is the last one now.
    await t.db.updateTable('inspections').set({ finished: true }).where('id', '=', started).execute();
    now = await get();
    expect(now).toMatchObject({ lastDoneInspectionId: started, inProgressInspectionId: null, state: 'upcoming' });
    // Reopened: back to in progress after the late one.
    await t.db.updateTable('inspections').set({ finished: false }).where('id', '=', started).execute();
    expect(await get()).toMatchObject({ lastDoneInspectionId: late, inProgressInspectionId: started });
    // Deleted (soft) both: never done, due from the plan's start.
    await t.db.updateTable('inspections').set({ deleted_at: new Date() }).where('id', 'in', [started, late]).execute();
    expect(await get()).toMatchObject({ lastDoneInspectionId: null, inProgressInspectionId: null, dueOn: '2020-01-01', state: 'overdue' });
    // Moved to another machine and back.
    await t.db.updateTable('inspections').set({ deleted_at: null }).where('id', '=', late).execute();
    expect((await get()).lastDoneInspectionId).toBe(late);
    await t.db.updateTable('inspections').set({ equipment_id: eq['P-1'] }).where('id', '=', late).execute();
    expect((await get()).lastDoneInspectionId).toBeNull();
    await t.db.updateTable('inspections').set({ equipment_id: eq['P-3'] }).where('id', '=', late).execute();
    expect((await get()).lastDoneInspectionId).toBe(late);
    await del(p.id);
  });

  it('gives due within the grace period, then overdue', async () => {
    const grace = await plan({ equipmentId: eq['P-1'], inspectionType: 'Daily', graceDays: 2, startsOn: isoDay(ago(1)) });
    expect(grace).toMatchObject({ state: 'due', daysPastDue: 1 });
    const past = await plan({ equipmentId: eq['P-1'], inspectionType: 'Weekly', graceDays: 2, startsOn: isoDay(ago(3)) });
    expect(past).toMatchObject({ state: 'overdue', daysPastDue: 3 });
    const later = await plan({ equipmentId: eq['P-1'], inspectionType: 'Annual', startsOn: isoDay(new Date(Date.now() + 5 * day)) });
    expect(later).toMatchObject({ state: 'upcoming', daysPastDue: -5 });
    for (const p of [grace, past, later]) await del(p.id);
  });
});

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe('plans', () => {
  it('one live plan per machine and type: a second is a 409 naming the field; a deleted one may be made again', async () => {
    const p = await plan({ equipmentId: eq['P-2'], inspectionType: 'Quarterly' });
    const again = await call('POST', '/api/v1/plans', tok.manager, { equipmentId: eq['P-2'], inspectionType: 'Quarterly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^inspectionType: /);
    await del(p.id);
    const remade = await plan({ equipmentId: eq['P-2'], inspectionType: 'Quarterly' });
    expect(remade.id).not.toBe(p.id);
    expect((await call('GET', `/api/v1/plans/${p.id}`, tok.manager)).statusCode).toBe(404);
    await del(remade.id);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const before = await t.db.selectFrom('inspection_plans').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ equipmentId: eq['P-1'], inspectionType: 'Hourly' }, /inspectionType/],
      [{ equipmentId: eq['P-1'], inspectionType: 'Daily', graceDays: 400 }, /graceDays/],
      [{ equipmentId: eq['P-1'], inspectionType: 'Daily', startsOn: '2024-02-30' }, /startsOn/],
      [{ equipmentId: 'nope', inspectionType: 'Daily' }, /equipmentId/],
      [{ equipmentId: '00000000-0000-4000-8000-000000000000', inspectionType: 'Daily' }, /equipmentId/],
      [{ equipmentId: eq['P-1'], inspectionType: 'Daily', inspectorUserId: '00000000-0000-4000-8000-000000000000' }, /inspectorUserId/],
      [{ equipmentId: eq['P-1'], inspectionType: 'Daily', protocolId: '00000000-0000-4000-8000-000000000000' }, /protocolId/],
      [{ equipmentId: eq['P-1'], inspectionType: 'Daily', extra: 1 }, /extra/],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '/api/v1/plans', tok.manager, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().message).toMatch(field);
    }
    const badDue = await call('GET', '/api/v1/plans/due?states=late', tok.manager);
    expect(badDue.statusCode).toBe(400);
    expect(badDue.json().message).toMatch(/states/);
    const after = await t.db.selectFrom('inspection_plans').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('are made for every machine at a site, of a family or model, keeping the plans there are', async () => {
    const first = await call('POST', '/api/v1/plans/bulk', tok.manager, { customerSiteId: ref.siteId, productFamilyId: ref.jaw.id, inspectionType: 'Weekly', graceDays: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, skipped: 0 });
    const all = await call('POST', '/api/v1/plans/bulk', tok.manager, { customerSiteId: ref.siteId, inspectionType: 'Weekly' });
    expect(all.json()).toMatchObject({ created: 1, skipped: 2 });
    const due = (await call('GET', `/api/v1/plans/due?customerSiteId=${ref.siteId}&states=upcoming,due,overdue,in_progress&orderKey=serialNumber&orderDirection=asc`, tok.manager)).json();
    expect(due.result.map((p: { serialNumber: string; graceDays: number }) => [p.serialNumber, p.graceDays])).toEqual([['P-1', 1], ['P-2', 1], ['P-3', 0]]);
    const missing = await call('POST', '/api/v1/plans/bulk', tok.manager, { customerSiteId: '00000000-0000-4000-8000-000000000000', inspectionType: 'Weekly' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^customerSiteId/);
    for (const id of [...first.json().ids, ...all.json().ids]) await del(id);
  });

  it('change protocol, grace, inspector and start; the protocol must be of the plan type', async () => {
    const p = await plan({ equipmentId: eq['P-1'], inspectionType: 'Monthly', startsOn: '2030-01-01' });
    const proto = await t.db.insertInto('protocols').values({ name: 'Monthly JC', type: 'Monthly' }).returning('id').executeTakeFirstOrThrow();
    const wrong = await t.db.insertInto('protocols').values({ name: 'Daily JC', type: 'Daily' }).returning('id').executeTakeFirstOrThrow();
    const changed = await call('PUT', `/api/v1/plans/${p.id}`, tok.manager, { protocolId: proto.id, graceDays: 5, inspectorUserId: users['inspector@company.example'], startsOn: '2031-02-03' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ protocolId: proto.id, protocolName: 'Monthly JC', graceDays: 5, inspectorName: 'Inspector', startsOn: '2031-02-03', dueOn: '2031-02-03' });
    const mismatch = await call('PUT', `/api/v1/plans/${p.id}`, tok.manager, { protocolId: wrong.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/^protocolId: must be a protocol of type Monthly/);
    await del(p.id);
  });
});

describe('due lists and who sees what', () => {
  let mine: string, others: string, distMachine: string, unassigned: string;
  beforeAll(async () => {
    mine = (await plan({ equipmentId: eq['P-1'], inspectionType: 'Quarterly', startsOn: isoDay(ago(2)), inspectorUserId: users['inspector@company.example'] })).id;
    others = (await plan({ equipmentId: eq['P-2'], inspectionType: 'Annual', startsOn: isoDay(new Date(Date.now() + 10 * day)), inspectorUserId: users['manager@company.example'] })).id;
    distMachine = (await plan({ equipmentId: eq['P-4'], inspectionType: 'Mid_Year', startsOn: isoDay(new Date(Date.now() + 60 * day)) })).id;
    unassigned = (await plan({ equipmentId: eq['P-3'], inspectionType: 'Annual', startsOn: isoDay(new Date(Date.now() + 400 * day)) })).id;
    // P-4 is the distributor company's machine: one of its reports was made on it.
    const company = await t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
    await inspect(eq['P-4']!, 'Commissioning', ago(100), true, { company_id: company.id });
  });
  const ids = async (url: string, token: string) => {
    const res = await call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.map((p: { id: string }) => p.id);
  };

  it('lists what is due within the window by due date; upcoming beyond it on request', async () => {
    expect(await ids('/api/v1/plans/due', tok.manager)).toEqual([mine, others]);
    expect(await ids('/api/v1/plans/due?within=90', tok.manager)).toEqual([mine, others, distMachine]);
    expect(await ids('/api/v1/plans/due?states=upcoming', tok.manager)).toEqual([others, distMachine, unassigned]);
    expect(await ids('/api/v1/plans/due?states=overdue', tok.manager)).toEqual([mine]);
    expect(await ids(`/api/v1/plans/due?within=3660&customerId=${ref.otherCustomerId}`, tok.manager)).toEqual([distMachine]);
    expect(await ids('/api/v1/plans/due?within=3660&search=p-3', tok.manager)).toEqual([unassigned]);
  });

  it("gives an inspector their own plans, a distributor its company's machines, managers and admins all", async () => {
    expect(await ids('/api/v1/plans/due?within=3660', tok.inspector)).toEqual([mine]);
    expect(await ids('/api/v1/plans/due?within=3660&inspectorUserId=me', tok.manager)).toEqual([others]);
    expect(await ids('/api/v1/plans/due?within=3660', tok.admin)).toEqual([mine, others, distMachine, unassigned]);
    expect(await ids('/api/v1/plans/due?within=3660', tok.distUser)).toEqual([distMachine]);
    expect(await ids('/api/v1/plans/due?within=3660', tok.distAdmin)).toEqual([distMachine]);
    expect((await call('GET', `/api/v1/plans/${others}`, tok.inspector)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/plans/${mine}`, tok.distUser)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/plans/${distMachine}`, tok.distUser)).statusCode).toBe(200);
  });

  it('refuses writes below staff Manager, and every call without a session or rights', async () => {
    for (const token of [tok.inspector, tok.distAdmin, tok.distUser, tok.nobody]) {
      expect((await call('POST', '/api/v1/plans', token, { equipmentId: eq['P-3'], inspectionType: 'Daily' })).statusCode).toBe(403);
      expect((await call('POST', '/api/v1/plans/bulk', token, { customerSiteId: ref.siteId, inspectionType: 'Daily' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/plans/${mine}`, token, { graceDays: 9 })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/plans/${mine}`, token)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/v1/plans/due', tok.nobody)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/plans/due')).statusCode).toBe(401);
    expect((await t.db.selectFrom('inspection_plans').select('grace_days').where('id', '=', mine).executeTakeFirstOrThrow()).grace_days).toBe(0);
  });

  it('answers the same over tRPC', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/trpc/plans.due?input=${encodeURIComponent(JSON.stringify({ within: 3660 }))}`, headers: { authorization: `Bearer ${tok.inspector}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.result.map((p: { id: string }) => p.id)).toEqual([mine]);
  });

  it('lists the staff a plan may be assigned to, searched, for managers and admins only (plans.inspectors)', async () => {
    const ask = (token: string | undefined, input: unknown) =>
      t.app.inject({ method: 'GET', url: `/trpc/plans.inspectors?input=${encodeURIComponent(JSON.stringify(input))}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const res = await ask(tok.manager, { search: 'insp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toEqual([{ id: users['inspector@company.example'], name: 'Inspector', email: 'inspector@company.example' }]);
    const all = (await ask(tok.admin, {})).json().result.data.map((u: { email: string }) => u.email);
    expect(all).toContain('manager@company.example');
    expect(all.filter((e: string) => e.endsWith('@dist.example'))).toEqual([]);
    for (const token of [tok.inspector, tok.distAdmin, tok.nobody]) expect((await ask(token, {})).statusCode).toBe(403);
    expect((await ask(undefined, {})).statusCode).toBe(401);
  });
});

describe('the Equipment list’s due column and filter', () => {
  it('gives each machine its earliest due date and most pressing state, filters and sorts by them in SQL', async () => {
    // A customer in UTC, so the days counted here (UTC) are the customer's.
    const utc = await t.db.insertInto('customers').values({ name: 'Due Ltd', time_zone: 'UTC' }).returning('id').executeTakeFirstOrThrow();
    const rows = await t.db
      .insertInto('equipment')
      .values(['DUE-LATE', 'DUE-LATER', 'DUE-NONE'].map((s) => ({ serial_number: s, product_family_id: ref.jaw.id, customer_id: utc.id })))
      .returning(['id', 'serial_number'])
      .execute();
    const id = (s: string) => rows.find((r) => r.serial_number === s)!.id;
    const inDays = (n: number) => new Date(Date.now() + n * day).toISOString().slice(0, 10);
    await plan({ equipmentId: id('DUE-LATE'), inspectionType: 'Weekly', startsOn: inDays(-4) });
    await plan({ equipmentId: id('DUE-LATE'), inspectionType: 'Annual', startsOn: inDays(40) });
    await plan({ equipmentId: id('DUE-LATER'), inspectionType: 'Monthly', startsOn: inDays(10), graceDays: 2 });
    const list = async (q: string) => {
      const res = await call('GET', `/api/v1/Equipments/query?search=DUE-&${q}`, tok.manager);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as Array<{ serial: string; nextDueOn: string | null; nextDueState: string | null; nextDueDaysPastDue: number | null }>;
    };
    const all = await list('orderKey=nextDueOn&orderDirection=asc');
    expect(all.map((e) => [e.serial, e.nextDueState, e.nextDueDaysPastDue])).toEqual([
      ['DUE-LATE', 'overdue', 4],
      ['DUE-LATER', 'upcoming', -10],
      ['DUE-NONE', null, null],
    ]);
    expect(all.map((e) => e.nextDueOn)).toEqual([inDays(-4), inDays(10), null]);
    expect((await list('due=overdue')).map((e) => e.serial)).toEqual(['DUE-LATE']);
    expect((await list('due=due')).map((e) => e.serial)).toEqual(['DUE-LATE']);
    expect((await list('due=planned&orderKey=serial&orderDirection=asc')).map((e) => e.serial)).toEqual(['DUE-LATE', 'DUE-LATER']);
    expect((await list('due=unplanned')).map((e) => e.serial)).toEqual(['DUE-NONE']);
    expect((await call('GET', '/api/v1/Equipments/query?due=soon', tok.manager)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/Equipments/query?due=overdue', tok.inspector)).statusCode).toBe(403);
  });
});

describe('stored due dates (kept by the database)', () => {
  /** A machine of a new customer (zone or none) with a Daily plan last done at 23:30 UTC on 10 March 2024. */
  const dailyPlan = async (serial: string, customerZone: string | null) => {
    const customer = await t.db.insertInto('customers').values({ name: `${serial} Ltd`, time_zone: customerZone }).returning('id').executeTakeFirstOrThrow();
    const machine = await t.db.insertInto('equipment').values({ serial_number: serial, product_family_id: ref.jaw.id, customer_id: customer.id }).returning('id').executeTakeFirstOrThrow();
    await inspect(machine.id, 'Daily', new Date('2024-03-10T23:30:00Z'), true);
    const p = await plan({ equipmentId: machine.id, inspectionType: 'Daily' });
    return { customerId: customer.id, equipmentId: machine.id, planId: p.id as string, dueOn: p.dueOn as string };
  };
  const stored = async (planId: string) =>
    (await sql<{ due: string; next: string | null }>`select to_char(p.due_on, 'YYYY-MM-DD') as due, to_char(e.next_due_on, 'YYYY-MM-DD') as next
      from inspection_plans p join equipment e on e.id = p.equipment_id where p.id = ${planId}`.execute(t.db)).rows[0]!;
  const read = async (planId: string) => (await call('GET', `/api/v1/plans/${planId}`, tok.manager)).json() as { dueOn: string; timeZone: string };

  it("move with the customer's time zone", async () => {
    const d = await dailyPlan('TZ-1', 'UTC');
    expect(d.dueOn).toBe('2024-03-11');
    // 23:30 UTC is 08:30 on the 11th in Tokyo: due the 12th.
    await t.db.updateTable('customers').set({ time_zone: 'Asia/Tokyo' }).where('id', '=', d.customerId).execute();
    expect(await stored(d.planId)).toEqual({ due: '2024-03-12', next: '2024-03-12' });
    expect(await read(d.planId)).toMatchObject({ dueOn: '2024-03-12', timeZone: 'Asia/Tokyo' });
    await t.db.updateTable('customers').set({ time_zone: 'America/New_York' }).where('id', '=', d.customerId).execute();
    expect(await stored(d.planId)).toEqual({ due: '2024-03-11', next: '2024-03-11' });
  });

  it('move with the default zone (REPORT_TIME_ZONE) for customers without one, and only theirs', async () => {
    const none = await dailyPlan('TZ-2', null);
    const own = await dailyPlan('TZ-3', 'UTC');
    expect([none.dueOn, own.dueOn]).toEqual(['2024-03-11', '2024-03-11']);
    try {
      await syncDefaultTimeZone(t.db, 'Asia/Tokyo');
      expect((await sql<{ z: string }>`select default_time_zone as z from app_settings`.execute(t.db)).rows).toEqual([{ z: 'Asia/Tokyo' }]);
      expect(await stored(none.planId)).toEqual({ due: '2024-03-12', next: '2024-03-12' });
      expect(await stored(own.planId)).toEqual({ due: '2024-03-11', next: '2024-03-11' });
    } finally {
      await syncDefaultTimeZone(t.db, t.config.reportTimeZone);
    }
    expect(await stored(none.planId)).toEqual({ due: '2024-03-11', next: '2024-03-11' });
    expect(await read(none.planId)).toMatchObject({ dueOn: '2024-03-11', timeZone: 'UTC' });
  });

  it('move with the machine to another customer', async () => {
    const d = await dailyPlan('TZ-4', 'UTC');
    const tokyo = await t.db.insertInto('customers').values({ name: 'Tokyo Ltd', time_zone: 'Asia/Tokyo' }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('equipment').set({ customer_id: tokyo.id }).where('id', '=', d.equipmentId).execute();
    expect(await stored(d.planId)).toEqual({ due: '2024-03-12', next: '2024-03-12' });
    expect(await read(d.planId)).toMatchObject({ dueOn: '2024-03-12', timeZone: 'Asia/Tokyo' });
  });

  it("keep the machine's due columns through starting, finishing and reopening an inspection, and a plan's deletion", async () => {
    const utc = await t.db.insertInto('customers').values({ name: 'Cols Ltd', time_zone: 'UTC' }).returning('id').executeTakeFirstOrThrow();
    const machine = await t.db.insertInto('equipment').values({ serial_number: 'COLS-1', product_family_id: ref.jaw.id, customer_id: utc.id }).returning('id').executeTakeFirstOrThrow();
    const inDays = (n: number) => new Date(Date.now() + n * day).toISOString().slice(0, 10);
    const p = await plan({ equipmentId: machine.id, inspectionType: 'Weekly', startsOn: inDays(-4), graceDays: 1 });
    const columns = async () =>
      (await sql<{ next: string | null; due: string | null; overdue: string | null; started: boolean }>`select to_char(next_due_on, 'YYYY-MM-DD') as next,
        to_char(due_since, 'YYYY-MM-DD') as due, to_char(overdue_since, 'YYYY-MM-DD') as overdue, due_in_progress as started
        from equipment where id = ${machine.id}`.execute(t.db)).rows[0];
    const listed = async (q = '') => {
      const res = await call('GET', `/api/v1/Equipments/query?search=COLS-1${q}`, tok.manager);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.map((e: { nextDueState: string | null; nextDueOn: string | null }) => [e.nextDueState, e.nextDueOn]);
    };
    expect(await columns()).toEqual({ next: inDays(-4), due: inDays(-4), overdue: inDays(-2), started: false });
    expect(await listed('&due=overdue')).toEqual([['overdue', inDays(-4)]]);

    const started = await inspect(machine.id, 'Weekly', ago(0.01), false);
    expect(await columns()).toEqual({ next: inDays(-4), due: null, overdue: null, started: true });
    expect(await listed()).toEqual([['in_progress', inDays(-4)]]);
    expect(await listed('&due=due')).toEqual([]);

    await t.db.updateTable('inspections').set({ finished: true }).where('id', '=', started).execute();
    const done = new Date(Date.now() - 0.01 * day);
    const next = new Date(done.getTime() + 7 * day).toISOString().slice(0, 10);
    expect(await columns()).toEqual({ next, due: next, overdue: new Date(done.getTime() + 9 * day).toISOString().slice(0, 10), started: false });
    expect(await listed()).toEqual([['upcoming', next]]);

    await t.db.updateTable('inspections').set({ finished: false }).where('id', '=', started).execute();
    expect(await columns()).toEqual({ next: inDays(-4), due: null, overdue: null, started: true });

    expect((await del(p.id)).statusCode).toBe(200);
    expect(await columns()).toEqual({ next: null, due: null, overdue: null, started: false });
    expect(await listed('&due=unplanned')).toEqual([[null, null]]);
    expect(await listed('&due=planned')).toEqual([]);
  });

  it("tell due from overdue by the customer's own today, in zones a day apart (the boundary days)", async () => {
    const shift = (ymd: string, days: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + days * day).toISOString().slice(0, 10);
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const customer = await t.db.insertInto('customers').values({ name: `Edge ${zone}`, time_zone: zone }).returning('id').executeTakeFirstOrThrow();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
      const serials = [`EDGE-${zone}-DUE`, `EDGE-${zone}-OVER`, `EDGE-${zone}-SOON`];
      const machines = await t.db.insertInto('equipment').values(serials.map((serial_number) => ({ serial_number, product_family_id: ref.jaw.id, customer_id: customer.id }))).returning('id').execute();
      const plans = [];
      for (const [i, startsOn] of [today, shift(today, -1), shift(today, 1)].entries()) {
        plans.push(await plan({ equipmentId: machines[i]!.id, inspectionType: 'Monthly', startsOn }));
      }
      expect(plans.map((p) => p.state)).toEqual(['due', 'overdue', 'upcoming']);
      const list = async (q: string) => {
        const res = await call('GET', `/api/v1/Equipments/query?customerId=${customer.id}&orderKey=serial&orderDirection=asc&${q}`, tok.manager);
        return res.json().result.map((e: { serial: string; nextDueState: string }) => [e.serial, e.nextDueState]);
      };
      expect(await list('due=due')).toEqual([[serials[0], 'due'], [serials[1], 'overdue']]);
      expect(await list('due=overdue')).toEqual([[serials[1], 'overdue']]);
      const due = await call('GET', `/api/v1/plans/due?customerId=${customer.id}&states=due,overdue&orderKey=serialNumber&orderDirection=asc`, tok.manager);
      expect(due.json().result.map((p: { state: string }) => p.state)).toEqual(['due', 'overdue']);
      const overdue = await call('GET', `/api/v1/plans/due?customerId=${customer.id}&states=overdue`, tok.manager);
      expect(overdue.json().result.map((p: { serialNumber: string }) => p.serialNumber)).toEqual([serials[1]]);
    }
  });

  it('filter overdue and sort by next due date through indexes', async () => {
    const explain = async (q: { compile(): { sql: string; parameters: readonly unknown[] } }) =>
      t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_sort = off`.execute(trx);
        const c = q.compile();
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(c.sql.replace(/\$(\d+)/g, (_, n) => `'${String(c.parameters[Number(n) - 1])}'`))}`.execute(trx);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const base = liveEquipmentRows(t.db).select(equipmentDueColumns('UTC'));
    const overdue = await explain(base.where(equipmentDueFilter('overdue', 'UTC')).limit(50));
    expect(overdue).toMatch(/equipment_overdue_since/);
    expect(overdue).not.toMatch(/Seq Scan on equipment/);
    const due = await explain(base.where(equipmentDueFilter('due', 'UTC')).limit(50));
    expect(due).toMatch(/equipment_due_since/);
    const asc = await explain(base.orderBy(sql`e.next_due_on`).orderBy('e.id').limit(50));
    expect(asc).toMatch(/Index Scan using equipment_next_due on equipment/);
    const desc = await explain(base.orderBy(sql`e.next_due_on`, (ob) => ob.desc().nullsLast()).orderBy('e.id', 'desc').limit(50));
    expect(desc).toMatch(/Index Scan using equipment_next_due_desc on equipment/);
    expect(`${asc}\n${desc}`).not.toMatch(/Sort Key/);
  });
});

describe('the Equipment list filtered by due state', () => {
  it('counts up to 1,000 matches (then 1,000+), where the unfiltered list counts exactly', async () => {
    await sql`insert into equipment (serial_number, product_family_id, customer_id)
      select 'CAP-' || n, ${ref.jaw.id}::uuid, ${ref.customerId}::uuid from generate_series(1, 1005) n`.execute(t.db);
    await sql`insert into inspection_plans (equipment_id, inspection_type, starts_on)
      select id, 'Weekly', current_date - 60 from equipment where serial_number like 'CAP-%'`.execute(t.db);
    const overdue = await call('GET', '/api/v1/Equipments/query?search=CAP-&due=overdue&amount=5', tok.manager);
    expect(overdue.statusCode, overdue.body).toBe(200);
    expect(overdue.json()).toMatchObject({ count: 1000, countCapped: true });
    expect(overdue.json().result).toHaveLength(5);
    const all = await call('GET', '/api/v1/Equipments/query?search=CAP-&amount=5', tok.manager);
    expect(all.json()).toMatchObject({ count: 1005 });
    expect(all.json()).not.toHaveProperty('countCapped');
  });
});
