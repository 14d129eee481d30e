import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZServicedEquipmentQuery, ZUsageQuery, servicedText, usageDisplayName, type Actor } from '@insp/contracts';
import { anonymousContext, createTestApp, signInUsers, type TestApp } from '../../testing/test-app.js';
import { companiesServicedEquipment, servicedEquipment, usageSummary } from './usage-dashboard.service.js';

// Issue 22. "Now" is Wednesday 30 December 2026, 10:00 UTC (12:00 in Helsinki, UTC+2). In Helsinki this week is
// Mon 28 Dec 00:00 (27 Dec 22:00Z) to Mon 4 Jan 2027 (3 Jan 22:00Z): it ends in the next year. December begins
// 30 Nov 22:00Z; 2026 begins 31 Dec 2025 22:00Z and ends 31 Dec 2026 22:00Z. In UTC everything starts at 00:00Z.
const NOW = new Date('2026-12-30T10:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const one = async (q: { executeTakeFirstOrThrow(): Promise<{ id: string }> }) => (await q.executeTakeFirstOrThrow()).id;
  const drills = await one(db.insertInto('product_categories').values({ name: 'Surface drills' }).returning('id'));
  const crushers = await one(db.insertInto('product_categories').values({ name: 'Crushers' }).returning('id'));
  const drillFamily = await one(db.insertInto('product_families').values({ name: 'Pantera', product_category_id: drills }).returning('id'));
  const crusherFamily = await one(db.insertInto('product_families').values({ name: 'Jaw', product_category_id: crushers }).returning('id'));
  const customer = (name: string, english_name: string | null, deleted = false) =>
    one(db.insertInto('customers').values({ name, english_name, deleted_at: deleted ? new Date() : null }).returning('id'));
  ids.alpha = await customer('Alpha Oy', 'Alpha Ltd');
  ids.beta = await customer('beta', 'BETA');
  ids.gamma = await customer('Gamma', null);
  ids.delta = await customer('Delta', 'Delta');
  ids.epsilon = await customer('Epsilon', null);
  ids.zeta = await customer('Zeta', null, true);
  const machine = (key: string, customerId: string, family = drillFamily, deleted = false) =>
    one(db.insertInto('equipment').values({ serial_number: key, customer_id: customerId, product_family_id: family, deleted_at: deleted ? new Date() : null }).returning('id'))
      .then((id) => (ids[key] = id));
  for (const k of ['A1', 'A2', 'A3', 'A4']) await machine(k, ids.alpha);
  await machine('AC1', ids.alpha, crusherFamily);
  await machine('Agone', ids.alpha, drillFamily, true);
  for (const k of ['B1', 'B2', 'B3']) await machine(k, ids.beta);
  await machine('D1', ids.delta);
  await machine('E1', ids.epsilon);
  await machine('Z1', ids.zeta);
  ids.nordic = await one(db.insertInto('companies').values({ name: 'Nordic Distribution' }).returning('id'));
  ids.southern = await one(db.insertInto('companies').values({ name: 'Southern Parts' }).returning('id'));
  ids.closed = await one(db.insertInto('companies').values({ name: 'Closed Co', deleted_at: new Date() }).returning('id'));
  const audit = await one(db.insertInto('audits').values({ name: 'Site audit', inspection_date: at('2026-12-29T10:00:00Z') }).returning('id'));
  const inspect = (key: string, iso: string, extra: { company_id?: string; deleted_at?: Date; audit_id?: string } = {}) => ({
    name: `Check ${key}`, type: 'Daily', equipment_id: ids[key], inspection_date: at(iso), ...extra,
  });
  await db.insertInto('inspections').values([
    inspect('A1', '2027-01-02T10:00:00Z', { company_id: ids.nordic }), // this week only (January)
    inspect('A2', '2026-12-27T22:30:00Z'), // Helsinki: Mon 28 Dec 00:30 (week, month, year); UTC: Sun 27 Dec (month, year)
    inspect('A3', '2026-12-01T10:00:00Z'), // month and year
    inspect('A3', '2026-12-29T10:00:00Z', { deleted_at: new Date() }), // deleted: not a service
    inspect('A3', '2026-12-29T11:00:00Z', { audit_id: audit }), // an audit run: not a service
    inspect('A4', '2026-11-30T21:59:00Z', { company_id: ids.nordic }), // Helsinki: 23:59 on 30 Nov (year only); UTC too
    inspect('AC1', '2026-12-29T10:00:00Z', { company_id: ids.nordic }), // a crusher: not in the drills table
    inspect('Agone', '2026-12-29T10:00:00Z'), // a deleted machine
    inspect('B1', '2026-12-28T08:00:00Z'), // twice this week: one machine
    inspect('B1', '2026-12-30T08:00:00Z'),
    inspect('D1', '2024-05-05T10:00:00Z', { company_id: ids.nordic }), // serviced once, long ago
    inspect('Z1', '2026-12-29T10:00:00Z'), // a deleted customer
    inspect('A1', '2025-12-31T21:59:00Z'), // 23:59 on 31 Dec 2025 in Helsinki: not this year
  ]).execute();
  Object.assign(tokens, await signInUsers(t, [
    { kind: 'staff', email: 'admin@company.example', name: 'Ada Admin', idp_groups: ['admin'] },
    { kind: 'staff', email: 'dev@company.example', name: 'Dev Eloper', idp_groups: ['inspection'], account_flags: ['Developer'] },
    { kind: 'staff', email: 'manager@company.example', name: 'Max Manager', idp_groups: ['manager'] },
    { kind: 'distributor', email: 'dist@distributor.example', name: 'Dana', company_id: ids.nordic, distributor_admin: true, account_flags: ['Developer'], expires_at: new Date(Date.now() + 86_400_000) },
  ]));
});
afterAll(() => t?.close());

const admin: Actor = { userId: '00000000-0000-4000-8000-000000000001', email: 'a@company.example', kind: 'staff', level: 3, flags: [], companyId: null, distributorAdmin: false };
const ctx = () => ({ ...anonymousContext(t), actor: admin });
const customers = (q: Record<string, string> = {}) => servicedEquipment(ctx(), ZServicedEquipmentQuery.parse(q), NOW);
const companies = (q: Record<string, string> = {}) => companiesServicedEquipment(ctx(), ZUsageQuery.parse(q), NOW);
const helsinki = { timeZone: 'Europe/Helsinki' };
type Row = Awaited<ReturnType<typeof customers>>['result'][number];
const line = (r: Row) => [r.customerName, r.totalNumberOfEquipment, r.serviceData.lastWeek, r.serviceData.lastMonth, r.serviceData.lastYear];

describe('servicedEquipment: surface drills per customer', () => {
  it('counts distinct live drills serviced this week (Monday first, into the next year), month and year in Helsinki', async () => {
    const { result, count } = await customers(helsinki);
    // Alpha: A1 (2 Jan) and A2 this week; A2, A3 this month; A2, A3, A4 this year; of 4 live drills (not the crusher,
    // not the deleted machine, not the deleted or audit inspections). beta: B1 twice this week is one machine.
    // Delta was serviced in 2024 only: kept (it has inspections); Gamma (no drills) and Epsilon (never serviced) are not.
    expect(result.map(line)).toEqual([
      ['Alpha Oy', 4, 2, 2, 3],
      ['beta', 3, 1, 1, 1],
      ['Delta', 1, 0, 0, 0],
    ]);
    expect(count).toBe(3);
    expect(result[0]).toEqual({ id: ids.alpha, customerName: 'Alpha Oy', customerEnglishName: 'Alpha Ltd', totalNumberOfEquipment: 4, serviceData: { lastWeek: 2, lastMonth: 2, lastYear: 3 } });
  });

  it('reads the calendar of the zone asked: in UTC the Sunday-evening service falls in last week', async () => {
    const alpha = (await customers({ timeZone: 'UTC' })).result.find((r) => r.id === ids.alpha)!;
    expect(alpha.serviceData).toEqual({ lastWeek: 1, lastMonth: 2, lastYear: 3 });
    // UTC is the default zone
    expect((await customers()).result.find((r) => r.id === ids.alpha)!.serviceData).toEqual(alpha.serviceData);
  });

  it('onlyIncludeServiced=false adds customers without inspections, total 0 included; never a deleted customer', async () => {
    const { result } = await customers({ ...helsinki, onlyIncludeServiced: 'false' });
    expect(result.map(line)).toEqual([
      ['Alpha Oy', 4, 2, 2, 3],
      ['beta', 3, 1, 1, 1],
      ['Delta', 1, 0, 0, 0],
      ['Epsilon', 1, 0, 0, 0],
      ['Gamma', 0, 0, 0, 0],
    ]);
  });

  it('filters on the name or the English name, any case and accent, and sorts on every column', async () => {
    expect((await customers({ search: 'ALPHA LTD' })).result.map((r) => r.customerName)).toEqual(['Alpha Oy']);
    expect((await customers({ search: 'bEtA' })).result.map((r) => r.customerName)).toEqual(['beta']);
    expect((await customers({ search: 'nobody' })).result).toEqual([]);
    const order = async (orderKey: string, orderDirection: string) =>
      (await customers({ ...helsinki, onlyIncludeServiced: 'false', orderKey, orderDirection })).result.map((r) => r.customerName);
    expect(await order('name', 'desc')).toEqual(['Gamma', 'Epsilon', 'Delta', 'beta', 'Alpha Oy']);
    expect(await order('totalNumberOfEquipment', 'asc')).toEqual(['Gamma', 'Delta', 'Epsilon', 'beta', 'Alpha Oy']);
    expect(await order('lastWeek', 'desc')).toEqual(['Alpha Oy', 'beta', 'Delta', 'Epsilon', 'Gamma']);
    expect(await order('lastMonth', 'desc')).toEqual(['Alpha Oy', 'beta', 'Delta', 'Epsilon', 'Gamma']);
    expect(await order('lastYear', 'asc')).toEqual(['Delta', 'Epsilon', 'Gamma', 'beta', 'Alpha Oy']);
  });
});

describe('companiesServicedEquipment: machines per distributor company', () => {
  it('totals the machines each live company ever serviced (any category) and those it serviced in each period', async () => {
    const { result } = await companies(helsinki);
    // Nordic: A1, A4, AC1, D1 ever; this week A1 (2 Jan) and AC1; this month AC1; this year A4 and AC1.
    expect(result.map(line)).toEqual([
      ['Nordic Distribution', 4, 2, 1, 2],
      ['Southern Parts', 0, 0, 0, 0],
    ]);
    expect(result[0]!.customerEnglishName).toBeNull();
    expect((await companies({ search: 'south' })).result.map((r) => r.customerName)).toEqual(['Southern Parts']);
    expect((await companies({ orderKey: 'totalNumberOfEquipment', orderDirection: 'asc' })).result.map((r) => r.customerName)).toEqual(['Southern Parts', 'Nordic Distribution']);
  });
});

describe('summary', () => {
  it('gives the periods it counted in as instants, and the drills totals over every live customer', async () => {
    expect(await usageSummary(ctx(), helsinki, NOW)).toEqual({
      timeZone: 'Europe/Helsinki',
      weekStartsOn: 'Monday',
      periods: {
        week: { from: Date.parse('2026-12-27T22:00:00Z'), to: Date.parse('2027-01-03T22:00:00Z') },
        month: { from: Date.parse('2026-11-30T22:00:00Z'), to: Date.parse('2026-12-31T22:00:00Z') },
        year: { from: Date.parse('2025-12-31T22:00:00Z'), to: Date.parse('2026-12-31T22:00:00Z') },
      },
      productCategory: 'Surface drills',
      customers: 4,
      totalNumberOfEquipment: 9,
      serviceData: { lastWeek: 3, lastMonth: 3, lastYear: 4 },
    });
  });
});

describe('display rules (002 §9)', () => {
  it('shows count (percent of total to 2 decimals), and 0 (0%) or n (100%) when the total is 0', () => {
    expect(servicedText(1, 3)).toBe('1 (33.33%)');
    expect(servicedText(2, 3)).toBe('2 (66.67%)');
    expect(servicedText(3, 4)).toBe('3 (75%)');
    expect(servicedText(0, 0)).toBe('0 (0%)');
    expect(servicedText(2, 0)).toBe('2 (100%)');
  });
  it("shows 'name (englishName)' unless both are equal ignoring case", () => {
    expect(usageDisplayName('Alpha Oy', 'Alpha Ltd')).toBe('Alpha Oy (Alpha Ltd)');
    expect(usageDisplayName('beta', 'BETA')).toBe('beta');
    expect(usageDisplayName('Gamma', null)).toBe('Gamma');
  });
});

describe('the REST calls and who may use them', () => {
  const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
  const paths = ['/api/v1/inspections/summary', '/api/v1/inspections/servicedEquipment?onlyIncludeServiced=true', '/api/v1/inspections/companiesServicedEquipment'];

  it('answers an admin and a staff member with the Developer flag at the exact paths', async () => {
    for (const who of ['admin', 'dev']) {
      for (const p of paths) expect((await get(p, who)).statusCode, `${who} ${p}`).toBe(200);
    }
    const body = (await get('/api/v1/inspections/servicedEquipment?onlyIncludeServiced=false&timeZone=Europe/Helsinki', 'admin')).json();
    expect(body.count).toBe(5);
  });

  it('refuses a manager and a distributor admin holding the Developer flag (403), and no token (401)', async () => {
    for (const p of paths) {
      expect((await get(p, 'manager')).statusCode, `manager ${p}`).toBe(403);
      expect((await get(p, 'dist')).statusCode, `dist ${p}`).toBe(403);
      expect((await get(p)).statusCode, p).toBe(401);
    }
    const trpc = await get(`/trpc/usageDashboard.customers?input=${encodeURIComponent('{}')}`, 'manager');
    expect(trpc.statusCode).toBe(403);
  });

  it('answers 400 naming the field for a bad flag, zone, sort key or direction', async () => {
    for (const [query, field] of [
      ['servicedEquipment?onlyIncludeServiced=maybe', 'onlyIncludeServiced'],
      ['servicedEquipment?timeZone=Mars/Olympus', 'timeZone'],
      ['companiesServicedEquipment?orderKey=email', 'orderKey'],
      ['servicedEquipment?orderDirection=up', 'orderDirection'],
      ['summary?timeZone=%2B02:00', 'timeZone'],
    ]) {
      const res = await get(`/api/v1/inspections/${query}`, 'admin');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });
});
