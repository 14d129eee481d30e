import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInspectionEdit } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { rateEveryPoint, seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/**
 * Issue 20: points whose rating is marked Required must have one before an inspection is finished, by the save
 * that finishes it (PUT inspections/update) or by the status Finished; a draft (`finished: false`) saves anyway.
 */
let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
/** The inspection as read, `finished` set as a client does to finish (000 §4: 'sets finished to true before the update is sent'). */
const read = async (id: string) => ({ ...((await call('GET', `/api/v1/inspections/${id}/editDetails`, f.tok.admin)).json() as TInspectionEdit), finished: true });
const save = (id: string, body: unknown, token = f.tok.inspector) => call('PUT', `/api/v1/inspections/update?lang=en&id=${id}`, token, body);
const setStatus = (id: string, status: string) => call('PUT', `/api/v1/inspections/${id}/updateStatus`, f.tok.admin, { status });
const start = async () => (await f.inspection({ inspector: 'Ivy', inspector_user_id: f.users.inspector, contact_email: 'buyer@quarry.example' })).id;
const pointNamed = (x: TInspectionEdit, name: string) => x.categories.flatMap((c) => c.inspectionPoints).find((p) => p.name === name)!;

describe('required ratings before finishing (issue 20)', () => {
  it('refuses a finishing save while a required rating is missing, names every such point and the first one\'s field, and writes nothing', async () => {
    const id = await start();
    const body = await read(id);
    body.comment = 'not to be kept';
    Object.assign(pointNamed(body, 'Jaw dies wear').content, { selection: 'Worn', rating: 'Follow' });
    const res = await save(id, body);
    expect(res.statusCode).toBe(400);
    // the daily protocol: General remarks has no rating field; the measurement, the table, the choice and the dropdown need one
    expect(res.json()).toMatchObject({
      field: 'categories.1.inspectionPoints.0.content.rating',
      message: 'categories.1.inspectionPoints.0.content.rating: these points need a rating before the inspection is finished: Crusher setting, Belt thickness, Safety equipment, Wear parts',
    });
    const row = await t.db.selectFrom('inspections').select(['comment', 'finished']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ comment: '', finished: false });
    expect(await t.db.selectFrom('inspection_point_results').select('id').where('inspection_id', '=', id).execute()).toEqual([]);
  });

  it('saves a draft with ratings missing and leaves it unfinished; rated, the same save finishes it', async () => {
    const id = await start();
    const body = await read(id);
    body.comment = 'halfway';
    const draft = await save(id, { ...body, finished: false });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ comment: 'halfway', finished: false });
    const done = await save(id, rateEveryPoint(await read(id), 'NotApplicable'));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ comment: 'halfway', finished: true });
  });

  it('leaves out a point the protocol marks optional and one whose rating is not required', async () => {
    const id = await start();
    await t.db.updateTable('protocol_points').set({ optional: true }).where('inspection_point_id', 'in', [f.points.choice, f.points.dropdownPoint]).execute();
    await t.db.updateTable('inspection_points').set({ rating_field_required: false }).where('id', '=', f.points.table).execute();
    try {
      const body = await read(id);
      Object.assign(pointNamed(body, 'Jaw dies wear').content, { rating: 'Ok' });
      const res = await save(id, body);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/finished: Crusher setting$/) });
      Object.assign(pointNamed(body, 'Crusher setting').content, { value: '20', rating: 'Ok' });
      expect((await save(id, body)).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('protocol_points').set({ optional: false }).where('inspection_point_id', 'in', [f.points.choice, f.points.dropdownPoint]).execute();
      await t.db.updateTable('inspection_points').set({ rating_field_required: true }).where('id', '=', f.points.table).execute();
    }
  });

  it('refuses PUT inspections/{id}/finish with a 409 while ratings are missing; the results saved, it finishes', async () => {
    const id = await start();
    const refused = await call('PUT', `/api/v1/inspections/${id}/finish`, f.tok.inspector);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'finished', message: expect.stringContaining('Jaw dies wear') });
    const body = rateEveryPoint(await read(id));
    const results = body.categories.flatMap((c) => c.inspectionPoints.map((p) => ({ categoryId: c.id, protocolPointId: p.protocolPointId, content: p.content })));
    expect((await call('PUT', `/api/v1/inspections/${id}/results`, f.tok.inspector, { results })).statusCode).toBe(200);
    const done = await call('PUT', `/api/v1/inspections/${id}/finish`, f.tok.inspector);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ finished: true });
  });

  it('refuses the status Finished with a 409 naming the points, and allows it once they are rated', async () => {
    const id = await start();
    const refused = await setStatus(id, 'Finished');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'status', message: expect.stringContaining('need a rating before the inspection is finished: Jaw dies wear, Crusher setting') });
    expect((await t.db.selectFrom('inspections').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('In_Use');
    // Waiting (handing in) does not ask for them
    expect((await setStatus(id, 'Waiting')).statusCode).toBe(200);
    expect((await save(id, rateEveryPoint(await read(id)), f.tok.admin)).statusCode).toBe(200);
    expect((await setStatus(id, 'Finished')).statusCode).toBe(200);
  });
});
