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

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const trail = (id: string) => t.db.selectFrom('audit_trail').select(['entity_type', 'action', 'changes']).where('entity_id', '=', id).orderBy('created_at').execute();

/** A family of its own with one model, so each test deletes what it made. */
async function family(name: string, models: string[] = []) {
  const f = await t.db.insertInto('product_families').values({ name, long_name: '', product_category_id: ref.categories.crushers.id }).returning('id').executeTakeFirstOrThrow();
  const ms = models.length ? await t.db.insertInto('product_models').values(models.map((m) => ({ name: m, product_family_id: f.id }))).returning('id').execute() : [];
  return { id: f.id, models: ms.map((m) => m.id) };
}
async function point() {
  return (await t.db.insertInto('inspection_points').values({ type: 'Measurement', name: 'Wear', product_category_id: ref.categories.crushers.id }).returning('id').executeTakeFirstOrThrow()).id;
}

describe('renaming product families and models (Admin)', () => {
  it('renames a family (name and long name), keeps its category, and leaves an audit trail row', async () => {
    const f = await family('Gyratory GY');
    const res = await call('PUT', `/api/v1/productFamilies/${f.id}`, tok.admin, { familyName: 'Gyratory GX', longFamilyName: 'Gyratory crushers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: f.id, name: 'Gyratory GX', familyName: 'Gyratory GX', longFamilyName: 'Gyratory crushers', productCategoryName: 'Crushers' });
    // without longFamilyName the long name stays
    expect((await call('PUT', `/api/v1/productFamilies/${f.id}`, tok.admin, { familyName: 'Gyratory G' })).json()).toMatchObject({ name: 'Gyratory G', longFamilyName: 'Gyratory crushers' });
    expect((await trail(f.id)).map((r) => [r.entity_type, r.action])).toEqual([['product_family', 'update'], ['product_family', 'update']]);
  });

  it('answers 409 naming familyName for a name another family has (ignoring case), 400 for a blank one, 404 for an unknown id', async () => {
    const f = await family('Impact IC');
    const taken = await call('PUT', `/api/v1/productFamilies/${f.id}`, tok.admin, { familyName: 'jaw jc' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'familyName', message: "familyName: a product family named 'jaw jc' exists" });
    expect((await call('PUT', `/api/v1/productFamilies/${f.id}`, tok.admin, { familyName: '  ' })).json().field).toBe('familyName');
    expect((await call('PUT', `/api/v1/productFamilies/${crypto.randomUUID()}`, tok.admin, { familyName: 'X' })).statusCode).toBe(404);
  });

  it('renames a model within its family: 409 naming name for a sibling’s name, 404 through another family', async () => {
    const res = await call('PUT', `/api/v1/productFamilies/${ref.jaw.id}/models/${ref.jaw.models.JC100}`, tok.admin, { name: 'JC110' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: ref.jaw.models.JC100, name: 'JC110', productFamilyId: ref.jaw.id });
    const dup = await call('PUT', `/api/v1/productFamilies/${ref.jaw.id}/models/${ref.jaw.models.JC100}`, tok.admin, { name: 'jc200' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('name');
    expect((await call('PUT', `/api/v1/productFamilies/${ref.cone.id}/models/${ref.jaw.models.JC100}`, tok.admin, { name: 'JC120' })).statusCode).toBe(404);
    expect((await trail(ref.jaw.models.JC100))[0]).toMatchObject({ entity_type: 'product_model', action: 'update', changes: { before: { name: 'JC100' }, after: { name: 'JC110' } } });
  });

  it('refuses managers, inspectors and distributors (403) and callers without a token (401)', async () => {
    for (const token of [tok.manager, tok.inspector, tok.distAdmin, tok.distUser]) {
      expect((await call('PUT', `/api/v1/productFamilies/${ref.deck.id}`, token, { familyName: 'X' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/productFamilies/${ref.deck.id}`, token)).statusCode).toBe(403);
      expect((await call('PUT', `/api/v1/productFamilies/${ref.deck.id}/models/${ref.deck.models.SC1}`, token, { name: 'X' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/v1/productFamilies/${ref.deck.id}/models/${ref.deck.models.SC1}`, token)).statusCode).toBe(403);
    }
    expect((await call('DELETE', `/api/v1/productFamilies/${ref.deck.id}`)).statusCode).toBe(401);
  });
});

describe('deleting product families and models', () => {
  it('deletes a model and then its family when nothing uses them, with audit trail rows; a second delete is 404', async () => {
    const f = await family('Spare SP', ['SP1']);
    const model = f.models[0]!;
    expect((await call('DELETE', `/api/v1/productFamilies/${f.id}/models/${model}`, tok.admin)).json()).toEqual({ id: model });
    expect((await call('DELETE', `/api/v1/productFamilies/${f.id}`, tok.admin)).json()).toEqual({ id: f.id });
    expect(await t.db.selectFrom('product_families').select('id').where('id', '=', f.id).executeTakeFirst()).toBeUndefined();
    expect((await trail(model))[0]).toMatchObject({ entity_type: 'product_model', action: 'delete' });
    expect((await trail(f.id))[0]).toMatchObject({ entity_type: 'product_family', action: 'delete', changes: { name: 'Spare SP' } });
    expect((await call('DELETE', `/api/v1/productFamilies/${f.id}`, tok.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/productFamilies/${ref.jaw.id}/models/${ref.cone.models.HC300}`, tok.admin)).statusCode).toBe(404);
  });

  it('refuses a family with 409 naming each thing that uses it, until none does', async () => {
    const f = await family('Busy BF', ['B1']);
    const p = await point();
    const user = await t.db.insertInto('certified_users').values({ email: 'c@company.example', employee_id: 'E1' }).returning('id').executeTakeFirstOrThrow();
    const protocol = await t.db.insertInto('protocols').values({ name: 'Busy check', type: 'Daily' }).returning('id').executeTakeFirstOrThrow();
    const doc = await t.db.insertInto('documents').values({ name: 'Manual', storage_key: 'k1' }).returning('id').executeTakeFirstOrThrow();
    const uses: Array<[string, () => Promise<unknown>]> = [
      ['product models (1)', async () => undefined],
      ['equipment (1)', () => t.db.insertInto('equipment').values({ serial_number: 'BF-1', product_family_id: f.id, deleted_at: new Date() }).execute()],
      ['reports (1)', () => t.db.insertInto('inspections').values({ name: 'R', type: 'Daily', inspection_date: new Date(), product_family_id: f.id }).execute()],
      ['certifications (1)', () => t.db.insertInto('certifications').values({ certified_user_id: user.id, product_family_id: f.id, certification_date: new Date(), expiration_date: new Date() }).execute()],
      ['protocol targets (1)', () => t.db.insertInto('protocol_targets').values({ protocol_id: protocol.id, product_family_id: f.id }).execute()],
      ['measurement limits (1)', () => t.db.insertInto('measurement_limits').values({ inspection_point_id: p, product_family_id: f.id }).execute()],
      ["inspection points' families (1)", () => t.db.insertInto('inspection_point_metas').values({ inspection_point_id: p, type: 'ProductFamily', value: f.id }).execute()],
      ['documents (1)', () => t.db.insertInto('document_product_families').values({ document_id: doc.id, product_family_id: f.id }).execute()],
    ];
    for (const [label, add] of uses) await add();
    const res = await call('DELETE', `/api/v1/productFamilies/${f.id}`, tok.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Product family 'Busy BF' is in use and cannot be deleted: product models (1), equipment (1), reports (1), protocol targets (1), " +
        "measurement limits (1), certifications (1), inspection points' families (1), documents (1)",
    );
    for (const [label] of uses) expect(res.json().message).toContain(label);
    expect(await t.db.selectFrom('product_families').select('id').where('id', '=', f.id).executeTakeFirst()).toBeDefined();
  });

  it('refuses a model with 409 naming equipment, reports, audit runs, targets, limits, points, choice lists, range values and documents', async () => {
    const f = await family('Model user MU', ['M1']);
    const m = f.models[0]!;
    const p = await point();
    const protocol = await t.db.insertInto('protocols').values({ name: 'Model check', type: 'Daily' }).returning('id').executeTakeFirstOrThrow();
    const doc = await t.db.insertInto('documents').values({ name: 'Model manual', storage_key: 'k2' }).returning('id').executeTakeFirstOrThrow();
    const metas = JSON.stringify([{ type: 'ProductModel', value: m }]);
    const expectRefusal = async (label: string) => {
      const res = await call('DELETE', `/api/v1/productFamilies/${f.id}/models/${m}`, tok.admin);
      expect(res.statusCode, label).toBe(409);
      expect(res.json().message, label).toMatch(new RegExp(`^Product model 'M1' is in use and cannot be deleted: .*${label.replace(/[()]/g, '\\$&')}`));
    };
    await t.db.insertInto('equipment').values({ serial_number: 'MU-1', product_family_id: f.id, product_model_id: m }).execute();
    await expectRefusal('equipment (1)');
    await t.db.deleteFrom('equipment').where('product_model_id', '=', m).execute();
    const steps: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      ['reports (1)', () => t.db.insertInto('inspections').values({ name: 'R', type: 'Daily', inspection_date: new Date(), product_model_id: m }).execute(), () => t.db.deleteFrom('inspections').where('product_model_id', '=', m).execute()],
      ['protocol targets (1)', () => t.db.insertInto('protocol_targets').values({ protocol_id: protocol.id, product_model_id: m }).execute(), () => t.db.deleteFrom('protocol_targets').where('product_model_id', '=', m).execute()],
      ['measurement limits (1)', () => t.db.insertInto('measurement_limits').values({ inspection_point_id: p, product_model_id: m }).execute(), () => t.db.deleteFrom('measurement_limits').where('product_model_id', '=', m).execute()],
      ["inspection points' models (1)", () => t.db.insertInto('inspection_point_metas').values({ inspection_point_id: p, type: 'ProductModel', value: m }).execute(), () => t.db.deleteFrom('inspection_point_metas').where('value', '=', m).execute()],
      ['choice lists (1)', () => t.db.insertInto('multiple_choices').values({ inspection_point_id: p, metas }).execute(), () => t.db.deleteFrom('multiple_choices').where('inspection_point_id', '=', p).execute()],
      ['range values (1)', () => t.db.insertInto('range_values').values({ inspection_point_id: p, metas }).execute(), () => t.db.deleteFrom('range_values').where('inspection_point_id', '=', p).execute()],
      ['documents (1)', () => t.db.insertInto('document_product_models').values({ document_id: doc.id, product_model_id: m }).execute(), () => t.db.deleteFrom('document_product_models').where('product_model_id', '=', m).execute()],
    ];
    for (const [label, add, remove] of steps) {
      await add();
      await expectRefusal(label);
      await remove();
    }
    expect((await call('DELETE', `/api/v1/productFamilies/${f.id}/models/${m}`, tok.admin)).statusCode).toBe(200);
  });

  it('counts a use that commits while the delete waits for it: 409, not a foreign-key 500', async () => {
    const f = await family('Racing RC', ['R1']);
    const m = f.models[0]!;
    const res = await raceWithTransaction(
      t,
      (trx) => trx.insertInto('equipment').values({ serial_number: 'RC-1', product_family_id: f.id, product_model_id: m }).execute(),
      () => call('DELETE', `/api/v1/productFamilies/${f.id}/models/${m}`, tok.admin),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('equipment (1)');
  });

  it('offers the same over tRPC: rename, delete, renameModel, deleteModel', async () => {
    const f = await family('Trpc TR', ['T1']);
    const post = (path: string, input: unknown) => call('POST', `/trpc/productFamilies.${path}`, tok.admin, input);
    expect((await post('rename', { id: f.id, familyName: 'Trpc TS' })).json().result.data.name).toBe('Trpc TS');
    expect((await post('renameModel', { familyId: f.id, modelId: f.models[0], name: 'T2' })).json().result.data.name).toBe('T2');
    const refused = await post('delete', { id: f.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('product models (1)');
    expect((await post('deleteModel', { familyId: f.id, modelId: f.models[0] })).statusCode).toBe(200);
    expect((await post('delete', { id: f.id })).statusCode).toBe(200);
  });
});
