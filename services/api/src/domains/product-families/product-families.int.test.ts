import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { raceWithTransaction, seedReference, signInRoles, type RoleTokens } from '../equipment/equipment.fixtures.test-helpers.js';

let t: TestApp;
let tok: RoleTokens;
let ref: Awaited<ReturnType<typeof seedReference>>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  ref = await seedReference(t);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('reading product families, models and categories (any signed-in user with a level)', () => {
  it('GET api/v1/productFamilies lists every family with its models, names descending', async () => {
    const res = await call('GET', '/api/v1/productFamilies', tok.inspector);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((f: { name: string }) => f.name)).toEqual(['Jaw JC', 'Deck SC', 'Cone HC']);
    expect(body[0]).toMatchObject({ familyName: 'Jaw JC', longFamilyName: 'Jaw JC long', productCategoryName: 'Crushers' });
    expect(body[0].productModels.map((m: { name: string }) => m.name)).toEqual(['JC200', 'JC100']);
  });

  it('GET api/v1/ProductFamilies/query pages, searches and filters by category in SQL', async () => {
    const all = (await call('GET', '/api/v1/ProductFamilies/query', tok.distUser)).json();
    expect(all.count).toBe(3);
    expect(all.result.map((f: { name: string }) => f.name)).toEqual(['Jaw JC', 'Deck SC', 'Cone HC']);
    const page = (await call('GET', '/api/v1/ProductFamilies/query?amount=1&offset=1&orderKey=name&orderDirection=asc', tok.admin)).json();
    expect(page).toEqual({ count: 3, result: [expect.objectContaining({ name: 'Deck SC' })] });
    const screens = (await call('GET', `/api/v1/ProductFamilies/query?productCategoryId=${ref.categories.screens.id}`, tok.admin)).json();
    expect(screens.result.map((f: { name: string }) => f.name)).toEqual(['Deck SC']);
    const searched = (await call('GET', '/api/v1/ProductFamilies/query?search=cone', tok.admin)).json();
    expect(searched.result.map((f: { name: string }) => f.name)).toEqual(['Cone HC']);
  });

  it('GET api/v1/ProductFamilies/{id}/models gives the models of one family, names descending', async () => {
    const res = await call('GET', `/api/v1/ProductFamilies/${ref.jaw.id}/models`, tok.distAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: ref.jaw.models.JC200, name: 'JC200', productFamilyId: ref.jaw.id },
      { id: ref.jaw.models.JC100, name: 'JC100', productFamilyId: ref.jaw.id },
    ]);
    expect((await call('GET', `/api/v1/ProductFamilies/${crypto.randomUUID()}/models`, tok.admin)).statusCode).toBe(404);
  });

  it('GET api/v1/productCategories/all lists the categories', async () => {
    const res = await call('GET', '/api/v1/productCategories/all', tok.inspector);
    expect(res.json()).toEqual([ref.categories.crushers, ref.categories.screens]);
  });

  it('answers 400 naming the field for a bad query or id', async () => {
    const bad = await call('GET', '/api/v1/ProductFamilies/query?orderKey=password', tok.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('orderKey');
    const badId = await call('GET', '/api/v1/ProductFamilies/not-a-uuid/models', tok.admin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
  });

  it('refuses a user without a level (403) and a caller without a token (401)', async () => {
    for (const url of ['/api/v1/productFamilies', '/api/v1/ProductFamilies/query', `/api/v1/ProductFamilies/${ref.jaw.id}/models`, '/api/v1/productCategories/all']) {
      expect((await call('GET', url, tok.nobody)).statusCode, url).toBe(403);
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
  });
});

describe('POST api/v1/productFamilies (admin)', () => {
  it('creates a family and answers it with 201', async () => {
    const res = await call('POST', '/api/v1/productFamilies', tok.admin, { familyName: 'Impact IC', longFamilyName: 'Impact crusher', productCategoryId: ref.categories.crushers.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Impact IC', familyName: 'Impact IC', longFamilyName: 'Impact crusher', productCategoryName: 'Crushers' });
    const row = await t.db.selectFrom('product_families').selectAll().where('name', '=', 'Impact IC').executeTakeFirst();
    expect(row?.product_category_id).toBe(ref.categories.crushers.id);
  });

  it('answers 400 naming familyName or productCategoryId when one is missing, and writes nothing', async () => {
    const noName = await call('POST', '/api/v1/productFamilies', tok.admin, { familyName: '  ', productCategoryId: ref.categories.crushers.id });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().field).toBe('familyName');
    const noCategory = await call('POST', '/api/v1/productFamilies', tok.admin, { familyName: 'Ghost' });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().field).toBe('productCategoryId');
    const unknownCategory = await call('POST', '/api/v1/productFamilies', tok.admin, { familyName: 'Ghost', productCategoryId: crypto.randomUUID() });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().field).toBe('productCategoryId');
    expect(await t.db.selectFrom('product_families').select('id').where('name', '=', 'Ghost').executeTakeFirst()).toBeUndefined();
  });

  it('answers 400 naming productCategoryId, not 500, when the category is deleted while the family is created', async () => {
    const doomed = await t.db.insertInto('product_categories').values({ name: 'Doomed' }).returning('id').executeTakeFirstOrThrow();
    const res = await raceWithTransaction(
      t,
      (trx) => trx.deleteFrom('product_categories').where('id', '=', doomed.id).execute(),
      () => call('POST', '/api/v1/productFamilies', tok.admin, { familyName: 'Orphan', productCategoryId: doomed.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('productCategoryId');
    expect(await t.db.selectFrom('product_families').select('id').where('name', '=', 'Orphan').executeTakeFirst()).toBeUndefined();
  });

  it('answers 409 naming familyName for a name that exists (ignoring case)', async () => {
    const res = await call('POST', '/api/v1/productFamilies', tok.admin, { familyName: 'jaw jc', productCategoryId: ref.categories.crushers.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('familyName');
  });

  it('refuses a manager, an inspector and distributors with 403', async () => {
    for (const token of [tok.manager, tok.inspector, tok.distAdmin, tok.distUser]) {
      const res = await call('POST', '/api/v1/productFamilies', token, { familyName: 'Sneaky', productCategoryId: ref.categories.crushers.id });
      expect(res.statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('product_families').select('id').where('name', '=', 'Sneaky').executeTakeFirst()).toBeUndefined();
  });
});

describe('POST api/v1/productFamilies/{id}/models (admin)', () => {
  it('adds a model to the family with 201', async () => {
    const res = await call('POST', `/api/v1/productFamilies/${ref.cone.id}/models`, tok.admin, { name: 'HC500' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'HC500', productFamilyId: ref.cone.id });
    const models = (await call('GET', `/api/v1/ProductFamilies/${ref.cone.id}/models`, tok.admin)).json();
    expect(models.map((m: { name: string }) => m.name)).toEqual(['HC500', 'HC300']);
  });

  it('answers 400 naming name without a name, 409 naming name for a duplicate, 404 for an unknown family', async () => {
    const empty = await call('POST', `/api/v1/productFamilies/${ref.cone.id}/models`, tok.admin, { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('name');
    const dup = await call('POST', `/api/v1/productFamilies/${ref.jaw.id}/models`, tok.admin, { name: 'jc100' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('name');
    expect((await call('POST', `/api/v1/productFamilies/${crypto.randomUUID()}/models`, tok.admin, { name: 'X1' })).statusCode).toBe(404);
  });

  it('answers 404, not 500, when the family is deleted while the model is created', async () => {
    const doomed = await t.db.insertInto('product_families').values({ name: 'Doomed family', product_category_id: ref.categories.screens.id }).returning('id').executeTakeFirstOrThrow();
    const res = await raceWithTransaction(
      t,
      (trx) => trx.deleteFrom('product_families').where('id', '=', doomed.id).execute(),
      () => call('POST', `/api/v1/productFamilies/${doomed.id}/models`, tok.admin, { name: 'Z1' }),
    );
    expect(res.statusCode).toBe(404);
    expect(await t.db.selectFrom('product_models').select('id').where('name', '=', 'Z1').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a manager, an inspector and distributors with 403', async () => {
    for (const token of [tok.manager, tok.inspector, tok.distAdmin, tok.distUser]) {
      expect((await call('POST', `/api/v1/productFamilies/${ref.deck.id}/models`, token, { name: 'SC9' })).statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('product_models').select('id').where('name', '=', 'SC9').executeTakeFirst()).toBeUndefined();
  });
});

describe('GET api/v1/productFamilies after writes', () => {
  it('gives each family only its own models, names descending, and a family without models an empty list', async () => {
    const body = (await call('GET', '/api/v1/productFamilies', tok.inspector)).json();
    const models = Object.fromEntries(body.map((f: { name: string; productModels: Array<{ name: string }> }) => [f.name, f.productModels.map((m) => m.name)]));
    expect(models).toEqual({ 'Jaw JC': ['JC200', 'JC100'], 'Impact IC': [], 'Deck SC': ['SC1'], 'Cone HC': ['HC500', 'HC300'] });
  });
});

describe('tRPC productFamilies', () => {
  const trpcGet = (path: string, input: unknown, token: string) =>
    call('GET', `/trpc/productFamilies.${path}?input=${encodeURIComponent(JSON.stringify(input))}`, token);

  it('lists, reads, and creates families and models over the same services', async () => {
    const list = (await trpcGet('list', {}, tok.inspector)).json().result.data;
    expect(list.result[0].name).toBe('Jaw JC');
    const one = (await trpcGet('get', { id: ref.deck.id }, tok.inspector)).json().result.data;
    expect(one.productModels.map((m: { name: string }) => m.name)).toEqual(['SC1']);
    expect((await trpcGet('categories', undefined, tok.distUser)).json().result.data).toHaveLength(2);
    const created = await call('POST', '/trpc/productFamilies.createModel', tok.admin, { familyId: ref.deck.id, name: 'SC2' });
    expect(created.statusCode).toBe(200);
    const models = (await trpcGet('models', { familyId: ref.deck.id }, tok.admin)).json().result.data;
    expect(models.map((m: { name: string }) => m.name)).toEqual(['SC2', 'SC1']);
  });

  it('answers 400 naming familyName for an empty name, 403 for a manager', async () => {
    const bad = await call('POST', '/trpc/productFamilies.create', tok.admin, { familyName: '', productCategoryId: ref.categories.screens.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('familyName');
    const refused = await call('POST', '/trpc/productFamilies.create', tok.manager, { familyName: 'Mine', productCategoryId: ref.categories.screens.id });
    expect(refused.statusCode).toBe(403);
  });
});
