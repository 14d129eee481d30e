import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { sql } from 'kysely';
import { EQUIPMENT_BY_MODELS_LIMIT } from './equipment-read.service.js';
import { raceWithTransaction, seedReference, signInRoles, type RoleTokens } from './equipment.fixtures.test-helpers.js';

let t: TestApp;
let tok: RoleTokens;
let ref: Awaited<ReturnType<typeof seedReference>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  tok = await signInRoles(t);
  ref = await seedReference(t);
  const rows = await t.db
    .insertInto('equipment')
    .values([
      { serial_number: 'S-100', nick_name: 'Rig 1', mdm_equipment_id: 'MDM-1', product_family_id: ref.jaw.id, product_model_id: ref.jaw.models.JC100, customer_id: ref.customerId, customer_site_id: ref.siteId },
      { serial_number: 'S-300', nick_name: 'Big one', product_family_id: ref.jaw.id, product_model_id: ref.jaw.models.JC200, customer_id: ref.customerId },
      { serial_number: 'S-200', product_family_id: ref.cone.id, product_model_id: ref.cone.models.HC300 },
      { nick_name: 'Old screen', product_family_id: ref.deck.id, product_model_id: ref.deck.models.SC1 },
    ])
    .returning(['id', 'serial_number', 'nick_name'])
    .execute();
  for (const r of rows) ids[r.serial_number ?? r.nick_name!] = r.id;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const serials = (rows: Array<{ serial: string | null; nickName: string | null }>) => rows.map((r) => r.serial ?? r.nickName);
const lowRoles = () => [tok.inspector, tok.distAdmin, tok.distUser];

describe('GET api/v1/Equipments/query', () => {
  it('lists live equipment with family, model and customer, serial descending by default', async () => {
    const res = await call('GET', '/api/v1/Equipments/query', tok.manager);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(serials(body.result)).toEqual(['S-300', 'S-200', 'S-100', 'Old screen']);
    expect(body.result[2]).toMatchObject({
      serial: 'S-100', serialNumber: 'S-100', nickName: 'Rig 1', mdmEquipmentId: 'MDM-1',
      productFamilyId: ref.jaw.id, productFamilyName: 'Jaw JC', productModelId: ref.jaw.models.JC100, productModelName: 'JC100',
      customerId: ref.customerId, customerName: 'Quarry Ltd', customerSiteName: 'North pit',
    });
  });

  it('searches, sorts, pages and filters in SQL', async () => {
    expect(serials((await call('GET', '/api/v1/Equipments/query?search=rig', tok.manager)).json().result)).toEqual(['S-100']);
    expect(serials((await call('GET', '/api/v1/Equipments/query?search=cone', tok.manager)).json().result)).toEqual(['S-200']);
    const page = (await call('GET', '/api/v1/Equipments/query?orderKey=productModelName&orderDirection=asc&amount=2&offset=1', tok.manager)).json();
    expect(page.count).toBe(4);
    expect(serials(page.result)).toEqual(['S-100', 'S-300']);
    const family = (await call('GET', `/api/v1/Equipments/query?productFamilyId=${ref.jaw.id}`, tok.manager)).json();
    expect(serials(family.result)).toEqual(['S-300', 'S-100']);
  });

  it('answers 400 naming the field for a bad query', async () => {
    const res = await call('GET', '/api/v1/Equipments/query?orderKey=secret', tok.manager);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('orderKey');
    const amount = await call('GET', '/api/v1/Equipments/query?amount=0', tok.manager);
    expect(amount.statusCode).toBe(400);
    expect(amount.json().field).toBe('amount');
  });

  it('refuses an inspector and distributors with 403', async () => {
    for (const token of lowRoles()) expect((await call('GET', '/api/v1/Equipments/query', token)).statusCode).toBe(403);
  });
});

describe('GET api/v1/Equipments/{id}', () => {
  it('answers one equipment with the number of inspections conducted on it', async () => {
    await t.db.insertInto('inspections').values([1, 2].map((n) => ({ name: `Check ${n}`, type: 'Daily', inspection_date: new Date(), equipment_id: ids['S-200'] }))).execute();
    const res = await call('GET', `/api/v1/Equipments/${ids['S-200']}`, tok.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ serialNumber: 'S-200', productModelName: 'HC300', inspectionCount: 2 });
  });

  it('answers 404 for an unknown id, 400 naming id for a malformed one, 403 for low roles', async () => {
    expect((await call('GET', `/api/v1/Equipments/${crypto.randomUUID()}`, tok.manager)).statusCode).toBe(404);
    const bad = await call('GET', '/api/v1/Equipments/123', tok.manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
    for (const token of lowRoles()) expect((await call('GET', `/api/v1/Equipments/${ids['S-200']}`, token)).statusCode).toBe(403);
  });
});

describe('GET api/v1/Equipments/byproductmodel(s)', () => {
  it('byproductmodels returns only the equipment of the asked models', async () => {
    const res = await call('GET', `/api/v1/Equipments/byproductmodels?productModelIds=${ref.jaw.models.JC100},${ref.deck.models.SC1}`, tok.manager);
    expect(res.statusCode).toBe(200);
    expect(serials(res.json()).sort()).toEqual(['Old screen', 'S-100']);
  });

  it('byproductmodel/{id} returns the equipment of one model', async () => {
    const res = await call('GET', `/api/v1/Equipments/byproductmodel/${ref.jaw.models.JC200}`, tok.manager);
    expect(serials(res.json())).toEqual(['S-300']);
  });

  it('answers 400 naming productModelIds for a missing or malformed list, 403 for low roles', async () => {
    for (const url of ['/api/v1/Equipments/byproductmodels', '/api/v1/Equipments/byproductmodels?productModelIds=a,b']) {
      const res = await call('GET', url, tok.manager);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toMatch(/^productModelIds/);
    }
    // below Manager: the inspector (staff User) and a distributor user (not a distributor admin)
    for (const token of [tok.inspector, tok.distUser, tok.nobody]) {
      expect((await call('GET', `/api/v1/Equipments/byproductmodels?productModelIds=${ref.jaw.models.JC100}`, token)).statusCode).toBe(403);
      expect((await call('GET', `/api/v1/Equipments/byproductmodel/${ref.jaw.models.JC100}`, token)).statusCode).toBe(403);
      expect((await call('GET', `/trpc/equipment.byProductModels?input=${encodeURIComponent(JSON.stringify({ productModelIds: [ref.jaw.models.JC100] }))}`, token)).statusCode).toBe(403);
    }
  });
});

describe('GET api/v1/Equipments/byproductmodels is bounded', () => {
  it(`answers at most ${EQUIPMENT_BY_MODELS_LIMIT} rows, highest serials first, still as a plain array`, async () => {
    const model = await t.db.insertInto('product_models').values({ name: 'BULK1', product_family_id: ref.deck.id }).returning('id').executeTakeFirstOrThrow();
    const n = EQUIPMENT_BY_MODELS_LIMIT + 1;
    await sql`insert into equipment (serial_number, product_family_id, product_model_id)
      select 'B-' || lpad(g::text, 5, '0'), ${ref.deck.id}, ${model.id} from generate_series(1, ${n}) g`.execute(t.db);
    try {
      const res = await call('GET', `/api/v1/Equipments/byproductmodels?productModelIds=${model.id}`, tok.manager);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Array.isArray(body)).toBe(true);
      expect(body).toHaveLength(EQUIPMENT_BY_MODELS_LIMIT);
      expect(body[0].serial).toBe(`B-${String(n).padStart(5, '0')}`);
    } finally {
      await t.db.deleteFrom('equipment').where('product_model_id', '=', model.id).execute();
      await t.db.deleteFrom('product_models').where('id', '=', model.id).execute();
    }
  });
});

describe('POST api/v1/Equipments racing a delete or merge of what it points at', () => {
  it('answers 400 naming productModelId, not 500, when the model is deleted while the equipment is created', async () => {
    const model = await t.db.insertInto('product_models').values({ name: 'GONE1', product_family_id: ref.deck.id }).returning('id').executeTakeFirstOrThrow();
    const res = await raceWithTransaction(
      t,
      (trx) => trx.deleteFrom('product_models').where('id', '=', model.id).execute(),
      () => call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'R-1', productModelId: model.id }),
    );
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'productModelId' });
    expect(await t.db.selectFrom('equipment').select('id').where('serial_number', '=', 'R-1').executeTakeFirst()).toBeUndefined();
  });

  it('answers 400 naming customerId when the customer is soft-deleted (merged away) while the equipment is created', async () => {
    const customer = await t.db.insertInto('customers').values({ name: 'Merged away' }).returning('id').executeTakeFirstOrThrow();
    const res = await raceWithTransaction(
      t,
      (trx) => trx.updateTable('customers').set({ deleted_at: sql`now()` }).where('id', '=', customer.id).execute(),
      () => call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'R-2', customerId: customer.id }),
    );
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'customerId' });
    expect(await t.db.selectFrom('equipment').select('id').where('serial_number', '=', 'R-2').executeTakeFirst()).toBeUndefined();
  });

  it('answers 400 naming customerSiteId when the site is soft-deleted while the equipment is created', async () => {
    const site = await t.db.insertInto('customer_sites').values({ customer_id: ref.customerId, name: 'Closing pit' }).returning('id').executeTakeFirstOrThrow();
    const res = await raceWithTransaction(
      t,
      (trx) => trx.updateTable('customer_sites').set({ deleted_at: sql`now()` }).where('id', '=', site.id).execute(),
      () => call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'R-3', customerSiteId: site.id }),
    );
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'customerSiteId' });
    expect(await t.db.selectFrom('equipment').select('id').where('serial_number', '=', 'R-3').executeTakeFirst()).toBeUndefined();
  });
});

describe('POST and PUT api/v1/Equipments (admin)', () => {
  it('creates equipment; a site implies its customer and a model its family', async () => {
    const res = await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: ' S-400 ', nickName: '', customerSiteId: ref.siteId, productModelId: ref.cone.models.HC300 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ serialNumber: 'S-400', nickName: null, customerId: ref.customerId, productFamilyId: ref.cone.id, inspectionCount: 0 });
    ids['S-400'] = res.json().id;
  });

  it('updates equipment', async () => {
    const res = await call('PUT', `/api/v1/Equipments/${ids['S-400']}`, tok.admin, { serialNumber: 'S-401', nickName: 'Renamed', productFamilyId: ref.deck.id, productModelId: ref.deck.models.SC1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ serialNumber: 'S-401', nickName: 'Renamed', productModelName: 'SC1', customerId: null });
  });

  it('answers 400 naming serialNumber without a serial number and a nickname, and writes nothing', async () => {
    const before = await t.db.selectFrom('equipment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: '  ', mdmEquipmentId: 'MDM-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('serialNumber');
    const after = await t.db.selectFrom('equipment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 400 naming the reference that does not fit', async () => {
    const wrongModel = await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'S-500', productFamilyId: ref.jaw.id, productModelId: ref.cone.models.HC300 });
    expect(wrongModel.json()).toMatchObject({ statusCode: 400, field: 'productModelId' });
    const wrongSite = await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'S-500', customerId: ref.otherCustomerId, customerSiteId: ref.siteId });
    expect(wrongSite.json()).toMatchObject({ statusCode: 400, field: 'customerSiteId' });
    const unknownCustomer = await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'S-500', customerId: crypto.randomUUID() });
    expect(unknownCustomer.json()).toMatchObject({ statusCode: 400, field: 'customerId' });
    const malformed = await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'S-500', productFamilyId: 'x' });
    expect(malformed.json()).toMatchObject({ statusCode: 400, field: 'productFamilyId' });
  });

  it('answers 409 naming serialNumber for a live serial number that exists', async () => {
    const res = await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'S-100' });
    expect(res.statusCode).toBe(409);
    expect(res.json().field).toBe('serialNumber');
    const update = await call('PUT', `/api/v1/Equipments/${ids['S-401'] ?? ids['S-400']}`, tok.admin, { serialNumber: 'S-300' });
    expect(update.statusCode).toBe(409);
    expect(update.json().field).toBe('serialNumber');
  });

  it('refuses a manager, an inspector and distributors with 403', async () => {
    for (const token of [tok.manager, ...lowRoles()]) {
      expect((await call('POST', '/api/v1/Equipments', token, { serialNumber: 'S-999' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/Equipments/${ids['S-100']}`, token, { serialNumber: 'S-999' })).statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('equipment').select('id').where('serial_number', '=', 'S-999').executeTakeFirst()).toBeUndefined();
  });
});

describe('DELETE api/v1/Equipments/{id} (admin)', () => {
  it('refuses a manager, an inspector and distributors with 403', async () => {
    for (const token of [tok.manager, ...lowRoles()]) expect((await call('DELETE', `/api/v1/Equipments/${ids['S-200']}`, token)).statusCode).toBe(403);
  });

  it('soft-deletes: the equipment leaves the lists, its inspections stay readable with it, its serial is free again', async () => {
    const res = await call('DELETE', `/api/v1/Equipments/${ids['S-200']}`, tok.admin);
    expect(res.statusCode).toBe(200);
    const list = (await call('GET', '/api/v1/Equipments/query', tok.manager)).json();
    expect(serials(list.result)).not.toContain('S-200');
    expect((await call('GET', `/api/v1/Equipments/${ids['S-200']}`, tok.manager)).statusCode).toBe(404);
    expect(serials((await call('GET', `/api/v1/Equipments/byproductmodel/${ref.cone.models.HC300}`, tok.manager)).json())).toEqual([]);
    // The inspections conducted on it still resolve their equipment (serial, family, model) for their reports.
    const inspections = await t.db
      .selectFrom('inspections as i')
      .innerJoin('equipment as e', 'e.id', 'i.equipment_id')
      .innerJoin('product_models as m', 'm.id', 'e.product_model_id')
      .select(['i.name', 'e.serial_number', 'm.name as model', 'e.deleted_at'])
      .where('i.equipment_id', '=', ids['S-200']!)
      .execute();
    expect(inspections).toHaveLength(2);
    expect(inspections[0]).toMatchObject({ serial_number: 'S-200', model: 'HC300' });
    expect(inspections[0]!.deleted_at).not.toBeNull();
    expect((await call('POST', '/api/v1/Equipments', tok.admin, { serialNumber: 'S-200' })).statusCode).toBe(201);
  });

  it('answers 404 when deleting twice or an unknown id', async () => {
    expect((await call('DELETE', `/api/v1/Equipments/${ids['S-200']}`, tok.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/Equipments/${crypto.randomUUID()}`, tok.admin)).statusCode).toBe(404);
  });
});

describe('tRPC equipment', () => {
  const q = (path: string, input: unknown, token: string) =>
    call('GET', `/trpc/equipment.${path}?input=${encodeURIComponent(JSON.stringify(input))}`, token);

  it('offers list, get, inspectionCount, create, update and delete over the same services', async () => {
    const list = (await q('list', { orderKey: 'serial', orderDirection: 'asc' }, tok.manager)).json().result.data;
    expect(list.result[0].serial).toBe('S-100');
    expect((await q('inspectionCount', { id: ids['S-100'] }, tok.manager)).json().result.data).toEqual({ id: ids['S-100'], inspectionCount: 0 });
    const created = await call('POST', '/trpc/equipment.create', tok.admin, { serialNumber: 'T-1', id: 'ignored', productFamilyName: 'ignored' });
    expect(created.statusCode).toBe(200);
    const id = created.json().result.data.id;
    const updated = await call('POST', '/trpc/equipment.update', tok.admin, { id, data: { serialNumber: 'T-2', nickName: 'Tee' } });
    expect(updated.json().result.data).toMatchObject({ serialNumber: 'T-2', nickName: 'Tee' });
    expect((await call('POST', '/trpc/equipment.delete', tok.admin, { id })).statusCode).toBe(200);
  });

  it('answers 400 naming serialNumber, and 403 to a manager creating', async () => {
    const bad = await call('POST', '/trpc/equipment.create', tok.admin, { mdmEquipmentId: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.field).toBe('serialNumber');
    expect((await call('POST', '/trpc/equipment.create', tok.manager, { serialNumber: 'M-1' })).statusCode).toBe(403);
    expect((await q('list', {}, tok.inspector)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the equipment and product family calls at their paths', async () => {
    const res = await call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/v1/Equipments/query', '/api/v1/Equipments/byproductmodels', '/api/v1/Equipments/{id}', '/api/v1/productFamilies', '/api/v1/ProductFamilies/query', '/api/v1/productFamilies/{id}/models', '/api/v1/productCategories/all']) {
      expect(paths, p).toContain(p);
    }
  });
});

// Last: its reports would change the inspection counts the tests above expect.
describe('GET api/v1/Equipments/byproductmodels for a distributor manager (issue 20)', () => {
  const models = () => [ref.jaw.models.JC100, ref.jaw.models.JC200, ref.deck.models.SC1].join(',');
  beforeAll(async () => {
    // S-100 carries a report of the distributor's company (and a deleted one), S-300 only another company's report,
    // 'Old screen' a staff report: only S-100 is the distributor's machine.
    const companies = await t.db.insertInto('companies').values([{ name: 'Other Dist AB' }]).returning('id').execute();
    const mine = (await t.db.selectFrom('users').select('company_id').where('email', '=', 'dist.admin@dist.example').executeTakeFirstOrThrow()).company_id!;
    const report = (name: string, equipment: string, company: string | null, deleted = false) =>
      ({ name, type: 'Daily', inspection_date: new Date(), equipment_id: ids[equipment], company_id: company, deleted_at: deleted ? new Date() : null });
    await t.db.insertInto('inspections').values([
      report('Ours', 'S-100', mine),
      report('Ours, deleted', 'S-300', mine, true),
      report('Theirs', 'S-300', companies[0]!.id),
      report('Staff', 'Old screen', null),
    ]).execute();
  });

  it("answers a distributor admin only the machines its company's reports were made on, over REST and tRPC", async () => {
    const res = await call('GET', `/api/v1/Equipments/byproductmodels?productModelIds=${models()}`, tok.distAdmin);
    expect(res.statusCode).toBe(200);
    expect(serials(res.json())).toEqual(['S-100']);
    expect(serials((await call('GET', `/api/v1/Equipments/byproductmodel/${ref.jaw.models.JC200}`, tok.distAdmin)).json())).toEqual([]);
    const trpc = await call('GET', `/trpc/equipment.byProductModels?input=${encodeURIComponent(JSON.stringify({ productModelIds: models().split(',') }))}`, tok.distAdmin);
    expect(serials(trpc.json().result.data)).toEqual(['S-100']);
    // staff managers still see every machine of the models
    expect(serials((await call('GET', `/api/v1/Equipments/byproductmodels?productModelIds=${models()}`, tok.manager)).json())).toEqual(
      expect.arrayContaining(['Old screen', 'S-100', 'S-300']),
    );
  });

  it('still refuses a distributor admin the equipment list and a record (403)', async () => {
    expect((await call('GET', '/api/v1/Equipments/query', tok.distAdmin)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/Equipments/${ids['S-100']}`, tok.distAdmin)).statusCode).toBe(403);
  });
});
