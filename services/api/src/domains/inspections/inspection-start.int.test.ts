import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TV1InspectionReport as TInspectionEdit } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';
import { recordedWebhookEvents, subscribeToEveryEvent } from '../webhooks/webhooks.fixtures.test-helpers.js';

let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
  // these tests are about who may finish and save; the rule that ratings come first has its own file (required-ratings.int.test.ts)
  await t.db.updateTable('inspection_points').set({ rating_field_required: false }).execute();
  await subscribeToEveryEvent(t.db);
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'PUT' | 'GET', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const start = (token: string, equipment: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/v1/inspections', token, { protocolId: f.daily.id, customerId: f.ref.customerId, customerSiteId: f.ref.siteId, equipment, ...extra });

describe('POST api/v1/inspections', () => {
  it('starts an In_Use inspection on a new machine: creates the equipment, copies it on the inspection, makes the categories', async () => {
    const res = await start(f.tok.inspector, { productModelId: f.ref.jaw.models.JC200, serialNumber: 'NEW-77' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TInspectionEdit;
    expect(body).toMatchObject({
      status: 'In_Use', finished: false, type: { name: 'Daily' }, name: 'Daily check for Jaw JC', protocolId: f.daily.id, customer: 'Quarry Ltd', site: 'North pit',
      content: { equipment: { serialNumber: 'NEW-77' } }, productFamilyName: 'Jaw JC', productModelName: 'JC200', inspector: 'Inspector', inspectorContact: 'inspector@company.example',
    });
    expect(body.categories.map((c) => [c.title, c.inspectionPoints.length])).toEqual([['General', 2], ['Measurements', 2], ['Choices', 2]]);
    const equipment = await t.db.selectFrom('equipment').selectAll().where('serial_number', '=', 'NEW-77').executeTakeFirstOrThrow();
    expect(equipment).toMatchObject({ id: body.equipmentId, product_family_id: f.ref.jaw.id, product_model_id: f.ref.jaw.models.JC200, customer_id: f.ref.customerId, customer_site_id: f.ref.siteId });
    const row = await t.db.selectFrom('inspections').select(['inspector_user_id', 'created_by_user_id', 'company_id', 'search_text']).where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ inspector_user_id: f.users.inspector, created_by_user_id: f.users.inspector, company_id: null, search_text: 'daily check for jaw jc new-77 quarry ltd north pit inspector' });
    // Listed at once, and a second start on the same serial number reuses the machine.
    expect((await call('GET', '/api/v1/inspections?search=new-77', f.tok.inspector)).json().count).toBe(1);
    const again = (await start(f.tok.inspector, { productModelId: f.ref.jaw.models.JC200, serialNumber: 'NEW-77' })).json();
    expect(again.equipmentId).toBe(body.equipmentId);
    // each start records its webhook event in its transaction
    const created = (await recordedWebhookEvents(t.db)).filter((e) => e.type === 'inspection.created' && [body.id, again.id].includes(e.data.inspectionId as string));
    expect(created.map((e) => e.data)).toEqual([
      { inspectionId: body.id, protocolId: f.daily.id, type: 'Daily', customerId: f.ref.customerId, equipmentId: body.equipmentId, status: 'In_Use' },
      { inspectionId: again.id, protocolId: f.daily.id, type: 'Daily', customerId: f.ref.customerId, equipmentId: body.equipmentId, status: 'In_Use' },
    ]);
  });

  it("takes existing equipment by id or by nickname at the site, and gives a distributor's inspection its company", async () => {
    const byId = await start(f.tok.distUser, { id: f.equipment });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json()).toMatchObject({ equipmentId: f.equipment, content: { equipment: { serialNumber: 'SN-1' } }, productModelName: 'JC100' });
    const row = await t.db.selectFrom('inspections').select('company_id').where('id', '=', byId.json().id).executeTakeFirstOrThrow();
    expect(row.company_id).toBe(f.companyId);
    const first = (await start(f.tok.manager, { productModelId: f.ref.jaw.models.JC100, nickName: 'Old blue' })).json();
    const second = (await start(f.tok.manager, { productModelId: f.ref.jaw.models.JC100, nickName: 'Old blue' })).json();
    expect(second.equipmentId).toBe(first.equipmentId);
    expect(first.content.equipment.nickName).toBe('Old blue');
  });

  it('answers 400 naming the field for unknown references, a missing serial and nickname, and audit protocols', async () => {
    const audit = await f.protocol('Site audit', 'Audit_Site', [['Plant', [f.points.radio]]]);
    const cases: [string, () => ReturnType<typeof start>][] = [
      ['equipment.serialNumber', () => start(f.tok.inspector, { productModelId: f.ref.jaw.models.JC100 })],
      ['equipment.productModelId', () => start(f.tok.inspector, { serialNumber: 'X' })],
      ['equipment.id', () => start(f.tok.inspector, { id: crypto.randomUUID() })],
      ['customerId', () => start(f.tok.inspector, { id: f.equipment }, { customerId: crypto.randomUUID() })],
      ['customerSiteId', () => start(f.tok.inspector, { id: f.equipment }, { customerSiteId: crypto.randomUUID() })],
      ['protocolId', () => start(f.tok.inspector, { id: f.equipment }, { protocolId: audit.id })],
      ['equipment.serialNumber', () => start(f.tok.inspector, { productModelId: f.ref.jaw.models.JC100, serialNumber: 'SN\u00011' })],
      ['equipment.serialNumber', () => start(f.tok.inspector, { productModelId: f.ref.jaw.models.JC100, serialNumber: 'SN-1' }, { customerId: f.ref.otherCustomerId, customerSiteId: null })],
    ];
    for (const [field, send] of cases) {
      const res = await send();
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json(), res.body).toMatchObject({ field });
    }
  });

  it('refuses level None', async () => {
    expect((await start(f.tok.nobody, { id: f.equipment })).statusCode).toBe(403);
  });
});

describe('PUT api/v1/inspections/{id}/results and /finish', () => {
  it('saves some results without finishing: new ones created, a retried one updated, blank ones skipped', async () => {
    const { id, categories } = await f.inspection({ inspector_user_id: f.users.inspector });
    const [general, measurements] = categories as [string, string];
    const radio = { categoryId: general, protocolPointId: f.daily.points[f.points.radio]! };
    const res = await call('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, {
      results: [
        { ...radio, content: { selection: 'Good', rating: 'Ok' } },
        { categoryId: measurements, protocolPointId: f.daily.points[f.points.measure]!, content: { value: '30.5', rating: 0 } },
        { categoryId: general, protocolPointId: f.daily.points[f.points.comment]!, content: {} },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().results;
    expect(saved.map((r: { id: string | null }) => r.id === null)).toEqual([false, false, true]);
    // An offline queue sending the same item again without id updates the same result.
    const retry = await call('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, { results: [{ ...radio, content: { selection: 'Worn', rating: 1 } }] });
    expect(retry.json().results[0].id).toBe(saved[0].id);
    const rows = await t.db.selectFrom('inspection_point_results').select(['selection', 'value', 'rating']).where('inspection_id', '=', id).orderBy('rating').execute();
    expect(rows).toEqual([{ selection: null, value: '30.5', rating: 0 }, { selection: 'Worn', value: null, rating: 1 }]);
    const row = await t.db.selectFrom('inspections').select(['finished', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ finished: false, status: 'In_Use' });
  });

  it('checks results like a full save (400 naming the field), and the point must belong to the category', async () => {
    const { id, categories } = await f.inspection({ inspector_user_id: f.users.inspector });
    const bad = await call('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, {
      results: [{ categoryId: categories[1], protocolPointId: f.daily.points[f.points.measure], content: { value: 'abc' } }],
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'results.0.content.value' });
    const wrongCategory = await call('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, {
      results: [{ categoryId: categories[0], protocolPointId: f.daily.points[f.points.measure], content: { value: '1' } }],
    });
    expect(wrongCategory.json()).toMatchObject({ statusCode: 400, field: 'results.0.protocolPointId' });
    const neither = await call('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, { results: [{ categoryId: categories[0], content: {} }] });
    expect(neither.json()).toMatchObject({ statusCode: 400, field: 'results.0.categoryId' });
  });

  it('finishes once (finished and ended set, status kept), for those who may save; 404 across companies', async () => {
    const { id } = await f.inspection({ inspector_user_id: f.users.inspector });
    expect((await call('PUT', `/api/v1/inspections/${id}/finish`, f.tok.nobody)).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/inspections/${id}/finish`, f.tok.distAdmin)).statusCode).toBe(404);
    const res = await call('PUT', `/api/v1/inspections/${id}/finish`, f.tok.inspector);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'In_Use', finished: true });
    expect(typeof res.json().ended).toBe('number');
    expect((await call('PUT', `/api/v1/inspections/${id}/finish`, f.tok.inspector)).json().ended).toBe(res.json().ended);
    const trail = await t.db.selectFrom('audit_trail').select('action').where('entity_id', '=', id).execute();
    expect(trail).toEqual([{ action: 'finish' }]);
  });
});
