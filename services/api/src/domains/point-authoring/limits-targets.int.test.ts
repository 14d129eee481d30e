import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, pointFixtures, type PointFixtures } from '../inspection-points/inspection-points.fixtures.test-helpers.js';

/** Limits on a point type that has none (Measurement and the tables with rows have): its next save would drop them. */
let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const create = (payload: unknown) => api.create(payload);
const expect400 = async (res: { statusCode: number; body: string; json: () => any }, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().field).toBe(field);
};

describe('measurement limits only on point types that have them', () => {
  it('refuses limits on a point type that has none', async () => {
    const comment = await create(basePoint(f, 'Comment'));
    await expect400(await api.call('POST', '/api/v1/measurementLimits', 'admin', [{ inspectionPointId: comment.id, productFamilyId: f.ref.jaw.id, low: 1 }]), '0.inspectionPointId');
    await expect400(await api.call('PUT', '/api/v1/measurementLimits', 'admin', [{ inspectionPointId: comment.id, productFamilyId: f.ref.jaw.id, low: 1 }]), '0.inspectionPointId');
  });
});
