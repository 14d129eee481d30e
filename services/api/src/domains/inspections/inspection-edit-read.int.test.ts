import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZV1InspectionReport } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { rateEveryPoint, seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

let t: TestApp;
let f: EditFixtures;
let staffId: string;
let distId: string;
let otherId: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
  const staff = await f.inspection({ inspector: 'Ivy', inspector_user_id: f.users.inspector, internal_comment: 'Quote parts', comment: 'All fine', contact_email: 'buyer@quarry.example' });
  staffId = staff.id;
  const result = await t.db.insertInto('inspection_point_results').values({
    inspection_id: staffId, inspection_category_id: staff.categories[0]!, protocol_point_id: f.daily.points[f.points.radio]!, inspection_point_id: f.points.radio,
    index: 1, selection: 'Worn', rating: 1, comment: 'Wear seen', internal_comment: 'Order dies',
  }).returning('id').executeTakeFirstOrThrow();
  const img = await f.image(f.users.inspector!);
  await t.db.insertInto('inspection_result_photos').values({ result_id: result.id, image_id: img, caption: 'Dies', layout: 'Fullscreen', position: 0 }).execute();
  distId = (await f.inspection({ company_id: f.companyId, created_by_user_id: f.users['dist.user'] })).id;
  otherId = (await f.inspection({ company_id: f.otherCompanyId })).id;
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET api/v1/inspections/{id}/editDetails', () => {
  it('answers every protocol point with its configuration and its result, blank where unanswered', async () => {
    const res = await get(`/api/v1/inspections/${staffId}/editDetails`, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    const body = ZV1InspectionReport.parse(res.json());
    expect(body).toMatchObject({ id: staffId, status: 'In_Use', finished: false, customer: 'Quarry Ltd', site: 'North pit', productFamilyName: 'Jaw JC', productModelName: 'JC100', internalComment: 'Quote parts', content: { contactEmail: 'buyer@quarry.example', equipment: { serialNumber: 'SN-1' } } });
    expect(body.categories.map((c) => [c.title, c.inspectionPoints.map((p) => p.type)])).toEqual([
      ['General', ['Comment', 'RadioButtonSelection']],
      ['Measurements', ['Measurement', 'SummaryWithRows']],
      ['Choices', ['MultipleChoices', 'Dropdown']],
    ]);
    const radio = body.categories[0]!.inspectionPoints[1]!;
    expect(radio.optionGroup!.options.map((o) => [o.name, o.comment])).toEqual([['Good', null], ['Worn', 'Wear observed.'], ['Damaged', 'Repair or replace.']]);
    expect(radio.content).toMatchObject({ selection: 'Worn', rating: 'Follow', comment: 'Wear seen', internalComment: 'Order dies', photos: [{ caption: 'Dies', layout: 'Fullscreen' }] });
    const [measure, table] = body.categories[1]!.inspectionPoints;
    expect(measure).toMatchObject({ unitValue: 'mm', keyboardType: 'decimal-pad', limits: { criticalLow: 5, low: 10, high: 40, criticalHigh: 50 }, content: { rating: 'NotSet', photos: [] } });
    expect(measure!.content.id).toBeUndefined();
    expect(table!.fields.map((x) => x.inspectionPointFieldAggregation)).toEqual(['No', 'No', 'Average']);
    expect(table!.rows.map((x) => x.inspectionPointRowAggregation)).toEqual(['No', 'No', 'Sum']);
    expect(body.categories[2]!.inspectionPoints[1]!.dropdowns[0]!.options.map((o) => o.title)).toEqual(['Original', 'Third-party']);
  });

  it('lets a distributor read its company’s inspection and answers 404 for another company’s', async () => {
    expect((await get(`/api/v1/inspections/${distId}/editDetails`, f.tok.distUser)).statusCode).toBe(200);
    expect((await get(`/api/v1/inspections/${otherId}/editDetails`, f.tok.distUser)).statusCode).toBe(404);
    expect((await get(`/api/v1/inspections/${staffId}/editDetails`, f.tok.distAdmin)).statusCode).toBe(404);
  });

  it('refuses level None (403) and a caller without a token (401)', async () => {
    expect((await get(`/api/v1/inspections/${staffId}/editDetails`, f.tok.nobody)).statusCode).toBe(403);
    expect((await get(`/api/v1/inspections/${staffId}/editDetails`)).statusCode).toBe(401);
  });
});

describe('GET api/v1/inspections/{id}/web', () => {
  it('answers the inspection for the read-only view without any internal comment', async () => {
    const res = await get(`/api/v1/inspections/${staffId}/web`, f.tok.manager);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.comment).toBe('All fine');
    expect(body).not.toHaveProperty('internalComment');
    expect(res.body).not.toContain('Order dies');
    expect(res.body).not.toContain('Quote parts');
    expect(body.categories[0].inspectionPoints[1].content).toMatchObject({ selection: 'Worn', comment: 'Wear seen' });
  });

  it('scopes distributors to their company (404) and refuses level None', async () => {
    expect((await get(`/api/v1/inspections/${otherId}/web`, f.tok.distAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/inspections/${distId}/web`, f.tok.distAdmin)).statusCode).toBe(200);
    expect((await get(`/api/v1/inspections/${staffId}/web`, f.tok.nobody)).statusCode).toBe(403);
  });
});

describe('tRPC inspectionEdit and protocolFit', () => {
  const trpc = (method: 'GET' | 'POST', path: string, token: string, input: unknown) =>
    t.app.inject({
      method,
      url: method === 'GET' ? `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `/trpc/${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'POST' ? { payload: input as object } : {}),
    });

  it('reads and saves over the same services as REST, with the same rights and field names', async () => {
    const read = await trpc('GET', 'inspectionEdit.editDetails', f.tok.inspector, { id: staffId });
    expect(read.statusCode).toBe(200);
    const data = read.json().result.data;
    expect(data.internalComment).toBe('Quote parts');
    expect((await trpc('GET', 'inspectionEdit.web', f.tok.inspector, { id: staffId })).json().result.data).not.toHaveProperty('internalComment');
    expect((await trpc('GET', 'inspectionEdit.editDetails', f.tok.distUser, { id: otherId })).statusCode).toBe(404);
    const saved = await trpc('POST', 'inspectionEdit.update', f.tok.inspector, { id: staffId, lang: 'en', data: rateEveryPoint({ ...data, finished: true, comment: 'via tRPC' }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.data).toMatchObject({ comment: 'via tRPC', finished: true });
    const bad = await trpc('POST', 'inspectionEdit.update', f.tok.inspector, { id: staffId, data: { ...data, summary: 'x\u0000' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('data.summary');
    const fits = await trpc('GET', 'protocolFit.sortedByFit', f.tok.inspector, { type: 'Daily', equipmentId: f.equipment });
    expect(fits.json().result.data.map((p: { name: string }) => p.name)).toEqual(['Daily check for Jaw JC']);
  });
});
