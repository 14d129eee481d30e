import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestApp, type TestApp } from '../../testing/test-app.js';
import { signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

// The embedded default (PGlite) has ICU's root data only: migration 0028's collations exist there, and every
// language sorts in the root order (Ä beside A), the documented fallback (docs/decisions.md, "Customer pickers in
// the user's language"). The same migration and the same calls as customer-name-order.int.test.ts.
let t: TestApp;
let tok: RoleTokens;

beforeAll(async () => {
  t = await createPgliteTestApp('insp-name-order-pglite-');
  tok = await signInRoles(t);
  await t.db.insertInto('customers').values(['Zeta', 'Ärla', 'Alfa', 'Örn', 'Bravo'].map((name) => ({ name }))).execute();
}, 60_000);
afterAll(() => t?.close());

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
