import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestApp, type TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from '../audits/audits.fixtures.test-helpers.js';

// The embedded default (PGlite, with its unaccent extension) folds search text and search strings as PostgreSQL
// does (inspections-search.int.test.ts): the same migration and the same calls.
let t: TestApp;
let f: AuditFixtures;

beforeAll(async () => {
  t = await createPgliteTestApp('insp-search-pglite-');
  f = await seedAuditFixtures(t);
}, 60_000);
afterAll(() => t?.close());

const ids = async (search: string) => {
  const res = await f.call('GET', `/api/v1/inspections?search=${encodeURIComponent(search)}`, f.tok.manager);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as Array<{ id: string }>).map((r) => r.id);
};

describe('reports list search on PGlite', () => {
  it('ignores case and accents and finds nicknames and site names, also after a rename', async () => {
    const started = await f.call('POST', '/api/v1/inspections', f.tok.inspector, {
      protocolId: f.daily.id, customerId: f.ref.customerId, customerSiteId: f.ref.siteId,
      equipment: { productModelId: f.ref.jaw.models.JC200, serialNumber: 'ACC-1', nickName: 'Brecher Süd' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id;
    expect((await f.call('PUT', `/api/v1/customers/${f.ref.customerId}`, f.tok.admin, { name: 'Áridos Müller SL' })).statusCode).toBe(200);
    expect((await f.call('PUT', `/api/v1/customers/${f.ref.customerId}/sites/${f.ref.siteId}`, f.tok.admin, { name: 'Cantera Peñón' })).statusCode).toBe(200);
    for (const term of ['muller', 'MÜLLER', 'aridos', 'brecher sud', 'penon']) expect(await ids(term), term).toEqual([id]);
    expect(await ids('quarry ltd')).toEqual([]);
  });
});
