import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringFixture, type AuthoringFixture } from './point-authoring.fixtures.test-helpers.js';

let f: AuthoringFixture;
let ids: AuthoringFixture['ids'];
/** A second measured point (limits belong to Measurement and the tables with rows only). */
let second: string;
const call: AuthoringFixture['call'] = (...args) => f.call(...args);
const limitsOf = (pointId: string) =>
  f.t.db.selectFrom('measurement_limits').select(['product_family_id', 'product_model_id', 'critical_low', 'low', 'high', 'critical_high']).where('inspection_point_id', '=', pointId).orderBy('created_at').execute();

beforeAll(async () => {
  f = await authoringFixture();
  ids = f.ids;
  second = (await f.t.db.insertInto('inspection_points').values({ name: 'Bearing temperature', type: 'Measurement', product_category_id: ids.category }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => f?.close());

describe('POST api/v1/measurementLimits', () => {
  it('creates limits per family and per model (empty thresholds allowed) and answers the saved rows with 201', async () => {
    const res = await call('POST', '/api/v1/measurementLimits', 'admin', [
      { id: 'temp-id-1', inspectionPointId: ids.points.oil, productFamilyId: ids.family, criticalLow: -10, low: 0, high: 80.5, criticalHigh: 95 },
      { inspectionPointId: ids.points.oil, productModelId: ids.model, low: 5, high: null },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual([
      { id: expect.any(String), inspectionPointId: ids.points.oil, productFamilyId: ids.family, productModelId: null, criticalLow: -10, low: 0, high: 80.5, criticalHigh: 95 },
      { id: expect.any(String), inspectionPointId: ids.points.oil, productFamilyId: null, productModelId: ids.model, criticalLow: null, low: 5, high: null, criticalHigh: null },
    ]);
    const trail = await f.t.db.selectFrom('audit_trail').select(['entity_type', 'action']).where('entity_id', '=', res.json()[0].id).execute();
    expect(trail).toEqual([{ entity_type: 'measurement_limit', action: 'create' }]);
  });

  it('answers 409 when the point already has a limit for that family, and saves nothing of the array', async () => {
    const before = await limitsOf(ids.points.oil);
    const res = await call('POST', '/api/v1/measurementLimits', 'admin', [
      { inspectionPointId: ids.points.oil, productFamilyId: ids.family2, low: 1 },
      { inspectionPointId: ids.points.oil, productFamilyId: ids.family, low: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('1');
    expect(await limitsOf(ids.points.oil)).toEqual(before);
  });

  it('refuses with 400 naming the field: neither or both targets, a text for a number, unknown point or family, an empty array', async () => {
    const cases: [unknown, string][] = [
      [[{ inspectionPointId: ids.points.oil, low: 1 }], '0.productFamilyId'],
      [[{ inspectionPointId: ids.points.oil, productFamilyId: ids.family2, productModelId: ids.model }], '0.productFamilyId'],
      [[{ inspectionPointId: ids.points.oil, productFamilyId: ids.family2, high: '12,5' }], '0.high'],
      [[{ inspectionPointId: ids.points.oil, productFamilyId: ids.family2 }, { inspectionPointId: ids.points.gone, productFamilyId: ids.family2 }], '1.inspectionPointId'],
      [[{ inspectionPointId: ids.points.oil, productFamilyId: ids.points.oil }], '0.productFamilyId'],
      [[{ inspectionPointId: ids.points.oil, productModelId: ids.family }], '0.productModelId'],
      [[{ inspectionPointId: 'x', productFamilyId: ids.family2 }], '0.inspectionPointId'],
      [[], ''],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/v1/measurementLimits', 'admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await limitsOf(ids.points.oil)).filter((l) => l.product_family_id === ids.family2)).toEqual([]);
  });

  it('refuses a staff Manager and a distributor User; a distributor Manager may save', async () => {
    const body = [{ inspectionPointId: ids.points.oil, productFamilyId: ids.family2, high: 3 }];
    expect((await call('POST', '/api/v1/measurementLimits', 'manager', body)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/measurementLimits', 'distUser', body)).statusCode).toBe(403);
    expect((await call('PUT', '/api/v1/measurementLimits', 'manager', body)).statusCode).toBe(403);
    expect((await call('PUT', '/api/v1/measurementLimits', 'distUser', body)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/measurementLimits', 'distManager', body)).statusCode).toBe(201);
  });
});

describe('PUT api/v1/measurementLimits', () => {
  it('updates by id, upserts by point and target without id, and answers the rows', async () => {
    const rows = await f.t.db.selectFrom('measurement_limits').select(['id', 'product_family_id', 'product_model_id']).where('inspection_point_id', '=', ids.points.oil).execute();
    const byFamily = rows.find((r) => r.product_family_id === ids.family)!;
    const res = await call('PUT', '/api/v1/measurementLimits', 'admin', [
      { id: byFamily.id, inspectionPointId: ids.points.oil, productFamilyId: ids.family, criticalLow: null, low: 1, high: 2, criticalHigh: 3 },
      { id: 'temp-id-9', inspectionPointId: ids.points.oil, productModelId: ids.model, low: 7 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toEqual({ id: byFamily.id, inspectionPointId: ids.points.oil, productFamilyId: ids.family, productModelId: null, criticalLow: null, low: 1, high: 2, criticalHigh: 3 });
    expect(res.json()[1]).toMatchObject({ id: rows.find((r) => r.product_model_id === ids.model)!.id, low: 7, high: null });
    expect(await f.t.db.selectFrom('measurement_limits').select('id').where('inspection_point_id', '=', ids.points.oil).execute()).toHaveLength(rows.length);

    // A point without a limit for that target gets one.
    const created = await call('PUT', '/api/v1/measurementLimits', 'admin', [{ inspectionPointId: second, productFamilyId: ids.family, high: 9 }]);
    expect(created.statusCode).toBe(200);
    expect(await limitsOf(second)).toEqual([{ product_family_id: ids.family, product_model_id: null, critical_low: null, low: null, high: 9, critical_high: null }]);
  });

  it('answers 404 for an unknown limit id and 400 when the id belongs to another point', async () => {
    const unknown = await call('PUT', '/api/v1/measurementLimits', 'admin', [{ id: '00000000-0000-4000-8000-000000000000', inspectionPointId: ids.points.oil, productFamilyId: ids.family }]);
    expect(unknown.statusCode).toBe(404);
    const other = (await limitsOf(second)).length && (await f.t.db.selectFrom('measurement_limits').select('id').where('inspection_point_id', '=', second).executeTakeFirstOrThrow()).id;
    const wrong = await call('PUT', '/api/v1/measurementLimits', 'admin', [{ id: other, inspectionPointId: ids.points.oil, productFamilyId: ids.family }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('0.inspectionPointId');
  });
});
