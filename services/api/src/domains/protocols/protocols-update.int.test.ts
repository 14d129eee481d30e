import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolAsUpdate, type TProtocol, type TProtocolUpdateInput } from '@insp/contracts';
import { loadReportData } from '@insp/db';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedProtocolFixtures, type ProtocolFixtures } from './protocols.fixtures.test-helpers.js';

let t: TestApp;
let f: ProtocolFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedProtocolFixtures(t);
});
afterAll(() => t?.close());

const put = (id: string, body: unknown, token = f.tok.admin) => f.call('PUT', `/api/v1/InspectionProtocols/${id}`, token, body);
const saved = async (id: string, body: unknown) => {
  const res = await put(id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TProtocol;
};
/** The edit body of `p` with `change` applied to a copy of it. */
const edited = (p: TProtocol, change: (b: TProtocolUpdateInput) => void) => {
  const b = structuredClone(protocolAsUpdate(p));
  change(b);
  return b;
};
const startInspection = async (protocolId: string) => {
  const res = await f.call('POST', '/api/v1/inspections', f.tok.inspector, { protocolId, customerId: f.ref.customerId, customerSiteId: f.ref.siteId, equipment: { id: f.equipment } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; protocolId?: string };
};
const protocolOfInspection = async (id: string) => (await t.db.selectFrom('inspections').select('protocol_id').where('id', '=', id).executeTakeFirstOrThrow()).protocol_id;
const fitIds = async () => ((await f.call('GET', `/api/v1/InspectionProtocols/sortedByFit?type=Daily&equipmentId=${f.equipment}`, f.tok.inspector)).json() as { id: string }[]).map((p) => p.id);
const shape = (p: TProtocol) => p.categories.map((c) => [c.title.text, c.inspectionPoints.map((x) => [x.inspectionPointId, x.nameOverride, x.showValueInReportHeader, x.prefill, x.dependencies.map((d) => d.json)])]);

describe('PUT api/v1/InspectionProtocols/{id}', () => {
  it('changes a protocol no inspection uses in place: name, targets, categories, points added, removed and reordered, point settings; kept points keep their ids', async () => {
    const p = await f.create({ name: 'Edit me' });
    const [comment, radio] = p.categories[0]!.inspectionPoints;
    const body = edited(p, (b) => {
      b.name = 'Edited';
      b.targets = [{ productFamilyId: f.ref.jaw.id, productModelId: f.ref.jaw.models.JC100!, equipmentId: null }];
      const general = b.categories![0]!;
      // radio first, comment removed, a new measurement added with its settings
      general.inspectionPoints = [
        { ...general.inspectionPoints![1]!, index: 0, name: 'Radio here', showValueInReportHeader: true, prefill: { source: 'equipment', field: 'loadedHours' } },
        { inspectionPointId: f.points.measure, index: 1, dependencies: [{ json: { dependsOn: 'point' } }, { json: null }] },
      ];
      b.categories!.push({ index: 2, title: 'Added', inspectionPoints: [{ inspectionPointId: f.points.comment, index: 0 }] });
    });
    const after = await saved(p.id, body);
    expect(after).toMatchObject({ id: p.id, version: 1, name: 'Edited', products: ['Jaw JC JC100'] });
    expect(shape(after)).toEqual([
      ['General', [[f.points.radio, 'Radio here', true, { source: 'equipment', field: 'loadedHours' }, []], [f.points.measure, null, false, null, [{ dependsOn: 'point' }, null]]]],
      ['Measurements', [[f.points.measure, null, false, null, []]]],
      ['Added', [[f.points.comment, null, false, null, []]]],
    ]);
    expect(after.categories[0]!.inspectionPoints[0]!.id).toBe(radio!.id);
    expect(after.categories.flatMap((c) => c.inspectionPoints.map((x) => x.id))).not.toContain(comment!.id);
    expect(after.categories[0]!.inspectionPoints[0]!.name).toBe('Radio here');
    expect(after.versions).toEqual([expect.objectContaining({ id: p.id, version: 1, changes: null })]);
  });

  it('saves a change to a protocol an inspection uses as version 2 with what changed; the inspection stays on version 1, a new one starts on version 2', async () => {
    const v1 = await f.create({ name: 'Used', targets: [{ productFamilyId: f.ref.jaw.id, productModelId: null, equipmentId: null }] });
    const inspection = await startInspection(v1.id);
    const body = edited(v1, (b) => {
      b.name = 'Used, changed';
      b.categories![0]!.inspectionPoints!.push({ inspectionPointId: f.points.measure, index: 2 });
      b.categories![1]!.inspectionPoints![0]!.showValueInReportHeader = true;
      b.categories![0]!.inspectionPoints!.shift();
    });
    const v2 = await saved(v1.id, body);
    expect(v2).toMatchObject({ version: 2, previousVersionId: v1.id, rootProtocolId: v1.id, name: 'Used, changed' });
    expect(v2.id).not.toBe(v1.id);
    expect((await f.get(v1.id)).supersededAt).not.toBeNull();
    expect(shape(await f.get(v1.id))).toEqual(shape(v1));
    expect(await protocolOfInspection(inspection.id)).toBe(v1.id);
    expect(await protocolOfInspection((await startInspection(v1.id)).id)).toBe(v2.id);
    expect(await fitIds()).toContain(v2.id);
    expect(await fitIds()).not.toContain(v1.id);
    const history = v2.versions.find((v) => v.version === 2)!.changes;
    expect(history).toContain("Name: 'Used' → 'Used, changed'");
    expect(history!.some((l) => l.startsWith('Point added to General:'))).toBe(true);
    expect(history!.some((l) => l.startsWith('Point removed from General:'))).toBe(true);
    expect(history!.some((l) => l.includes('show value in report header changed'))).toBe(true);
  });

  it('writes nothing for a save that changes nothing, and answers a save repeated after it made a version with that version', async () => {
    const v1 = await f.create({ name: 'Repeat' });
    await startInspection(v1.id);
    const same = await saved(v1.id, protocolAsUpdate(v1));
    expect(same).toMatchObject({ id: v1.id, version: 1, updated: v1.updated });
    const body = edited(v1, (b) => { b.name = 'Repeat, renamed'; });
    const v2 = await saved(v1.id, body);
    expect(v2.version).toBe(2);
    // The answer was lost and the client sends the same save again: no third version.
    const again = await saved(v1.id, body);
    expect(again).toMatchObject({ id: v2.id, version: 2 });
    expect((await f.get(v2.id)).versions.map((v) => v.version)).toEqual([1, 2]);
    // The same save on the superseded version with other content is refused: it was replaced.
    const other = await put(v1.id, edited(v1, (b) => { b.name = 'Something else'; }));
    expect(other.statusCode, other.body).toBe(409);
  });

  it("refuses a save based on a protocol someone saved since (409), a changed type, another protocol's point and a too-low role", async () => {
    const p = await f.create({ name: 'Contended' });
    const first = await saved(p.id, edited(p, (b) => { b.name = 'First writer'; }));
    const late = await put(p.id, edited(p, (b) => { b.summary = 'Second writer'; }));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toMatch(/changed by someone else/);
    expect((await f.get(p.id)).name).toBe(first.name);

    const type = await put(p.id, edited(first, (b) => { b.type = 'Weekly'; }));
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toMatch(/^type: /);

    const other = await f.create({ name: 'Other' });
    const foreign = await put(p.id, edited(first, (b) => { b.categories![0]!.inspectionPoints![0]!.protocolPointId = other.categories[0]!.inspectionPoints[0]!.id; }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/^categories\.0\.inspectionPoints\.0\.protocolPointId: /);

    const shapeRule = await put(p.id, edited(first, (b) => { b.name = ''; }));
    expect(shapeRule.statusCode).toBe(400);
    expect(shapeRule.json().message).toMatch(/name/);

    expect((await put(p.id, protocolAsUpdate(first), f.tok.manager)).statusCode).toBe(403);
    expect((await put(p.id, protocolAsUpdate(first), f.tok.inspector)).statusCode).toBe(403);
    expect((await put(crypto.randomUUID(), protocolAsUpdate(first))).statusCode).toBe(404);
    expect((await f.get(p.id)).updated).toBe(first.updated);
  });

  it('keeps an Equipment configurator to Measurement points (400 naming the point)', async () => {
    const p = await f.create({ name: 'Configurator', type: 'Equipment_Configurator', targets: [], categoryGroups: [], categories: [{ index: 0, title: 'Sizes', inspectionPoints: [{ inspectionPointId: f.points.measure, index: 0 }] }] });
    const res = await put(p.id, edited(p, (b) => { b.categories![0]!.inspectionPoints!.push({ inspectionPointId: f.points.radio, index: 1 }); }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^categories\.0\.inspectionPoints\.1\.inspectionPointId: /);
  });

  it('is documented in the OpenAPI document with its body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/InspectionProtocols/{id}']?.put;
    expect(op, 'PUT /api/v1/InspectionProtocols/{id}').toBeDefined();
    expect(JSON.stringify(op.requestBody)).toContain('ifUnchangedSince');
  });

  it('is a tRPC mutation over the same service', async () => {
    const p = await f.create({ name: 'Over tRPC' });
    const res = await t.app.inject({
      method: 'POST', url: '/trpc/protocols.update', headers: { authorization: `Bearer ${f.tok.admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: p.id, protocol: edited(p, (b) => { b.name = 'Renamed over tRPC'; }) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await f.get(p.id)).name).toBe('Renamed over tRPC');
  });
});

describe("a protocol's own name for a point", () => {
  it('is the name the inspection form and the report show; one equal to the point\'s own name is no override', async () => {
    const p = await f.create({ name: 'Named points' });
    const withNames = await saved(p.id, edited(p, (b) => {
      b.categories![0]!.inspectionPoints![0]!.name = 'Remarks at handover';
      b.categories![1]!.inspectionPoints![0]!.name = 'Crusher setting'; // the point's own name
    }));
    const started = await startInspection(withNames.id);
    const form = (await f.call('GET', `/api/v1/inspections/${started.id}/editDetails`, f.tok.admin)).json() as { categories: { inspectionPoints: { name: string; protocolPointId: string }[] }[] };
    expect(form.categories.map((c) => c.inspectionPoints.map((x) => x.name))).toEqual([['Remarks at handover', 'Jaw dies wear'], ['Crusher setting']]);
    const cats = await t.db.selectFrom('inspection_categories').select(['id', 'protocol_category_id']).where('inspection_id', '=', started.id).execute();
    const placed = withNames.categories.flatMap((c) => c.inspectionPoints.map((x) => ({ x, category: cats.find((k) => k.protocol_category_id === c.id)!.id })));
    await t.db.insertInto('inspection_point_results').values(placed.map(({ x, category }, index) => ({
      inspection_id: started.id, inspection_category_id: category, protocol_point_id: x.id, inspection_point_id: x.inspectionPointId, index, comment: 'seen',
    }))).execute();
    const report = (await loadReportData(t.db, started.id, 'en'))!;
    // (the radio point is not shown in the report: the fixture's showInReport false)
    expect(report.categories.flatMap((c) => c.points.map((x) => x.name))).toEqual(['Remarks at handover', 'Crusher setting']);
  });
});

describe('a copy is offered to inspectors once saved under a name of its own', () => {
  it('is a draft until an edit gives it another name', async () => {
    const source = await f.create({ name: 'Copied daily' });
    const copy = (await f.call('POST', `/api/v1/InspectionProtocols/${source.id}/copy`, f.tok.admin)).json() as TProtocol;
    expect(copy.draft).toBe(true);
    expect(await fitIds()).not.toContain(copy.id);
    const start = await f.call('POST', '/api/v1/inspections', f.tok.inspector, { protocolId: copy.id, customerId: f.ref.customerId, customerSiteId: f.ref.siteId, equipment: { id: f.equipment } });
    expect(start.statusCode).toBeGreaterThanOrEqual(400);
    expect(start.statusCode).toBeLessThan(500);
    // Saved with a change but under the copy's name: still a draft.
    const sameName = await saved(copy.id, edited(copy, (b) => { b.summary = 'tuned'; }));
    expect(sameName.draft).toBe(true);
    const named = await saved(copy.id, edited(sameName, (b) => { b.name = 'Daily, our way'; }));
    expect(named.draft).toBe(false);
    expect(await fitIds()).toContain(copy.id);
    const list = (await f.call('GET', '/api/v1/InspectionProtocols/search?search=Copied%20daily', f.tok.admin)).json() as { result: { id: string; draft: boolean }[] };
    expect(list.result.find((r) => r.id === source.id)?.draft).toBe(false);
  });
});
