import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoringFixture, type AuthoringFixture } from './point-authoring.fixtures.test-helpers.js';

/**
 * Issue 19: POST and PUT api/v1/measurementLimits (and their tRPC procedures) take limits in order only
 * (critical low ≤ low ≤ high ≤ critical high, between the thresholds that are set): a 400 naming the field, and
 * nothing of the array written.
 */
let f: AuthoringFixture;
let ids: AuthoringFixture['ids'];
/** A second measured point without limits: a valid item for it goes before the bad one in an array. */
let second: string;
beforeAll(async () => {
  f = await authoringFixture();
  ids = f.ids;
  second = (await f.t.db.insertInto('inspection_points').values({ name: 'Bearing temperature', type: 'Measurement', product_category_id: ids.category }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => f?.close());

const limitsOf = (pointId: string) =>
  f.t.db.selectFrom('measurement_limits').select(['id', 'product_family_id', 'product_model_id', 'critical_low', 'low', 'high', 'critical_high']).where('inspection_point_id', '=', pointId).orderBy('created_at').execute();

describe('measurement limits in order', () => {
  it('saves equal thresholds and empty ones', async () => {
    const res = await f.call('POST', '/api/v1/measurementLimits', 'admin', [
      { inspectionPointId: ids.points.oil, productFamilyId: ids.family, criticalLow: 3, low: 3, high: 3, criticalHigh: 3 },
      { inspectionPointId: ids.points.oil, productModelId: ids.model, criticalLow: -1, low: null, high: null, criticalHigh: 4 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses POST and PUT with 400 naming the field of the item out of order, writing nothing of the array', async () => {
    const before = await limitsOf(ids.points.oil);
    const cases: [string, 'POST' | 'PUT', unknown[], string, string][] = [
      ['a good new limit before a bad one', 'POST', [
        { inspectionPointId: second, productFamilyId: ids.family, low: 1, high: 2 },
        { inspectionPointId: ids.points.oil, productFamilyId: ids.family2, criticalLow: 5, low: 4 },
      ], '1.criticalLow', 'must not be above low'],
      ['an update of an existing row', 'PUT', [{ id: before[0]!.id, inspectionPointId: ids.points.oil, productFamilyId: ids.family, low: 3, high: 2 }], '0.low', 'must not be above high'],
      ['an upsert by target, a null in between', 'PUT', [
        { inspectionPointId: second, productFamilyId: ids.family2, high: 1 },
        { inspectionPointId: ids.points.oil, productModelId: ids.model, criticalLow: 9, low: null, high: null, criticalHigh: 4 },
      ], '1.criticalLow', 'must not be above critical high'],
      ['high above critical high', 'PUT', [{ inspectionPointId: ids.points.oil, productFamilyId: ids.family, high: 5, criticalHigh: 4.5 }], '0.high', 'must not be above critical high'],
    ];
    for (const [what, method, body, field, message] of cases) {
      const res = await f.call(method, '/api/v1/measurementLimits', 'admin', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toMatchObject({ error: 'BAD_REQUEST', field, message: `${field}: ${message}` });
    }
    expect(await limitsOf(ids.points.oil)).toEqual(before);
    expect(await limitsOf(second)).toEqual([]);
  });

  it('refuses createLimits and saveLimits over tRPC with BAD_REQUEST naming the field, writing nothing', async () => {
    const before = await limitsOf(ids.points.oil);
    for (const path of ['createLimits', 'saveLimits']) {
      const res = await f.trpc('mutation', path, [{ inspectionPointId: second, productFamilyId: ids.family, high: 2 }, { inspectionPointId: ids.points.oil, productFamilyId: ids.family2, low: 10, criticalHigh: 1 }], 'admin');
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().error, path).toMatchObject({ message: '1.low: must not be above critical high', data: { code: 'BAD_REQUEST', field: '1.low' } });
    }
    expect(await limitsOf(ids.points.oil)).toEqual(before);
    expect(await limitsOf(second)).toEqual([]);
  });
});
