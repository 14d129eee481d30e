import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePoint, callsOf, pointFixtures, type PointFixtures } from './inspection-points.fixtures.test-helpers.js';

/**
 * Issue 19: a point's measurement limits are in order (critical low ≤ low ≤ high ≤ critical high, between the
 * thresholds that are set) or the write is a 400 naming the field, and nothing of it is written.
 */
let f: PointFixtures;
let api: ReturnType<typeof callsOf>;
beforeAll(async () => {
  f = await pointFixtures();
  api = callsOf(f.t, f.tok);
});
afterAll(() => f?.t.close());

const count = async (table: 'inspection_points' | 'measurement_limits' | 'documents') =>
  Number((await f.t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ points: await count('inspection_points'), limits: await count('measurement_limits'), documents: await count('documents') });
const limitsOf = (pointId: string) =>
  f.t.db.selectFrom('measurement_limits').select(['product_family_id', 'critical_low', 'low', 'high', 'critical_high']).where('inspection_point_id', '=', pointId).orderBy('created_at').execute();

function multipart(fields: Record<string, string>, file: { name: string; content: Buffer; type: string }) {
  const boundary = '----limitorder';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="uploadedFiles"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${f.tok.admin}` } };
}

describe('measurement limits of a point in order', () => {
  it('creates a point whose limits are equal or partly empty', async () => {
    const p = await api.create(basePoint(f, 'Measurement', { measurementLimits: [
      { productFamilyId: f.ref.jaw.id, criticalLow: 2, low: 2, high: 2, criticalHigh: 2 },
      { productFamilyId: f.ref.cone.id, criticalLow: 1, low: null, high: null, criticalHigh: 9 },
    ] }));
    expect(p.measurementLimits).toHaveLength(2);
  });

  it('refuses a create (JSON and multipart with a file) with 400 naming the limit field, writing no point, limit or document', async () => {
    const before = await counts();
    const limits = [{ productFamilyId: f.ref.jaw.id, low: 1, high: 2 }, { productFamilyId: f.ref.cone.id, low: 5, high: 3 }];
    const res = await api.call('POST', '/api/v1/inspectionPoints', 'admin', basePoint(f, 'Measurement', { name: 'Out of order', measurementLimits: limits }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', field: 'measurementLimits.1.low', message: 'measurementLimits.1.low: must not be above high' });

    const body = multipart(
      { sourceSystem: 'UI', type: 'Summary', name: 'Out of order', productCategoryId: f.category, measurementLimits: JSON.stringify([{ productFamilyId: f.ref.jaw.id, criticalLow: 4, criticalHigh: 3 }]) },
      { name: 'guide.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
    );
    const multi = await f.t.app.inject({ method: 'POST', url: '/api/v1/inspectionPoints', payload: body.payload, headers: body.headers });
    expect(multi.statusCode, multi.body).toBe(400);
    expect(multi.json().field).toBe('measurementLimits.0.criticalLow');
    expect(multi.json().message).toContain('must not be above critical high');
    expect(await counts()).toEqual(before);
  });

  it('refuses an update with 400 naming the field and keeps the point and its limits as they were', async () => {
    const p = await api.create(basePoint(f, 'Measurement', { name: 'Kept', measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 1, high: 5, criticalHigh: 9 }] }));
    const before = await limitsOf(p.id);
    const res = await api.call('PUT', `/api/v1/inspectionPoints/${p.id}?deleteMissingById=true`, 'admin', basePoint(f, 'Measurement', {
      name: 'Renamed', measurementLimits: [{ ...p.measurementLimits[0], high: 10 }, { productFamilyId: f.ref.cone.id, low: 1 }],
    }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: 'measurementLimits.0.high', message: 'measurementLimits.0.high: must not be above critical high' });
    expect(await limitsOf(p.id)).toEqual(before);
    expect((await f.t.db.selectFrom('inspection_points').select('name').where('id', '=', p.id).executeTakeFirstOrThrow()).name).toBe('Kept');
  });

  it('refuses the tRPC create and update with BAD_REQUEST naming the field', async () => {
    const before = await counts();
    const created = await api.trpc('mutation', 'create', basePoint(f, 'SummaryWithRows', { measurementLimits: [{ productModelId: f.ref.jaw.models.JC100!, criticalLow: 0, low: 3, criticalHigh: 2 }] }));
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().error).toMatchObject({ data: { code: 'BAD_REQUEST', field: 'measurementLimits.0.low' } });
    const p = await api.create(basePoint(f, 'Measurement', { name: 'Via tRPC', measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 1 }] }));
    const updated = await api.trpc('mutation', 'update', { ...basePoint(f, 'Measurement'), id: p.id, measurementLimits: [{ ...p.measurementLimits[0], criticalLow: 1.5 }] });
    expect(updated.statusCode, updated.body).toBe(400);
    expect(updated.json().error).toMatchObject({ message: 'measurementLimits.0.criticalLow: must not be above low', data: { code: 'BAD_REQUEST', field: 'measurementLimits.0.criticalLow' } });
    expect(await limitsOf(p.id)).toEqual([{ product_family_id: f.ref.jaw.id, critical_low: null, low: 1, high: null, critical_high: null }]);
    expect(await count('inspection_points')).toBe(before.points + 1);
  });

  it('still reads a point whose stored limits are out of order, and refuses to copy them (400 naming the field, no copy)', async () => {
    const p = await api.create(basePoint(f, 'Measurement', { name: 'Legacy', measurementLimits: [{ productFamilyId: f.ref.jaw.id, low: 1, high: 2 }] }));
    // Rows written before the rule (or by hand) may be out of order: reading them must not fail.
    await f.t.db.updateTable('measurement_limits').set({ low: 7 }).where('inspection_point_id', '=', p.id).execute();
    const read = await api.call('GET', `/api/v1/inspectionPoints/${p.id}?fromWebApp=true`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().measurementLimits[0]).toMatchObject({ low: 7, high: 2 });
    const before = await counts();
    const copy = await api.call('POST', `/api/v1/inspectionPoints/${p.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(400);
    expect(copy.json().field).toBe('measurementLimits.0.low');
    expect(await counts()).toEqual(before);
  });
});
