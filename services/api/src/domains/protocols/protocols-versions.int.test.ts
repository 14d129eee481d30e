import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProtocol } from '@insp/contracts';
import type { Db } from '@insp/db';
import { copyProtocolRows } from './protocols-versions.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedProtocolFixtures, type ProtocolFixtures } from './protocols.fixtures.test-helpers.js';

let t: TestApp;
let f: ProtocolFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedProtocolFixtures(t);
});
afterAll(() => t?.close());

const dependencyOf = (p: TProtocol) => {
  const point = p.categories[0]!.inspectionPoints[0]!;
  return { point: point.id, dependency: point.dependencies[0]!.id, json: point.dependencies[0]!.json };
};
const putJson = (p: { id: string }, pointId: string, dependencyId: string, json: unknown, token = f.tok.admin) =>
  f.call('PUT', `/api/v1/InspectionProtocols/${p.id}/points/${pointId}/dependencies/${dependencyId}/json`, token, json);
const startInspection = async (protocolId: string) => {
  const res = await f.call('POST', '/api/v1/inspections', f.tok.inspector, { protocolId, customerId: f.ref.customerId, customerSiteId: f.ref.siteId, equipment: { id: f.equipment } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
const fitIds = async () => {
  const res = await f.call('GET', `/api/v1/InspectionProtocols/sortedByFit?type=Daily&equipmentId=${f.equipment}`, f.tok.inspector);
  return (res.json() as { id: string; name: string }[]).map((p) => p.id);
};

describe('POST api/v1/InspectionProtocols/{id}/copy', () => {
  it("copies everything under new ids as '{name} (copy)', linked by copyOfProtocolId, a protocol of its own", async () => {
    const source = await f.create({ name: 'To copy', categoryGroups: [{ name: 'G', categoryIndices: [1] }] });
    const res = await f.call('POST', `/api/v1/InspectionProtocols/${source.id}/copy`, f.tok.admin);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as TProtocol;
    expect(copy).toMatchObject({ name: 'To copy (copy)', copyOfProtocolId: source.id, version: 1, rootProtocolId: copy.id, type: 'Daily', products: ['Jaw JC'] });
    expect(copy.id).not.toBe(source.id);
    const shape = (p: TProtocol) => p.categories.map((c) => ({ title: c.title.text, points: c.inspectionPoints.map((x) => [x.inspectionPointId, x.name, x.showInReport, x.sampleIdIndex, x.dependencies.map((d) => d.json)]) }));
    expect(shape(copy)).toEqual(shape(source));
    expect(copy.categoryGroups.map((g) => [g.name, g.categoryIndices])).toEqual([['G', [1]]]);
    const ids = (p: TProtocol) => p.categories.flatMap((c) => [c.id, ...c.inspectionPoints.flatMap((x) => [x.id, ...x.dependencies.map((d) => d.id)])]);
    expect(ids(copy).filter((id) => ids(source).includes(id))).toEqual([]);
    // The copy is independent: editing it leaves the source alone.
    const d = dependencyOf(copy);
    expect((await putJson(copy, d.point, d.dependency, { edited: true })).statusCode).toBe(200);
    expect(dependencyOf(await f.get(source.id)).json).toEqual({ source: 'equipment', field: 'model' });
    expect((await f.call('POST', `/api/v1/InspectionProtocols/${source.id}/copy`, f.tok.manager)).statusCode).toBe(403);
    expect((await f.call('POST', `/api/v1/InspectionProtocols/${crypto.randomUUID()}/copy`, f.tok.admin)).statusCode).toBe(404);
  });

  it("keeps a copy's name within the 300 characters a protocol name may have", async () => {
    const source = await f.create({ name: 'x'.repeat(300) });
    const copy = (await f.call('POST', `/api/v1/InspectionProtocols/${source.id}/copy`, f.tok.admin)).json() as TProtocol;
    expect(copy.name).toBe(`${'x'.repeat(293)} (copy)`);
  });
});

describe('PUT api/v1/InspectionProtocols/{id}/points/{pointId}/dependencies/{dependencyId}/json and versions', () => {
  it('edits a protocol no inspection uses in place', async () => {
    const p = await f.create({ name: 'Unused' });
    const d = dependencyOf(p);
    const res = await putJson(p, d.point, d.dependency, { source: 'point', pointId: f.points.measure });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: d.dependency, json: { source: 'point', pointId: f.points.measure }, protocolPointId: d.point, protocolId: p.id, version: 1, newVersion: false });
    expect(dependencyOf(await f.get(p.id)).json).toEqual({ source: 'point', pointId: f.points.measure });
  });

  it('makes a new version of a protocol an inspection uses: the inspection keeps its checklist, new ones take the new version', async () => {
    const v1 = await f.create({ name: 'Used daily', targets: [{ productFamilyId: f.ref.jaw.id, productModelId: f.ref.jaw.models.JC100! }] });
    const inspection = await startInspection(v1.id);
    const details = async () => (await f.call('GET', `/api/v1/inspections/${inspection}/editDetails`, f.tok.admin)).json();
    const before = await details();
    const d = dependencyOf(v1);

    const res = await putJson(v1, d.point, d.dependency, ['changed']);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ json: ['changed'], version: 2, newVersion: true });
    expect(saved.protocolId).not.toBe(v1.id);
    expect(saved.id).not.toBe(d.dependency);

    // The started inspection: same protocol version, same categories, the old dependency.
    const row = await t.db.selectFrom('inspections').select('protocol_id').where('id', '=', inspection).executeTakeFirstOrThrow();
    expect(row.protocol_id).toBe(v1.id);
    expect(await details()).toEqual(before);
    const old = await f.get(v1.id);
    expect(dependencyOf(old).json).toEqual({ source: 'equipment', field: 'model' });
    expect(old.supersededAt).not.toBeNull();
    expect(old.categories.map((c) => c.id)).toEqual(v1.categories.map((c) => c.id));

    const v2 = await f.get(saved.protocolId);
    expect(v2).toMatchObject({ name: 'Used daily', version: 2, rootProtocolId: v1.id, previousVersionId: v1.id, supersededAt: null, created: v1.created, createdBy: 'Admin' });
    expect(dependencyOf(v2)).toEqual({ point: saved.protocolPointId, dependency: saved.id, json: ['changed'] });
    expect(v2.versions.map((v) => [v.id, v.version, v.inspectionCount, v.supersededAt === null])).toEqual([[v1.id, 1, 1, false], [v2.id, 2, 0, true]]);

    // Lists: the search and sortedByFit show version 2 only; Obsolete shows version 1 with its current version.
    const list = (await f.call('GET', '/api/v1/InspectionProtocols/search?search=used%20daily', f.tok.admin)).json();
    expect(list.result.map((p: { id: string; version: number }) => [p.id, p.version])).toEqual([[v2.id, 2]]);
    expect(await fitIds()).toContain(v2.id);
    expect(await fitIds()).not.toContain(v1.id);
    const obsolete = (await f.call('GET', '/api/v1/InspectionProtocols/Obsolete', f.tok.admin)).json();
    expect(obsolete.result).toEqual([expect.objectContaining({ id: v1.id, version: 1, currentVersionId: v2.id, rootProtocolId: v1.id })]);

    // A superseded version is not changed again (409); the current one, unused so far, is edited in place.
    expect((await putJson(v1, d.point, d.dependency, ['again'])).statusCode).toBe(409);
    const inPlace = await putJson(v2, saved.protocolPointId, saved.id, ['again']);
    expect(inPlace.json()).toMatchObject({ protocolId: v2.id, version: 2, newVersion: false });

    // The next inspection starts on version 2, even when the client still holds version 1's id; editing then makes
    // version 3 and leaves version 2's inspection alone.
    const next = await startInspection(v1.id);
    expect((await t.db.selectFrom('inspections').select('protocol_id').where('id', '=', next).executeTakeFirstOrThrow()).protocol_id).toBe(v2.id);
    const third = (await putJson(v2, saved.protocolPointId, saved.id, ['third'])).json();
    expect(third).toMatchObject({ version: 3, newVersion: true });
    expect(dependencyOf(await f.get(v2.id)).json).toEqual(['again']);
    // Each change is on the audit trail under the version it landed in.
    const trail = await t.db.selectFrom('audit_trail').select('entity_id').where('entity_type', '=', 'protocol').where('action', '=', 'update_dependency').where('entity_id', 'in', [v2.id, third.protocolId]).orderBy('id').execute();
    expect(trail.map((r) => r.entity_id)).toEqual([v2.id, v2.id, third.protocolId]);

    // Deleting the current version takes its history with it: nothing of it stays in Obsolete.
    expect((await f.call('DELETE', `/api/v1/InspectionProtocols/${third.protocolId}/soft`, f.tok.admin)).statusCode).toBe(204);
    expect((await f.call('GET', '/api/v1/InspectionProtocols/Obsolete', f.tok.admin)).json()).toMatchObject({ result: [], count: 0 });
    expect((await f.call('GET', `/api/v1/InspectionProtocols/${v1.id}`, f.tok.admin)).statusCode).toBe(404);
  });

  it('answers 404 for a dependency of another point or protocol, 400 naming the place of a control character, 403 for a Manager', async () => {
    const p = await f.create({ name: 'Checks' });
    const d = dependencyOf(p);
    const other = p.categories[0]!.inspectionPoints[1]!.id;
    expect((await putJson(p, other, d.dependency, {})).statusCode).toBe(404);
    expect((await putJson({ id: f.daily.id }, d.point, d.dependency, {})).statusCode).toBe(404);
    const bad = await putJson(p, d.point, d.dependency, { list: ['ok', 'bell\u0007'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('list.1');
    expect((await putJson(p, d.point, d.dependency, {}, f.tok.manager)).statusCode).toBe(403);
  });
});

describe('an inspection started while a change makes a new version', () => {
  it('waits for the change and starts on the new version, not the one it superseded', async () => {
    const v1 = await f.create({ name: 'Raced' });
    await startInspection(v1.id);
    // A change in progress, as changeProtocol makes it: the row locked FOR UPDATE, version 2 made, version 1 superseded.
    const trx = await t.db.startTransaction().execute();
    await trx.selectFrom('protocols').select('id').where('id', '=', v1.id).forUpdate().execute();
    const starting = startInspection(v1.id);
    await new Promise((r) => setTimeout(r, 300));
    const v2 = await copyProtocolRows(trx as unknown as Db, v1.id, { version: 2, root_protocol_id: v1.id, previous_version_id: v1.id });
    await trx.updateTable('protocols').set({ superseded_at: new Date() }).where('id', '=', v1.id).execute();
    await trx.commit().execute();
    const started = await starting;
    const row = await t.db.selectFrom('inspections').select('protocol_id').where('id', '=', started).executeTakeFirstOrThrow();
    expect(row.protocol_id).toBe(v2.id);
  });
});

describe('dependency JSON nesting', () => {
  it('answers 400, not 500, for JSON nested deeper than 64 levels (the checks would overflow the stack)', async () => {
    const p = await f.create({ name: 'Deep' });
    const d = dependencyOf(p);
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const put = (body: string) => t.app.inject({ method: 'PUT', url: `/api/v1/InspectionProtocols/${p.id}/points/${d.point}/dependencies/${d.dependency}/json`, headers: { authorization: `Bearer ${f.tok.admin}`, 'content-type': 'application/json' }, payload: body });
    expect((await put(nested(64))).statusCode).toBe(200);
    for (const depth of [65, 10_000, 100_000]) {
      const res = await put(nested(depth));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().message).toContain('64 levels');
    }
    // Written as text: JSON.stringify itself overflows on such nesting.
    const body = JSON.stringify(f.body({ categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0, prefill: 'DEEP' }] }] })).replace('"DEEP"', nested(10_000));
    const prefill = await t.app.inject({ method: 'POST', url: '/api/v1/inspectionProtocols', headers: { authorization: `Bearer ${f.tok.admin}`, 'content-type': 'application/json' }, payload: body });
    expect(prefill.json()).toMatchObject({ statusCode: 400, field: 'categories.0.inspectionPoints.0.prefill' });
  });
});

describe('GET api/v1/InspectionProtocols/sortedByFit after versions', () => {
  it('keeps the fit order (model before family before any product) with superseded versions left out', async () => {
    const model = await f.create({ name: 'Fit model', targets: [{ productFamilyId: f.ref.jaw.id, productModelId: f.ref.jaw.models.JC100! }] });
    await startInspection(model.id);
    const d = dependencyOf(model);
    const next = (await putJson(model, d.point, d.dependency, { v: 2 })).json();
    const res = await f.call('GET', `/api/v1/InspectionProtocols/sortedByFit?type=Daily&productModelId=${f.ref.jaw.models.JC100}`, f.tok.inspector);
    const fits = (res.json() as { id: string; name: string; fit: string }[]).map((p) => `${p.fit}: ${p.name}`);
    expect(fits.indexOf('Model: Fit model')).toBeGreaterThanOrEqual(0);
    expect(fits.filter((x) => x === 'Model: Fit model')).toHaveLength(1);
    expect(fits.indexOf('Model: Fit model')).toBeLessThan(fits.indexOf('Family: Daily check for Jaw JC'));
    expect((res.json() as { id: string }[]).map((p) => p.id)).toContain(next.protocolId);
  });
});

// After the versions test: it reads Obsolete whole.
describe('dependency JSON null', () => {
  it('copies and versions a dependency whose JSON is null (a JSON value, not a missing one)', async () => {
    const p = await f.create({ name: 'Null dependency', categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0, dependencies: [{ json: null }] }] }] });
    const res = await f.call('POST', `/api/v1/InspectionProtocols/${p.id}/copy`, f.tok.admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(dependencyOf(res.json()).json).toBeNull();
    // Used by an inspection, so the change copies the null dependency into version 2 before changing it.
    await startInspection(p.id);
    const d = dependencyOf(p);
    const saved = await putJson(p, d.point, d.dependency, { set: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ json: { set: true }, version: 2, newVersion: true });
    expect(dependencyOf(await f.get(p.id)).json).toBeNull();
  });
});

describe('dependency order', () => {
  it('keeps a point’s dependencies in their authored order on create, copy and a new version', async () => {
    const jsons = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((k) => ({ k }));
    const p = await f.create({ name: 'Ordered dependencies', categories: [{ index: 0, title: 'A', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0, dependencies: jsons.map((json) => ({ json })) }] }] });
    const order = (x: TProtocol) => x.categories[0]!.inspectionPoints[0]!.dependencies.map((d) => d.json);
    expect(order(await f.get(p.id))).toEqual(jsons);
    expect(order((await f.call('POST', `/api/v1/InspectionProtocols/${p.id}/copy`, f.tok.admin)).json())).toEqual(jsons);
    await startInspection(p.id);
    const d = dependencyOf(p);
    const saved = (await putJson(p, d.point, d.dependency, { k: 'A' })).json();
    expect(order(await f.get(saved.protocolId))).toEqual([{ k: 'A' }, ...jsons.slice(1)]);
  });
});
