import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProtocolListItem } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedProtocolFixtures, type ProtocolFixtures } from './protocols.fixtures.test-helpers.js';

let t: TestApp;
let f: ProtocolFixtures;
let beta: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedProtocolFixtures(t);
  const { jaw, cone, deck } = f.ref;
  // Created one after another: the default order is newest first, so Delta, Gamma, Beta, Alpha, then the fixture's Daily.
  await f.create({ name: 'Alpha weekly', type: 'Weekly' });
  beta = (await f.create({ name: 'Beta monthly', type: 'Monthly', targets: [{ productFamilyId: cone.id, productModelId: cone.models.HC300! }] })).id;
  await f.create({
    name: 'Gamma commission', type: 'Commission',
    targets: [{ productFamilyId: jaw.id }, { productFamilyId: cone.id }, { productFamilyId: deck.id }, { productFamilyId: jaw.id, productModelId: jaw.models.JC200! }],
  });
  await f.create({ name: 'Delta site audit', type: 'Audit_Site', targets: [] });
  await f.protocol('Hidden custom', 'Custom', []);
  await f.protocol('Deleted daily', 'Daily', [], [], true);
});
afterAll(() => t?.close());

const search = async (query: string, token = f.tok.admin) => {
  const res = await f.call('GET', `/api/v1/InspectionProtocols/search?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { result: TProtocolListItem[]; count: number };
};
const names = (r: { result: TProtocolListItem[] }) => r.result.map((p) => p.name);

describe('GET api/v1/InspectionProtocols/search', () => {
  it('lists current protocols newest first with count; Custom and deleted ones never', async () => {
    const all = await search('');
    expect(names(all)).toEqual(['Delta site audit', 'Gamma commission', 'Beta monthly', 'Alpha weekly', 'Daily check for Jaw JC']);
    expect(all.count).toBe(5);
    expect(all.result[2]).toMatchObject({ type: 'Monthly', createdBy: 'Admin', version: 1, targetCount: 1, targets: [{ productFamilyName: 'Cone HC', productModelName: 'HC300' }] });
  });

  it('gives the first three targets and the target count (the name cell says "and N others")', async () => {
    const gamma = (await search('search=gamma')).result[0]!;
    expect(gamma.targetCount).toBe(4);
    expect(gamma.targets.map((x) => [x.productFamilyName, x.productModelName])).toEqual([['Jaw JC', null], ['Cone HC', null], ['Deck SC', null]]);
    expect((await search('search=delta')).result[0]).toMatchObject({ targets: [], targetCount: 0 });
  });

  it('searches names, filters by types (comma-separated or repeated) and by product family or model', async () => {
    expect(names(await search('search=MONTH'))).toEqual(['Beta monthly']);
    expect(names(await search('types=Weekly,Monthly'))).toEqual(['Beta monthly', 'Alpha weekly']);
    expect(names(await search('types=Weekly&types=Daily'))).toEqual(['Alpha weekly', 'Daily check for Jaw JC']);
    expect(names(await search(`productFamilyId=${f.ref.cone.id}`))).toEqual(['Gamma commission', 'Beta monthly']);
    expect(names(await search(`productModelId=${f.ref.cone.models.HC300}`))).toEqual(['Beta monthly']);
    expect(names(await search(`productFamilyId=${f.ref.jaw.id}&types=Commission`))).toEqual(['Gamma commission']);
    expect(names(await search('types=Custom'))).toEqual([]);
  });

  it('sorts by name, created or type either way and pages with offset and amount', async () => {
    expect(names(await search('orderKey=name&orderDirection=asc'))).toEqual(['Alpha weekly', 'Beta monthly', 'Daily check for Jaw JC', 'Delta site audit', 'Gamma commission']);
    expect(names(await search('orderKey=created&orderDirection=asc')).slice(0, 2)).toEqual(['Daily check for Jaw JC', 'Alpha weekly']);
    expect((await search('orderKey=type&orderDirection=desc')).result.map((p) => p.type)).toEqual(['Weekly', 'Monthly', 'Daily', 'Commission', 'Audit_Site']);
    const page = await search('orderKey=name&orderDirection=asc&offset=2&amount=2');
    expect(names(page)).toEqual(['Daily check for Jaw JC', 'Delta site audit']);
    expect(page.count).toBe(5);
    const bad = await f.call('GET', '/api/v1/InspectionProtocols/search?orderKey=rating', f.tok.admin);
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'orderKey' });
    expect((await f.call('GET', '/api/v1/InspectionProtocols/search?types=Yearly', f.tok.admin)).json()).toMatchObject({ statusCode: 400, field: 'types.0' });
  });

  it('is for staff Admins and distributor Managers only', async () => {
    expect((await f.call('GET', '/api/v1/InspectionProtocols/search', f.tok.manager)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/v1/InspectionProtocols/search', f.tok.distUser)).statusCode).toBe(403);
    expect((await search('', f.tok.distAdmin)).count).toBe(5);
  });

  it('every protocol call but sortedByFit refuses a staff Manager and a distributor User (403) and no token (401)', async () => {
    const id = beta;
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/v1/inspectionProtocols/types'],
      ['POST', '/api/v1/inspectionProtocols', f.body()],
      ['GET', '/api/v1/InspectionProtocols/search'],
      ['GET', '/api/v1/InspectionProtocols/Obsolete'],
      ['GET', `/api/v1/InspectionProtocols/${id}`],
      ['POST', `/api/v1/InspectionProtocols/${id}/copy`],
      ['PUT', `/api/v1/InspectionProtocols/${id}/points/${crypto.randomUUID()}/dependencies/${crypto.randomUUID()}/json`, {}],
      ['GET', `/api/v1/InspectionProtocols/${id}/export`],
      ['DELETE', `/api/v1/InspectionProtocols/${id}/soft`],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [f.tok.manager, f.tok.distUser]) expect((await f.call(method, url, token, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('DELETE api/v1/InspectionProtocols/{id}/soft', () => {
  it('soft-deletes: 204, the list count goes down by one, the detail answers 404, a second delete 404', async () => {
    const before = (await search('')).count;
    expect((await f.call('DELETE', `/api/v1/InspectionProtocols/${beta}/soft`, f.tok.manager)).statusCode).toBe(403);
    const res = await f.call('DELETE', `/api/v1/InspectionProtocols/${beta}/soft`, f.tok.admin);
    expect(res.statusCode, res.body).toBe(204);
    const after = await search('');
    expect(after.count).toBe(before - 1);
    expect(names(after)).not.toContain('Beta monthly');
    expect((await f.call('GET', `/api/v1/InspectionProtocols/${beta}`, f.tok.admin)).statusCode).toBe(404);
    expect((await f.call('DELETE', `/api/v1/InspectionProtocols/${beta}/soft`, f.tok.admin)).statusCode).toBe(404);
    const row = await t.db.selectFrom('protocols').select('deleted_at').where('id', '=', beta).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
