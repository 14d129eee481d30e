import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPreviousValues, type TPreviousValues } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

/** Issue 23: the previous values the report edit form shows beside measured points (and keeps for offline use). */
let t: TestApp;
let f: EditFixtures;
let staffId: string;
let distId: string;
let otherCompanyId: string;
let firstId: string;

const day = (m: number, d: number) => new Date(Date.UTC(2026, m - 1, d, 9));
const trpcGet = (path: string, input: unknown, token?: string) =>
  t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const previous = async (id: string, token: string) => {
  const res = await trpcGet('inspectionEdit.previousValues', { id }, token);
  expect(res.statusCode).toBe(200);
  return ZPreviousValues.parse(res.json().result.data);
};
const byPoint = (v: TPreviousValues) => new Map(v.points.map((p) => [p.inspectionPointId, p]));

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
  const [main, side] = f.table.rows;
  const [left, right] = f.table.fields;
  const table = (a: string, b: string) => ({
    fields: f.table.fields.map((id) => ({ id })),
    rows: [
      { id: main, title: 'Main', values: [{ rowId: main, fieldId: left, value: a }, { rowId: main, fieldId: right, value: b }] },
      { id: side, title: 'Side', values: [{ rowId: side, fieldId: left, value: '' }] },
    ],
  });
  /** An inspection of SN-1 (or `values.equipment_id`) with a measured value and, if given, the table. */
  const measured = async (values: Record<string, unknown>, value: string | null, cells?: [string, string]) => {
    const i = await f.inspection(values);
    await t.db.insertInto('inspection_point_results').values({
      inspection_id: i.id, inspection_category_id: i.categories[1]!, protocol_point_id: f.daily.points[f.points.measure]!, inspection_point_id: f.points.measure, index: 0, value,
    } as never).execute();
    if (cells) {
      await t.db.insertInto('inspection_point_results').values({
        inspection_id: i.id, inspection_category_id: i.categories[1]!, protocol_point_id: f.daily.points[f.points.table]!, inspection_point_id: f.points.table, index: 1, content: JSON.stringify(table(...cells)),
      } as never).execute();
    }
    return i.id;
  };
  otherCompanyId = await measured({ inspection_date: day(10, 12), company_id: f.otherCompanyId }, '14');
  firstId = await measured({ inspection_date: day(5, 1) }, '11.0', ['30', '31']);
  await measured({ inspection_date: day(10, 5) }, '12.3', ['28,5', '29']);
  await measured({ inspection_date: day(10, 10), company_id: f.companyId, created_by_user_id: f.users['dist.user'] }, '13.5');
  // Never drawn on: a later inspection, a deleted one, another machine's.
  await measured({ inspection_date: day(11, 1) }, '99', ['99', '99']);
  await measured({ inspection_date: day(10, 15), deleted_at: new Date() }, '77', ['77', '77']);
  const other = (await t.db.insertInto('equipment').values({ serial_number: 'SN-2', product_family_id: f.ref.jaw.id, customer_id: f.ref.customerId } as never).returning('id').executeTakeFirstOrThrow()).id;
  await measured({ inspection_date: day(10, 18), equipment_id: other, serial_number: 'SN-2' }, '55', ['55', '55']);
  staffId = (await f.inspection({ inspection_date: day(10, 20) })).id;
  distId = (await f.inspection({ inspection_date: day(10, 20), company_id: f.companyId, created_by_user_id: f.users['dist.user'] })).id;
});
afterAll(() => t?.close());

describe('tRPC inspectionEdit.previousValues', () => {
  it("answers each measured point's latest value on the same machine from live inspections dated before this one", async () => {
    const v = byPoint(await previous(staffId, f.tok.inspector));
    // Only measured points (Measurement, tables), never the radio, choice, dropdown or comment of the same form.
    expect([...v.keys()].sort()).toEqual([f.points.measure, f.points.table].sort());
    // A staff inspection draws on every company's: the other company's 12.10 is the latest before 20.10.
    expect(v.get(f.points.measure)).toEqual({ inspectionPointId: f.points.measure, date: day(10, 12).getTime(), value: '14', cells: [] });
    // Each point its own latest: the table was last recorded on 5.10 (the cells as typed, with their row titles).
    const table = v.get(f.points.table)!;
    expect(table.date).toBe(day(10, 5).getTime());
    expect(table.value).toBeNull();
    expect(table.cells).toEqual([
      { rowId: f.table.rows[0], rowTitle: 'Main', fieldId: f.table.fields[0], value: '28,5' },
      { rowId: f.table.rows[0], rowTitle: 'Main', fieldId: f.table.fields[1], value: '29' },
      { rowId: f.table.rows[1], rowTitle: 'Side', fieldId: f.table.fields[0], value: '' },
    ]);
  });

  it("gives a distributor's inspection only its own company's earlier values", async () => {
    const v = byPoint(await previous(distId, f.tok.distUser));
    expect(v.get(f.points.measure)).toMatchObject({ date: day(10, 10).getTime(), value: '13.5' });
    // its company never recorded the table: nothing, although staff inspections did
    expect(v.has(f.points.table)).toBe(false);
    // and staff reading the same distributor's inspection see the same (the report's rule: the inspection's company)
    expect(await previous(distId, f.tok.manager)).toEqual(await previous(distId, f.tok.distUser));
  });

  it('answers nothing for the first inspection of a machine', async () => {
    expect(await previous(firstId, f.tok.inspector)).toEqual({ points: [] });
  });

  it("refuses as the inspection's own read: level None 403, another company's or a staff inspection 404 for a distributor, no token 401, a bad id 400", async () => {
    expect((await trpcGet('inspectionEdit.previousValues', { id: staffId }, f.tok.nobody)).statusCode).toBe(403);
    expect((await trpcGet('inspectionEdit.previousValues', { id: staffId }, f.tok.distUser)).statusCode).toBe(404);
    expect((await trpcGet('inspectionEdit.previousValues', { id: otherCompanyId }, f.tok.distAdmin)).statusCode).toBe(404);
    expect((await trpcGet('inspectionEdit.previousValues', { id: staffId })).statusCode).toBe(401);
    const bad = await trpcGet('inspectionEdit.previousValues', { id: 'nope' }, f.tok.inspector);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
  });
});

describe('GET api/v1/inspections/{id}/previousValues and the offline bundle', () => {
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers the same as the tRPC read, with the same refusals', async () => {
    const res = await get(`/api/v1/inspections/${staffId}/previousValues`, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await previous(staffId, f.tok.inspector));
    expect((await get(`/api/v1/inspections/${staffId}/previousValues`, f.tok.nobody)).statusCode).toBe(403);
    expect((await get(`/api/v1/inspections/${staffId}/previousValues`, f.tok.distAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/inspections/${distId}/previousValues`, f.tok.distAdmin)).statusCode).toBe(200);
    expect((await get('/api/v1/inspections/nope/previousValues', f.tok.inspector)).statusCode).toBe(400);
  });

  it("is part of 'Make available offline' (tRPC offline.inspection), equal to the read", async () => {
    const res = await trpcGet('offline.inspection', { id: staffId }, f.tok.inspector);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.previousValues).toEqual(await previous(staffId, f.tok.inspector));
  });
});
