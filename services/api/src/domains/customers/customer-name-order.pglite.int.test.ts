import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from '@insp/db';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { TestApp } from '../../testing/test-app.js';
import { signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

// The embedded default (PGlite) has ICU's root data only: migration 0028's collations exist there, and every
// language sorts in the root order (Ä beside A), the documented fallback (docs/decisions.md, "Customer pickers in
// the user's language"). The same migration and the same calls as customer-name-order.int.test.ts.
let dir: string;
let handle: DbHandle;
let t: TestApp;
let tok: RoleTokens;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'insp-name-order-pglite-'));
  handle = await openDatabase({ dataDir: join(dir, 'db') });
  await migrateToLatest(handle.db);
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', REDIS_URL: '', DATABASE_URL: '' },
    { tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-123'), publicUrl: 'http://localhost:3000', webDist: undefined, dataDir: dir },
  );
  const app = await buildApp({ config, db: handle.db, jobs: { kick() {} }, logger: false });
  await app.ready();
  t = { app, db: handle.db, config, database: undefined as never, close: async () => void (await app.close()) };
  tok = await signInRoles(t);
  await t.db.insertInto('customers').values(['Zeta', 'Ärla', 'Alfa', 'Örn', 'Bravo'].map((name) => ({ name }))).execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await handle?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const names = async (path: string, token: string, input: unknown) => {
  const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().result.data;
  return ((Array.isArray(data) ? data : data.result) as Array<{ name: string }>).map((c) => c.name);
};

const ROOT = ['Alfa', 'Ärla', 'Bravo', 'Örn', 'Zeta'];

describe('customer pickers in the user’s language on PGlite', () => {
  it('answers every language, in the root order (no Swedish data embedded)', async () => {
    for (const lang of ['sv', 'fi', 'de', 'es', 'en']) {
      expect(await names('inspectionStart.customers', tok.inspector, { lang }), lang).toEqual(ROOT);
      expect(await names('customers.list', tok.manager, { lang, orderKey: 'name', orderDirection: 'asc' }), lang).toEqual(ROOT);
    }
    expect(await names('customers.list', tok.manager, { lang: 'sv' })).toEqual([...ROOT].reverse());
  });
});
