import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedEditFixtures, type EditFixtures } from '../inspections/inspection-edit.fixtures.test-helpers.js';

let t: TestApp;
let f: EditFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedEditFixtures(t);
  const jaw = f.ref.jaw;
  // f.daily ('Daily check for Jaw JC') targets the Jaw JC family.
  await f.protocol('Daily for this machine', 'Daily', [], [{ equipment_id: f.equipment }]);
  await f.protocol('Daily for JC100', 'Daily', [], [{ product_family_id: jaw.id, product_model_id: jaw.models.JC100! }]);
  await f.protocol('Daily for JC200', 'Daily', [], [{ product_family_id: jaw.id, product_model_id: jaw.models.JC200! }]);
  await f.protocol('Daily for cones', 'Daily', [], [{ product_family_id: f.ref.cone.id }]);
  await f.protocol('Daily for any product', 'Daily', []);
  await f.protocol('Weekly for any product', 'Weekly', []);
  await f.protocol('Retired daily', 'Daily', [], [], true);
  await f.protocol('Custom points', 'Custom', []);
  // A superseded version (issue 10 'Versions'): kept for the inspections started on it, never offered again.
  const old = await f.protocol('Daily for JC100 version 1', 'Daily', [], [{ product_family_id: jaw.id, product_model_id: jaw.models.JC100! }]);
  await t.db.updateTable('protocols').set({ superseded_at: new Date() }).where('id', '=', old.id).execute();
});
afterAll(() => t?.close());

const fit = async (query: string, token = f.tok.inspector) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/InspectionProtocols/sortedByFit?${query}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string; fit: string }[]).map((p) => `${p.fit}: ${p.name}`);
};

describe('GET api/v1/InspectionProtocols/sortedByFit', () => {
  it('orders live protocols by fit: equipment, model, family, untargeted; others, retired, superseded and hidden types left out', async () => {
    expect(await fit(`type=Daily&equipmentId=${f.equipment}`)).toEqual([
      'Equipment: Daily for this machine',
      'Model: Daily for JC100',
      'Family: Daily check for Jaw JC',
      'Any: Daily for any product',
    ]);
  });

  it('takes family and model without equipment (the family from the model), and every type without `type`', async () => {
    const byModel = await fit(`productModelId=${f.ref.jaw.models.JC200}`);
    expect(byModel).toEqual(['Model: Daily for JC200', 'Family: Daily check for Jaw JC', 'Any: Daily for any product', 'Any: Weekly for any product']);
    expect(await fit(`type=Daily&productFamilyId=${f.ref.cone.id}&productModelId=`)).toEqual(['Family: Daily for cones', 'Any: Daily for any product']);
    expect(await fit('type=Weekly', f.tok.distUser)).toEqual(['Any: Weekly for any product']);
  });

  it("follows a protocol's targets as they are written and removed (has_targets kept by a trigger): 'Any' only without targets", async () => {
    const p = await f.protocol('Daily moved around', 'Daily', []);
    expect(await fit('type=Daily&productFamilyId=' + f.ref.cone.id)).toContain('Any: Daily moved around');
    await t.db.insertInto('protocol_targets').values([{ protocol_id: p.id, product_family_id: f.ref.cone.id }, { protocol_id: p.id, product_family_id: f.ref.jaw.id }]).execute();
    expect(await fit('type=Daily&productFamilyId=' + f.ref.cone.id)).toContain('Family: Daily moved around');
    expect(await fit('type=Daily&productFamilyId=' + f.ref.cone.id)).not.toContain('Any: Daily moved around');
    await t.db.deleteFrom('protocol_targets').where('protocol_id', '=', p.id).where('product_family_id', '=', f.ref.cone.id).execute();
    // Still aimed at jaws: not a fit for a cone at all.
    expect((await fit('type=Daily&productFamilyId=' + f.ref.cone.id)).filter((n) => n.endsWith('Daily moved around'))).toEqual([]);
    await t.db.deleteFrom('protocol_targets').where('protocol_id', '=', p.id).execute();
    expect(await fit('type=Daily&productFamilyId=' + f.ref.cone.id)).toContain('Any: Daily moved around');
    await t.db.updateTable('protocols').set({ deleted_at: new Date() }).where('id', '=', p.id).execute();
  });

  it('answers 400 naming the parameter for a bad id or an unknown type, and 403 for level None', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/InspectionProtocols/sortedByFit?productModelId=nope', headers: { authorization: `Bearer ${f.tok.admin}` } });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'productModelId' });
    const type = await t.app.inject({ method: 'GET', url: '/api/v1/InspectionProtocols/sortedByFit?type=Yearly', headers: { authorization: `Bearer ${f.tok.admin}` } });
    expect(type.json()).toMatchObject({ statusCode: 400, field: 'type' });
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/inspectionprotocols/sortedbyfit', headers: { authorization: `Bearer ${f.tok.nobody}` } });
    expect(none.statusCode).toBe(403);
  });
});
