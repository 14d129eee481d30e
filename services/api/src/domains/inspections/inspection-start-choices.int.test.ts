import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from './inspection-edit.fixtures.test-helpers.js';

let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
});
afterAll(() => t?.close());

const get = (path: string, token: string, input: unknown) =>
  t.app.inject({ method: 'GET', url: `/trpc/inspectionStart.${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { authorization: `Bearer ${token}` } });
const data = async (path: string, token: string, input: unknown) => {
  const res = await get(path, token, input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.data;
};

describe('tRPC inspectionStart (the picks of /Reports/new)', () => {
  it('lets an inspector (User) search customers, list a customer’s sites and the machines of a site', async () => {
    expect(await data('customers', f.tok.inspector, { search: 'quarry' })).toEqual([{ id: f.ref.customerId, name: 'Quarry Ltd', mdmCustomerId: null }]);
    expect((await data('customers', f.tok.inspector, {})).map((c: { name: string }) => c.name)).toEqual(['Gravel Inc', 'Quarry Ltd']);
    expect(await data('sites', f.tok.inspector, { customerId: f.ref.customerId })).toEqual([{ id: f.ref.siteId, name: 'North pit' }]);
    expect(await data('equipment', f.tok.inspector, { customerId: f.ref.customerId, customerSiteId: f.ref.siteId })).toContainEqual({
      id: f.equipment, serialNumber: 'SN-1', nickName: null,
      productFamilyId: f.ref.jaw.id, productFamilyName: 'Jaw JC', productModelId: f.ref.jaw.models.JC100, productModelName: 'JC100',
    });
    expect(await data('equipment', f.tok.inspector, { customerId: f.ref.customerId, customerSiteId: null })).toEqual([]);
  });

  it('answers one customer by id for a prefilled start (issue 24), none for an unknown id, 400 for a malformed one', async () => {
    expect(await data('customers', f.tok.inspector, { id: f.ref.customerId })).toEqual([{ id: f.ref.customerId, name: 'Quarry Ltd', mdmCustomerId: null }]);
    expect(await data('customers', f.tok.inspector, { id: crypto.randomUUID() })).toEqual([]);
    expect((await get('customers', f.tok.inspector, { id: 'nope' })).statusCode).toBe(400);
  });

  it('takes % and _ in a search literally, and answers 404 for a missing customer', async () => {
    expect(await data('customers', f.tok.inspector, { search: '%' })).toEqual([]);
    expect((await get('sites', f.tok.inspector, { customerId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await get('equipment', f.tok.inspector, { customerId: crypto.randomUUID(), customerSiteId: null })).statusCode).toBe(404);
  });

  it('refuses distributors (they never see the company’s customers), users without a level and the signed out', async () => {
    expect((await get('customers', f.tok.distAdmin, {})).statusCode).toBe(403);
    expect((await get('sites', f.tok.distUser, { customerId: f.ref.customerId })).statusCode).toBe(403);
    expect((await get('customers', f.tok.nobody, {})).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/trpc/inspectionStart.customers?input=${encodeURIComponent('{}')}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
