import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProtocol, TProtocolCreateInput } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedProtocolFixtures, type ProtocolFixtures } from './protocols.fixtures.test-helpers.js';

let t: TestApp;
let f: ProtocolFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedProtocolFixtures(t);
});
afterAll(() => t?.close());

/** An Equipment_Configurator protocol (no targets needed) with the given points in its second category. */
const configurator = (name: string, points: string[]): TProtocolCreateInput =>
  f.body({
    type: 'Equipment_Configurator', name, targets: [],
    categories: [
      { index: 0, title: 'Crusher', inspectionPoints: [{ inspectionPointId: f.points.measure, index: 0 }] },
      { index: 1, title: 'Setup', inspectionPoints: points.map((inspectionPointId, index) => ({ inspectionPointId, index })) },
    ],
  });
const protocolsNamed = async (name: string) => (await t.db.selectFrom('protocols').select('id').where('name', '=', name).execute()).length;
const rows = async () => {
  const count = async (table: 'protocols' | 'protocol_categories' | 'protocol_points' | 'protocol_point_dependencies' | 'protocol_targets') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return Promise.all([count('protocols'), count('protocol_categories'), count('protocol_points'), count('protocol_point_dependencies'), count('protocol_targets')]);
};
const trpcCreate = (input: unknown) =>
  t.app.inject({ method: 'POST', url: '/trpc/protocols.create', headers: { authorization: `Bearer ${f.tok.admin}`, 'content-type': 'application/json' }, payload: JSON.stringify(input) });

describe('Equipment configurator protocols take only Measurement points (spec 001 §5)', () => {
  it('refuses a point of another type with a 400 naming it and its place, and writes nothing', async () => {
    const before = await rows();
    const res = await f.call('POST', '/api/v1/inspectionProtocols', f.tok.admin, configurator('Configurator with a comment', [f.points.measure, f.points.comment]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'BAD_REQUEST', field: 'categories.1.inspectionPoints.1.inspectionPointId' });
    expect(res.json().message).toContain("'General remarks' is a Simple comment point");
    expect(res.json().message).toContain('only Measurement points');
    expect(await rows()).toEqual(before);
    expect(await protocolsNamed('Configurator with a comment')).toBe(0);
  });

  it('names every point of another type in one answer, the first one as the field', async () => {
    const res = await f.call('POST', '/api/v1/inspectionProtocols', f.tok.admin, configurator('Configurator with three others', [f.points.radio, f.points.measure, f.points.table, f.points.comment]));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('categories.1.inspectionPoints.0.inspectionPointId');
    expect(res.json().message).toMatch(/'Jaw dies wear' is a Radio button selection point.*'Belt thickness' \(Summary with rows\), 'General remarks' \(Simple comment\)/);
  });

  it('creates one with Measurement points only, and other types still take any point', async () => {
    const res = await f.call('POST', '/api/v1/inspectionProtocols', f.tok.admin, configurator('Configurator, measurements only', [f.points.measure]));
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as TProtocol;
    expect(p.type).toBe('Equipment_Configurator');
    expect(p.categories.flatMap((c) => c.inspectionPoints.map((x) => x.type))).toEqual(['Measurement', 'Measurement']);
    const commission = await f.create({ type: 'Commission', name: 'Commission with a comment', targets: [], categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0 }] }] });
    expect(commission.categories[0]!.inspectionPoints[0]!.type).toBe('Comment');
  });

  it('refuses the same over tRPC (protocols.create: BAD_REQUEST with the field), writing nothing', async () => {
    const before = await rows();
    const res = await trpcCreate(configurator('Configurator over tRPC', [f.points.dropdownPoint]));
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect(error.data).toMatchObject({ code: 'BAD_REQUEST', field: 'categories.1.inspectionPoints.0.inspectionPointId' });
    expect(error.message).toContain("'Wear parts' is a Dropdown point");
    expect(await rows()).toEqual(before);
    const ok = await trpcCreate(configurator('Configurator over tRPC, measurements only', []));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.data).toMatchObject({ type: 'Equipment_Configurator', name: 'Configurator over tRPC, measurements only' });
  });

  it('refuses to copy a configurator holding another point (written before the rule), over REST and tRPC, writing nothing', async () => {
    const source = await f.create(configurator('Old configurator', []) as never);
    // As a protocol written before the rule would be: a Comment point placed straight in the database.
    const category = source.categories[1]!.id;
    await t.db.insertInto('protocol_points').values({ protocol_id: source.id, protocol_category_id: category, inspection_point_id: f.points.comment, index: 0 }).execute();
    const before = await rows();
    const res = await f.call('POST', `/api/v1/InspectionProtocols/${source.id}/copy`, f.tok.admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: 'categories.1.inspectionPoints.0.inspectionPointId' });
    expect(res.json().message).toContain("'General remarks' is a Simple comment point");
    const rpc = await t.app.inject({ method: 'POST', url: '/trpc/protocols.copy', headers: { authorization: `Bearer ${f.tok.admin}`, 'content-type': 'application/json' }, payload: JSON.stringify({ id: source.id }) });
    expect(rpc.statusCode, rpc.body).toBe(400);
    expect(await rows()).toEqual(before);
    await t.db.deleteFrom('protocol_points').where('protocol_id', '=', source.id).where('inspection_point_id', '=', f.points.comment).execute();
    expect((await f.call('POST', `/api/v1/InspectionProtocols/${source.id}/copy`, f.tok.admin)).statusCode).toBe(201);
  });
});
