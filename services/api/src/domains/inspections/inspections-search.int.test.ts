import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from '../audits/audits.fixtures.test-helpers.js';

// Issue 20: list searches ignore case and accents, and a report is found by its machine's nickname and its site's
// name; the rows are written by the product's own calls (start, rename), never by the test.
let t: TestApp;
let f: AuditFixtures;
let reportId: string;
let auditId: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedAuditFixtures(t);
  const started = await f.call('POST', '/api/v1/inspections', f.tok.inspector, {
    protocolId: f.daily.id, customerId: f.ref.customerId, customerSiteId: f.ref.siteId,
    equipment: { productModelId: f.ref.jaw.models.JC200, serialNumber: 'ACC-1', nickName: 'Brecher Süd' },
  });
  expect(started.statusCode, started.body).toBe(201);
  reportId = started.json().id;
  auditId = (await f.createAudit()).id;
  const admin = f.tok.admin;
  const renamed = await f.call('PUT', `/api/v1/customers/${f.ref.customerId}`, admin, { name: 'Áridos Müller SL' });
  expect(renamed.statusCode, renamed.body).toBe(200);
  const site = await f.call('PUT', `/api/v1/customers/${f.ref.customerId}/sites/${f.ref.siteId}`, admin, { name: 'Cantera Peñón' });
  expect(site.statusCode, site.body).toBe(200);
});
afterAll(() => t?.close());

const ids = async (path: string, search: string) => {
  const res = await f.call('GET', `/api/v1/${path}?search=${encodeURIComponent(search)}`, f.tok.manager);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as Array<{ id: string }>).map((r) => r.id);
};

describe('reports list search', () => {
  it("finds a renamed customer's report under its new name with or without accents, in any case", async () => {
    for (const term of ['muller', 'Müller', 'MÜLLER', 'aridos', 'ÁRIDOS', 'áridos müller sl']) {
      expect(await ids('inspections', term), term).toEqual([reportId]);
    }
    expect(await ids('inspections', 'quarry ltd'), 'the old name').toEqual([]);
  });

  it("finds a report by its machine's nickname and its site's current name", async () => {
    expect(await ids('inspections', 'brecher sud')).toEqual([reportId]);
    expect(await ids('inspections', 'BRECHER SÜD')).toEqual([reportId]);
    expect(await ids('inspections', 'penon')).toEqual([reportId]);
    expect(await ids('inspections', 'cantera peñon')).toEqual([reportId]);
    expect(await ids('inspections', 'north pit'), 'the old site name').toEqual([]);
  });

  it('stores the folded text the search reads', async () => {
    const row = await t.db.selectFrom('inspections').select('search_text').where('id', '=', reportId).executeTakeFirstOrThrow();
    expect(row.search_text).toBe('daily check for jaw jc acc-1 brecher sud aridos muller sl cantera penon inspector');
  });
});

describe('audits list search', () => {
  it('finds an audit by its customer and site without accents', async () => {
    expect(await ids('audits', 'muller')).toEqual([auditId]);
    expect(await ids('audits', 'CANTERA PENON')).toEqual([auditId]);
  });
});

describe('customers and equipment lists', () => {
  it('search names ignoring case and accents', async () => {
    expect(await ids('customers/query', 'aridos')).toEqual([f.ref.customerId]);
    expect(await ids('customers/query', 'MULLER')).toEqual([f.ref.customerId]);
    const machine = await t.db.selectFrom('equipment').select('id').where('serial_number', '=', 'ACC-1').executeTakeFirstOrThrow();
    expect(await ids('Equipments/query', 'brecher sud')).toEqual([machine.id]);
    const picks = await f.call('GET', `/trpc/inspectionStart.customers?input=${encodeURIComponent(JSON.stringify({ search: 'muller' }))}`, f.tok.inspector);
    expect(picks.statusCode, picks.body).toBe(200);
    expect(picks.json().result.data.map((c: { id: string }) => c.id)).toEqual([f.ref.customerId]);
  });
});
