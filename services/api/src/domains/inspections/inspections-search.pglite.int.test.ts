import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from '@insp/db';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { TestApp } from '../../testing/test-app.js';
import { seedAuditFixtures, type AuditFixtures } from '../audits/audits.fixtures.test-helpers.js';

// The embedded default (PGlite, with its unaccent extension) folds search text and search strings as PostgreSQL
// does (inspections-search.int.test.ts): the same migration and the same calls.
let dir: string;
let handle: DbHandle;
let t: TestApp;
let f: AuditFixtures;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'insp-search-pglite-'));
  handle = await openDatabase({ dataDir: join(dir, 'db') });
  await migrateToLatest(handle.db);
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', REDIS_URL: '', DATABASE_URL: '' },
    { tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-123'), publicUrl: 'http://localhost:3000', webDist: undefined, dataDir: dir },
  );
  const app = await buildApp({ config, db: handle.db, jobs: { kick() {} }, logger: false });
  await app.ready();
  t = { app, db: handle.db, config, database: undefined as never, close: async () => void (await app.close()) };
  f = await seedAuditFixtures(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await handle?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

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
