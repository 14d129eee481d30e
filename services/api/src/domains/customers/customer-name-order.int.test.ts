import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_ORDER_LANGUAGES } from '@insp/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

// Issue 20: the customer pickers (/Reports/new, new audit, the equipment form) and /Customers sort names in the
// user's language (docs/decisions.md, "Customer pickers in the user's language"), on PostgreSQL with ICU's data.
let t: TestApp;
let tok: RoleTokens;

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  await t.db.insertInto('customers').values(['Zeta', 'Ärla', 'Alfa', 'Örn', 'Bravo'].map((name) => ({ name }))).execute();
  // a deleted customer is never offered, whatever the language
  await t.db.insertInto('customers').values({ name: 'Äxel', deleted_at: new Date() }).execute();
});
afterAll(() => t?.close());

const trpc = (path: string, token: string, input: unknown) =>
  t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { authorization: `Bearer ${token}` } });
const names = async (path: string, token: string, input: unknown) => {
  const res = await trpc(path, token, input);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().result.data;
  return ((Array.isArray(data) ? data : data.result) as Array<{ name: string }>).map((c) => c.name);
};
const rest = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/customers/query?${query}`, headers: { authorization: `Bearer ${tok.manager}` } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as Array<{ name: string }>).map((c) => c.name);
};

const SWEDISH = ['Alfa', 'Bravo', 'Zeta', 'Ärla', 'Örn'];
const GERMAN = ['Alfa', 'Ärla', 'Bravo', 'Örn', 'Zeta'];

describe('customer pickers in the user’s language', () => {
  it('puts Ä and Ö after Z in Swedish and Finnish, and Ä beside A in German and English (the start and new-audit picker)', async () => {
    expect(await names('inspectionStart.customers', tok.inspector, { lang: 'sv' })).toEqual(SWEDISH);
    expect(await names('inspectionStart.customers', tok.inspector, { lang: 'fi' })).toEqual(SWEDISH);
    expect(await names('inspectionStart.customers', tok.inspector, { lang: 'de' })).toEqual(GERMAN);
    expect(await names('inspectionStart.customers', tok.inspector, { lang: 'en' })).toEqual(GERMAN);
    // no language: English (the root order), not the database's byte order (which put Ä after Z too)
    expect(await names('inspectionStart.customers', tok.inspector, {})).toEqual(GERMAN);
    // a search keeps the language's order
    expect(await names('inspectionStart.customers', tok.inspector, { search: 'r', lang: 'sv' })).toEqual(['Bravo', 'Ärla', 'Örn']);
    expect(await names('inspectionStart.customers', tok.inspector, { search: 'r', lang: 'de' })).toEqual(['Ärla', 'Bravo', 'Örn']);
  });

  it('sorts /Customers and the equipment form’s picker by name in the language, both directions, over tRPC and REST', async () => {
    expect(await names('customers.list', tok.manager, { lang: 'sv', orderKey: 'name', orderDirection: 'asc' })).toEqual(SWEDISH);
    // spec 002 §9: name descending by default
    expect(await names('customers.list', tok.manager, { lang: 'sv' })).toEqual([...SWEDISH].reverse());
    expect(await names('customers.list', tok.manager, { lang: 'de', amount: 2, offset: 1, orderKey: 'name' })).toEqual(GERMAN.slice(1, 3));
    expect(await rest('lang=sv&orderKey=name&orderDirection=asc')).toEqual(SWEDISH);
    expect(await rest('lang=DE&orderKey=name&orderDirection=asc')).toEqual(GERMAN);
  });

  it('takes every language of the product', async () => {
    for (const lang of NAME_ORDER_LANGUAGES) {
      expect(await names('inspectionStart.customers', tok.inspector, { lang }), lang).toHaveLength(5);
      expect(await names('customers.list', tok.manager, { lang }), lang).toHaveLength(5);
    }
  });

  it('answers 400 naming lang for a language the product does not have, never reaching SQL', async () => {
    for (const lang of ['xx', 'sv-x-icu', 'C', 'sv" desc, (select 1) --']) {
      const res = await trpc('inspectionStart.customers', tok.inspector, { lang });
      expect(res.statusCode, lang).toBe(400);
      expect(res.json().error.data.field).toBe('lang');
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/customers/query?lang=xx', headers: { authorization: `Bearer ${tok.manager}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('lang');
  });

  it('still refuses a role below the picker’s, whatever the language', async () => {
    expect((await trpc('inspectionStart.customers', tok.nobody, { lang: 'sv' })).statusCode).toBe(403);
    expect((await trpc('inspectionStart.customers', tok.distAdmin, { lang: 'sv' })).statusCode).toBe(403);
    // /Customers needs Manager: an inspector (User) is refused
    expect((await trpc('customers.list', tok.inspector, { lang: 'sv' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/trpc/inspectionStart.customers?input=${encodeURIComponent('{"lang":"sv"}')}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
